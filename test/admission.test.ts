// Admission over HTTP (server/admission.ts): with one place to stream, a second full list waits
// before its first byte while the first streams to a reader that has stopped reading, and small
// requests are answered meanwhile (a stream holds no answering place); the waiting list streams,
// whole, once the first is done. Many requests at once beyond MAX_ACTIVE_REQUESTS all get their
// answers, as they would one at a time. Readers that never read cannot hold the places for ever: a
// stalled stream is cut after STREAM_STALL_TIMEOUT, a waiting one gets a 503 after
// STREAM_WAIT_TIMEOUT, and one client address holds at most MAX_STREAMS_PER_CLIENT places.
import assert from 'node:assert/strict';
import http from 'node:http';
import { rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, test } from 'node:test';
import { gatewayBody, gatewayMessage } from '../server/gateway/errors.ts';
import type { Settings } from '../server/settings.ts';
import { startTestServer, withKey, type TestServer } from './support/helpers.ts';
import { sampleDataSet } from './support/sample-data-set.ts';

interface Places {
  active: number;
  waiting: number;
  limit: number;
  timedOut: number;
}

interface Health {
  requests: { answering: Places; streaming: Places };
}

let dataDir: string;
before(async () => {
  ({ dataDir } = await sampleDataSet({ seed: 1, stations: 5_000 }));
});
after(() => rmSync(dataDir, { recursive: true, force: true }));

describe('admission', () => {
  let server: TestServer;
  const health = async () => (await (await server.get('/health')).json()) as Health;

  before(async () => {
    server = await startTestServer(dataDir, { settings: { maxActiveRequests: 2, maxStreams: 1 } });
  });
  after(async () => server?.dispose());

  test('a second full list waits for the one place to stream; small requests do not', async () => {
    const url = `${server.url}${withKey('/api/alt-fuel-stations/v1.json', server.key)}`;
    const whole = Buffer.byteLength(await (await fetch(url)).text());
    let firstBytes = 0;
    const first = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http
        .get(url, { agent: false }, (res) => {
          res.on('data', (chunk: Buffer) => (firstBytes += chunk.length));
          res.once('data', () => {
            res.pause();
            resolve(res);
          });
        })
        .on('error', reject);
    });
    let secondStarted = false;
    let secondBytes = 0;
    const second = new Promise<void>((resolve, reject) => {
      http
        .get(url, { agent: false }, (res) => {
          res.on('data', (chunk: Buffer) => {
            secondStarted = true;
            secondBytes += chunk.length;
          });
          res.on('end', () => resolve());
        })
        .on('error', reject);
    });
    try {
      await sleep(300);
      assert.deepEqual((await health()).requests.streaming, { active: 1, waiting: 1, limit: 1, timedOut: 0 });
      for (let i = 0; i < 5; i++) {
        const nearest = await server.get(withKey('/api/alt-fuel-stations/v1/nearest.json?latitude=39.7&longitude=-105&limit=2', server.key));
        assert.equal(nearest.status, 200);
        await nearest.arrayBuffer();
      }
      assert.equal(secondStarted, false, 'the second list had no byte while the first held the place to stream');

      const firstEnded = new Promise((resolve) => first.once('end', resolve));
      first.resume();
      await firstEnded;
      await second;
      assert.equal(firstBytes, whole);
      assert.equal(secondBytes, whole);
      assert.deepEqual((await health()).requests.streaming, { active: 0, waiting: 0, limit: 1, timedOut: 0 });
    } finally {
      first.destroy();
    }
  });

  test('forty requests at once with two answering places: every one is answered as it is alone', async () => {
    const path = (i: number) => withKey(`/api/alt-fuel-stations/v1/nearest.json?latitude=${35 + i / 10}&longitude=-100&radius=100&limit=3`, server.key);
    const alone = await Promise.all([0, 17, 39].map(async (i) => (await server.get(path(i))).text()));
    const together = await Promise.all(Array.from({ length: 40 }, async (_, i) => (await server.get(path(i))).text()));
    assert.deepEqual([together[0], together[17], together[39]], alone);
    assert.equal((await health()).requests.answering.active, 0);
  });
});

/** A full list whose reader takes its first bytes and then stops reading; `from` is its X-Forwarded-For. */
function stalledReader(url: string, from?: string): Promise<{ response: http.IncomingMessage; received: () => number; ended: Promise<'end' | 'cut'> }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers: from ? { 'X-Forwarded-For': from } : {} }, (response) => {
        let received = 0;
        // A paused reader learns that its connection closed only once it reads what came before the close.
        const ended = new Promise<'end' | 'cut'>((settle) => {
          response.once('close', () => settle(response.complete ? 'end' : 'cut'));
          response.once('error', () => {});
        });
        response.on('data', (chunk: Buffer) => (received += chunk.length));
        response.once('data', () => {
          response.pause();
          resolve({ response, received: () => received, ended });
        });
      })
      .on('error', reject);
  });
}

/** Status, headers and body of a GET that reads everything. */
function readAll(url: string, from?: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string; ended: 'end' | 'cut' }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers: from ? { 'X-Forwarded-For': from } : {} }, (response) => {
        const chunks: Buffer[] = [];
        const done = (ended: 'end' | 'cut') =>
          resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks).toString('utf8'), ended });
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.once('close', () => done(response.complete ? 'end' : 'cut'));
        response.once('error', () => {});
      })
      .on('error', reject);
  });
}

describe('readers that never read cannot hold the places to stream', () => {
  let whole: number;
  const listPath = '/api/alt-fuel-stations/v1.json';

  /** A server for one test, with these stream settings; `whole` is set to the full list's length. */
  async function serverWith(settings: Partial<Settings>): Promise<TestServer> {
    const server = await startTestServer(dataDir, { settings: { trustProxy: 'loopback', ...settings } });
    whole ??= Buffer.byteLength(await (await server.get(withKey(listPath, server.key))).text());
    return server;
  }

  test('a stream whose reader takes nothing for STREAM_STALL_TIMEOUT is cut, and the list that waited for its place streams whole', async () => {
    const server = await serverWith({ maxStreams: 1, streamStallTimeout: 1, streamWaitTimeout: 60 });
    try {
      const url = `${server.url}${withKey(listPath, server.key)}`;
      const stalled = await stalledReader(url);
      const waiting = readAll(url);
      await sleep(200);
      const { streaming } = ((await (await server.get('/health')).json()) as Health).requests;
      assert.deepEqual([streaming.active, streaming.waiting], [1, 1]);
      const after = await waiting;
      assert.equal(after.status, 200);
      assert.equal(after.ended, 'end');
      assert.equal(Buffer.byteLength(after.body), whole, 'the list that waited streamed whole once the stalled one was cut');
      stalled.response.resume();
      assert.equal(await stalled.ended, 'cut', 'reading again, the stalled reader finds its response cut short');
      assert.ok(stalled.received() < whole, `${stalled.received()} of ${whole} bytes reached the stalled reader`);
    } finally {
      await server.dispose();
    }
  });

  test('a list that waits STREAM_WAIT_TIMEOUT for a place gets a 503 with Retry-After, in its format', async () => {
    const server = await serverWith({ maxStreams: 1, streamStallTimeout: 60, streamWaitTimeout: 1 });
    try {
      const stalled = await stalledReader(`${server.url}${withKey(listPath, server.key)}`);
      const message = gatewayMessage('SERVICE_UNAVAILABLE', server.url);
      for (const [format, contentType] of [
        ['csv', 'text/csv'],
        ['xml', 'application/xml'],
        ['json', 'application/json'],
      ] as const) {
        const started = performance.now();
        const refused = await readAll(`${server.url}${withKey(`/api/alt-fuel-stations/v1.${format}`, server.key)}`);
        assert.ok(performance.now() - started >= 900, `${format}: it waited its second`);
        assert.equal(refused.status, 503, format);
        assert.equal(refused.headers['retry-after'], '1');
        assert.equal(refused.headers['content-type'], contentType);
        assert.equal(refused.body, gatewayBody(format, 'SERVICE_UNAVAILABLE', message));
        assert.ok(refused.headers['x-ratelimit-limit'], 'past the gateway: the rate-limit headers are there');
      }
      const { streaming } = ((await (await server.get('/health')).json()) as Health).requests;
      assert.deepEqual(streaming, { active: 1, waiting: 0, limit: 1, timedOut: 3 });
      stalled.response.destroy();
    } finally {
      await server.dispose();
    }
  });

  test('one client address holds at most MAX_STREAMS_PER_CLIENT places: its next list waits while another client’s streams', async () => {
    const server = await serverWith({ maxStreams: 3, maxStreamsPerClient: 2, streamStallTimeout: 60, streamWaitTimeout: 60 });
    try {
      const url = `${server.url}${withKey(listPath, server.key)}`;
      const held = [await stalledReader(url, '10.0.0.1'), await stalledReader(url, '10.0.0.1')];
      let thirdBytes = 0;
      const third = new Promise<void>((resolve, reject) => {
        http
          .get(url, { agent: false, headers: { 'X-Forwarded-For': '10.0.0.1' } }, (response) => {
            response.on('data', (chunk: Buffer) => (thirdBytes += chunk.length));
            response.once('end', () => resolve());
          })
          .on('error', reject);
      });
      const other = await readAll(url, '10.0.0.2');
      assert.equal(other.status, 200);
      assert.equal(Buffer.byteLength(other.body), whole, 'another address streamed the whole list');
      assert.equal(thirdBytes, 0, 'the third list of 10.0.0.1 had no byte: its address held its share');
      const { streaming } = ((await (await server.get('/health')).json()) as Health).requests;
      assert.deepEqual([streaming.active, streaming.waiting], [2, 1]);
      held[0].response.destroy();
      await third;
      assert.equal(thirdBytes, whole, 'once one of its own places was free, it streamed');
      held[1].response.destroy();
    } finally {
      await server.dispose();
    }
  });
});
