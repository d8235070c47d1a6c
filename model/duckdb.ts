// DuckDB's Node client (@duckdb/node-api), which every module takes from here. It is required, not
// imported: the package's index re-exports some 180 CommonJS files, and node reads each of them for
// its export names when an ES module imports it (40 ms of every process's start under tsx, 100 ms
// without); a require reads none of them.
import { createRequire } from 'node:module';

type DuckDB = typeof import('@duckdb/node-api');
const duckdb = createRequire(import.meta.url)('@duckdb/node-api') as DuckDB;

export type * from '@duckdb/node-api';
export const { DuckDBInstance, DuckDBTableFunction, DuckDBTypeId, JSDuckDBValueConverter, BOOLEAN, DOUBLE, FLOAT, INTEGER, LIST, VARCHAR, listValue, version } =
  duckdb;
export type DuckDBInstance = import('@duckdb/node-api').DuckDBInstance;
export type DuckDBTableFunction = import('@duckdb/node-api').DuckDBTableFunction;
