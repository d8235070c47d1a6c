// The rate limiters' contract, on the in-process limiter and on Redis (a real redis-server): exact
// counts, rolling (not fixed) windows, every window checked together, refusals not counted,
// Retry-After; then the shared limiter's fall-back to per-process counting and its return.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Redis } from 'ioredis';
import { DAY_MS, HOUR_MS } from './index.ts';
import { MemoryRateLimiter, type RateLimiter, type Window } from './limits.ts';
import { connectRedis, counterKey, DEFAULT_REDIS_PREFIX, RedisRateLimiter, SharedRateLimiter, waitReady } from './redis.ts';
import { RedisServer, skipWithoutRedis } from '../../harness/redis-server.ts';

const T0 = Date.UTC(2024, 0, 1, 0, 0, 0); // on an hour boundary: a fixed window would reset at T0 + 1 h
const MIN = 60_000;

const hourly = (limit: number): Window => ({ name: 'hour', windowMs: HOUR_MS, limit });
const daily = (limit: number): Window => ({ name: 'day', windowMs: DAY_MS, limit });

let identities = 0;
const fresh = () => `test:${++identities}`;

async function admitted(limiter: RateLimiter, identity: string, windows: Window[], now: number, times: number): Promise<number> {
  let count = 0;
  for (let i = 0; i < times; i++) if ((await limiter.hit(identity, windows, now)).allowed) count++;
  return count;
}

function contract(name: string, make: () => RateLimiter, skip: string | false = false) {
  describe(name, { skip }, () => {
    test('admits exactly the limit; headers count down; a refusal reports 0 remaining and is not counted', async () => {
      const limiter = make();
      const id = fresh();
      const remaining: number[] = [];
      for (let i = 0; i < 5; i++) {
        const decision = await limiter.hit(id, [hourly(5)], T0 + i);
        assert.equal(decision.allowed, true);
        assert.equal(decision.limit, 5);
        remaining.push(decision.remaining);
      }
      assert.deepEqual(remaining, [4, 3, 2, 1, 0]);
      for (let i = 0; i < 3; i++) {
        const refused = await limiter.hit(id, [hourly(5)], T0 + 10 + i);
        assert.deepEqual(
          { allowed: refused.allowed, limit: refused.limit, remaining: refused.remaining, refusedBy: refused.refusedBy },
          { allowed: false, limit: 5, remaining: 0, refusedBy: 'hour' },
        );
      }
      // The first admission (T0) leaves at T0 + 1 h; the refusals, had they counted, would still block.
      const later = await limiter.hit(id, [hourly(5)], T0 + HOUR_MS);
      assert.equal(later.allowed, true);
      assert.equal(later.remaining, 0);
    });

    test('the window rolls: each admission frees its slot exactly one window later, no fixed-window burst', async () => {
      const limiter = make();
      const id = fresh();
      // Three admissions in the second half of the first hour.
      for (const at of [30 * MIN, 40 * MIN, 59 * MIN]) assert.equal((await limiter.hit(id, [hourly(3)], T0 + at)).allowed, true);
      // Past the hour boundary a fixed window would start afresh; a rolling one still holds all three.
      assert.equal((await limiter.hit(id, [hourly(3)], T0 + 61 * MIN)).allowed, false);
      assert.equal((await limiter.hit(id, [hourly(3)], T0 + 90 * MIN - 1)).allowed, false);
      // At T0 + 90 min exactly the first leaves: one admitted, the next refused.
      assert.equal((await limiter.hit(id, [hourly(3)], T0 + 90 * MIN)).allowed, true);
      const refused = await limiter.hit(id, [hourly(3)], T0 + 90 * MIN + 1);
      assert.equal(refused.allowed, false);
      // Next to leave: the one of T0 + 40 min, 10 min - 1 ms later: Retry-After rounds up to 600 s.
      assert.equal(refused.retryAfterSeconds, 600);
      assert.equal((await limiter.hit(id, [hourly(3)], T0 + 100 * MIN - 1)).allowed, false);
      assert.equal((await limiter.hit(id, [hourly(3)], T0 + 100 * MIN)).allowed, true);
    });

    test('Retry-After: seconds until a slot frees, rounded up, at least 1', async () => {
      const limiter = make();
      const id = fresh();
      await admitted(limiter, id, [hourly(2)], T0, 2);
      assert.equal((await limiter.hit(id, [hourly(2)], T0)).retryAfterSeconds, 3600);
      assert.equal((await limiter.hit(id, [hourly(2)], T0 + 30 * MIN)).retryAfterSeconds, 1800);
      assert.equal((await limiter.hit(id, [hourly(2)], T0 + HOUR_MS - 1500)).retryAfterSeconds, 2);
      assert.equal((await limiter.hit(id, [hourly(2)], T0 + HOUR_MS - 1)).retryAfterSeconds, 1);
    });

    test('every window is checked together: a request refused by one is counted in none', async () => {
      const limiter = make();
      const id = fresh();
      const windows = [hourly(3), daily(5)];
      assert.equal(await admitted(limiter, id, windows, T0, 5), 3);
      // One hour on, the hourly window is empty but the daily one holds 3 of 5.
      const next = T0 + HOUR_MS;
      const first = await limiter.hit(id, windows, next);
      assert.deepEqual([first.allowed, first.remaining], [true, 2]);
      assert.equal((await limiter.hit(id, windows, next)).allowed, true);
      const refused = await limiter.hit(id, windows, next);
      assert.equal(refused.allowed, false);
      assert.equal(refused.refusedBy, 'day');
      // Refused by the day, which frees its first slot at T0 + 24 h: 23 h from now.
      assert.equal(refused.retryAfterSeconds, 23 * 3600);
      // The refused request did not count in the hourly window: 2 used of 3 there.
      assert.equal((await limiter.hit(id, [hourly(3)], next)).remaining, 0);
      // An hourly-only request (another endpoint group) is still bounded by its own window alone.
      assert.equal((await limiter.hit(id, [hourly(3)], next)).allowed, false);
    });

    test('a refusal names the first of its windows that was full; an admission names none', async () => {
      const limiter = make();
      const id = fresh();
      const windows = [hourly(2), daily(2)];
      assert.equal((await limiter.hit(id, windows, T0)).refusedBy, undefined);
      assert.equal(await admitted(limiter, id, windows, T0, 1), 1);
      assert.equal((await limiter.hit(id, windows, T0)).refusedBy, 'hour', 'both full: the hour comes first');
      assert.equal((await limiter.hit(id, [daily(2), hourly(2)], T0)).refusedBy, 'day', 'in the order given');
    });

    test('counters are per identity and per window name', async () => {
      const limiter = make();
      const a = fresh();
      const b = fresh();
      assert.equal(await admitted(limiter, a, [hourly(2)], T0, 3), 2);
      assert.equal(await admitted(limiter, b, [hourly(2)], T0, 3), 2);
      assert.equal(await admitted(limiter, a, [{ name: 'other', windowMs: HOUR_MS, limit: 2 }], T0, 3), 2);
    });

    test('a limit of 0 admits nothing and says when to retry', async () => {
      const limiter = make();
      const decision = await limiter.hit(fresh(), [hourly(0)], T0);
      assert.deepEqual(decision, { allowed: false, limit: 0, remaining: 0, retryAfterSeconds: 3600, refusedBy: 'hour' });
    });

    test('200 concurrent requests on one counter: exactly the limit is admitted', async () => {
      const limiter = make();
      const id = fresh();
      const decisions = await Promise.all(Array.from({ length: 200 }, (_, i) => limiter.hit(id, [hourly(50), daily(1000)], T0 + (i % 7))));
      const allowed = decisions.filter((d) => d.allowed);
      assert.equal(allowed.length, 50);
      assert.deepEqual(
        allowed.map((d) => d.remaining).sort((x, y) => x - y),
        Array.from({ length: 50 }, (_, i) => i),
      );
    });
  });
}

contract('MemoryRateLimiter', () => new MemoryRateLimiter());

describe('MemoryRateLimiter housekeeping', () => {
  test('counters whose admissions have all left their window are forgotten', () => {
    const limiter = new MemoryRateLimiter();
    for (let i = 0; i < 10; i++) limiter.hitNow(`ip:${i}`, [hourly(5)], T0, i + 1);
    assert.equal(limiter.size, 10);
    limiter.sweep(T0 + HOUR_MS - 1);
    assert.equal(limiter.size, 10);
    limiter.sweep(T0 + HOUR_MS);
    assert.equal(limiter.size, 0);
  });
});

describe('on Redis', { skip: skipWithoutRedis }, () => {
  let server: RedisServer;
  let redis: Redis;
  before(async () => {
    server = await RedisServer.start();
    redis = connectRedis(server.url);
    assert.equal(await waitReady(redis, 5000), true);
  });
  after(async () => {
    redis?.disconnect();
    await server?.dispose();
  });

  contract('RedisRateLimiter', () => new RedisRateLimiter(redis));

  test('counters are sorted sets of admissions with an expiry of one window', async () => {
    const limiter = new RedisRateLimiter(redis);
    const id = fresh();
    await admitted(limiter, id, [hourly(3), daily(10)], Date.now(), 5);
    const hourKey = counterKey(DEFAULT_REDIS_PREFIX, id, 'hour');
    assert.equal(await redis.zcard(hourKey), 3);
    assert.equal(await redis.zcard(counterKey(DEFAULT_REDIS_PREFIX, id, 'day')), 3);
    const ttl = await redis.pttl(hourKey);
    assert.ok(ttl > 0 && ttl <= HOUR_MS, `ttl ${ttl}`);
  });

  test('two clients on one Redis (two processes) share the counters exactly', async () => {
    const other = connectRedis(server.url);
    try {
      assert.equal(await waitReady(other, 5000), true);
      const limiters = [new RedisRateLimiter(redis), new RedisRateLimiter(other)];
      const id = fresh();
      const decisions = await Promise.all(Array.from({ length: 120 }, (_, i) => limiters[i % 2].hit(id, [hourly(37)], T0)));
      assert.equal(decisions.filter((d) => d.allowed).length, 37);
    } finally {
      other.disconnect();
    }
  });

  test('SharedRateLimiter: Redis stops, counting goes on in the process from its own share; Redis returns with those admissions', async () => {
    let now = T0;
    const lines: string[] = [];
    const log = {
      warn: (_o: unknown, message: string) => lines.push(`warn ${message}`),
      info: (message: string) => lines.push(`info ${message}`),
      debug: () => {},
    };
    const client = connectRedis(server.url, { commandTimeoutMs: 200 });
    const shared = new SharedRateLimiter(client, { now: () => now, log: log as never, probeMs: 50 });
    try {
      assert.equal(await waitReady(client, 5000), true);
      const id = fresh();
      const windows = [hourly(10)];
      assert.equal(await admitted(shared, id, windows, now, 4), 4);
      assert.equal(shared.usingRedis, true);

      await server.stop();
      now += MIN;
      // 4 admitted before; 6 more, then refused: the process goes on from its own count, not from zero.
      const during = await Promise.all(Array.from({ length: 10 }, () => shared.hit(id, windows, now)));
      assert.equal(during.filter((d) => d.allowed).length, 6);
      assert.equal(shared.usingRedis, false);
      assert.equal(lines.filter((line) => line.startsWith('warn')).length, 1, 'the outage is logged once');

      await server.start(); // empty: no persistence
      await waitFor(() => shared.usingRedis, 'the limiter to return to Redis');
      assert.equal(lines.filter((line) => line.startsWith('info Redis is back')).length, 1);
      // The 10 admissions were written back: Redis refuses the 11th, and a second process sees 10.
      assert.equal(await client.zcard(counterKey(DEFAULT_REDIS_PREFIX, id, 'hour')), 10);
      assert.equal((await shared.hit(id, windows, now)).allowed, false);
      assert.equal((await new RedisRateLimiter(client).hit(id, windows, now)).allowed, false);
      // And Redis decides again: one hour after the first four left, four slots are free.
      now = T0 + HOUR_MS;
      assert.equal(await admitted(shared, id, windows, now, 6), 4);
      assert.equal(await client.zcard(counterKey(DEFAULT_REDIS_PREFIX, id, 'hour')), 10);
    } finally {
      await shared.close();
      client.disconnect();
      if (!server.running) await server.start();
    }
  });
});

async function waitFor(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
