// ETags of data responses over HTTP, through the whole server (the step itself: server/etag.ts and
// its test): derived from the served data set's manifest and the request; If-None-Match gets a 304
// past the gateway; errors and time-dependent answers get none; a rebuilt data set, picked up while
// the server runs, changes every tag.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { buildQuietly, SMALL_CLIMATE, startTestServer, withKey, type TestServer } from './support/helpers.ts';
import { sampleDataSet } from './support/sample-data-set.ts';

describe('ETags over HTTP', () => {
  let dataDir: string;
  let server: TestServer;

  const get = (path: string, init?: RequestInit, key?: string) => server.get(withKey(path, key ?? server.key), init);
  const etagOf = async (path: string, init?: RequestInit, key?: string) => {
    const response = await get(path, init, key);
    await response.arrayBuffer();
    assert.equal(response.status, 200, path);
    return response.headers.get('etag');
  };

  before(async () => {
    ({ dataDir } = await sampleDataSet({ seed: 1, stations: 500 }));
    server = await startTestServer(dataDir);
  });
  after(() => server?.dispose());

  test('a 200 carries a weak ETag, the same for the same request; If-None-Match with it is a 304 without a body, after the gateway', async () => {
    const path = '/api/alt-fuel-stations/v1/nearest.json?location=80203&limit=3';
    const first = await get(path);
    const body = await first.text();
    const etag = first.headers.get('etag')!;
    assert.match(etag, /^W\/"[A-Za-z0-9_-]{20,}"$/);
    assert.ok(body.length > 100);
    assert.equal(await etagOf(path), etag);

    const remaining = Number(first.headers.get('x-ratelimit-remaining'));
    const notModified = await get(path, { headers: { 'If-None-Match': etag } });
    assert.equal(notModified.status, 304);
    assert.equal(await notModified.text(), '');
    assert.equal(notModified.headers.get('etag'), etag);
    assert.equal(notModified.headers.get('cache-control'), 'max-age=0, private, must-revalidate');
    // Past the gateway: it counts against the limit, and it has the rate-limit headers.
    assert.ok(Number(notModified.headers.get('x-ratelimit-remaining')) < remaining);
    // The key check comes first: no key, or a wrong one, is the gateway's 403 whatever the tag.
    const url = `${server.url}${path}`;
    assert.equal((await fetch(url, { headers: { 'If-None-Match': etag } })).status, 403);
    assert.equal((await fetch(`${url}&api_key=nope`, { headers: { 'If-None-Match': etag } })).status, 403);
    // Weak comparison, and lists.
    assert.equal((await get(path, { headers: { 'If-None-Match': etag.slice(2) } })).status, 304);
    assert.equal((await get(path, { headers: { 'If-None-Match': `"stale", ${etag}` } })).status, 304);
    const stale = await get(path, { headers: { 'If-None-Match': 'W/"stale"' } });
    assert.equal(stale.status, 200);
    assert.equal(stale.headers.get('etag'), etag);
    assert.equal(await stale.text(), body);
  });

  test('the tag names the request: path, format and query, but not the key or where the key is given', async () => {
    const path = '/api/alt-fuel-stations/v1.json?state=CO&limit=2';
    const etag = await etagOf(path);
    const viaHeader = await server.get(path, { headers: { 'X-Api-Key': server.key } });
    assert.equal(viaHeader.headers.get('etag'), etag);
    const viaBasic = await server.get(path, { headers: { Authorization: `Basic ${Buffer.from(`${server.key}:`).toString('base64')}` } });
    assert.equal(viaBasic.headers.get('etag'), etag);
    assert.equal(await etagOf(path, undefined, 'DEMO_KEY'), etag);
    const others = await Promise.all([
      etagOf('/api/alt-fuel-stations/v1.xml?state=CO&limit=2'),
      etagOf('/api/alt-fuel-stations/v1.geojson?state=CO&limit=2'),
      etagOf('/api/alt-fuel-stations/v1?state=CO&limit=2&format=json'),
      etagOf('/api/alt-fuel-stations/v1.json?state=CO&limit=3'),
      etagOf('/api/alt-fuel-stations/v1.json?limit=2&state=CO'),
    ]);
    assert.equal(new Set([etag, ...others]).size, others.length + 1);
  });

  test('an answer that echoes the key (data query v2) has a tag per key; v1 does not', async () => {
    const query = '?lat=40&lon=-105&radius=0';
    assert.notEqual(await etagOf(`/api/solar/data_query/v2.json${query}`), await etagOf(`/api/solar/data_query/v2.json${query}`, undefined, 'DEMO_KEY'));
    assert.equal(await etagOf(`/api/solar/data_query/v1.json${query}`), await etagOf(`/api/solar/data_query/v1.json${query}`, undefined, 'DEMO_KEY'));
  });

  test('errors and answers that depend on the time carry no ETag; `*` is a 304 only for a 200', async () => {
    const invalid = await get('/api/alt-fuel-stations/v1.json?limit=0');
    assert.equal(invalid.status, 422);
    assert.equal(invalid.headers.get('etag'), null);
    const unknown = await get('/api/alt-fuel-stations/v1/999999999.json');
    assert.equal(unknown.status, 404);
    assert.equal(unknown.headers.get('etag'), null);
    const upcoming = await get('/api/commercial-building-resources/v1/events.json?scope=upcoming');
    assert.equal(upcoming.status, 200);
    assert.equal(upcoming.headers.get('etag'), null);
    assert.match((await get('/api/commercial-building-resources/v1/events.json')).headers.get('etag') ?? '', /^W\//);

    assert.equal((await get('/api/alt-fuel-stations/v1.json?limit=1', { headers: { 'If-None-Match': '*' } })).status, 304);
    assert.equal((await get('/api/alt-fuel-stations/v1.json?limit=0', { headers: { 'If-None-Match': '*' } })).status, 422);
    assert.equal((await get('/api/commercial-building-resources/v1/events.json?scope=upcoming', { headers: { 'If-None-Match': '*' } })).status, 200);
  });

  test('a rebuilt data set, picked up while the server runs, changes every ETag', async () => {
    const paths = [
      '/api/alt-fuel-stations/v1.json?limit=5',
      '/api/alt-fuel-stations/v1.csv?state=CA',
      '/api/alt-fuel-stations/v1/nearest.geojson?location=Denver, CO&radius=infinite&limit=2',
      '/api/alt-fuel-stations/v1/nearest.xml?latitude=40&longitude=-100&radius=infinite&limit=1',
      '/api/solar/data_query/v1.json?lat=40&lon=-105&radius=0',
      '/api/commercial-building-resources/resources.json?s=energy',
      '/api/commercial-building-resources/v1/events.xml',
    ];
    const before = await Promise.all(paths.map((path) => etagOf(path)));
    assert.ok(before.every((etag) => etag !== null));

    await buildQuietly({ outDir: dataDir, sample: { seed: 2, stations: 500, ...SMALL_CLIMATE } });
    await server.dataWatcher.check();
    assert.equal(server.data.dataSet.manifest.seed, 2, 'the server serves the rebuilt data set');

    for (const [i, path] of paths.entries()) {
      const response = await get(path, { headers: { 'If-None-Match': before[i]! } });
      await response.arrayBuffer();
      assert.equal(response.status, 200, `${path}: the old tag is stale`);
      assert.ok(response.headers.get('etag'));
      assert.notEqual(response.headers.get('etag'), before[i], path);
      assert.equal((await get(path, { headers: { 'If-None-Match': response.headers.get('etag')! } })).status, 304, path);
    }
  });
});
