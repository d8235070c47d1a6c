// The ETag step in-process, on an Express app of its own: a fake endpoint whose answers the tests
// choose, and a manifest they change. What it proves: the tag names the data set and the request
// (path, format, query without the key; the key only where the answer echoes it), a request naming
// the current tag gets a 304 without running the endpoint, `*` is a 304 only for a 2xx, and errors,
// POSTs and answers that depend on the clock carry no tag.
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import express, { type Request, type Response } from 'express';
import type { Manifest } from './data/dataset.ts';
import type { Endpoint } from './endpoints/types.ts';
import { answerTag, CACHE_OK, dataSetFingerprint, etags, listedTags, queryWithoutKey, sendNotModified } from './etag.ts';

const manifestOf = (files: Record<string, Record<string, string>>): Manifest => ({
  schema_version: 1,
  generator: 'test',
  sample: true,
  notice: '',
  sources: [],
  datasets: Object.fromEntries(
    Object.entries(files).map(([dataset, entries]) => [
      dataset,
      {
        rejected: 0,
        repaired: 0,
        files: Object.fromEntries(Object.entries(entries).map(([name, sha256]) => [name, { path: `${name}.parquet`, rows: 1, sha256 }])),
      },
    ]),
  ),
});

describe('ETag pieces', () => {
  test('the data set fingerprint changes with any file hash, not with the order the manifest lists them in', () => {
    const base = dataSetFingerprint(manifestOf({ a: { x: '1', y: '2' }, b: { z: '3' } }));
    assert.equal(dataSetFingerprint(manifestOf({ b: { z: '3' }, a: { y: '2', x: '1' } })), base);
    assert.notEqual(dataSetFingerprint(manifestOf({ a: { x: '1', y: '2' }, b: { z: '4' } })), base);
    assert.notEqual(dataSetFingerprint(manifestOf({ a: { x: '1', y: '2' }, b: { z: '3', w: '5' } })), base);
    assert.notEqual(dataSetFingerprint(manifestOf({ a: { x: '1', y: '2' }, c: { z: '3' } })), base);
  });

  test('the query without api_key, in the order it was sent; If-None-Match lists', () => {
    assert.equal(queryWithoutKey('/p.json?b=2&api_key=SECRET&a=1'), 'b=2&a=1');
    assert.equal(queryWithoutKey('/p.json?api_key=SECRET'), '');
    assert.equal(queryWithoutKey('/p.json'), '');
    assert.deepEqual(listedTags('W/"a", "b",W/"c" , *'), ['"a"', '"b"', '"c"', '*']);
  });
});

describe('the ETag step of a route', () => {
  let manifest = manifestOf({ stations: { stations: 'aaa' } });
  /** What the fake endpoint answers next, and how many times it ran. */
  let status = 200;
  let handled = 0;
  let url: string;
  let close: () => void;

  /** An endpoint as the step reads it: its cache rules only. */
  const endpoint = (cache?: Endpoint['cache']) => ({ cache }) as Endpoint;

  before(async () => {
    const app = express();
    app.set('query parser', 'simple');
    const answer = (req: Request, res: Response) => {
      handled++;
      const tag = answerTag(req, res, status);
      if (tag.notModified) return sendNotModified(res, tag.etag);
      res.status(status);
      res.setHeader('Cache-Control', status === 200 ? CACHE_OK : 'no-cache');
      if (tag.etag) res.setHeader('ETag', tag.etag);
      res.end(`answer ${status}`);
    };
    const withFormat = (req: Request, res: Response, next: () => void) => {
      res.locals.format = (req.params.ext as string | undefined) ?? 'json';
      next();
    };
    const route = (path: string, cache?: Endpoint['cache']) => {
      const step = etags(endpoint(cache), () => manifest);
      app.get(`${path}{.:ext}`, withFormat, step, answer);
      app.post(`${path}{.:ext}`, withFormat, step, answer);
    };
    route('/plain');
    route('/echoes-key', { includesKey: true });
    route('/clock', { dependsOnClock: (query) => query.scope === 'upcoming' });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  after(() => close?.());

  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${url}${path}`, { headers });
  const tagOf = async (path: string, headers: Record<string, string> = {}) => {
    const response = await get(path, headers);
    await response.arrayBuffer();
    return response.headers.get('etag');
  };

  test('a 2xx carries a weak tag, the same for the same request; a request naming it is a 304 without running the endpoint', async () => {
    const tag = (await tagOf('/plain.json?a=1'))!;
    assert.match(tag, /^W\/"[A-Za-z0-9_-]{32}"$/);
    assert.equal(await tagOf('/plain.json?a=1'), tag);
    const ran = handled;
    for (const named of [tag, tag.slice(2), `"stale", ${tag}`]) {
      const response = await get('/plain.json?a=1', { 'If-None-Match': named });
      assert.equal(response.status, 304, named);
      assert.equal(await response.text(), '');
      assert.equal(response.headers.get('etag'), tag);
      assert.equal(response.headers.get('cache-control'), CACHE_OK);
    }
    assert.equal(handled, ran, 'the endpoint did not run for a 304');
    const stale = await get('/plain.json?a=1', { 'If-None-Match': 'W/"stale"' });
    assert.equal(stale.status, 200);
    assert.equal(stale.headers.get('etag'), tag);
  });

  test('the tag names the path, the format and the query in its order, without the key unless the answer echoes it', async () => {
    const tag = await tagOf('/plain.json?a=1&b=2&api_key=ONE');
    assert.equal(await tagOf('/plain.json?a=1&b=2&api_key=TWO'), tag);
    assert.equal(await tagOf('/plain.json?a=1&b=2', { 'X-Api-Key': 'THREE' }), tag);
    const others = await Promise.all([
      tagOf('/plain.xml?a=1&b=2'),
      tagOf('/plain.json?b=2&a=1'),
      tagOf('/plain.json?a=1&b=3'),
      tagOf('/echoes-key.json?a=1&b=2'),
    ]);
    assert.equal(new Set([tag, ...others]).size, 5);
    assert.notEqual(await tagOf('/echoes-key.json?a=1&api_key=ONE'), await tagOf('/echoes-key.json?a=1&api_key=TWO'));
  });

  test('errors, POSTs and answers that depend on the clock carry none; `*` is a 304 only for a 2xx', async () => {
    status = 422;
    const invalid = await get('/plain.json?x=1');
    assert.equal(invalid.status, 422);
    assert.equal(invalid.headers.get('etag'), null);
    assert.equal((await get('/plain.json?x=1', { 'If-None-Match': '*' })).status, 422);
    status = 200;
    assert.equal((await get('/plain.json?x=1', { 'If-None-Match': '*' })).status, 304);
    assert.equal(await tagOf('/clock.json?scope=upcoming'), null);
    assert.equal((await get('/clock.json?scope=upcoming', { 'If-None-Match': '*' })).status, 200);
    assert.match((await tagOf('/clock.json?scope=past')) ?? '', /^W\//);
    const posted = await fetch(`${url}/plain.json?x=1`, { method: 'POST', headers: { 'If-None-Match': '*' } });
    assert.equal(posted.status, 200);
    assert.equal(posted.headers.get('etag'), null);
  });

  test('another data set changes every tag, and an old tag is answered in full', async () => {
    const paths = ['/plain.json?a=1', '/plain.xml', '/echoes-key.json?api_key=K'];
    const before = await Promise.all(paths.map((path) => tagOf(path)));
    manifest = manifestOf({ stations: { stations: 'bbb' } });
    for (const [i, path] of paths.entries()) {
      const response = await get(path, { 'If-None-Match': before[i]! });
      assert.equal(response.status, 200, path);
      assert.notEqual(response.headers.get('etag'), before[i]);
    }
  });
});
