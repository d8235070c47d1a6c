// A worker thread of the estimator's pool (pv-workers.ts): it keeps the prepared sites it has been
// sent (their arrays in shared memory, not copied) and runs the model a request names on them
// (monthly and annual outputs), so that estimates run on every core while the main thread serves HTTP;
// or blocks of an estimate's records, into the estimate's arrays in shared memory (a split run).
import { parentPort, workerData } from 'node:worker_threads';
import { IdleCollector } from '../heap.ts';
import { ByteBoundedCache } from './byte-bounded-cache.ts';
import { pvModels } from './pv-models.ts';
import type { WorkerReply, WorkerRequest } from './pv-workers.ts';

/** The sites sent, capped in bytes as the main thread's cache is. */
const sites = new ByteBoundedCache<{ site: object; bytes: number }>((workerData as { maxSiteBytes: number }).maxSiteBytes, {
  bytes: (entry) => entry.bytes,
});

/**
 * A site let go is shared memory that this thread's heap still points to until it collects, which an
 * idle thread never does by itself: a thread that has had nothing to do for a second collects.
 */
const idle = new IdleCollector(1000);

parentPort!.on('message', (request: WorkerRequest) => {
  if (request.kind === 'forget') {
    sites.delete(request.key);
    idle.garbageLeft();
    return;
  }
  const model = pvModels[request.model];
  let site: object | undefined;
  if (request.site) {
    const sent: object = model.fromMessage(request.site.site);
    // not kept when larger than the cap, but this estimate runs on it all the same
    sites.set(request.key, { site: sent, bytes: request.site.bytes });
    site = sent;
  } else {
    site = sites.get(request.key)?.site;
  }
  if (!site) {
    parentPort!.postMessage({ id: request.id, missing: true } satisfies WorkerReply);
    return;
  }
  idle.requestStarted();
  const result: unknown = request.kind === 'run' ? model.run(request.system, site) : model.recordsPower!(request.system, site, request.claims);
  idle.requestEnded();
  parentPort!.postMessage({ id: request.id, result } satisfies WorkerReply);
});
