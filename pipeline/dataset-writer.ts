// Writes a data set's tables as Parquet through DuckDB into a temporary directory beside the
// output, then swaps it in: content-addressed file names, then manifest.json replaced by a rename.
// A failed or interrupted build leaves the last good data set exactly as it was.
import {
  BOOLEAN,
  DOUBLE,
  DuckDBInstance,
  DuckDBTableFunction,
  FLOAT,
  INTEGER,
  VARCHAR,
  type DuckDBAppender,
  type DuckDBConnection,
  type DuckDBValue,
} from '../model/duckdb.ts';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { storedAsJson, type JsonSchema } from '../schemas/json-schema.ts';
import { processIsRunning, withOutDirLock, withOutDirLockNow, type LockOptions } from './out-dir-lock.ts';

export type SqlType = 'INTEGER' | 'BIGINT' | 'DOUBLE' | 'FLOAT' | 'BOOLEAN' | 'VARCHAR' | 'DATE' | 'TIMESTAMP' | 'VARCHAR[]' | 'JSON';

export interface ColumnSpec {
  name: string;
  type: SqlType;
}

/**
 * Parquet columns for a record schema: one column per property, typed as the schema says (`format:
 * int64` is BIGINT, `format: float` FLOAT; a list of strings VARCHAR[], a list of anything else JSON).
 */
export function columnsFromSchema(schema: JsonSchema): ColumnSpec[] {
  return Object.entries(schema.properties as Record<string, JsonSchema>).map(([name, property]) => {
    const type = ([] as string[]).concat(property.type as string | string[]).find((t) => t !== 'null');
    const sqlType: SqlType =
      type === 'integer'
        ? property.format === 'int64'
          ? 'BIGINT'
          : 'INTEGER'
        : type === 'number'
          ? property.format === 'float'
            ? 'FLOAT'
            : 'DOUBLE'
          : type === 'boolean'
            ? 'BOOLEAN'
            : type === 'array'
              ? storedAsJson(property)
                ? 'JSON'
                : 'VARCHAR[]'
              : property.format === 'date'
                ? 'DATE'
                : property.format === 'date-time'
                  ? 'TIMESTAMP'
                  : 'VARCHAR';
    return { name, type: sqlType };
  });
}

export interface WrittenFile {
  path: string;
  rows: number;
  sha256: string;
}

export interface SourceFile {
  path: string;
  bytes: number;
  sha256: string;
}

export interface DatasetEntry {
  files: Record<string, WrittenFile>;
  rejected: number;
  repaired: number;
  rejects_file?: string;
}

export interface Manifest {
  schema_version: 1;
  generator: string;
  sample: boolean;
  notice: string;
  seed?: number;
  sources: SourceFile[];
  datasets: Record<string, DatasetEntry>;
}

const MANIFEST = 'manifest.json';

export async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export function readManifest(dir: string): Manifest | undefined {
  const path = join(dir, MANIFEST);
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Manifest) : undefined;
}

/**
 * Columns staged as text and cast by DuckDB when the Parquet file is written (castingSelect). A list
 * of strings goes as its JSON text: the appender's list values cost several times what the text does.
 */
const STAGED_AS_TEXT = new Set<SqlType>(['DATE', 'TIMESTAMP', 'JSON', 'VARCHAR[]']);

function appendValue(appender: DuckDBAppender, type: SqlType, value: unknown): void {
  if (value === null || value === undefined) {
    appender.appendNull();
    return;
  }
  switch (type) {
    case 'INTEGER':
      appender.appendInteger(value as number);
      break;
    case 'BIGINT':
      appender.appendBigInt(BigInt(value as number));
      break;
    case 'DOUBLE':
      appender.appendDouble(value as number);
      break;
    case 'FLOAT':
      appender.appendFloat(value as number);
      break;
    case 'BOOLEAN':
      appender.appendBoolean(value as boolean);
      break;
    case 'VARCHAR[]':
    case 'JSON':
      appender.appendVarchar(JSON.stringify(value));
      break;
    default:
      // DATE and TIMESTAMP are staged as text (STAGED_AS_TEXT).
      appender.appendVarchar(String(value));
  }
}

/** Rows being written by `writeParquet`, by the key its table function is called with. */
interface RowStream {
  rows: Iterator<Record<string, unknown>>;
  columns: ColumnSpec[];
  /** What the rows' iterator threw (DuckDB reports it as text). */
  error?: unknown;
}
const rowStreams = new Map<number, RowStream>();
let rowStreamSequence = 0;
/** DuckDB's vector size: the most rows a chunk of a table function holds. */
const STREAM_CHUNK_ROWS = 2048;

/** How a column travels through the table function: as its type, a BIGINT as a DOUBLE (exact below 2^53), those staged as text as text. */
const streamedType = (type: SqlType) =>
  type === 'INTEGER' ? INTEGER : type === 'BIGINT' || type === 'DOUBLE' ? DOUBLE : type === 'FLOAT' ? FLOAT : type === 'BOOLEAN' ? BOOLEAN : VARCHAR;

function streamedValue(type: SqlType, value: unknown): DuckDBValue {
  if (value === null || value === undefined) return null;
  if (type === 'VARCHAR[]' || type === 'JSON') return JSON.stringify(value);
  if (STAGED_AS_TEXT.has(type)) return String(value);
  return value as DuckDBValue;
}

const streamedRows = DuckDBTableFunction.create({
  name: 'dataset_writer_rows',
  parameterTypes: [INTEGER],
  bindFunction: (bind) => {
    const key = bind.getParameter(0) as number;
    const stream = rowStreams.get(key);
    if (!stream) return bind.setError(`no rows ${key} are being written`);
    bind.setBindData({ key });
    for (const column of stream.columns) bind.addResultColumn(column.name, streamedType(column.type));
  },
  initFunction: (init) => {
    init.setInitData(init.getBindData() as { key: number });
    init.setMaxThreads(1);
  },
  mainFunction: (info, output) => {
    const stream = rowStreams.get((info.getInitData() as { key: number }).key)!;
    try {
      const values: DuckDBValue[][] = stream.columns.map(() => []);
      for (let row = 0; row < STREAM_CHUNK_ROWS; row++) {
        const next = stream.rows.next();
        if (next.done) break;
        for (const [i, column] of stream.columns.entries()) values[i]!.push(streamedValue(column.type, next.value[column.name]));
      }
      output.rowCount = values[0]!.length;
      for (const [i, column] of values.entries()) output.setColumnValues(i, column);
    } catch (error) {
      stream.error = error;
      output.rowCount = 0;
      info.setError(error instanceof Error ? error.message : String(error));
    }
  },
});

/** A build's working folder in the output directory: `.build-<pid of the building process>-<unique suffix>`. */
const BUILD_DIR_PREFIX = '.build-';
const BUILD_DIR = /^\.build-(\d+)-/;

/**
 * Removes the working folders of builds that were killed or crashed: a folder is stale when the
 * process named in it is no longer running. A live build's folder (in this process or another)
 * stays; a pid reused by an unrelated process keeps a stale folder until that process ends, which
 * errs on the side of never taking a live build's folder. Returns the folders removed.
 */
export function removeStaleBuildDirs(outDir: string): string[] {
  const names = existsSync(outDir) ? readdirSync(outDir) : [];
  const stale = names.filter((name) => {
    const pid = BUILD_DIR.exec(name)?.[1];
    return pid !== undefined && !processIsRunning(Number(pid));
  });
  for (const name of stale) rmSync(join(outDir, name), { recursive: true, force: true });
  return stale;
}

/**
 * What DuckDB may hold of a build's tables and sorts before it writes them to disk (beside the
 * working folder, `<working folder>-spill`, made only when needed): a national grid's catalog is
 * sorted in it (docs/storage.md, "The size of a national grid").
 */
const DUCKDB_MEMORY_LIMIT = '512MB';

export class DataSetWriter {
  private readonly datasets: Record<string, DatasetEntry> = {};
  private readonly sources: SourceFile[] = [];
  private constructor(
    readonly outDir: string,
    readonly workDir: string,
    private readonly connection: DuckDBConnection,
  ) {}

  static async open(outDir: string): Promise<DataSetWriter> {
    const out = resolve(outDir);
    mkdirSync(out, { recursive: true });
    const workDir = mkdtempSync(join(out, `${BUILD_DIR_PREFIX}${process.pid}-`));
    const instance = await DuckDBInstance.create(':memory:', { threads: '2', memory_limit: DUCKDB_MEMORY_LIMIT, temp_directory: `${workDir}-spill` });
    const connection = await instance.connect();
    connection.registerTableFunction(streamedRows);
    return new DataSetWriter(out, workDir, connection);
  }

  /** DuckDB, for builders that shape their tables in SQL. */
  get db(): DuckDBConnection {
    return this.connection;
  }

  addSource(source: SourceFile): void {
    this.sources.push(source);
  }

  dataset(name: string): DatasetEntry {
    return (this.datasets[name] ??= { files: {}, rejected: 0, repaired: 0 });
  }

  /** Appends rows into a staging table; returns the table name, for `copyToParquet`. */
  async stage(table: string, columns: ColumnSpec[], rows: Iterable<Record<string, unknown>>, onRow?: () => void): Promise<string> {
    const staged = `stage_${table}`;
    const stagedType = (type: SqlType) => (STAGED_AS_TEXT.has(type) ? 'VARCHAR' : type);
    await this.connection.run(`CREATE OR REPLACE TABLE ${staged} (${columns.map((c) => `"${c.name}" ${stagedType(c.type)}`).join(', ')})`);
    const appender = await this.connection.createAppender(staged);
    for (const row of rows) {
      for (const column of columns) appendValue(appender, column.type, row[column.name]);
      appender.endRow();
      onRow?.();
    }
    appender.closeSync();
    return staged;
  }

  /** Writes `select` to `<dataset>.<file>-<sha12>.parquet`, sorted as given, and records it. */
  async copyToParquet(dataset: string, file: string, select: string): Promise<WrittenFile> {
    const temporary = join(this.workDir, `${dataset}.${file}.parquet`);
    await this.connection.run(`COPY (${select}) TO '${temporary}' (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE 122880)`);
    const sha256 = await sha256File(temporary);
    const count = await this.connection.runAndReadAll(`SELECT count(*)::INTEGER AS n FROM read_parquet('${temporary}')`);
    const rows = count.getRowObjectsJS()[0].n as number;
    const path = `${dataset}.${file}-${sha256.slice(0, 12)}.parquet`;
    renameSync(temporary, join(this.workDir, path));
    const written = { path, rows, sha256 };
    this.dataset(dataset).files[file] = written;
    return written;
  }

  /**
   * Writes `rows` to `<dataset>.<file>-<sha12>.parquet` as they come, never holding them all: DuckDB
   * takes them a chunk at a time from a table function while it writes the file, sorted by `orderBy`
   * (a sort larger than DuckDB's memory limit goes to disk) or in their own order. Records it.
   */
  async writeParquet(dataset: string, file: string, columns: ColumnSpec[], rows: Iterable<Record<string, unknown>>, orderBy?: string): Promise<WrittenFile> {
    const key = ++rowStreamSequence;
    const stream: RowStream = { rows: rows[Symbol.iterator](), columns };
    rowStreams.set(key, stream);
    try {
      const select = DataSetWriter.castingSelect(`dataset_writer_rows(${key})`, columns, orderBy);
      return await this.copyToParquet(dataset, file, select);
    } catch (error) {
      throw stream.error ?? error;
    } finally {
      rowStreams.delete(key);
    }
  }

  /** The SELECT that writes a staged table with its columns staged as text (STAGED_AS_TEXT), and BIGINT columns streamed as doubles (writeParquet), cast to their types. */
  static castingSelect(staged: string, columns: ColumnSpec[], orderBy?: string): string {
    const list = columns.map((c) =>
      c.type === 'VARCHAR[]'
        ? `CAST(CAST("${c.name}" AS JSON) AS VARCHAR[]) AS "${c.name}"`
        : STAGED_AS_TEXT.has(c.type) || c.type === 'BIGINT'
          ? `CAST("${c.name}" AS ${c.type}) AS "${c.name}"`
          : `"${c.name}"`,
    );
    return `SELECT ${list.join(', ')} FROM ${staged}${orderBy === undefined ? '' : ` ORDER BY ${orderBy}`}`;
  }

  writeRejects(dataset: string, lines: string[]): void {
    const text = lines.join('\n') + (lines.length ? '\n' : '');
    const sha = createHash('sha256').update(text).digest('hex');
    const path = `${dataset}.rejects-${sha.slice(0, 12)}.ndjson`;
    writeFileSync(join(this.workDir, path), text);
    this.dataset(dataset).rejects_file = path;
  }

  /**
   * Moves the new files in and replaces the manifest in one rename; removes files neither the new
   * manifest nor the one it replaced names. All of it holding the lock on the output directory,
   * waiting for another build's commit unless `options.wait` is false (then OutDirLocked).
   */
  async commitWhenFree(header: Omit<Manifest, 'sources' | 'datasets'>, options: LockOptions = {}): Promise<Manifest> {
    return withOutDirLock(this.outDir, options, () => this.commitLocked(header));
  }

  /** `commitWhenFree` without waiting: throws OutDirLocked when another build is committing. */
  commit(header: Omit<Manifest, 'sources' | 'datasets'>, options: Pick<LockOptions, 'onStale'> = {}): Manifest {
    return withOutDirLockNow(this.outDir, options, () => this.commitLocked(header));
  }

  /** The commit itself, synchronous, under the lock: the manifest it replaces is read here, not before. */
  private commitLocked(header: Omit<Manifest, 'sources' | 'datasets'>): Manifest {
    const manifest: Manifest = { ...header, sources: this.sources, datasets: this.datasets };
    const previous = readManifest(this.outDir);
    const movedIn: string[] = [];
    try {
      for (const name of readdirSync(this.workDir)) {
        const target = join(this.outDir, name);
        // Content-addressed: a file of that name holds these bytes.
        if (existsSync(target)) rmSync(join(this.workDir, name));
        else {
          renameSync(join(this.workDir, name), target);
          movedIn.push(name);
        }
      }
      const temporary = join(this.workDir, MANIFEST);
      writeFileSync(temporary, `${JSON.stringify(manifest, null, 2)}\n`);
      renameSync(temporary, join(this.outDir, MANIFEST));
    } catch (error) {
      // The manifest was not replaced: what was moved in goes, and --out is as it was.
      for (const name of movedIn) rmSync(join(this.outDir, name), { force: true });
      throw error;
    }
    rmSync(this.workDir, { recursive: true, force: true });
    this.removeUnreferenced([manifest, previous]);
    return manifest;
  }

  abort(): void {
    rmSync(this.workDir, { recursive: true, force: true });
  }

  close(): void {
    this.connection.closeSync();
    rmSync(`${this.workDir}-spill`, { recursive: true, force: true });
  }

  /** A server may still read the previous generation; anything older goes. */
  private removeUnreferenced(manifests: Array<Manifest | undefined>): void {
    const keep = new Set<string>([MANIFEST]);
    for (const manifest of manifests) {
      for (const entry of Object.values(manifest?.datasets ?? {})) {
        for (const file of Object.values(entry.files)) keep.add(file.path);
        if (entry.rejects_file) keep.add(entry.rejects_file);
      }
    }
    for (const name of readdirSync(this.outDir)) {
      const path = join(this.outDir, name);
      if (keep.has(name) || name.startsWith(BUILD_DIR_PREFIX)) continue;
      // Under the lock no other commit removes files, but a person may have: never fail a build for that.
      if (/\.(parquet|ndjson)$/.test(name) && statSync(path, { throwIfNoEntry: false })?.isFile()) rmSync(path, { force: true });
    }
  }
}
