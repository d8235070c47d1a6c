/** SAM CSV ("WFCSV") files, including NSRDB PSM downloads, `.csv` (docs/weather-files.md §7). */
import { colOrNaN, colOrNaNOrUnreadable, FieldSplitter, leadingInteger, LineReader, splitFields, trimBoth, trimmedEnd, trimmedStart } from './fields.ts';
import { checkStepAfterReading, recordLayout } from './time-step.ts';
import { allocateColumns, WeatherFileError, type WeatherColumns, type WeatherData, type WeatherHeader } from './weather-data.ts';

type HeaderKey = 'lat' | 'lon' | 'tz' | 'elev' | 'year' | 'location' | 'city' | 'state' | 'country' | 'source' | 'hasunits' | 'step';

/** Metadata names (trimmed, lower-cased) that ssc 2018 recognises; `local time zone` is not one. */
const HEADER_NAMES: ReadonlyMap<string, HeaderKey> = new Map(
  Object.entries({
    lat: ['lat', 'latitude'],
    lon: ['lon', 'long', 'longitude', 'lng'],
    tz: ['tz', 'timezone', 'time zone'],
    elev: ['el', 'elev', 'elevation', 'site elevation', 'altitude'],
    year: ['year'],
    location: ['id', 'location', 'location id', 'station', 'station id', 'wban', 'wban#', 'site'],
    city: ['city'],
    state: ['state', 'province', 'region'],
    country: ['country'],
    source: ['source', 'src', 'data source'],
    hasunits: ['hasunits', 'units'],
    step: ['step'],
  } satisfies Record<HeaderKey, string[]>).flatMap(([key, names]) => names.map((name) => [name, key as HeaderKey])),
);

type DataColumn = keyof WeatherColumns;

/** Column names (trimmed, lower-cased) of the data section. */
const COLUMN_NAMES: ReadonlyMap<string, DataColumn> = new Map(
  Object.entries({
    year: ['year', 'yr'],
    month: ['month', 'mo'],
    day: ['day'],
    hour: ['hour', 'hr'],
    minute: ['minute', 'min'],
    ghi: ['ghi', 'gh', 'global', 'global horizontal', 'global horizontal irradiance'],
    dni: ['dni', 'dn', 'beam', 'direct normal', 'direct normal irradiance', 'direct (beam) normal irradiance'],
    dhi: ['dhi', 'df', 'diffuse', 'diffuse horizontal', 'diffuse horizontal irradiance'],
    poa: ['poa', 'pa', 'plane', 'plane of array', 'plane of array irradiance'],
    tdry: ['tdry', 'dry bulb', 'dry bulb temp', 'dry bulb temperature', 'temperature', 'ambient', 'ambient temp', 'tamb'],
    twet: ['twet', 'wet bulb', 'wet bulb temperature'],
    tdew: ['tdew', 'dew point', 'dew point temperature'],
    wspd: ['wspd', 'wind speed', 'windspeed', 'ws', 'windvel'],
    wdir: ['wdir', 'wind direction', 'wd'],
    rh: ['rh', 'rhum', 'relative humidity', 'humidity'],
    pres: ['pres', 'pressure', 'air pressure'],
    snow: ['snow', 'snow cover', 'snow depth'],
    alb: ['alb', 'albedo', 'surface albedo'],
    aod: ['aod', 'aerosol', 'aerosol optical depth'],
  } satisfies Record<DataColumn, string[]>).flatMap(([column, names]) => names.map((name) => [name, column as DataColumn])),
);

/** The year used when a data line's year cannot be read (ssc's fallback). */
const UNREADABLE_YEAR = 1990;
const DEFAULT_START_YEAR = 1900;
/** Cumulative hours at the end of each non-leap month. */
const MONTH_END_HOURS = [744, 1416, 2160, 2880, 3624, 4344, 5088, 5832, 6552, 7296, 8016, 8760];

/** `col_or_nan` of a trimmed data field; for the year column an unreadable number gives 1990. */
function fieldValue(lines: LineReader, fields: FieldSplitter, position: number, isYear: boolean): number {
  const text = lines.text;
  const start = trimmedStart(text, fields.starts[position]!, fields.ends[position]!);
  const end = trimmedEnd(text, start, fields.ends[position]!);
  if (isYear) return colOrNaNOrUnreadable(text, start, end) ?? UNREADABLE_YEAR;
  return colOrNaN(lines, start, end);
}

interface CsvHeader {
  header: WeatherHeader;
  startYear: number;
  hasUnits: boolean;
  stepSeconds: number;
  metadataFields: number;
}

function parseMetadata(lines: LineReader, fields: FieldSplitter): CsvHeader {
  if (!lines.next()) lines.failMissingLine('empty file');
  const names = splitFields(lines.line()).map((name) => trimBoth(name).toLowerCase());
  if (!lines.next()) lines.failMissingLine('end of file before the metadata value line');
  const text = lines.text;
  const count = fields.split(text, lines.start, lines.end);
  if (count !== names.length) {
    lines.fail(`metadata line 2 has ${count} fields but line 1 has ${names.length} names`);
  }
  const header: WeatherHeader = {
    location: '',
    city: '',
    state: '',
    country: null,
    source: null,
    lat: Number.NaN,
    lon: Number.NaN,
    tz: Number.NaN,
    elev: Number.NaN,
  };
  let startYear = DEFAULT_START_YEAR;
  let hasUnits = false;
  let stepSeconds = 0;
  for (let i = 0; i < count; i++) {
    const key = HEADER_NAMES.get(names[i]!);
    if (key === undefined) continue;
    const start = trimmedStart(text, fields.starts[i]!, fields.ends[i]!);
    const end = trimmedEnd(text, start, fields.ends[i]!);
    const value = text.slice(start, end);
    switch (key) {
      case 'lat':
      case 'lon':
      case 'tz':
      case 'elev':
        header[key] = colOrNaN(lines, start, end);
        break;
      case 'year': {
        const year = colOrNaN(lines, start, end);
        if (Number.isFinite(year)) startYear = Math.trunc(year);
        break;
      }
      case 'location':
      case 'city':
      case 'state':
      case 'country':
      case 'source':
        header[key] = value;
        break;
      case 'hasunits':
        hasUnits = value.toLowerCase() === 'yes' || leadingInteger(value, 0, value.length) !== 0;
        break;
      case 'step':
        stepSeconds = leadingInteger(value, 0, value.length);
        break;
    }
  }
  if (!Number.isFinite(header.lat) || !Number.isFinite(header.lon)) {
    lines.fail('latitude and longitude required but not specified');
  }
  if (!Number.isFinite(header.tz)) lines.fail('time zone required but not specified');
  return { header, startYear, hasUnits, stepSeconds, metadataFields: count };
}

/**
 * Reads a SAM CSV file: metadata names and values (lines 1–2), column names (line 3), optional
 * units (line 4), then one record per line up to the first empty line (29 February skipped).
 * Missing date columns are generated for hourly files; without a minute column the record is
 * placed at mid-step (hourly mode). Hours are used as written (no 1–24 shift).
 */
export function parseSamCsv(file: string, text: string): WeatherData {
  const lines = new LineReader(file, text);
  const fields = new FieldSplitter();
  const { header, startYear, hasUnits, stepSeconds: headerStep, metadataFields } = parseMetadata(lines, fields);

  if (!lines.next()) lines.failMissingLine('end of file before the column name line');
  const columnNames = splitFields(lines.line()).map((name) => trimBoth(name).toLowerCase());
  const positions = new Map<DataColumn, number>();
  columnNames.forEach((name, position) => {
    const column = COLUMN_NAMES.get(name);
    if (column !== undefined) positions.set(column, position);
  });
  if (hasUnits) {
    if (!lines.next()) lines.failMissingLine('end of file before the units line');
    if (columnNames.length !== metadataFields) {
      lines.fail(`${columnNames.length} column names but ${metadataFields} metadata fields (ssc compares these when units are given)`);
    }
  }

  const dataLines = lines.countRemainingUntilEmpty();
  const { records, stepSeconds, expectsLeapDay } = recordLayout(file, dataLines, headerStep);
  const columns = allocateColumns(records);
  const read = [...positions].map(([column, position]) => ({ values: columns[column], position, isYear: column === 'year' }));
  const monthPosition = positions.get('month');
  const dayPosition = positions.get('day');
  const checksLeapDay = monthPosition !== undefined && dayPosition !== undefined;
  let skippedLeapDay = false;

  for (let record = 0; record < records; ) {
    if (!lines.next()) lines.failMissingLine(`end of file after ${record} of ${records} records`);
    const lineStart = trimmedStart(text, lines.start, lines.end);
    const lineEnd = trimmedEnd(text, lineStart, lines.end);
    if (lineStart === lineEnd) lines.fail('empty data line');
    const count = fields.split(text, lineStart, lineEnd);
    if (checksLeapDay && monthPosition < count && dayPosition < count) {
      if (fieldValue(lines, fields, monthPosition, false) === 2 && fieldValue(lines, fields, dayPosition, false) === 29) {
        skippedLeapDay = true;
        continue;
      }
    }
    for (const { values, position, isYear } of read) {
      if (position < count) values[record] = fieldValue(lines, fields, position, isYear);
    }
    record++;
  }
  if (expectsLeapDay && !skippedLeapDay) {
    throw new WeatherFileError(file, undefined, 'Weather data identified as containing leap year but 2/29 entry not found');
  }

  const { year, month, day, hour, minute } = columns;
  if (!positions.has('year')) year.fill(startYear);
  if (records === 8760 && stepSeconds === 3600) {
    for (let i = 0; i < records; i++) {
      const monthIndex = MONTH_END_HOURS.findIndex((endHour) => i < endHour);
      if (!positions.has('month')) month[i] = monthIndex + 1;
      if (!positions.has('day')) day[i] = Math.trunc(i / 24) + 1 - (monthIndex === 0 ? 0 : MONTH_END_HOURS[monthIndex - 1]! / 24);
      if (!positions.has('hour')) hour[i] = i % 24;
    }
  }
  const hasMinuteColumn = positions.has('minute');
  if (!hasMinuteColumn) {
    const secondHour = hour[1]!;
    if (secondHour === Math.trunc(secondHour)) {
      minute.fill(Math.trunc(Math.trunc(stepSeconds / 2) / 60));
    } else {
      for (let i = 0; i < records; i++) {
        const wholeHour = Math.trunc(hour[i]!);
        minute[i] = (hour[i]! - wholeHour) * 60;
        hour[i] = wholeHour;
      }
    }
  }
  checkStepAfterReading(file, records, stepSeconds, hasMinuteColumn, minute);
  return { format: 'sam-csv', header, stepSeconds, hasMinuteColumn, length: records, ...columns };
}
