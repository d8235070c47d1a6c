// Several instances on one Redis (a real redis-server, started by the test): two server processes
// enforce one limit together, exactly; keys made with `npm run keys` reach both through Redis; a
// Redis that stops mid-test leaves the server answering from per-process counts (logged once) and,
// back, Redis holds every admission again (/metrics says which decides); no key ever appears in a log.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { Redis } from 'ioredis';
import { runKeysCommand } from '../scripts/keys.ts';
import { generateKey, hashKey, writeKeysFile } from '../server/gateway/keys.ts';
import { counterKey, type SharedRateLimiter } from '../server/gateway/redis.ts';
import { RedisServer, skipWithoutRedis } from '../harness/redis-server.ts';
import { get, spawnServer, type ChildServer } from './support/gateway.ts';
import { startServer, type RunningServer } from '../server/main.ts';
import { temporaryDir } from './support/helpers.ts';
import { parsePrometheusText } from './support/prometheus-text.ts';
import { sampleDataSet } from './support/sample-data-set.ts';

const LIST = '/api/alt-fuel-stations/v1.json';

/** The server's `rate_limits_shared` on /metrics: 1 while Redis decides the limits, 0 while it counts alone. */
async function rateLimitsShared(url: string): Promise<number | undefined> {
  const { samples } = parsePrometheusText(await (await fetch(`${url}/metrics`)).text());
  return samples.find((sample) => sample.name === 'nrel_compat_rate_limits_shared')?.value;
}

async function waitFor(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('several instances on one Redis', { skip: skipWithoutRedis }, () => {
  let dir: string;
  let dataDir: string;
  before(async () => {
    dir = temporaryDir('gateway-redis');
    ({ dataDir } = await sampleDataSet({ seed: 1, stations: 500 }));
  });

  test('two server processes: 50 concurrent clients, exactly the limit (20) admitted in all; keys shared; none in the logs', async () => {
    const redis = await RedisServer.start();
    const servers: ChildServer[] = [];
    const client = new Redis(redis.url);
    try {
      // The key is made once, on a third "host" (its own keys file): the servers know it only through Redis.
      const env = { KEYS_FILE: join(dir, 'admin-keys.json'), REDIS_URL: redis.url };
      const out: string[] = [];
      assert.equal(
        await runKeysCommand(['create', '--email', 'two@example.org', '--hourly', '20', '--daily', '1000'], { out: (l) => out.push(l), err: () => {}, env }),
        0,
      );
      const key = out[0];
      for (const name of ['a', 'b'])
        servers.push(await spawnServer({ DATA_DIR: dataDir, KEYS_FILE: join(dir, `${name}-keys.json`), REDIS_URL: redis.url, LOG_LEVEL: 'info' }));

      // One request to each process first, so that both are known to admit from the shared count
      // (which of them wins the race below is up to the scheduler), then 48 at once.
      const first = [];
      for (const server of servers) first.push(await get(`${server.url}${LIST}?api_key=${key}&limit=1&state=CO`));
      assert.deepEqual(
        first.map((r) => [r.status, r.headers['x-ratelimit-remaining']]),
        [
          [200, '19'],
          [200, '18'],
        ],
      );
      const responses = await Promise.all(Array.from({ length: 48 }, (_, i) => get(`${servers[i % 2].url}${LIST}?api_key=${key}&limit=1&state=CO`)));
      const ok = responses.filter((r) => r.status === 200);
      assert.equal(ok.length, 18, `statuses: ${responses.map((r) => r.status).join(' ')}`);
      assert.equal(responses.filter((r) => r.status === 429).length, 30);
      // The remaining counts both processes reported are one shared sequence.
      assert.deepEqual(
        ok.map((r) => Number(r.headers['x-ratelimit-remaining'])).sort((a, b) => a - b),
        Array.from({ length: 18 }, (_, i) => i),
      );
      assert.equal(await client.zcard(counterKey('nrel-compat:', `key:${hashKey(key)}`, 'hour')), 20);

      // Disabled on the admin host: both servers refuse it within moments.
      assert.equal(await runKeysCommand(['disable', key], { out: () => {}, err: () => {}, env }), 0);
      for (const server of servers) {
        await waitFor(async () => (await get(`${server.url}${LIST}?api_key=${key}`)).status === 403, 'the disable to reach every server');
        assert.equal(JSON.parse((await get(`${server.url}${LIST}?api_key=${key}`)).text).error.code, 'API_KEY_DISABLED');
      }

      // Keys in every place a client puts them, valid or not, and never in a log.
      const stray = generateKey();
      await get(`${servers[0].url}${LIST}?limit=1&api_key=${stray}&state=CO`);
      await get(`${servers[0].url}${LIST}?limit=1`, { 'x-api-key': stray });
      await get(`${servers[1].url}${LIST}?limit=1`, { authorization: `Basic ${Buffer.from(`${key}:x`).toString('base64')}` });
      await get(`${servers[1].url}/api/alt-fuel-stations/v1/nearest.json/api_key=${stray}&location=80203`);

      for (const server of servers) assert.equal(await server.stop('SIGTERM'), 0);
      const logs = servers.map((server) => server.output()).join('\n');
      for (const secret of [key, stray, hashKey(key), Buffer.from(`${key}:x`).toString('base64')])
        assert.equal(logs.includes(secret), false, `a key is in the logs`);
      const requests = logs
        .split('\n')
        .filter((line) => line.includes('"msg":"request"'))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      assert.ok(requests.length >= 50 + 4, `${requests.length} request lines`);
      // The rest of the query is logged as sent, with the key's public id.
      assert.ok(requests.some((line) => line.path === `${LIST}?limit=1&state=CO` && line.status === 200 && line.key === hashKey(key).slice(0, 12)));
      for (const line of requests)
        assert.deepEqual(
          Object.keys(line)
            .filter((name) => ['method', 'path', 'status', 'ms'].includes(name))
            .sort(),
          ['method', 'ms', 'path', 'status'],
        );
    } finally {
      for (const server of servers) await server.stop('SIGKILL');
      client.disconnect();
      await redis.dispose();
    }
  });

  test('Redis stops mid-test: answers go on from per-process counts (logged once); back, Redis holds every admission', async () => {
    const redis = await RedisServer.start();
    const key = generateKey();
    const keysFile = join(dir, 'outage-keys.json');
    writeKeysFile(keysFile, {
      version: 1,
      keys: [{ hash: hashKey(key), email: 'outage@example.org', created_at: '2024-01-01T00:00:00.000Z', disabled: false, limits: { hourly: 10 } }],
    });
    const lines: string[] = [];
    const settings = { port: 0, host: '127.0.0.1', warmUp: false, dataDir, keysFile, demoKey: true, redisUrl: redis.url };
    let server: RunningServer | undefined;
    let second: RunningServer | undefined;
    const client = new Redis(redis.url, { lazyConnect: true });
    try {
      server = await startServer(settings, { log: (line) => lines.push(line), pollMs: 100 });
      const limiter = server.gateway.limiter as SharedRateLimiter;
      const request = () => get(`${server!.url}${LIST}?api_key=${key}&limit=1`);
      for (let i = 0; i < 4; i++) assert.equal((await request()).status, 200);
      assert.equal(limiter.usingRedis, true);
      assert.equal(await rateLimitsShared(server.url), 1);

      await redis.stop();
      // Every request is answered (none waits on Redis, none fails): 6 more admitted, then refused.
      const during = await Promise.all(Array.from({ length: 10 }, request));
      assert.deepEqual(during.map((r) => r.status).sort(), [...Array(6).fill(200), ...Array(4).fill(429)]);
      assert.equal(limiter.usingRedis, false);
      assert.equal(await rateLimitsShared(server.url), 0);
      assert.deepEqual(
        during
          .filter((r) => r.status === 200)
          .map((r) => Number(r.headers['x-ratelimit-remaining']))
          .sort(),
        [0, 1, 2, 3, 4, 5],
      );
      const outageLines = () => lines.filter((line) => line.includes('Redis unreachable'));
      for (let i = 0; i < 5; i++) await request();
      assert.equal(outageLines().length, 1, 'the outage is logged once');

      await redis.start(); // a new, empty Redis (no persistence)
      await waitFor(() => limiter.usingRedis, 'the server to return to Redis');
      assert.equal(lines.filter((line) => line.includes('Redis is back')).length, 1);
      assert.equal(await rateLimitsShared(server.url), 1);
      await client.connect();
      assert.equal(await client.zcard(counterKey('nrel-compat:', `key:${hashKey(key)}`, 'hour')), 10);
      assert.equal((await request()).status, 429);
      // Another instance, started now, sees the same 10 through Redis.
      second = await startServer(settings, { log: () => {} });
      assert.equal((await get(`${second.url}${LIST}?api_key=${key}&limit=1`)).status, 429);
      assert.equal(
        lines.some((line) => line.includes(key)),
        false,
      );
    } finally {
      await second?.close();
      await server?.close();
      client.disconnect();
      await redis.dispose();
    }
  });
});
