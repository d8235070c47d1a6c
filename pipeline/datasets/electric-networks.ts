// The EV charging networks of the fuel station data set (docs/decisions.md §3.12): what a source
// gives of them (the electric-networks endpoint's own JSON, `alt-fuel-stations/electric-networks*.json`),
// completed from the stations that name them, and a network for every ev_network of the stations that
// no source describes, derived from those stations alone. Validated against their source schema and
// written beside the stations.
import { basename } from 'node:path';
import { schemaById, validatorFor } from '../../schemas/registry.ts';
import type { Issue } from '../issues.ts';
import { parseJsonSource } from '../readers/json-text.ts';
import { readSourceText, SourceFileError } from '../readers/source-file.ts';
import { recordIssues } from '../validate.ts';

export const NETWORK_SOURCE_SCHEMA = '/api/schemas/electric-network-source.schema.json';
/** The networks' files among the stations' exports: the endpoint's JSON, saved under this name. */
export const NETWORK_FILE = /^electric-networks.*\.json(\.gz)?$/i;

export type NetworkRecord = Record<string, unknown>;
type Station = Record<string, unknown>;

const FIELDS = Object.keys(schemaById(NETWORK_SOURCE_SCHEMA).properties as object);
const validate = validatorFor(NETWORK_SOURCE_SCHEMA);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The networks of one saved answer of the endpoint (a bare array, its first entry the `all` that stands
 * for every network, which is no network and is skipped), each with the fields of the schema it gives
 * (what it lacks is derived, networksOf). Throws SourceFileError when the file is not one.
 */
export function readNetworkFile(path: string, notes: Issue[]): Array<{ record: number; values: NetworkRecord }> {
  const file = basename(path);
  const document = parseJsonSource(readSourceText(path, file, notes), file);
  if (!Array.isArray(document)) throw new SourceFileError({ file, line: 1, reason: 'expected the electric-networks answer: an array of networks' });
  const networks: Array<{ record: number; values: NetworkRecord }> = [];
  for (const [record, entry] of document.entries()) {
    if (isObject(entry) && entry.key === 'all') continue;
    const values: NetworkRecord = {};
    if (isObject(entry)) for (const field of FIELDS) if (entry[field] !== undefined) values[field] = entry[field];
    networks.push({ record, values });
  }
  return networks;
}

/** The value most stations give (on a tie the smallest text, so that a build does not depend on the stations' order). */
function mostCommon(values: string[]): string | null {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best: string | null = null;
  for (const [value, count] of counts) if (best === null || count > counts.get(best)! || (count === counts.get(best)! && value < best)) best = value;
  return best;
}

interface StationFacts {
  webs: string[];
  countries: Set<string>;
  lastConfirmed: string | null;
}

/** What the stations say of each network they name (by ev_network, exactly as written). */
function factsByNetwork(stations: Station[]): Map<string, StationFacts> {
  const facts = new Map<string, StationFacts>();
  for (const station of stations) {
    const key = station.ev_network;
    if (station.fuel_type_code !== 'ELEC' || typeof key !== 'string' || key === '') continue;
    let entry = facts.get(key);
    if (!entry) facts.set(key, (entry = { webs: [], countries: new Set(), lastConfirmed: null }));
    if (typeof station.ev_network_web === 'string' && station.ev_network_web !== '') entry.webs.push(station.ev_network_web);
    if (typeof station.country === 'string') entry.countries.add(station.country);
    const confirmed = station.date_last_confirmed;
    if (typeof confirmed === 'string' && (entry.lastConfirmed === null || confirmed > entry.lastConfirmed)) entry.lastConfirmed = confirmed;
  }
  return facts;
}

/**
 * The networks to write: one for each network `given` (a source's, or the sample's) and for each
 * ev_network of the stations that none describes. A field as given wins; what is not given is derived
 * from the stations naming the network (its key and name: the ev_network they give; url: the web site
 * most of them give; last_import_date: their newest date_last_confirmed; countries: theirs) or null;
 * `active` unless removed (date_removed). In key order.
 */
export function networksOf(given: NetworkRecord[], stations: Station[]): NetworkRecord[] {
  const facts = factsByNetwork(stations);
  const byKey = new Map<string, NetworkRecord>(given.map((network) => [String(network.key), network]));
  for (const key of facts.keys()) if (!byKey.has(key)) byKey.set(key, { key });
  return [...byKey.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, network]) => {
      const seen = facts.get(key);
      const record: NetworkRecord = {
        ...Object.fromEntries(FIELDS.map((field) => [field, null])),
        name: key,
        url: seen ? mostCommon(seen.webs) : null,
        last_import_date: seen?.lastConfirmed ?? null,
        countries: seen && seen.countries.size > 0 ? [...seen.countries].sort() : null,
        ...network,
      };
      record.active ??= record.date_removed === null;
      return record;
    });
}

/** The problems of a network record; `where` says where it came from. */
export function networkIssues(network: NetworkRecord, where: Pick<Issue, 'file' | 'record'>): Issue[] {
  return recordIssues(validate, network, where);
}
