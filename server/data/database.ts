// DuckDB for the server: one in-memory instance, a small pool of connections so that queries run
// side by side, and prepared statements kept per connection. Each query runs on one thread (the
// calling one): the server's queries are small and many, and for them DuckDB's task scheduler costs
// more CPU than it saves (a nearest search: 3.7 ms of CPU on one thread, 4.9 ms on two); requests
// run in parallel on the connections instead. A value from a request reaches SQL only through
// sql.ts: bound as a parameter, or, a number, written as an exact literal.
//
// What a prepared statement saves depends on its parameters. DuckDB (1.5) keeps the plan of a
// statement without parameters and runs it again as it is; a statement with parameters that reads
// any table is bound, optimized and planned again on every run (PreparedStatement::CanCachePlan:
// a plan with a LOGICAL_GET is never kept), which for a large statement costs more than running it.
// A search that must be fast therefore runs as steps (`run`): its values go into a one-row table of
// the connection by a small INSERT with parameters (no table read, so its plan is kept), and the
// search itself is a statement without parameters that reads them from there.
import {
  DuckDBInstance,
  DuckDBTypeId,
  JSDuckDBValueConverter,
  type DuckDBConnection,
  type DuckDBDataChunk,
  type DuckDBMaterializedResult,
  type DuckDBPreparedStatement,
  type DuckDBType,
  type DuckDBValue,
} from '../../model/duckdb.ts';

export interface Param {
  value: DuckDBValue;
  type: DuckDBType;
}

/** A query's result by column: `columns[name][row]`, values converted to plain JS. */
export type Columns = Record<string, unknown[]>;

/** A statement and its parameters' values ($1, $2, …), for `run`. */
export interface Step {
  sql: string;
  params?: Param[];
}

/**
 * Prepared statements kept per connection, the least recently used dropped beyond this: the
 * statements are few shapes (their values come as parameters or from a request row), but a client
 * could ask for many (filters present or not) and each kept plan holds memory.
 */
const PREPARED_PER_CONNECTION = 128;
/**
 * The statements of `run` (searches) kept per connection: a kept search plan holds memory (after
 * 1,000 nearest searches on the 60,000-station sample the 22 kept over four connections held about
 * 17 MB, given back when they were forgotten), so few are kept: a nearest search's INSERT and
 * DELETE and two shapes of search (a radius's common pair: with and without the ring). Searches of
 * other shapes are prepared again (a few milliseconds). With ten kept, 200 clients' searches took
 * the server 5-25 MB higher (docs/storage.md, "Memory after a burst"); what the kept ones hold is
 * let go at idle (`renewKeptSearches`).
 */
const RUN_PREPARED_PER_CONNECTION = 4;

/** A connection's two caches of prepared statements: of `query` (statements) and of `run` (searches). */
type StatementCache = 'statements' | 'searches';

/** How often a cache of prepared statements had the statement asked for (hits) or prepared it (misses). */
export interface StatementCacheStats {
  /** Statements kept, over every connection. */
  entries: number;
  hits: number;
  misses: number;
}

interface PooledConnection {
  connection: DuckDBConnection;
  /** In least recently used order (a Map iterates in insertion order; a hit is moved to the end). */
  prepared: Map<string, DuckDBPreparedStatement>;
  /** The same, for the statements of `run`. */
  searches: Map<string, DuckDBPreparedStatement>;
  /** Its caches' hits and misses. */
  lookups: Record<StatementCache, { hits: number; misses: number }>;
  /** How many times `run` has used it. */
  runs: number;
  /** Statements it runs again every so many runs (executeOnEach). */
  renewals: Array<{ statements: Step[]; every: number }>;
  /** Database.catalogChanges when it last forgot its statements. */
  catalogChanges: number;
}

/**
 * Runs a connection's renewal, and forgets the statements it kept: a kept statement that reads a
 * table since replaced is bound and planned again on every run (the plan DuckDB keeps no longer
 * matches the catalog, and its rebinding is not kept either: 0.13 ms becomes 0.45 for a one-row
 * read), where one prepared anew is kept again.
 */
async function renew(pooled: PooledConnection, statements: Step[]): Promise<void> {
  forget(pooled);
  await runAll(pooled, statements);
}

/** Drops the statements a connection kept (of `caches`: both unless said). */
function forget(pooled: PooledConnection, caches: readonly StatementCache[] = ['statements', 'searches']): void {
  for (const kind of caches) {
    const cache = kind === 'statements' ? pooled.prepared : pooled.searches;
    for (const statement of cache.values()) statement.destroySync();
    cache.clear();
  }
}

/** Runs statements once each (prepared, not kept). */
async function runAll(pooled: PooledConnection, statements: Step[]): Promise<void> {
  for (const { sql, params = [] } of statements) {
    const statement = await pooled.connection.prepare(sql);
    try {
      bind(statement, params);
      await statement.run();
    } finally {
      statement.destroySync();
    }
  }
}

/** `sql` prepared on `pooled`, from one of its caches or now. */
async function preparedOn(pooled: PooledConnection, sql: string, kind: StatementCache = 'statements'): Promise<DuckDBPreparedStatement> {
  const cache = kind === 'statements' ? pooled.prepared : pooled.searches;
  const capacity = kind === 'statements' ? PREPARED_PER_CONNECTION : RUN_PREPARED_PER_CONNECTION;
  let statement = cache.get(sql);
  if (statement) {
    pooled.lookups[kind].hits++;
    cache.delete(sql);
  } else {
    pooled.lookups[kind].misses++;
    statement = await pooled.connection.prepare(sql);
    if (cache.size >= capacity) {
      const [oldest, dropped] = cache.entries().next().value!;
      cache.delete(oldest);
      dropped.destroySync();
    }
  }
  cache.set(sql, statement);
  return statement;
}

/** A statement of `run`, from its own cache. */
const searchOn = (pooled: PooledConnection, sql: string) => preparedOn(pooled, sql, 'searches');

/** Binds `params` to `statement` (all of them, or none). */
function bind(statement: DuckDBPreparedStatement, params: Param[]): void {
  if (params.length > 0)
    statement.bind(
      params.map((p) => p.value),
      params.map((p) => p.type),
    );
  else statement.clearBindings();
}

/** A statement's whole result by column, read from its chunks in memory (no further round trip to DuckDB's threads). */
/**
 * A result's column names, each once: results are read into an object by column name, where two
 * columns of one name would share one array (each chunk's rows of one, then of the other).
 */
function distinctNames(names: string[]): string[] {
  const repeated = names.find((name, i) => names.indexOf(name) !== i);
  if (repeated !== undefined) throw new Error(`The result has two columns named ${repeated}`);
  return names;
}

/**
 * Column types whose vectors already hold what JSDuckDBValueConverter makes of their items (the
 * number, boolean or string itself, or null), so that they are read as they are: the converter's
 * call per value took half of the time of reading a numeric column.
 */
const PLAIN_TYPES: ReadonlySet<number> = new Set([
  DuckDBTypeId.BOOLEAN,
  DuckDBTypeId.TINYINT,
  DuckDBTypeId.SMALLINT,
  DuckDBTypeId.INTEGER,
  DuckDBTypeId.UTINYINT,
  DuckDBTypeId.USMALLINT,
  DuckDBTypeId.UINTEGER,
  DuckDBTypeId.FLOAT,
  DuckDBTypeId.DOUBLE,
  DuckDBTypeId.VARCHAR,
]);

/** Appends a chunk's column `index`, converted to plain JS values, to `column`. */
function appendColumn(chunk: DuckDBDataChunk, index: number, column: unknown[]): void {
  const vector = chunk.getColumnVector(index);
  if (PLAIN_TYPES.has(vector.type.typeId)) {
    for (let row = 0; row < vector.itemCount; row++) column.push(vector.getItem(row));
  } else {
    for (const value of chunk.convertColumnValues(index, JSDuckDBValueConverter)) column.push(value);
  }
}

function columnsOf(result: DuckDBMaterializedResult): Columns {
  const names = distinctNames(result.columnNames());
  const columns: Columns = {};
  for (const name of names) columns[name] = [];
  for (let chunk = 0; chunk < result.chunkCount; chunk++) {
    const data = result.getChunk(chunk);
    for (const [i, name] of names.entries()) appendColumn(data, i, columns[name]!);
  }
  return columns;
}

/** The catalog every connection creates its tables in (`USE`d by each). */
const COMPRESSED_CATALOG = 'tables';

export class Database {
  private readonly connections: PooledConnection[];
  private readonly idle: PooledConnection[];
  private readonly waiting: Array<(connection: PooledConnection) => void> = [];
  /** How many connections the pool has. */
  readonly size: number;
  /** How many times `execute` has changed the catalog (each connection forgets its statements when it sees a new count). */
  private catalogChanges = 0;
  private closing = false;
  /** Connections not closed yet. */
  private open: number;

  private constructor(
    private readonly instance: DuckDBInstance,
    connections: PooledConnection[],
    private readonly threads: number,
  ) {
    this.connections = connections;
    this.idle = [...connections];
    this.size = connections.length;
    this.open = connections.length;
  }

  static async open(options: { threads?: number; connections?: number } = {}): Promise<Database> {
    // DuckDB's allocator keeps up to 128 MB of freed memory by default; a server that loads once and
    // then answers small queries is better off returning it.
    const threads = options.threads ?? 1;
    const instance = await DuckDBInstance.create(':memory:', { threads: String(threads), allocator_flush_threshold: '8MB' });
    // Tables go to an in-memory database that DuckDB compresses as it would a file, when it is
    // checkpointed (`compressTables`): the 60,000 stations' table takes 7 MB instead of 35, and a
    // nearest search 3-5% longer (interleaved p50).
    const setup = await instance.connect();
    await setup.run(`ATTACH ':memory:' AS ${COMPRESSED_CATALOG} (COMPRESS)`);
    setup.closeSync();
    const connections: PooledConnection[] = [];
    for (let i = 0; i < (options.connections ?? 4); i++) {
      const connection = await instance.connect();
      await connection.run(`USE ${COMPRESSED_CATALOG}`);
      connections.push({
        connection,
        prepared: new Map(),
        searches: new Map(),
        lookups: { statements: { hits: 0, misses: 0 }, searches: { hits: 0, misses: 0 } },
        runs: 0,
        renewals: [],
        catalogChanges: 0,
      });
    }
    return new Database(instance, connections, threads);
  }

  /**
   * An idle connection, or the next one given back. `keeps` prefers an idle one that has the
   * statement prepared: the plans the warm-up made are used by the first requests, whichever
   * connection served last, and each form is prepared on as few connections as serve it.
   */
  private async acquire(keeps?: { cache: StatementCache; sql: string }): Promise<PooledConnection> {
    let pooled: PooledConnection | undefined;
    if (keeps !== undefined) {
      const at = this.idle.findLastIndex((candidate) => (keeps.cache === 'statements' ? candidate.prepared : candidate.searches).has(keeps.sql));
      if (at >= 0) pooled = this.idle.splice(at, 1)[0];
    }
    pooled ??= this.idle.pop() ?? (await new Promise<PooledConnection>((resolve) => this.waiting.push(resolve)));
    if (pooled.catalogChanges !== this.catalogChanges) {
      forget(pooled);
      pooled.catalogChanges = this.catalogChanges;
    }
    return pooled;
  }

  private release(connection: PooledConnection): void {
    const next = this.waiting.shift();
    if (next) next(connection);
    else if (this.closing) this.closeConnection(connection);
    else this.idle.push(connection);
  }

  private closeConnection(pooled: PooledConnection): void {
    forget(pooled);
    pooled.connection.closeSync();
    if (--this.open === 0) this.instance.closeSync();
  }

  /** The caches of prepared statements, over every connection (figures for /metrics). */
  statementCacheStats(): Record<StatementCache, StatementCacheStats> {
    const stats = (kind: StatementCache): StatementCacheStats => {
      const total = { entries: 0, hits: 0, misses: 0 };
      for (const pooled of this.connections) {
        total.entries += (kind === 'statements' ? pooled.prepared : pooled.searches).size;
        total.hits += pooled.lookups[kind].hits;
        total.misses += pooled.lookups[kind].misses;
      }
      return total;
    };
    return { statements: stats('statements'), searches: stats('searches') };
  }

  /**
   * Prepares again the search plans the idle connections keep (`RUN_PREPARED_PER_CONNECTION`): a
   * kept plan holds memory that grows with the searches it runs, up to a working set (a burst of
   * 200 clients' nearest searches left some 35 MB with the kept plans; a plan prepared afresh holds
   * next to none), docs/storage.md "Memory after a burst". The same searches stay kept, so the first
   * request after an idle spell does not wait for its plan (a nearest search's takes about 6 ms).
   */
  async renewKeptSearches(): Promise<void> {
    for (const pooled of [...this.idle]) {
      const at = this.idle.indexOf(pooled);
      if (at < 0) continue;
      this.idle.splice(at, 1);
      try {
        const kept = pooled.catalogChanges === this.catalogChanges ? [...pooled.searches.keys()] : [];
        forget(pooled, ['searches']);
        for (const sql of kept) {
          // one that no longer prepares is left out: a request that asks for it is told why
          const statement = await pooled.connection.prepare(sql).catch(() => undefined);
          if (statement) pooled.searches.set(sql, statement);
        }
      } finally {
        this.release(pooled);
      }
    }
  }

  /**
   * Gives back to the system the memory DuckDB's allocators keep freed (docs/storage.md "Memory
   * after a burst"): its jemalloc arenas purge freed pages only as later allocations come, so an idle
   * server would keep a burst's, and the system allocator keeps its own until trimmed. DuckDB flushes both
   * whenever its thread count is set (TaskScheduler::RelaunchThreads), so it is set one up and back.
   */
  async returnFreedMemory(): Promise<void> {
    const pooled = await this.acquire();
    try {
      await pooled.connection.run(`SET threads = ${this.threads + 1}`);
      await pooled.connection.run(`SET threads = ${this.threads}`);
    } finally {
      this.release(pooled);
    }
  }

  /** Compresses the tables made so far, which DuckDB does to an in-memory database's when it checkpoints it. */
  async compressTables(): Promise<void> {
    await this.execute(`CHECKPOINT ${COMPRESSED_CATALOG}`);
  }

  /**
   * Runs a statement that returns nothing we read (DDL, loading). Every connection then forgets the
   * statements it kept: DuckDB binds and plans a kept statement again on every run once the catalog
   * it reads has changed (a 0.3 ms statement takes 1.7), where one prepared anew is kept again.
   */
  async execute(sql: string): Promise<void> {
    const pooled = await this.acquire();
    try {
      await pooled.connection.run(sql);
    } finally {
      this.catalogChanges++;
      this.release(pooled);
    }
  }

  /**
   * Runs statements on every connection of the pool, one after the other on each: for what each
   * connection has of its own (a TEMP table). Call it while nothing else runs (when loading). With
   * `renewAfterRuns`, a connection runs them again before every that many `run`s of its own.
   */
  async executeOnEach(statements: Step[], options: { renewAfterRuns?: number } = {}): Promise<void> {
    const all: PooledConnection[] = [];
    try {
      while (all.length < this.size) all.push(await this.acquire());
      for (const pooled of all) {
        await runAll(pooled, statements);
        if (options.renewAfterRuns !== undefined) pooled.renewals.push({ statements, every: options.renewAfterRuns });
      }
    } finally {
      for (const pooled of all) this.release(pooled);
    }
  }

  /**
   * Runs statements in order on one connection, each prepared once per connection and kept, and
   * returns the last one's columns: one turn of the pool for a search that is several steps (a
   * request row written, then read by a statement whose plan DuckDB keeps). `after` runs on the same
   * connection once the answer is returned, before the connection serves anyone else (clearing the
   * request row: the caller does not wait for it); should it fail, the connection's renewal runs.
   */
  async run(steps: Step[], after: Step[] = []): Promise<Columns> {
    const search = steps.at(-1);
    const pooled = await this.acquire(search && { cache: 'searches', sql: search.sql });
    let columns: Columns;
    try {
      pooled.runs++;
      for (const { statements, every } of pooled.renewals) if (pooled.runs % every === 0) await renew(pooled, statements);
      let result: DuckDBMaterializedResult | undefined;
      for (const { sql, params = [] } of steps) {
        const statement = await searchOn(pooled, sql);
        bind(statement, params);
        result = await statement.run();
      }
      columns = result ? columnsOf(result) : {};
    } catch (error) {
      // what follows a search (clearing its request row) is due whether or not the search succeeded
      void this.finish(pooled, after);
      throw error;
    }
    void this.finish(pooled, after);
    return columns;
  }

  /** Runs `after` on a connection (see `run`), then gives the connection back to the pool. */
  private async finish(pooled: PooledConnection, after: Step[]): Promise<void> {
    if (after.length === 0) {
      this.release(pooled);
      return;
    }
    try {
      for (const { sql, params = [] } of after) {
        const statement = await searchOn(pooled, sql);
        bind(statement, params);
        await statement.run();
      }
    } catch {
      // The connection's own state is rebuilt (each renewal replaces what it keeps); if even that fails, the next run says so.
      for (const { statements } of pooled.renewals) await renew(pooled, statements).catch(() => {});
    } finally {
      this.release(pooled);
    }
  }

  /**
   * Runs a query and returns its columns. Statements are prepared once per connection and reused,
   * unless `prepare` is false: for SQL whose text changes from call to call (numbers written into
   * it), which would only fill the cache.
   */
  async query(sql: string, params: Param[] = [], options: { prepare?: boolean } = {}): Promise<Columns> {
    const pooled = await this.acquire(options.prepare === false ? undefined : { cache: 'statements', sql });
    try {
      if (options.prepare === false)
        return columnsOf(
          await pooled.connection.run(
            sql,
            params.map((p) => p.value),
            params.map((p) => p.type),
          ),
        );
      const statement = await preparedOn(pooled, sql);
      bind(statement, params);
      return columnsOf(await statement.run());
    } finally {
      this.release(pooled);
    }
  }

  /** A large result chunk by chunk (about 2,048 rows each), so that it is never held whole. */
  async *stream(sql: string): AsyncGenerator<Columns> {
    const pooled = await this.acquire();
    try {
      const result = await pooled.connection.stream(sql);
      const names = distinctNames(result.columnNames());
      for (let chunk = await result.fetchChunk(); chunk && chunk.rowCount > 0; chunk = await result.fetchChunk()) {
        const columns: Columns = {};
        for (const [i, name] of names.entries()) appendColumn(chunk, i, (columns[name] = []));
        yield columns;
      }
    } finally {
      this.release(pooled);
    }
  }

  /**
   * A large result chunk by chunk, its DOUBLE and INTEGER columns as the typed arrays DuckDB fills
   * (no number is made a row: a national grid's millions of rows would leave as much garbage; the
   * query writes its nulls as numbers), its other columns as values.
   */
  async *streamTyped(sql: string): AsyncGenerator<Record<string, Float64Array | Int32Array | unknown[]>> {
    const pooled = await this.acquire();
    try {
      const result = await pooled.connection.stream(sql);
      const names = distinctNames(result.columnNames());
      for (let chunk = await result.fetchChunk(); chunk && chunk.rowCount > 0; chunk = await result.fetchChunk()) {
        const columns: Record<string, Float64Array | Int32Array | unknown[]> = {};
        for (const [i, name] of names.entries()) {
          const items = (chunk.getColumnVector(i) as unknown as { items?: unknown }).items;
          if (items instanceof Float64Array || items instanceof Int32Array) columns[name] = items.slice(0, chunk.rowCount);
          else appendColumn(chunk, i, (columns[name] = []));
        }
        yield columns;
      }
    } finally {
      this.release(pooled);
    }
  }

  /**
   * Closes the connections, each once it is given back (a search's `after` may still be running when
   * its answer has gone), and the instance with the last.
   */
  close(): void {
    this.closing = true;
    for (const pooled of this.idle.splice(0)) this.closeConnection(pooled);
  }
}
