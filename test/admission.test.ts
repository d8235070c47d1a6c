// Admission over HTTP (server/admission.ts): with one place to stream, a second full list waits
// before its first byte while the first streams to a reader that has stopped reading, and small
// requests are answered meanwhile (a stream holds no answering place); the waiting list streams,
// whole, once the first is done. Many requests at once beyond MAX_ACTIVE_REQUESTS all get their
// answers, as they would one at a time.
import assert from 'node:assert/strict';
import http from 'node:http';
import { rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, test } from 'node:test';
import { buildQuietly, startTestServer, temporaryDir, withKey, type TestServer } from './support/helpers.ts';

interface Health {
  requests: { answering: { active: number; waiting: number; limit: number }; streaming: { active: number; waiting: number; limit: number } };
}

describe('admission', () => {
  let server: TestServer;
  let dataDir: string;
  const health = async () => (await (await server.get('/health')).json()) as Health;

  before(async () => {
    dataDir = temporaryDir('admission');
    await buildQuietly({ outDir: dataDir, sample: { seed: 5, stations: 20_000 } });
    server = await startTestServer(dataDir, { settings: { maxActiveRequests: 2, maxStreams: 1 } });
  });
  after(async () => {
    await server?.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

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
      assert.deepEqual((await health()).requests.streaming, { active: 1, waiting: 1, limit: 1 });
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
      assert.deepEqual((await health()).requests.streaming, { active: 0, waiting: 0, limit: 1 });
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
