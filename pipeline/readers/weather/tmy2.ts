/** TMY2 fixed-width files, `.tm2` / `.tmy2` (ssc `weatherfile`, docs/weather-files.md §4). */
import { LineReader } from './fields.ts';
import { allocateColumns, type WeatherData, type WeatherHeader } from './weather-data.ts';

const RECORDS = 8760;

type ItemKind = 'integer' | 'flag' | 'digit';
interface Item {
  name: string;
  /** 0-based, end-exclusive character positions. */
  start: number;
  end: number;
  kind: ItemKind;
}

/**
 * The 79 items of a TMY2 data line (TMY2 user manual): date and hour, the two extraterrestrial
 * values, then value–source flag–uncertainty triples, the 10 present-weather digits and four more
 * triples. ssc scans all of them; a line that does not yield every one is an error.
 */
const LINE_ITEMS: readonly Item[] = (() => {
  const items: Item[] = [];
  const integer = (name: string, start: number, width: number) => {
    items.push({ name, start, end: start + width, kind: 'integer' });
  };
  const triple = (name: string, start: number, width: number) => {
    integer(name, start, width);
    items.push({ name: `${name} source flag`, start: start + width, end: start + width + 1, kind: 'flag' });
    items.push({ name: `${name} uncertainty`, start: start + width + 1, end: start + width + 2, kind: 'digit' });
  };
  integer('year', 1, 2);
  integer('month', 3, 2);
  integer('day', 5, 2);
  integer('hour', 7, 2);
  integer('extraterrestrial horizontal radiation', 9, 4);
  integer('extraterrestrial direct normal radiation', 13, 4);
  triple('global horizontal radiation', 17, 4);
  triple('direct normal radiation', 23, 4);
  triple('diffuse horizontal radiation', 29, 4);
  triple('global horizontal illuminance', 35, 4);
  triple('direct normal illuminance', 41, 4);
  triple('diffuse horizontal illuminance', 47, 4);
  triple('zenith luminance', 53, 4);
  triple('total sky cover', 59, 2);
  triple('opaque sky cover', 63, 2);
  triple('dry bulb temperature', 67, 4);
  triple('dew point temperature', 73, 4);
  triple('relative humidity', 79, 3);
  triple('atmospheric pressure', 84, 4);
  triple('wind direction', 90, 3);
  triple('wind speed', 95, 3);
  triple('visibility', 100, 4);
  triple('ceiling height', 106, 5);
  for (let i = 0; i < 10; i++) items.push({ name: `present weather digit ${i + 1}`, start: 113 + i, end: 114 + i, kind: 'digit' });
  triple('precipitable water', 123, 3);
  triple('aerosol optical depth', 128, 3);
  triple('snow depth', 133, 3);
  triple('days since last snowfall', 138, 2);
  return items;
})();
const LINE_LENGTH = LINE_ITEMS[LINE_ITEMS.length - 1]!.end;

const MINUS = 45;
const PLUS = 43;
const SPACE = 32;

/**
 * The integer filling [start, end) (leading spaces, an optional sign, then digits only), or NaN.
 * Real files write a zero temperature as " 000": like ssc's formatted scan, the space is skipped.
 */
function fixedInteger(text: string, start: number, end: number): number {
  let i = start;
  while (i < end && text.charCodeAt(i) === SPACE) i++;
  let negative = false;
  const sign = text.charCodeAt(i);
  if (sign === MINUS || sign === PLUS) {
    negative = sign === MINUS;
    i++;
  }
  if (i === end) return Number.NaN;
  let value = 0;
  for (; i < end; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return Number.NaN;
    value = value * 10 + digit;
  }
  return negative ? -value : value;
}

function checkLineItems(lines: LineReader): void {
  const { text, start } = lines;
  if (lines.end - start < LINE_LENGTH) {
    lines.fail(`TMY2 data line has ${lines.end - start} characters, expected ${LINE_LENGTH}`);
  }
  for (const item of LINE_ITEMS) {
    const from = start + item.start;
    const to = start + item.end;
    let valid: boolean;
    if (item.kind === 'integer') valid = !Number.isNaN(fixedInteger(text, from, to));
    else if (item.kind === 'digit') valid = text.charCodeAt(from) >= 48 && text.charCodeAt(from) <= 57;
    else valid = text.charCodeAt(from) > 32;
    if (!valid) {
      lines.fail(`TMY2 ${item.name} (columns ${item.start + 1}-${item.end}) is "${text.slice(from, to)}"`);
    }
  }
}

const HEADER_PATTERN = /^\s*(\S+)\s+(\S+)\s+(\S+)\s+([+-]?\d+)\s+(\S+)\s+([+-]?\d+)\s+([+-]?\d+)\s+(\S+)\s+([+-]?\d+)\s+([+-]?\d+)\s+([+-]?\d+)(\s|$)/;

function parseHeader(lines: LineReader): WeatherHeader {
  if (!lines.next()) lines.failMissingLine('empty file');
  const match = HEADER_PATTERN.exec(lines.line());
  if (!match) {
    lines.fail('TMY2 header must hold WBAN, city, state, time zone, latitude (N/S, degrees, minutes), longitude (E/W, degrees, minutes) and elevation');
  }
  const [, wban, city, state, tz, latHemisphere, latDegrees, latMinutes, lonHemisphere, lonDegrees, lonMinutes, elevation] = match as unknown as string[];
  const lat = Number(latDegrees) + Number(latMinutes) / 60;
  const lon = Number(lonDegrees) + Number(lonMinutes) / 60;
  return {
    location: wban!,
    city: city!,
    state: state!,
    country: null,
    lat: latHemisphere![0] === 'S' || latHemisphere![0] === 's' ? -lat : lat,
    lon: lonHemisphere![0] === 'W' || lonHemisphere![0] === 'w' ? -lon : lon,
    tz: Number(tz),
    elev: Number(elevation),
    source: null,
  };
}

/**
 * Reads a TMY2 file: a header line, then exactly 8760 fixed-width data lines (29 February lines are
 * skipped). Values are zero-padded integers; temperatures and wind speed are in tenths. There is no
 * minute column (hourly mode) and no missing-value handling.
 */
export function parseTmy2(file: string, text: string): WeatherData {
  const lines = new LineReader(file, text);
  const header = parseHeader(lines);
  const columns = allocateColumns(RECORDS);
  const { year, month, day, hour, minute, ghi, dni, dhi, poa, tdry, tdew, rh, pres, wdir, wspd, snow, alb, aod } = columns;
  for (let record = 0; record < RECORDS; ) {
    if (!lines.next()) {
      lines.failMissingLine(`end of file after ${record} of ${RECORDS} records`);
    }
    if (!lines.terminated) lines.fail('the last TMY2 record has no line ending (ssc reads it as end of file)');
    checkLineItems(lines);
    const s = lines.start;
    const recordMonth = fixedInteger(text, s + 3, s + 5);
    const recordDay = fixedInteger(text, s + 5, s + 7);
    if (recordMonth === 2 && recordDay === 29) continue;
    year[record] = fixedInteger(text, s + 1, s + 3) + 1900;
    month[record] = recordMonth;
    day[record] = recordDay;
    hour[record] = fixedInteger(text, s + 7, s + 9) - 1;
    minute[record] = 30;
    ghi[record] = fixedInteger(text, s + 17, s + 21);
    dni[record] = fixedInteger(text, s + 23, s + 27);
    dhi[record] = fixedInteger(text, s + 29, s + 33);
    tdry[record] = fixedInteger(text, s + 67, s + 71) / 10;
    tdew[record] = fixedInteger(text, s + 73, s + 77) / 10;
    rh[record] = fixedInteger(text, s + 79, s + 82);
    pres[record] = fixedInteger(text, s + 84, s + 88);
    wdir[record] = fixedInteger(text, s + 90, s + 93);
    wspd[record] = fixedInteger(text, s + 95, s + 98) / 10;
    snow[record] = fixedInteger(text, s + 133, s + 136);
    record++;
  }
  poa.fill(-999);
  alb.fill(-999);
  aod.fill(-999);
  return { format: 'tmy2', header, stepSeconds: 3600, hasMinuteColumn: false, length: RECORDS, ...columns };
}
