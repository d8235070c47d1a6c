// The pool's steps (`run`), what runs after an answer, each connection's own state renewed every
// so many runs, and the statements kept per connection.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { DOUBLE } from '../../model/duckdb.ts';
import { Database } from './database.ts';

let db: Database;
before(async () => {
  db = await Database.open({ connections: 2 });
  await db.execute('CREATE TABLE numbers AS SELECT range::DOUBLE AS x FROM range(1000)');
});
after(() => db.close());

const setup = [{ sql: 'CREATE OR REPLACE TEMP TABLE request (bound DOUBLE)' }];
/** A statement without parameters (DuckDB keeps its plan) that reads the request row. */
const below = 'SELECT count(*)::INTEGER AS n FROM numbers WHERE x < (SELECT bound FROM request)';

test('a search in steps: the request row written, read by a kept plan, cleared after the answer; on every connection, renewed as it goes', async () => {
  await db.executeOnEach(setup, { renewAfterRuns: 3 });
  const search = (bound: number) =>
    db.run([{ sql: 'INSERT INTO request VALUES ($1)', params: [{ value: bound, type: DOUBLE }] }, { sql: below }], [{ sql: 'DELETE FROM request' }]);
  // one at a time, then two at once (both connections), many more times than the renewal
  for (let i = 0; i < 10; i++) assert.deepEqual(await search(i * 10), { n: [i * 10] });
  for (let i = 0; i < 10; i++) assert.deepEqual(await Promise.all([search(i), search(999 - i)]), [{ n: [i] }, { n: [999 - i] }]);
  const rows = await db.run([{ sql: 'SELECT count(*)::INTEGER AS n FROM request' }]);
  assert.deepEqual(rows, { n: [0] });
});

test('what runs after an answer failing renews the connection, which then answers again', async () => {
  await db.executeOnEach(setup, { renewAfterRuns: 1000 });
  await db.run([{ sql: 'INSERT INTO request VALUES (5)' }, { sql: below }], [{ sql: 'SELECT no_such_column FROM request' }]);
  assert.deepEqual(await db.run([{ sql: 'INSERT INTO request VALUES (7)' }, { sql: below }], [{ sql: 'DELETE FROM request' }]), { n: [7] });
});

test('a search that fails still clears its request row', async () => {
  await db.executeOnEach(setup, { renewAfterRuns: 1000 });
  await assert.rejects(db.run([{ sql: 'INSERT INTO request VALUES (3)' }, { sql: 'SELECT no_such_column FROM request' }], [{ sql: 'DELETE FROM request' }]));
  // both connections: neither holds a stale row
  const both = await Promise.all(
    [0, 1].map((i) => db.run([{ sql: `INSERT INTO request VALUES (${10 + i})` }, { sql: below }], [{ sql: 'DELETE FROM request' }])),
  );
  assert.deepEqual(both, [{ n: [10] }, { n: [11] }]);
});

test('more statements than a connection keeps: the oldest are dropped, every one still runs', async () => {
  for (let i = 0; i < 300; i++) assert.deepEqual(await db.query(`SELECT ${i} AS i`), { i: [i] });
  assert.deepEqual(await db.query('SELECT 0 AS i'), { i: [0] });
  for (let i = 0; i < 40; i++) assert.deepEqual(await db.run([{ sql: `SELECT ${i} AS i` }]), { i: [i] });
  assert.deepEqual(await db.run([{ sql: 'SELECT 0 AS i' }]), { i: [0] });
});

test('statements kept before the catalog changes answer for the catalog as it is now', async () => {
  await db.execute('CREATE OR REPLACE TABLE letters AS SELECT 1 AS n');
  assert.deepEqual(await db.query('SELECT n FROM letters'), { n: [1] });
  await db.execute('CREATE OR REPLACE TABLE letters AS SELECT 2 AS n');
  assert.deepEqual(await db.query('SELECT n FROM letters'), { n: [2] });
});

test('closing while what follows a search still runs: the connection closes when it is given back', async () => {
  const other = await Database.open({ connections: 1 });
  await other.executeOnEach(setup);
  const answer = await other.run(
    [{ sql: 'INSERT INTO request VALUES (1)' }, { sql: 'SELECT count(*)::INTEGER AS n FROM request' }],
    [{ sql: 'DELETE FROM request' }],
  );
  other.close();
  assert.deepEqual(answer, { n: [1] });
  await new Promise((resolve) => setTimeout(resolve, 50));
});

test('a result of more rows than one chunk reads each column whole; two columns of one name are refused, not merged', async () => {
  const rows = 5000;
  const read = await db.query(`SELECT range::INTEGER AS i, (range * 2)::DOUBLE AS twice FROM range(${rows})`, [], { prepare: false });
  assert.equal(read.i.length, rows);
  assert.ok(read.i.every((value, i) => value === i && read.twice[i] === 2 * i));
  await assert.rejects(db.query(`SELECT range AS x, range::DOUBLE AS x FROM range(${rows})`, [], { prepare: false }), /two columns named x/);
  await assert.rejects(async () => {
    for await (const _ of db.stream(`SELECT range AS x, range::DOUBLE AS x FROM range(${rows})`));
  }, /two columns named x/);
});

test('compressed tables are stored as in a database file, and read back whole', async () => {
  await db.execute('CREATE TABLE repeated AS SELECT (range % 7)::INTEGER AS code, 45.5 + (range % 100) / 100 AS degrees FROM range(200000)');
  await db.compressTables();
  const storage = await db.query("SELECT DISTINCT compression FROM pragma_storage_info('repeated') WHERE segment_type <> 'VALIDITY' ORDER BY 1", [], {
    prepare: false,
  });
  assert.ok(!storage.compression.includes('Uncompressed'), `compressions: ${storage.compression.join(', ')}`);
  const sums = await db.query('SELECT sum(code)::BIGINT AS codes, count(DISTINCT degrees)::INTEGER AS degrees FROM repeated', [], { prepare: false });
  // 200,000 rows are 28,571 whole cycles of 0..6 (21 each) and then 0, 1, 2
  assert.deepEqual(sums, { codes: [28_571n * 21n + 3n], degrees: [100] });
});

test('the statement caches count their hits and misses, and hold no more than they keep', async () => {
  const one = await Database.open({ connections: 1 });
  try {
    for (let i = 0; i < 3; i++) await one.query('SELECT 1 AS n');
    for (let i = 0; i < 2; i++) await one.run([{ sql: 'SELECT 2 AS n' }]);
    assert.deepEqual(one.statementCacheStats(), {
      statements: { entries: 1, hits: 2, misses: 1 },
      searches: { entries: 1, hits: 1, misses: 1 },
    });
    for (let i = 0; i < 200; i++) await one.query(`SELECT ${i} AS i`);
    assert.deepEqual(one.statementCacheStats().statements, { entries: 128, hits: 2, misses: 201 });
  } finally {
    one.close();
  }
});

test('an idle connection that has the statement prepared serves it, whichever was given back last', async () => {
  const two = await Database.open({ connections: 2 });
  try {
    // both connections busy at once: each prepares its own statement (A on one, B on the other)
    await Promise.all([two.query('SELECT 1 AS a'), two.query('SELECT 2 AS b')]);
    const prepared = () => two.statementCacheStats().statements;
    assert.deepEqual(prepared(), { entries: 2, hits: 0, misses: 2 });
    // one after the other, each time on the connection that has it: no connection prepares the other's
    for (let i = 0; i < 3; i++) {
      await two.query('SELECT 1 AS a');
      await two.query('SELECT 2 AS b');
      await two.run([{ sql: 'SELECT 3 AS c' }]);
      await two.run([{ sql: 'SELECT 3 AS c' }]);
    }
    assert.deepEqual(prepared(), { entries: 2, hits: 6, misses: 2 });
    assert.deepEqual(two.statementCacheStats().searches, { entries: 1, hits: 5, misses: 1 });
  } finally {
    two.close();
  }
});

test('the kept searches renewed at idle are the same searches, kept still, and answer as before', async () => {
  const one = await Database.open({ connections: 1 });
  try {
    await one.execute('CREATE TABLE numbers AS SELECT range::DOUBLE AS x FROM range(10)');
    const searches = ['SELECT count(*)::INTEGER AS n FROM numbers WHERE x < 4', 'SELECT max(x) AS m FROM numbers'];
    for (const sql of searches) await one.run([{ sql }]);
    assert.deepEqual(one.statementCacheStats().searches, { entries: 2, hits: 0, misses: 2 });
    await one.renewKeptSearches();
    assert.deepEqual(one.statementCacheStats().searches, { entries: 2, hits: 0, misses: 2 });
    assert.deepEqual(await one.run([{ sql: searches[0]! }]), { n: [4] });
    assert.deepEqual(await one.run([{ sql: searches[1]! }]), { m: [9] });
    assert.deepEqual(one.statementCacheStats().searches, { entries: 2, hits: 2, misses: 2 }, 'neither was prepared again when asked');
  } finally {
    one.close();
  }
});

test('memory given back at idle leaves the thread count as it was, and the connections answering', async () => {
  const two = await Database.open({ connections: 2, threads: 2 });
  try {
    await two.returnFreedMemory();
    assert.deepEqual(await two.query("SELECT current_setting('threads')::INTEGER AS threads"), { threads: [2] });
  } finally {
    two.close();
  }
});
