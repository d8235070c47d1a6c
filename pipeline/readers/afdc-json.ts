// The API's own JSON: `{"fuel_stations":[…]}` (list or nearest responses), `{"alt_fuel_station":{…}}`,
// or a bare array of station records. Nested `federal_agency` is flattened to the source fields.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { BuildFailed } from '../issues.ts';

export interface JsonStation {
  record: number;
  values: Record<string, unknown>;
}

export function readAfdcJson(path: string): JsonStation[] {
  const file = basename(path);
  const bytes = readFileSync(path);
  let document: unknown;
  try {
    document = JSON.parse((path.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8'));
  } catch (error) {
    throw new BuildFailed(`${file}: not valid JSON (${(error as Error).message})`, [{ file, reason: `not valid JSON: ${(error as Error).message}` }]);
  }
  const stations = Array.isArray(document)
    ? document
    : typeof document === 'object' && document !== null && Array.isArray((document as { fuel_stations?: unknown }).fuel_stations)
      ? (document as { fuel_stations: unknown[] }).fuel_stations
      : typeof document === 'object' && document !== null && 'alt_fuel_station' in document
        ? [(document as { alt_fuel_station: unknown }).alt_fuel_station]
        : undefined;
  if (!stations) throw new BuildFailed(`${file}: expected {"fuel_stations":[...]}, {"alt_fuel_station":{...}} or an array`, [{ file, reason: 'expected {"fuel_stations":[...]}, {"alt_fuel_station":{...}} or an array of stations' }]);
  return stations.map((station, record) => ({ record, values: flatten(station) }));
}

function flatten(station: unknown): Record<string, unknown> {
  if (typeof station !== 'object' || station === null || Array.isArray(station)) return {};
  const { federal_agency: agency, ...rest } = station as Record<string, unknown>;
  if (typeof agency === 'object' && agency !== null) {
    const { id, code, name } = agency as Record<string, unknown>;
    return { ...rest, federal_agency_id: id ?? null, federal_agency_code: code ?? null, federal_agency_name: name ?? null };
  }
  return rest;
}
