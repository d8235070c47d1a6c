// Rolling-window rate limits, exact to the request: a request is admitted when fewer than `limit`
// requests were admitted in the `windowMs` before it, in every window that applies to it.

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
  remaining: number;
  /** When refused: seconds until the fullest window admits a request again. */
  retryAfterSeconds?: number;
}

export interface RateLimiter {
  hit(identity: string, windows: Window[], nowMs: number): Promise<Decision>;
}

/** Admission times per counter, oldest first, trimmed as they leave their window. */
export class MemoryRateLimiter implements RateLimiter {
  private readonly counters = new Map<string, number[]>();

  async hit(identity: string, windows: Window[], nowMs: number): Promise<Decision> {
    const counters = windows.map((window) => this.counter(`${identity}|${window.name}`, window, nowMs));
    const full = windows.findIndex((window, i) => counters[i].length >= window.limit);
    if (full >= 0) {
      const retryAfterMs = Math.max(...windows.map((window, i) => (counters[i].length >= window.limit ? counters[i][counters[i].length - window.limit] + window.windowMs - nowMs : 0)));
      return { allowed: false, limit: windows[0].limit, remaining: Math.max(0, windows[0].limit - counters[0].length), retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
    }
    for (const counter of counters) counter.push(nowMs);
    return { allowed: true, limit: windows[0].limit, remaining: windows[0].limit - counters[0].length };
  }

  private counter(key: string, window: Window, nowMs: number): number[] {
    let times = this.counters.get(key);
    if (!times) this.counters.set(key, (times = []));
    let expired = 0;
    while (expired < times.length && times[expired] <= nowMs - window.windowMs) expired++;
    if (expired > 0) times.splice(0, expired);
    return times;
  }
}
