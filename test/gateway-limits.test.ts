// Rate limits over HTTP, on one server process: in memory and on a real Redis. 50 concurrent
// clients, exactly the limit admitted; the hourly window rolls (injectable clock); the daily limit
// only on the fuel-station endpoints; default limits from the settings; key changes made with
// `npm run keys` picked up without a restart.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { RedisServer, skipWithoutRedis } from '../harness/redis-server.ts';
import { get, otherGroupEndpoint } from './support/gateway.ts';
import { endpoints } from '../server/endpoints/index.ts';
import { startServer, type RunningServer } from '../server/main.ts';
import { runKeysCommand } from '../scripts/keys.ts';
import { silentLogger, temporaryDir } from './support/helpers.ts';
import { sampleDataSet } from './support/sample-data-set.ts';

const T0 = Date.UTC(2024, 5, 1, 12, 0, 0);
const HOUR = 3_600_000;
const LIST = '/api/alt-fuel-stations/v1.json';

let dataDir: string;
before(async () => {
  ({ dataDir } = await sampleDataSet({ seed: 1, stations: 500 }));
});

/** `npm run keys -- …` in this process; returns what it printed. */
async function keysCommand(args: string[], env: Record<string, string>): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runKeysCommand(args, { out: (line) => out.push(line), err: (line) => err.push(line), env });
  return { code, out, err };
}

async function createKey(env: Record<string, string>, ...options: string[]): Promise<string> {
  const created = await keysCommand(['create', '--email', 'limits@example.org', ...options], env);
  assert.equal(created.code, 0, created.err.join('\n'));
  return created.out[0];
}

async function waitFor(condition: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function suite(name: string, redisUrl: () => string | undefined, skip: string | false) {
  describe(name, { skip }, () => {
    let server: RunningServer;
    let env: Record<string, string>;
    let now = T0;
    before(async () => {
      const keysFile = join(temporaryDir('gateway-limits-keys'), 'keys.json');
      const url = redisUrl();
      env = { KEYS_FILE: keysFile, ...(url ? { REDIS_URL: url, REDIS_PREFIX: `limits-${Date.now()}:` } : {}) };
      server = await startServer(
        {
          port: 0,
          host: '127.0.0.1',
          warmUp: false,
          dataDir,
          keysFile,
          demoKey: true,
          redisUrl: url,
          redisPrefix: env.REDIS_PREFIX,
          keyHourlyLimit: 4,
          keyDailyLimit: 6,
        },
        { now: () => now, logger: silentLogger(), endpoints: [otherGroupEndpoint, ...endpoints], pollMs: 100 },
      );
      if (url) assert.equal((server.gateway.limiter as { usingRedis?: boolean }).usingRedis, true);
    });
    after(async () => server?.close());

    /** A new key, usable once the server has read it. */
    const usableKey = async (...options: string[]) => {
      const key = await createKey(env, ...options);
      await server.gateway.keys.refresh();
      return key;
    };

    test('50 concurrent clients on a key allowed 20 an hour: exactly 20 are answered, 30 get 429', async () => {
      const key = await usableKey('--hourly', '20', '--daily', '1000');
      const responses = await Promise.all(Array.from({ length: 50 }, () => get(`${server.url}${LIST}?api_key=${key}&limit=1`)));
      const ok = responses.filter((r) => r.status === 200);
      const over = responses.filter((r) => r.status === 429);
      assert.equal(ok.length, 20);
      assert.equal(over.length, 30);
      // Each admitted request saw its own place in the window.
      assert.deepEqual(
        ok.map((r) => Number(r.headers['x-ratelimit-remaining'])).sort((a, b) => a - b),
        Array.from({ length: 20 }, (_, i) => i),
      );
      for (const r of over) {
        assert.equal(r.headers['x-ratelimit-remaining'], '0');
        assert.equal(r.headers['retry-after'], '3600');
        assert.equal(JSON.parse(r.text).error.code, 'OVER_RATE_LIMIT');
      }
      // And it stays shut.
      assert.equal((await get(`${server.url}${LIST}?api_key=${key}&limit=1`)).status, 429);
      // On Redis, Redis decided every one of them (no fall-back to per-process counting).
      if (redisUrl()) assert.equal((server.gateway.limiter as { usingRedis?: boolean }).usingRedis, true);
    });

    test('the hour rolls: a slot frees exactly one hour after its request, not at a clock boundary', async () => {
      const key = await usableKey('--hourly', '3', '--daily', '1000');
      const at = async (time: number) => {
        now = time;
        return get(`${server.url}${LIST}?api_key=${key}&limit=1`);
      };
      try {
        assert.equal((await at(T0 + 20 * 60_000)).status, 200);
        assert.equal((await at(T0 + 40 * 60_000)).status, 200);
        assert.equal((await at(T0 + 50 * 60_000)).status, 200);
        const full = await at(T0 + 61 * 60_000);
        assert.equal(full.status, 429);
        assert.equal(full.headers['retry-after'], String(19 * 60));
        assert.equal((await at(T0 + 80 * 60_000 - 1)).headers['retry-after'], '1');
        const freed = await at(T0 + 80 * 60_000);
        assert.equal(freed.status, 200);
        assert.equal(freed.headers['x-ratelimit-remaining'], '0');
        assert.equal((await at(T0 + 80 * 60_000)).status, 429);
        assert.equal((await at(T0 + 100 * 60_000)).status, 200);
      } finally {
        now = T0;
      }
    });

    test('defaults from the settings (KEY_HOURLY_LIMIT 4, KEY_DAILY_LIMIT 6); the daily limit counts only the fuel-station endpoints', async () => {
      const key = await usableKey();
      const fuel = () => get(`${server.url}${LIST}?api_key=${key}&limit=1`);
      const other = () => get(`${server.url}/api/test/other.json?api_key=${key}&limit=1`);
      try {
        const first = await fuel();
        assert.equal(first.headers['x-ratelimit-limit'], '4');
        assert.deepEqual([first.status, (await fuel()).status, (await fuel()).status, (await fuel()).status, (await fuel()).status], [200, 200, 200, 200, 429]);
        now = T0 + HOUR;
        // 4 of 6 used today: two more fuel-station requests, then the day refuses (23 h to wait) ...
        assert.deepEqual([(await fuel()).status, (await fuel()).status], [200, 200]);
        const day = await fuel();
        assert.equal(day.status, 429);
        assert.equal(day.headers['retry-after'], String(23 * 3600));
        // ... while another endpoint group draws on the hourly window only (2 of 4 used this hour).
        assert.deepEqual([(await other()).status, (await other()).status, (await other()).status], [200, 200, 429]);
      } finally {
        now = T0;
      }
    });

    test('`keys disable` / `enable` / `limits` take effect without a restart', async () => {
      const key = await usableKey('--hourly', '100');
      const status = async () => (await get(`${server.url}${LIST}?api_key=${key}&limit=1`)).status;
      assert.equal(await status(), 200);
      assert.equal((await keysCommand(['disable', key], env)).code, 0);
      await waitFor(async () => (await status()) === 403, 'the disabled key to be refused');
      const disabled = await get(`${server.url}${LIST}?api_key=${key}&limit=1`);
      assert.equal(JSON.parse(disabled.text).error.code, 'API_KEY_DISABLED');
      assert.equal((await keysCommand(['enable', key], env)).code, 0);
      await waitFor(async () => (await status()) === 200, 'the enabled key to be accepted');
      assert.equal((await keysCommand(['limits', key, '--hourly', '2'], env)).code, 0);
      await waitFor(async () => (await get(`${server.url}${LIST}?api_key=${key}&limit=1`)).headers['x-ratelimit-limit'] === '2', 'the new limit');
    });
  });
}

suite('in memory', () => undefined, false);

describe('on Redis', { skip: skipWithoutRedis }, () => {
  let redis: RedisServer;
  before(async () => {
    redis = await RedisServer.start();
  });
  after(async () => redis?.dispose());
  suite('one process on Redis', () => redis.url, false);
});
