// The climate catalog: every station and grid cell of the data set (tmy2, tmy3, intl, nsrdb), by its
// v1 id and by its v2 id, and the nearest-station search. The records are held column by column
// (climate-columns.ts), in the catalog's order (datasets in order tmy2, tmy3, intl, nsrdb; then id),
// a record a view of its row. The search is in memory: each dataset's stations are indexed by cells
// of a size fitted to its density (a few stations a cell), and a search looks in the box around the
// point, from a first reach of about two stations' spacing, growing 4× until the closest station of
// the dataset lies within the searched distance (then nothing outside the box can be closer) or the
// radius is reached. So a search measures about as many stations on a grid of 2,000,000 cells as on
// one of 1,000 (docs/storage.md, "The size of a national grid"). Distances are haversine metres
// (haversine.ts), the closest of equal distances the first in catalog order, as the SQL search this
// replaced answered.
import { v2IdOf } from '../../model/climate-ids.ts';
import { CLIMATE_DATASETS, type ClimateDataset } from '../../model/climate-datasets.ts';
import type { ClimateStation } from '../../types/schemas.ts';
import { type CatalogColumn, type ColumnDescription, codedText, readColumns, recordMaker, type SortedTexts } from './climate-columns.ts';
import type { Columns, Database } from './database.ts';
import { boxAround, type GeoBox } from './geo-box.ts';
import { FARTHEST_METRES, haversine, METRES_PER_DEGREE_LATITUDE, METRES_PER_MILE } from './haversine.ts';

export { CLIMATE_DATASETS, type ClimateDataset, type ClimateStation };

export interface NearestStation {
  station: ClimateStation;
  /** Haversine metres. */
  distance: number;
  /** `distance` rounded to whole metres (what the API prints). */
  distanceMetres: number;
}

/** Stations a cell of a dataset's index holds, on average. */
const STATIONS_PER_CELL = 4;
/** The first search reaches this many times a dataset's typical spacing (at least MIN_FIRST_SEARCH_METRES); each further one 4× as far. */
const FIRST_SEARCH_SPACINGS = 2;
const MIN_FIRST_SEARCH_METRES = 1000;
const RADIANS = Math.PI / 180;

/** A dataset's stations (rows `start` to `end` of the catalog) by cell: the rows of cell c are order[starts[c] … starts[c + 1]). */
class DatasetCells {
  private readonly south: number;
  private readonly west: number;
  private readonly degrees: number;
  private readonly rowCount: number;
  private readonly columnCount: number;
  private readonly starts: Int32Array;
  private readonly order: Int32Array;
  /** Where the search begins, metres. */
  readonly firstSearch: number;

  constructor(
    private readonly lat: Float64Array,
    private readonly lon: Float64Array,
    readonly start: number,
    readonly end: number,
  ) {
    let [south, north, west, east] = [90, -90, 180, -180];
    for (let row = start; row < end; row++) {
      south = Math.min(south, lat[row]!);
      north = Math.max(north, lat[row]!);
      west = Math.min(west, lon[row]!);
      east = Math.max(east, lon[row]!);
    }
    const count = end - start;
    const areaDeg2 = Math.max(north - south, 1e-3) * Math.max(east - west, 1e-3);
    this.degrees = Math.sqrt((areaDeg2 * STATIONS_PER_CELL) / count);
    this.south = south;
    this.west = west;
    this.rowCount = Math.floor((north - south) / this.degrees) + 1;
    this.columnCount = Math.floor((east - west) / this.degrees) + 1;
    const spacing = Math.sqrt((areaDeg2 * Math.cos(((south + north) / 2) * RADIANS)) / count) * METRES_PER_DEGREE_LATITUDE;
    this.firstSearch = Math.max(MIN_FIRST_SEARCH_METRES, FIRST_SEARCH_SPACINGS * spacing);
    this.starts = new Int32Array(this.rowCount * this.columnCount + 1);
    for (let row = start; row < end; row++) this.starts[this.cellOf(row) + 1]!++;
    for (let cell = 0; cell < this.rowCount * this.columnCount; cell++) this.starts[cell + 1]! += this.starts[cell]!;
    const next = this.starts.slice(0, -1);
    this.order = new Int32Array(count);
    for (let row = start; row < end; row++) this.order[next[this.cellOf(row)]!++] = row;
  }

  private cellOf(row: number): number {
    return this.rowAt(this.lat[row]!) * this.columnCount + this.columnAt(this.lon[row]!);
  }

  private rowAt(lat: number): number {
    return Math.min(this.rowCount - 1, Math.max(0, Math.floor((lat - this.south) / this.degrees)));
  }

  private columnAt(lon: number): number {
    return Math.min(this.columnCount - 1, Math.max(0, Math.floor((lon - this.west) / this.degrees)));
  }

  /**
   * Calls `visit(row, distance)` for every station within `metres` of the point and inside the box
   * around it (the box the SQL search narrowed to: every station within `metres` lies in it); every
   * station within `metres` when that reaches anywhere.
   */
  within(lat: number, lon: number, metres: number, visit: (row: number, distance: number) => void): void {
    if (metres >= FARTHEST_METRES) {
      for (let row = this.start; row < this.end; row++) visit(row, haversine(lat, lon, this.lat[row]!, this.lon[row]!));
      return;
    }
    const box = boxAround(lat, lon, metres / METRES_PER_DEGREE_LATITUDE);
    const longitudes = box.longitudes === 'all' ? [[-180, 180] as [number, number]] : box.longitudes;
    const north = this.south + this.rowCount * this.degrees;
    if (box.south > north || box.north < this.south) return;
    for (let row = this.rowAt(box.south), last = this.rowAt(box.north); row <= last; row++) {
      for (const [west, east] of longitudes) {
        if (east < this.west || west > this.west + this.columnCount * this.degrees) continue;
        const from = this.starts[row * this.columnCount + this.columnAt(west)]!;
        const to = this.starts[row * this.columnCount + this.columnAt(east) + 1]!;
        for (let i = from; i < to; i++) {
          const station = this.order[i]!;
          const stationLat = this.lat[station]!;
          const stationLon = this.lon[station]!;
          if (!inBox(box, stationLat, stationLon)) continue;
          const distance = haversine(lat, lon, stationLat, stationLon);
          if (distance <= metres) visit(station, distance);
        }
      }
    }
  }

  /** The closest station within `limit` metres (ties: the first row), or null. */
  closest(lat: number, lon: number, limit: number): { row: number; distance: number } | null {
    const best = { row: -1, distance: Number.POSITIVE_INFINITY };
    const visit = (row: number, distance: number) => {
      if (distance < best.distance || (distance === best.distance && row < best.row)) {
        best.row = row;
        best.distance = distance;
      }
    };
    for (let search = Math.min(this.firstSearch, limit); ; search = Math.min(search * 4, limit)) {
      this.within(lat, lon, search, visit);
      if (best.row >= 0) return best;
      if (search >= limit) return null;
    }
  }
}

/** Inside the box, as SQL's `lat BETWEEN south AND north AND (lon BETWEEN west AND east OR …)` is. */
function inBox(box: GeoBox, lat: number, lon: number): boolean {
  if (lat < box.south || lat > box.north) return false;
  if (box.longitudes === 'all') return true;
  for (const [west, east] of box.longitudes) if (lon >= west && lon <= east) return true;
  return false;
}

/** A dataset's place in catalog order, in SQL. */
const DATASET_RANK = `CASE dataset WHEN 'tmy2' THEN 0 WHEN 'tmy3' THEN 1 WHEN 'intl' THEN 2 ELSE 3 END`;
/** The catalog's order: datasets in order tmy2, tmy3, intl, nsrdb; then id. */
const CATALOG_ORDER = `${DATASET_RANK}, id`;

/** A catalog file not in catalog order (one written by hand): read again sorted. */
class NotInCatalogOrder extends Error {}

export class ClimateCatalog {
  private readonly counts: Record<ClimateDataset, number> = { tmy2: 0, tmy3: 0, intl: 0, nsrdb: 0 };
  private readonly cells = new Map<ClimateDataset, DatasetCells>();
  private readonly makeRecord: (row: number) => ClimateStation;
  private readonly views: Array<ClimateStation | undefined>;
  private all: ClimateStation[] | undefined;
  private constructor(
    readonly size: number,
    private readonly columns: ReadonlyMap<string, CatalogColumn>,
    lat: Float64Array,
    lon: Float64Array,
    /** Rows by v2 id. */
    private readonly v2Order: Int32Array,
  ) {
    this.makeRecord = recordMaker<ClimateStation>(columns);
    this.views = new Array(size);
    const dataset = columns.get('dataset');
    for (let row = 0; row < size; ) {
      const name = dataset!.at(row) as ClimateDataset;
      let end = row;
      while (end < size && dataset!.at(end) === name) end++;
      this.counts[name] = end - row;
      this.cells.set(name, new DatasetCells(lat, lon, row, end));
      row = end;
    }
  }

  /** Loads the catalog Parquet (none: an empty catalog). */
  static async load(db: Database, parquetPath: string | undefined): Promise<ClimateCatalog> {
    if (!parquetPath) return new ClimateCatalog(0, new Map(), new Float64Array(0), new Float64Array(0), new Int32Array(0));
    const source = `read_parquet('${parquetPath.replace(/'/g, "''")}')`;
    const [{ n }] = rowsOf(await db.query(`SELECT count(*)::INTEGER AS n FROM ${source}`, [], { prepare: false })) as Array<{ n: number }>;
    const described = rowsOf(await db.query(`DESCRIBE SELECT * FROM ${source}`, [], { prepare: false })) as Array<{ column_name: string; column_type: string }>;
    const texts = described.filter(({ column_type }) => column_type === 'VARCHAR').map(({ column_name }) => column_name);
    const distinct = texts.length
      ? rowsOf(
          await db.query(`SELECT ${texts.map((name, i) => `approx_count_distinct("${name}")::INTEGER AS d${i}`).join(', ')} FROM ${source}`, [], {
            prepare: false,
          }),
        )[0]!
      : {};
    const columns: ColumnDescription[] = [];
    const selected: string[] = [];
    for (const { column_name: name, column_type: type } of described) {
      const distinctValues = distinct[`d${texts.indexOf(name)}`] as number;
      // ids are unique (the schema says so): never coded, and the order is checked on them
      if (type === 'VARCHAR' && name !== 'id' && codedText(distinctValues, n)) {
        const values = (await db.query(`SELECT DISTINCT "${name}" AS value FROM ${source} WHERE "${name}" IS NOT NULL ORDER BY value`, [], { prepare: false }))
          .value as string[];
        columns.push({ name, kind: 'coded', values });
        // (a column of nulls alone has no value to code)
        selected.push(
          `coalesce(${values.length ? `enum_code(CAST("${name}" AS ENUM(${values.map(sqlText).join(', ')})))::INTEGER` : 'NULL'}, -1) AS "${name}"`,
        );
      } else if (type === 'BOOLEAN') {
        columns.push({ name, kind: 'coded', values: [false, true] });
        selected.push(`coalesce("${name}"::INTEGER, -1) AS "${name}"`);
      } else if (type === 'VARCHAR') {
        columns.push({ name, kind: 'text' });
        selected.push(`"${name}"`);
      } else {
        columns.push({ name, kind: 'number' });
        selected.push(`coalesce("${name}"::DOUBLE, 'NaN'::DOUBLE) AS "${name}"`);
      }
    }
    const select = `SELECT ${selected.join(', ')}, ${DATASET_RANK}::INTEGER AS dataset_rank FROM ${source}`;
    let read: Awaited<ReturnType<typeof readColumns>>;
    // a row's place in the catalog: its place in the file, or in the catalog's order when the file is not in it
    let rowSql = 'file_row_number';
    try {
      read = await readColumns(inCatalogOrder(db.streamTyped(select)), n, columns, ['lat', 'lon']);
    } catch (error) {
      if (!(error instanceof NotInCatalogOrder)) throw error;
      read = await readColumns(db.streamTyped(`${select} ORDER BY ${CATALOG_ORDER}`), n, columns, ['lat', 'lon']);
      rowSql = `row_number() OVER (ORDER BY ${CATALOG_ORDER}) - 1`;
    }
    const catalog = read.columns;
    // A catalog written before the v2 id existed: the pipeline's rule gives it.
    const v2 = catalog.get('id_v2');
    const [dataset, id, location] = ['dataset', 'id', 'header_location'].map((name) => catalog.get(name)!);
    catalog.set('id_v2', {
      at: (row) =>
        v2?.at(row) ?? v2IdOf({ dataset: dataset!.at(row) as ClimateDataset, id: id!.at(row) as string, header_location: location!.at(row) as string }),
      expression: (name) => `${name}.at(row)`,
    });
    // rows by v2 id, sorted by DuckDB (JavaScript would hold every id as a string while it sorts)
    const v2Order = new Int32Array(n);
    if (v2) {
      let at = 0;
      const byV2Id = `SELECT row::INTEGER AS row FROM (SELECT ${rowSql} AS row, id_v2 FROM read_parquet('${parquetPath.replace(/'/g, "''")}', file_row_number = true)) ORDER BY id_v2`;
      for await (const chunk of db.streamTyped(byV2Id)) {
        v2Order.set(chunk.row as Int32Array, at);
        at += chunk.row!.length;
      }
    } else {
      const ids = Array.from({ length: n }, (_, row) => catalog.get('id_v2')!.at(row) as string);
      v2Order.set(Array.from({ length: n }, (_, row) => row).sort((a, b) => (ids[a]! < ids[b]! ? -1 : ids[a]! > ids[b]! ? 1 : 0)));
    }
    return new ClimateCatalog(n, catalog, read.doubles.get('lat')!, read.doubles.get('lon')!, v2Order);
  }

  /** Every record, in catalog order (datasets in order tmy2, tmy3, intl, nsrdb; then id). */
  get stations(): ClimateStation[] {
    return (this.all ??= Array.from({ length: this.size }, (_, row) => this.record(row)));
  }

  /** The record of a row: one object a row, made when first asked for. */
  private record(row: number): ClimateStation {
    return (this.views[row] ??= this.makeRecord(row));
  }

  private v2IdAt(row: number): string {
    return this.columns.get('id_v2')!.at(row) as string;
  }

  count(dataset: ClimateDataset): number {
    return this.counts[dataset];
  }

  /** A station by its v1 id (`3-W105N040-W10502N4001`, `0-94018`: PVWatts v6's file_id). */
  byId(id: string): ClimateStation | undefined {
    const ids = this.columns.get('id') as SortedTexts;
    // each dataset's rows are in the order of their ids
    for (const cells of this.cells.values()) {
      const row = ids.find(id, cells.start, cells.end);
      if (row >= 0) return this.record(row);
    }
    return undefined;
  }

  /** A station by its v2 id (`3-G-0149190`, `0-94018`: PVWatts v8's file_id); an nsrdb v1 id is none. */
  byV2Id(id: string): ClimateStation | undefined {
    const at = binarySearch(0, this.size, id, (i) => this.v2IdAt(this.v2Order[i]!));
    return at < 0 ? undefined : this.record(this.v2Order[at]!);
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
    const found: Record<ClimateDataset, NearestStation | null> = { tmy2: null, tmy3: null, intl: null, nsrdb: null };
    for (const dataset of datasets) found[dataset] = this.closestIn(dataset, lat, lon, radiusMiles);
    return found;
  }

  /** The closest station of one dataset within `radiusMiles` (0: whatever the distance), or null. */
  async nearestIn(dataset: ClimateDataset, lat: number, lon: number, radiusMiles: number): Promise<NearestStation | null> {
    return this.closestIn(dataset, lat, lon, radiusMiles);
  }

  /** `nearestIn` without the promise: what an estimate's station is found with, in microseconds. */
  closestIn(dataset: ClimateDataset, lat: number, lon: number, radiusMiles: number): NearestStation | null {
    const limit = radiusMiles === 0 ? FARTHEST_METRES : radiusMiles * METRES_PER_MILE;
    const closest = this.cells.get(dataset)?.closest(lat, lon, limit);
    return closest ? this.nearestStation(closest.row, closest.distance) : null;
  }

  /** Every station within `radiusMiles` (> 0), nearest first, ties by catalog order. */
  async within(lat: number, lon: number, radiusMiles: number): Promise<NearestStation[]> {
    const found: Array<{ row: number; distance: number }> = [];
    for (const cells of this.cells.values()) cells.within(lat, lon, radiusMiles * METRES_PER_MILE, (row, distance) => found.push({ row, distance }));
    found.sort((a, b) => a.distance - b.distance || a.row - b.row);
    return found.map(({ row, distance }) => this.nearestStation(row, distance));
  }

  private nearestStation(row: number, distance: number): NearestStation {
    return { station: this.record(row), distance, distanceMetres: Math.round(distance) };
  }
}

/** The position of `key` among `keyAt(from)` … `keyAt(to - 1)`, which are in order; -1 when absent. */
function binarySearch(from: number, to: number, key: string, keyAt: (i: number) => string): number {
  let [low, high] = [from, to - 1];
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const value = keyAt(middle);
    if (value === key) return middle;
    if (value < key) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

/** A text as an SQL literal. */
const sqlText = (text: string) => `'${text.replace(/'/g, "''")}'`;

function rowsOf(columns: Columns): Array<Record<string, unknown>> {
  const names = Object.keys(columns);
  return Array.from({ length: columns[names[0]!]?.length ?? 0 }, (_, row) => Object.fromEntries(names.map((name) => [name, columns[name]![row]])));
}

/** The chunks, checked to be in catalog order (NotInCatalogOrder when they are not). */
async function* inCatalogOrder<Chunk extends Record<string, ArrayLike<unknown>>>(chunks: AsyncIterable<Chunk>): AsyncGenerator<Chunk> {
  let previous: [number, string] = [-1, ''];
  for await (const chunk of chunks) {
    const ranks = chunk.dataset_rank as Int32Array;
    const ids = chunk.id as readonly string[];
    for (let i = 0; i < ids.length; i++) {
      const current: [number, string] = [ranks[i]!, ids[i]!];
      if (current[0] < previous[0] || (current[0] === previous[0] && current[1] <= previous[1])) throw new NotInCatalogOrder();
      previous = current;
    }
    yield chunk;
  }
}
