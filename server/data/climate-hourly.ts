// The climate store's Parquet reading layer: one station's hourly weather, read from its shard by
// the catalog's row-group index. hyparquet decodes the station's row groups (hyparquet-compressors
// for zstd and gzip). Each shard's footer is parsed once, on its first read, and kept compact
// (climate-shard-index.ts); a read is then one positioned read of the station's byte range, as the
// catalog records it, served to hyparquet as its file.
import { parquetRead, type AsyncBuffer, type DecodedArray } from 'hyparquet';
import { compressors } from 'hyparquet-compressors';
import { open } from 'node:fs/promises';
import type { WeatherData } from '../../model/weather.ts';
import type { ClimateStation } from '../../types/schemas.ts';
import { HOURLY_COLUMNS, readShardIndex, rowGroupsMetadata, type HourlyColumn, type ShardIndex } from './climate-shard-index.ts';

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
      const file = await rangeFile(path, index.byteLength, Number(station.hourly_offset), station.hourly_bytes);
      const chunks = names.map(() => [] as Array<{ data: DecodedArray; rowStart: number }>);
      await parquetRead({
        file,
        metadata: rowGroupsMetadata(index, first, groups),
        columns: [...names],
        compressors,
        onChunk: ({ columnName, columnData, rowStart }) => chunks[names.indexOf(columnName as HourlyColumn)]!.push({ data: columnData, rowStart }),
      });
      for (const [c, name] of names.entries()) {
        const parts = chunks[c]!;
        const only = parts.length === 1 ? parts[0]! : undefined;
        // hyparquet's own Float32Array when it gives the whole column in one (REQUIRED columns); else a copy.
        if (only?.data instanceof Float32Array && only.rowStart === 0 && only.data.length === records) {
          columns[c] = only.data;
          continue;
        }
        const values = (columns[c] = new Float32Array(records));
        let filled = 0;
        for (const { data, rowStart } of parts) {
          if (rowStart < 0 || rowStart + data.length > records)
            throw new Error(`column ${name}: rows ${rowStart}–${rowStart + data.length} run past the station's ${records}`);
          filled += copyFloats(data, values, rowStart);
        }
        if (filled !== records) throw new Error(`column ${name}: ${filled} values, not ${records}`);
      }
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
