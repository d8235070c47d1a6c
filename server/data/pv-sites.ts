// The estimators' prepared sites: for each climate station and model (pv-models.ts), everything of
// a PVWatts run that depends on the weather alone (pv/v5/site.ts, pv/v8/site.ts: sun
// positions, sun-up classes, …), computed once from the station's hourly weather and kept in one
// bounded least-recently-used cache for both models, so that an estimate computes only what depends
// on its own system. One cache per climate store (a rebuilt data set starts a new one); its size is
// reported by /health as `pv_site_cache`.
import type { WeatherData } from '../../model/weather.ts';
import { ByteBoundedCache, type CacheExpiry, type CacheStats } from './byte-bounded-cache.ts';
import type { ClimateStation, ClimateStore } from './climate.ts';
import type { PvModel } from './pv-models.ts';
import { type EstimateRunner, estimateRunner, shareSite } from './pv-workers.ts';

/** Characters of JSON text per value of a weather array kept for hourly answers (`-12.300000190734863,` is 20). */
const KEPT_JSON_BYTES_PER_VALUE = 12;

/**
 * Bytes a prepared site holds: its typed arrays, the weather columns it keeps included, and room
 * for the JSON text of its four hourly weather arrays once an hourly answer has written it.
 */
export function siteBytes(site: { records: number }): number {
  const seen = new Set<ArrayBufferLike>();
  let bytes = 0;
  for (const value of Object.values(site)) {
    if (ArrayBuffer.isView(value) && !seen.has(value.buffer)) {
      seen.add(value.buffer);
      bytes += value.buffer.byteLength;
    }
  }
  return bytes + 4 * site.records * KEPT_JSON_BYTES_PER_VALUE;
}

/** A cached site, with its key in the worker pool and its size. */
export interface SiteEntry<Site extends object> {
  site: Site;
  key: string;
  bytes: number;
}

let cacheCount = 0;

export class PvSiteCache {
  private readonly entries: ByteBoundedCache<SiteEntry<object>>;
  /** Distinguishes this cache's sites from another data set's in the workers. */
  private readonly prefix = `${cacheCount++}:`;

  constructor(
    readonly maxBytes: number,
    private readonly weather: (station: ClimateStation) => Promise<WeatherData>,
    /** Where monthly estimates run (pv-workers.ts); with workers, the sites' arrays live in shared memory. */
    private readonly runner: EstimateRunner,
    expiry: CacheExpiry = {},
  ) {
    // A site the cache lets go, the workers let go too.
    this.entries = new ByteBoundedCache(maxBytes, { bytes: (entry) => entry.bytes, onEvict: (entry) => this.runner.forget(entry.key), ...expiry });
  }

  /** A station's prepared site for a model: from the cache, or its weather read and prepared once (concurrent requests share it). */
  entry<Site extends object>(station: ClimateStation, model: PvModel<Site, unknown, unknown>): Promise<SiteEntry<Site>> {
    const key = `${model.name}:${station.id}`;
    return this.entries.load(key, async () => {
      const prepared = model.prepare(await this.weather(station));
      const site = this.runner.workers > 0 ? shareSite(prepared) : prepared;
      return { site, key: this.prefix + key, bytes: siteBytes(site as Site & { records: number }) };
    }) as Promise<SiteEntry<Site>>;
  }

  /** A model's monthly and annual estimate on a cached site, here or in a worker (EstimateRunner). */
  monthly<Site extends object, System, Result>(model: PvModel<Site, System, Result>, entry: SiteEntry<Site>, system: System): Promise<Result> {
    return this.runner.monthly(model, entry.key, entry.site, entry.bytes, system);
  }

  /** A model's estimate with its hourly outputs (`run`), its records shared with an idle worker where they can be (EstimateRunner). */
  hourly<Site extends object, System, Result>(
    model: PvModel<Site, System, Result>,
    entry: SiteEntry<Site>,
    system: System,
    run: () => Result,
  ): Promise<Result> {
    return this.runner.hourly(model, entry.key, entry.site, entry.bytes, system, run);
  }

  /** Lets go of every prepared site, here and in the workers (the data set is closing). */
  close(): void {
    this.entries.close();
  }

  stats(): CacheStats {
    return this.entries.stats();
  }

  /** Where estimates run: worker threads configured and started, and monthly estimates in flight (0 without workers, which run one at a time). */
  estimates(): { workers: number; threadsStarted: boolean; inFlight: number } {
    return { workers: this.runner.workers, threadsStarted: this.runner.threadsStarted, inFlight: this.runner.estimatesInFlight };
  }
}

/**
 * The prepared-site cache of a climate store, capped at `maxBytes` (PV_SITE_CACHE_MB), whose
 * estimates run in the process's pool of `workers` threads (PV_WORKERS; 0: on the main thread), and
 * which lets go of sites unused for `expiry.idleMs` (CACHE_TTL).
 */
export function pvSiteCacheFor(climate: ClimateStore, maxBytes: number, workers: number, expiry: CacheExpiry = {}): PvSiteCache {
  return new PvSiteCache(maxBytes, (station) => climate.weather(station), estimateRunner(workers, maxBytes), expiry);
}
