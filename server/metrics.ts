// Figures for monitoring (docs/interface.md §2.1): GET /metrics in the Prometheus text format, made
// with prom-client. One registry per server, so that servers in one process (tests) count apart;
// the process's own figures (CPU, memory, garbage collection, event loop) in one registry for the
// process, since prom-client's collectors of them are never stopped: made per server, the garbage
// collection observer of each kept its server, app and data set alive after the server closed.
//
// Requests are counted by route, the pattern Express matched (an endpoint's path with its `{.:ext}`,
// `/health`, a page file), never the URL: label values stay few and no key or query reaches them.
// Gateway refusals are counted by their code (a missing, invalid or disabled key, the rate limit).
// The other figures are read from the server's own counters when the registry is read: the
// admission queues, the estimator's threads, the caches and the served data set.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Admissions } from './admission.ts';
import type { CacheStats } from './data/byte-bounded-cache.ts';
import type { DataHolder } from './data/holder.ts';
import type { RateLimiter } from './gateway/limits.ts';
import { SharedRateLimiter } from './gateway/redis.ts';

/** Every metric's name starts with this. */
const PREFIX = 'nrel_compat_';
/** Latency buckets, seconds: from a cached answer (about a millisecond) to a full list streamed. */
const LATENCY_BUCKETS_S = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** The route label of a request no route answered (the gateway's 404). */
export const UNMATCHED_ROUTE = 'unmatched';

export interface MetricsSources {
  /** The served data set's holder; undefined while it opens (its figures are then left out). */
  data: () => DataHolder | undefined;
  admission: Admissions;
}

let processMetrics: Registry | undefined;

/** The process's own figures, collected from the first server's start on. */
function processRegistry(): Registry {
  if (processMetrics === undefined) {
    processMetrics = new Registry();
    collectDefaultMetrics({ register: processMetrics, prefix: PREFIX });
  }
  return processMetrics;
}

export class ServerMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'route' | 'method' | 'status'>;
  private readonly latency: Histogram<'route' | 'method'>;
  private readonly refusals: Counter<'reason'>;
  private readonly rateLimitRefusals: Counter<'window'>;

  constructor(sources: MetricsSources) {
    const registers = [this.registry];
    processRegistry();
    this.requests = new Counter({
      name: `${PREFIX}http_requests_total`,
      help: 'Requests answered, by route (the path pattern matched), method and status.',
      labelNames: ['route', 'method', 'status'],
      registers,
    });
    this.latency = new Histogram({
      name: `${PREFIX}http_request_duration_seconds`,
      help: 'Time from a request read to its response ended, by route and method (a streamed list: to its last byte).',
      labelNames: ['route', 'method'],
      buckets: LATENCY_BUCKETS_S,
      registers,
    });
    this.refusals = new Counter({
      name: `${PREFIX}gateway_refusals_total`,
      help: 'Requests the gateway refused before any endpoint, by reason: api_key_missing, api_key_invalid, api_key_disabled, over_rate_limit.',
      labelNames: ['reason'],
      registers,
    });
    this.rateLimitRefusals = new Counter({
      name: `${PREFIX}rate_limit_refusals_total`,
      help: 'Requests refused over a rate limit, by the first of their windows that was full: hour, day (the demonstration key), day:fuel-stations, second:nsrdb-csv, day:nsrdb-csv, two-seconds:nsrdb-json or day:nsrdb-json.',
      labelNames: ['window'],
      registers,
    });
    admissionMetrics(sources.admission, registers);
    dataSetMetrics(sources.data, registers);
  }

  /** Counts every request once its response has ended (or its client has gone): first in the app. */
  middleware(): RequestHandler {
    return (req: Request, res: Response, next: NextFunction) => {
      const started = process.hrtime.bigint();
      res.once('close', () => {
        // the server's requests to itself (the warm-up) are not clients'
        if (res.locals.ownRequest === true) return;
        const route = (req.route?.path as string | undefined) ?? UNMATCHED_ROUTE;
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        this.requests.inc({ route, method: req.method, status: String(res.statusCode) });
        this.latency.observe({ route, method: req.method }, seconds);
      });
      next();
    };
  }

  /** The gateway's rate limiter: when it is shared through Redis, `rate_limits_shared` says whether Redis decides now. */
  useRateLimiter(limiter: RateLimiter): void {
    if (!(limiter instanceof SharedRateLimiter)) return;
    const shared: Gauge = new Gauge({
      name: `${PREFIX}rate_limits_shared`,
      help: 'With REDIS_URL: 1 while Redis decides the rate limits, 0 while they are counted in this process (Redis away).',
      registers: [this.registry],
      collect: (): void => shared.set(limiter.usingRedis ? 1 : 0),
    });
  }

  /** A gateway refusal, by its error code (gateway/errors.ts), and for a rate limit the window that was full. */
  refused(code: string, window?: string): void {
    this.refusals.inc({ reason: code.toLowerCase() });
    if (window !== undefined) this.rateLimitRefusals.inc({ window });
  }

  /** The exposition, and its content type. */
  async exposition(): Promise<{ body: string; contentType: string }> {
    const both = Registry.merge([processRegistry(), this.registry]);
    return { body: await both.metrics(), contentType: both.contentType };
  }
}

function admissionMetrics(admission: Admissions, registers: Registry[]): void {
  const queues = { answering: admission.answering, streaming: admission.streaming };
  const gauge = (name: string, help: string, read: (stats: (typeof queues)['answering']['stats']) => number) =>
    new Gauge({
      name: `${PREFIX}admission_${name}`,
      help,
      labelNames: ['queue'],
      registers,
      collect() {
        for (const [queue, holder] of Object.entries(queues)) this.set({ queue }, read(holder.stats));
      },
    });
  gauge('active', 'Requests holding a place: being answered (answering) or streaming a long answer (streaming).', (stats) => stats.active);
  gauge('waiting', 'Requests waiting for a place.', (stats) => stats.waiting);
  gauge('limit', 'Places: MAX_ACTIVE_REQUESTS (answering), MAX_STREAMS (streaming).', (stats) => stats.limit);
  new Counter({
    name: `${PREFIX}admission_timeouts_total`,
    help: 'Requests refused with a 503 after waiting STREAM_WAIT_TIMEOUT for a place.',
    labelNames: ['queue'],
    registers,
    collect() {
      this.reset();
      for (const [queue, holder] of Object.entries(queues)) this.inc({ queue }, holder.stats.timedOut);
    },
  });
}

/** What every cache reports; the byte-bounded ones also their bytes and cap. */
interface CacheFigures {
  entries: number;
  hits: number;
  misses: number;
  bytes?: number;
  max_bytes?: number;
}

function byteBoundedFigures(stats: CacheStats): CacheFigures {
  return { entries: stats.stations, hits: stats.hits, misses: stats.misses, bytes: stats.bytes, max_bytes: stats.max_bytes };
}

function dataSetMetrics(holder: () => DataHolder | undefined, registers: Registry[]): void {
  new Gauge({
    name: `${PREFIX}data_set_info`,
    help: 'The data set served: 1, labelled with its manifest sha256, its build time and whether it is the sample.',
    labelNames: ['manifest_sha256', 'built_at', 'sample'],
    registers,
    collect() {
      this.reset();
      const data = holder();
      if (!data) return;
      const { identity, manifest } = data.dataSet;
      this.set({ manifest_sha256: identity.manifest_sha256, built_at: identity.built_at, sample: String(manifest.sample === true) }, 1);
    },
  });
  const caches = (): Record<string, CacheFigures> => {
    const data = holder();
    if (!data) return {};
    const { climate, pvSites, db } = data.dataSet;
    const statements = db.statementCacheStats();
    return {
      climate_hourly: byteBoundedFigures(climate.cacheStats()),
      pv_sites: byteBoundedFigures(pvSites.stats()),
      sql_statements: statements.statements,
      sql_searches: statements.searches,
    };
  };
  const byteBounded = (): Record<string, CacheFigures> => Object.fromEntries(Object.entries(caches()).filter(([, figures]) => figures.bytes !== undefined));
  const cacheGauge = (name: string, help: string, read: (stats: CacheFigures) => number, of = caches) =>
    new Gauge({
      name: `${PREFIX}cache_${name}`,
      help,
      labelNames: ['cache'],
      registers,
      collect() {
        this.reset();
        for (const [cache, stats] of Object.entries(of())) this.set({ cache }, read(stats));
      },
    });
  cacheGauge(
    'bytes',
    "Bytes the cache's values take: a station's hourly weather (climate_hourly), a prepared PV site (pv_sites).",
    (stats) => stats.bytes ?? 0,
    byteBounded,
  );
  cacheGauge('max_bytes', "The cache's cap (CLIMATE_CACHE_MB, PV_SITE_CACHE_MB).", (stats) => stats.max_bytes ?? 0, byteBounded);
  cacheGauge(
    'entries',
    "Values held: one per station (climate_hourly, pv_sites), one per statement over the database's connections (sql_statements, sql_searches).",
    (stats) => stats.entries,
  );
  cacheGauge('hit_ratio', 'Hits over hits and misses since the data set was opened (0 before any).', (stats) =>
    stats.hits + stats.misses === 0 ? 0 : stats.hits / (stats.hits + stats.misses),
  );
  const cacheCounter = (name: string, help: string, read: (stats: CacheFigures) => number) =>
    new Counter({
      name: `${PREFIX}cache_${name}_total`,
      help,
      labelNames: ['cache'],
      registers,
      collect() {
        this.reset();
        for (const [cache, stats] of Object.entries(caches())) this.inc({ cache }, read(stats));
      },
    });
  cacheCounter('hits', 'Loads answered from the cache since the data set was opened.', (stats) => stats.hits);
  cacheCounter('misses', 'Loads that read or prepared the value since the data set was opened.', (stats) => stats.misses);
  new Gauge({
    name: `${PREFIX}pv_estimates_in_flight`,
    help: 'Monthly PV estimates started and not yet answered (the PV worker queue; always 0 with PV_WORKERS=0).',
    registers,
    collect() {
      this.set(holder()?.dataSet.pvSites.estimates().inFlight ?? 0);
    },
  });
  new Gauge({
    name: `${PREFIX}pv_worker_threads`,
    help: 'PV estimator worker threads running (PV_WORKERS once the first estimate with company started them, else 0).',
    registers,
    collect() {
      const estimates = holder()?.dataSet.pvSites.estimates();
      this.set(estimates?.threadsStarted ? estimates.workers : 0);
    },
  });
}
