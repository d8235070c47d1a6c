// The SQL builder: a named value is bound once however often the text uses it; numbers written into
// the text are refused unless finite, and DuckDB reads each back as exactly the JS number (including
// the 17-digit decimals it would otherwise read as DECIMALs and convert a bit off).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { DOUBLE, VARCHAR } from '../../model/duckdb.ts';
import { Random } from '../../pipeline/sample/random.ts';
import { Database } from './database.ts';
import { Sql, sqlNumber, whereAll } from './sql.ts';

let db: Database;
before(async () => (db = await Database.open()));
after(() => db.close());

test('bind: one placeholder per name, the values in placeholder order', () => {
  const sql = new Sql();
  const lat = sql.bind('lat', { value: 40, type: DOUBLE });
  const state = sql.bind('state', { value: 'CO', type: VARCHAR });
  assert.deepEqual([lat, state, sql.bind('lat', { value: 99, type: DOUBLE })], ['$1', '$2', '$1']);
  assert.deepEqual(sql.params, [
    { value: 40, type: DOUBLE },
    { value: 'CO', type: VARCHAR },
  ]);
});

test('bound text stays a value: a quote in it is data, not SQL', async () => {
  const sql = new Sql();
  const text = "x' OR 1=1 --";
  const result = await db.query(`SELECT ${sql.bind('text', { value: text, type: VARCHAR })} AS text`, sql.params);
  assert.deepEqual(result.text, [text]);
});

test('number: only finite numbers', () => {
  for (const value of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) assert.throws(() => sqlNumber(value), /Not a finite number/);
  assert.equal(sqlNumber(-42), '-42', 'integers stay integers (LIMIT and OFFSET need them)');
  assert.equal(sqlNumber(2 ** 60), `'${2 ** 60}'::DOUBLE`, 'beyond 2^53 an integer literal would not be the number');
});

test('number: DuckDB reads every literal back as exactly the JS number', async () => {
  const random = new Random(5);
  // biome-ignore format: a table reads best packed
  const values = [0, -0.5, 40.7128, -105.2225, 1e-7, 6_371_008.8 / 1609.344, -0.00047758006045602123, 0.1 + 0.2, 2 ** 53, 2 ** 60, Number.MAX_VALUE, Number.MIN_VALUE];
  for (let i = 0; i < 2000; i++)
    values.push(random.between(-180, 180), random.between(-1e-3, 1e-3) * random.between(0, 1), Math.round(random.between(-1e6, 1e6)));
  for (let from = 0; from < values.length; from += 500) {
    const chunk = values.slice(from, from + 500);
    const result = await db.query(`SELECT ${chunk.map((value, i) => `${sqlNumber(value)}::DOUBLE AS v${i}`).join(', ')}`, [], { prepare: false });
    for (const [i, value] of chunk.entries()) assert.equal(result[`v${i}`]![0], value, `${value} as ${sqlNumber(value)}`);
  }
});

test('whereAll: conditions joined by AND, or nothing', () => {
  assert.equal(whereAll([]), '');
  assert.equal(whereAll(['a = 1', 'b = 2']), 'WHERE a = 1 AND b = 2');
});
