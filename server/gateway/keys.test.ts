// Keys: their form, the store's pick-up of changes to the file and to Redis without a restart, and
// which copy of a record wins.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { generateKey, hashKey, KEY_PATTERN, keyId, KeyStore, readKeysFile, updateKeysFile, writeKeysFile, writeRedisKeys, type KeyRecord } from './keys.ts';
import { connectRedis, waitReady } from './redis.ts';
import { RedisServer, skipWithoutRedis } from '../../harness/redis-server.ts';

const dir = mkdtempSync(join(tmpdir(), 'nrel-compat-keys-'));
after(() => rmSync(dir, { recursive: true, force: true }));

function record(key: string, changes: Partial<KeyRecord> = {}): KeyRecord {
  return { hash: hashKey(key), email: 'someone@example.org', created_at: '2024-01-01T00:00:00.000Z', disabled: false, ...changes };
}

test('keys are 40 letters and digits, drawn afresh each time', () => {
  const keys = Array.from({ length: 2000 }, generateKey);
  for (const key of keys) assert.match(key, KEY_PATTERN);
  assert.equal(new Set(keys).size, keys.length);
  // Every character of the alphabet turns up (a biased or truncated alphabet would not).
  assert.equal(new Set(keys.join('')).size, 62);
});

test('the stored form is the SHA-256 of the key; the public id is its first 12 hex digits', () => {
  assert.equal(hashKey('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  assert.equal(keyId(hashKey('abc')), 'ba7816bf8f01');
});

test('the store picks up a changed file without a restart, and keeps its keys when the file is broken', async () => {
  const file = join(dir, 'file-changes.json');
  const [a, b] = [generateKey(), generateKey()];
  writeKeysFile(file, { version: 1, keys: [record(a)] });
  const store = await KeyStore.open({ file, demoKey: true, pollMs: 60_000 });
  try {
    assert.equal(store.lookup(a).kind, 'key');
    assert.equal(store.lookup(b).kind, 'unknown');
    assert.equal(store.lookup('DEMO_KEY').kind, 'demo');

    await updateKeysFile(file, (keys) => {
      keys.keys[0].disabled = true;
      keys.keys.push(record(b));
    });
    await store.refresh();
    const state = store.lookup(a);
    assert.equal(state.kind === 'key' && state.record.disabled, true);
    assert.equal(store.lookup(b).kind, 'key');

    writeFileSync(file, '{"version": 1, "keys": [');
    await store.refresh();
    assert.equal(store.lookup(b).kind, 'key', 'a half-written file does not wipe the keys');
  } finally {
    store.close();
  }
});

test('a refresh asked for while another runs sees what changed after that one read the file', async () => {
  const file = join(dir, 'refresh-race.json');
  writeKeysFile(file, { version: 1, keys: [] });
  const store = await KeyStore.open({ file, demoKey: true, pollMs: 60_000 });
  try {
    for (let round = 0; round < 20; round++) {
      const key = generateKey();
      // a refresh already on its way (the poll's), then the file changes, then a caller asks
      const running = store.refresh();
      writeKeysFile(file, { version: 1, keys: [record(key)] });
      await store.refresh();
      assert.equal(store.lookup(key).kind, 'key', `round ${round}`);
      await running;
    }
  } finally {
    store.close();
  }
});

test("the server's own key: a key with the default limits, marked as its own, in memory only, until forgotten", async () => {
  const file = join(dir, 'own-key.json');
  writeKeysFile(file, { version: 1, keys: [] });
  const store = await KeyStore.open({ file, demoKey: false, pollMs: 60_000 });
  try {
    const own = store.ownKey();
    assert.match(own.key, KEY_PATTERN);
    const state = store.lookup(own.key);
    assert.equal(state.kind, 'key');
    assert.equal(state.kind === 'key' && state.own, true);
    assert.equal(state.kind === 'key' && state.record.limits, undefined);
    await store.refresh();
    assert.equal(store.lookup(own.key).kind, 'key', 'a reread of the file keeps it');
    assert.deepEqual(readKeysFile(file).keys, [], 'never written to the file');
    own.forget();
    assert.equal(store.lookup(own.key).kind, 'unknown');
    assert.notEqual(store.ownKey().key, own.key, 'each is new');
  } finally {
    store.close();
  }
});

test('DEMO_KEY off: DEMO_KEY is an invalid key', async () => {
  const store = await KeyStore.open({ file: join(dir, 'absent.json'), demoKey: false });
  store.close();
  assert.equal(store.lookup('DEMO_KEY').kind, 'unknown');
});

test('no key is ever written to the file, only its hash', async () => {
  const file = join(dir, 'no-keys.json');
  const key = generateKey();
  await updateKeysFile(file, (keys) => keys.keys.push(record(key)));
  assert.equal(readKeysFile(file).keys.length, 1);
  const { readFileSync } = await import('node:fs');
  assert.equal(readFileSync(file, 'utf8').includes(key), false);
});

describe('with Redis', { skip: skipWithoutRedis }, () => {
  let server: RedisServer;
  before(async () => {
    server = await RedisServer.start();
  });
  after(async () => server?.dispose());

  test('records in Redis are picked up by version; the later change of a key wins over the file', async () => {
    const client = connectRedis(server.url);
    assert.equal(await waitReady(client, 5000), true);
    const file = join(dir, 'redis-merge.json');
    const [a, b] = [generateKey(), generateKey()];
    writeKeysFile(file, { version: 1, keys: [record(a, { updated_at: '2024-02-01T00:00:00.000Z' })] });
    const store = await KeyStore.open({ file, demoKey: true, redis: { client, prefix: 'merge:' }, pollMs: 60_000 });
    try {
      assert.equal(store.lookup(b).kind, 'unknown');
      // Another host creates b and disables a, in Redis.
      await writeRedisKeys(client, 'merge:', [record(b), record(a, { disabled: true, updated_at: '2024-03-01T00:00:00.000Z' })]);
      await store.refresh();
      assert.equal(store.lookup(b).kind, 'key');
      const state = store.lookup(a);
      assert.equal(state.kind === 'key' && state.record.disabled, true, 'Redis has the later change');
      // A later change in the file wins back.
      writeKeysFile(file, { version: 1, keys: [record(a, { updated_at: '2024-04-01T00:00:00.000Z' })] });
      await store.refresh();
      const again = store.lookup(a);
      assert.equal(again.kind === 'key' && again.record.disabled, false);

      // Redis gone: the records read from it stay in force.
      await server.stop();
      await store.refresh();
      assert.equal(store.lookup(b).kind, 'key');
    } finally {
      store.close();
      client.disconnect();
      await server.start();
    }
  });
});
