// The EV charging networks of the served data set (docs/decisions.md §3.12): a table loaded from the
// fuel station data set's networks file, which DuckDB filters by country and activity and sorts by
// name as the documentation's example is sorted.
import { BOOLEAN, LIST, VARCHAR, listValue } from '../../model/duckdb.ts';
import type { Database } from './database.ts';

export type ElectricNetwork = Record<string, string | null>;

const TABLE = 'electric_networks';

const date = (column: string) => `strftime(${column}, '%Y-%m-%d') AS ${column}`;

/**
 * Networks listed on the AFDC (all with $1), with a station in one of the countries $2 (every country
 * when $2 is NULL; a network whose countries are unknown is listed under every one). Sorted as the
 * example is: by the name's letters and digits alone, accents and case aside ("EVBOLT", "EV Connect",
 * "EVCS"), then by the name and the key as they are, so that the order is total.
 */
const LIST_SQL = `SELECT key, evchart_key, name, coalesce(name_fr, name) AS name_fr, url,
    ${date('last_import_date')}, ${date('date_added')}, ${date('date_removed')},
    import_type, real_time_status_api, transition_network_key, transition_note, transition_timeframe
  FROM ${TABLE}
  WHERE ($1::BOOLEAN OR active) AND ($2::VARCHAR[] IS NULL OR countries IS NULL OR list_has_any(countries, $2::VARCHAR[]))
  ORDER BY lower(regexp_replace(strip_accents(name), '[^A-Za-z0-9]', '', 'g')), name, key`;

export class ElectricNetworkStore {
  private constructor(
    private readonly db: Database,
    private readonly loaded: boolean,
  ) {}

  static async load(db: Database, parquetPath: string | undefined): Promise<ElectricNetworkStore> {
    if (!parquetPath) return new ElectricNetworkStore(db, false);
    await db.execute(`CREATE OR REPLACE TABLE ${TABLE} AS SELECT * FROM read_parquet('${parquetPath.replace(/'/g, "''")}')`);
    return new ElectricNetworkStore(db, true);
  }

  /** The networks, in the answer's order and with its keys: the active ones unless `includeInactive`, of `countries` (undefined: every country). */
  async list(options: { countries?: string[]; includeInactive: boolean }): Promise<ElectricNetwork[]> {
    if (!this.loaded) return [];
    const columns = await this.db.query(LIST_SQL, [
      { value: options.includeInactive, type: BOOLEAN },
      { value: options.countries ? listValue(options.countries) : null, type: LIST(VARCHAR) },
    ]);
    const names = Object.keys(columns);
    return (columns.key ?? []).map((_, row) => Object.fromEntries(names.map((name) => [name, columns[name][row] as string | null])));
  }
}
