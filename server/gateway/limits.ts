// Rolling-window rate limits, exact to the request: a request is admitted when, in every window that
// applies to it, fewer than `limit` requests were admitted in the `windowMs` milliseconds before it
// (an admission at time t counts while now - windowMs < t). A refused request is not counted.
// There is no fixed window, so no burst of twice the limit at a window's edge.
//
// Two implementations share this contract: MemoryRateLimiter (one process) below, and
// RedisRateLimiter / SharedRateLimiter (several processes on one Redis) in redis.ts.

export interface Window {
  /** Counter name, e.g. `hour` or `day:fuel-stations`. */
  name: string;
  windowMs: number;
  limit: number;
}

export interface Decision {
  allowed: boolean;
  /** Of the first window (the hourly one, which the headers report). */
  limit: number;
  /** Requests the first window still admits after this one; 0 when refused. */
  remaining: number;
  /** When refused: whole seconds until every full window admits a request again (at least 1). */
  retryAfterSeconds?: number;
  /** When refused: the name of the first of the request's windows that was full. */
  refusedBy?: string;
}

export interface RateLimiter {
  hit(identity: string, windows: Window[], nowMs: number): Promise<Decision>;
  close?(): Promise<void>;
}

/** Seconds until an admission at `admittedAt` leaves its window: the Retry-After of a full window. */
function secondsUntilFree(admittedAt: number, windowMs: number, nowMs: number): number {
  return Math.max(1, Math.ceil((admittedAt + windowMs - nowMs) / 1000));
}

/** Admission times of one counter, oldest first: a queue on two parallel arrays (time, sequence number). */
class Counter {
  times: number[] = [];
  seqs: number[] = [];
  head = 0;

  constructor(readonly windowMs: number) {}

  get size(): number {
    return this.times.length - this.head;
  }

  /** Drops the admissions that have left the window. */
  trim(nowMs: number): void {
    const edge = nowMs - this.windowMs;
    let head = this.head;
    while (head < this.times.length && this.times[head] <= edge) head++;
    this.head = head;
    if (head > 64 && head * 2 > this.times.length) {
      this.times = this.times.slice(head);
      this.seqs = this.seqs.slice(head);
      this.head = 0;
    }
  }

  /** The i-th oldest admission still in the window. */
  at(i: number): number {
    return this.times[this.head + i];
  }

  push(time: number, seq: number): void {
    this.times.push(time);
    this.seqs.push(seq);
  }

  newest(): number | undefined {
    return this.size > 0 ? this.times[this.times.length - 1] : undefined;
  }
}

/** An admission still in its window, as the shared limiter replays it into Redis. */
export interface CountedEntry {
  counter: string;
  identity: string;
  window: string;
  windowMs: number;
  times: number[];
  seqs: number[];
}

const SWEEP_EVERY = 4096;

/**
 * Admission times per counter (`identity|window`), in this process. Exact: JavaScript runs one
 * check-and-count at a time, and a request is counted only when every window admits it.
 */
export class MemoryRateLimiter implements RateLimiter {
  private readonly counters = new Map<string, Counter>();
  private hits = 0;
  private seq = 0;

  async hit(identity: string, windows: Window[], nowMs: number): Promise<Decision> {
    return this.hitNow(identity, windows, nowMs, ++this.seq);
  }

  /** The check and count, synchronously; `seq` labels the admission (see SharedRateLimiter). */
  hitNow(identity: string, windows: Window[], nowMs: number, seq: number): Decision {
    this.tick(nowMs);
    const counters = windows.map((window) => this.counter(identity, window, nowMs));
    let retryAfterSeconds = 0;
    let refusedBy: string | undefined;
    windows.forEach((window, i) => {
      const counter = counters[i];
      if (counter.size < window.limit) return;
      refusedBy ??= window.name;
      // The admission whose departure brings the count below the limit.
      const freeing = counter.size > 0 ? secondsUntilFree(counter.at(counter.size - window.limit), window.windowMs, nowMs) : Math.ceil(window.windowMs / 1000);
      retryAfterSeconds = Math.max(retryAfterSeconds, freeing);
    });
    if (retryAfterSeconds > 0) return { allowed: false, limit: windows[0].limit, remaining: 0, retryAfterSeconds, refusedBy };
    for (const counter of counters) counter.push(nowMs, seq);
    return { allowed: true, limit: windows[0].limit, remaining: windows[0].limit - counters[0].size };
  }

  /** Counts an admission decided elsewhere (by Redis), so that this process knows its own share. */
  record(identity: string, windows: Window[], nowMs: number, seq: number): void {
    this.tick(nowMs);
    for (const window of windows) this.counter(identity, window, nowMs).push(nowMs, seq);
  }

  /** Admissions still in their windows at `nowMs` whose sequence number is above `afterSeq`. */
  *entries(nowMs: number, afterSeq = 0): Generator<CountedEntry> {
    for (const [name, counter] of this.counters) {
      counter.trim(nowMs);
      const times: number[] = [];
      const seqs: number[] = [];
      for (let i = counter.head; i < counter.times.length; i++) {
        if (counter.seqs[i] > afterSeq) {
          times.push(counter.times[i]);
          seqs.push(counter.seqs[i]);
        }
      }
      if (times.length === 0) continue;
      const split = name.lastIndexOf('|');
      yield { counter: name, identity: name.slice(0, split), window: name.slice(split + 1), windowMs: counter.windowMs, times, seqs };
    }
  }

  /** Counters in memory (for tests and the benchmark). */
  get size(): number {
    return this.counters.size;
  }

  private tick(nowMs: number): void {
    if (++this.hits % SWEEP_EVERY === 0) this.sweep(nowMs);
  }

  /** Forgets counters whose every admission has left its window. */
  sweep(nowMs: number): void {
    for (const [name, counter] of this.counters) {
      const newest = counter.newest();
      if (newest === undefined || newest <= nowMs - counter.windowMs) this.counters.delete(name);
    }
  }

  private counter(identity: string, window: Window, nowMs: number): Counter {
    const name = `${identity}|${window.name}`;
    let counter = this.counters.get(name);
    if (!counter || counter.windowMs !== window.windowMs) this.counters.set(name, (counter = new Counter(window.windowMs)));
    counter.trim(nowMs);
    return counter;
  }
}
