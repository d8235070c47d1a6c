// The data set being served, replaceable while the server runs: each request holds the data set it
// started with until it ends, and a replaced data set is closed once its last request has ended.
// `watchDataDir` replaces it when the pipeline writes a new manifest.json.
import { stat } from 'node:fs/promises';
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
  /** Checks the manifest now (the timer does it every `pollMs`); resolves when any reload is done. */
  check(): Promise<void>;
  close(): void;
}

/**
 * Watches DIR/manifest.json (the pipeline replaces it by rename: its inode, size or mtime change)
 * and swaps in the new data set once it is open. Requests in flight finish on the old one. A data
 * set that fails to open is logged and the old one kept; it is tried again when the manifest changes.
 */
export function watchDataDir(
  holder: DataHolder,
  dir: string,
  options: { pollMs?: number; log?: Logger; open?: (dir: string) => Promise<DataSet> } = {},
): DataWatcher {
  const open = options.open ?? DataSet.open;
  const signatureOf = async () => {
    try {
      const info = await stat(DataSet.manifestPath(dir));
      return `${info.ino}:${info.size}:${info.mtimeMs}`;
    } catch {
      return 'absent';
    }
  };
  let known: Promise<string> = signatureOf();
  let running: Promise<void> | undefined;
  let closed = false;

  const check = (): Promise<void> => {
    running ??= (async () => {
      const previous = await known;
      const signature = await signatureOf();
      if (signature === previous || signature === 'absent' || closed) return;
      known = Promise.resolve(signature);
      const started = Date.now();
      try {
        const next = await open(dir);
        if (closed) return next.close();
        holder.replace(next);
        options.log?.info({ dir, sample: next.manifest.sample, ms: Date.now() - started }, 'data set reloaded');
      } catch (error) {
        options.log?.error(
          { dir, err: error instanceof Error ? error.message : String(error) },
          'the new data set could not be opened; still serving the previous one',
        );
      }
    })().finally(() => (running = undefined));
    return running;
  };

  const timer = setInterval(() => void check(), options.pollMs ?? 1000);
  timer.unref();
  return {
    check,
    close() {
      closed = true;
      clearInterval(timer);
    },
  };
}
