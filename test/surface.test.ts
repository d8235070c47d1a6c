// What the server answers around its endpoints, without a key: CORS preflights and the headers a
// page on another origin may read, /health (the data set's identity, never where it lies), and the
// /signup/ and /contact/ pages the gateway's error messages link to, at the port actually bound.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startServer, type RunningServer } from '../server/main.ts';
import { silentLogger, temporaryDir } from './support/helpers.ts';
import { sampleDataSet } from './support/sample-data-set.ts';

let root: string;
let dataDir: string;
let server: RunningServer;

before(async () => {
  root = temporaryDir('surface');
  ({ dataDir } = await sampleDataSet({ seed: 1, stations: 300 }));
  server = await startServer(
    { port: 0, host: '127.0.0.1', warmUp: false, dataDir, keysFile: join(root, 'keys.json'), demoKey: true, demoHourlyLimit: 7, demoDailyLimit: 9 },
    { logger: silentLogger() },
  );
});
after(async () => server?.close());

describe('CORS', () => {
  test('a preflight from another origin sending X-Api-Key is answered, before and without the gateway', async () => {
    for (const path of ['/api/alt-fuel-stations/v1/nearest.json', '/api/pvwatts/v6.json', '/api/solar/data_query/v2']) {
      const response = await fetch(`${server.url}${path}`, {
        method: 'OPTIONS',
        headers: { Origin: 'https://maps.example.org', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'x-api-key' },
      });
      assert.equal(response.status, 204, path);
      assert.equal(response.headers.get('access-control-allow-origin'), '*');
      assert.match(response.headers.get('access-control-allow-methods') ?? '', /\bGET\b/);
      assert.match(response.headers.get('access-control-allow-headers') ?? '', /x-api-key/i);
      assert.equal(response.headers.get('access-control-max-age'), '86400');
      assert.equal(response.headers.get('x-ratelimit-limit'), null, 'a preflight is not counted');
    }
  });

  test('answers expose the rate-limit headers (and Retry-After, ETag) to the page’s script', async () => {
    const response = await fetch(`${server.url}/api/alt-fuel-stations/v1.json?limit=1`, {
      headers: { Origin: 'https://maps.example.org', 'X-Api-Key': 'DEMO_KEY' },
    });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('access-control-allow-origin'), '*');
    const exposed = (response.headers.get('access-control-expose-headers') ?? '').toLowerCase().split(/\s*,\s*/);
    for (const header of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'retry-after', 'etag']) assert.ok(exposed.includes(header), header);
  });
});

test('/health: the data set’s identity (manifest digest, build time, sample or not), never a path', async () => {
  const text = await (await fetch(`${server.url}/health`)).text();
  const health = JSON.parse(text) as Record<string, any>;
  const manifestPath = join(dataDir, 'manifest.json');
  assert.equal(health.status, 'ok');
  assert.equal(health.sample, true);
  assert.deepEqual(health.data_set, {
    manifest_sha256: createHash('sha256').update(readFileSync(manifestPath)).digest('hex'),
    built_at: statSync(manifestPath).mtime.toISOString(),
  });
  assert.equal(health.data_dir, undefined);
  assert.ok(!text.includes(root), 'no absolute path of this machine');
});

describe('the pages the gateway links to', () => {
  test('links name the port the server took (PORT=0), and those pages are served without a key', async () => {
    const { port } = new URL(server.url);
    assert.notEqual(port, '0');
    const missing = (await (await fetch(`${server.url}/api/alt-fuel-stations/v1.json`)).json()) as { error: { message: string } };
    assert.equal(missing.error.message, `No api_key was supplied. Get one at ${server.url}/signup/`);
    const signup = await fetch(`${server.url}/signup/`);
    assert.equal(signup.status, 200);
    assert.equal(signup.headers.get('content-type'), 'text/html; charset=utf-8');
    const page = await signup.text();
    assert.match(page, /npm run keys -- create --email ADDRESS/);
    assert.match(page, /<code>DEMO_KEY<\/code> works on every endpoint, with 7 requests an hour and 9 a day/);
    const contact = await fetch(`${server.url}/contact/`);
    assert.equal(contact.status, 200);
    assert.match(await contact.text(), /not by NREL/);
  });

  test('with PUBLIC_URL, the links point at its own pages', async () => {
    const other = await startServer(
      { port: 0, host: '127.0.0.1', warmUp: false, dataDir, keysFile: join(root, 'keys.json'), demoKey: false, publicUrl: 'https://api.example.org/' },
      { logger: silentLogger() },
    );
    try {
      const invalid = (await (await fetch(`${other.url}/api/alt-fuel-stations/v1.json?api_key=DEMO_KEY`)).json()) as { error: { message: string } };
      assert.equal(invalid.error.message, 'An invalid api_key was supplied. Get one at https://api.example.org/signup/');
      assert.match(await (await fetch(`${other.url}/signup`)).text(), /<code>DEMO_KEY<\/code> is switched off on this deployment/);
    } finally {
      await other.close();
    }
  });
});

describe('requests Node cannot read get the gateway’s JSON error, not an empty body', () => {
  /** The raw answer to raw bytes, read until the server closes the connection. */
  async function raw(bytes: string): Promise<string> {
    const { port } = new URL(server.url);
    const socket = connect(Number(port), '127.0.0.1');
    socket.end(bytes);
    let text = '';
    for await (const chunk of socket) text += String(chunk);
    return text;
  }

  test('a URL over 16 KB: 431 REQUEST_TOO_LARGE', async () => {
    const answer = await raw(`GET /api/alt-fuel-stations/v1.json?location=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    const [head, body] = answer.split('\r\n\r\n');
    assert.match(head, /^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
    assert.match(head, /\r\nContent-Type: application\/json\r\n/);
    assert.deepEqual(JSON.parse(body), {
      error: { code: 'REQUEST_TOO_LARGE', message: 'The URL and headers of the request are too long (at most 16 KB): send fewer or shorter parameters.' },
    });
  });

  test('CONNECT (a proxy tunnel, which this server never is): 400 BAD_REQUEST, as any request it cannot answer', async () => {
    for (const target of ['example.org:443', '127.0.0.1:22']) {
      const answer = await raw(`CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n\r\n`);
      const [head, body] = answer.split('\r\n\r\n');
      assert.match(head, /^HTTP\/1\.1 400 Bad Request\r\n/, target);
      assert.match(head, /\r\nContent-Type: application\/json\r\n/);
      assert.match(head, /\r\nConnection: close(\r\n|$)/);
      assert.deepEqual(JSON.parse(body).error.code, 'BAD_REQUEST');
    }
  });

  test('an Upgrade request (a WebSocket handshake) is answered as an ordinary request, never left unanswered', async () => {
    const answer = await raw('GET /api/alt-fuel-stations/v1.json HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n');
    assert.match(answer, /^HTTP\/1\.1 403 Forbidden\r\n/);
    assert.equal(JSON.parse(answer.split('\r\n\r\n')[1]).error.code, 'API_KEY_MISSING');
  });

  test('a malformed request line: 400 BAD_REQUEST', async () => {
    const answer = await raw('GET /api/alt-fuel-stations/v1.json HTTP/9.9 junk\r\n\r\n');
    assert.match(answer, /^HTTP\/1\.1 400 Bad Request\r\n/);
    assert.equal(JSON.parse(answer.split('\r\n\r\n')[1]).error.code, 'BAD_REQUEST');
  });
});
