// The data set being served, replaceable while the server runs: each request holds the data set it
// started with until it ends, and a replaced data set is closed once its last request has ended.
// `watchDataDir` replaces it when the pipeline writes a new manifest.json.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Logger } from 'pino';
import { DataSet } from './dataset.ts';

export interface Closable {
  close(): void;
}

export class DataHolder<D extends Closable = DataSet> {
  private users = new Map<D, number>();
  private closed = new Set<D>();

  constructor(private current: D) {}

  get dataSet(): D {
    return this.current;
  }

  /** Requests holding a data set, over all generations. */
  get inUse(): number {
    let total = 0;
    for (const count of this.users.values()) total += count;
    return total;
  }

  /** The current data set, held until `release`. */
  acquire(): D {
    const dataSet = this.current;
    this.users.set(dataSet, (this.users.get(dataSet) ?? 0) + 1);
    return dataSet;
  }

  /** Holds once more a data set the caller holds already (work that outlives its request: an archive job), until `release`. */
  hold(dataSet: D): void {
    this.users.set(dataSet, (this.users.get(dataSet) ?? 0) + 1);
  }

  release(dataSet: D): void {
    const remaining = (this.users.get(dataSet) ?? 1) - 1;
    if (remaining > 0) return void this.users.set(dataSet, remaining);
    this.users.delete(dataSet);
    if (dataSet !== this.current) this.closeOnce(dataSet);
  }

  /** Serves `next` from now on; the previous data set closes when no request holds it. */
  replace(next: D): void {
    const previous = this.current;
    if (next === previous) return;
    this.current = next;
    if (!this.users.has(previous)) this.closeOnce(previous);
  }

  close(): void {
    this.closeOnce(this.current);
  }

  private closeOnce(dataSet: D): void {
    if (this.closed.has(dataSet)) return;
    this.closed.add(dataSet);
    dataSet.close();
  }
}

export interface DataWatcher {
  /** Checks the manifest now (the timer does it every `pollMs`; asked for during a check, after it); resolves when any reload is done. */
  check(): Promise<void>;
  close(): void;
}

/** The longest wait before a data set that failed to open is tried again, ms. */
const MAX_RETRY_MS = 60_000;

/**
 * Watches DIR/manifest.json and swaps in the data set it describes once that is open, whenever its
 * bytes are not those of the manifest being served (their sha256, the data set's identity: a
 * manifest replaced while the server was starting is not missed). Requests in flight finish on the
 * old one. A data set that fails to open is logged and the old one kept; the same manifest is tried
 * again after a poll, then after twice as long each time up to a minute (a failure may pass: too
 * many open files, memory), and a new manifest at once.
 */
export function watchDataDir(
  holder: DataHolder,
  dir: string,
  options: { pollMs?: number; log?: Logger; open?: (dir: string) => Promise<DataSet> } = {},
): DataWatcher {
  const open = options.open ?? DataSet.open;
  const pollMs = options.pollMs ?? 1000;
  const manifestSha256 = async () => {
    try {
      return createHash('sha256')
        .update(await readFile(DataSet.manifestPath(dir)))
        .digest('hex');
    } catch {
      return 'absent';
    }
  };
  /** The manifest that last failed to open: how many times, and when it is tried again. */
  let failed: { sha256: string; attempts: number; retryAt: number } | undefined;
  let running: Promise<void> | undefined;
  /** A check asked for while one runs: it runs next (that one may have read the manifest before it changed). */
  let next: Promise<void> | undefined;
  let closed = false;

  const check = (): Promise<void> => {
    if (running) {
      next ??= running.then(() => {
        next = undefined;
        return check();
      });
      return next;
    }
    running = (async () => {
      const sha256 = await manifestSha256();
      if (sha256 === holder.dataSet.identity.manifest_sha256 || sha256 === 'absent' || closed) return;
      if (failed?.sha256 === sha256 && Date.now() < failed.retryAt) return;
      const started = Date.now();
      try {
        const opened = await open(dir);
        if (closed) return opened.close();
        failed = undefined;
        holder.replace(opened);
        options.log?.info({ dir, sample: opened.manifest.sample, ms: Date.now() - started }, 'data set reloaded');
      } catch (error) {
        const attempts = failed?.sha256 === sha256 ? failed.attempts + 1 : 1;
        const retryMs = Math.min(MAX_RETRY_MS, pollMs * 2 ** (attempts - 1));
        failed = { sha256, attempts, retryAt: Date.now() + retryMs };
        options.log?.error(
          { dir, err: error instanceof Error ? error.message : String(error), attempts, retry_in_ms: retryMs },
          'the new data set could not be opened; still serving the previous one',
        );
      }
    })().finally(() => (running = undefined));
    return running;
  };

  const timer = setInterval(() => void check(), pollMs);
  timer.unref();
  return {
    check,
    close() {
      closed = true;
      clearInterval(timer);
    },
  };
}
