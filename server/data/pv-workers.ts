// The estimator's worker threads: a simulation takes milliseconds of CPU and would hold the event
// loop that long, so monthly estimates run in a small pool of worker threads (pv-worker.ts; PV_WORKERS,
// one per core by default) while the main thread parses, renders and serves. A prepared site's arrays live in
// shared memory (`shareSite`): a worker is sent a site once, without copying it, and keeps it in a
// least-recently-used map as large (in bytes) as the main thread's cache; the main thread tells the
// workers when its cache lets a site go. Both models run there (pv-models.ts): a request names its own.
import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { typeScriptWorker } from '../../model/typescript-worker.ts';
import type { PvModel, PvModelName } from './pv-models.ts';

/** A prepared site as a worker receives it (the model's message form) and its size. */
export interface SiteMessage {
  site: object;
  bytes: number;
}

export type WorkerRequest =
  | { kind: 'run'; id: number; key: string; model: PvModelName; site?: SiteMessage; system: unknown }
  | { kind: 'records'; id: number; key: string; model: PvModelName; site?: SiteMessage; system: unknown; claims: object }
  | { kind: 'forget'; key: string };

export interface WorkerReply {
  id: number;
  result?: unknown;
  missing?: true;
}

/** The default number of workers (PV_WORKERS=auto): one per core, at most 4. */
export const DEFAULT_WORKERS = Math.min(4, availableParallelism());

type SharableArray = Float64Array | Float32Array | Int32Array | Uint8Array;

function sharedArray<T extends SharableArray>(array: T): T {
  if (array.buffer instanceof SharedArrayBuffer) return array;
  const Constructor = array.constructor as new (buffer: SharedArrayBuffer) => T;
  const copy = new Constructor(new SharedArrayBuffer(array.byteLength));
  copy.set(array as never);
  return copy;
}

/** The same site with every typed array of it in shared memory (the main thread keeps using this one). */
export function shareSite<Site extends object>(site: Site): Site {
  const copy: Record<string, unknown> = { ...(site as Record<string, unknown>) };
  for (const [name, value] of Object.entries(copy)) if (ArrayBuffer.isView(value)) copy[name] = sharedArray(value as SharableArray);
  return copy as Site;
}

interface Slot {
  worker: Worker;
  pending: Map<number, { resolve(result: unknown): void; reject(error: Error): void; retry(): void }>;
  /** Sites this worker holds, by key. */
  sites: Set<string>;
}

export class PvWorkerPool {
  private readonly slots: Slot[] = [];
  private nextId = 0;

  constructor(
    readonly size: number,
    private readonly maxSiteBytes: number,
  ) {
    for (let i = 0; i < size; i++) this.slots.push(this.spawn());
  }

  private spawn(): Slot {
    const worker = typeScriptWorker(new URL('./pv-worker.ts', import.meta.url), { workerData: { maxSiteBytes: this.maxSiteBytes } });
    const slot: Slot = { worker, pending: new Map(), sites: new Set() };
    worker.on('message', (reply: WorkerReply) => {
      const job = slot.pending.get(reply.id);
      if (!job) return;
      slot.pending.delete(reply.id);
      if (slot.pending.size === 0) worker.unref();
      if (reply.missing) job.retry();
      else job.resolve(reply.result);
    });
    worker.on('error', (error) => this.replace(slot, error));
    worker.on('exit', (code) => this.replace(slot, new Error(`estimator worker exited with code ${code}`)));
    // after the listeners (a 'message' listener refs the worker): idle workers keep no process alive
    worker.unref();
    return slot;
  }

  private replace(slot: Slot, error: Error): void {
    const index = this.slots.indexOf(slot);
    if (index < 0) return;
    this.slots[index] = this.spawn();
    for (const job of slot.pending.values()) job.reject(error);
    slot.pending.clear();
  }

  /** Runs a model's monthly estimate in the least busy worker. */
  run<Site extends object, System, Result>(model: PvModel<Site, System, Result>, key: string, site: Site, siteBytes: number, system: System): Promise<Result> {
    return this.send(model, key, site, siteBytes, (id, withSite) => ({ kind: 'run', id, key, model: model.name, system, ...withSite }));
  }

  /** Runs blocks of a split run's records (PvModel.recordsPower) in the least busy worker while `claims`, in shared memory, has some. */
  records<Site extends object, System, Result>(
    model: PvModel<Site, System, Result>,
    key: string,
    site: Site,
    siteBytes: number,
    system: System,
    claims: object,
  ): Promise<string | null> {
    return this.send(model, key, site, siteBytes, (id, withSite) => ({ kind: 'records', id, key, model: model.name, system, claims, ...withSite }));
  }

  /** Sends the least busy worker the request `make` makes, with the site unless the worker has it. */
  private send<Site extends object, Reply>(
    model: PvModel<Site, unknown, unknown>,
    key: string,
    site: Site,
    siteBytes: number,
    make: (id: number, withSite: { site?: SiteMessage }) => WorkerRequest,
  ): Promise<Reply> {
    return new Promise<Reply>((resolve, reject) => {
      const send = (withSite: boolean) => {
        let slot = this.slots[0]!;
        for (const candidate of this.slots) if (candidate.pending.size < slot.pending.size) slot = candidate;
        const id = this.nextId++;
        const attach = withSite || !slot.sites.has(key);
        slot.sites.add(key);
        // a worker with work to do keeps the process alive; an idle one does not
        if (slot.pending.size === 0) slot.worker.ref();
        slot.pending.set(id, { resolve: resolve as (result: unknown) => void, reject, retry: () => send(true) });
        slot.worker.postMessage(make(id, attach ? { site: { site: model.toMessage(site), bytes: siteBytes } } : {}));
      };
      send(false);
    });
  }

  /** The main thread's cache let a site go: so do the workers. */
  forget(key: string): void {
    for (const slot of this.slots) {
      if (!slot.sites.delete(key)) continue;
      slot.worker.postMessage({ kind: 'forget', key } satisfies WorkerRequest);
    }
  }

  async close(): Promise<void> {
    const slots = this.slots.splice(0);
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }
}

/**
 * Where estimates run, and the pool's admission: on the calling thread when an estimate is alone
 * (quicker by a worker's ~0.5 ms round trip), in the pool's worker threads when others are in flight
 * (the main thread goes on serving meanwhile). Other requests that arrived together get one turn of
 * the event loop to say so. The pool starts with the first monthly estimate that has company (its
 * threads hold about 55 MB, docs/pv-model.md §18); once it runs, an estimate alone whose records may
 * be split (PvModel.splitRun) has a worker compute blocks of them while the calling thread does.
 * Hourly estimates run on the calling thread (most of their time is writing their answer), and
 * split so when no monthly estimate is in flight.
 */
export class EstimateRunner {
  /** Monthly estimates between their start and their result. */
  private inFlight = 0;
  private pool: PvWorkerPool | undefined;

  constructor(
    /** Worker threads (PV_WORKERS); 0 runs every estimate on the calling thread. */
    readonly workers: number,
    private readonly maxSiteBytes: number,
  ) {}

  async monthly<Site extends object, System, Result>(
    model: PvModel<Site, System, Result>,
    key: string,
    site: Site,
    siteBytes: number,
    system: System,
  ): Promise<Result> {
    if (this.workers === 0) return model.run(system, site);
    this.inFlight++;
    try {
      await new Promise((resolve) => setImmediate(resolve));
      if (this.inFlight === 1) return await this.alone(model, key, site, siteBytes, system, false, () => model.run(system, site));
      this.pool ??= new PvWorkerPool(this.workers, this.maxSiteBytes);
      return await this.pool.run(model, key, site, siteBytes, system);
    } finally {
      this.inFlight--;
    }
  }

  /** An estimate with its hourly outputs (`run` on this thread), its records split with a worker when nothing else is in flight. */
  hourly<Site extends object, System, Result>(
    model: PvModel<Site, System, Result>,
    key: string,
    site: Site,
    siteBytes: number,
    system: System,
    run: () => Result,
  ): Promise<Result> {
    return this.inFlight === 0 ? this.alone(model, key, site, siteBytes, system, true, run) : Promise.resolve(run());
  }

  /** An estimate alone: split with a worker where the pool runs and the model and system allow it, else `serial`. */
  private alone<Site extends object, System, Result>(
    model: PvModel<Site, System, Result>,
    key: string,
    site: Site,
    siteBytes: number,
    system: System,
    hourly: boolean,
    serial: () => Result,
  ): Promise<Result> {
    const pool = this.pool;
    const split =
      pool === undefined ? undefined : model.splitRun?.(system, site, hourly, (claims) => pool.records(model, key, site, siteBytes, system, claims));
    return split ?? Promise.resolve(serial());
  }

  /** A site let go by the main thread's cache: the workers let it go too. */
  forget(key: string): void {
    this.pool?.forget(key);
  }

  /** Monthly estimates started and not yet answered, here or in the workers. */
  get estimatesInFlight(): number {
    return this.inFlight;
  }

  /** Whether its worker threads have been made (by a first estimate that had company). */
  get threadsStarted(): boolean {
    return this.pool !== undefined;
  }

  async close(): Promise<void> {
    await this.pool?.close();
  }
}

let shared: EstimateRunner | undefined;

/**
 * An estimate runner: with `workers` threads (PV_WORKERS), the process's one, whose threads are made
 * on first need and shared by every data set the process opens; with none, one that runs here.
 */
export function estimateRunner(workers: number, maxSiteBytes: number): EstimateRunner {
  if (workers === 0) return new EstimateRunner(0, maxSiteBytes);
  shared ??= new EstimateRunner(workers, maxSiteBytes);
  return shared;
}
