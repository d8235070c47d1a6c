// /metrics on the API's app when a figure cannot be read: the app's error handler answers, and the
// process is not left with a rejected promise nobody handles (docs/interface.md §2.1).
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import express, { type NextFunction, type Request, type Response } from 'express';
import { Admission } from './admission.ts';
import type { DataHolder } from './data/holder.ts';
import { ServerMetrics } from './metrics.ts';
import { metricsRoute } from './operations.ts';

test('a figure that throws while /metrics is read reaches the error handler as a 500', async () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  const brokenData = (): DataHolder => {
    throw new Error('data set closed under the reader');
  };
  const metrics = new ServerMetrics({
    data: brokenData,
    admission: { answering: new Admission(1), streaming: new Admission(1), streamStallMs: 1000 },
  });
  const handled: string[] = [];
  const app = express();
  app.get('/metrics', metricsRoute(metrics));
  app.use((error: Error, _req: Request, res: Response, _next: NextFunction) => {
    handled.push(error.message);
    res.status(500).json({ error: 'internal' });
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolveListening) => server.once('listening', resolveListening));
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`);
    assert.equal(response.status, 500);
    assert.deepEqual(await response.json(), { error: 'internal' });
    await new Promise((resolveTick) => setImmediate(resolveTick));
    assert.deepEqual(handled, ['data set closed under the reader']);
    assert.deepEqual(unhandled, []);
  } finally {
    process.off('unhandledRejection', onUnhandled);
    await new Promise((resolveClosed) => server.close(resolveClosed));
  }
});
