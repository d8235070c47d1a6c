// The climate store's Parquet reading layer: one station's hourly weather, read from its shard by
// the catalog's row-group index. Each shard's footer is parsed once by hyparquet, on its first read,
// and kept compact (climate-shard-index.ts); a read is then one positioned read of the station's byte
// range, as the catalog records it, its column chunks decoded straight into the station's columns
// (climate-float-chunks.ts), or by hyparquet's parquetRead when a chunk holds what that does not read
// (hyparquet-compressors decompress zstd and gzip for both).
import { parquetRead, type AsyncBuffer, type DecodedArray } from 'hyparquet';
import { compressors } from 'hyparquet-compressors';
import { open } from 'node:fs/promises';
import type { WeatherData } from '../../model/weather.ts';
import type { ClimateStation } from '../../types/schemas.ts';
import { decodeFloatChunk } from './climate-float-chunks.ts';
import { CHUNK_FIELDS, HOURLY_COLUMNS, readShardIndex, rowGroupsMetadata, type HourlyColumn, type ShardIndex } from './climate-shard-index.ts';

/** Records per row group: one hourly year, as the pipeline writes them. */
const ROW_GROUP_RECORDS = 8760;
/** Columns of WeatherData the hourly table does not keep: NaN (the estimators do not use them). */
const ABSENT_COLUMNS = ['poa', 'twet', 'wdir', 'rh', 'snow', 'aod'] as const;
/** The NaN columns every station of a length shares (absent columns, and hourly columns a shard lacks). */
const sharedAbsent = new WeakSet<Float32Array>();

/** The bytes a station's weather holds: its hourly columns (the NaN columns are shared by every station, and not counted). */
export function weatherBytes(weather: WeatherData): number {
  let bytes = 0;
  for (const name of HOURLY_COLUMNS) if (!sharedAbsent.has(weather[name])) bytes += weather[name].byteLength;
  return bytes;
}

/** The bytes `offset` to `offset + length` of a file, read with one positioned read. */
async function readRange(path: string, offset: number, length: number): Promise<Uint8Array> {
  const bytes = new Uint8Array(length);
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
  return bytes;
}

/** Bytes `start` to `end` of the file, from the station's range read at `offset` (anything outside is an error: the catalog's range is wrong). */
function within(bytes: Uint8Array, offset: number, start: number, end: number): Uint8Array {
  if (start < offset || end > offset + bytes.byteLength)
    throw new Error(`bytes ${start}–${end} are outside the station's row groups (${offset}–${offset + bytes.byteLength})`);
  return bytes.subarray(start - offset, end - offset);
}

/** The station's range read at `offset`, as hyparquet's file of `byteLength` bytes: it may slice anywhere inside. */
function rangeFile(bytes: Uint8Array, byteLength: number, offset: number): AsyncBuffer {
  return {
    byteLength,
    slice(start, end = byteLength) {
      const part = within(bytes, offset, start, end);
      return part.byteLength === bytes.buffer.byteLength ? (bytes.buffer as ArrayBuffer) : part.slice().buffer;
    },
  };
}

/**
 * Decodes the station's column chunks straight into its columns (climate-float-chunks.ts); false
 * when one of them has what only hyparquet's parquetRead reads.
 */
function decodeDirect(index: ShardIndex, first: number, groups: number, bytes: Uint8Array, offset: number, columns: Float32Array[]): boolean {
  const count = index.names.length;
  for (let g = first; g < first + groups; g++) {
    for (let c = 0; c < count; c++) {
      const at = (g * count + c) * CHUNK_FIELDS;
      const start = index.chunks[at]! > 0 ? index.chunks[at]! : index.chunks[at + 1]!;
      const chunk = {
        bytes: within(bytes, offset, start, start + index.chunks[at + 2]!),
        codec: index.columns[c]!.codec,
        optional: index.optional[c]!,
        rows: index.rows[g]!,
      };
      if (!decodeFloatChunk(chunk, compressors, columns[c]!, (g - first) * ROW_GROUP_RECORDS)) return false;
    }
  }
  return true;
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

/** The station's columns as hyparquet's parquetRead reads them (nulls are NaN), into `columns`. */
async function readWithHyparquet(index: ShardIndex, first: number, groups: number, file: AsyncBuffer, columns: Float32Array[]): Promise<void> {
  const { names } = index;
  const records = groups * ROW_GROUP_RECORDS;
  const chunks = names.map(() => [] as Array<{ data: DecodedArray; rowStart: number }>);
  await parquetRead({
    file,
    metadata: rowGroupsMetadata(index, first, groups),
    columns: [...names],
    compressors,
    onChunk: ({ columnName, columnData, rowStart }) => chunks[names.indexOf(columnName as HourlyColumn)]!.push({ data: columnData, rowStart }),
  });
  for (const [c, name] of names.entries()) {
    let filled = 0;
    for (const { data, rowStart } of chunks[c]!) {
      if (rowStart < 0 || rowStart + data.length > records)
        throw new Error(`column ${name}: rows ${rowStart}–${rowStart + data.length} run past the station's ${records}`);
      filled += copyFloats(data, columns[c]!, rowStart);
    }
    if (filled !== records) throw new Error(`column ${name}: ${filled} values, not ${records}`);
  }
}

export class HourlyWeatherReader {
  /** Each shard's index, by manifest key: at most one per shard. */
  private readonly shards = new Map<string, Promise<ShardIndex>>();
  /** The NaN column of each length, shared. */
  private readonly absent = new Map<number, Float32Array>();

  constructor(
    /** Path of each hourly shard, by manifest key. */
    private readonly hourlyPaths: Record<string, string>,
  ) {}

  /**
   * One station's hourly weather in the reader's form (WeatherData: the file header as read, the
   * estimators' columns, the time mode), from one read of its row groups. Columns the hourly table
   * does not keep (poa, twet, wdir, rh, snow, aod), and pres and tdew when the shard was written
   * before they were kept, are NaN.
   */
  async read(station: ClimateStation): Promise<WeatherData> {
    const path = this.hourlyPaths[station.hourly_file];
    if (!path) throw new Error(`The manifest names no ${station.hourly_file} for climate station ${station.id}`);
    const records = station.records;
    let names: HourlyColumn[] = [];
    const columns: Float32Array[] = [];
    try {
      const index = await this.shardIndex(station.hourly_file, path);
      names = index.names;
      const first = station.hourly_row_group;
      const groups = records / ROW_GROUP_RECORDS;
      if (!Number.isInteger(groups) || first + groups > index.rows.length)
        throw new Error(`the catalog's row groups ${first}–${first + groups - 1} are not in the file's ${index.rows.length}`);
      for (let g = first; g < first + groups; g++)
        if (index.rows[g] !== ROW_GROUP_RECORDS) throw new Error(`row group ${g} has ${index.rows[g]} rows, not ${ROW_GROUP_RECORDS}`);
      const offset = Number(station.hourly_offset);
      const bytes = await readRange(path, offset, station.hourly_bytes);
      for (let c = 0; c < names.length; c++) columns[c] = new Float32Array(records);
      if (!decodeDirect(index, first, groups, bytes, offset, columns))
        await readWithHyparquet(index, first, groups, rangeFile(bytes, index.byteLength, offset), columns);
    } catch (error) {
      throw new Error(`${path}: climate station ${station.id}: ${(error as Error).message}`);
    }
    let absent = this.absent.get(records);
    if (!absent) {
      this.absent.set(records, (absent = new Float32Array(records).fill(Number.NaN)));
      sharedAbsent.add(absent);
    }
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
    for (const name of ABSENT_COLUMNS) weather[name] = absent;
    for (const name of HOURLY_COLUMNS) weather[name] = absent;
    for (const [i, name] of names.entries()) weather[name] = columns[i]!;
    return weather;
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

  /** Shards whose footer has been read (or is being read). */
  get indexedShards(): number {
    return this.shards.size;
  }
}
