/** TMY3 CSV files, `.tm3` / `.tmy3` or a `.csv` that looks like one (docs/weather-files.md §1, §5). */
import { colOrNaN, FieldSplitter, leadingInteger, LineReader, splitFields } from './fields.ts';
import { allocateColumns, type WeatherData, type WeatherHeader } from './weather-data.ts';

const RECORDS = 8760;
const HEADER_FIELDS = 7;
/** Column positions of a TMY3 data line (0-based). */
const FIELD = {
  date: 0,
  time: 1,
  ghi: 4,
  dni: 7,
  dhi: 10,
  tdry: 31,
  tdew: 34,
  rh: 37,
  pres: 40,
  wdir: 43,
  wspd: 46,
  alb: 61,
} as const;
const MIN_RECORD_FIELDS = FIELD.alb + 1;

/**
 * ssc's test for reading a `.csv` file as TMY3: line 1 splits into exactly 7 fields and line 2 into
 * 68 or 71 (docs/weather-files.md §1).
 */
export function looksLikeTmy3(text: string): boolean {
  const lines = new LineReader('', text);
  if (!lines.next() || !lines.terminated) return false;
  if (splitFields(lines.line()).length !== HEADER_FIELDS) return false;
  const secondFields = lines.next() ? splitFields(lines.line()).length : 0;
  return secondFields === 68 || secondFields === 71;
}

function parseHeader(lines: LineReader, fields: FieldSplitter): WeatherHeader {
  if (!lines.next()) lines.failMissingLine('empty file');
  const count = fields.split(lines.text, lines.start, lines.end);
  if (count !== HEADER_FIELDS) {
    lines.fail(`TMY3 header must have ${HEADER_FIELDS} fields (id, city, state, time zone, latitude, longitude, elevation), found ${count}`);
  }
  const text = lines.text;
  const field = (i: number) => text.slice(fields.starts[i], fields.ends[i]);
  const number = (i: number) => colOrNaN(lines, fields.starts[i]!, fields.ends[i]!);
  return {
    location: field(0),
    city: field(1),
    state: field(2),
    country: null,
    tz: number(3),
    lat: number(4),
    lon: number(5),
    elev: number(6),
    source: null,
  };
}

/**
 * Reads a TMY3 file: the 7-field header, a label line, then 8760 records (29 February skipped).
 * Hours 1–24 become 0–23; a file whose first record has hour 0 is taken as already 0–23. There is no
 * minute column (hourly mode).
 */
export function parseTmy3(file: string, text: string): WeatherData {
  const lines = new LineReader(file, text);
  const fields = new FieldSplitter();
  const header = parseHeader(lines, fields);
  if (!lines.next()) lines.failMissingLine('end of file before the column label line');
  const columns = allocateColumns(RECORDS);
  const { year, month, day, hour, minute, ghi, dni, dhi, poa, tdry, tdew, rh, pres, wdir, wspd, snow, alb, aod } = columns;
  let hourShift = 1;
  for (let record = 0; record < RECORDS; ) {
    if (!lines.next()) lines.failMissingLine(`end of file after ${record} of ${RECORDS} records`);
    const count = fields.split(text, lines.start, lines.end);
    if (count < MIN_RECORD_FIELDS) lines.fail(`TMY3 record has ${count} fields, at least ${MIN_RECORD_FIELDS} needed`);
    const { starts, ends } = fields;
    const dateStart = starts[FIELD.date]!;
    const dateEnd = ends[FIELD.date]!;
    const firstSlash = text.indexOf('/', dateStart);
    const secondSlash = firstSlash === -1 ? -1 : text.indexOf('/', firstSlash + 1);
    if (secondSlash === -1 || secondSlash >= dateEnd) {
      lines.fail(`TMY3 date "${text.slice(dateStart, dateEnd)}" is not MM/DD/YYYY`);
    }
    const recordMonth = leadingInteger(text, dateStart, firstSlash);
    const recordDay = leadingInteger(text, firstSlash + 1, secondSlash);
    if (recordMonth === 2 && recordDay === 29) continue;
    year[record] = leadingInteger(text, secondSlash + 1, dateEnd);
    month[record] = recordMonth;
    day[record] = recordDay;
    let recordHour = leadingInteger(text, starts[FIELD.time]!, ends[FIELD.time]!) - hourShift;
    if (record === 0 && recordHour < 0) {
      hourShift = 0;
      recordHour += 1;
    }
    hour[record] = recordHour;
    minute[record] = 30;
    ghi[record] = colOrNaN(lines, starts[FIELD.ghi]!, ends[FIELD.ghi]!);
    dni[record] = colOrNaN(lines, starts[FIELD.dni]!, ends[FIELD.dni]!);
    dhi[record] = colOrNaN(lines, starts[FIELD.dhi]!, ends[FIELD.dhi]!);
    tdry[record] = colOrNaN(lines, starts[FIELD.tdry]!, ends[FIELD.tdry]!);
    tdew[record] = colOrNaN(lines, starts[FIELD.tdew]!, ends[FIELD.tdew]!);
    rh[record] = colOrNaN(lines, starts[FIELD.rh]!, ends[FIELD.rh]!);
    pres[record] = colOrNaN(lines, starts[FIELD.pres]!, ends[FIELD.pres]!);
    wdir[record] = colOrNaN(lines, starts[FIELD.wdir]!, ends[FIELD.wdir]!);
    wspd[record] = colOrNaN(lines, starts[FIELD.wspd]!, ends[FIELD.wspd]!);
    alb[record] = colOrNaN(lines, starts[FIELD.alb]!, ends[FIELD.alb]!);
    record++;
  }
  snow.fill(-999);
  aod.fill(-999);
  poa.fill(-999);
  return { format: 'tmy3', header, stepSeconds: 3600, hasMinuteColumn: false, length: RECORDS, ...columns };
}
