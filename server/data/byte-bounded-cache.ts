// A least-recently-used cache capped by the bytes its values hold (lru-cache's maxSize), for the
// stores' large per-station values: hourly weather (climate.ts), prepared sites (pv-sites.ts) and the
// sites a worker thread keeps (pv-worker.ts). `load` reads a missing value once however many
// requests wait for it, and counts what /health reports. A value unused for `idleMs` (CACHE_TTL) is
// let go (lru-cache's ttl, renewed by every use), so that a burst over many stations does not keep
// its memory once it is over.
import { LRUCache } from 'lru-cache';

/** What /health reports of a cache (`climate_cache`, `pv_site_cache`). */
export interface CacheStats {
  /** The cap. */
  max_bytes: number;
  /** Bytes the values held now take. */
  bytes: number;
  /** Values held now (one per station). */
  stations: number;
  /** Loads answered from the cache. */
  hits: number;
  /** Loads that read their value (a load that waits for one already reading is neither). */
  misses: number;
}

/** How a cache lets go of values unused for a while (ByteBoundedCacheOptions). */
export type CacheExpiry = Pick<ByteBoundedCacheOptions<object>, 'idleMs' | 'onExpire'>;

export interface ByteBoundedCacheOptions<V> {
  /** The bytes a value holds: a positive whole number. */
  bytes(value: V): number;
  /** Called with each value let go: pushed out by the cap, unused for `idleMs`, or held when the cache closed. */
  onEvict?(value: V, key: string): void;
  /** A value unused this long is let go (ms); by default values stay until the cap pushes them out. */
  idleMs?: number;
  /** Called once values have been let go for being unused: their memory is garbage now. */
  onExpire?(): void;
}

export class ByteBoundedCache<V extends object> {
  /** Undefined when the cap is under one byte (lru-cache needs a positive size): nothing is kept. */
  private readonly entries: LRUCache<string, V> | undefined;
  private readonly loading = new Map<string, Promise<V>>();
  private readonly onEvict: ((value: V, key: string) => void) | undefined;
  private closed = false;
  private hits = 0;
  private misses = 0;

  constructor(
    readonly maxBytes: number,
    options: ByteBoundedCacheOptions<V>,
  ) {
    const maxSize = Math.floor(maxBytes);
    const { onEvict, onExpire, idleMs } = options;
    this.onEvict = onEvict;
    this.entries =
      maxSize < 1
        ? undefined
        : new LRUCache<string, V>({
            maxSize,
            sizeCalculation: (value) => options.bytes(value),
            ...(idleMs === undefined ? {} : { ttl: Math.max(1, Math.round(idleMs)), updateAgeOnGet: true, ttlAutopurge: true }),
            dispose: (value, key, reason) => {
              if (reason === 'evict' || reason === 'expire') onEvict?.(value, key);
              if (reason === 'expire') onExpire?.();
            },
          });
  }

  /** The value of `key` (now the most recently used), or undefined. */
  get(key: string): V | undefined {
    return this.entries?.get(key);
  }

  /** Keeps a value, pushing out the least recently used beyond the cap; a value larger than the cap is not kept, nor any once closed. */
  set(key: string, value: V): void {
    if (!this.closed) this.entries?.set(key, value);
  }

  /** Lets go of the value of `key`, if held (not an eviction: `onEvict` is not called). */
  delete(key: string): void {
    this.entries?.delete(key);
  }

  /** The value of `key`: from the cache (a hit), or read once by `read` and kept (a miss). */
  load(key: string, read: () => Promise<V>): Promise<V> {
    const cached = this.get(key);
    if (cached) {
      this.hits++;
      return Promise.resolve(cached);
    }
    let pending = this.loading.get(key);
    if (!pending) {
      this.misses++;
      pending = read()
        .then((value) => {
          this.set(key, value);
          return value;
        })
        .finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    return pending;
  }

  /**
   * Lets go of every value, each as an eviction (`onEvict`), and keeps none from now on: its owner
   * (a data set) is closing. The idle timers of the values stop with them; left running, each would
   * keep its value, and what that refers to, alive until it fired.
   */
  close(): void {
    this.closed = true;
    if (!this.entries) return;
    const held = [...this.entries.entries()];
    this.entries.clear();
    for (const [key, value] of held) this.onEvict?.(value, key);
  }

  stats(): CacheStats {
    return { max_bytes: this.maxBytes, bytes: this.entries?.calculatedSize ?? 0, stations: this.entries?.size ?? 0, hits: this.hits, misses: this.misses };
  }
}
