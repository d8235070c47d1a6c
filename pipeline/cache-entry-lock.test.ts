import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { claimCacheEntry } from './cache-entry-lock.ts';

const dir = mkdtempSync(join(tmpdir(), 'cache-entry-lock-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const times = { staleMs: 60_000, pollMs: 5 };

test('of claims made together one gets the lock; the others wait until the entry is ready and get none', async () => {
  const entry = join(dir, 'together');
  const ready = () => existsSync(entry);
  const claims = Array.from({ length: 4 }, () => claimCacheEntry(`${entry}.lock`, ready, times));
  const first = await Promise.race(claims.map((claim) => claim.then((release) => release)));
  assert.equal(typeof first, 'function', 'one claim holds the lock');
  mkdirSync(entry);
  first!();
  const releases = await Promise.all(claims);
  assert.equal(releases.filter((release) => release !== undefined).length, 1, 'only one made the entry');
  assert.ok(!existsSync(`${entry}.lock`), 'the lock is gone');
});

test('an entry that is ready is never locked', async () => {
  const entry = join(dir, 'ready');
  mkdirSync(entry);
  assert.equal(await claimCacheEntry(`${entry}.lock`, () => existsSync(entry), times), undefined);
  assert.ok(!existsSync(`${entry}.lock`));
});

test('a lock older than staleMs is taken over; a fresh one past waitMs gives up without it', async () => {
  const stale = join(dir, 'stale');
  mkdirSync(`${stale}.lock`);
  const old = new Date(Date.now() - 120_000);
  utimesSync(`${stale}.lock`, old, old);
  const release = await claimCacheEntry(`${stale}.lock`, () => existsSync(stale), times);
  assert.equal(typeof release, 'function', 'the dead process’s lock was taken over');
  release!();

  const held = join(dir, 'held');
  mkdirSync(`${held}.lock`);
  assert.equal(await claimCacheEntry(`${held}.lock`, () => existsSync(held), { ...times, waitMs: 50 }), undefined);
  assert.ok(existsSync(`${held}.lock`), 'the holder’s lock is left to it');
});
