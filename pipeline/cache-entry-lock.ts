// The lock of a cache entry that several processes may want to make at once (the climate sample's
// cache, the test suite's sample data sets): the first makes the lock's folder and makes the entry;
// the others wait until the entry is ready. A folder is made or not atomically on every file system
// these caches live on, and a process that dies leaves only a folder that grows old: one older than
// any making of an entry is taken over.
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

export interface CacheEntryLockTimes {
  /** A lock older than this was left by a process that died: it is taken over. */
  staleMs: number;
  /** How often a waiting process looks again. */
  pollMs: number;
  /** How long to wait for another process at most (default: as long as it takes). */
  waitMs?: number;
}

/**
 * Waits until the entry is ready (`ready()`) or this process holds `lock`. Returns the lock's release,
 * to call once the entry is made; undefined when the entry is ready, or when the lock cannot be had
 * (a folder that cannot be made, or `waitMs` passed), in which case the caller makes what it needs
 * without the cache's help.
 */
export async function claimCacheEntry(lock: string, ready: () => boolean, times: CacheEntryLockTimes): Promise<(() => void) | undefined> {
  const waitUntil = times.waitMs === undefined ? Number.POSITIVE_INFINITY : Date.now() + times.waitMs;
  const release = () => rmSync(lock, { recursive: true, force: true });
  for (;;) {
    if (ready()) return undefined;
    try {
      mkdirSync(dirname(lock), { recursive: true });
      mkdirSync(lock);
      // another process may have finished between the look and the lock
      if (!ready()) return release;
      release();
      return undefined;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return undefined;
    }
    const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (age > times.staleMs) release();
    else if (Date.now() > waitUntil) return undefined;
    else await new Promise((resolve) => setTimeout(resolve, times.pollMs));
  }
}
