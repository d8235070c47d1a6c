// The fuel stations of the served data set. DuckDB answers which stations match, in which order
// and how far away (SQL over the Parquet file, loaded into an in-memory table); each station's
// response record is built once at load, so answering a list never re-reads 60,000 rows.
//
// Nearest is the hot path (docs/storage.md): the table is ordered by longitude, so that the rows
// of a search's longitude band are one range of row ids, which DuckDB reads alone; the search's
// values go into a one-row table of the connection and the search is a statement without
// parameters whose plan DuckDB keeps (database.ts); and the exact distance, a long expression, is
// computed only where it decides something (nearestSql).
import { availableParallelism } from 'node:os';
import { Admission } from '../admission.ts';
import { BOOLEAN, type DuckDBType, type DuckDBValue, DOUBLE, INTEGER, LIST, VARCHAR, listValue } from '../../model/duckdb.ts';
import { type Columns, Database, type Step } from './database.ts';
import { boxAround } from './geo-box.ts';
import { EARTH_RADIUS_MILES, haversineSql, METRES_PER_MILE } from './haversine.ts';
import { nearRouteSql, type RoutePoint } from './route-distance.ts';
import { Sql, sqlNumber, whereAll } from './sql.ts';
import { geodesicPoint, REDUCED_LATITUDE_SQL, withGeodesicDistance } from './sql-geodesic.ts';
import { StationColumns } from './station-columns.ts';
import { Interner, ISO_UTC, RECORD_COLUMNS_SQL, recordAt, type StationRecord } from './station-records.ts';

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
  /** Electric stations with a charging port of at least this power (kW)… */
  evPowerKwMin?: number;
  /** …and at most this (kW): with both, the same port must be within both. */
  evPowerKwMax?: number;
  /** Only stations whose source lists charging units, at least one (the ev-charging-units download's rows). */
  withChargingUnits?: boolean;
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
/**
 * How far apart, as a ratio either way, a station's distance on the sphere (its chord, from unit
 * vectors) and its reported distance may be: the ellipsoid's geodesic is within 0.57% of the
 * sphere's either way (above; 0.45% longer near the poles), Sodano's first order alone within 0.2%
 * of the geodesic near the antipode, the haversine the sphere's own up to rounding. Twice the
 * worst of them; with ABSOLUTE_MARGIN_MILES beside it for rounding at tiny distances.
 */
const DISTANCE_RATIO_MARGIN = 1.02;
const ABSOLUTE_MARGIN_MILES = 1e-6;

const MILES_PER_DEGREE_LATITUDE = (EARTH_RADIUS_MILES * Math.PI) / 180;

const FUELS_IN_COUNTS = ['BD', 'E85', 'ELEC', 'HY', 'LNG', 'CNG', 'LPG', 'RD'];

/**
 * The power of each of a station's charging ports (kW), from its units' connectors: a connector type
 * with ports and a reported power is a port's power (a port with two connector types, CHAdeMO and
 * CCS, has both). NULL when the source gives no units.
 */
const PORT_POWERS_SQL = `list_filter(
  list_transform(json_extract(ev_charging_units, '$[*].connectors.*'),
    lambda connector: CASE WHEN (connector->>'port_count')::INTEGER > 0 THEN (connector->>'power_kw')::DOUBLE END),
  lambda kw: kw IS NOT NULL)`;

const TABLE = 'fuel_stations';

/** The values filters compare with, by name, and their types. */
const FILTER_TYPES = {
  status: LIST(VARCHAR),
  access: VARCHAR,
  fuel: LIST(VARCHAR),
  cards: LIST(VARCHAR),
  owner: LIST(VARCHAR),
  agency: LIST(INTEGER),
  agency_code: LIST(VARCHAR),
  network: LIST(VARCHAR),
  state: LIST(VARCHAR),
  zip: LIST(VARCHAR),
  network_station: LIST(VARCHAR),
  connector: LIST(VARCHAR),
  country: LIST(VARCHAR),
  retail: LIST(BOOLEAN),
  fill: LIST(VARCHAR),
  psi: LIST(VARCHAR),
  cng_class: INTEGER,
  lng_class: INTEGER,
  maximum_class: INTEGER,
  cng_rng: BOOLEAN,
  lng_rng: BOOLEAN,
  restricted: BOOLEAN,
  funding: LIST(VARCHAR),
  facility: LIST(VARCHAR),
  ids: LIST(INTEGER),
  power_min: DOUBLE,
  power_max: DOUBLE,
} satisfies Record<string, DuckDBType>;
type FilterName = keyof typeof FILTER_TYPES;

/** A filter's value as a request gives it. */
type FilterValueOf = string | number | boolean | ReadonlyArray<string | number | boolean>;

/** How a filter's value enters the SQL: the expression that stands for it (a parameter, a value of the request row). */
type FilterValue = (name: FilterName, value: FilterValueOf) => string;

/** A filter value bound as a parameter of `sql`. */
const boundTo =
  (sql: Sql): FilterValue =>
  (name, value) =>
    sql.bind(name, { value: Array.isArray(value) ? listValue(value) : (value as DuckDBValue), type: FILTER_TYPES[name] });

/** The conditions of the filters, AND-ed; the same text whichever way their values come. */
function filterConditions(value: FilterValue, filters: StationFilters): string[] {
  const conditions: string[] = [];
  const list = value;
  if (filters.status) conditions.push(`list_contains(${list('status', filters.status)}, status_code)`);
  if (filters.access) conditions.push(`access_code = ${value('access', filters.access)}`);
  if (filters.fuelTypes) conditions.push(`list_contains(${list('fuel', filters.fuelTypes)}, fuel_type_code)`);
  if (filters.cards)
    conditions.push(
      `list_has_any(cards_list, ${list(
        'cards',
        filters.cards.map((c) => c.toLowerCase()),
      )})`,
    );
  if (filters.ownerTypes) conditions.push(`list_contains(${list('owner', filters.ownerTypes)}, owner_type_code)`);
  if (filters.federalAgencyIds) conditions.push(`list_contains(${list('agency', filters.federalAgencyIds)}, federal_agency_id)`);
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
  if (filters.hydrogenRetail) conditions.push(`fuel_type_code = 'HY' AND list_contains(${list('retail', filters.hydrogenRetail)}, hy_is_retail)`);
  if (filters.e85BlenderPumpOnly) conditions.push(`fuel_type_code = 'E85' AND e85_blender_pump`);
  if (filters.cngFillTypes) conditions.push(`fuel_type_code = 'CNG' AND list_contains(${list('fill', filters.cngFillTypes)}, cng_fill_type_code)`);
  if (filters.cngPressures) conditions.push(`fuel_type_code = 'CNG' AND list_has_any(cng_psi_list, ${list('psi', filters.cngPressures)})`);
  const classAtLeast = (column: string, name: FilterName, vehicleClass: VehicleClass) =>
    `${rankSql(column)} >= ${value(name, VEHICLE_CLASS_RANK[vehicleClass])}`;
  if (filters.cngVehicleClass) conditions.push(`fuel_type_code = 'CNG' AND ${classAtLeast('cng_vehicle_class', 'cng_class', filters.cngVehicleClass)}`);
  if (filters.lngVehicleClass) conditions.push(`fuel_type_code = 'LNG' AND ${classAtLeast('lng_vehicle_class', 'lng_class', filters.lngVehicleClass)}`);
  if (filters.maximumVehicleClass) conditions.push(classAtLeast('maximum_vehicle_class', 'maximum_class', filters.maximumVehicleClass));
  if (filters.cngHasRng !== undefined) conditions.push(`fuel_type_code = 'CNG' AND cng_has_rng = ${value('cng_rng', filters.cngHasRng)}`);
  if (filters.lngHasRng !== undefined) conditions.push(`fuel_type_code = 'LNG' AND lng_has_rng = ${value('lng_rng', filters.lngHasRng)}`);
  if (filters.restrictedAccess !== undefined) conditions.push(`restricted_access = ${value('restricted', filters.restrictedAccess)}`);
  if (filters.fundingSources) conditions.push(`fuel_type_code = 'ELEC' AND list_has_any(funding_sources, ${list('funding', filters.fundingSources)})`);
  if (filters.facilityTypes) conditions.push(`fuel_type_code = 'ELEC' AND list_contains(${list('facility', filters.facilityTypes)}, facility_type)`);
  if (filters.ids) conditions.push(`list_contains(${list('ids', filters.ids)}, id)`);
  if (filters.evPowerKwMin !== undefined || filters.evPowerKwMax !== undefined) {
    const bounds = [
      ...(filters.evPowerKwMin === undefined ? [] : [`kw >= ${value('power_min', filters.evPowerKwMin)}`]),
      ...(filters.evPowerKwMax === undefined ? [] : [`kw <= ${value('power_max', filters.evPowerKwMax)}`]),
    ];
    conditions.push(`fuel_type_code = 'ELEC' AND list_bool_or(list_transform(port_powers_kw, lambda kw: ${bounds.join(' AND ')}))`);
  }
  if (filters.withChargingUnits) conditions.push('charging_units > 0');
  return conditions;
}

// ---- Nearest: a request row, and a statement without parameters that reads it ----

/** The connection's one-row table of the nearest search being run (database.ts: why). */
const REQUEST_TABLE = 'nearest_request';

/**
 * The search's numbers, in the request row's `search` list, by position (two list columns cost
 * DuckDB less to insert than a column each: 0.1 ms against 0.7 for 26); the request CTE of
 * nearestSql names them. The filters' values are the row's `filters`, a list of texts each, in the
 * order of the statement's conditions.
 */
const SEARCH_VALUES = [
  // the point; sin and cos of its reduced latitude, computed here (geodesicPoint) as the distance needs them
  'point_latitude',
  'point_longitude',
  'point_sin_beta',
  'point_cos_beta',
  // the point's unit vector on the sphere, for the chord (c2: its square) that bounds a distance
  'point_x',
  'point_y',
  'point_z',
  // the radius in miles; the row ids of the box's longitude band
  'radius',
  'first_row',
  'last_row',
  // chords squared: within `inside_c2` a station is surely within the radius, beyond `outside_c2` surely not
  'inside_c2',
  'outside_c2',
] as const;
type SearchValue = (typeof SEARCH_VALUES)[number];
const ROW_IDS = new Set<SearchValue>(['first_row', 'last_row']);

/** Every chord squared is at most 4 (the antipode): a bound of 5 keeps every station. */
const ALL_CHORDS = 5;
/** The largest number a search value takes (an infinite radius is this), within the widened statistics below. */
const LARGEST = 1e300;

/** The chord squared of an arc of `miles` on the sphere: -1 for a negative length (nothing is within), ALL_CHORDS from half the globe. */
function chordSquared(miles: number): number {
  if (miles < 0) return -1;
  const angle = miles / EARTH_RADIUS_MILES;
  return angle >= Math.PI ? ALL_CHORDS : (2 * Math.sin(angle / 2)) ** 2;
}

/** A filter's value in the request row: a list of texts (an exact decimal for a number), read back as its type (filterSql). */
function filterTexts(value: FilterValueOf): string[] {
  return (Array.isArray(value) ? value : [value]).map(String);
}

/** A filter's value read from the request row's `filters[position]`, as its type. */
function filterSql(name: FilterName, position: number): string {
  const texts = `filters[${position}]`;
  const type = FILTER_TYPES[name];
  if (type === VARCHAR) return `${texts}[1]`;
  if (type === INTEGER || type === BOOLEAN || type === DOUBLE) return `${texts}[1]::${type.toString()}`;
  const element = (type as ReturnType<typeof LIST>).valueType;
  return element === VARCHAR ? texts : `${texts}::${element.toString()}[]`;
}

const REQUEST_TYPES = [LIST(DOUBLE), LIST(LIST(VARCHAR))] as const;
const INSERT_REQUEST = `INSERT INTO ${REQUEST_TABLE} VALUES ($1, $2)`;

/**
 * Each connection's request table, and what keeps its plans right. DuckDB plans a statement with
 * the statistics of the tables it reads, and a kept plan keeps what it concluded from them (a
 * request row's bounds, taken as the only ones, prune stations); so the table is first given rows
 * of the extreme values and nulls, deleted at once: a table's statistics only widen, and every later
 * row lies within them. Run again, replacing the table, after many searches (Database: renewal),
 * because a deleted row's space is only reclaimed with its table.
 */
function requestTableSetup(): Step[] {
  const row = (search: Array<number | null> | null, filters: Array<Array<string | null> | null> | null): Step => ({
    sql: INSERT_REQUEST,
    params: [
      { value: search === null ? null : listValue(search), type: REQUEST_TYPES[0] },
      { value: filters === null ? null : listValue(filters.map((texts) => (texts === null ? null : listValue(texts)))), type: REQUEST_TYPES[1] },
    ],
  });
  return [
    { sql: `CREATE OR REPLACE TEMP TABLE ${REQUEST_TABLE} (search DOUBLE[], filters VARCHAR[][])` },
    row(
      SEARCH_VALUES.map(() => -LARGEST),
      [[''], []],
    ),
    row(
      SEARCH_VALUES.map(() => LARGEST),
      [['\u{10FFFF}\u{10FFFF}']],
    ),
    row([null], [null, [null]]),
    row(null, null),
    { sql: `DELETE FROM ${REQUEST_TABLE}` },
  ];
}
/** A connection's searches before its request table is replaced (the deleted rows' space reclaimed). */
const REQUEST_TABLE_RENEWAL = 2048;

/**
 * The search's page is taken from the first `top` matches, a power of two at least offset + limit
 * (so that the statement's text, which holds it, takes few forms), up to this; beyond, or for
 * limit=all, every match is measured and ordered.
 */
const MIN_TOP = 16;
const MAX_TOP = 65_536;
/** Radii up to this are searched with a statement that knows the stations it measures are within it (DISTANCE_RATIO_MARGIN on). */
const NEAR_RADIUS_MILES = 4000;
/** From this many stations in the longitude band, a search measures only the ring and the page's candidates (nearestSql). */
const RING_FROM_BAND_ROWS = 4096;

/**
 * The nearest search over the request row, as one statement (its columns: counts per fuel index,
 * and the page's row_index and distance, as readPageAndCounts reads them). `conditions` are the
 * filters' over the stations' columns and the request's (`request.`), `filters` the filter values'
 * names in the order they are in the request row.
 *
 * The stations considered are those of the box's longitude band, a range of row ids (from scalar
 * subqueries, the only form DuckDB turns into a range of the scan), that pass the filters (the
 * request's values from a join with its one row, which costs less than a subquery each, about 50
 * µs apiece) and a cheap bound: the chord on the sphere from the station's unit vector, squared
 * (c2), beyond `outside_c2` surely outside the radius. The chord does what the box's latitudes
 * would (a band across the antimeridian, or around a pole, is the whole table).
 *
 * The exact distance (Sodano's geodesic, or the 2014 generation's haversine) is a long expression.
 * In a `ring` search it is computed only where it decides, the chord bounding it within
 * DISTANCE_RATIO_MARGIN either way:
 * - the counts: a station within `inside_c2` is within the radius whatever its exact distance,
 *   one beyond `outside_c2` is not; the ring between is measured.
 * - the page: the first `top` matches. The top-th nearest station surely inside (by the chord) is
 *   within M·d + ε (M the margin, d its chord distance), so every one of the `top` nearest matches is
 *   too, and its chord distance at most M²·d + 3ε: the stations inside are measured up to there.
 *   With fewer than `top` surely inside, all are.
 * That costs a few more steps, worth it where the box holds many stations; otherwise every station
 * of the box is measured. Either way the page is in (distance, id) order (row_index is in id order).
 */
function nearestSql(
  conditions: readonly string[],
  filters: readonly FilterName[],
  distances: DistanceModel,
  page: { top: number | undefined; ring: boolean },
  /** A bound on the distances of the stations measured, on the sphere (the chord's), if the radius gives one. */
  withinMiles?: number,
): string {
  const n = sqlNumber;
  const { top } = page;
  const ring = page.ring && top !== undefined;
  const request = [
    ...SEARCH_VALUES.map((name, i) => `search[${i + 1}]${ROW_IDS.has(name) ? '::BIGINT' : ''} AS ${name}`),
    ...filters.map((name, i) => `${filterSql(name, i + 1)} AS filter_${name}`),
  ].join(', ');
  const chord = ['x', 'y', 'z'].map((axis) => `(s.unit_${axis} - request.point_${axis}) * (s.unit_${axis} - request.point_${axis})`).join(' + ');
  // What the distance reads of a station: its latitude (the haversine), or its reduced latitude's sine and cosine (sql-geodesic.ts).
  const point = distances === 'ellipsoid' ? ['longitude', ...Object.keys(REDUCED_LATITUDE_SQL)] : ['latitude', 'longitude'];
  const band = `SELECT * FROM ${TABLE} WHERE rowid BETWEEN (SELECT first_row FROM request) AND (SELECT last_row FROM request)`;
  const candidates = `SELECT s.row_index, s.fuel_index, s.outlets, ${point.map((column) => `s.${column}`).join(', ')}, ${chord} AS c2, request.inside_c2, request.outside_c2
      FROM (${band}) s, request
      ${whereAll(conditions.map((condition) => `(${condition})`))}`;
  const box = `SELECT row_index, fuel_index, outlets, ${point.join(', ')}, c2, c2 <= inside_c2 AS inside FROM (${candidates}) WHERE c2 <= outside_c2`;
  const pointColumns = 'request.point_latitude, request.point_longitude, request.point_sin_beta, request.point_cos_beta, request.radius';
  // The page's reach as a chord squared (above); every station when fewer than `top` are surely inside.
  const reach = `${n(DISTANCE_RATIO_MARGIN ** 2)} * 2 * asin(least(1, sqrt(max(c2)) / 2)) + ${n((3 * ABSOLUTE_MARGIN_MILES) / EARTH_RADIUS_MILES)}`;
  const threshold = `SELECT CASE WHEN found < ${top} OR reach >= pi() THEN ${ALL_CHORDS} ELSE pow(2 * sin(reach / 2), 2) END AS c2
      FROM (SELECT count(*) AS found, ${reach} AS reach FROM (SELECT c2 FROM box WHERE inside ORDER BY c2 LIMIT ${top}))`;
  const measured = ring
    ? `(SELECT box.*, ${pointColumns} FROM box, threshold, request WHERE NOT box.inside OR box.c2 <= threshold.c2)`
    : `(SELECT box.*, ${pointColumns} FROM box, request)`;
  const withDistance =
    distances === 'ellipsoid'
      ? withGeodesicDistance(measured, { longitude: 'point_longitude', sinBeta: 'point_sin_beta', cosBeta: 'point_cos_beta' }, METRES_PER_MILE, {
          withinMetres: withinMiles === undefined ? undefined : withinMiles * METRES_PER_MILE,
        })
      : `SELECT *, ${haversineSql({ lat: 'point_latitude', lon: 'point_longitude' }, { lat: 'latitude', lon: 'longitude' }, EARTH_RADIUS_MILES)} AS distance FROM ${measured}`;
  const exact = `SELECT row_index, fuel_index, outlets, inside, distance FROM (${withDistance}) WHERE distance <= radius`;
  const pageRows = `SELECT NULL, NULL, NULL, row_index, distance FROM (SELECT row_index, distance FROM exact ORDER BY distance, row_index ${top === undefined ? '' : `LIMIT ${top}`})`;
  const counts = (from: string, where = '') =>
    `SELECT fuel_index, count(*)::INTEGER AS stations, sum(outlets)::INTEGER AS outlets, NULL::INTEGER AS row_index, NULL::DOUBLE AS distance FROM ${from} ${where} GROUP BY fuel_index`;
  if (!ring)
    return `WITH request AS (SELECT ${request} FROM ${REQUEST_TABLE}), box AS (${box}), exact AS MATERIALIZED (${exact})
      ${counts('exact')} UNION ALL ${pageRows}`;
  // Counts of the stations surely inside and of the ring's within the radius, added up by readPageAndCounts.
  return `WITH request AS (SELECT ${request} FROM ${REQUEST_TABLE}), box AS MATERIALIZED (${box}), threshold AS (${threshold}), exact AS MATERIALIZED (${exact})
    ${counts('box', 'WHERE inside')} UNION ALL ${counts('exact', 'WHERE NOT inside')} UNION ALL ${pageRows}`;
}

/** Stations and ELEC outlets added up by fuel, as DuckDB counts them (a fuel in one part or several). */
class FuelTally {
  private readonly stations: Record<string, number> = {};
  private elecOutlets = 0;

  add(fuel: string, stations: number, outlets: number): void {
    this.stations[fuel] = (this.stations[fuel] ?? 0) + stations;
    if (fuel === 'ELEC') this.elecOutlets += outlets;
  }

  /** How many stations match (`total`), and their station_counts. */
  get totals(): { total: number; counts: StationCounts } {
    return { total: Object.values(this.stations).reduce((sum, n) => sum + n, 0), counts: countsOf(this.stations, this.elecOutlets) };
  }
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

/** A nearest search as DuckDB runs it (Database.run): the request row written, read (nearestSql), then deleted. */
export interface NearestSearch {
  steps: Step[];
  after: Step[];
  /** The page's place among the rows the statement returns (the first `top` matches). */
  page: { offset: number; limit?: number };
}

/**
 * Route searches run at once: half the cores. One of a long route with a wide reach holds a core and
 * 10-15 MB of DuckDB's memory for up to a second, while its answer, often megabytes, is written on
 * the main thread; more at once would only hold more memory. On 2 cores, sixteen 1,000-point,
 * 100-mile searches at once: 335 MB at most in 9.4 s with one at a time, 370 MB in 7.5 s with two,
 * 380 MB with eight (bench: streaming).
 */
const ROUTE_SEARCHES_AT_ONCE = Math.max(1, Math.floor(availableParallelism() / 2));

export class StationStore {
  /** The search statements' texts, by their form: a search's filters, distance model and top. */
  private readonly nearestQueries = new Map<string, string>();
  private readonly routeSearches = new Admission(ROUTE_SEARCHES_AT_ONCE);

  private constructor(
    private readonly db: Database,
    private readonly records: StationColumns,
    /** Each station's longitude, in the table's order (by longitude, then id): where a band's row ids start and end. */
    private readonly longitudes: Float64Array,
    /** The fuel type codes by their fuel_index (the nearest search's counts are by index). */
    private readonly fuelCodes: string[],
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
    if (!parquetPath) return new StationStore(db, StationColumns.of([]), new Float64Array(0), [], new Map(), new Set(), new Set(), null);
    // The pipeline writes the file sorted by id, so a row's place in the file is its row index.
    const source = `read_parquet('${parquetPath.replace(/'/g, "''")}', file_row_number = true)`;
    // DuckDB keeps only what queries filter, order and count on; the records live in JS, column by column (station-columns.ts).
    // The table is in longitude order, so that a longitude band is a range of row ids, which DuckDB
    // reads alone (the sample's and the real exports' stations spread over twice as many degrees
    // of longitude as of latitude: a box's longitude band holds half the stations its latitude band does); beside each point, what its distances need from it alone (the reduced latitude's
    // sine and cosine, sql-geodesic.ts; its unit vector, for the chord that bounds them).
    const reduced = Object.entries(REDUCED_LATITUDE_SQL)
      .map(([name, expression]) => `${expression} AS ${name}`)
      .join(', ');
    await db.execute(`CREATE OR REPLACE TABLE ${TABLE} AS
      SELECT file_row_number::INTEGER AS row_index, id, fuel_type_code, status_code, access_code,
             string_split(lower(cards_accepted), ' ') AS cards_list, owner_type_code, federal_agency_id, federal_agency_code,
             lower(ev_network) AS ev_network, ev_network_station_ids,
             ev_level1_evse_num, ev_level2_evse_num, ev_dc_fast_num, state, zip, latitude, longitude,
             ev_connector_types, country, lpg_primary, hy_is_retail, e85_blender_pump, cng_fill_type_code,
             string_split(cng_psi, ' ') AS cng_psi_list, cng_vehicle_class, lng_vehicle_class, maximum_vehicle_class,
             cng_has_rng, lng_has_rng, restricted_access, funding_sources, facility_type, ${PORT_POWERS_SQL} AS port_powers_kw,
             coalesce(json_array_length(ev_charging_units), 0)::INTEGER AS charging_units,
             (coalesce(ev_level1_evse_num, 0) + coalesce(ev_level2_evse_num, 0) + coalesce(ev_dc_fast_num, 0))::INTEGER AS outlets,
             (dense_rank() OVER (ORDER BY fuel_type_code) - 1)::UTINYINT AS fuel_index, ${reduced},
             cos(radians(latitude)) * cos(radians(longitude)) AS unit_x, cos(radians(latitude)) * sin(radians(longitude)) AS unit_y, sin(radians(latitude)) AS unit_z
      FROM ${source}
      ORDER BY longitude, id`);
    await db.execute(`CREATE INDEX ${TABLE}_id ON ${TABLE} (id)`);
    const band = await db.query(`SELECT longitude FROM ${TABLE} ORDER BY rowid`, [], { prepare: false });
    const longitudes = Float64Array.from(band.longitude as number[]);
    const fuels = await db.query(`SELECT DISTINCT fuel_index, fuel_type_code FROM ${TABLE} ORDER BY fuel_index`, [], { prepare: false });
    await db.executeOnEach(requestTableSetup(), { renewAfterRuns: REQUEST_TABLE_RENEWAL });
    const agencies = await db.query(`SELECT DISTINCT federal_agency_code FROM ${TABLE} WHERE federal_agency_code IS NOT NULL`, [], { prepare: false });
    const federalAgencyCodes = new Set(agencies.federal_agency_code as string[]);

    let records: StationRecord[] = [];
    const networks = new Map<string, string>();
    const facilityTypes = new Set<string>();
    const interner = new Interner();
    // Read through a DuckDB instance of their own, closed once they are read: reading every column of
    // every station leaves the instance holding about 120 MB it would never give back (60,000
    // stations), which closing it returns.
    const reader = await Database.open({ connections: 1 });
    try {
      for await (const columns of reader.stream(`SELECT ${RECORD_COLUMNS_SQL} FROM ${source} ORDER BY file_row_number`)) {
        for (let row = 0; row < columns.id.length; row++) {
          const record = recordAt(columns, row, interner);
          if (typeof record.ev_network === 'string') networks.set(record.ev_network.toLowerCase(), record.ev_network);
          if (typeof record.facility_type === 'string') facilityTypes.add(record.facility_type);
          records.push(record);
        }
      }
    } finally {
      reader.close();
    }
    const columns = StationColumns.of(records);
    // the objects are garbage from here on: the columns hold their values
    records = [];
    const newest = await db.query(`SELECT strftime(max(updated_at), '${ISO_UTC}') AS last_updated FROM ${source}`, [], { prepare: false });
    return new StationStore(
      db,
      columns,
      longitudes,
      fuels.fuel_type_code as string[],
      networks,
      facilityTypes,
      federalAgencyCodes,
      newest.last_updated[0] as string | null,
    );
  }

  get size(): number {
    return this.records.size;
  }

  /**
   * The record of the station at `row` (its place in the file, as searches return them): a new view
   * of the row, whose fields are read by name (station-columns.ts); a field set on it is its own.
   */
  record(row: number): StationRecord {
    return this.records.record(row);
  }

  /** The id of the station at `row`. */
  idAt(row: number): number {
    return this.records.id(row);
  }

  /** Matching stations in id order: the first `limit` of them, and counts over all of them. */
  async list(filters: StationFilters, limit?: number): Promise<Matches> {
    if (this.size === 0) return { rows: [], total: 0, counts: countsOf({}) };
    const sql = new Sql();
    const where = whereAll(filterConditions(boundTo(sql), filters));
    // The page alone (its row indexes, in id order) and the counts by fuel: two small results, read
    // at once on two connections, where one statement for both returned every match's other columns.
    const [counts, page] = await Promise.all([
      this.db.query(
        `SELECT fuel_type_code, count(*)::INTEGER AS stations, sum(outlets)::INTEGER AS outlets FROM ${TABLE} ${where} GROUP BY fuel_type_code`,
        sql.params,
        { prepare: false },
      ),
      this.db.query(`SELECT row_index FROM ${TABLE} ${where} ORDER BY row_index ${limit === undefined ? '' : `LIMIT ${sql.number(limit)}`}`, sql.params, {
        prepare: false,
      }),
    ]);
    const tally = new FuelTally();
    for (const [i, fuel] of counts.fuel_type_code.entries()) tally.add(fuel as string, counts.stations[i] as number, counts.outlets[i] as number);
    return { rows: page.row_index as number[], ...tally.totals };
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
    const search = this.nearestSearch(latitude, longitude, radiusMiles, filters, page, distances);
    return readPageAndCounts(await this.db.run(search.steps, search.after), search.page, this.fuelCodes);
  }

  /**
   * The statements of a nearest search (`nearest` runs them with Database.run), for those that
   * measure DuckDB's part alone (the benchmark).
   */
  nearestSearch(
    latitude: number,
    longitude: number,
    radiusMiles: number | undefined,
    filters: StationFilters,
    page: { offset: number; limit?: number },
    distances: DistanceModel,
  ): NearestSearch {
    const filterNames: FilterName[] = [];
    const filterValues: string[][] = [];
    const conditions = filterConditions((name, value) => {
      filterNames.push(name);
      filterValues.push(filterTexts(value));
      return `request.filter_${name}`;
    }, filters);
    const wanted = page.limit === undefined ? undefined : page.offset + page.limit;
    const top = wanted === undefined || wanted > MAX_TOP ? undefined : Math.max(MIN_TOP, 2 ** Math.ceil(Math.log2(wanted)));
    const search = this.searchValues(latitude, longitude, radiusMiles, distances);
    const ring = search.last_row - search.first_row >= RING_FROM_BAND_ROWS;
    // Radii up to a sixth of the way round the globe are written with that bound (the geodesic needs
    // no antipodal branch); larger ones, and none, without.
    const within =
      radiusMiles !== undefined && radiusMiles <= NEAR_RADIUS_MILES ? NEAR_RADIUS_MILES * DISTANCE_RATIO_MARGIN + ABSOLUTE_MARGIN_MILES : undefined;
    const shape = `${distances} ${top} ${ring} ${within} ${filterNames.join(',')}\n${conditions.join('\n')}`;
    let query = this.nearestQueries.get(shape);
    if (query === undefined) {
      query = nearestSql(conditions, filterNames, distances, { top, ring }, within);
      this.nearestQueries.set(shape, query);
    }
    const params = [
      { value: listValue(SEARCH_VALUES.map((name) => search[name])), type: REQUEST_TYPES[0] },
      { value: listValue(filterValues.map((texts) => listValue(texts))), type: REQUEST_TYPES[1] },
    ];
    return { steps: [{ sql: INSERT_REQUEST, params }, { sql: query }], after: [{ sql: `DELETE FROM ${REQUEST_TABLE}` }], page };
  }

  /** The request row's numbers (SEARCH_VALUES) of a search. */
  private searchValues(latitude: number, longitude: number, radiusMiles: number | undefined, distances: DistanceModel): Record<SearchValue, number> {
    const { sinBeta, cosBeta } = geodesicPoint(latitude, longitude);
    const [phi, lambda] = [(latitude * Math.PI) / 180, (longitude * Math.PI) / 180];
    // The bounding box is the sphere's: widened for the ellipsoid, on which a distance is up to 0.57% shorter.
    const boxRadius = radiusMiles === undefined || distances === 'sphere' ? radiusMiles : radiusMiles * SPHERE_OVER_ELLIPSOID_MARGIN;
    const box = boxRadius === undefined ? undefined : boxAround(latitude, longitude, boxRadius / MILES_PER_DEGREE_LATITUDE);
    // One range of longitudes is one range of rows; the whole table else (across the antimeridian, around a pole, or no radius).
    const band = box !== undefined && box.longitudes !== 'all' && box.longitudes.length === 1 ? box.longitudes[0] : undefined;
    return {
      point_latitude: latitude,
      point_longitude: longitude,
      point_sin_beta: sinBeta,
      point_cos_beta: cosBeta,
      point_x: Math.cos(phi) * Math.cos(lambda),
      point_y: Math.cos(phi) * Math.sin(lambda),
      point_z: Math.sin(phi),
      radius: radiusMiles ?? LARGEST,
      first_row: band === undefined ? 0 : this.firstRowFrom(band[0]),
      last_row: band === undefined ? this.size - 1 : this.firstRowAbove(band[1]) - 1,
      inside_c2: radiusMiles === undefined ? ALL_CHORDS : chordSquared((radiusMiles - ABSOLUTE_MARGIN_MILES) / DISTANCE_RATIO_MARGIN),
      outside_c2: radiusMiles === undefined ? ALL_CHORDS : chordSquared(radiusMiles * DISTANCE_RATIO_MARGIN + ABSOLUTE_MARGIN_MILES),
    };
  }

  /** The first row (in longitude order) at or east of `longitude`. */
  private firstRowFrom(longitude: number): number {
    let [low, high] = [0, this.longitudes.length];
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.longitudes[middle] < longitude) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** The first row (in longitude order) east of `longitude`. */
  private firstRowAbove(longitude: number): number {
    let [low, high] = [0, this.longitudes.length];
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.longitudes[middle] <= longitude) low = middle + 1;
      else high = middle;
    }
    return low;
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
    return readPageAndCounts(result, { offset: 0, limit: undefined });
  }

  async byId(id: number): Promise<StationRecord | undefined> {
    if (this.size === 0) return undefined;
    const result = await this.db.query(`SELECT row_index FROM ${TABLE} WHERE id = $1`, [{ value: id, type: INTEGER }]);
    const row = result.row_index[0] as number | undefined;
    return row === undefined ? undefined : this.records.record(row);
  }

  /** Stations within `distanceMiles` of a route (route-distance.ts), nearest first: a page of them, and counts over all. */
  async nearRoute(route: readonly RoutePoint[], distanceMiles: number, filters: StationFilters, page: { offset: number; limit?: number }): Promise<Matches> {
    if (this.size === 0) return { rows: [], distances: [], total: 0, counts: countsOf({}) };
    const sql = new Sql();
    const columns = ['row_index', 'id', 'fuel_type_code', 'outlets'];
    const place = (await this.routeSearches.enter())!;
    try {
      return await this.pageAndCounts(
        sql,
        nearRouteSql(sql, route, distanceMiles, { table: TABLE, columns, conditions: filterConditions(boundTo(sql), filters) }),
        page,
      );
    } finally {
      place.leave();
    }
  }
}

/**
 * The counts per fuel and the page from a result of pageAndCounts' columns (rows with a fuel are
 * counts, the others the page's rows), the page cut from the matches returned at `page`. The
 * nearest search gives each fuel by its index in `fuelCodes`, and may give a fuel's count in parts.
 */
function readPageAndCounts(result: Columns, page: { offset: number; limit?: number }, fuelCodes?: readonly string[]): Matches {
  const tally = new FuelTally();
  const rows: number[] = [];
  const distances: number[] = [];
  const fuelColumn = fuelCodes ? result.fuel_index : result.fuel_type_code;
  for (let i = 0; i < (fuelColumn?.length ?? 0); i++) {
    const fuel = fuelColumn[i] as string | number | null;
    if (fuel === null) {
      rows.push(result.row_index[i] as number);
      distances.push(result.distance[i] as number);
    } else {
      tally.add(fuelCodes ? fuelCodes[fuel as number]! : (fuel as string), result.stations[i] as number, result.outlets[i] as number);
    }
  }
  // UNION ALL keeps each branch's rows in order but not the branches': the page is re-sorted (row
  // indexes are in id order).
  const order = rows
    .map((_, i) => i)
    .sort((a, b) => distances[a] - distances[b] || rows[a] - rows[b])
    .slice(page.offset, page.limit === undefined ? undefined : page.offset + page.limit);
  return {
    rows: order.map((i) => rows[i]),
    distances: order.map((i) => distances[i]),
    ...tally.totals,
  };
}
