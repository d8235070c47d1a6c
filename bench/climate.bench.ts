// Climate data: TMY3 ingest speed over the 46 real TMY3 files (the whole path: gunzip, parse,
// check, write Parquet and the catalog; beside it its parts, gunzip alone and gunzip + parse + check),
// then, on synthetic nsrdb grids of 1,000, 10,000 and 100,000 cells (bench/lib/climate-grids.ts,
// built in seconds): the first read from each hourly shard (hyparquet parses the shard's footer,
// which the store then keeps), then the p50 of reading one station's 8,760 hours cold (not in the
// station cache, its shard's footer kept: one positioned read of its row group and hyparquet's
// decoding; the file's pages may be in the OS cache) and warm (cached), beside DuckDB's filtered
// scan of the same shard. Goals: cold p50 at most 5 ms, warm at most 0.2 ms, and cold p50 on
// 100,000 cells at most 1.5 × that on 1,000. CLIMATE_BENCH_CELLS=1000,100000 picks the grids.
import { scratchDir } from './lib/scratch.ts';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { DataSetWriter } from '../pipeline/dataset-writer.ts';
import { climate } from '../pipeline/datasets/climate.ts';
import { readClimateFile } from '../pipeline/datasets/climate-source-files.ts';
import { Random } from '../pipeline/sample/random.ts';
import { ClimateStore } from '../server/data/climate.ts';
import { HOURLY_COLUMNS } from '../server/data/climate-shard-index.ts';
import { Database } from '../server/data/database.ts';
import { sharedDir } from '../harness/shared-data.ts';
import { climateGrid } from './lib/climate-grids.ts';
import { atMost, percentileOf } from './lib/figures.ts';

const tmy3Dir = join(sharedDir, 'data', 'climate', 'weather', 'tmy3');
const sizes = (process.env.CLIMATE_BENCH_CELLS ?? '1000,10000,100000').split(',').map(Number);
const COLD_GOAL_MS = 5;
const WARM_GOAL_MS = 0.2;
const FLATNESS_GOAL = 1.5;
/** What docs/storage.md says a shard's first read costs. */
const FIRST_READ_REFERENCE = '50–200 ms';
const p50 = (values: number[]) => percentileOf(values, 50);

async function ingest(): Promise<void> {
  const files = readdirSync(tmy3Dir)
    .filter((name) => name.endsWith('.gz'))
    .sort();
  const source = scratchDir('tmy3-source');
  mkdirSync(join(source, 'climate', 'tmy3'), { recursive: true });
  for (const name of files) symlinkSync(join(tmy3Dir, name), join(source, 'climate', 'tmy3', name));
  const raw = files.map((name) => readFileSync(join(tmy3Dir, name)));
  const csvBytes = raw.reduce((sum, bytes) => sum + gunzipSync(bytes).length, 0);
  const mb = csvBytes / 1e6;
  console.log(`TMY3 ingest: ${files.length} real files, ${mb.toFixed(1)} MB of CSV (${(raw.reduce((s, b) => s + b.length, 0) / 1e6).toFixed(1)} MB gzipped)`);
  const whole: number[] = [];
  for (let run = 0; run < 3; run++) {
    const out = scratchDir('tmy3-data-set');
    const writer = await DataSetWriter.open(out);
    const started = performance.now();
    const report = await climate.build(writer, { sourceDir: source, allowInvalid: false, repair: false });
    writer.commit({ schema_version: 1, generator: 'bench', sample: false, notice: 'bench' });
    writer.close();
    whole.push((performance.now() - started) / 1000);
    if (report.problems.length) throw new Error(`ingest problems: ${report.problems.length}`);
  }
  // The parts, best of 3 as the whole path: gunzip alone, and gunzip + parse + check (readClimateFile).
  const gunzipRuns: number[] = [];
  const readRuns: number[] = [];
  for (let run = 0; run < 3; run++) {
    let started = performance.now();
    for (const bytes of raw) gunzipSync(bytes);
    gunzipRuns.push((performance.now() - started) / 1000);
    started = performance.now();
    for (const [i, name] of files.entries()) readClimateFile('tmy3', join(tmy3Dir, name), `climate/tmy3/${name}`, raw[i]!);
    readRuns.push((performance.now() - started) / 1000);
  }
  const best = Math.min(...whole);
  const readCheck = Math.min(...readRuns);
  const gunzip = Math.min(...gunzipRuns);
  console.log(
    `  whole path (read, gunzip, parse, check, write Parquet + catalog): ${(mb / best).toFixed(1)} MB/s of CSV (best of 3: ${best.toFixed(2)} s; runs ${whole.map((s) => s.toFixed(2)).join(', ')} s), and its parts:`,
  );
  console.log(
    `    gunzip ${(mb / gunzip).toFixed(0)} MB/s; gunzip + parse + check ${(mb / readCheck).toFixed(0)} MB/s; the rest (writing Parquet and the catalog) about ${Math.max(0, best - readCheck).toFixed(2)} s of ${best.toFixed(2)} s`,
  );
}

async function reads(): Promise<Array<{ cells: number; cold: number; warm: number; duckdb: number }>> {
  const rows: Array<{ cells: number; cold: number; warm: number; duckdb: number }> = [];
  for (const cells of sizes) {
    const grid = await climateGrid(cells);
    const manifest = JSON.parse(readFileSync(join(grid.dir, 'manifest.json'), 'utf8'));
    const db = await Database.open();
    const coldStore = await ClimateStore.load(db, grid.dir, manifest, { cacheBytes: 0 });
    const warmStore = await ClimateStore.load(db, grid.dir, manifest, { cacheBytes: 256 * 1024 * 1024 });
    const random = new Random(cells);
    const nsrdb = coldStore.stations.filter((station) => station.dataset === 'nsrdb');
    // The first read from each shard parses its footer; the store keeps it (compacted) for the next.
    const byShard = new Map<string, typeof nsrdb>();
    for (const station of nsrdb) byShard.set(station.hourly_file, [...(byShard.get(station.hourly_file) ?? []), station]);
    const firstReads: number[] = [];
    for (const stations of byShard.values()) {
      const started = performance.now();
      await coldStore.weather(random.pick(stations));
      firstReads.push(performance.now() - started);
    }
    for (let i = 0; i < 50; i++) await coldStore.weather(random.pick(nsrdb));
    const cold: number[] = [];
    for (let i = 0; i < 500; i++) {
      const station = random.pick(nsrdb);
      const started = performance.now();
      await coldStore.weather(station);
      cold.push(performance.now() - started);
    }
    const hot = Array.from({ length: 50 }, () => random.pick(nsrdb));
    for (const station of hot) await warmStore.weather(station);
    const warm: number[] = [];
    for (let i = 0; i < 5000; i++) {
      const station = random.pick(hot);
      const started = performance.now();
      await warmStore.weather(station);
      warm.push(performance.now() - started);
    }
    // For comparison: DuckDB reading the same station with a filter on `station` (row-group pruning by
    // min/max statistics) from its 512-station shard.
    const duck: number[] = [];
    for (let i = 0; i < 100; i++) {
      const station = random.pick(nsrdb);
      const path = join(grid.dir, manifest.datasets.climate.files[station.hourly_file].path).replace(/'/g, "''");
      const started = performance.now();
      const result = await db.query(`SELECT ${HOURLY_COLUMNS.join(', ')} FROM read_parquet('${path}') WHERE station = ${station.station_index}`);
      duck.push(performance.now() - started);
      if (result.ghi!.length !== station.records) throw new Error('DuckDB read the wrong rows');
    }
    db.close();
    const row = { cells, cold: p50(cold), warm: p50(warm), duckdb: p50(duck) };
    rows.push(row);
    console.log(
      `  ${String(cells).padStart(7)} cells (${grid.shards} shards, built in ${grid.buildSeconds.toFixed(1)} s): one station's 8,760 hours p50 cold ${row.cold.toFixed(3)} ms (${atMost(row.cold, COLD_GOAL_MS, 'ms')}; DuckDB's filtered scan of the shard instead: ${row.duckdb.toFixed(2)} ms), warm ${row.warm.toFixed(4)} ms (${atMost(row.warm, WARM_GOAL_MS, 'ms')})`,
    );
    console.log(
      `           first read from each of the ${byShard.size} shards with nsrdb cells (footer parsed and kept) p50 ${p50(firstReads).toFixed(1)} ms (docs/storage.md: ${FIRST_READ_REFERENCE}); load average ${loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')}`,
    );
  }
  return rows;
}

if (existsSync(tmy3Dir)) await ingest();
else console.log(`${tmy3Dir} not found: no TMY3 ingest figures`);
console.log("\nOne station's hourly read (store.weather), random nsrdb cells:");
const rows = await reads();
const first = rows[0]!;
const last = rows[rows.length - 1]!;
const ratio = last.cold / first.cold;
console.log(`  cold p50 at ${last.cells} / ${first.cells} cells: ${ratio.toFixed(2)} (${atMost(ratio, FLATNESS_GOAL)})`);
