// The fuel stations of the served data set. DuckDB answers which stations match, in which order
// and how far away (SQL over the Parquet file, loaded into an in-memory table with a spatial cell
// index); each station's response record is built once at load, so answering a list never
// re-reads 60,000 rows.
import { BOOLEAN, INTEGER, LIST, VARCHAR, listValue } from '@duckdb/node-api';
import type { Database } from './database.ts';
import { boxAround, CellGrid } from './geo-box.ts';
import { EARTH_RADIUS_MILES, haversineSql, METRES_PER_MILE } from './haversine.ts';
import { nearRouteSql, type RoutePoint } from './route-distance.ts';
import { Sql, whereAll } from './sql.ts';
import { withGeodesicDistance } from './sql-geodesic.ts';
import { ISO_UTC, RECORD_COLUMNS_SQL, recordAt, type StationRecord } from './station-records.ts';

export type { StationRecord };

export interface StationFilters {
  status?: string[];
  access?: 'public' | 'private';
  fuelTypes?: string[];
  cards?: string[];
  ownerTypes?: string[];
  federalAgencyIds?: number[];
  federalAgencyCodes?: string[];
  evNetworks?: string[];
  evNetworkStationIds?: string[];
  evChargingLevels?: Array<'1' | '2' | 'dc_fast'>;
  states?: string[];
  zips?: string[];
  evConnectorTypes?: string[];
  /** Stations must have every connector type of `evConnectorTypes`, not just one. */
  evConnectorTypesAll?: boolean;
  countries?: string[];
  /** Leave out propane stations that are not primary. */
  lpgPrimaryOnly?: boolean;
  hydrogenRetail?: boolean[];
  e85BlenderPumpOnly?: boolean;
  cngFillTypes?: string[];
  cngPressures?: string[];
  /** The smallest vehicle class asked for, per column: stations taking it or a larger one. */
  cngVehicleClass?: VehicleClass;
  lngVehicleClass?: VehicleClass;
  maximumVehicleClass?: VehicleClass;
  cngHasRng?: boolean;
  lngHasRng?: boolean;
  restrictedAccess?: boolean;
  fundingSources?: string[];
  facilityTypes?: string[];
  ids?: number[];
}

export type VehicleClass = 'LD' | 'MD' | 'HD';
const VEHICLE_CLASS_RANK: Record<VehicleClass, number> = { LD: 1, MD: 2, HD: 3 };
const rankSql = (column: string) => `CASE ${column} WHEN 'LD' THEN 1 WHEN 'MD' THEN 2 WHEN 'HD' THEN 3 END`;

export interface StationCounts {
  total: number;
  fuels: Record<string, { total: number; stations?: { total: number } }>;
}

export interface Matches {
  /** Row numbers of the matching stations, in answer order. */
  rows: number[];
  /** Distances in miles, beside `rows` (nearest only). */
  distances?: number[];
  total: number;
  counts: StationCounts;
}

/** How distances are measured: on the WGS 84 ellipsoid (today's service) or on the mean sphere (the 2014 generation). */
export type DistanceModel = 'ellipsoid' | 'sphere';

/**
 * How much farther the mean sphere's haversine may put a station than the ellipsoid's geodesic:
 * at most 0.57% (a north-south step on the equator, where the meridian's radius of curvature,
 * 6,335 km, is the smallest), so a circle on the ellipsoid lies within the sphere's of a radius
 * 1% larger.
 */
const SPHERE_OVER_ELLIPSOID_MARGIN = 1.01;

const MILES_PER_DEGREE_LATITUDE = (EARTH_RADIUS_MILES * Math.PI) / 180;
/** Cells of a quarter degree; ids run 2000 to a row. */
const GRID = new CellGrid(0.25, 2000);
/** Beyond this many grid cells a bounding-box scan is cheaper than the cell index. */
const MAX_INDEXED_CELLS = 64;

const FUELS_IN_COUNTS = ['BD', 'E85', 'ELEC', 'HY', 'LNG', 'CNG', 'LPG', 'RD'];

const TABLE = 'fuel_stations';

function filterConditions(sql: Sql, filters: StationFilters): string[] {
  const conditions: string[] = [];
  const list = (name: string, values: string[]) => sql.bind(name, { value: listValue(values), type: LIST(VARCHAR) });
  if (filters.status) conditions.push(`list_contains(${list('status', filters.status)}, status_code)`);
  if (filters.access) conditions.push(`access_code = ${sql.bind('access', { value: filters.access, type: VARCHAR })}`);
  if (filters.fuelTypes) conditions.push(`list_contains(${list('fuel', filters.fuelTypes)}, fuel_type_code)`);
  if (filters.cards)
    conditions.push(
      `list_has_any(cards_list, ${list(
        'cards',
        filters.cards.map((c) => c.toLowerCase()),
      )})`,
    );
  if (filters.ownerTypes) conditions.push(`list_contains(${list('owner', filters.ownerTypes)}, owner_type_code)`);
  if (filters.federalAgencyIds)
    conditions.push(`list_contains(${sql.bind('agency', { value: listValue(filters.federalAgencyIds), type: LIST(INTEGER) })}, federal_agency_id)`);
  if (filters.federalAgencyCodes) conditions.push(`list_contains(${list('agency_code', filters.federalAgencyCodes)}, federal_agency_code)`);
  if (filters.evNetworks)
    conditions.push(
      `fuel_type_code = 'ELEC' AND list_contains(${list(
        'network',
        filters.evNetworks.map((n) => n.toLowerCase()),
      )}, ev_network)`,
    );
  if (filters.evChargingLevels) {
    const column = { '1': 'ev_level1_evse_num', '2': 'ev_level2_evse_num', dc_fast: 'ev_dc_fast_num' };
    conditions.push(`fuel_type_code = 'ELEC' AND (${filters.evChargingLevels.map((level) => `${column[level]} > 0`).join(' OR ')})`);
  }
  if (filters.states)
    conditions.push(
      `list_contains(${list(
        'state',
        filters.states.map((s) => s.toUpperCase()),
      )}, state)`,
    );
  if (filters.zips) conditions.push(`list_contains(${list('zip', filters.zips)}, zip)`);
  if (filters.evNetworkStationIds) conditions.push(`list_has_any(ev_network_station_ids, ${list('network_station', filters.evNetworkStationIds)})`);
  if (filters.evConnectorTypes)
    conditions.push(
      `fuel_type_code = 'ELEC' AND ${filters.evConnectorTypesAll ? 'list_has_all' : 'list_has_any'}(ev_connector_types, ${list('connector', filters.evConnectorTypes)})`,
    );
  if (filters.countries) conditions.push(`list_contains(${list('country', filters.countries)}, country)`);
  if (filters.lpgPrimaryOnly) conditions.push(`(fuel_type_code <> 'LPG' OR lpg_primary)`);
  if (filters.hydrogenRetail)
    conditions.push(
      `fuel_type_code = 'HY' AND list_contains(${sql.bind('retail', { value: listValue(filters.hydrogenRetail), type: LIST(BOOLEAN) })}, hy_is_retail)`,
    );
  if (filters.e85BlenderPumpOnly) conditions.push(`fuel_type_code = 'E85' AND e85_blender_pump`);
  if (filters.cngFillTypes) conditions.push(`fuel_type_code = 'CNG' AND list_contains(${list('fill', filters.cngFillTypes)}, cng_fill_type_code)`);
  if (filters.cngPressures) conditions.push(`fuel_type_code = 'CNG' AND list_has_any(cng_psi_list, ${list('psi', filters.cngPressures)})`);
  const classAtLeast = (column: string, vehicleClass: VehicleClass) => `${rankSql(column)} >= ${sql.number(VEHICLE_CLASS_RANK[vehicleClass])}`;
  if (filters.cngVehicleClass) conditions.push(`fuel_type_code = 'CNG' AND ${classAtLeast('cng_vehicle_class', filters.cngVehicleClass)}`);
  if (filters.lngVehicleClass) conditions.push(`fuel_type_code = 'LNG' AND ${classAtLeast('lng_vehicle_class', filters.lngVehicleClass)}`);
  if (filters.maximumVehicleClass) conditions.push(classAtLeast('maximum_vehicle_class', filters.maximumVehicleClass));
  const flag = (name: string, value: boolean) => sql.bind(name, { value, type: BOOLEAN });
  if (filters.cngHasRng !== undefined) conditions.push(`fuel_type_code = 'CNG' AND cng_has_rng = ${flag('cng_rng', filters.cngHasRng)}`);
  if (filters.lngHasRng !== undefined) conditions.push(`fuel_type_code = 'LNG' AND lng_has_rng = ${flag('lng_rng', filters.lngHasRng)}`);
  if (filters.restrictedAccess !== undefined) conditions.push(`restricted_access = ${flag('restricted', filters.restrictedAccess)}`);
  if (filters.fundingSources) conditions.push(`fuel_type_code = 'ELEC' AND list_has_any(funding_sources, ${list('funding', filters.fundingSources)})`);
  if (filters.facilityTypes) conditions.push(`fuel_type_code = 'ELEC' AND list_contains(${list('facility', filters.facilityTypes)}, facility_type)`);
  if (filters.ids) conditions.push(`list_contains(${sql.bind('ids', { value: listValue(filters.ids), type: LIST(INTEGER) })}, id)`);
  return conditions;
}

/** station_counts: stations per fuel, except ELEC, which counts outlets (and its stations apart). */
function countsOf(stations: Record<string, number>, elecOutlets = 0): StationCounts {
  const counts: StationCounts = { total: 0, fuels: {} };
  for (const fuel of FUELS_IN_COUNTS) {
    const total = fuel === 'ELEC' ? elecOutlets : (stations[fuel] ?? 0);
    counts.fuels[fuel] = fuel === 'ELEC' ? { total, stations: { total: stations.ELEC ?? 0 } } : { total };
    counts.total += total;
  }
  return counts;
}

export class StationStore {
  private constructor(
    private readonly db: Database,
    readonly records: StationRecord[],
    /** EV network names in the data, by lower-case name. */
    readonly networks: Map<string, string>,
    /** Facility type codes in the data. */
    readonly facilityTypes: Set<string>,
    /** Codes of the federal agencies that own stations in the data. */
    readonly federalAgencyCodes: Set<string>,
    /** The newest updated_at of the stations (ISO 8601 UTC), or null when there are none. */
    readonly lastUpdated: string | null,
  ) {}

  static async load(db: Database, parquetPath: string | undefined): Promise<StationStore> {
    if (!parquetPath) return new StationStore(db, [], new Map(), new Set(), new Set(), null);
    // The pipeline writes the file sorted by id, so a row's place in the file is its row index.
    const source = `read_parquet('${parquetPath.replace(/'/g, "''")}', file_row_number = true)`;
    // DuckDB keeps only what queries filter, order and count on; the records live in JS, built once.
    await db.execute(`CREATE OR REPLACE TABLE ${TABLE} AS
      SELECT file_row_number::INTEGER AS row_index, id, fuel_type_code, status_code, access_code,
             string_split(lower(cards_accepted), ' ') AS cards_list, owner_type_code, federal_agency_id, federal_agency_code,
             lower(ev_network) AS ev_network, ev_network_station_ids,
             ev_level1_evse_num, ev_level2_evse_num, ev_dc_fast_num, state, zip, latitude, longitude,
             ev_connector_types, country, lpg_primary, hy_is_retail, e85_blender_pump, cng_fill_type_code,
             string_split(cng_psi, ' ') AS cng_psi_list, cng_vehicle_class, lng_vehicle_class, maximum_vehicle_class,
             cng_has_rng, lng_has_rng, restricted_access, funding_sources, facility_type,
             (coalesce(ev_level1_evse_num, 0) + coalesce(ev_level2_evse_num, 0) + coalesce(ev_dc_fast_num, 0))::INTEGER AS outlets,
             ${GRID.cellSql('latitude', 'longitude')} AS cell
      FROM ${source}`);
    await db.execute(`CREATE INDEX ${TABLE}_cell ON ${TABLE} (cell)`);
    await db.execute(`CREATE INDEX ${TABLE}_id ON ${TABLE} (id)`);
    const agencies = await db.query(`SELECT DISTINCT federal_agency_code FROM ${TABLE} WHERE federal_agency_code IS NOT NULL`, [], { prepare: false });
    const federalAgencyCodes = new Set(agencies.federal_agency_code as string[]);

    const records: StationRecord[] = [];
    const networks = new Map<string, string>();
    const facilityTypes = new Set<string>();
    // Most station texts repeat ("24 hours daily", network names, cities): one copy of each.
    const interned = new Map<string, string>();
    const intern = (value: unknown) => {
      if (typeof value !== 'string') return value;
      const known = interned.get(value);
      if (known !== undefined) return known;
      interned.set(value, value);
      return value;
    };
    const chunks = db.stream(`SELECT ${RECORD_COLUMNS_SQL} FROM ${source} ORDER BY file_row_number`);
    for await (const columns of chunks) {
      for (let row = 0; row < columns.id.length; row++) {
        const record = recordAt(columns, row, intern);
        if (typeof record.ev_network === 'string') networks.set(record.ev_network.toLowerCase(), record.ev_network);
        if (typeof record.facility_type === 'string') facilityTypes.add(record.facility_type);
        records.push(record);
      }
    }
    const newest = await db.query(`SELECT strftime(max(updated_at), '${ISO_UTC}') AS last_updated FROM ${source}`, [], { prepare: false });
    return new StationStore(db, records, networks, facilityTypes, federalAgencyCodes, newest.last_updated[0] as string | null);
  }

  get size(): number {
    return this.records.length;
  }

  /** Matching stations in id order: the first `limit` of them, and counts over all of them. */
  async list(filters: StationFilters, limit?: number): Promise<Matches> {
    if (this.size === 0) return { rows: [], total: 0, counts: countsOf({}) };
    const sql = new Sql();
    const conditions = filterConditions(sql, filters);
    const matches = `SELECT row_index, row_index AS distance, id, fuel_type_code, outlets FROM ${TABLE} ${whereAll(conditions)}`;
    const result = await this.pageAndCounts(sql, matches, { offset: 0, limit });
    return { ...result, distances: undefined };
  }

  /**
   * Stations within `radiusMiles` (every station when undefined) of a point, nearest first: a page of
   * them, and counts over all. `distances` says how they are measured: on the WGS 84 ellipsoid, as
   * today's service does (sql-geodesic.ts), or by the haversine on the mean sphere (the 2014
   * generation, unchanged). The radius filters the very distance that is reported.
   */
  async nearest(
    latitude: number,
    longitude: number,
    radiusMiles: number | undefined,
    filters: StationFilters,
    page: { offset: number; limit?: number },
    distances: DistanceModel = 'sphere',
  ): Promise<Matches> {
    if (this.size === 0) return { rows: [], distances: [], total: 0, counts: countsOf({}) };
    const sql = new Sql();
    // The box is the sphere's: widened for the ellipsoid, on which a distance is up to 0.57% shorter.
    const boxRadius = radiusMiles === undefined || distances === 'sphere' ? radiusMiles : radiusMiles * SPHERE_OVER_ELLIPSOID_MARGIN;
    const conditions = [...this.areaConditions(sql, latitude, longitude, boxRadius), ...filterConditions(sql, filters)];
    let candidates: string;
    if (distances === 'ellipsoid') {
      const rows = `(SELECT row_index, id, fuel_type_code, outlets, latitude, longitude FROM ${TABLE} ${whereAll(conditions)})`;
      candidates = withGeodesicDistance(rows, { latitude, longitude }, METRES_PER_MILE);
    } else {
      const distance = haversineSql({ lat: sql.number(latitude), lon: sql.number(longitude) }, { lat: 'latitude', lon: 'longitude' }, EARTH_RADIUS_MILES);
      candidates = `SELECT row_index, id, fuel_type_code, outlets, ${distance} AS distance FROM ${TABLE} ${whereAll(conditions)}`;
    }
    const within = radiusMiles === undefined ? '' : `WHERE distance <= ${sql.number(radiusMiles)}`;
    return this.pageAndCounts(sql, `SELECT * FROM (${candidates}) ${within}`, page);
  }

  /**
   * One query for the counts per fuel over all matches and the page of matches in (distance, id)
   * order: a grouped count, then the page's rows. DuckDB's fixed cost per statement dominates a
   * small search, so everything is asked at once (one statement costs less than two, and a
   * GROUP BY with an ORDER BY … LIMIT less CPU than per-fuel FILTER aggregates and min_by).
   */
  private async pageAndCounts(sql: Sql, matches: string, page: { offset: number; limit?: number }): Promise<Matches> {
    const window = `${page.limit === undefined ? '' : `LIMIT ${sql.number(page.limit)}`} ${page.offset > 0 ? `OFFSET ${sql.number(page.offset)}` : ''}`;
    const result = await this.db.query(
      `WITH matches AS (${matches})
       SELECT fuel_type_code, count(*)::INTEGER AS stations, sum(outlets)::INTEGER AS outlets, NULL::INTEGER AS row_index, NULL::DOUBLE AS distance
       FROM matches GROUP BY fuel_type_code
       UNION ALL
       SELECT NULL, NULL, NULL, row_index, distance FROM (SELECT row_index, distance FROM matches ORDER BY distance, id ${window})`,
      sql.params,
      { prepare: false },
    );
    const stations: Record<string, number> = {};
    let elecOutlets = 0;
    const rows: number[] = [];
    const distances: number[] = [];
    for (let i = 0; i < result.fuel_type_code.length; i++) {
      const fuel = result.fuel_type_code[i] as string | null;
      if (fuel === null) {
        rows.push(result.row_index[i] as number);
        distances.push(result.distance[i] as number);
      } else {
        stations[fuel] = result.stations[i] as number;
        if (fuel === 'ELEC') elecOutlets = result.outlets[i] as number;
      }
    }
    // UNION ALL keeps each branch's rows in order but not the branches': the page is re-sorted.
    const order = rows.map((_, i) => i).sort((a, b) => distances[a] - distances[b] || rows[a] - rows[b]);
    return {
      rows: order.map((i) => rows[i]),
      distances: order.map((i) => distances[i]),
      total: Object.values(stations).reduce((sum, n) => sum + n, 0),
      counts: countsOf(stations, elecOutlets),
    };
  }

  async byId(id: number): Promise<StationRecord | undefined> {
    if (this.size === 0) return undefined;
    const result = await this.db.query(`SELECT row_index FROM ${TABLE} WHERE id = $1`, [{ value: id, type: INTEGER }]);
    const row = result.row_index[0] as number | undefined;
    return row === undefined ? undefined : this.records[row];
  }

  /**
   * Narrows the scan to the circle's bounding box: through the cell index when it covers few cells,
   * else by latitude and longitude ranges. Boxes over a pole or across the antimeridian widen safely.
   */
  private areaConditions(sql: Sql, latitude: number, longitude: number, radiusMiles: number | undefined): string[] {
    if (radiusMiles === undefined) return [];
    const box = boxAround(latitude, longitude, radiusMiles / MILES_PER_DEGREE_LATITUDE);
    const latitudeBand = `latitude BETWEEN ${sql.number(box.south)} AND ${sql.number(box.north)}`;
    if (box.longitudes === 'all') return [latitudeBand];
    const cover = GRID.cover(box);
    if (GRID.count(cover) <= MAX_INDEXED_CELLS)
      return [
        `cell IN (${GRID.cells(cover)
          .map((cell) => sql.number(cell))
          .join(', ')})`,
      ];
    const longitudeRanges = box.longitudes.map(([west, east]) => `longitude BETWEEN ${sql.number(west)} AND ${sql.number(east)}`).join(' OR ');
    return [latitudeBand, `(${longitudeRanges})`];
  }

  /** Stations within `distanceMiles` of a route (route-distance.ts), nearest first: a page of them, and counts over all. */
  async nearRoute(route: readonly RoutePoint[], distanceMiles: number, filters: StationFilters, page: { offset: number; limit?: number }): Promise<Matches> {
    if (this.size === 0) return { rows: [], distances: [], total: 0, counts: countsOf({}) };
    const sql = new Sql();
    const columns = ['row_index', 'id', 'fuel_type_code', 'outlets'];
    return this.pageAndCounts(sql, nearRouteSql(sql, route, distanceMiles, { table: TABLE, columns, conditions: filterConditions(sql, filters) }), page);
  }
}
