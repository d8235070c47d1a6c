// Full station lists (no `limit`, the real API's default) stream without taking the process: small
// requests are answered while two full lists stream to fast readers, and a reader that stops
// reading holds no more than a bounded buffer and no CPU. On a 15,000-station sample (a full list of several megabytes).
import assert from 'node:assert/strict';
import http, { type ServerResponse } from 'node:http';
import { rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, test } from 'node:test';
import { Worker } from 'node:worker_threads';
import { startTestServer, withKey, type TestServer } from './support/helpers.ts';
import { sampleDataSet } from './support/sample-data-set.ts';

/**
 * Reads a URL as fast as it can on another thread, as a client in its own process would: a reader
 * on the test's thread could only read while the server lets the event loop go, and would hide a
 * server that never does.
 */
const FAST_READER = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
http.get(workerData, (res) => {
  let bytes = 0;
  let tail = '';
  res.once('data', () => parentPort.postMessage({ started: true }));
  res.on('data', (chunk) => { bytes += chunk.length; tail = (tail + chunk.toString('latin1')).slice(-64); });
  res.on('end', () => parentPort.postMessage({ bytes, tail }));
});`;

interface FastRead {
  /** The first bytes arrived. */
  started: Promise<void>;
  ended: Promise<{ bytes: number; tail: string }>;
}

function readFast(url: string): FastRead {
  const worker = new Worker(FAST_READER, { eval: true, workerData: url });
  let started!: () => void;
  let ended!: (result: { bytes: number; tail: string }) => void;
  const read: FastRead = { started: new Promise((resolve) => (started = resolve)), ended: new Promise((resolve) => (ended = resolve)) };
  worker.on('message', (message: { started?: true; bytes: number; tail: string }) => {
    if (message.started) return started();
    ended(message);
    void worker.terminate();
  });
  return read;
}

const ENDINGS = { xml: '</fuel-stations>\n</response>\n', json: ']}', csv: '\n', geojson: ']}' };

describe('full lists stream without taking the process', () => {
  let server: TestServer;
  let dataDir: string;
  const nearest = () => withKey('/api/alt-fuel-stations/v1/nearest.json?latitude=39.7392&longitude=-104.9903&limit=1', server.key);
  const smallRequest = async (path: string) => {
    const response = await server.get(path);
    assert.equal(response.status, 200, path);
    await response.arrayBuffer();
  };

  before(async () => {
    ({ dataDir } = await sampleDataSet({ seed: 1, stations: 15_000 }));
    server = await startTestServer(dataDir);
  });
  after(async () => {
    await server?.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  for (const format of ['xml', 'json', 'csv', 'geojson'] as const) {
    test(`small requests are answered while two full ${format} lists stream to fast readers`, async () => {
      const url = `${server.url}${withKey(`/api/alt-fuel-stations/v1.${format}`, server.key)}`;
      const lists = [readFast(url), readFast(url)];
      await Promise.all(lists.map((list) => list.started));
      let streaming = true;
      const ended = Promise.all(lists.map((list) => list.ended)).finally(() => (streaming = false));

      let answeredWhileStreaming = 0;
      while (streaming) {
        await smallRequest('/health');
        await smallRequest(nearest());
        if (streaming) answeredWhileStreaming++;
      }
      const [first, second] = await ended;
      // A server that writes a whole list before it reads another request answers none of them.
      assert.ok(answeredWhileStreaming >= 5, `${answeredWhileStreaming} pairs of small requests were answered while the lists streamed`);
      assert.equal(first.bytes, second.bytes);
      assert.ok(first.tail.endsWith(ENDINGS[format]), `the list ends with ${JSON.stringify(first.tail)}`);
    });
  }

  test('a reader that stops reading: the server stops producing at a bounded buffer, serves others, and finishes the list when it reads again', async () => {
    const path = withKey('/api/alt-fuel-stations/v1.xml', server.key);
    const whole = Buffer.byteLength(await (await server.get(path)).text());
    let response: ServerResponse | undefined;
    const watch = (req: http.IncomingMessage, res: ServerResponse) => {
      if (req.url === path) response = res;
    };
    server.server.on('request', watch);
    /** Bytes the server rendered and gave its socket: sent, or waiting in the socket's buffer. */
    const produced = () => response?.socket?.bytesWritten ?? 0;

    let received = 0;
    const reader = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http
        .get(`${server.url}${path}`, (res) => {
          res.on('data', (chunk: Buffer) => (received += chunk.length));
          res.once('data', () => {
            res.pause();
            resolve(res);
          });
        })
        .on('error', reject);
    });
    try {
      let stalled = -1;
      while (produced() !== stalled) {
        stalled = produced();
        await sleep(200);
      }
      assert.ok(stalled < whole / 4, `${stalled} of ${whole} bytes produced for a reader that stopped reading`);

      for (let i = 0; i < 5; i++) {
        await smallRequest('/health');
        await smallRequest(nearest());
      }
      await sleep(300);
      assert.equal(produced(), stalled, 'nothing more was produced while the reader did not read');

      const finished = new Promise((resolve) => reader.once('end', resolve));
      reader.resume();
      await finished;
      assert.equal(received, whole);
    } finally {
      server.server.off('request', watch);
      reader.destroy();
    }
  });

  test('a reader that goes away in the middle of a list: its request ends and lets go of the data set', async () => {
    const reader = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http
        .get(`${server.url}${withKey('/api/alt-fuel-stations/v1.json', server.key)}`, (res) => {
          res.once('data', () => {
            res.pause();
            resolve(res);
          });
        })
        .on('error', reject);
    });
    assert.equal(server.data.inUse, 1, 'the list holds the data set while it streams');
    reader.destroy();
    for (let waited = 0; server.data.inUse > 0 && waited < 10_000; waited += 20) await sleep(20);
    assert.equal(server.data.inUse, 0, 'the list still holds the data set 10 s after its reader left');
  });
});
