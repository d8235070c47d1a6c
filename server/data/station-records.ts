// The station records the endpoints answer with, built once when a data set loads. One record holds
// every field of today's record (fuel-station-current.schema.json); the 2014 record's fields are a
// subset of them, and each generation's writers write only the fields its schema names, in its order.
import { schemaById } from '../../schemas/registry.ts';
import type { Columns } from './database.ts';

/** A station as the endpoints return it, without `distance`. */
export type StationRecord = Record<string, unknown> & { id: number; fuel_type_code: string };

/** Fields not read from a column of the same name: built from several columns, or added per answer. */
const COMPOSED = new Set(['federal_agency', 'ev_network_ids', 'distance', 'distance_km']);

/** Parquet columns read as text: dates as YYYY-MM-DD, the update time as ISO 8601 UTC ending in Z (strftime's ISO_UTC). */
const DATES = new Set(['expected_date', 'date_last_confirmed', 'open_date']);
export const ISO_UTC = '%Y-%m-%dT%H:%M:%SZ';

/** The exports' RNG flags are booleans; the record's are the documentation's codes. */
const YES_NO = new Set(['cng_has_rng', 'lng_has_rng']);

const RECORD_FIELDS = Object.keys(schemaById('/api/schemas/fuel-station-current.schema.json').properties as object).filter((field) => !COMPOSED.has(field));

const COMPOSING_COLUMNS = ['federal_agency_id', 'federal_agency_code', 'federal_agency_name', 'ev_network_station_ids', 'ev_network_post_ids'];

/** The select list that reads a record's columns from the stations' Parquet file. */
export const RECORD_COLUMNS_SQL = [
  ...RECORD_FIELDS.map((field) =>
    DATES.has(field) ? `CAST(${field} AS VARCHAR) AS ${field}` : field === 'updated_at' ? `strftime(updated_at, '${ISO_UTC}') AS updated_at` : field,
  ),
  ...COMPOSING_COLUMNS,
].join(', ');

/**
 * Every record starts as a copy of this one, so all 60,000 share one compact object layout; objects
 * grown key by key past a few dozen properties fall back to a dictionary layout several times larger.
 */
const TEMPLATE: Record<string, unknown> = Object.fromEntries([...RECORD_FIELDS, 'federal_agency', 'ev_network_ids'].map((field) => [field, undefined]));

/** Row `row` of a chunk read with RECORD_COLUMNS_SQL, as a record; `intern` shares repeated texts. */
export function recordAt(columns: Columns, row: number, intern: (value: unknown) => unknown): StationRecord {
  const record: Record<string, unknown> = { ...TEMPLATE };
  for (const field of RECORD_FIELDS) {
    const value = columns[field][row];
    record[field] = YES_NO.has(field) && typeof value === 'boolean' ? (value ? 'Y' : 'N') : intern(value);
  }
  const agencyId = columns.federal_agency_id[row];
  if (agencyId !== null)
    record.federal_agency = { id: agencyId, code: intern(columns.federal_agency_code[row]), name: intern(columns.federal_agency_name[row]) };
  const stationIds = columns.ev_network_station_ids[row] as string[] | null;
  const postIds = columns.ev_network_post_ids[row] as string[] | null;
  if (stationIds !== null || postIds !== null) record.ev_network_ids = { station: stationIds ?? [], posts: postIds ?? [] };
  return record as StationRecord;
}
