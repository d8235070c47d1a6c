// The weather files of the source layout (docs/interface.md §3.3: climate/<dataset>/), read into
// catalog drafts and hourly columns. A file is read whole and checked (header, every hourly value
// against the schema's ranges) before any of it is written, so a malformed file is reported (file,
// line, what is wrong) and never half ingested.
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { ID_PREFIX, nsrdbLocationId, nsrdbV1Id, nsrdbV2Id } from '../../model/climate-ids.ts';
import { schemaById } from '../../schemas/registry.ts';
import type { Issue } from '../issues.ts';
import { decodeByteOrder, gunzipSource, SourceFileError, sourceText } from '../readers/source-file.ts';
import { parseWeatherText, WeatherFileError, type WeatherData, type WeatherFormat } from '../readers/weather/index.ts';
import { HOURLY_COLUMNS, type HourlyColumns } from '../sample/climate.ts';
import { AUSTRALIAN_STATES, CANADIAN_PROVINCES, nearestZipPlace, titleCase, usStateName, WEATHER_DATA_SOURCE } from '../sample/climate-places.ts';
import { CLIMATE_DATASETS, ClimateInputError, draftIssues, ROW_GROUP_RECORDS, type ClimateDataset, type StationDraft } from './climate-records.ts';
import { namesInSourceFolder } from './source-folder.ts';

const SOURCE_FOLDER = 'climate';
const HOURLY_SCHEMA = '/api/schemas/climate-hourly.schema.json';
/** The weather formats each source folder takes (docs/interface.md §3.3). */
const FOLDER_FORMATS: Readonly<Record<ClimateDataset, readonly WeatherFormat[]>> = {
  tmy2: ['tmy2'],
  tmy3: ['tmy3'],
  intl: ['epw', 'sam-csv', 'tmy3'],
  nsrdb: ['sam-csv'],
};
const FOLDER_FILES: Readonly<Record<ClimateDataset, RegExp>> = {
  tmy2: /\.(tm2|tmy2)(\.gz)?$/i,
  tmy3: /\.csv(\.gz)?$/i,
  intl: /\.(epw|csv)(\.gz)?$/i,
  nsrdb: /\.csv(\.gz)?$/i,
};
/** NSRDB PSM v3 grid spacing, km. */
const PSM_RESOLUTION_KM = 4;

const hourlySchema = schemaById(HOURLY_SCHEMA);

interface ColumnRule {
  name: keyof HourlyColumns;
  minimum: number;
  maximum: number;
  nanAllowed: boolean;
}

/** Range checks of the hourly columns, compiled from the hourly record schema. */
const HOURLY_RULES: ColumnRule[] = HOURLY_COLUMNS.map((name) => {
  const property = (hourlySchema.properties as Record<string, Record<string, unknown>>)[name]!;
  return {
    name,
    minimum: property.minimum as number,
    maximum: property.maximum as number,
    nanAllowed: ([] as unknown[]).concat(property.type).includes('null'),
  };
});

/** The first value of each column that breaks the hourly schema, as issues. */
function hourlyIssues(columns: HourlyColumns, file: string, firstDataLine: number | undefined): Issue[] {
  const issues: Issue[] = [];
  for (const rule of HOURLY_RULES) {
    const values = columns[rule.name];
    for (let i = 0; i < values.length; i++) {
      const value = values[i]!;
      if (Number.isNaN(value) ? rule.nanAllowed : value >= rule.minimum && value <= rule.maximum) continue;
      const when = `record ${i + 1} (${columns.month[i]}/${columns.day[i]} hour ${columns.hour[i]})`;
      issues.push({
        file,
        line: firstDataLine === undefined ? undefined : firstDataLine + i,
        field: rule.name,
        value: Number.isNaN(value) ? 'NaN' : value,
        reason: `${Number.isNaN(value) ? 'is missing' : `must be between ${rule.minimum} and ${rule.maximum}`} at ${when}${firstDataLine === undefined ? '' : ' (the line is approximate when 29 February was skipped)'}`,
      });
      break;
    }
  }
  return issues;
}

// ---------------------------------------------------------------------------------------------
// Display names (README "Climate data"; schema descriptions)

const round4 = (value: number) => Math.round(value * 1e4) / 1e4;
/** Half away from zero, as Ruby rounds. */
const roundHalfAway = (value: number) => Math.sign(value) * Math.round(Math.abs(value));
const unquote = (value: string) =>
  value
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .trim();
const blankIfUnknown = (value: string) => (/^(-|unknown|n\/a|none)?$/i.test(value.trim()) ? '' : value.trim());

function stationStateName(state: string, country: string | null): string {
  const code = blankIfUnknown(unquote(state));
  if (code === '') return '';
  if (country === 'CAN' || country === 'CA' || country === 'Canada') return (CANADIAN_PROVINCES[code.toUpperCase()] ?? code).toUpperCase();
  if (country === 'AUS' || country === 'Australia') return (AUSTRALIAN_STATES[code.toUpperCase()] ?? code).toUpperCase();
  if (country === null || /^(USA?|United States)$/i.test(country)) return (usStateName(code) ?? code).toUpperCase();
  return code.toUpperCase();
}

function usableId(location: string, path: string): string {
  const token = unquote(location);
  if (/^[A-Za-z0-9._-]{1,64}$/.test(token) && !/^(unknown|-)$/i.test(token)) return token;
  return basename(path)
    .replace(/(\.gz)?$/i, '')
    .replace(/\.[^.]*$/, '')
    .replace(/[^A-Za-z0-9._-]/g, '_')
    .slice(0, 64);
}

/**
 * The v1 and v2 ids of a weather file of `dataset` (the station schema's `id` and `id_v2`): the
 * header's station id (else the file name) for tmy2, tmy3 and intl; for nsrdb the cell named by its
 * place (v1) and by the header's NSRDB location id (v2; else the station id or file name, as before).
 */
function stationIds(dataset: ClimateDataset, header: WeatherData['header'], sourceFile: string): { id: string; id_v2: string } {
  const id = `${ID_PREFIX[dataset]}-${usableId(header.location, sourceFile)}`;
  if (dataset !== 'nsrdb') return { id, id_v2: id };
  const location = nsrdbLocationId(header.location);
  return { id: nsrdbV1Id(header.lat, header.lon), id_v2: location === undefined ? id : nsrdbV2Id(location) };
}

/** The catalog record of a weather file of `dataset` (display names as the schema describes). */
function draftFromWeather(dataset: ClimateDataset, weather: WeatherData, sourceFile: string): StationDraft {
  const { header } = weather;
  const headerCountry = header.country === null ? null : blankIfUnknown(unquote(header.country)) || null;
  let city = '';
  let state = '';
  let country: string | null = null;
  if (dataset === 'tmy2' || dataset === 'tmy3') {
    city = unquote(header.city).replace(/_/g, ' ').toUpperCase();
    state = stationStateName(header.state, null);
    country = 'United States';
  } else if (dataset === 'intl') {
    city = blankIfUnknown(unquote(header.city)).replace(/_/g, ' ').toUpperCase();
    state = stationStateName(header.state, headerCountry);
    country = headerCountry;
  } else {
    const named = usStateName(blankIfUnknown(unquote(header.state)));
    const nearest = named ? undefined : nearestZipPlace(header.lat, header.lon);
    state = named ?? nearest?.state ?? '';
    state = state === '' ? '' : titleCase(state);
    country =
      headerCountry === null
        ? (nearest?.country ?? (named ? 'United States' : null))
        : /^(USA?|United States)$/i.test(headerCountry)
          ? 'United States'
          : headerCountry;
  }
  return {
    dataset,
    ...stationIds(dataset, header, sourceFile),
    city,
    state,
    country,
    lat: round4(header.lat),
    lon: round4(header.lon),
    timezone: roundHalfAway(header.tz),
    elevation: roundHalfAway(header.elev),
    resolution: dataset === 'nsrdb' ? PSM_RESOLUTION_KM : null,
    weather_data_source: WEATHER_DATA_SOURCE[dataset],
    source_file: sourceFile,
    format: weather.format,
    header_location: header.location,
    header_city: header.city,
    header_state: header.state,
    header_country: header.country,
    header_source: header.source,
    header_lat: header.lat,
    header_lon: header.lon,
    header_tz: header.tz,
    header_elev: header.elev,
    has_minute_column: weather.hasMinuteColumn,
    step_seconds: weather.stepSeconds,
    records: weather.length,
  };
}

/** The first data line of each format (1-based): where record 1 sits, for reporting. */
function firstDataLine(weather: WeatherData, text: string): number | undefined {
  switch (weather.format) {
    case 'tmy2':
      return 2;
    case 'tmy3':
      return 3;
    case 'epw':
      return 9;
    case 'sam-csv': {
      // Metadata names and values, column names, and units when the metadata says so.
      const firstLineEnd = text.search(/[\r\n]/);
      return /(^|,)\s*(hasunits|units)\s*(,|$)/i.test(firstLineEnd === -1 ? text : text.slice(0, firstLineEnd)) ? 5 : 4;
    }
  }
}

function hourlyOf(weather: WeatherData): HourlyColumns {
  const columns = {} as HourlyColumns;
  for (const name of HOURLY_COLUMNS) columns[name] = weather[name];
  return columns;
}

/** The weather of a file's text; anything its parser cannot read is a ClimateInputError naming the file and line. */
function parseWeather(name: string, text: string, sourceFile: string): WeatherData {
  try {
    return parseWeatherText(name, text);
  } catch (error) {
    if (error instanceof WeatherFileError) throw new ClimateInputError([{ file: sourceFile, line: error.line, reason: error.problem }]);
    throw error;
  }
}

/**
 * Reads, checks and describes one weather file (its bytes as stored), and gives its text as read; throws ClimateInputError with
 * what is wrong. `notes` takes what is worth knowing about the file (read as UTF-16, by its byte-order mark).
 */
export function readClimateFile(
  dataset: ClimateDataset,
  path: string,
  sourceFile: string,
  bytes = readFileSync(path),
  notes?: Issue[],
): { draft: StationDraft; hourly: HourlyColumns; text: string } {
  const fail = (issue: Omit<Issue, 'file'>): never => {
    throw new ClimateInputError([{ file: sourceFile, ...issue }]);
  };
  const compressed = /\.gz$/i.test(path);
  let text: string;
  try {
    text = sourceText(decodeByteOrder(compressed ? gunzipSource(bytes, sourceFile) : bytes, sourceFile, notes), sourceFile);
  } catch (error) {
    if (error instanceof SourceFileError) throw new ClimateInputError([error.issue]);
    throw error;
  }
  const weather = parseWeather(compressed ? path.slice(0, -3) : path, text, sourceFile);
  if (!FOLDER_FORMATS[dataset].includes(weather.format)) {
    fail({ line: 1, reason: `is a ${weather.format} file; climate/${dataset}/ takes ${FOLDER_FORMATS[dataset].join(', ')}` });
  }
  if (weather.length % ROW_GROUP_RECORDS !== 0) fail({ reason: `has ${weather.length} records; the estimator needs 8760 × k` });
  const draft = draftFromWeather(dataset, weather, sourceFile);
  const issues = [...draftIssues(draft, { file: sourceFile, line: 1 }), ...hourlyIssues(hourlyOf(weather), sourceFile, firstDataLine(weather, text))];
  if (issues.length) throw new ClimateInputError(issues);
  return { draft, hourly: hourlyOf(weather), text };
}

export interface SourceFileEntry {
  dataset: ClimateDataset;
  path: string;
  /** Relative to the source directory. */
  sourceFile: string;
}

/** The weather files of the source layout, dataset by dataset, sorted by name. */
export function climateSourceFiles(sourceDir: string, notes: Issue[] = []): SourceFileEntry[] {
  const files: SourceFileEntry[] = [];
  for (const dataset of CLIMATE_DATASETS) {
    const folder = join(sourceDir, SOURCE_FOLDER, dataset);
    for (const name of namesInSourceFolder(folder)) {
      if (name.startsWith('.')) continue;
      const path = join(folder, name);
      if (!FOLDER_FILES[dataset].test(name)) {
        notes.push({
          file: `${SOURCE_FOLDER}/${dataset}/${name}`,
          reason: `ignored: climate/${dataset}/ takes ${FOLDER_FILES[dataset].source.replace(/\\/g, '')} files`,
        });
        continue;
      }
      files.push({ dataset, path, sourceFile: `${SOURCE_FOLDER}/${dataset}/${name}` });
    }
  }
  return files;
}
