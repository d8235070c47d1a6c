import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as facade from './duckdb.ts';

test("the client's values are the package's own, and a query runs", async () => {
  const imported = await import('@duckdb/node-api');
  for (const [name, value] of Object.entries(facade)) assert.equal(value, imported[name as keyof typeof imported], name);
  const connection = await (await facade.DuckDBInstance.create(':memory:')).connect();
  const reader = await connection.runAndReadAll('SELECT 6 * 7 AS answer');
  assert.deepEqual(reader.getRowObjectsJS(), [{ answer: 42 }]);
  assert.match(facade.version(), /^v\d+\.\d+\.\d+/);
  connection.closeSync();
});
