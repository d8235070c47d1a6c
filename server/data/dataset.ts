// The data set the server answers from: the manifest of a built dist-data/ directory and the
// stores loaded from its Parquet files (one per registration of stores.ts), with the estimator's
// cache of prepared sites over its climate store. A new build is picked up by opening a new DataSet
// and swapping it in; requests in flight keep the one they started with.
import { VARCHAR } from '../../model/duckdb.ts';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { Database } from './database.ts';
import { pvSiteCacheFor, type PvSiteCache } from './pv-sites.ts';
import { DEFAULT_CACHE_MB, type StoreContext, storeRegistrations, type Stores } from './stores.ts';
import { schemaById } from '../../schemas/registry.ts';

export interface DataFile {
  path: string;
  rows: number;
  sha256: string;
}

export interface Manifest {
  schema_version: number;
  generator: string;
  sample: boolean;
  notice: string;
  seed?: number;
  sources: Array<{ path: string; bytes: number; sha256: string }>;
  datasets: Record<string, { files: Record<string, DataFile>; rejected: number; repaired: number; rejects_file?: string }>;
}

/** The caps of a data set's caches and the estimator's threads (server settings; defaults for tests and tools). */
export interface DataSetOptions {
  /** Cap of the climate store's cache of stations' hourly weather (CLIMATE_CACHE_MB). */
  climateCacheBytes?: number;
  /** Cap of the estimator's prepared-site cache (PV_SITE_CACHE_MB). */
  pvSiteCacheBytes?: number;
  /** Worker threads for estimates (PV_WORKERS); 0, the default here, runs them on the main thread. */
  pvWorkers?: number;
  /** A cached station's weather or prepared site unused this long is let go (CACHE_TTL, ms); by default kept until pushed out. */
  cacheIdleMs?: number;
  /** Called when cached values have been let go for being unused (their memory is garbage). */
  onCacheExpire?: () => void;
}

/** Which data set this is, for operators (/health): never where it lies. */
export interface DataSetIdentity {
  /** sha256 of manifest.json as written (`sha256sum manifest.json` on the data directory gives it). */
  manifest_sha256: string;
  /** When the build committed the manifest (its modification time). */
  built_at: string;
}

/** A data set written by an older pipeline: a file lacks columns this server reads. */
export class OutdatedDataSetError extends Error {}

/**
 * Fails with OutdatedDataSetError when the file lacks a column its schema names (a data set built
 * before the column was added), instead of the first query's "column not found" from deep in a store.
 */
async function requireColumns(db: Database, path: string | undefined, schemaId: string): Promise<void> {
  if (!path) return;
  const described = await db.query(`DESCRIBE SELECT * FROM read_parquet($1)`, [{ value: path, type: VARCHAR }], { prepare: false });
  const present = new Set(described.column_name as string[]);
  const missing = Object.keys(schemaById(schemaId).properties as object).filter((name) => !present.has(name));
  if (missing.length > 0)
    throw new OutdatedDataSetError(
      `${basename(path)} has no ${missing.join(', ')}: the data set was built by an older version of the pipeline; rebuild it with npm run build:data`,
    );
}

/**
 * Fails with OutdatedDataSetError when a data set the build wrote files for lacks one this server
 * reads (a file a later pipeline added, such as the fuel stations' networks). A data set with no
 * files at all (no climate sources) is not outdated: there is nothing of it to serve.
 */
function requireFile(manifest: Manifest, dataset: string, file: string): void {
  const files = manifest.datasets[dataset]?.files;
  if (!files || Object.keys(files).length === 0 || files[file]) return;
  throw new OutdatedDataSetError(
    `the ${dataset} data set has no ${file} file: the data set was built by an older version of the pipeline; rebuild it with npm run build:data`,
  );
}

/** A data set holds its stores by their registrations' names (`stations`, `climate`, …). */
export interface DataSet extends Stores {}

// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the stores are set by `open`, one per registration
export class DataSet {
  private constructor(
    readonly dir: string,
    readonly manifest: Manifest,
    readonly identity: DataSetIdentity,
    readonly db: Database,
    stores: Stores,
    /** The estimator's prepared sites of this data set's climate stations. */
    readonly pvSites: PvSiteCache,
  ) {
    Object.assign(this, stores);
  }

  static manifestPath(dir: string): string {
    return join(dir, 'manifest.json');
  }

  static exists(dir: string): boolean {
    return existsSync(DataSet.manifestPath(dir));
  }

  /** The seed and station count of the data set in `dir` when it is the seeded sample (its manifest says so). */
  static sampleIn(dir: string): { seed: number; stations: number } | undefined {
    const manifest = JSON.parse(readFileSync(DataSet.manifestPath(dir), 'utf8')) as Manifest;
    const stations = manifest.datasets.fuel_stations?.files.stations?.rows;
    return manifest.sample && manifest.seed !== undefined && stations !== undefined ? { seed: manifest.seed, stations } : undefined;
  }

  static async open(dir: string, options: DataSetOptions = {}): Promise<DataSet> {
    const manifestBytes = readFileSync(DataSet.manifestPath(dir));
    const manifest = JSON.parse(manifestBytes.toString('utf8')) as Manifest;
    const identity = {
      manifest_sha256: createHash('sha256').update(manifestBytes).digest('hex'),
      built_at: statSync(DataSet.manifestPath(dir)).mtime.toISOString(),
    };
    const fileOf = (dataset: string, file: string) => {
      const entry = manifest.datasets[dataset]?.files[file];
      return entry ? join(dir, entry.path) : undefined;
    };
    const registrations = Object.entries(storeRegistrations);
    const db = await Database.open();
    try {
      for (const [, { dataset, checkedFiles = {} }] of registrations)
        for (const [file, schemaId] of Object.entries(checkedFiles)) {
          requireFile(manifest, dataset, file);
          await requireColumns(db, fileOf(dataset, file), schemaId);
        }
    } catch (error) {
      db.close();
      throw error;
    }
    const expiry = { idleMs: options.cacheIdleMs, onExpire: options.onCacheExpire };
    const stores: Record<string, unknown> = {};
    for (const [name, registration] of registrations) {
      const context: StoreContext = {
        db,
        dir,
        manifest,
        file: (file) => fileOf(registration.dataset, file),
        caches: { climateBytes: options.climateCacheBytes, ...expiry },
      };
      stores[name] = await registration.load(context);
    }
    const { climate } = stores as Stores;
    await db.compressTables();
    const pvSites = pvSiteCacheFor(climate, options.pvSiteCacheBytes ?? DEFAULT_CACHE_MB.pvSites * 1024 * 1024, options.pvWorkers ?? 0, expiry);
    return new DataSet(dir, manifest, identity, db, stores as Stores, pvSites);
  }

  close(): void {
    this.db.close();
    this.pvSites.close();
    this.climate.close();
  }
}
