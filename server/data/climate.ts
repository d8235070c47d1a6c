// The climate data of the served data set: the catalog of stations and grid cells (tmy2, tmy3,
// intl, nsrdb) with nearest-station search in SQL, and each station's hourly weather, read from
// the hourly Parquet by the catalog's row-group index and kept in a bounded cache. The solar dataset
// query and the PVWatts estimator both use it.
//
// Hourly reads: hyparquet decodes the station's row groups (hyparquet-compressors for zstd and
// gzip). Each shard's footer is parsed once, on its first read, and kept in a compact form (where
// each row group's column chunks are); a read is then one positioned read of the station's byte
// range, as the catalog records it, served to hyparquet as its file.
//
// Nearest search: one in-memory DuckDB table of every station's position with a 0.5° cell index; a
// query looks in a box around the point (one query for all datasets), growing 4× until the closest
// station of each dataset lies within the searched distance (then nothing outside the box can be
// closer) or the radius is reached.
// Distances are haversine metres (haversine.ts), computed in SQL.
import { DOUBLE, INTEGER } from '@duckdb/node-api';
import { asyncBufferFromFile, parquetMetadataAsync, parquetRead, type AsyncBuffer, type ColumnMetaData, type DecodedArray, type Encoding, type FileMetaData, type RowGroup } from 'hyparquet';
import { compressors } from 'hyparquet-compressors';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import type { WeatherData } from '../../model/weather.ts';
import type { ClimateStation } from '../../types/schemas.ts';
import { ByteBoundedCache, type CacheStats } from './byte-bounded-cache.ts';
import type { Database } from './database.ts';
import { FARTHEST_METRES, haversineSql, METRES_PER_DEGREE_LATITUDE, METRES_PER_MILE } from './haversine.ts';
import { Sql, whereAll } from './sql.ts';

export type { ClimateStation };
export const CLIMATE_DATASETS = ['tmy2', 'tmy3', 'intl', 'nsrdb'] as const;
export type ClimateDataset = (typeof CLIMATE_DATASETS)[number];

const CELL_DEGREES = 0.5;
const CELLS_PER_ROW = 360 / CELL_DEGREES;
const MAX_INDEXED_CELLS = 64;
/** The first search reaches this far (or the radius); each further one 4× as far. */
const FIRST_SEARCH_METRES = 250_000;
const ROW_GROUP_RECORDS = 8760;
/** The hourly Parquet's columns after `station`, in file order. */
const HOURLY_COLUMNS = ['year', 'month', 'day', 'hour', 'minute', 'ghi', 'dni', 'dhi', 'tdry', 'wspd', 'alb'] as const;
/** Columns of WeatherData the hourly table does not keep: NaN (the estimator does not use them). */
const ABSENT_COLUMNS = ['poa', 'twet', 'tdew', 'wdir', 'rh', 'pres', 'snow', 'aod'] as const;

/** Default memory cap of the station cache; the server's `CLIMATE_CACHE_MB` setting gives another. */
export const DEFAULT_CACHE_MB = 256;
export const DEFAULT_CACHE_BYTES = DEFAULT_CACHE_MB * 1024 * 1024;

export interface NearestStation {
  station: ClimateStation;
  /** Haversine metres, as SQL computed it. */
  distance: number;
  /** `distance` rounded to whole metres (what the API prints). */
  distanceMetres: number;
}

/** Every station's position, dataset (as its index in CLIMATE_DATASETS) and cell, in one table. */
const POINTS = 'climate_points';

/**
 * What the store keeps of an hourly shard's footer. hyparquet parses a 512-station shard's footer
 * (about 0.5 MB of Thrift) in 50–200 ms into about 4 MB of objects, statistics and bloom filter
 * offsets of 6,144 column chunks included: kept whole, the footers of a 100,000-cell grid (196 shards)
 * would take some 800 MB. This keeps the schema and where each row group's HOURLY_COLUMNS chunks are
 * (about 100 kB a shard); a read builds the FileMetaData of just the station's row groups from it.
 */
export interface ShardIndex {
  /** The file's size. */
  byteLength: number;
  /** The footer's fields other than its row groups. */
  footer: Omit<FileMetaData, 'row_groups' | 'num_rows'>;
  /** Each of HOURLY_COLUMNS: what its chunks share in every row group (type, codec, path, encodings used). */
  columns: Array<Pick<ColumnMetaData, 'type' | 'codec' | 'path_in_schema' | 'encodings'>>;
  /** Rows of each row group (a column chunk holds as many values: the columns are flat). */
  rows: Float64Array;
  /**
   * Per row group, per column of HOURLY_COLUMNS: dictionary page offset (0: none, as in hyparquet),
   * data page offset, compressed and uncompressed bytes (Uint32 unless the file is 4 GiB or more).
   */
  chunks: Uint32Array | Float64Array;
}

const CHUNK_FIELDS = 4;

/** Parses a shard's footer with hyparquet and keeps its index. */
export async function readShardIndex(path: string): Promise<ShardIndex> {
  const file = await asyncBufferFromFile(path);
  const metadata = await parquetMetadataAsync(file);
  const { row_groups: rowGroups, num_rows: _rows, ...footer } = metadata;
  const leaves = new Map(metadata.schema.map((element) => [element.name, element]));
  for (const name of HOURLY_COLUMNS) {
    const element = leaves.get(name);
    if (element?.type !== 'FLOAT' || element.repetition_type === 'REPEATED') throw new Error(`${path}: column ${name} is ${element ? `${element.repetition_type} ${element.type}` : 'missing'}, not a FLOAT`);
  }
  const count = HOURLY_COLUMNS.length;
  const columns: ShardIndex['columns'] = [];
  const encodings = HOURLY_COLUMNS.map(() => new Set<Encoding>());
  const rows = new Float64Array(rowGroups.length);
  const chunks = new (file.byteLength < 2 ** 32 ? Uint32Array : Float64Array)(rowGroups.length * count * CHUNK_FIELDS);
  rowGroups.forEach((group, g) => {
    rows[g] = Number(group.num_rows);
    HOURLY_COLUMNS.forEach((name, c) => {
      const chunk = group.columns.find((candidate) => candidate.meta_data?.path_in_schema.length === 1 && candidate.meta_data.path_in_schema[0] === name);
      const meta = chunk?.meta_data;
      if (!meta || chunk.file_path) throw new Error(`${path}: row group ${g} has no column chunk ${name} in this file`);
      const shared = (columns[c] ??= { type: meta.type, codec: meta.codec, path_in_schema: meta.path_in_schema, encodings: [] });
      if (meta.type !== shared.type || meta.codec !== shared.codec) throw new Error(`${path}: column ${name} changes type or compression at row group ${g}`);
      if (meta.num_values !== group.num_rows) throw new Error(`${path}: column ${name} has ${meta.num_values} values in row group ${g} of ${group.num_rows} rows`);
      for (const encoding of meta.encodings) encodings[c]!.add(encoding);
      chunks.set([Number(meta.dictionary_page_offset ?? 0), Number(meta.data_page_offset), Number(meta.total_compressed_size), Number(meta.total_uncompressed_size)], (g * count + c) * CHUNK_FIELDS);
    });
  });
  columns.forEach((column, c) => (column.encodings = [...encodings[c]!]));
  return { byteLength: file.byteLength, footer, columns, rows, chunks };
}

/** The FileMetaData of `count` row groups of a shard from `first`: what hyparquet reads a station with. */
function rowGroupsMetadata(index: ShardIndex, first: number, count: number): FileMetaData {
  const rowGroups: RowGroup[] = [];
  let rows = 0n;
  for (let g = first; g < first + count; g++) {
    let bytes = 0n;
    const groupRows = BigInt(index.rows[g]!);
    const columns = index.columns.map((column, c) => {
      const at = (g * index.columns.length + c) * CHUNK_FIELDS;
      const chunk = index.chunks;
      const meta: ColumnMetaData = {
        ...column,
        data_page_offset: BigInt(chunk[at + 1]!),
        total_compressed_size: BigInt(chunk[at + 2]!),
        total_uncompressed_size: BigInt(chunk[at + 3]!),
        num_values: groupRows,
      };
      if (chunk[at]! > 0) meta.dictionary_page_offset = BigInt(chunk[at]!);
      bytes += meta.total_uncompressed_size;
      return { file_offset: 0n, meta_data: meta };
    });
    rows += groupRows;
    rowGroups.push({ columns, num_rows: groupRows, total_byte_size: bytes });
  }
  return { ...index.footer, num_rows: rows, row_groups: rowGroups };
}

/**
 * The bytes `offset` to `offset + length` of a file, read with one positioned read, as hyparquet's
 * file: it may slice anywhere inside them (anything outside is an error: the catalog's range is
 * wrong).
 */
async function rangeFile(path: string, byteLength: number, offset: number, length: number): Promise<AsyncBuffer> {
  const buffer = new ArrayBuffer(length);
  const bytes = new Uint8Array(buffer);
  const handle = await open(path, 'r');
  try {
    let read = 0;
    while (read < length) {
      const { bytesRead } = await handle.read(bytes, read, length - read, offset + read);
      if (bytesRead === 0) throw new Error(`file ends before byte ${offset + length}`);
      read += bytesRead;
    }
  } finally {
    await handle.close();
  }
  return {
    byteLength,
    slice(start, end = byteLength) {
      if (start < offset || end > offset + length) throw new Error(`bytes ${start}–${end} are outside the station's row groups (${offset}–${offset + length})`);
      return start === offset && end === offset + length ? buffer : buffer.slice(start - offset, end - offset);
    },
  };
}

/** Values `from`… of a float column into `target` (nulls are NaN); returns how many. */
function copyFloats(data: DecodedArray, target: Float32Array, from: number): number {
  if (data instanceof Float32Array) {
    target.set(data, from);
    return data.length;
  }
  const values = data as ArrayLike<number | null>;
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    target[from + i] = value === null || value === undefined ? Number.NaN : value;
  }
  return values.length;
}

interface ManifestLike {
  datasets: Record<string, { files: Record<string, { path: string }> } | undefined>;
}

export class ClimateStore {
  private readonly byIdMap = new Map<string, ClimateStation>();
  private readonly counts: Record<ClimateDataset, number> = { tmy2: 0, tmy3: 0, intl: 0, nsrdb: 0 };
  private readonly absent = new Map<number, Float32Array>();
  /** Each hourly shard's index (its parsed footer, compacted), by manifest key: at most one per shard. */
  private readonly shards = new Map<string, Promise<ShardIndex>>();
  private readonly cache: ByteBoundedCache<WeatherData>;

  private constructor(
    private readonly db: Database,
    /** Catalog records by row index (datasets in order tmy2, tmy3, intl, nsrdb; then id). */
    readonly stations: ClimateStation[],
    /** Path of each hourly shard, by manifest key. */
    private readonly hourlyPaths: Record<string, string>,
    cacheBytes: number,
  ) {
    this.cache = new ByteBoundedCache(cacheBytes, { bytes: (weather) => HOURLY_COLUMNS.length * weather.length * 4 });
    for (const station of stations) {
      this.byIdMap.set(station.id, station);
      this.counts[station.dataset]++;
    }
  }

  /** Loads the catalog of a data set directory (empty when it has none). */
  static async load(db: Database, dir: string, manifest: ManifestLike, options: { cacheBytes?: number } = {}): Promise<ClimateStore> {
    const files = manifest.datasets.climate?.files ?? {};
    const hourlyPaths: Record<string, string> = {};
    for (const [key, file] of Object.entries(files)) if (key.startsWith('hourly-')) hourlyPaths[key] = join(dir, file.path);
    const cacheBytes = options.cacheBytes ?? DEFAULT_CACHE_BYTES;
    const catalog = files.stations ? join(dir, files.stations.path) : undefined;
    if (!catalog) return new ClimateStore(db, [], hourlyPaths, cacheBytes);
    const source = `read_parquet('${catalog.replace(/'/g, "''")}')`;
    await db.execute(`CREATE OR REPLACE TABLE climate_stations AS
      SELECT (row_number() OVER (ORDER BY CASE dataset WHEN 'tmy2' THEN 0 WHEN 'tmy3' THEN 1 WHEN 'intl' THEN 2 ELSE 3 END, id) - 1)::INTEGER AS row_index, *
      FROM ${source}`);
    await db.execute(`CREATE OR REPLACE TABLE ${POINTS} AS
      SELECT (CASE dataset WHEN 'tmy2' THEN 0 WHEN 'tmy3' THEN 1 WHEN 'intl' THEN 2 ELSE 3 END)::INTEGER AS ds, row_index, lat, lon,
             (floor((lat + 90) / ${CELL_DEGREES}) * ${CELLS_PER_ROW} + least(floor((lon + 180) / ${CELL_DEGREES}), ${CELLS_PER_ROW - 1}))::INTEGER AS cell
      FROM climate_stations ORDER BY cell, row_index`);
    await db.execute(`CREATE INDEX ${POINTS}_cell ON ${POINTS} (cell)`);
    const columns = await db.query(`SELECT * EXCLUDE (row_index), hourly_offset::DOUBLE AS hourly_offset FROM climate_stations ORDER BY row_index`);
    const names = Object.keys(columns);
    const count = columns.id?.length ?? 0;
    const stations: ClimateStation[] = new Array(count);
    for (let row = 0; row < count; row++) {
      const record: Record<string, unknown> = {};
      for (const name of names) record[name] = columns[name]![row];
      stations[row] = record as unknown as ClimateStation;
    }
    await db.execute('DROP TABLE climate_stations');
    return new ClimateStore(db, stations, hourlyPaths, cacheBytes);
  }

  get size(): number {
    return this.stations.length;
  }

  count(dataset: ClimateDataset): number {
    return this.counts[dataset];
  }

  /** A station by its id (`0-94018`, the estimator's file_id). */
  byId(id: string): ClimateStation | undefined {
    return this.byIdMap.get(id);
  }

  /**
   * The closest station of each dataset within `radiusMiles` of a point (0: whatever the distance);
   * null for a dataset with none in range.
   */
  async nearest(lat: number, lon: number, radiusMiles: number, datasets: readonly ClimateDataset[] = CLIMATE_DATASETS): Promise<Record<ClimateDataset, NearestStation | null>> {
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
    return rows.map((row, i) => ({ station: this.stations[row as number]!, distance: result.distance![i] as number, distanceMetres: result.metres![i] as number }));
  }

  /**
   * Narrows a scan to the circle's bounding box: by the cell index when it covers few cells, else
   * by latitude and longitude ranges. Boxes over a pole or across the antimeridian widen safely.
   */
  private areaConditions(sql: Sql, lat: number, lon: number, metres: number): string[] {
    if (metres >= FARTHEST_METRES) return [];
    const latitudeDelta = metres / METRES_PER_DEGREE_LATITUDE;
    const south = lat - latitudeDelta;
    const north = lat + latitudeDelta;
    if (south <= -90 || north >= 90) {
      return [`lat BETWEEN ${sql.bind('south', { value: Math.max(-90, south), type: DOUBLE })} AND ${sql.bind('north', { value: Math.min(90, north), type: DOUBLE })}`];
    }
    const longitudeDelta = latitudeDelta / Math.cos((Math.max(Math.abs(south), Math.abs(north)) * Math.PI) / 180);
    if (longitudeDelta >= 180) return [`lat BETWEEN ${sql.bind('south', { value: south, type: DOUBLE })} AND ${sql.bind('north', { value: north, type: DOUBLE })}`];
    const west = lon - longitudeDelta;
    const east = lon + longitudeDelta;
    const ranges: Array<[number, number]> = west < -180 ? [[west + 360, 180], [-180, east]] : east > 180 ? [[west, 180], [-180, east - 360]] : [[west, east]];
    const rowsFrom = Math.floor((south + 90) / CELL_DEGREES);
    const rowsTo = Math.floor((north + 90) / CELL_DEGREES);
    const columnSpans = ranges.map(([from, to]) => [Math.floor((from + 180) / CELL_DEGREES), Math.min(Math.floor((to + 180) / CELL_DEGREES), CELLS_PER_ROW - 1)] as const);
    const cellCount = (rowsTo - rowsFrom + 1) * columnSpans.reduce((sum, [from, to]) => sum + to - from + 1, 0);
    if (cellCount <= MAX_INDEXED_CELLS) {
      const cells: number[] = [];
      for (let row = rowsFrom; row <= rowsTo; row++) for (const [from, to] of columnSpans) for (let column = from; column <= to; column++) cells.push(row * CELLS_PER_ROW + column);
      // Padded to a power of two with an impossible cell, so that few statement shapes get prepared.
      const size = 2 ** Math.ceil(Math.log2(cells.length));
      while (cells.length < size) cells.push(-1);
      return [`cell IN (${cells.map((cell, i) => sql.bind(`cell_${i}`, { value: cell, type: INTEGER })).join(', ')})`];
    }
    const longitudes = ranges.map(([from, to], i) => `lon BETWEEN ${sql.bind(`west_${i}`, { value: from, type: DOUBLE })} AND ${sql.bind(`east_${i}`, { value: to, type: DOUBLE })}`).join(' OR ');
    return [`lat BETWEEN ${sql.bind('south', { value: south, type: DOUBLE })} AND ${sql.bind('north', { value: north, type: DOUBLE })}`, `(${longitudes})`];
  }

  /**
   * One station's hourly weather in the reader's form (WeatherData: the file header as read, the
   * estimator's columns, the time mode), from the cache or one read of its row groups. The arrays
   * are shared with the cache: treat them as read-only. Columns the hourly table does not keep
   * (poa, twet, tdew, wdir, rh, pres, snow, aod) are NaN.
   */
  async weather(stationOrId: ClimateStation | string): Promise<WeatherData> {
    const station = typeof stationOrId === 'string' ? this.byId(stationOrId) : stationOrId;
    if (!station) throw new Error(`No climate station ${String(stationOrId)}`);
    return this.cache.load(station.id, () => this.readWeather(station));
  }

  /** A shard's index, its footer parsed on first use (once, however many reads wait for it). */
  private shardIndex(key: string, path: string): Promise<ShardIndex> {
    let index = this.shards.get(key);
    if (!index) {
      index = readShardIndex(path);
      this.shards.set(key, index);
      index.catch(() => this.shards.delete(key));
    }
    return index;
  }

  private async readWeather(station: ClimateStation): Promise<WeatherData> {
    const path = this.hourlyPaths[station.hourly_file];
    if (!path) throw new Error(`The manifest names no ${station.hourly_file} for climate station ${station.id}`);
    const records = station.records;
    const columns: Float32Array[] = new Array(HOURLY_COLUMNS.length);
    try {
      const index = await this.shardIndex(station.hourly_file, path);
      const first = station.hourly_row_group;
      const groups = records / ROW_GROUP_RECORDS;
      if (!Number.isInteger(groups) || first + groups > index.rows.length) throw new Error(`the catalog's row groups ${first}–${first + groups - 1} are not in the file's ${index.rows.length}`);
      for (let g = first; g < first + groups; g++) if (index.rows[g] !== ROW_GROUP_RECORDS) throw new Error(`row group ${g} has ${index.rows[g]} rows, not ${ROW_GROUP_RECORDS}`);
      const file = await rangeFile(path, index.byteLength, Number(station.hourly_offset), station.hourly_bytes);
      const chunks = HOURLY_COLUMNS.map(() => [] as Array<{ data: DecodedArray; rowStart: number }>);
      await parquetRead({
        file,
        metadata: rowGroupsMetadata(index, first, groups),
        columns: [...HOURLY_COLUMNS],
        compressors,
        onChunk: ({ columnName, columnData, rowStart }) => chunks[HOURLY_COLUMNS.indexOf(columnName as (typeof HOURLY_COLUMNS)[number])]!.push({ data: columnData, rowStart }),
      });
      HOURLY_COLUMNS.forEach((name, c) => {
        const parts = chunks[c]!;
        const only = parts.length === 1 ? parts[0]! : undefined;
        // hyparquet's own Float32Array when it gives the whole column in one (REQUIRED columns); else a copy.
        if (only?.data instanceof Float32Array && only.rowStart === 0 && only.data.length === records) return void (columns[c] = only.data);
        const values = (columns[c] = new Float32Array(records));
        let filled = 0;
        for (const { data, rowStart } of parts) {
          if (rowStart < 0 || rowStart + data.length > records) throw new Error(`column ${name}: rows ${rowStart}–${rowStart + data.length} run past the station's ${records}`);
          filled += copyFloats(data, values, rowStart);
        }
        if (filled !== records) throw new Error(`column ${name}: ${filled} values, not ${records}`);
      });
    } catch (error) {
      throw new Error(`${path}: climate station ${station.id}: ${(error as Error).message}`);
    }
    let absent = this.absent.get(records);
    if (!absent) this.absent.set(records, (absent = new Float32Array(records).fill(Number.NaN)));
    const weather = {
      format: station.format,
      header: {
        location: station.header_location,
        city: station.header_city,
        state: station.header_state,
        country: station.header_country,
        lat: station.header_lat,
        lon: station.header_lon,
        tz: station.header_tz,
        elev: station.header_elev,
        source: station.header_source,
      },
      stepSeconds: station.step_seconds,
      hasMinuteColumn: station.has_minute_column,
      length: records,
    } as WeatherData;
    HOURLY_COLUMNS.forEach((name, i) => (weather[name] = columns[i]!));
    for (const name of ABSENT_COLUMNS) weather[name] = absent;
    return weather;
  }

  /** Shards whose footer has been read (or is being read). */
  get indexedShards(): number {
    return this.shards.size;
  }

  cacheStats(): CacheStats {
    return this.cache.stats();
  }
}
