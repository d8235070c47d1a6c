// The station records the endpoints answer with, built once when a data set loads. One record holds
// every field of today's record (fuel-station-current.schema.json); the 2014 record's fields are a
// subset of them, and each generation's writers write only the fields its schema names, in its order.
import { storedAsJson, type JsonSchema } from '../../schemas/json-schema.ts';
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

const recordSchema = schemaById('/api/schemas/fuel-station-current.schema.json');
const recordProperties = recordSchema.properties as Record<string, JsonSchema>;
const RECORD_FIELDS = Object.keys(recordProperties).filter((field) => !COMPOSED.has(field));
/** Fields the schema does not require: left out of a record where the data has nothing (null). */
const ABSENT_WHEN_NULL = new Set(RECORD_FIELDS.filter((field) => !(recordSchema.required as string[]).includes(field)));
/** Fields the Parquet file holds as JSON text (ev_charging_units' objects), parsed into the record. */
const JSON_TEXT = new Set(RECORD_FIELDS.filter((field) => storedAsJson(recordProperties[field])));

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

/**
 * One copy of each value that repeats from record to record: texts ("24 hours daily", network names,
 * cities), and the items of JSON lists by their JSON text (the default sample's 340,000 charging
 * units are 1,000 distinct ones). Shared items are frozen: records are never changed.
 */
export class Interner {
  private readonly texts = new Map<string, string>();
  private readonly items = new Map<string, unknown>();

  text<T>(value: T): T {
    if (typeof value !== 'string') return value;
    const known = this.texts.get(value);
    if (known !== undefined) return known as T;
    this.texts.set(value, value);
    return value;
  }

  /** A list field's value: lists of the same texts are one frozen list (most stations list one connector type, or none). */
  list<T>(value: T): T {
    if (!Array.isArray(value)) return this.text(value);
    const key = JSON.stringify(value);
    let known = this.items.get(key);
    if (known === undefined) this.items.set(key, (known = Object.freeze(value.map((item) => this.text(item)))));
    return known as T;
  }

  /** A JSON field's list, each of its items shared. */
  jsonList(text: string): unknown[] {
    return (JSON.parse(text) as unknown[]).map((item) => {
      const key = JSON.stringify(item);
      let known = this.items.get(key);
      if (known === undefined) this.items.set(key, (known = deepFreeze(item)));
      return known;
    });
  }
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) for (const member of Object.values(value)) deepFreeze(member);
  return Object.freeze(value);
}

/** Row `row` of a chunk read with RECORD_COLUMNS_SQL, as a record, its repeated values shared through `interner`. */
export function recordAt(columns: Columns, row: number, interner: Interner): StationRecord {
  const record: Record<string, unknown> = { ...TEMPLATE };
  for (const field of RECORD_FIELDS) {
    const value = columns[field][row];
    if (value === null && ABSENT_WHEN_NULL.has(field)) record[field] = undefined;
    else if (JSON_TEXT.has(field)) record[field] = interner.jsonList(value as string);
    else record[field] = YES_NO.has(field) && typeof value === 'boolean' ? (value ? 'Y' : 'N') : interner.list(value);
  }
  const agencyId = columns.federal_agency_id[row];
  if (agencyId !== null)
    record.federal_agency = {
      id: agencyId,
      code: interner.text(columns.federal_agency_code[row]),
      name: interner.text(columns.federal_agency_name[row]),
    };
  const stationIds = columns.ev_network_station_ids[row] as string[] | null;
  const postIds = columns.ev_network_post_ids[row] as string[] | null;
  if (stationIds !== null || postIds !== null) record.ev_network_ids = { station: stationIds ?? [], posts: postIds ?? [] };
  return record as StationRecord;
}
