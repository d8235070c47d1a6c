import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Admission } from './admission.ts';
import type { DataHolder } from './data/holder.ts';
import { collectGarbage } from './heap.ts';
import { ServerMetrics } from './metrics.ts';

/** What a server's metrics read: its data set's holder, and idle admission queues. */
const sources = (data: () => DataHolder | undefined) => ({
  data,
  admission: { answering: new Admission(1), streaming: new Admission(1), streamStallMs: 1000 },
});

test("a server's figures let go of its data set once nothing else refers to them", async () => {
  const makeMetrics = () => {
    const holder = {} as DataHolder;
    const metrics = new ServerMetrics(sources(() => holder));
    return { metrics: new WeakRef(metrics), holder: new WeakRef(holder) };
  };
  // A second server in the process: the process's own figures are collected once, for both.
  const refs = [makeMetrics(), makeMetrics()];
  await new Promise((resolve) => setImmediate(resolve));
  collectGarbage();
  for (const [index, { metrics, holder }] of refs.entries()) {
    assert.equal(metrics.deref(), undefined, `server ${index}: its metrics`);
    assert.equal(holder.deref(), undefined, `server ${index}: its data set`);
  }
});

test("the exposition holds the process's figures and the server's own, once each", async () => {
  const metrics = new ServerMetrics(sources(() => undefined));
  // another server in the same process: its own figures are not in this one's exposition
  new ServerMetrics(sources(() => undefined));
  const { body } = await metrics.exposition();
  const types = body.split('\n').filter((line) => line.startsWith('# TYPE '));
  assert.equal(new Set(types).size, types.length, 'no metric twice');
  assert.ok(types.some((line) => line.startsWith('# TYPE nrel_compat_process_cpu_seconds_total ')));
  assert.ok(types.some((line) => line.startsWith('# TYPE nrel_compat_nodejs_gc_duration_seconds ')));
  assert.ok(types.some((line) => line.startsWith('# TYPE nrel_compat_http_requests_total ')));
});
