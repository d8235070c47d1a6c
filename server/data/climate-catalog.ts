// The climate catalog: every station and grid cell of the data set (tmy2, tmy3, intl, nsrdb), by its
// v1 id and by its v2 id, and the nearest-station search in SQL. One in-memory DuckDB table holds every
// station's position, in the order of 0.5° cells (latitude bands first, so that a box's latitude band
// is a few runs of the table, which DuckDB's zone maps let a scan skip to on a large grid); a query
// looks in the box around the point by latitude and longitude ranges (one query for all datasets),
// growing 4× until the closest station of each dataset lies within the searched distance (then
// nothing outside the box can be closer) or the radius is reached. Distances are haversine metres
// (haversine.ts), computed in SQL.
//
// Ranges rather than an index of the cells: DuckDB evaluates a list of cells row by row, and plans it
// again on every run; the ranges are quicker at every size (docs/storage.md, "The size of a national
// grid").
import { DOUBLE } from '../../model/duckdb.ts';
import { v2IdOf } from '../../model/climate-ids.ts';
import { CLIMATE_DATASETS, type ClimateDataset } from '../../model/climate-datasets.ts';
import type { ClimateStation } from '../../types/schemas.ts';
import type { Database } from './database.ts';
import { boxAround, CellGrid } from './geo-box.ts';
import { FARTHEST_METRES, haversineSql, METRES_PER_DEGREE_LATITUDE, METRES_PER_MILE } from './haversine.ts';
import { Sql, whereAll } from './sql.ts';

export { CLIMATE_DATASETS, type ClimateDataset, type ClimateStation };

export interface NearestStation {
  station: ClimateStation;
  /** Haversine metres, as SQL computed it. */
  distance: number;
  /** `distance` rounded to whole metres (what the API prints). */
  distanceMetres: number;
}

/** The points table's order: cells of half a degree. */
const CELLS = new CellGrid(0.5);
/** The first search reaches this far (or the radius); each further one 4× as far. */
const FIRST_SEARCH_METRES = 250_000;

/** Every station's position and dataset (as its index in CLIMATE_DATASETS), in one table. */
const POINTS = 'climate_points';

export class ClimateCatalog {
  private readonly byIdMap = new Map<string, ClimateStation>();
  private readonly byV2IdMap = new Map<string, ClimateStation>();
  private readonly counts: Record<ClimateDataset, number> = { tmy2: 0, tmy3: 0, intl: 0, nsrdb: 0 };

  private constructor(
    private readonly db: Database,
    /** Catalog records by row index (datasets in order tmy2, tmy3, intl, nsrdb; then id). */
    readonly stations: ClimateStation[],
  ) {
    for (const station of stations) {
      this.byIdMap.set(station.id, station);
      this.byV2IdMap.set(station.id_v2, station);
      this.counts[station.dataset]++;
    }
  }

  /** Loads the catalog Parquet (none: an empty catalog). */
  static async load(db: Database, parquetPath: string | undefined): Promise<ClimateCatalog> {
    if (!parquetPath) return new ClimateCatalog(db, []);
    const source = `read_parquet('${parquetPath.replace(/'/g, "''")}')`;
    await db.execute(`CREATE OR REPLACE TABLE climate_stations AS
      SELECT (row_number() OVER (ORDER BY CASE dataset WHEN 'tmy2' THEN 0 WHEN 'tmy3' THEN 1 WHEN 'intl' THEN 2 ELSE 3 END, id) - 1)::INTEGER AS row_index, *
      FROM ${source}`);
    await db.execute(`CREATE OR REPLACE TABLE ${POINTS} AS
      SELECT (CASE dataset WHEN 'tmy2' THEN 0 WHEN 'tmy3' THEN 1 WHEN 'intl' THEN 2 ELSE 3 END)::INTEGER AS ds, row_index, lat, lon
      FROM climate_stations ORDER BY ${CELLS.cellSql('lat', 'lon')}, row_index`);
    const columns = await db.query(
      `SELECT * EXCLUDE (row_index, hourly_offset), hourly_offset::DOUBLE AS hourly_offset FROM climate_stations ORDER BY row_index`,
    );
    const names = Object.keys(columns);
    const count = columns.id?.length ?? 0;
    const stations: ClimateStation[] = new Array(count);
    for (let row = 0; row < count; row++) {
      const record: Record<string, unknown> = {};
      for (const name of names) record[name] = columns[name]![row];
      const station = record as unknown as ClimateStation;
      // A catalog written before the v2 id existed: the pipeline's rule gives it.
      station.id_v2 ??= v2IdOf(station);
      stations[row] = station;
    }
    await db.execute('DROP TABLE climate_stations');
    return new ClimateCatalog(db, stations);
  }

  get size(): number {
    return this.stations.length;
  }

  count(dataset: ClimateDataset): number {
    return this.counts[dataset];
  }

  /** A station by its v1 id (`3-W105N040-W10502N4001`, `0-94018`: PVWatts v6's file_id). */
  byId(id: string): ClimateStation | undefined {
    return this.byIdMap.get(id);
  }

  /** A station by its v2 id (`3-G-0149190`, `0-94018`: PVWatts v8's file_id); an nsrdb v1 id is none. */
  byV2Id(id: string): ClimateStation | undefined {
    return this.byV2IdMap.get(id);
  }

  /**
   * The closest station of each dataset within `radiusMiles` of a point (0: whatever the distance);
   * null for a dataset with none in range.
   */
  async nearest(
    lat: number,
    lon: number,
    radiusMiles: number,
    datasets: readonly ClimateDataset[] = CLIMATE_DATASETS,
  ): Promise<Record<ClimateDataset, NearestStation | null>> {
    const limit = radiusMiles === 0 ? FARTHEST_METRES : radiusMiles * METRES_PER_MILE;
    const found: Record<ClimateDataset, NearestStation | null> = { tmy2: null, tmy3: null, intl: null, nsrdb: null };
    let pending = datasets.filter((dataset) => this.counts[dataset] > 0);
    let search = Math.min(FIRST_SEARCH_METRES, limit);
    while (pending.length > 0) {
      const rows = await this.search(pending, lat, lon, search, true);
      for (const row of rows) found[row.station.dataset] = row;
      pending = pending.filter((dataset) => found[dataset] === null);
      if (search >= limit) break;
      search = Math.min(search * 4, limit);
    }
    return found;
  }

  /** The closest station of one dataset within `radiusMiles` (0: whatever the distance), or null. */
  async nearestIn(dataset: ClimateDataset, lat: number, lon: number, radiusMiles: number): Promise<NearestStation | null> {
    return (await this.nearest(lat, lon, radiusMiles, [dataset]))[dataset];
  }

  /** Every station within `radiusMiles` (> 0), nearest first, ties by id. */
  async within(lat: number, lon: number, radiusMiles: number): Promise<NearestStation[]> {
    const datasets = CLIMATE_DATASETS.filter((dataset) => this.counts[dataset] > 0);
    if (datasets.length === 0) return [];
    return this.search(datasets, lat, lon, radiusMiles * METRES_PER_MILE, false);
  }

  /**
   * One query over the points table: within `metres` of a point, in the box around it, for the
   * datasets given; the closest of each (ties by id) or all of them, nearest first (ties by id: row
   * indexes follow dataset order and id, and ids begin with their dataset's digit).
   */
  private async search(datasets: readonly ClimateDataset[], lat: number, lon: number, metres: number, closestOnly: boolean): Promise<NearestStation[]> {
    const sql = new Sql();
    const point = { lat: sql.bind('lat', { value: lat, type: DOUBLE }), lon: sql.bind('lon', { value: lon, type: DOUBLE }) };
    const distance = haversineSql(point, { lat: 'lat', lon: 'lon' });
    const conditions = this.areaConditions(sql, lat, lon, metres);
    // Dataset numbers are our own constants, never request input.
    if (datasets.length < CLIMATE_DATASETS.length) conditions.push(`ds IN (${datasets.map((dataset) => CLIMATE_DATASETS.indexOf(dataset)).join(', ')})`);
    const within = sql.bind('metres', { value: metres, type: DOUBLE });
    const near = `SELECT ds, row_index, ${distance} AS distance FROM ${POINTS} ${whereAll(conditions)}`;
    const query = closestOnly
      ? `SELECT row_index, distance, round(distance)::INTEGER AS metres FROM (
           SELECT arg_min(row_index, (distance, row_index)) AS row_index, min(distance) AS distance FROM (${near}) WHERE distance <= ${within} GROUP BY ds)
         ORDER BY distance, row_index`
      : `SELECT row_index, distance, round(distance)::INTEGER AS metres FROM (${near}) WHERE distance <= ${within} ORDER BY distance, row_index`;
    const result = await this.db.query(query, sql.params);
    const rows = result.row_index ?? [];
    return rows.map((row, i) => ({
      station: this.stations[row as number]!,
      distance: result.distance![i] as number,
      distanceMetres: result.metres![i] as number,
    }));
  }

  /**
   * Narrows a scan to the circle's bounding box, by latitude and longitude ranges. Boxes over a pole
   * or across the antimeridian widen safely.
   */
  private areaConditions(sql: Sql, lat: number, lon: number, metres: number): string[] {
    if (metres >= FARTHEST_METRES) return [];
    const box = boxAround(lat, lon, metres / METRES_PER_DEGREE_LATITUDE);
    const latitudeBand = `lat BETWEEN ${sql.bind('south', { value: box.south, type: DOUBLE })} AND ${sql.bind('north', { value: box.north, type: DOUBLE })}`;
    if (box.longitudes === 'all') return [latitudeBand];
    const longitudes = box.longitudes
      .map(
        ([west, east], i) => `lon BETWEEN ${sql.bind(`west_${i}`, { value: west, type: DOUBLE })} AND ${sql.bind(`east_${i}`, { value: east, type: DOUBLE })}`,
      )
      .join(' OR ');
    return [latitudeBand, `(${longitudes})`];
  }
}
