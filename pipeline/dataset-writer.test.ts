import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { DuckDBInstance } from '../model/duckdb.ts';
import { type ColumnSpec, DataSetWriter } from './dataset-writer.ts';

const COLUMNS: ColumnSpec[] = [
  { name: 'id', type: 'VARCHAR' },
  { name: 'offset', type: 'BIGINT' },
  { name: 'value', type: 'DOUBLE' },
  { name: 'single', type: 'FLOAT' },
  { name: 'count', type: 'INTEGER' },
  { name: 'flag', type: 'BOOLEAN' },
  { name: 'tags', type: 'VARCHAR[]' },
  { name: 'day', type: 'DATE' },
];

/** `count` rows, made one at a time as they are asked for. */
function* rows(count: number, made: { count: number }): Generator<Record<string, unknown>> {
  for (let i = 0; i < count; i++) {
    made.count++;
    yield {
      id: `id-${String(count - i).padStart(5, '0')}`,
      offset: 2 ** 40 + i,
      value: i / 3,
      single: 0.5 * i,
      count: i % 7 === 0 ? null : i,
      flag: i % 2 === 0,
      tags: i % 3 === 0 ? ['a', 'b'] : [],
      day: '2026-11-29',
    };
  }
}

test('writeParquet writes rows as they come, in their order or sorted, every type as stage() would', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'nrel-compat-writer-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const writer = await DataSetWriter.open(dir);
  const made = { count: 0 };
  // more rows than one chunk of the table function
  const asGiven = await writer.writeParquet('test', 'as_given', COLUMNS, rows(5000, made));
  const sorted = await writer.writeParquet('test', 'sorted', COLUMNS, rows(5000, made), 'id');
  writer.commit({ schema_version: 1, generator: 'test', sample: true, notice: 'test' });
  writer.close();
  assert.equal(made.count, 10_000);
  assert.deepEqual([asGiven.rows, sorted.rows], [5000, 5000]);
  const duck = await (await DuckDBInstance.create(':memory:')).connect();
  t.after(() => duck.closeSync());
  const read = async (file: string) =>
    (await duck.runAndReadAll(`SELECT * REPLACE (day::VARCHAR AS day) FROM read_parquet('${join(dir, file)}')`)).getRowObjectsJS();
  const expected: Array<Record<string, unknown>> = [...rows(5000, { count: 0 })].map((row) => ({ ...row, offset: BigInt(row.offset as number) }));
  assert.deepEqual(await read(asGiven.path), expected);
  assert.deepEqual(
    await read(sorted.path),
    [...expected].sort((a, b) => (String(a.id) < String(b.id) ? -1 : 1)),
  );
  const types = (await duck.runAndReadAll(`DESCRIBE SELECT * FROM read_parquet('${join(dir, sorted.path)}')`)).getRowObjectsJS().map((row) => row.column_type);
  assert.deepEqual(types, ['VARCHAR', 'BIGINT', 'DOUBLE', 'FLOAT', 'INTEGER', 'BOOLEAN', 'VARCHAR[]', 'DATE']);
});

test('what the rows throw is what writeParquet throws, and the writer folder and its spill folder go', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'nrel-compat-writer-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const writer = await DataSetWriter.open(dir);
  const failure = new Error('record 3000 is invalid');
  function* failing(): Generator<Record<string, unknown>> {
    yield* rows(2999, { count: 0 });
    throw failure;
  }
  await assert.rejects(writer.writeParquet('test', 'failing', COLUMNS, failing(), 'id'), (error) => error === failure);
  writer.abort();
  writer.close();
  assert.equal(existsSync(writer.workDir), false);
  assert.equal(existsSync(`${writer.workDir}-spill`), false);
});
