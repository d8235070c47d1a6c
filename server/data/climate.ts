// The climate data of the served data set, as the solar data query and the PVWatts estimator use it:
// the catalog of stations and grid cells with its nearest-station search (climate-catalog.ts), and
// each station's hourly weather, read from the hourly Parquet (climate-hourly.ts) and kept in a
// bounded cache (CLIMATE_CACHE_MB; /health's `climate_cache`).
import { join } from 'node:path';
import type { WeatherData } from '../../model/weather.ts';
import { ByteBoundedCache, type CacheExpiry, type CacheStats } from './byte-bounded-cache.ts';
import { ClimateCatalog, type ClimateDataset, type ClimateStation, type NearestStation } from './climate-catalog.ts';
import { HourlyWeatherReader, weatherBytes } from './climate-hourly.ts';
import type { Database } from './database.ts';

export { CLIMATE_DATASETS, type ClimateDataset, type ClimateStation, type NearestStation } from './climate-catalog.ts';

interface ManifestLike {
  datasets: Record<string, { files: Record<string, { path: string }> } | undefined>;
}

export class ClimateStore {
  private readonly cache: ByteBoundedCache<WeatherData>;

  private constructor(
    private readonly catalog: ClimateCatalog,
    private readonly hourly: HourlyWeatherReader,
    cacheBytes: number,
    expiry: CacheExpiry,
  ) {
    this.cache = new ByteBoundedCache(cacheBytes, { bytes: weatherBytes, ...expiry });
  }

  /** Loads the catalog of a data set directory (empty when it has none); its weather is read when asked for. */
  static async load(db: Database, dir: string, manifest: ManifestLike, options: { cacheBytes: number } & CacheExpiry): Promise<ClimateStore> {
    const files = manifest.datasets.climate?.files ?? {};
    const hourlyPaths: Record<string, string> = {};
    for (const [key, file] of Object.entries(files)) if (key.startsWith('hourly-')) hourlyPaths[key] = join(dir, file.path);
    const catalog = await ClimateCatalog.load(db, files.stations && join(dir, files.stations.path));
    return new ClimateStore(catalog, new HourlyWeatherReader(hourlyPaths), options.cacheBytes, {
      idleMs: options.idleMs,
      onExpire: options.onExpire,
    });
  }

  /** Lets go of the cached weather (the data set is closing). */
  close(): void {
    this.cache.close();
  }

  /** Catalog records by row index (datasets in order tmy2, tmy3, intl, nsrdb; then id). */
  get stations(): ClimateStation[] {
    return this.catalog.stations;
  }

  get size(): number {
    return this.catalog.size;
  }

  count(dataset: ClimateDataset): number {
    return this.catalog.count(dataset);
  }

  /**
   * A station by its v1 id: what the solar dataset query v1 prints and PVWatts v6's file_id takes
   * (`0-94018`, nsrdb `3-W105N040-W10502N4001`).
   */
  byId(id: string): ClimateStation | undefined {
    return this.catalog.byId(id);
  }

  /**
   * A station by its v2 id: what the solar dataset query v2 prints and PVWatts v8's file_id takes
   * (`0-94018`, nsrdb `3-G-0149190`). tmy2, tmy3 and intl ids are the same in both; an nsrdb v1 id
   * is not a v2 id and finds nothing here.
   */
  byV2Id(id: string): ClimateStation | undefined {
    return this.catalog.byV2Id(id);
  }

  /** The closest station of each dataset within `radiusMiles` of a point (0: whatever the distance); null for a dataset with none in range. */
  nearest(lat: number, lon: number, radiusMiles: number, datasets?: readonly ClimateDataset[]): Promise<Record<ClimateDataset, NearestStation | null>> {
    return this.catalog.nearest(lat, lon, radiusMiles, datasets);
  }

  /** The closest station of one dataset within `radiusMiles` (0: whatever the distance), or null. */
  nearestIn(dataset: ClimateDataset, lat: number, lon: number, radiusMiles: number): Promise<NearestStation | null> {
    return this.catalog.nearestIn(dataset, lat, lon, radiusMiles);
  }

  /** `nearestIn` without the promise (the catalog's search is in memory). */
  closestIn(dataset: ClimateDataset, lat: number, lon: number, radiusMiles: number): NearestStation | null {
    return this.catalog.closestIn(dataset, lat, lon, radiusMiles);
  }

  /** Every station within `radiusMiles` (> 0), nearest first, ties by id. */
  within(lat: number, lon: number, radiusMiles: number): Promise<NearestStation[]> {
    return this.catalog.within(lat, lon, radiusMiles);
  }

  /**
   * One station's hourly weather (WeatherData; see HourlyWeatherReader.read), from the cache or one
   * read of its row groups. A string is a v1 id (byId). The arrays are shared with the cache: treat
   * them as read-only.
   */
  async weather(stationOrId: ClimateStation | string): Promise<WeatherData> {
    const station = typeof stationOrId === 'string' ? this.byId(stationOrId) : stationOrId;
    if (!station) throw new Error(`No climate station ${String(stationOrId)}`);
    return this.cache.load(station.id, () => this.hourly.read(station));
  }

  /** Shards whose footer has been read (or is being read). */
  get indexedShards(): number {
    return this.hourly.indexedShards;
  }

  cacheStats(): CacheStats {
    return this.cache.stats();
  }
}
