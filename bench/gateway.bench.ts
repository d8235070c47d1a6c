// The gateway's added latency per request: the middleware alone (key lookup, rate limit, headers),
// called as Express calls it, in memory and on a redis-server on loopback started here. Prints
// p50/p90/p99 per case, and each p50 beside the reference: the baseline, an invalid key refused
// before any limiter.
import { scratchDir } from './lib/scratch.ts';
import { join } from 'node:path';
import type { Request, Response } from 'express';
import type { LimitGroup } from '../server/endpoints/types.ts';
import { gateway, type GatewayConfig } from '../server/gateway/index.ts';
import { generateKey, hashKey, KeyStore, writeKeysFile } from '../server/gateway/keys.ts';
import { MemoryRateLimiter, type RateLimiter } from '../server/gateway/limits.ts';
import { connectRedis, SharedRateLimiter, waitReady } from '../server/gateway/redis.ts';
import { RedisServer, redisServerBinary } from '../harness/redis-server.ts';
import { percentile } from './lib/figures.ts';

const keysFile = join(scratchDir('keys'), 'keys.json');
const keys = Array.from({ length: 200 }, generateKey);
const limited = generateKey();
writeKeysFile(keysFile, {
  version: 1,
  keys: [
    ...keys.map((key) => ({ hash: hashKey(key), email: 'bench@example.org', created_at: '2024-01-01T00:00:00.000Z', disabled: false })),
    { hash: hashKey(limited), email: 'bench@example.org', created_at: '2024-01-01T00:00:00.000Z', disabled: false, limits: { hourly: 1 } },
  ],
});

function fakeRequest(key: string, ip: string): Request {
  const headers: Record<string, string> = { 'x-api-key': key };
  return {
    get: (name: string) => headers[name.toLowerCase()],
    query: { location: '80203' },
    ip,
    path: '/api/alt-fuel-stations/v1/nearest.json',
    params: {},
  } as unknown as Request;
}

function fakeResponse(): Response {
  const res = {
    locals: {},
    statusCode: 200,
    headers: {} as Record<string, string>,
    setHeader(name: string, value: string) {
      res.headers[name] = value;
      return res;
    },
    status(code: number) {
      res.statusCode = code;
      return res;
    },
    end() {
      return res;
    },
  };
  return res as unknown as Response;
}

/** The baseline's p50, once measured: every other case's reference. */
let baselineP50: number | undefined;

/** Prints the case's percentiles; returns its p50 (µs). */
async function measure(
  name: string,
  config: GatewayConfig,
  group: LimitGroup,
  pick: (i: number) => { key: string; ip: string },
  n: number,
  expectStatus: number,
): Promise<number> {
  const handler = gateway(config, group);
  const next = () => {};
  // Warm-up.
  for (let i = 0; i < Math.min(2000, n); i++) {
    const { key, ip } = pick(i);
    await handler(fakeRequest(key, ip), fakeResponse(), next);
  }
  const times: number[] = [];
  let unexpected = 0;
  for (let i = 0; i < n; i++) {
    const { key, ip } = pick(i + n);
    const req = fakeRequest(key, ip);
    const res = fakeResponse();
    const started = process.hrtime.bigint();
    await handler(req, res, next);
    times.push(Number(process.hrtime.bigint() - started) / 1e3);
    if (res.statusCode !== expectStatus) unexpected++;
  }
  times.sort((a, b) => a - b);
  const p50 = percentile(times, 50);
  const overBaseline = baselineP50 === undefined ? 'reference' : `${(p50 - baselineP50).toFixed(1).padStart(6)} µs`;
  const row = [name.padEnd(52), ...[50, 90, 99].map((p) => `${percentile(times, p).toFixed(1).padStart(8)} µs`), `   ${overBaseline}`].join('');
  console.log(`${row}${unexpected ? `   (${unexpected} answers other than ${expectStatus})` : ''}`);
  return p50;
}

/** Returns the p50 (µs) of a key on the fuel-station limits, one request at a time. */
async function cases(label: string, makeLimiter: () => Promise<RateLimiter>, n: number): Promise<number> {
  const store = await KeyStore.open({ file: keysFile, demoKey: true });
  // Limits real keys have: 1,000 an hour, 10,000 a day; 200 keys share the load, so no counter fills.
  const config = async (): Promise<GatewayConfig> => {
    const limiter = await makeLimiter();
    return {
      publicUrl: 'http://127.0.0.1:8080',
      keys: store,
      limiter,
      keyLimits: { hourly: 1000, daily: 10_000 },
      demoLimits: { hourly: 1_000_000, daily: 1_000_000 },
      nsrdbLimits: { csvPerSecond: 1, csvDaily: 10_000, jsonPerTwoSeconds: 1, jsonDaily: 2000 },
      now: Date.now,
    };
  };
  const keyP50 = await measure(
    `${label}: key, fuel stations (hour + day)`,
    await config(),
    'fuel-stations',
    (i) => ({ key: keys[i % keys.length], ip: '127.0.0.1' }),
    n,
    200,
  );
  await measure(`${label}: key, other endpoint (hour)`, await config(), 'other', (i) => ({ key: keys[i % keys.length], ip: '127.0.0.1' }), n, 200);
  await measure(`${label}: DEMO_KEY, 200 client IPs`, await config(), 'fuel-stations', (i) => ({ key: 'DEMO_KEY', ip: `10.0.0.${i % 200}` }), n, 200);
  await measure(`${label}: over the limit (429 body written)`, await config(), 'fuel-stations', () => ({ key: limited, ip: '127.0.0.1' }), n, 429);
  store.close();
  return keyP50;
}

console.log(`${'case'.padEnd(52)}${['p50', 'p90', 'p99'].map((p) => p.padStart(11)).join('')}   p50 over the baseline`);
baselineP50 = await measure(
  'baseline: an invalid key (403, no limiter)',
  {
    publicUrl: 'http://127.0.0.1:8080',
    keys: await KeyStore.open({ file: keysFile, demoKey: true }),
    limiter: new MemoryRateLimiter(),
    keyLimits: { hourly: 1, daily: 1 },
    demoLimits: { hourly: 1, daily: 1 },
    nsrdbLimits: { csvPerSecond: 1, csvDaily: 10_000, jsonPerTwoSeconds: 1, jsonDaily: 2000 },
    now: Date.now,
  },
  'fuel-stations',
  () => ({ key: 'not-a-key', ip: '127.0.0.1' }),
  20_000,
  403,
);
await cases('memory', async () => new MemoryRateLimiter(), 50_000);

if (redisServerBinary()) {
  const redis = await RedisServer.start();
  const clients: Array<ReturnType<typeof connectRedis>> = [];
  try {
    const oneAtATimeP50 = await cases(
      'redis (loopback)',
      async () => {
        const client = connectRedis(redis.url, { commandTimeoutMs: 1000 });
        clients.push(client);
        if (!(await waitReady(client, 2000))) throw new Error('redis-server did not answer');
        return new SharedRateLimiter(client, {
          now: Date.now,
          log: { warn: () => console.log('  (fell back to memory: the figure above is not Redis)') } as never,
        });
      },
      10_000,
    );
    // Concurrency: 50 requests at a time through one client (what a busy instance does).
    const client = connectRedis(redis.url, { commandTimeoutMs: 1000 });
    clients.push(client);
    await waitReady(client, 2000);
    const store = await KeyStore.open({ file: keysFile, demoKey: true });
    const handler = gateway(
      {
        publicUrl: 'http://127.0.0.1:8080',
        keys: store,
        limiter: new SharedRateLimiter(client, { now: Date.now }),
        keyLimits: { hourly: 1_000_000, daily: 1_000_000 },
        demoLimits: { hourly: 1, daily: 1 },
        nsrdbLimits: { csvPerSecond: 1, csvDaily: 10_000, jsonPerTwoSeconds: 1, jsonDaily: 2000 },
        now: Date.now,
      },
      'fuel-stations',
    );
    const started = process.hrtime.bigint();
    const total = 20_000;
    for (let i = 0; i < total; i += 50)
      await Promise.all(Array.from({ length: 50 }, (_, j) => handler(fakeRequest(keys[(i + j) % keys.length], '127.0.0.1'), fakeResponse(), () => {})));
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    console.log(
      `redis (loopback): throughput, 50 in flight through one connection: ${Math.round(total / seconds)} requests/s (one at a time: ${Math.round(1e6 / oneAtATimeP50)} requests/s, from its p50)`,
    );
    store.close();
  } finally {
    for (const client of clients) client.disconnect();
    await redis.dispose();
  }
} else {
  console.log('redis-server is not installed: the Redis figures are skipped');
}
process.exit(0);
