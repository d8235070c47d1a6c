// The gateway's answers byte for byte: every 403 and the 429, in JSON, XML, CSV and HTML, against
// the captured bodies (the test data's wire/samples/umbrella_*: docs/test-data.md §2.1) and API Umbrella's own templates, with our
// PUBLIC_URL where developer.nrel.gov stood; their statuses, content types and headers; where the
// key is found; DEMO_KEY's limits per client IP.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { generateKey, hashKey, writeKeysFile } from '../server/gateway/keys.ts';
import { get, readUmbrellaTemplates, umbrellaBody, type ErrorFormat, type HttpResult, type UmbrellaReference } from './support/gateway.ts';
import { startServer, type RunningServer } from '../server/main.ts';
import { readShared, shared, silentLogger, skipWithoutShared, temporaryDir } from './support/helpers.ts';
import { sampleDataSet } from './support/sample-data-set.ts';

const PUBLIC_URL = 'https://api.example.test';
const T0 = Date.UTC(2024, 5, 1, 12, 0, 0);
const NEAREST = '/api/alt-fuel-stations/v1/nearest';
const formats: ErrorFormat[] = ['json', 'xml', 'csv', 'html'];
const contentTypes: Record<ErrorFormat, string> = { json: 'application/json', xml: 'application/xml', csv: 'text/csv', html: 'text/html' };

const keys = { good: generateKey(), disabled: generateKey(), one: generateKey() };
let dataDir: string;
let server: RunningServer;
let now = T0;
let reference: UmbrellaReference;

function url(path: string, query: Record<string, string> = {}): string {
  const search = new URLSearchParams(query).toString();
  return `${server.url}${path}${search ? `?${search}` : ''}`;
}

function assertNoRateLimitHeaders(response: HttpResult): void {
  assert.equal(response.headers['x-ratelimit-limit'], undefined);
  assert.equal(response.headers['x-ratelimit-remaining'], undefined);
  assert.equal(response.headers['retry-after'], undefined);
}

describe('gateway errors and headers', { skip: skipWithoutShared }, () => {
  before(async () => {
    reference = readUmbrellaTemplates(shared('wire', 'samples'));
    ({ dataDir } = await sampleDataSet({ seed: 1, stations: 500 }));
    const keysFile = join(temporaryDir('gateway-errors-keys'), 'keys.json');
    const record = (key: string, extra: object = {}) => ({
      hash: hashKey(key),
      email: 'tests@example.org',
      created_at: '2024-01-01T00:00:00.000Z',
      disabled: false,
      ...extra,
    });
    writeKeysFile(keysFile, {
      version: 1,
      keys: [
        record(keys.good, { limits: { hourly: 100_000, daily: 100_000 } }),
        record(keys.disabled, { disabled: true }),
        record(keys.one, { limits: { hourly: 1 } }),
      ],
    });
    server = await startServer(
      {
        port: 0,
        host: '127.0.0.1',
        warmUp: false,
        dataDir,
        keysFile,
        demoKey: true,
        publicUrl: PUBLIC_URL,
        demoHourlyLimit: 3,
        demoDailyLimit: 4,
        trustProxy: 'loopback',
      },
      { now: () => now, logger: silentLogger() },
    );
    // keys.one's single request of the hour: every later one is over the limit.
    assert.equal((await get(url(`${NEAREST}.json`, { api_key: keys.one, location: '80203', limit: '1' }))).status, 200);
  });
  after(async () => server?.close());

  test('the reference bodies agree with the captured ones (so the templates are read right)', () => {
    const ours = (format: ErrorFormat, code: string) => umbrellaBody(reference, format, code, 'https://developer.nrel.gov');
    // Captured from developer.nrel.gov in 2018: 139 bytes, no trailing newline.
    assert.equal(ours('json', 'API_KEY_MISSING'), readShared('wire', 'samples', 'umbrella_api_key_missing_2018.json'));
    // curl output pasted in a note: the template has no trailing newline, the paste added one.
    assert.equal(`${ours('csv', 'API_KEY_INVALID')}\n`, readShared('wire', 'samples', 'umbrella_api_key_invalid_nrel.csv'));
    // api.data.gov's API Umbrella (same templates, its own contact URL), pasted into an issue with a newline.
    assert.equal(
      `${umbrellaBody(reference, 'json', 'OVER_RATE_LIMIT', 'https://api.open.fec.gov')}\n`,
      readShared('wire', 'samples', 'umbrella_over_rate_limit_apiumbrella_2015.json'),
    );
    // Compact re-serialisation of the real JSON.
    assert.deepEqual(JSON.parse(ours('json', 'API_KEY_INVALID')), JSON.parse(readShared('wire', 'samples', 'umbrella_api_key_invalid_nrel.json')));
  });

  test('the captured samples, with our URL, byte for byte', async () => {
    const sample = (name: string) => readShared('wire', 'samples', name);
    const missing = await get(url(`${NEAREST}.json`));
    assert.equal(missing.text, sample('umbrella_api_key_missing_2018.json').replaceAll('https://developer.nrel.gov', PUBLIC_URL));
    const invalid = await get(url(`${NEAREST}.csv`, { api_key: 'not-a-key' }));
    assert.equal(invalid.text, sample('umbrella_api_key_invalid_nrel.csv').replaceAll('https://developer.nrel.gov', PUBLIC_URL).replace(/\n$/, ''));
    const over = await get(url(`${NEAREST}.json`, { api_key: keys.one, location: '80203' }));
    assert.equal(over.text, sample('umbrella_over_rate_limit_apiumbrella_2015.json').replaceAll('https://api.open.fec.gov', PUBLIC_URL).replace(/\n$/, ''));
  });

  const cases: Array<{ code: string; query: () => Record<string, string> }> = [
    { code: 'API_KEY_MISSING', query: () => ({ location: '80203' }) },
    { code: 'API_KEY_INVALID', query: () => ({ api_key: generateKey(), location: '80203' }) },
    { code: 'API_KEY_DISABLED', query: () => ({ api_key: keys.disabled, location: '80203' }) },
    { code: 'OVER_RATE_LIMIT', query: () => ({ api_key: keys.one, location: '80203' }) },
  ];
  for (const { code, query } of cases) {
    for (const format of formats) {
      test(`${code} in ${format.toUpperCase()}: status, content type, body byte for byte, headers`, async () => {
        const response = await get(url(`${NEAREST}.${format}`, query()));
        const expected = umbrellaBody(reference, format, code, PUBLIC_URL);
        assert.equal(response.status, reference.errors[code].status);
        assert.equal(response.headers['content-type'], contentTypes[format]);
        assert.ok(response.body.equals(Buffer.from(expected, 'utf8')), `body:\n${response.text}\nexpected:\n${expected}`);
        assert.equal(response.headers['access-control-allow-origin'], '*');
        if (code === 'OVER_RATE_LIMIT') {
          assert.equal(response.headers['x-ratelimit-limit'], '1');
          assert.equal(response.headers['x-ratelimit-remaining'], '0');
          assert.equal(response.headers['retry-after'], '3600');
        } else {
          assertNoRateLimitHeaders(response);
        }
      });
    }
  }

  test('format of an error: extension, then format=, then Accept (q-values; text/xml stays text/xml), else JSON', async () => {
    const missing = (format: ErrorFormat) => umbrellaBody(reference, format, 'API_KEY_MISSING', PUBLIC_URL);
    const checks: Array<[string, Record<string, string>, Record<string, string>, ErrorFormat, string]> = [
      [`${NEAREST}.zzz`, {}, {}, 'json', 'application/json'],
      [NEAREST, { format: 'csv' }, {}, 'csv', 'text/csv'],
      [NEAREST, {}, { accept: 'text/xml' }, 'xml', 'text/xml'],
      [NEAREST, {}, { accept: 'text/csv;q=0.5, text/html' }, 'html', 'text/html'],
      [NEAREST, {}, { accept: 'image/png' }, 'json', 'application/json'],
      [`${NEAREST}.xml`, { format: 'csv' }, { accept: 'text/html' }, 'xml', 'application/xml'],
    ];
    for (const [path, query, headers, format, contentType] of checks) {
      const response = await get(url(path, query), headers);
      assert.equal(response.status, 403, path);
      assert.equal(response.headers['content-type'], contentType, `${path} ${JSON.stringify(query)} ${JSON.stringify(headers)}`);
      assert.equal(response.text, missing(format));
    }
  });

  test('the key: header X-Api-Key, then query api_key, then basic-auth user; the first non-empty wins', async () => {
    const basic = (user: string) => `Basic ${Buffer.from(`${user}:`).toString('base64')}`;
    const path = `${NEAREST}.json`;
    const q = { location: '80203', limit: '1' };
    assert.equal((await get(url(path, q), { 'x-api-key': keys.good })).status, 200);
    assert.equal((await get(url(path, { ...q, api_key: keys.good }))).status, 200);
    assert.equal((await get(url(path, q), { authorization: basic(keys.good) })).status, 200);
    // The header first: a bad header key is not rescued by a good query key, and the reverse works.
    const header = await get(url(path, { ...q, api_key: keys.good }), { 'x-api-key': 'wrong' });
    assert.equal(JSON.parse(header.text).error.code, 'API_KEY_INVALID');
    assert.equal((await get(url(path, { ...q, api_key: 'wrong' }), { 'x-api-key': keys.good })).status, 200);
    // Then the query before basic auth; an empty value does not count.
    assert.equal(JSON.parse((await get(url(path, { ...q, api_key: 'wrong' }), { authorization: basic(keys.good) })).text).error.code, 'API_KEY_INVALID');
    // (The endpoint may then object to the empty parameter; the gateway let the basic-auth key through.)
    const empty = await get(url(path, { ...q, api_key: '' }), { authorization: basic(keys.good), 'x-api-key': '' });
    assert.notEqual(empty.status, 403);
    assert.equal(empty.headers['x-ratelimit-limit'], '100000');
  });

  test('past the key check every response has the rate-limit headers: 200 and the endpoint’s own 4xx', async () => {
    const ok = await get(url(`${NEAREST}.json`, { api_key: keys.good, location: '80203', limit: '1' }));
    assert.equal(ok.status, 200);
    assert.equal(ok.headers['x-ratelimit-limit'], '100000');
    const remaining = Number(ok.headers['x-ratelimit-remaining']);
    const invalid = await get(url(`${NEAREST}.json`, { api_key: keys.good }));
    assert.equal(invalid.status, 422);
    assert.equal(invalid.headers['x-ratelimit-limit'], '100000');
    assert.equal(Number(invalid.headers['x-ratelimit-remaining']), remaining - 1);
    assert.equal(invalid.headers['retry-after'], undefined);
    // An unknown path is the gateway's 404, before any key check.
    const unknown = await get(url('/api/nothing/here.json', { api_key: keys.good }));
    assert.equal(unknown.status, 404);
    assert.equal(unknown.text, umbrellaBody(reference, 'json', 'NOT_FOUND', PUBLIC_URL));
    assertNoRateLimitHeaders(unknown);
  });

  test('DEMO_KEY: its own limits (here 3 an hour, 4 a day) per client IP, on every endpoint', async () => {
    const demo = (ip: string) => get(url(`${NEAREST}.json`, { api_key: 'DEMO_KEY', location: '80203', limit: '1' }), { 'x-forwarded-for': ip });
    const statuses = async (ip: string, n: number) => {
      const out: number[] = [];
      for (let i = 0; i < n; i++) out.push((await demo(ip)).status);
      return out;
    };
    assert.deepEqual(await statuses('192.0.2.1', 4), [200, 200, 200, 429]);
    // Another client IP has its own counters.
    const other = await demo('192.0.2.2');
    assert.equal(other.status, 200);
    assert.equal(other.headers['x-ratelimit-limit'], '3');
    assert.equal(other.headers['x-ratelimit-remaining'], '2');
    // An hour on: the hourly window is free again, the daily one holds 3 of 4.
    now = T0 + 3_600_000;
    try {
      assert.deepEqual(await statuses('192.0.2.1', 2), [200, 429]);
      const refused = await demo('192.0.2.1');
      assert.equal(refused.headers['retry-after'], String(23 * 3600));
      assert.equal(refused.headers['x-ratelimit-remaining'], '0');
    } finally {
      now = T0;
    }
  });
});

describe('DEMO_KEY off', { skip: skipWithoutShared }, () => {
  test('DEMO_KEY is then an invalid key', async () => {
    const { dataDir: dir } = await sampleDataSet({ seed: 1, stations: 500 });
    const off = await startServer(
      { port: 0, host: '127.0.0.1', warmUp: false, dataDir: dir, keysFile: join(dir, 'none.json'), demoKey: false, publicUrl: PUBLIC_URL },
      { logger: silentLogger() },
    );
    try {
      const response = await get(`${off.url}${NEAREST}.json?api_key=DEMO_KEY&location=80203`);
      assert.equal(response.status, 403);
      assert.equal(response.text, umbrellaBody(readUmbrellaTemplates(shared('wire', 'samples')), 'json', 'API_KEY_INVALID', PUBLIC_URL));
    } finally {
      await off.close();
    }
  });
});
