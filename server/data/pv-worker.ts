// A worker thread of the estimator's pool (pv-workers.ts): it keeps the prepared sites it has been
// sent (their arrays in shared memory, not copied) and runs `simulate` on them (monthly and annual
// outputs), so that estimates run on every core while the main thread serves HTTP.
import { parentPort, workerData } from 'node:worker_threads';
import { simulate, type PreparedSite, type PvSystem } from '../pv/index.ts';
import { ByteBoundedCache } from './byte-bounded-cache.ts';
import type { SiteMessage, WorkerReply, WorkerRequest } from './pv-workers.ts';

/** The sites sent, capped in bytes as the main thread's cache is. */
const sites = new ByteBoundedCache<{ site: PreparedSite; bytes: number }>((workerData as { maxSiteBytes: number }).maxSiteBytes, {
  bytes: (entry) => entry.bytes,
});

function siteFrom(message: SiteMessage): PreparedSite {
  const labels = new Map(message.labels);
  return { ...message.site, recordLabel: (record: number) => labels.get(record) ?? `[record ${record}]` };
}

parentPort!.on('message', (request: WorkerRequest) => {
  if (request.kind === 'forget') {
    sites.delete(request.key);
    return;
  }
  let site: PreparedSite | undefined;
  if (request.site) {
    site = siteFrom(request.site);
    // not kept when larger than the cap, but this estimate runs on it all the same
    sites.set(request.key, { site, bytes: request.site.bytes });
  } else {
    site = sites.get(request.key)?.site;
  }
  if (!site) {
    parentPort!.postMessage({ id: request.id, missing: true } satisfies WorkerReply);
    return;
  }
  const result = simulate(request.system as PvSystem, site);
  parentPort!.postMessage({ id: request.id, result } satisfies WorkerReply);
});
