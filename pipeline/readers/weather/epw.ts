/** EnergyPlus weather files, `.epw` (ssc `weatherfile`, docs/weather-files.md §6). */
import { colOrNaN, FieldSplitter, leadingInteger, LineReader } from './fields.ts';
import { checkStepAfterReading, recordLayout } from './time-step.ts';
import { allocateColumns, WeatherFileError, type WeatherData, type WeatherHeader } from './weather-data.ts';

const HEADER_LINES = 8;
const LOCATION_FIELDS = 10;
const MIN_RECORD_FIELDS = 32;
const FIELD = {
  year: 0,
  month: 1,
  day: 2,
  hour: 3,
  minute: 4,
  tdry: 6,
  tdew: 7,
  rh: 8,
  pressure: 9,
  ghi: 13,
  dni: 14,
  dhi: 15,
  wdir: 20,
  wspd: 21,
  snow: 30,
} as const;

/** EPW's missing-value codes, read as NaN when the value is within 0.01 of them. */
const MISSING = {
  irradiance: 9999,
  temperature: 99.9,
  rh: 999,
  wind: 999,
  pressure: 9999.99,
  snow: 999,
} as const;

function parseHeader(lines: LineReader, fields: FieldSplitter): WeatherHeader {
  if (!lines.next()) lines.failMissingLine('empty file');
  const count = fields.split(lines.text, lines.start, lines.end);
  if (count !== LOCATION_FIELDS) {
    lines.fail(`EPW LOCATION line must have ${LOCATION_FIELDS} fields, found ${count}`);
  }
  const text = lines.text;
  const field = (i: number) => text.slice(fields.starts[i], fields.ends[i]);
  const number = (i: number) => colOrNaN(lines, fields.starts[i]!, fields.ends[i]!);
  return {
    location: field(5),
    city: field(1),
    state: field(2),
    country: field(3),
    source: field(4),
    lat: number(6),
    lon: number(7),
    tz: number(8),
    elev: number(9),
  };
}

/** `col_or_nan` of a field, then NaN if within 0.01 of the missing-value code (f32 otherwise). */
function valueOrMissing(lines: LineReader, fields: FieldSplitter, index: number, missingCode: number): number {
  const value = colOrNaN(lines, fields.starts[index]!, fields.ends[index]!);
  return Math.abs(value - missingCode) <= 0.01 ? Number.NaN : value;
}

/**
 * ssc `handle_missing_field` for record i of one column (docs/weather-files.md §6): the mean of the two neighbours if
 * both are known, else a linear interpolation across the whole gap, written forward so the later
 * records of the gap are filled too. A column more than half missing becomes −999 throughout.
 * Neighbours wrap around the ends of the year.
 */
function fillMissing(column: Float32Array, i: number): void {
  const n = column.length;
  let previous = i === 0 ? n - 1 : i - 1;
  let next = i === n - 1 ? 0 : i + 1;
  if (!Number.isNaN(column[previous]!) && !Number.isNaN(column[next]!)) {
    column[i] = (column[previous]! + column[next]!) / 2;
    return;
  }
  let stepsBack = 0;
  while (Number.isNaN(column[previous]!)) {
    previous = previous === 0 ? n - 1 : previous - 1;
    stepsBack++;
    if (stepsBack > Math.trunc(n / 2)) {
      column.fill(-999);
      return;
    }
  }
  while (Number.isNaN(column[next]!)) next = next === n - 1 ? 0 : next + 1;
  // ssc uses |next − previous| and writes past the array end for gaps across the year's end;
  // measuring the gap around the year keeps those in bounds and is identical otherwise.
  const gap = previous < next ? next - previous : next + n - previous;
  const slope = Math.fround((column[next]! - column[previous]!) / gap);
  for (let j = 1; j < gap; j++) column[(previous + j) % n] = column[previous]! + slope * j;
}

/**
 * Reads an EPW file: the LOCATION line, 7 more header lines, then one record per line up to the
 * first empty line (29 February skipped), then fills missing values. The minute field is taken
 * literally and EPW always counts as having a minute column (instantaneous mode, docs/weather-files.md §8).
 */
export function parseEpw(file: string, text: string): WeatherData {
  const lines = new LineReader(file, text);
  const fields = new FieldSplitter();
  const header = parseHeader(lines, fields);
  for (let i = 1; i < HEADER_LINES; i++) {
    if (!lines.next()) lines.failMissingLine(`end of file inside the ${HEADER_LINES}-line EPW header`);
  }
  const dataLines = lines.countRemainingUntilEmpty();
  const { records, stepSeconds, expectsLeapDay } = recordLayout(file, dataLines, 0);
  const columns = allocateColumns(records);
  const { year, month, day, hour, minute, ghi, dni, dhi, poa, tdry, tdew, rh, pres, wdir, wspd, snow, alb, aod } = columns;
  let skippedLeapDay = false;
  for (let record = 0; record < records; ) {
    if (!lines.next()) lines.failMissingLine(`end of file after ${record} of ${records} records`);
    const count = fields.split(text, lines.start, lines.end);
    if (count < MIN_RECORD_FIELDS) lines.fail(`EPW record has ${count} fields, at least ${MIN_RECORD_FIELDS} needed`);
    const { starts, ends } = fields;
    const recordMonth = leadingInteger(text, starts[FIELD.month]!, ends[FIELD.month]!);
    const recordDay = leadingInteger(text, starts[FIELD.day]!, ends[FIELD.day]!);
    if (recordMonth === 2 && recordDay === 29) {
      skippedLeapDay = true;
      continue;
    }
    year[record] = leadingInteger(text, starts[FIELD.year]!, ends[FIELD.year]!);
    month[record] = recordMonth;
    day[record] = recordDay;
    hour[record] = leadingInteger(text, starts[FIELD.hour]!, ends[FIELD.hour]!) - 1;
    minute[record] = leadingInteger(text, starts[FIELD.minute]!, ends[FIELD.minute]!);
    ghi[record] = valueOrMissing(lines, fields, FIELD.ghi, MISSING.irradiance);
    dni[record] = valueOrMissing(lines, fields, FIELD.dni, MISSING.irradiance);
    dhi[record] = valueOrMissing(lines, fields, FIELD.dhi, MISSING.irradiance);
    tdry[record] = valueOrMissing(lines, fields, FIELD.tdry, MISSING.temperature);
    tdew[record] = valueOrMissing(lines, fields, FIELD.tdew, MISSING.temperature);
    rh[record] = valueOrMissing(lines, fields, FIELD.rh, MISSING.rh);
    wdir[record] = valueOrMissing(lines, fields, FIELD.wdir, MISSING.wind);
    wspd[record] = valueOrMissing(lines, fields, FIELD.wspd, MISSING.wind);
    // Station pressure in Pa, kept in mbar: ssc 2025 reads it so (PVWatts v8's sun position uses it);
    // ssc 2018 read the dry-bulb field here, but pvwattsv5 never uses the pressure.
    const pressure = colOrNaN(lines, starts[FIELD.pressure]!, ends[FIELD.pressure]!) * 0.01;
    pres[record] = Math.abs(pressure - MISSING.pressure) <= 0.01 ? Number.NaN : pressure;
    snow[record] = valueOrMissing(lines, fields, FIELD.snow, MISSING.snow);
    record++;
  }
  if (expectsLeapDay && !skippedLeapDay) {
    throw new WeatherFileError(file, undefined, 'Weather data identified as containing leap year but 2/29 entry not found');
  }
  alb.fill(-999);
  aod.fill(-999);
  poa.fill(-999);
  const filledColumns = [ghi, dni, dhi, tdry, tdew, wspd, wdir, rh, pres, snow];
  for (let i = 0; i < records; i++) {
    for (const column of filledColumns) if (Number.isNaN(column[i]!)) fillMissing(column, i);
  }
  checkStepAfterReading(file, records, stepSeconds, true, minute);
  return { format: 'epw', header, stepSeconds, hasMinuteColumn: true, length: records, ...columns };
}
