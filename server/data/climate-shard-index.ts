// What the climate store keeps of each hourly Parquet shard's footer: the schema and where each row
// group's column chunks lie, compact, so that a station's read needs no footer parsed again. A shard
// written before pres and tdew were stored has neither (OPTIONAL_COLUMNS); its index says so.
import { asyncBufferFromFile, parquetMetadataAsync, type ColumnMetaData, type Encoding, type FileMetaData, type RowGroup } from 'hyparquet';

/** The hourly Parquet's columns after `station`, in file order. */
export const HOURLY_COLUMNS = ['year', 'month', 'day', 'hour', 'minute', 'ghi', 'dni', 'dhi', 'tdry', 'wspd', 'alb', 'pres', 'tdew'] as const;
export type HourlyColumn = (typeof HOURLY_COLUMNS)[number];
/**
 * Columns a shard may lack: those added after data sets were first served (a data set built before
 * keeps being served; the store gives these columns as absent, NaN, as for a file without them).
 */
const OPTIONAL_COLUMNS: ReadonlySet<HourlyColumn> = new Set(['pres', 'tdew']);

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
  /** The HOURLY_COLUMNS the shard has, in that order: all but the OPTIONAL_COLUMNS it lacks. */
  names: HourlyColumn[];
  /** Each of `names`: what its chunks share in every row group (type, codec, path, encodings used). */
  columns: Array<Pick<ColumnMetaData, 'type' | 'codec' | 'path_in_schema' | 'encodings'>>;
  /** Each of `names`: OPTIONAL (its pages carry definition levels; what DuckDB writes), not REQUIRED. */
  optional: boolean[];
  /** Rows of each row group (a column chunk holds as many values: the columns are flat). */
  rows: Float64Array;
  /**
   * Per row group, per column of `names`: dictionary page offset (0: none, as in hyparquet),
   * data page offset, compressed and uncompressed bytes (Uint32 unless the file is 4 GiB or more).
   */
  chunks: Uint32Array | Float64Array;
}

/** Numbers kept per column chunk in ShardIndex.chunks. */
export const CHUNK_FIELDS = 4;

/** Parses a shard's footer with hyparquet and keeps its index. */
export async function readShardIndex(path: string): Promise<ShardIndex> {
  const file = await asyncBufferFromFile(path);
  const metadata = await parquetMetadataAsync(file);
  const { row_groups: rowGroups, num_rows: _rows, ...footer } = metadata;
  const leaves = new Map(metadata.schema.map((element) => [element.name, element]));
  const names = HOURLY_COLUMNS.filter((name) => !OPTIONAL_COLUMNS.has(name) || leaves.has(name));
  for (const name of names) {
    const element = leaves.get(name);
    if (element?.type !== 'FLOAT' || element.repetition_type === 'REPEATED')
      throw new Error(`${path}: column ${name} is ${element ? `${element.repetition_type} ${element.type}` : 'missing'}, not a FLOAT`);
  }
  const count = names.length;
  const columns: ShardIndex['columns'] = [];
  const encodings = names.map(() => new Set<Encoding>());
  const rows = new Float64Array(rowGroups.length);
  const chunks = new (file.byteLength < 2 ** 32 ? Uint32Array : Float64Array)(rowGroups.length * count * CHUNK_FIELDS);
  rowGroups.forEach((group, g) => {
    rows[g] = Number(group.num_rows);
    names.forEach((name, c) => {
      const chunk = group.columns.find((candidate) => candidate.meta_data?.path_in_schema.length === 1 && candidate.meta_data.path_in_schema[0] === name);
      const meta = chunk?.meta_data;
      if (!meta || chunk.file_path) throw new Error(`${path}: row group ${g} has no column chunk ${name} in this file`);
      const shared = (columns[c] ??= { type: meta.type, codec: meta.codec, path_in_schema: meta.path_in_schema, encodings: [] });
      if (meta.type !== shared.type || meta.codec !== shared.codec) throw new Error(`${path}: column ${name} changes type or compression at row group ${g}`);
      if (meta.num_values !== group.num_rows)
        throw new Error(`${path}: column ${name} has ${meta.num_values} values in row group ${g} of ${group.num_rows} rows`);
      for (const encoding of meta.encodings) encodings[c]!.add(encoding);
      chunks.set(
        [Number(meta.dictionary_page_offset ?? 0), Number(meta.data_page_offset), Number(meta.total_compressed_size), Number(meta.total_uncompressed_size)],
        (g * count + c) * CHUNK_FIELDS,
      );
    });
  });
  for (const [c, column] of columns.entries()) column.encodings = [...encodings[c]!];
  const optional = names.map((name) => leaves.get(name)!.repetition_type !== 'REQUIRED');
  return { byteLength: file.byteLength, footer, names, columns, optional, rows, chunks };
}

/** The FileMetaData of `count` row groups of a shard from `first`: what hyparquet reads a station with. */
export function rowGroupsMetadata(index: ShardIndex, first: number, count: number): FileMetaData {
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
