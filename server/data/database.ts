// DuckDB for the server: one in-memory instance, a small pool of connections so that queries run
// side by side, and prepared statements kept per connection. Each query runs on one thread (the
// calling one): the server's queries are small and many, and for them DuckDB's task scheduler costs
// more CPU than it saves (a nearest search: 3.7 ms of CPU on one thread, 4.9 ms on two); requests
// run in parallel on the connections instead. A value from a request reaches SQL only through
// sql.ts: bound as a parameter, or, a number, written as an exact literal.
import {
  DuckDBInstance,
  JSDuckDBValueConverter,
  type DuckDBConnection,
  type DuckDBResultReader,
  type DuckDBPreparedStatement,
  type DuckDBType,
  type DuckDBValue,
} from '@duckdb/node-api';

export interface Param {
  value: DuckDBValue;
  type: DuckDBType;
}

/** A query's result by column: `columns[name][row]`, values converted to plain JS. */
export type Columns = Record<string, unknown[]>;

interface PooledConnection {
  connection: DuckDBConnection;
  prepared: Map<string, DuckDBPreparedStatement>;
}

export class Database {
  private readonly idle: PooledConnection[];
  private readonly waiting: Array<(connection: PooledConnection) => void> = [];

  private constructor(
    private readonly instance: DuckDBInstance,
    connections: PooledConnection[],
  ) {
    this.idle = connections;
  }

  static async open(options: { threads?: number; connections?: number } = {}): Promise<Database> {
    // DuckDB's allocator keeps up to 128 MB of freed memory by default; a server that loads once and
    // then answers small queries is better off returning it.
    const instance = await DuckDBInstance.create(':memory:', { threads: String(options.threads ?? 1), allocator_flush_threshold: '8MB' });
    const connections: PooledConnection[] = [];
    for (let i = 0; i < (options.connections ?? 4); i++) connections.push({ connection: await instance.connect(), prepared: new Map() });
    return new Database(instance, connections);
  }

  private acquire(): Promise<PooledConnection> {
    const connection = this.idle.pop();
    return connection ? Promise.resolve(connection) : new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(connection: PooledConnection): void {
    const next = this.waiting.shift();
    if (next) next(connection);
    else this.idle.push(connection);
  }

  /** Runs a statement that returns nothing we read (DDL, loading). */
  async execute(sql: string): Promise<void> {
    const pooled = await this.acquire();
    try {
      await pooled.connection.run(sql);
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
    const pooled = await this.acquire();
    try {
      let reader: DuckDBResultReader;
      if (options.prepare === false) {
        reader = await pooled.connection.runAndReadAll(
          sql,
          params.map((p) => p.value),
          params.map((p) => p.type),
        );
      } else {
        let statement = pooled.prepared.get(sql);
        if (!statement) {
          statement = await pooled.connection.prepare(sql);
          pooled.prepared.set(sql, statement);
        }
        if (params.length > 0)
          statement.bind(
            params.map((p) => p.value),
            params.map((p) => p.type),
          );
        else statement.clearBindings();
        reader = await statement.runAndReadAll();
      }
      const names = reader.columnNames();
      const values = reader.getColumnsJS();
      const columns: Columns = {};
      // An empty result has no column arrays at all.
      for (const [i, name] of names.entries()) columns[name] = values[i] ?? [];
      return columns;
    } finally {
      this.release(pooled);
    }
  }

  /** A large result chunk by chunk (about 2,048 rows each), so that it is never held whole. */
  async *stream(sql: string): AsyncGenerator<Columns> {
    const pooled = await this.acquire();
    try {
      const result = await pooled.connection.stream(sql);
      const names = result.columnNames();
      for (let chunk = await result.fetchChunk(); chunk && chunk.rowCount > 0; chunk = await result.fetchChunk()) {
        const values = chunk.convertColumns(JSDuckDBValueConverter);
        const columns: Columns = {};
        for (const [i, name] of names.entries()) columns[name] = values[i];
        yield columns;
      }
    } finally {
      this.release(pooled);
    }
  }

  close(): void {
    for (const pooled of this.idle) pooled.connection.closeSync();
    this.instance.closeSync();
  }
}
