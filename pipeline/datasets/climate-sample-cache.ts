// The sample's climate data (its hourly weather, and the solar resource computed from it) takes
// seconds to generate and write, and every test that builds a sample data set needs it. The same seed and spacing always give the same bytes, so a finished build is
// kept in a cache directory (CLIMATE_SAMPLE_CACHE, default <tmpdir>/nrel-compat-climate-sample; `off`
// disables it), keyed by the seed, the spacing, DuckDB's version and the text of every file the
// sample's bytes depend on; a later build links or copies the files from there. Builds that want
// the same entry at once (the test suite's files run side by side) generate it once: the first takes
// the entry's lock and the others wait for its files. The cache keeps the entries used last (about
// 100 MB each; enough for every seed the test suite uses): every change to those files makes a new
// key, and old ones would pile up.
import { version as duckdbVersion } from '../../model/duckdb.ts';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ClimateStation } from '../../types/schemas.ts';
import type { DataSetWriter } from '../dataset-writer.ts';
import { claimCacheEntry } from '../cache-entry-lock.ts';
import type { SampleOptions } from '../sample/options.ts';
import { SOLAR_RESOURCE_FILE } from './climate-solar-resource.ts';

/** Entries kept: the last used, whatever their key. */
export const KEPT_ENTRIES = 16;
/** How long a build waits for another one generating the same entry (a sample takes about 10 s). */
const LOCK_WAIT_MS = 180_000;
/** A lock older than this was left by a build that died: it is taken over. */
const STALE_LOCK_MS = 300_000;

const pipelineDir = join(import.meta.dirname, '..');
const schemasDir = join(pipelineDir, '..', 'schemas');
const modelDir = join(pipelineDir, '..', 'model');
const pvDir = join(pipelineDir, '..', 'pv');

/** Every file whose text can change the sample's climate bytes. */
function sampleSources(): string[] {
  const climateModules = (dir: string) =>
    readdirSync(dir)
      .filter((name) => name.startsWith('climate') && !name.endsWith('.test.ts'))
      .map((name) => join(dir, name));
  return [
    ...climateModules(join(pipelineDir, 'datasets')),
    ...readdirSync(join(pipelineDir, 'sample'))
      .filter((name) => !name.endsWith('.test.ts'))
      .map((name) => join(pipelineDir, 'sample', name)),
    join(pipelineDir, 'dataset-writer.ts'),
    join(modelDir, 'climate-ids.ts'),
    // the places' names: the nearest ZIP code's
    join(modelDir, 'zip-codes.ts'),
    join(schemasDir, 'climate-station.schema.json'),
    join(schemasDir, 'climate-hourly.schema.json'),
    // the solar resource, cached with the hourly data: PVWatts v8's modules, the record they read, its schema
    ...['v8', 'common'].flatMap((dir) =>
      readdirSync(join(pvDir, dir))
        .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
        .map((name) => join(pvDir, dir, name)),
    ),
    join(modelDir, 'weather.ts'),
    join(schemasDir, 'climate-solar-resource.schema.json'),
  ].sort();
}

interface CachedSample {
  files: Record<string, { path: string; rows: number; sha256: string }>;
  stations: ClimateStation[];
}

export class ClimateSampleCache {
  private constructor(
    private readonly root: string,
    private readonly dir: string,
  ) {}

  /** The cache entry of the sample's climate (its seed, grid spacing and places); undefined when CLIMATE_SAMPLE_CACHE is `off`. */
  static for({ seed, nsrdbSpacingDeg, climatePlaces }: SampleOptions): ClimateSampleCache | undefined {
    const root = process.env.CLIMATE_SAMPLE_CACHE ?? join(tmpdir(), 'nrel-compat-climate-sample');
    if (root === 'off' || root === '') return undefined;
    const hash = createHash('sha256').update(
      JSON.stringify({
        seed,
        spacing: nsrdbSpacingDeg ?? null,
        places: climatePlaces ?? null,
        duckdb: duckdbVersion(),
      }),
    );
    for (const path of sampleSources()) hash.update(readFileSync(path));
    return new ClimateSampleCache(root, join(root, hash.digest('hex').slice(0, 24)));
  }

  /**
   * Waits while another build holds this entry's lock; then takes it unless the entry is there.
   * Returns the lock's release (call it after `write`), or undefined when the entry is ready or the
   * lock cannot be had (then this build generates on its own, as without a cache).
   */
  async claim(): Promise<(() => void) | undefined> {
    return claimCacheEntry(`${this.dir}.lock`, () => existsSync(join(this.dir, 'catalog.json')), {
      staleMs: STALE_LOCK_MS,
      pollMs: 200,
      waitMs: LOCK_WAIT_MS,
    });
  }

  /** The cached files put in the writer's directory (dataset `dataset`), and the catalog; undefined when not cached. */
  read(writer: DataSetWriter, dataset: string): ClimateStation[] | undefined {
    if (!existsSync(join(this.dir, 'catalog.json'))) return undefined;
    try {
      const cached = JSON.parse(readFileSync(join(this.dir, 'catalog.json'), 'utf8')) as CachedSample;
      for (const file of Object.values(cached.files)) if (!existsSync(join(this.dir, file.path))) return undefined;
      for (const [key, file] of Object.entries(cached.files)) {
        linkOrCopy(join(this.dir, file.path), join(writer.workDir, file.path));
        writer.dataset(dataset).files[key] = file;
      }
      const now = new Date();
      utimesSync(this.dir, now, now);
      return cached.stations;
    } catch {
      return undefined;
    }
  }

  /** Keeps the writer's hourly files, the solar resource and the catalog, then lets go of all but the entries used last. */
  write(writer: DataSetWriter, dataset: string, stations: ClimateStation[]): void {
    if (existsSync(this.dir)) return;
    const staging = `${this.dir}.${process.pid}-${Date.now()}`;
    try {
      mkdirSync(staging, { recursive: true });
      const files = Object.fromEntries(
        Object.entries(writer.dataset(dataset).files).filter(([key]) => key.startsWith('hourly-') || key === SOLAR_RESOURCE_FILE),
      );
      for (const file of Object.values(files)) linkOrCopy(join(writer.workDir, file.path), join(staging, file.path));
      writeFileSync(join(staging, 'catalog.json'), JSON.stringify({ files, stations } satisfies CachedSample));
      renameSync(staging, this.dir);
    } catch {
      // Another build got there first, or the cache directory cannot be written: build every time.
      rmSync(staging, { recursive: true, force: true });
    }
    this.prune();
  }

  /** Removes the entries beyond the KEPT_ENTRIES used last (a build reading one now has linked or copied its files). */
  private prune(): void {
    try {
      const entries = readdirSync(this.root)
        .filter((name) => /^[0-9a-f]{24}$/.test(name))
        .map((name) => ({
          path: join(this.root, name),
          used: statSync(join(this.root, name)).mtimeMs,
        }))
        .sort((a, b) => b.used - a.used);
      for (const entry of entries.slice(KEPT_ENTRIES)) rmSync(entry.path, { recursive: true, force: true });
    } catch {
      // A cache that cannot be listed is only a slower build.
    }
  }
}

function linkOrCopy(from: string, to: string): void {
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to);
  }
}
