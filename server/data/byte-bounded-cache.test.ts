// The byte-bounded cache: it holds at most its cap, least recently used out first (and says which
// went), keeps nothing larger than its cap or under a cap of zero, reads a value once however many
// wait for it, forgets a failed read, and counts hits and misses as /health reports them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { collectGarbage } from '../heap.ts';
import { ByteBoundedCache } from './byte-bounded-cache.ts';

interface Value {
  label: string;
  bytes: number;
}

const value = (label: string, bytes: number): Value => ({ label, bytes });

function cache(maxBytes: number, evicted: string[] = []) {
  return new ByteBoundedCache<Value>(maxBytes, { bytes: (v) => v.bytes, onEvict: (v, key) => evicted.push(`${key}=${v.label}`) });
}

test('holds at most its cap, pushing out the least recently used', () => {
  const evicted: string[] = [];
  const values = cache(1000, evicted);
  values.set('a', value('A', 400));
  values.set('b', value('B', 400));
  assert.equal(values.get('a')?.label, 'A');
  values.set('c', value('C', 400));
  assert.equal(values.get('b'), undefined, 'b was the least recently used');
  assert.deepEqual(evicted, ['b=B']);
  assert.equal(values.get('a')?.label, 'A');
  assert.equal(values.get('c')?.label, 'C');
  assert.deepEqual(values.stats(), { max_bytes: 1000, bytes: 800, stations: 2, hits: 0, misses: 0 });
  values.set('d', value('D', 1000));
  assert.deepEqual(evicted, ['b=B', 'a=A', 'c=C'], 'a value of exactly the cap pushes out everything else');
  assert.deepEqual(values.stats(), { max_bytes: 1000, bytes: 1000, stations: 1, hits: 0, misses: 0 });
});

test('a value larger than the cap is not kept, and pushes nothing out', () => {
  const evicted: string[] = [];
  const values = cache(1000, evicted);
  values.set('a', value('A', 400));
  values.set('huge', value('HUGE', 1001));
  assert.equal(values.get('huge'), undefined);
  assert.equal(values.get('a')?.label, 'A');
  assert.deepEqual(evicted, []);
});

test('a cap under one byte keeps nothing', () => {
  for (const cap of [0, 0.5]) {
    const values = cache(cap);
    values.set('a', value('A', 1));
    assert.equal(values.get('a'), undefined);
    assert.deepEqual(values.stats(), { max_bytes: cap, bytes: 0, stations: 0, hits: 0, misses: 0 });
  }
});

test('load reads a value once however many wait for it; hits and misses are counted', async () => {
  const values = cache(1000);
  let reads = 0;
  let finish!: () => void;
  const read = () => {
    reads++;
    return new Promise<Value>((resolve) => (finish = () => resolve(value('A', 100))));
  };
  const waiting = [values.load('a', read), values.load('a', read), values.load('a', read)];
  finish();
  const loaded = await Promise.all(waiting);
  assert.equal(reads, 1);
  assert.ok(
    loaded.every((each) => each === loaded[0]),
    'every caller gets the one value read',
  );
  assert.equal(await values.load('a', read), loaded[0]);
  assert.equal(reads, 1);
  assert.deepEqual(values.stats(), { max_bytes: 1000, bytes: 100, stations: 1, hits: 1, misses: 1 }, 'the two that waited are neither hits nor misses');
});

test('a failed read is not kept: the next load reads again', async () => {
  const values = cache(1000);
  await assert.rejects(
    values.load('a', () => Promise.reject(new Error('disk gone'))),
    /disk gone/,
  );
  assert.equal((await values.load('a', async () => value('A', 10))).label, 'A');
  assert.deepEqual(values.stats(), { max_bytes: 1000, bytes: 10, stations: 1, hits: 0, misses: 2 });
});

test('a loaded value larger than the cap is still returned, but not kept', async () => {
  const values = cache(1000);
  assert.equal((await values.load('huge', async () => value('HUGE', 5000))).label, 'HUGE');
  assert.equal(values.get('huge'), undefined);
  assert.deepEqual(values.stats(), { max_bytes: 1000, bytes: 0, stations: 0, hits: 0, misses: 1 });
});

test('delete lets a value go without calling it an eviction', () => {
  const evicted: string[] = [];
  const values = cache(1000, evicted);
  values.set('a', value('A', 400));
  values.delete('a');
  values.delete('never held');
  assert.equal(values.get('a'), undefined);
  assert.deepEqual(evicted, []);
  assert.deepEqual(values.stats(), { max_bytes: 1000, bytes: 0, stations: 0, hits: 0, misses: 0 });
});

test('a value unused for idleMs is let go, each use renewing its time; letting go says so', async () => {
  const evicted: string[] = [];
  let expired = 0;
  const values = new ByteBoundedCache<Value>(1000, {
    bytes: (v) => v.bytes,
    onEvict: (v, key) => evicted.push(`${key}=${v.label}`),
    idleMs: 150,
    onExpire: () => expired++,
  });
  values.set('used', value('U', 100));
  values.set('idle', value('I', 100));
  for (let i = 0; i < 4; i++) {
    await new Promise((resolve) => setTimeout(resolve, 60));
    assert.equal(values.get('used')?.label, 'U', `use ${i}`);
  }
  assert.equal(values.get('idle'), undefined, 'unused for 240 ms');
  assert.deepEqual(evicted, ['idle=I']);
  assert.ok(expired >= 1);
  assert.deepEqual(values.stats(), { max_bytes: 1000, bytes: 100, stations: 1, hits: 0, misses: 0 });
  await new Promise((resolve) => setTimeout(resolve, 300));
  assert.deepEqual(values.stats().stations, 0, 'let go without being asked for: memory returns while the server idles');
  assert.deepEqual(evicted, ['idle=I', 'used=U']);
});

test('close: every value held is let go as an eviction, its idle timer with it, and nothing is kept afterwards', async () => {
  const evicted: string[] = [];
  const values = new ByteBoundedCache<Value>(1000, { bytes: (v) => v.bytes, onEvict: (v, key) => evicted.push(`${key}=${v.label}`), idleMs: 60_000 });
  const held = new WeakRef(value('A', 100));
  values.set('a', held.deref()!);
  values.set('b', value('B', 100));
  values.close();
  assert.deepEqual(evicted.sort(), ['a=A', 'b=B']);
  // A running idle timer would keep its value (and what that refers to) for another minute.
  await new Promise((resolve) => setImmediate(resolve));
  collectGarbage();
  assert.equal(held.deref(), undefined, 'the value can be collected at once');
  values.set('c', value('C', 100));
  assert.equal(await values.load('d', async () => value('D', 100)).then((v) => v.label), 'D', 'a load still answers');
  assert.deepEqual([values.get('c'), values.get('d')], [undefined, undefined]);
  assert.equal(values.stats().stations, 0);
});
