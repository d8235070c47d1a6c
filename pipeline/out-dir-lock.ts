// The lock a build holds on its output directory while it commits: `.build.lock` in --out, holding
// the pid of the building process from the moment it exists (`createLock`). Builds run side by
// side and commit one at a time, each commit reading the manifest it replaces under the lock, so
// no commit removes a file another one just moved in.
//
// The lock is held for one synchronous stretch only (take it, commit, remove it, with no await in
// between): no two builds of one process can be inside it at once, and a lock file holding this
// process's pid is never its own live lock but one left by an earlier process given the same pid
// (a container restarted). A lock whose process is no longer running (killed during a commit) is
// stale and taken over. A pid reused by an unrelated process keeps a stale lock until that process
// ends, which errs on the side of never taking a live build's lock: the waiting build says which
// process it waits for.
import { randomBytes } from 'node:crypto';
import { closeSync, linkSync, openSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const LOCK_FILE = '.build.lock';

/** A lock without a pid (made by an earlier version, which wrote it after creating it) older than this was left by a process killed in between. */
const UNWRITTEN_LOCK_MS = 10_000;
const POLL_MS = 50;

export function processIsRunning(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Another build holds the lock and the caller would not wait: `pid` is its process, when the lock says. */
export class OutDirLocked extends Error {
  constructor(
    readonly outDir: string,
    readonly pid: number | undefined,
  ) {
    super(
      `another build${pid === undefined ? '' : ` (process ${pid})`} is writing ${outDir}; nothing was written (without --no-wait, a build waits for it to finish)`,
    );
  }
}

export interface LockOptions {
  /** Wait for another build's lock (the default), or fail at once with OutDirLocked. */
  wait?: boolean;
  /** Called once, when the build starts to wait. */
  onWait?: (pid: number | undefined) => void;
  /** Called when a stale lock is taken over. */
  onStale?: (pid: number | undefined) => void;
}

type Attempt = { taken: true } | { taken: false; pid: number | undefined };

function readLock(path: string): { text: string; ageMs: number } | undefined {
  try {
    return { text: readFileSync(path, 'utf8'), ageMs: Date.now() - statSync(path).mtimeMs };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

const pidIn = (text: string) => (/^\d+\s*$/.test(text) ? Number(text) : undefined);

/**
 * Removes the stale lock whose text is `seen`, unless another build is doing the same: the one
 * that creates `.build.lock.breaking-<pid>` does it, after checking that the lock still says
 * `seen` (a pid no longer running cannot take the lock again, so the same text is the same lock).
 * 'busy' when another build is at it.
 */
function breakStaleLock(outDir: string, path: string, seen: string): 'broken' | 'busy' | 'changed' {
  const marker = join(outDir, `${LOCK_FILE}.breaking-${pidIn(seen) ?? 'unwritten'}`);
  let fd: number;
  try {
    fd = openSync(marker, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // Another build is breaking it, a matter of microseconds; an old marker was left by a build killed doing so.
    if ((readLock(marker)?.ageMs ?? 0) > UNWRITTEN_LOCK_MS) rmSync(marker, { force: true });
    return 'busy';
  }
  closeSync(fd);
  try {
    if (readLock(path)?.text !== seen) return 'changed';
    unlinkSync(path);
    return 'broken';
  } finally {
    rmSync(marker, { force: true });
  }
}

/**
 * Creates the lock at `path` with this process's pid already in it, or returns false when a lock is
 * there: the pid is written to a file of this build's own (named as its working folders are, so
 * that a build killed in between leaves nothing `removeStaleBuildDirs` keeps), which is then linked
 * into place, and a link fails when its name exists. Creating the lock empty and writing the pid
 * after left a moment in which another build read a lock without its holder.
 */
function createLock(path: string, outDir: string): boolean {
  const own = join(outDir, `.build-${process.pid}-lock-${randomBytes(6).toString('hex')}`);
  writeFileSync(own, `${process.pid}\n`, { flag: 'wx' });
  try {
    linkSync(own, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    rmSync(own, { force: true });
  }
}

/** Takes the lock when it is free or stale; otherwise says who holds it. */
function attempt(outDir: string, options: LockOptions): Attempt {
  const path = join(outDir, LOCK_FILE);
  for (;;) {
    if (createLock(path, outDir)) return { taken: true };
    const lock = readLock(path);
    if (!lock) continue; // released just now
    const pid = pidIn(lock.text);
    const stale = pid === undefined ? lock.ageMs > UNWRITTEN_LOCK_MS : pid === process.pid || !processIsRunning(pid);
    if (!stale) return { taken: false, pid };
    const broken = breakStaleLock(outDir, path, lock.text);
    if (broken === 'busy') return { taken: false, pid };
    if (broken === 'broken') options.onStale?.(pid);
  }
}

function release(outDir: string): void {
  const path = join(outDir, LOCK_FILE);
  if (pidIn(readLock(path)?.text ?? '') === process.pid) unlinkSync(path);
}

/**
 * Runs `critical` (synchronous: it must not await) holding the lock on `outDir`, waiting for
 * another build's lock unless `wait` is false; the lock is removed however `critical` ends.
 */
export async function withOutDirLock<T>(outDir: string, options: LockOptions, critical: () => T): Promise<T> {
  let waiting = false;
  for (;;) {
    const result = attempt(outDir, options);
    if (result.taken) {
      try {
        return critical();
      } finally {
        release(outDir);
      }
    }
    if (options.wait === false) throw new OutDirLocked(outDir, result.pid);
    if (!waiting) options.onWait?.(result.pid);
    waiting = true;
    await sleep(POLL_MS + Math.random() * POLL_MS);
  }
}

/** `withOutDirLock` without waiting, for callers that cannot await: throws OutDirLocked when another build holds the lock. */
export function withOutDirLockNow<T>(outDir: string, options: Omit<LockOptions, 'wait' | 'onWait'>, critical: () => T): T {
  const result = attempt(outDir, options);
  if (!result.taken) throw new OutDirLocked(outDir, result.pid);
  try {
    return critical();
  } finally {
    release(outDir);
  }
}
