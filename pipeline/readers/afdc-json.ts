// The API's own JSON: `{"fuel_stations":[…]}` (list or nearest responses), `{"alt_fuel_station":{…}}`,
// or a bare array of station records. Nested `federal_agency` and `ev_network_ids` are flattened to
// the source fields.
import { basename } from 'node:path';
import type { Issue } from '../issues.ts';
import { parseJsonSource } from './json-text.ts';
import { readSourceText, SourceFileError } from './source-file.ts';

export interface JsonStation {
  record: number;
  values: Record<string, unknown>;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The stations of a JSON source (`notes` takes what is worth knowing about the file); throws SourceFileError when the file is not one. */
export function readAfdcJson(path: string, notes?: Issue[]): JsonStation[] {
  const file = basename(path);
  const document = parseJsonSource(readSourceText(path, file, notes), file);
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

/** The docs write the RNG flags as codes, Y or N; the exports (and the source schema) as booleans. */
const RNG_FLAGS = ['cng_has_rng', 'lng_has_rng'];

function flatten(station: unknown): Record<string, unknown> {
  if (!isObject(station)) return {};
  const { federal_agency: agency, ev_network_ids: networkIds, ...values } = station;
  if (isObject(agency))
    Object.assign(values, { federal_agency_id: agency.id ?? null, federal_agency_code: agency.code ?? null, federal_agency_name: agency.name ?? null });
  if (isObject(networkIds)) Object.assign(values, { ev_network_station_ids: networkIds.station ?? null, ev_network_post_ids: networkIds.posts ?? null });
  for (const flag of RNG_FLAGS) if (values[flag] === 'Y' || values[flag] === 'N') values[flag] = values[flag] === 'Y';
  return values;
}
