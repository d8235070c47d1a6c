// The server's JavaScript heap. It holds a data set's records for as long as it serves them (14 MB
// for 60,000 stations, docs/storage.md "Station records"), and V8 sizes its collections by what is
// live, so two things keep the resident memory near what the records need:
// - how far past the live heap V8 lets it grow before a full collection (HEAP_GROWTH_PERCENT);
// - a full collection once a data set is open: loading one leaves as much garbage as the records
//   themselves (DuckDB's result chunks, the rows they were read from), which V8 would otherwise
//   keep, with the pages it fills, until the heap next grows by that percentage. The collection
//   holds the event loop 0.3-0.6 s (60,000 stations, a loaded 2-core machine), once per data set,
//   whose records already took it several seconds to build.
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** V8's old generation grows to `percent` past what is live before it is collected whole. */
export function limitHeapGrowth(percent: number): void {
  setFlagsFromString(`--heap-growing-percent=${percent}`);
}

let fullCollection: (() => void) | undefined;

/**
 * Collects the whole heap now, compacting it and returning the freed pages. Node offers `gc` only
 * to a process started with --expose-gc; the flag, set now, puts it in contexts made from now on.
 */
export function collectGarbage(): void {
  if (!fullCollection) {
    setFlagsFromString('--expose-gc');
    fullCollection = runInNewContext('gc') as () => void;
  }
  fullCollection();
}

/**
 * A full collection once the process has been idle for `idleMs` after it left garbage: requests that
 * grew the heap by `minGrowthBytes` since the last collection, or cached values let go for being
 * unused (`garbageLeft`). V8 collects when it allocates, so an idle heap keeps the garbage of a burst,
 * and what a quiet spell lets go of, resident. The heap's growth is that of the memory V8 holds for
 * it (its total size), not of what is live: a burst grows it, and V8's own collections during the
 * burst leave little live but keep the space (after 200 clients' lists, 102 MB held for 60 live; a
 * full collection gives 38 MB back). It never collects while a request is in flight, and a server
 * answering now and then does not pause for a collection after each answer.
 *
 * A forced collection also frees the shapes (V8's maps) of every object made and let go since the
 * last, and V8 then drops the optimised code built for them: the next requests would run slowly
 * until V8 optimises it again. So after each collection `afterCollection` runs (the server answers
 * its examples again, docs/decisions.md §1.7), and what that leaves is the new baseline. Memory
 * outside V8's heap has its own keepers: `afterIdle` runs at every idle spell, collection or not
 * (the server has DuckDB give back what its allocators keep, docs/storage.md "Memory after a burst").
 */
export class IdleCollector {
  private inFlight = 0;
  private released = false;
  private timer: NodeJS.Timeout | undefined;
  private heapAfterCollection: number;
  private readonly collect: () => void;
  private readonly heapSize: () => number;
  private readonly minGrowthBytes: number;
  private idleWorkRunning = false;
  /** Full collections made so far. */
  collections = 0;
  /** What runs after each collection, before the heap is taken as the new baseline. */
  afterCollection: (() => Promise<void>) | undefined;
  /** What runs each time the process has been idle for `idleMs` after requests, after the collection if one was made. */
  afterIdle: (() => Promise<void>) | undefined;

  constructor(
    private readonly idleMs: number,
    options: { collect?: () => void; heapSize?: () => number; minGrowthBytes?: number } = {},
  ) {
    this.collect = options.collect ?? collectGarbage;
    this.heapSize = options.heapSize ?? (() => getHeapStatistics().total_heap_size);
    this.minGrowthBytes = options.minGrowthBytes ?? 16 * 1024 * 1024;
    this.heapAfterCollection = this.heapSize();
  }

  requestStarted(): void {
    this.inFlight++;
    clearTimeout(this.timer);
  }

  requestEnded(): void {
    this.inFlight--;
    this.arm();
  }

  /** Values were let go (cache entries unused for their time): collect once idle, whatever the heap's growth. */
  garbageLeft(): void {
    this.released = true;
    this.arm();
  }

  private arm(): void {
    if (this.inFlight > 0) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.whenIdle(), this.idleMs).unref();
  }

  /** The heap as it is now is what later growth is measured from (after a data set was opened, collected and warmed). */
  settle(): void {
    this.heapAfterCollection = this.heapSize();
  }

  private async whenIdle(): Promise<void> {
    if (this.inFlight > 0 || this.idleWorkRunning) return;
    this.idleWorkRunning = true;
    try {
      if (this.released || this.heapSize() - this.heapAfterCollection >= this.minGrowthBytes) {
        this.released = false;
        this.collections++;
        try {
          this.collect();
          await this.afterCollection?.();
        } finally {
          this.settle();
        }
      }
      await this.afterIdle?.();
    } finally {
      this.idleWorkRunning = false;
    }
  }

  close(): void {
    clearTimeout(this.timer);
  }
}
