// Writing the climate data set: the hourly weather (schemas/climate-hourly.schema.json) as
// `climate.hourly-NNNN`, sorted by station, in shards of up to SHARD_STATIONS stations, each
// station's 8760 records exactly one row group (k row groups for 8760·k records); and the catalog,
// `climate.stations` (schemas/climate-station.schema.json), which keeps each station's shard, row
// group, byte offset and length: the server reads one station by that index, touching nothing else.
//
// A table function hands DuckDB each station's rows in chunks that end exactly at its
// row-group boundaries (4 × 2048 + 568 = 8760), so COPY ... (ROW_GROUP_SIZE 8760) writes one row
// group per station-year.
import { DuckDBInstance, DuckDBTableFunction, FLOAT, INTEGER, type DuckDBConnection, type DuckDBDataChunk, type DuckDBVector } from '../../model/duckdb.ts';
import { renameSync } from 'node:fs';
import { join } from 'node:path';
import { schemaById, validatorFor } from '../../schemas/registry.ts';
import type { ClimateStation } from '../../types/schemas.ts';
import { columnsFromSchema, type DataSetWriter, sha256File } from '../dataset-writer.ts';
import { describeIssue, type Issue } from '../issues.ts';
import { progress } from '../progress.ts';
import { HOURLY_COLUMNS, type HourlyColumn, type HourlyColumns } from '../sample/climate.ts';
import { recordIssues } from '../validate.ts';
import { ClimateInputError, DATASET, ROW_GROUP_RECORDS, STATION_SCHEMA, type StationDraft, type StationInput } from './climate-records.ts';

/** DuckDB's vector size: the most rows a chunk of the writing table function holds. */
const CHUNK_ROWS = 2048;
export const SHARD_STATIONS = 512;
/** The compression of the hourly Parquet (the store's row-group reader decodes it). */
const HOURLY_COMPRESSION = 'zstd';

const STATION_COLUMNS = columnsFromSchema(schemaById(STATION_SCHEMA));
const validateStation = validatorFor(STATION_SCHEMA);

/** A station written into a shard. */
interface WrittenStation {
  draft: StationDraft;
  stationIndex: number;
  /** Row group of the station's first record within the shard. */
  rowGroup: number;
}

interface ShardState {
  inputs: StationInput[];
  /** The hourly columns written after `station`. */
  columns: readonly HourlyColumn[];
  firstIndex: number;
  next: number;
  current?: { columns: HourlyColumns; stationIndex: number; offset: number; records: number };
  written: WrittenStation[];
  rowGroups: number;
  problems: Issue[];
  rejected: StationInput[];
  onStation?: () => void;
  /** Each station's hourly columns as they are read, before its rows are written. */
  onLoaded?: (draft: StationDraft, columns: HourlyColumns) => void;
}

const shards = new Map<number, ShardState>();

/** Float32 payload of a FLOAT vector (the node-api keeps it private; written back by `flush`). */
function floatItems(vector: DuckDBVector): Float32Array {
  const items = (vector as unknown as { items?: unknown }).items;
  if (!(items instanceof Float32Array)) throw new Error('@duckdb/node-api: FLOAT vector has no Float32Array items');
  return items;
}

function intItems(vector: DuckDBVector): Int32Array {
  const items = (vector as unknown as { items?: unknown }).items;
  if (!(items instanceof Int32Array)) throw new Error('@duckdb/node-api: INTEGER vector has no Int32Array items');
  return items;
}

function nextStation(state: ShardState): boolean {
  while (state.next < state.inputs.length) {
    const position = state.next++;
    const input = state.inputs[position]!;
    try {
      const columns = input.load();
      state.onLoaded?.(input.draft, columns);
      state.current = { columns, stationIndex: state.firstIndex + position, offset: 0, records: input.draft.records };
      state.written.push({ draft: input.draft, stationIndex: state.firstIndex + position, rowGroup: state.rowGroups });
      state.rowGroups += input.draft.records / ROW_GROUP_RECORDS;
      state.onStation?.();
      return true;
    } catch (error) {
      if (!(error instanceof ClimateInputError)) throw error;
      state.problems.push(...error.issues);
      state.rejected.push(input);
      state.onStation?.();
    }
  }
  state.current = undefined;
  return false;
}

function fillChunk(state: ShardState, output: DuckDBDataChunk): void {
  if ((!state.current || state.current.offset === state.current.records) && !nextStation(state)) {
    output.rowCount = 0;
    return;
  }
  const current = state.current!;
  const inBlock = current.offset % ROW_GROUP_RECORDS;
  const rows = Math.min(CHUNK_ROWS, ROW_GROUP_RECORDS - inBlock);
  output.rowCount = rows;
  const stationVector = output.getColumnVector(0);
  intItems(stationVector).fill(current.stationIndex, 0, rows);
  stationVector.flush();
  state.columns.forEach((name, i) => {
    const vector = output.getColumnVector(i + 1);
    floatItems(vector).set(current.columns[name].subarray(current.offset, current.offset + rows));
    vector.flush();
  });
  current.offset += rows;
}

const hourlyRows = DuckDBTableFunction.create({
  name: 'climate_hourly_rows',
  parameterTypes: [INTEGER],
  bindFunction: (bind) => {
    const shard = bind.getParameter(0) as number;
    const state = shards.get(shard);
    if (!state) return bind.setError(`no climate shard ${shard} is being written`);
    bind.setBindData({ shard });
    bind.addResultColumn('station', INTEGER);
    for (const name of state.columns) bind.addResultColumn(name, FLOAT);
  },
  initFunction: (init) => {
    init.setInitData({ shard: (init.getBindData() as { shard: number }).shard });
    init.setMaxThreads(1);
  },
  mainFunction: (info, output) => {
    const state = shards.get((info.getInitData() as { shard: number }).shard)!;
    try {
      fillChunk(state, output);
    } catch (error) {
      output.rowCount = 0;
      info.setError(error instanceof Error ? error.message : String(error));
    }
  },
});

let shardSequence = 0;

export interface ClimateWriteResult {
  stations: ClimateStation[];
  problems: Issue[];
  rejected: StationInput[];
}

/** Byte range of each row group of a Parquet file (every column chunk of a row group is contiguous). */
async function rowGroupRanges(
  connection: DuckDBConnection,
  path: string,
): Promise<Array<{ offset: number; bytes: number; rows: number; min: string; max: string }>> {
  const result = await connection.runAndReadAll(
    `SELECT row_group_id::INTEGER AS rg, row_group_num_rows::INTEGER AS rows,
            min(coalesce(dictionary_page_offset, data_page_offset))::BIGINT AS first,
            max(coalesce(dictionary_page_offset, data_page_offset) + total_compressed_size)::BIGINT AS last,
            sum(total_compressed_size)::BIGINT AS compressed,
            any_value(stats_min) FILTER (WHERE path_in_schema = 'station') AS min,
            any_value(stats_max) FILTER (WHERE path_in_schema = 'station') AS max
     FROM parquet_metadata('${path.replace(/'/g, "''")}') GROUP BY row_group_id, row_group_num_rows ORDER BY row_group_id`,
  );
  return result.getRowObjectsJS().map((row) => {
    const first = Number(row.first);
    const last = Number(row.last);
    if (last - first !== Number(row.compressed)) throw new Error(`${path}: row group ${row.rg} is not contiguous`);
    return { offset: first, bytes: last - first, rows: row.rows as number, min: String(row.min), max: String(row.max) };
  });
}

/**
 * Writes the hourly shards of `inputs` (in order; station_index = position) and returns their
 * catalog records with the row-group index filled in. Files that fail their checks are skipped
 * and returned as problems.
 */
export async function writeClimate(
  writer: DataSetWriter,
  inputs: StationInput[],
  options: {
    label?: string;
    parallel?: number;
    /** DuckDB's threads (2 unless said): the build gives it the cores its solar resource workers leave. */
    duckdbThreads?: number;
    compression?: 'zstd' | 'gzip' | 'uncompressed';
    /** The hourly columns to write (all of them unless said: fewer only for tests of data sets an earlier version wrote). */
    hourlyColumns?: readonly HourlyColumn[];
    /** Called with each station's draft and hourly columns once read (the solar resource is computed there). */
    onLoaded?: (draft: StationDraft, columns: HourlyColumns) => void;
  } = {},
): Promise<ClimateWriteResult> {
  const instance = await DuckDBInstance.create(':memory:', { threads: String(options.duckdbThreads ?? 2), preserve_insertion_order: 'true' });
  const parallel = options.parallel ?? 2;
  const connections: DuckDBConnection[] = [];
  for (let i = 0; i < parallel; i++) {
    const connection = await instance.connect();
    connection.registerTableFunction(hourlyRows);
    connections.push(connection);
  }
  const bar = progress(options.label ?? 'writing climate hourly', inputs.length);
  const shardCount = Math.ceil(inputs.length / SHARD_STATIONS);
  const states: ShardState[] = [];
  const written: Array<{ key: string; path: string; ranges: Awaited<ReturnType<typeof rowGroupRanges>> }> = [];
  const keys: number[] = [];
  try {
    let nextShard = 0;
    const worker = async (connection: DuckDBConnection) => {
      while (nextShard < shardCount) {
        const shard = nextShard++;
        const state: ShardState = {
          inputs: inputs.slice(shard * SHARD_STATIONS, (shard + 1) * SHARD_STATIONS),
          columns: options.hourlyColumns ?? HOURLY_COLUMNS,
          firstIndex: shard * SHARD_STATIONS,
          next: 0,
          written: [],
          rowGroups: 0,
          problems: [],
          rejected: [],
          onStation: () => bar.tick(),
          onLoaded: options.onLoaded,
        };
        states[shard] = state;
        const key = ++shardSequence;
        keys[shard] = key;
        shards.set(key, state);
        const temporary = join(writer.workDir, `${DATASET}.hourly-${String(shard).padStart(4, '0')}.parquet`);
        try {
          await connection.run(
            `COPY (SELECT * FROM climate_hourly_rows(${key})) TO '${temporary.replace(/'/g, "''")}' (FORMAT parquet, COMPRESSION ${options.compression ?? HOURLY_COMPRESSION}, ROW_GROUP_SIZE ${ROW_GROUP_RECORDS})`,
          );
        } finally {
          shards.delete(key);
        }
        if (state.written.length === 0) continue;
        written[shard] = { key: `hourly-${String(shard).padStart(4, '0')}`, path: temporary, ranges: await rowGroupRanges(connection, temporary) };
      }
    };
    await Promise.all(connections.map(worker));
  } finally {
    bar.done();
    for (const connection of connections) connection.closeSync();
    instance.closeSync();
  }

  const stations: ClimateStation[] = [];
  const problems: Issue[] = [];
  const rejected: StationInput[] = [];
  for (let shard = 0; shard < shardCount; shard++) {
    const state = states[shard]!;
    problems.push(...state.problems);
    rejected.push(...state.rejected);
    const file = written[shard];
    if (!file) continue;
    const sha256 = await sha256File(file.path);
    const path = `${DATASET}.${file.key}-${sha256.slice(0, 12)}.parquet`;
    renameSync(file.path, join(writer.workDir, path));
    const rows = file.ranges.reduce((sum, range) => sum + range.rows, 0);
    writer.dataset(DATASET).files[file.key] = { path, rows, sha256 };
    for (const station of state.written) {
      const groups = station.draft.records / ROW_GROUP_RECORDS;
      const first = file.ranges[station.rowGroup];
      const last = file.ranges[station.rowGroup + groups - 1];
      for (let g = 0; g < groups; g++) {
        const range = file.ranges[station.rowGroup + g];
        if (!range || range.rows !== ROW_GROUP_RECORDS || range.min !== String(station.stationIndex) || range.max !== String(station.stationIndex)) {
          throw new Error(`${path}: row group ${station.rowGroup + g} does not hold exactly station ${station.stationIndex}'s records`);
        }
      }
      stations.push({
        ...station.draft,
        station_index: station.stationIndex,
        hourly_file: file.key,
        hourly_row_group: station.rowGroup,
        hourly_offset: first!.offset,
        hourly_bytes: last!.offset + last!.bytes - first!.offset,
      });
    }
  }
  return { stations, problems, rejected };
}

/**
 * Writes the catalog table, sorted by dataset order then id, each record checked as it is written:
 * the records are never all held at once (a national grid has 2,000,000; DuckDB sorts them within
 * its memory limit).
 */
export async function writeCatalog(writer: DataSetWriter, stations: Iterable<ClimateStation>): Promise<void> {
  function* checked(): Generator<Record<string, unknown>> {
    let index = 0;
    for (const station of stations) {
      const issues = recordIssues(validateStation, station as unknown as Record<string, unknown>, { file: station.source_file, record: index++ });
      if (issues.length) throw new Error(`climate catalog record ${station.id} is invalid: ${issues.map(describeIssue).join('; ')}`);
      yield station as unknown as Record<string, unknown>;
    }
  }
  const order = `CASE dataset WHEN 'tmy2' THEN 0 WHEN 'tmy3' THEN 1 WHEN 'intl' THEN 2 ELSE 3 END, id`;
  await writer.writeParquet(DATASET, 'stations', STATION_COLUMNS, checked(), order);
}
