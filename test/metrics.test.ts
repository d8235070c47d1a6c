// /metrics and /ready over HTTP, in-process: the exposition read with a Prometheus text parser, its
// counts held to the requests this test made (by route, status and refusal reason), no key in it;
// /ready staying 200 while a rebuilt data set opens; METRICS_PORT moving both to a port of their
// own, where /ready says `starting` until the data set is open and warm.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { freePort } from '../harness/redis-server.ts';
import { hashKey, keyId } from '../server/gateway/keys.ts';
import { startServer } from '../server/main.ts';
import { Readiness } from '../server/operations.ts';
import { buildQuietly, startTestServer, temporaryDir, type TestServer } from './support/helpers.ts';
import { parsePrometheusText, type PrometheusText, sampleValue } from './support/prometheus-text.ts';
import { sampleDataSet } from './support/sample-data-set.ts';

const LIST_ROUTE = '/api/alt-fuel-stations/v1{.:ext}';
const LIST = '/api/alt-fuel-stations/v1.json?limit=1';

async function scrape(url: string): Promise<{ body: string; metrics: PrometheusText }> {
  const response = await fetch(`${url}/metrics`);
  assert.equal(response.status, 200);
  assert.match(response.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
  const body = await response.text();
  return { body, metrics: parsePrometheusText(body) };
}

describe('/metrics and /ready on the API port', () => {
  let server: TestServer;
  let dataDir: string;

  before(async () => {
    ({ dataDir } = await sampleDataSet({ seed: 1, stations: 300 }));
    server = await startTestServer(dataDir, { settings: { demoHourlyLimit: 3, demoDailyLimit: 100 } });
  });
  after(() => server?.dispose());

  test('counts every request by route and status, each gateway refusal by reason, and never shows a key', async () => {
    const sent = { ok: 5, missing: 2, invalid: 3, demo: 7 };
    for (let i = 0; i < sent.ok; i++) assert.equal((await server.get(`${LIST}&api_key=${server.key}`)).status, 200);
    for (let i = 0; i < sent.missing; i++) assert.equal((await server.get(LIST)).status, 403);
    const invalidKey = 'x'.repeat(40);
    for (let i = 0; i < sent.invalid; i++) assert.equal((await server.get(`${LIST}&api_key=${invalidKey}`)).status, 403);
    const demoStatuses: number[] = [];
    for (let i = 0; i < sent.demo; i++) demoStatuses.push((await server.get(`${LIST}&api_key=DEMO_KEY`)).status);
    assert.deepEqual(demoStatuses, [200, 200, 200, 429, 429, 429, 429], "DEMO_KEY's hourly limit of 3");
    assert.equal((await server.get('/no/such/path')).status, 404);

    const { body, metrics } = await scrape(server.url);
    const requests = 'nrel_compat_http_requests_total';
    assert.equal(sampleValue(metrics, requests, { route: LIST_ROUTE, status: '200' }), sent.ok + 3);
    assert.equal(sampleValue(metrics, requests, { route: LIST_ROUTE, status: '403' }), sent.missing + sent.invalid);
    assert.equal(sampleValue(metrics, requests, { route: LIST_ROUTE, status: '429' }), 4);
    assert.equal(sampleValue(metrics, requests, { route: 'unmatched', status: '404' }), 1);
    const latency = 'nrel_compat_http_request_duration_seconds';
    assert.equal(metrics.types.get(latency), 'histogram');
    const timed = sent.ok + sent.missing + sent.invalid + sent.demo;
    assert.equal(sampleValue(metrics, `${latency}_count`, { route: LIST_ROUTE, method: 'GET' }), timed, 'every request to the route is timed');
    assert.equal(sampleValue(metrics, `${latency}_bucket`, { route: LIST_ROUTE, method: 'GET', le: '+Inf' }), timed);
    assert.ok(sampleValue(metrics, `${latency}_sum`, { route: LIST_ROUTE, method: 'GET' }) > 0);

    const refusals = 'nrel_compat_gateway_refusals_total';
    assert.equal(sampleValue(metrics, refusals, { reason: 'api_key_missing' }), sent.missing);
    assert.equal(sampleValue(metrics, refusals, { reason: 'api_key_invalid' }), sent.invalid);
    assert.equal(sampleValue(metrics, refusals, { reason: 'over_rate_limit' }), 4);
    assert.equal(sampleValue(metrics, 'nrel_compat_rate_limit_refusals_total', { window: 'hour' }), 4, "DEMO_KEY's hour was full");
    assert.equal(sampleValue(metrics, 'nrel_compat_rate_limit_refusals_total', { window: 'day' }), 0, 'its day was not');

    for (const key of [server.key, invalidKey, 'DEMO_KEY']) assert.equal(body.includes(key), false, 'no key in the exposition');
    const hash = hashKey(server.key);
    for (const trace of [hash, keyId(hash), 'tests@example.org', '127.0.0.1']) {
      assert.equal(body.includes(trace), false, `nothing that names a key or a client: ${trace}`);
    }
  });

  test('the data set, the admission queues, the estimator and the caches', async () => {
    const health = (await (await server.get('/health')).json()) as { data_set: { manifest_sha256: string; built_at: string } };
    // One estimate, so that the prepared-site cache holds a station.
    assert.equal(
      (
        await server.get(
          `/api/pvwatts/v8.json?api_key=${server.key}&lat=40&lon=-105&system_capacity=4&azimuth=180&tilt=40&array_type=1&module_type=0&losses=10`,
        )
      ).status,
      200,
    );
    const { metrics } = await scrape(server.url);
    const info = metrics.samples.filter((sample) => sample.name === 'nrel_compat_data_set_info');
    assert.equal(info.length, 1);
    assert.deepEqual(info[0]!.labels, { manifest_sha256: health.data_set.manifest_sha256, built_at: health.data_set.built_at, sample: 'true' });
    assert.equal(info[0]!.value, 1);
    assert.equal(sampleValue(metrics, 'nrel_compat_admission_limit', { queue: 'answering' }), 8);
    assert.equal(sampleValue(metrics, 'nrel_compat_admission_active', { queue: 'streaming' }), 0);
    assert.equal(sampleValue(metrics, 'nrel_compat_admission_timeouts_total', { queue: 'streaming' }), 0);
    assert.equal(sampleValue(metrics, 'nrel_compat_cache_entries', { cache: 'pv_sites' }), 1);
    assert.equal(sampleValue(metrics, 'nrel_compat_cache_misses_total', { cache: 'pv_sites' }), 1);
    assert.ok(sampleValue(metrics, 'nrel_compat_cache_bytes', { cache: 'climate_hourly' }) > 0);
    assert.equal(sampleValue(metrics, 'nrel_compat_pv_estimates_in_flight'), 0);
    for (const cache of ['sql_statements', 'sql_searches']) {
      assert.equal(
        metrics.samples.some((sample) => sample.name === 'nrel_compat_cache_bytes' && sample.labels.cache === cache),
        false,
        `${cache} holds statements, not counted in bytes`,
      );
    }
    const searchLookups = (text: PrometheusText) =>
      sampleValue(text, 'nrel_compat_cache_hits_total', { cache: 'sql_searches' }) +
      sampleValue(text, 'nrel_compat_cache_misses_total', { cache: 'sql_searches' });
    const nearest = `/api/alt-fuel-stations/v1/nearest.json?api_key=${server.key}&latitude=40&longitude=-105&limit=1`;
    for (let i = 0; i < 3; i++) assert.equal((await server.get(nearest)).status, 200);
    const afterSearches = (await scrape(server.url)).metrics;
    assert.ok(searchLookups(afterSearches) >= searchLookups(metrics) + 3, 'each nearest search runs kept statements');
    assert.ok(sampleValue(afterSearches, 'nrel_compat_cache_hits_total', { cache: 'sql_searches' }) >= 2, 'the same search again is a hit');
    assert.ok(sampleValue(afterSearches, 'nrel_compat_cache_entries', { cache: 'sql_searches' }) > 0);
    assert.ok(sampleValue(metrics, 'nrel_compat_process_resident_memory_bytes') > 0, "the process's own figures");
    assert.equal(
      metrics.samples.some((sample) => sample.name === 'nrel_compat_rate_limits_shared'),
      false,
      'no Redis: no figure of it',
    );
  });

  test('/ready: 200 with the data set served, without a key', async () => {
    const response = await server.get('/ready');
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('cache-control'), 'no-cache');
    const health = (await (await server.get('/health')).json()) as { data_set: unknown };
    assert.deepEqual(await response.json(), { status: 'ready', data_set: health.data_set });
  });
});

test('a reload: /ready stays 200 while the rebuilt data set opens, and data_set_info then names the new one alone', async () => {
  const { dataDir } = await sampleDataSet({ seed: 1, stations: 300 });
  const server = await startTestServer(dataDir);
  try {
    const before = await scrape(server.url);
    const servedBefore = before.metrics.samples.filter((sample) => sample.name === 'nrel_compat_data_set_info');
    await buildQuietly({ outDir: dataDir, sample: { seed: 1, stations: 200 } });
    const statuses: number[] = [];
    let reloaded = false;
    const reloading = server.dataWatcher.check().then(() => (reloaded = true));
    while (!reloaded) statuses.push((await server.get('/ready')).status);
    await reloading;
    assert.ok(statuses.length > 0);
    assert.deepEqual(new Set(statuses), new Set([200]), `/ready during the reload: ${statuses.length} answers`);
    const after = await scrape(server.url);
    const servedAfter = after.metrics.samples.filter((sample) => sample.name === 'nrel_compat_data_set_info');
    assert.equal(servedAfter.length, 1, 'the previous data set is no longer listed');
    assert.equal(servedAfter[0]!.labels.manifest_sha256, server.data.dataSet.identity.manifest_sha256);
    assert.notEqual(servedAfter[0]!.labels.manifest_sha256, servedBefore[0]!.labels.manifest_sha256);
  } finally {
    await server.dispose();
  }
});

test('METRICS_PORT: /metrics and /ready on their own port, /ready `starting` until the data set is open and warm; the API port answers /metrics with its 404', async () => {
  const { dataDir } = await sampleDataSet({ seed: 1, stations: 300 });
  const metricsPort = await freePort();
  const keysDir = temporaryDir('metrics-keys');
  const starting = startServer(
    { port: 0, host: '127.0.0.1', dataDir, keysFile: join(keysDir, 'keys.json'), demoKey: true, warmUp: true, metricsPort },
    { log: () => {} },
  );
  const seen: string[] = [];
  for (;;) {
    const answer = await fetch(`http://127.0.0.1:${metricsPort}/ready`).then(
      async (response) => `${response.status} ${((await response.json()) as { status: string }).status}`,
      () => 'refused',
    );
    if (seen.at(-1) !== answer) seen.push(answer);
    if (answer.startsWith('200')) break;
    await new Promise((resolveWait) => setTimeout(resolveWait, 10));
  }
  const server = await starting;
  try {
    assert.deepEqual(
      seen.filter((answer) => answer !== 'refused'),
      ['503 starting', '200 ready'],
    );
    assert.equal(server.metricsUrl, `http://127.0.0.1:${metricsPort}`);
    const { metrics } = await scrape(server.metricsUrl!);
    assert.equal(metrics.types.get('nrel_compat_http_requests_total'), 'counter');
    const onApiPort = await fetch(`${server.url}/metrics`);
    assert.equal(onApiPort.status, 404);
    assert.equal(((await onApiPort.json()) as { error: { code: string } }).error.code, 'NOT_FOUND');
    assert.equal((await fetch(`${server.url}/ready`)).status, 200, '/ready stays on the API port too');
    assert.equal((await fetch(`${server.metricsUrl}/health`)).status, 404, 'that port serves /metrics and /ready only');
    const posted = await fetch(`${server.metricsUrl}/metrics`, { method: 'POST' });
    assert.equal(posted.status, 405);
    assert.equal(posted.headers.get('allow'), 'GET, HEAD');
    assert.deepEqual(await posted.json(), { error: 'method POST not allowed: /metrics and /ready answer GET and HEAD' });
    const head = await fetch(`${server.metricsUrl}/ready`, { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(await head.text(), '');
  } finally {
    await server.close({ timeoutMs: 500 });
  }
  await assert.rejects(fetch(`http://127.0.0.1:${metricsPort}/ready`), 'closed with the server');
});

test('Readiness: 503 `starting` before a data set, 200 once ready, 503 `closing` once the server closes', () => {
  const readiness = new Readiness();
  assert.deepEqual(readiness.answer(), { status: 503, body: '{"status":"starting"}' });
  readiness.data = { dataSet: { identity: { manifest_sha256: 'abc', built_at: '2026-01-01T00:00:00.000Z' } } } as Readiness['data'];
  readiness.phase = 'ready';
  assert.deepEqual(readiness.answer(), { status: 200, body: '{"status":"ready","data_set":{"manifest_sha256":"abc","built_at":"2026-01-01T00:00:00.000Z"}}' });
  readiness.phase = 'closing';
  assert.deepEqual(readiness.answer(), { status: 503, body: '{"status":"closing"}' });
});
