// The API's own JSON: `{"fuel_stations":[…]}` (list or nearest responses), `{"alt_fuel_station":{…}}`,
// or a bare array of station records. Nested `federal_agency` is flattened to the source fields.
import { basename } from 'node:path';
import { parseJsonSource } from './json-text.ts';
import { readSourceText, SourceFileError } from './source-file.ts';

export interface JsonStation {
  record: number;
  values: Record<string, unknown>;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The stations of a JSON source; throws SourceFileError when the file is not one. */
export function readAfdcJson(path: string): JsonStation[] {
  const file = basename(path);
  const document = parseJsonSource(readSourceText(path, file), file);
  const stations = Array.isArray(document)
    ? document
    : isObject(document) && Array.isArray(document.fuel_stations)
      ? document.fuel_stations
      : isObject(document) && 'alt_fuel_station' in document
        ? [document.alt_fuel_station]
        : undefined;
  if (!stations) throw new SourceFileError({ file, line: 1, reason: 'expected {"fuel_stations":[...]}, {"alt_fuel_station":{...}} or an array of stations' });
  return stations.map((station, record) => ({ record, values: flatten(station) }));
}

function flatten(station: unknown): Record<string, unknown> {
  if (!isObject(station)) return {};
  const { federal_agency: agency, ...rest } = station;
  if (isObject(agency)) {
    const { id, code, name } = agency;
    return { ...rest, federal_agency_id: id ?? null, federal_agency_code: code ?? null, federal_agency_name: name ?? null };
  }
  return rest;
}
