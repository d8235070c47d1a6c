// A worker thread of the estimator's pool (pv-workers.ts): it keeps the prepared sites it has been
// sent (their arrays in shared memory, not copied) and runs `simulate` on them (monthly and annual
// outputs), so that estimates run on every core while the main thread serves HTTP.
import { parentPort, workerData } from 'node:worker_threads';
import { simulate, type PreparedSite, type PvSystem } from '../pv/index.ts';
import type { SiteMessage, WorkerReply, WorkerRequest } from './pv-workers.ts';

/** The sites sent, least recently used first, capped in bytes as the main thread's cache is. */
const sites = new Map<string, { site: PreparedSite; bytes: number }>();
const maxBytes = (workerData as { maxSiteBytes: number }).maxSiteBytes;
let held = 0;

function keep(key: string, message: SiteMessage): void {
  const previous = sites.get(key);
  if (previous) {
    held -= previous.bytes;
    sites.delete(key);
  }
  sites.set(key, { site: siteFrom(message), bytes: message.bytes });
  held += message.bytes;
  for (const [oldest, entry] of sites) {
    if (held <= maxBytes || oldest === key) break;
    sites.delete(oldest);
    held -= entry.bytes;
  }
}

function siteFrom(message: SiteMessage): PreparedSite {
  const labels = new Map(message.labels);
  return { ...message.site, recordLabel: (record: number) => labels.get(record) ?? `[record ${record}]` };
}

parentPort!.on('message', (request: WorkerRequest) => {
  if (request.kind === 'forget') {
    const entry = sites.get(request.key);
    if (entry) {
      held -= entry.bytes;
      sites.delete(request.key);
    }
    return;
  }
  if (request.site) keep(request.key, request.site);
  const entry = sites.get(request.key);
  if (!entry) {
    parentPort!.postMessage({ id: request.id, missing: true } satisfies WorkerReply);
    return;
  }
  sites.delete(request.key);
  sites.set(request.key, entry);
  const result = simulate(request.system as PvSystem, entry.site);
  parentPort!.postMessage({ id: request.id, result } satisfies WorkerReply);
});
