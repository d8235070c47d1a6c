// What /metrics costs (docs/interface.md §2.1): the counting middleware alone, called as Express
// calls it, per request (its start, and the count and latency observed when the response closes),
// over as many route, method and status series as a busy server holds; and a scrape of that
// registry. Both beside their goals: a request of the API takes about half a millisecond, of which
// the counting should be a few percent; a scrape every few seconds should not hold the event loop.
import { EventEmitter } from 'node:events';
import type { Request, Response } from 'express';
import { Admission } from '../server/admission.ts';
import { ServerMetrics } from '../server/metrics.ts';
import { atMost, percentile } from './lib/figures.ts';

/** Per-request cost goal (µs): 2% of a 0.5 ms request. */
const PER_REQUEST_GOAL_US = 10;
/** A scrape's goal (ms). */
const SCRAPE_GOAL_MS = 20;
const ROUTES = 40;
const STATUSES = ['200', '304', '400', '403', '404', '422', '429', '503'];
const REQUESTS = 200_000;
const SCRAPES = 200;

const metrics = new ServerMetrics({
  data: () => undefined,
  admission: { answering: new Admission(8), streaming: new Admission(4), streamStallMs: 30_000 },
});
const middleware = metrics.middleware();

function countOne(i: number): number {
  const res = Object.assign(new EventEmitter(), { statusCode: Number(STATUSES[i % STATUSES.length]), locals: {} });
  const req = { method: i % 10 === 0 ? 'POST' : 'GET', route: { path: `/api/route-${i % ROUTES}/v1{.:ext}` } };
  const started = process.hrtime.bigint();
  middleware(req as unknown as Request, res as unknown as Response, () => {});
  res.emit('close');
  return Number(process.hrtime.bigint() - started) / 1e3;
}

for (let i = 0; i < 20_000; i++) countOne(i);
const times: number[] = [];
for (let i = 0; i < REQUESTS; i++) times.push(countOne(i));
times.sort((a, b) => a - b);
const p50 = percentile(times, 50);
console.log(`counting middleware, ${REQUESTS} requests over ${ROUTES} routes × 2 methods × ${STATUSES.length} statuses`);
console.log(
  `  per request p50 ${p50.toFixed(2)} µs, p90 ${percentile(times, 90).toFixed(2)} µs, p99 ${percentile(times, 99).toFixed(2)} µs   ${atMost(p50, PER_REQUEST_GOAL_US, 'µs')}`,
);

const scrapes: number[] = [];
let bytes = 0;
for (let i = 0; i < SCRAPES; i++) {
  const started = performance.now();
  bytes = (await metrics.exposition()).body.length;
  scrapes.push(performance.now() - started);
}
scrapes.sort((a, b) => a - b);
const scrapeP50 = percentile(scrapes, 50);
console.log(`scrape of that registry (${(bytes / 1024).toFixed(0)} KiB of text, the process's own figures included)`);
console.log(`  p50 ${scrapeP50.toFixed(2)} ms, p99 ${percentile(scrapes, 99).toFixed(2)} ms   ${atMost(scrapeP50, SCRAPE_GOAL_MS, 'ms')}`);
