// GET /api/alt-fuel-stations/v1/last-updated (docs/api.md §3.8): the newest updated_at of the served
// data set, checked against the stations' Parquet file as another reader (hyparquet) reads it; JSON
// only; the fuel-station rate limits; an ETag that follows a rebuilt data set; null for a data set
// without stations. And the real service's routes under /v1/ that are words never reach the by-id
// endpoint: an endpoint answers them, or the gateway's 404 as for any unknown path.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { asyncBufferFromFile, parquetReadObjects } from 'hyparquet';
import { compressors } from 'hyparquet-compressors';
import { validatorFor } from '../schemas/registry.ts';
import { endpoints, unimplementedPaths } from '../server/endpoints/index.ts';
import { generateKey, hashKey, writeKeysFile } from '../server/gateway/keys.ts';
import { startServer } from '../server/main.ts';
import { buildQuietly, SMALL_CLIMATE, sourceDirWith, startTestServer, temporaryDir, withKey, type TestServer } from './support/helpers.ts';
import { sampleDataSet } from './support/sample-data-set.ts';

const LAST_UPDATED = '/api/alt-fuel-stations/v1/last-updated';
const isAnswer = validatorFor('/api/schemas/fuel-stations-last-updated.schema.json');

/** The newest updated_at of a built data set's stations, read from its Parquet file without DuckDB. */
async function newestUpdate(dataDir: string): Promise<string> {
  const manifest = JSON.parse(readFileSync(join(dataDir, 'manifest.json'), 'utf8'));
  const file = await asyncBufferFromFile(join(dataDir, manifest.datasets.fuel_stations.files.stations.path));
  const rows = await parquetReadObjects({ file, columns: ['updated_at'], compressors });
  const times = rows.map((row) => (row.updated_at as Date).getTime());
  assert.ok(times.length > 0 && times.every(Number.isFinite), 'stations, each with an update time');
  return new Date(Math.max(...times)).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

describe('last-updated on a sample data set', () => {
  let dataDir: string;
  let server: TestServer;
  const get = (path: string, init?: RequestInit) => server.get(withKey(path, server.key), init);
  /** What the gateway answers to a path no endpoint has, with the same extension: its 404. */
  const unknownPath = async (suffix: string) => {
    const response = await server.get(withKey(`/api/no-such-path${suffix}`, server.key));
    return { status: response.status, type: response.headers.get('content-type'), body: await response.text() };
  };

  before(async () => {
    ({ dataDir } = await sampleDataSet({ seed: 1, stations: 300 }));
    server = await startTestServer(dataDir);
  });
  after(() => server?.dispose());

  // endpoints/index.ts lists the by-id endpoint before this one: the answer shows that `/v1/:id`
  // does not take `last-updated` for a station id.
  test('the newest updated_at of the stations, as {"last_updated":"…"} in JSON', async () => {
    const response = await get(`${LAST_UPDATED}.json`);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'application/json; charset=utf-8');
    const text = await response.text();
    assert.equal(text, `{"last_updated":"${await newestUpdate(dataDir)}"}`);
    assert.ok(isAnswer(JSON.parse(text)), JSON.stringify(isAnswer.errors));
  });

  test('JSON only: the bare path and format=json are JSON; any other extension or format is the gateway’s 404, as for an unknown path', async () => {
    const json = await (await get(`${LAST_UPDATED}.json`)).text();
    for (const path of [LAST_UPDATED, `${LAST_UPDATED}?format=json`]) {
      const response = await get(path);
      assert.equal(response.status, 200, path);
      assert.equal(response.headers.get('content-type'), 'application/json; charset=utf-8', path);
      assert.equal(await response.text(), json, path);
    }
    for (const suffix of ['.xml', '.csv', '.geojson', '.jsonp', '.kml', '.html', '.zzz', '?format=xml', '?format=csv']) {
      const response = await get(`${LAST_UPDATED}${suffix}`);
      const expected = await unknownPath(suffix);
      assert.equal(expected.status, 404);
      assert.deepEqual({ status: response.status, type: response.headers.get('content-type'), body: await response.text() }, expected, suffix);
    }
  });

  test('a key is needed; past the key check every answer carries the rate-limit headers of the hourly window', async () => {
    const missing = await server.get(`${LAST_UPDATED}.json`);
    assert.equal(missing.status, 403);
    assert.equal(((await missing.json()) as any).error.code, 'API_KEY_MISSING');
    assert.equal(missing.headers.get('x-ratelimit-limit'), null);
    const first = await get(`${LAST_UPDATED}.json`);
    const second = await get(`${LAST_UPDATED}.json`);
    assert.equal(first.headers.get('x-ratelimit-limit'), '1000000');
    assert.equal(Number(second.headers.get('x-ratelimit-remaining')), Number(first.headers.get('x-ratelimit-remaining')) - 1);
    const demo = await server.get(`${LAST_UPDATED}.json?api_key=DEMO_KEY`);
    assert.equal(demo.status, 200);
    assert.equal(demo.headers.get('x-ratelimit-limit'), '30');
  });

  test('it draws on the fuel-station endpoints’ daily limit, shared with the list; other endpoints do not', async () => {
    const keysFile = join(temporaryDir('last-updated-keys'), 'keys.json');
    const key = generateKey();
    const limits = { hourly: 100, daily: 2 };
    writeKeysFile(keysFile, {
      version: 1,
      keys: [{ hash: hashKey(key), email: 'daily@example.org', created_at: new Date(0).toISOString(), disabled: false, limits }],
    });
    const limited = await startServer({ port: 0, host: '127.0.0.1', warmUp: false, dataDir, keysFile, demoKey: false }, { log: () => {} });
    try {
      const status = async (path: string) => {
        const response = await fetch(`${limited.url}${path}`, { headers: { 'X-Api-Key': key } });
        await response.arrayBuffer();
        return { status: response.status, limit: response.headers.get('x-ratelimit-limit'), retryAfter: Number(response.headers.get('retry-after')) };
      };
      assert.deepEqual(await status(`${LAST_UPDATED}.json`), { status: 200, limit: '100', retryAfter: 0 });
      assert.equal((await status('/api/alt-fuel-stations/v1.json?limit=1')).status, 200);
      const refused = await status(`${LAST_UPDATED}.json`);
      assert.equal(refused.status, 429, 'two fuel-station requests today: the day is full');
      assert.ok(refused.retryAfter > 3600, `a day's window, not the hour's (Retry-After ${refused.retryAfter})`);
      assert.equal((await status('/api/solar/data_query/v1.json?lat=40&lon=-105')).status, 200, 'the hour still has room');
    } finally {
      await limited.close();
    }
  });

  describe('routes under /v1/ that are words never reach the by-id endpoint', () => {
    test('nearby-route is its own endpoint: without a route, its 422 in the extension’s format, never the by-id 404', async () => {
      for (const suffix of ['.json', '.xml', '.csv']) {
        const response = await get(`/api/alt-fuel-stations/v1/nearby-route${suffix}`);
        assert.equal(response.status, 422, suffix);
        assert.doesNotMatch(await response.text(), /A station for the given ID could not be found/, suffix);
      }
    });

    test('nearest and last-updated are their endpoints; a station id is still the by-id endpoint’s, found or not', async () => {
      const nearest = await get('/api/alt-fuel-stations/v1/nearest.json');
      assert.equal(nearest.status, 422);
      assert.deepEqual(await nearest.json(), { errors: ["Either the 'location' or both 'latitude' and 'longitude' parameters must be given to."] });
      assert.ok(isAnswer(await (await get(`${LAST_UPDATED}.json`)).json()));
      const [station] = ((await (await get('/api/alt-fuel-stations/v1.json?limit=1')).json()) as any).fuel_stations;
      const byId = await get(`/api/alt-fuel-stations/v1/${station.id}.json`);
      assert.equal(((await byId.json()) as any).alt_fuel_station.id, station.id);
      const unknown = await get('/api/alt-fuel-stations/v1/999999999.json');
      assert.equal(unknown.status, 404);
      assert.deepEqual(await unknown.json(), { errors: ['A station for the given ID could not be found.'] });
    });

    test('a path of the real service that an endpoint comes to answer is taken off the unimplemented paths (else the 404 hides it)', () => {
      const answered = new Set(endpoints.flatMap((endpoint) => endpoint.paths));
      for (const path of unimplementedPaths)
        assert.ok(!answered.has(path), `${path} is answered now: take it off unimplementedPaths (server/endpoints/index.ts)`);
    });
  });

  // Last: it replaces the data set the tests above read.
  test('its ETag changes with the data set: a rebuild makes the old tag stale, and the answer follows the new stations', async () => {
    const first = await get(`${LAST_UPDATED}.json`);
    const before = { etag: first.headers.get('etag')!, body: await first.text() };
    assert.match(before.etag, /^W\/"[A-Za-z0-9_-]{20,}"$/);
    const notModified = await get(`${LAST_UPDATED}.json`, { headers: { 'If-None-Match': before.etag } });
    assert.equal(notModified.status, 304);
    assert.equal(await notModified.text(), '');

    await buildQuietly({ outDir: dataDir, sample: { seed: 2, stations: 300, ...SMALL_CLIMATE } });
    await server.dataWatcher.check();
    assert.equal(server.data.dataSet.manifest.seed, 2, 'the server serves the rebuilt data set');
    const expected = `{"last_updated":"${await newestUpdate(dataDir)}"}`;
    assert.notEqual(expected, before.body, 'the rebuilt stations were updated last at another time');

    const stale = await get(`${LAST_UPDATED}.json`, { headers: { 'If-None-Match': before.etag } });
    assert.equal(stale.status, 200);
    assert.equal(await stale.text(), expected);
    const etag = stale.headers.get('etag')!;
    assert.notEqual(etag, before.etag);
    assert.equal((await get(`${LAST_UPDATED}.json`, { headers: { 'If-None-Match': etag } })).status, 304);
  });
});

test('a data set without stations answers {"last_updated":null}', async () => {
  const source = join(temporaryDir('last-updated-empty'), 'header-only.csv');
  writeFileSync(source, 'ID,Fuel Type Code,Station Name,Status Code,Latitude,Longitude,Updated At\n');
  const dataDir = temporaryDir('last-updated-empty-data');
  await buildQuietly({ outDir: dataDir, sourceDir: sourceDirWith([source]), allowEmpty: true });
  const server = await startTestServer(dataDir);
  try {
    const response = await server.get(withKey(`${LAST_UPDATED}.json`, server.key));
    assert.equal(response.status, 200);
    const text = await response.text();
    assert.equal(text, '{"last_updated":null}');
    assert.ok(isAnswer(JSON.parse(text)));
    assert.match(response.headers.get('etag') ?? '', /^W\//);
  } finally {
    await server.dispose();
  }
});
