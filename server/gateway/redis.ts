// Rate limits shared by several server processes through one Redis, and what happens when Redis
// goes away. Each counter is a sorted set of admissions (score: admission time in ms, member: a
// unique id); one Lua script checks every window of a request and counts it in all of them, or in
// none, atomically. The time is the server's clock (injectable), passed in, never Redis's TIME.
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Redis, Result } from 'ioredis';
import type { Logger } from 'pino';
import { MemoryRateLimiter, type Decision, type RateLimiter, type Window } from './limits.ts';

export const DEFAULT_REDIS_PREFIX = 'nrel-compat:';

/**
 * KEYS: one sorted set per window. ARGV: now, member, then per window: edge (now - windowMs),
 * limit, windowMs. Returns {admitted 0|1, count of the first window (after admission), retry ms,
 * the position (from 1) of the first full window, 0 when admitted}.
 */
const HIT_SCRIPT = `
local now = tonumber(ARGV[1])
local first = 0
local retry = 0
local full = 0
for i = 1, #KEYS do
  local base = 3 * i
  local limit = tonumber(ARGV[base + 1])
  local windowMs = tonumber(ARGV[base + 2])
  redis.call('ZREMRANGEBYSCORE', KEYS[i], '-inf', ARGV[base])
  local count = redis.call('ZCARD', KEYS[i])
  if i == 1 then first = count end
  if count >= limit then
    if full == 0 then full = i end
    local wait = windowMs
    if count > 0 then
      local freeing = redis.call('ZRANGE', KEYS[i], count - limit, count - limit, 'WITHSCORES')
      wait = tonumber(freeing[2]) + windowMs - now
    end
    if wait > retry then retry = wait end
  end
end
if retry > 0 then return {0, first, retry, full} end
for i = 1, #KEYS do
  redis.call('ZADD', KEYS[i], ARGV[1], ARGV[2])
  redis.call('PEXPIRE', KEYS[i], ARGV[3 * i + 2])
end
return {1, first + 1, 0, 0}
`;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    nrelCompatHit(...args: Array<string | number>): Result<[number, number, number, number], Context>;
  }
}

export interface RedisConnectionOptions {
  /** REDIS_TIMEOUT_MS: a rate-limit check that takes longer fails, and the request is counted in this process instead. */
  commandTimeoutMs?: number;
  log?: Logger;
}

/** The default of REDIS_TIMEOUT_MS. */
export const DEFAULT_COMMAND_TIMEOUT_MS = 200;

/**
 * The client's own timeout for every command, a multiple of REDIS_TIMEOUT_MS: a backstop for a
 * Redis that hangs. A rate-limit check has its own, shorter one (`withinMs`), which the client's
 * must not pre-empt.
 */
const CLIENT_TIMEOUT_FACTOR = 5;

/**
 * `command`, or a "Command timed out" failure once `ms` have passed and the event loop has read the
 * sockets since. A timer that fires late because the event loop was held (a full collection, a data
 * set's warm-up) runs before the loop reads what arrived meanwhile, and the reply may be there
 * already: deciding one `setImmediate` later, after the loop's poll phase, takes it rather than
 * counting the request in this process.
 */
export function withinMs<T>(command: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => setImmediate(() => reject(new Error('Command timed out'))), ms);
    command.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * A client that never makes a request wait for Redis: no offline queue (commands fail at once
 * while disconnected), a command timeout, and reconnection attempts forever in the background.
 */
export function connectRedis(url: string, options: RedisConnectionOptions = {}): Redis {
  // Loaded on the first connection: a server without REDIS_URL never needs the client (22 MB, 60 ms to load).
  const { Redis } = createRequire(import.meta.url)('ioredis') as typeof import('ioredis');
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: CLIENT_TIMEOUT_FACTOR * (options.commandTimeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS),
    connectTimeout: 1000,
    retryStrategy: (attempt) => Math.min(100 * attempt, 1000),
  });
  // Without a listener each failed reconnection would be printed; the rate limiter logs outages once.
  client.on('error', (error: Error) => options.log?.debug({ err: error.message }, 'redis connection error'));
  return client;
}

/** Resolves true once the client is ready, or false after `timeoutMs`. */
export function waitReady(client: Redis, timeoutMs: number): Promise<boolean> {
  if (client.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ready: boolean) => {
      clearTimeout(timer);
      client.off('ready', onReady);
      resolve(ready);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), timeoutMs);
    client.on('ready', onReady);
  });
}

/** The sorted set of one identity's window; the hash tag keeps an identity's windows in one cluster slot. */
export function counterKey(prefix: string, identity: string, window: string): string {
  return `${prefix}rl:{${identity}}:${window}`;
}

/** Exact rolling windows in Redis; throws when Redis does not answer. */
export class RedisRateLimiter implements RateLimiter {
  private seq = 0;
  private readonly tag = randomBytes(6).toString('base64url');

  constructor(
    private readonly redis: Redis,
    private readonly prefix = DEFAULT_REDIS_PREFIX,
    /** REDIS_TIMEOUT_MS. */
    private readonly timeoutMs = DEFAULT_COMMAND_TIMEOUT_MS,
  ) {
    if (typeof (redis as unknown as Record<string, unknown>).nrelCompatHit !== 'function') redis.defineCommand('nrelCompatHit', { lua: HIT_SCRIPT });
  }

  async hit(identity: string, windows: Window[], nowMs: number, member = `${this.tag}:${++this.seq}`): Promise<Decision> {
    const keys = windows.map((window) => counterKey(this.prefix, identity, window.name));
    const args: Array<string | number> = [nowMs, member];
    for (const window of windows) args.push(nowMs - window.windowMs, window.limit, window.windowMs);
    const [admitted, count, retryMs, fullWindow] = await withinMs(this.redis.nrelCompatHit(keys.length, ...keys, ...args), this.timeoutMs);
    const limit = windows[0].limit;
    if (admitted === 1) return { allowed: true, limit, remaining: Math.max(0, limit - count) };
    return { allowed: false, limit, remaining: 0, retryAfterSeconds: Math.max(1, Math.ceil(retryMs / 1000)), refusedBy: windows[fullWindow - 1]?.name };
  }
}

export interface SharedRateLimiterOptions {
  prefix?: string;
  log?: Logger;
  now: () => number;
  /** While Redis is away, how often to check whether it is back (ms). */
  probeMs?: number;
  /** REDIS_TIMEOUT_MS. */
  commandTimeoutMs?: number;
}

/**
 * Redis's counters while Redis answers; this process's own counters while it does not.
 *
 * Every admission is also counted in this process (with the member id Redis got), so that when
 * Redis goes away this process goes on from its own share of the counts rather than from zero; and
 * when Redis is back, the admissions this process still holds in their windows are written back to
 * Redis (idempotently: same member ids) before Redis decides again. The outage is logged once,
 * and the return once.
 */
export class SharedRateLimiter implements RateLimiter {
  readonly local = new MemoryRateLimiter();
  private readonly remote: RedisRateLimiter;
  private readonly tag = randomBytes(6).toString('base64url');
  private readonly prefix: string;
  private mode: 'redis' | 'local' = 'redis';
  private seq = 0;
  private localAdmissions = 0;
  private probe?: NodeJS.Timeout;
  private returning = false;
  private closed = false;
  private readonly onReady = () => void this.tryReturn();

  constructor(
    private readonly redis: Redis,
    private readonly options: SharedRateLimiterOptions,
  ) {
    this.prefix = options.prefix ?? DEFAULT_REDIS_PREFIX;
    this.remote = new RedisRateLimiter(redis, this.prefix, options.commandTimeoutMs);
    redis.on('ready', this.onReady);
  }

  /** True while Redis decides. */
  get usingRedis(): boolean {
    return this.mode === 'redis';
  }

  async hit(identity: string, windows: Window[], nowMs: number): Promise<Decision> {
    const seq = ++this.seq;
    if (this.mode === 'redis') {
      try {
        const decision = await this.remote.hit(identity, windows, nowMs, this.member(seq));
        if (decision.allowed) this.local.record(identity, windows, nowMs, seq);
        return decision;
      } catch (error) {
        this.fallBack(error);
      }
    }
    const decision = this.local.hitNow(identity, windows, nowMs, seq);
    if (decision.allowed) this.localAdmissions++;
    return decision;
  }

  /** Counts in this process from now on, until Redis answers again. */
  fallBack(error: unknown): void {
    if (this.mode === 'local' || this.closed) return;
    this.mode = 'local';
    this.options.log?.warn(
      { err: error instanceof Error ? error.message : String(error) },
      'Redis unreachable: rate limits are counted in this process until it is back',
    );
    this.probe = setInterval(() => void this.tryReturn(), this.options.probeMs ?? 1000);
    this.probe.unref();
  }

  /** When Redis answers: writes this process's admissions back, then lets Redis decide again. */
  async tryReturn(): Promise<void> {
    if (this.mode === 'redis' || this.returning || this.closed || this.redis.status !== 'ready') return;
    this.returning = true;
    try {
      await this.redis.ping();
      for (let round = 0; round < 10; round++) {
        const before = this.localAdmissions;
        await this.replay();
        // Nothing was admitted locally while writing back: switch now, in the same tick.
        if (this.localAdmissions === before && !this.closed) {
          this.mode = 'redis';
          clearInterval(this.probe);
          this.options.log?.info('Redis is back: rate limits are shared again');
          return;
        }
      }
    } catch {
      // Still away; the probe tries again.
    } finally {
      this.returning = false;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.probe);
    this.redis.off('ready', this.onReady);
  }

  private member(seq: number): string {
    return `${this.tag}:${seq}`;
  }

  /** Writes every admission this process holds in its windows to Redis (ZADD of the same members: idempotent). */
  private async replay(): Promise<void> {
    const nowMs = this.options.now();
    let pipeline = this.redis.pipeline();
    let queued = 0;
    const flush = async () => {
      if (queued === 0) return;
      const results = await pipeline.exec();
      const failed = results?.find(([error]) => error);
      if (!results || failed) throw failed?.[0] ?? new Error('the Redis pipeline was discarded');
      pipeline = this.redis.pipeline();
      queued = 0;
    };
    for (const entry of this.local.entries(nowMs)) {
      const key = counterKey(this.prefix, entry.identity, entry.window);
      for (let start = 0; start < entry.times.length; start += 500) {
        const pairs: Array<string | number> = [];
        for (let i = start; i < Math.min(entry.times.length, start + 500); i++) pairs.push(entry.times[i], this.member(entry.seqs[i]));
        pipeline.zadd(key, ...pairs);
        queued++;
      }
      pipeline.pexpire(key, entry.windowMs);
      if (++queued >= 1000) await flush();
    }
    await flush();
  }
}
