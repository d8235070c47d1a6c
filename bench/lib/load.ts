// A small closed-loop load generator over keep-alive HTTP connections: `concurrency` clients each
// send a request, wait for the whole response, send the next. Reports latency percentiles and
// throughput; the server runs in its own process (see server-process.ts).
import http from 'node:http';
import { percentile } from './figures.ts';

export interface LoadResult {
  requests: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  bytes: number;
  statuses: Record<number, number>;
}

function request(agent: http.Agent, url: URL): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** Sends `total` requests (paths from `next`) with `concurrency` clients; the first `warmup` are not counted. */
export async function load(base: string, next: (i: number) => string, options: { concurrency: number; total: number; warmup?: number }): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency });
  const warmup = options.warmup ?? Math.min(200, Math.floor(options.total / 10));
  for (let i = 0; i < warmup; i++) await request(agent, new URL(next(i), base));
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  let issued = 0;
  let bytes = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (issued < options.total) {
        const i = issued++;
        const sent = performance.now();
        const response = await request(agent, new URL(next(i), base));
        latencies.push(performance.now() - sent);
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
        bytes += response.bytes;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    seconds,
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    bytes,
    statuses,
  };
}
