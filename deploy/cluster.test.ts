// The cluster of docs/interface.md §1.7 under load: nginx in front of three instances sharing one
// Redis, 16 clients asking every endpoint's example in every format (at least 20,000 requests),
// while one instance is stopped and started again, the data set is swapped on all of them and Redis
// is restarted. Every answer must be a 2xx or the endpoint's own, never a 5xx; each must equal,
// byte for byte, the answer of one of the two data sets; and a key limited to L requests an hour gets
// exactly L answers across the instances, Redis's restart included. It prints the load it held.
//
// Run by `npm run test:cluster` (in .ci/run after `npm test`), not by `npm test`: it takes a minute.
// Without nginx or redis-server it is skipped, unless CI or REQUIRE_NGINX=1 says they must be there.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { redisServerBinary } from '../harness/redis-server.ts';
import { endpoints } from '../server/endpoints/index.ts';
import { generateKey, hashKey, writeKeysFile } from '../server/gateway/keys.ts';
import { startServer, type RunningServer } from '../server/main.ts';
import { temporaryDir } from '../test/support/helpers.ts';
import { parsePrometheusText } from '../test/support/prometheus-text.ts';
import { sampleDataSet } from '../test/support/sample-data-set.ts';
import { type Cluster, nginxBinary, startCluster } from './cluster.ts';

const required = process.env.REQUIRE_NGINX === '1' || (process.env.CI !== undefined && process.env.CI !== '' && process.env.CI !== 'false');
const missing = [nginxBinary() ? undefined : 'nginx', redisServerBinary() ? undefined : 'redis-server'].filter(Boolean);
const skip =
  missing.length === 0 ? false : required ? false : `${missing.join(' and ')} not installed (apt-get install -y nginx redis-server; .ci/run installs them)`;

const CLIENTS = 16;
const MIN_REQUESTS = 20_000;
const LIMIT = 200;
/** The limited key's requests before Redis restarts, and after. */
const LIMITED_BEFORE = 150;
const LIMITED_AFTER = 150;
/** Requests in the order the clients go through again and again (see weightedSchedule). */
const SCHEDULE_LENGTH = 1000;

let cluster: Cluster;
let sideServer: RunningServer | undefined;
const key = generateKey();
const limitedKey = generateKey();
/** Paths asked, and each one's answer from data set A (served first) and B (swapped in). */
let paths: string[] = [];
const answersA = new Map<string, string>();
const answersB = new Map<string, string>();
let manifestB: string;
/** The requests in the order the clients ask them, round after round. */
let schedule: string[] = [];

/**
 * Every endpoint's example in every format, the last-updated date and a station by its id; not the
 * formats whose every answer is new (an NSRDB archive job's acknowledgement), which no data set's
 * answer can be compared with.
 */
function requestPaths(stationId: number): string[] {
  const found: string[] = [`/api/alt-fuel-stations/v1/${stationId}.json`, '/api/alt-fuel-stations/v1/last-updated.json'];
  for (const endpoint of endpoints) {
    const example = endpoint.docs?.example;
    if (example === undefined || endpoint.pathParameters) continue;
    for (const format of endpoint.formats) if (!endpoint.cache?.newEveryTime?.includes(format)) found.push(`${endpoint.paths[0]}.${format}?${example}`);
  }
  return found;
}

async function answerOf(base: string, path: string, apiKey = key): Promise<{ status: number; body: string }> {
  const response = await fetch(`${base}${path}`, { headers: { 'X-Api-Key': apiKey } });
  return { status: response.status, body: await response.text() };
}

before(async () => {
  if (skip) return;
  assert.deepEqual(missing, [], 'nginx and redis-server are required here (CI or REQUIRE_NGINX)');
  const a = await sampleDataSet({ seed: 1, stations: 300 });
  const b = await sampleDataSet({ seed: 1, stations: 500 });
  manifestB = readFileSync(join(b.dataDir, 'manifest.json'), 'utf8');
  const keysFile = join(temporaryDir('cluster-keys'), 'keys.json');
  const record = (apiKey: string, limit: number) => ({
    hash: hashKey(apiKey),
    prefix: apiKey.slice(0, 4),
    email: 'cluster@example.org',
    created_at: new Date(0).toISOString(),
    disabled: false,
    limits: { hourly: limit, daily: limit },
  });
  writeKeysFile(keysFile, { version: 1, keys: [record(key, 10_000_000), record(limitedKey, LIMIT)] });
  // The NSRDB .csv downloads' own limit (one a second per key) would refuse the load's repeats: lifted, as the key's own limits are.
  cluster = await startCluster({
    instances: 3,
    port: 0,
    firstInstancePort: 0,
    dataDir: a.dataDir,
    keysFile,
    env: { NSRDB_CSV_PER_SECOND: '1000000' },
    log: (line) => instanceLog.push(line),
  });
  // Data set B's answers, from a server of its own beside the cluster.
  sideServer = await startServer(
    { port: 0, host: '127.0.0.1', dataDir: b.dataDir, keysFile, demoKey: false, warmUp: false, nsrdbCsvPerSecond: 1_000_000 },
    { log: () => {} },
  );
  const list = JSON.parse((await answerOf(cluster.url, '/api/alt-fuel-stations/v1.json?limit=1')).body) as { fuel_stations: Array<{ id: number }> };
  paths = requestPaths(list.fuel_stations[0]!.id);
  const costMs = new Map<string, number>();
  for (const path of paths) {
    answersA.set(path, (await answerOf(cluster.url, path)).body);
    answersB.set(path, (await answerOf(sideServer.url, path)).body);
    // Its time once warm: the quickest of three.
    let quickest = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 3; i++) {
      const startedAt = performance.now();
      await answerOf(sideServer.url, path);
      quickest = Math.min(quickest, performance.now() - startedAt);
    }
    costMs.set(path, quickest);
  }
  schedule = weightedSchedule(costMs);
});

/**
 * The order the clients ask in, SCHEDULE_LENGTH requests: every request once, and the quicker half of
 * them (by their time once warm) filling the rest in turn, so that the load is every endpoint's and
 * not mostly its slowest answers (the building resources' full 3 MB list takes about 100 ms, a PVWatts
 * v8 estimate 20, a station list 1). The slower ones are spread evenly through it.
 */
function weightedSchedule(costMs: Map<string, number>): string[] {
  const byCost = [...costMs].sort(([, a], [, b]) => a - b).map(([path]) => path);
  const quick = byCost.slice(0, Math.ceil(byCost.length / 2));
  const slow = byCost.slice(quick.length);
  const order: string[] = [];
  for (let i = 0; order.length < SCHEDULE_LENGTH - slow.length; i++) order.push(quick[i % quick.length]!);
  const gap = Math.floor(order.length / slow.length);
  for (const [i, path] of slow.entries()) order.splice(i * (gap + 1), 0, path);
  return order;
}

after(async () => {
  await sideServer?.close({ timeoutMs: 500 });
  await cluster?.stop();
});

test('nginx, three instances and Redis: an instance stopped and started, the data set swapped and Redis restarted under load', { skip }, async () => {
  assert.ok(paths.length >= 30, `${paths.length} requests cover every endpoint and format`);
  assert.ok(
    paths.some((path) => answersA.get(path) !== answersB.get(path)),
    'the two data sets answer differently',
  );
  const statuses = new Map<number, number>();
  const serverErrors: string[] = [];
  const mixed: string[] = [];
  let fromB = 0;
  let requests = 0;
  let stopLoad = false;
  const started = performance.now();
  const clients = Array.from({ length: CLIENTS }, async (_, client) => {
    for (let i = client; !stopLoad; i += CLIENTS) {
      const path = schedule[i % schedule.length]!;
      const { status, body } = await answerOf(cluster.url, path);
      requests++;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (status >= 500) serverErrors.push(`${((performance.now() - started) / 1000).toFixed(1)} s ${status} ${path}`);
      else if (body === answersB.get(path) && body !== answersA.get(path)) fromB++;
      else if (body !== answersA.get(path)) mixed.push(`${status} ${path}: ${body.slice(0, 120)}`);
    }
  });

  /** The limited key's answers: 4 requests at a time, through nginx. */
  const limitedStatuses: number[] = [];
  const askLimited = async (count: number) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < count) {
          next++;
          limitedStatuses.push((await answerOf(cluster.url, '/api/alt-fuel-stations/v1/last-updated.json', limitedKey)).status);
        }
      }),
    );
  };
  const pause = (ms: number) => new Promise((resolvePause) => setTimeout(resolvePause, ms));
  const timeline: string[] = [];
  const mark = (what: string) => timeline.push(`${((performance.now() - started) / 1000).toFixed(1)} s ${what}`);

  const limitedBefore = askLimited(LIMITED_BEFORE);
  await pause(2000);
  mark('instance 1 stopped (SIGTERM)');
  await cluster.instances[0]!.stop('SIGTERM');
  await pause(1000);
  await cluster.instances[0]!.start();
  mark('instance 1 ready again');
  cluster.swapDataSet(join(sideServer!.data.dataSet.dir));
  mark('data set B swapped in');
  const expected = sideServer!.data.dataSet.identity.manifest_sha256;
  for (const instance of cluster.instances)
    await waitUntil(`${instance.url} to serve data set B`, async () => {
      const health = (await (await fetch(`${instance.url}/health`)).json()) as { data_set: { manifest_sha256: string } };
      return health.data_set.manifest_sha256 === expected;
    });
  mark('every instance serves B');
  await limitedBefore;
  mark('Redis stopped');
  await cluster.redis!.stop('SIGTERM');
  await pause(500);
  await cluster.redis!.start();
  mark('Redis started again');
  // Each instance counted in its own process while Redis was away; once Redis answers it writes
  // those counts back and lets Redis decide again (/metrics: rate_limits_shared 1).
  for (const instance of cluster.instances)
    await waitUntil(`${instance.url} to count in Redis again`, async () => {
      const { samples } = parsePrometheusText(await (await fetch(`${instance.url}/metrics`)).text());
      return samples.some((sample) => sample.name === 'nrel_compat_rate_limits_shared' && sample.value === 1);
    });
  mark('every instance counts in Redis again');
  await askLimited(LIMITED_AFTER);
  while (requests < MIN_REQUESTS) await pause(200);
  stopLoad = true;
  await Promise.all(clients);
  const seconds = (performance.now() - started) / 1000;

  const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}: ${count}`);
  const admitted = limitedStatuses.filter((status) => status === 200).length;
  const refused = limitedStatuses.filter((status) => status === 429).length;
  console.log(
    [
      `cluster load: ${requests} requests in ${seconds.toFixed(1)} s (${(requests / seconds).toFixed(0)}/s) from ${CLIENTS} clients over ${paths.length} requests of every endpoint (each of them at least once in every ${schedule.length})`,
      `  statuses: ${byStatus.join(', ')}; 5xx: ${serverErrors.length}; answers from data set B: ${fromB}; from neither: ${mixed.length}`,
      `  limited key (${LIMIT} an hour): ${admitted} answered, ${refused} refused of ${limitedStatuses.length}`,
      `  nginx retries on another instance: ${retriesLogged(cluster)}`,
      `  instances counting in their own process for a while (Redis unreachable or slow): ${instanceLog.filter((line) => line.includes('Redis unreachable')).length}`,
      ...timeline.map((line) => `  ${line}`),
    ].join('\n'),
  );
  assert.ok(requests >= MIN_REQUESTS);
  assert.deepEqual(serverErrors, [], 'no 5xx reached a client');
  assert.deepEqual(mixed.slice(0, 5), [], 'every answer is one data set’s, byte for byte');
  assert.ok(fromB > 0, 'answers from the swapped-in data set');
  assert.equal(admitted, LIMIT, 'exactly the limit answered, across instances and Redis’s restart');
  assert.equal(refused, LIMITED_BEFORE + LIMITED_AFTER - LIMIT);
  assert.equal(
    limitedStatuses.every((status) => status === 200 || status === 429),
    true,
  );
  assert.equal(manifestB, readFileSync(join(cluster.dataDir, 'manifest.json'), 'utf8'));
});

/** What the instances wrote (warnings and errors: LOG_LEVEL=warn), each line after its port. */
const instanceLog: string[] = [];

/** Waits until `condition` holds, asking every 100 ms; fails naming `what` after a minute, with the instances' last log lines. */
async function waitUntil(what: string, condition: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await condition())) {
    if (Date.now() > deadline) assert.fail(`waited a minute for ${what}; the instances' last log lines:\n${instanceLog.slice(-20).join('\n')}`);
    await new Promise((resolveWait) => setTimeout(resolveWait, 100));
  }
}

/** Requests nginx sent on to another instance (its error log names each failed attempt). */
function retriesLogged(running: Cluster): number {
  const log = join(running.nginxPrefix, 'error.log');
  const text = readFileSync(log, 'utf8');
  return text.split('\n').filter((line) => line.includes('while connecting to upstream') || line.includes('upstream prematurely closed')).length;
}
