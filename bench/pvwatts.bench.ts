// PVWatts v6 over HTTP (the server in its own process, keep-alive clients): p50, p99 and requests/s
// of monthly and hourly JSON at concurrency 1 and 8, every request a different system (array type,
// tilt, azimuth, size, losses, module) at a different point, so that nothing but the station's
// prepared site is reused: the uncached path. On the seeded sample (nsrdb grid, points near its
// cells, the default radius) and, when ../shared is there, on the ten real weather files of
// ../shared/pvwatts/weather built through the pipeline's climate source layout (by file_id).
// Also the first estimate at a station (its weather read from Parquet and prepared). The sample's
// 245 nsrdb cells need PV_SITE_CACHE_MB=512 to stay prepared (set here; the default is 256).
//
// PVWATTS_BENCH_SCALE multiplies the request counts (default 1).
import { DuckDBInstance } from '@duckdb/node-api';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg, tmpdir } from 'node:os';
import { buildDataSet } from '../pipeline/build.ts';
import { Random } from '../pipeline/sample/random.ts';
import { percentile } from './lib/figures.ts';
import { load, type LoadResult } from './lib/load.ts';
import { startServerProcess, type ServerProcess } from './lib/server-process.ts';
import { linkWeatherSources, weatherDir } from '../test/pv/reference-cases.ts';

const scale = Number(process.env.PVWATTS_BENCH_SCALE ?? 1);
const made: string[] = [];
const temporary = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), `bench-${prefix}-`));
  made.push(dir);
  return dir;
};
const load1 = () => loadavg().map((value) => value.toFixed(2)).join(' ');

interface Station {
  id: string;
  dataset: string;
  lat: number;
  lon: number;
}

async function catalog(dir: string): Promise<Station[]> {
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
  const connection = await (await DuckDBInstance.create(':memory:')).connect();
  const reader = await connection.runAndReadAll(`SELECT id, dataset, lat, lon FROM read_parquet('${join(dir, manifest.datasets.climate.files.stations.path)}') ORDER BY id`);
  return reader.getRowObjectsJS() as unknown as Station[];
}

/** A different system for every request; `arrayTypes` limits the array types drawn. */
function systems(random: Random, arrayTypes: number[]): () => string {
  return () => {
    const arrayType = arrayTypes[random.int(0, arrayTypes.length - 1)]!;
    const tilt = arrayType === 2 || arrayType === 3 ? random.int(0, 30) : random.int(0, 60);
    const azimuth = random.int(90, 270);
    const capacity = (1 + random.next() * 99).toFixed(2);
    const losses = (5 + random.next() * 15).toFixed(1);
    return `system_capacity=${capacity}&module_type=${random.int(0, 2)}&losses=${losses}&array_type=${arrayType}&tilt=${tilt}&azimuth=${azimuth}&gcr=${(0.2 + random.next() * 0.6).toFixed(2)}`;
  };
}

function line(label: string, result: LoadResult): string {
  const statuses = Object.entries(result.statuses).filter(([status]) => status !== '200');
  const other = statuses.length ? `  (non-200: ${statuses.map(([status, count]) => `${count}×${status}`).join(', ')})` : '';
  return `  ${label.padEnd(44)} ${result.p50.toFixed(2).padStart(7)} ${result.p99.toFixed(2).padStart(8)} ${result.perSecond.toFixed(0).padStart(7)}   ${(result.bytes / result.requests / 1024).toFixed(1).padStart(6)} KB${other}`;
}

async function run(server: ServerProcess, label: string, location: (i: number) => string, arrayTypes: number[]): Promise<void> {
  console.log(`\n${label} — load average before: ${load1()}`);
  console.log(`  ${''.padEnd(44)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(8)} ${'req/s'.padStart(7)}   ${'body'.padStart(9)}`);
  const cases: Array<{ name: string; timeframe: string; concurrency: number; total: number }> = [
    { name: 'monthly JSON, 1 client', timeframe: 'monthly', concurrency: 1, total: 1500 },
    { name: 'monthly JSON, 8 clients', timeframe: 'monthly', concurrency: 8, total: 3000 },
    { name: 'hourly JSON, 1 client', timeframe: 'hourly', concurrency: 1, total: 400 },
    { name: 'hourly JSON, 8 clients', timeframe: 'hourly', concurrency: 8, total: 800 },
  ];
  for (const entry of cases) {
    const random = new Random(1000 + entry.concurrency + entry.timeframe.length);
    const system = systems(random, arrayTypes);
    const paths: string[] = [];
    const total = Math.round(entry.total * scale);
    const warmup = Math.min(100, Math.floor(total / 10));
    for (let i = 0; i < total + warmup; i++) {
      paths.push(`/api/pvwatts/v6.json?api_key=${server.key}&${system()}&${location(i)}${entry.timeframe === 'hourly' ? '&timeframe=hourly' : ''}`);
    }
    const result = await load(server.url, (i) => paths[i]!, { concurrency: entry.concurrency, total, warmup });
    console.log(line(entry.name, result));
  }
  console.log(`  load average after: ${load1()}`);
}

/** Every station's first estimate (weather read from Parquet, site prepared), one client. */
async function firstEstimates(server: ServerProcess, locations: string[]): Promise<number[]> {
  const times: number[] = [];
  for (const location of locations) {
    const started = performance.now();
    const response = await fetch(`${server.url}/api/pvwatts/v6.json?api_key=${server.key}&system_capacity=4&module_type=0&losses=14&array_type=1&tilt=20&azimuth=180&${location}`);
    await response.arrayBuffer();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

// --- the seeded sample ---------------------------------------------------------------------------
{
  const dir = temporary('pvwatts-sample');
  await buildDataSet({ outDir: dir, sample: { seed: 1, stations: 500 }, allowInvalid: false, repair: false, log: () => {} });
  const cells = (await catalog(dir)).filter((station) => station.dataset === 'nsrdb');
  // every cell's prepared site in the cache (about 1.5 MB each, JSON text of the hourly weather included)
  const server = await startServerProcess(dir, { NODE_ENV: 'production', PV_SITE_CACHE_MB: '512' });
  try {
    const first = await firstEstimates(server, cells.map((cell) => `file_id=${cell.id}`));
    console.log(`sample data set: ${cells.length} nsrdb cells (2° grid); first estimate at a cell (weather read and prepared): p50 ${percentile(first, 50).toFixed(1)} ms, p99 ${percentile(first, 99).toFixed(1)} ms`);
    const random = new Random(77);
    // points within a degree of a cell: the nearest cell is found within the default 100 miles
    const points = Array.from({ length: 20000 }, () => {
      const cell = cells[random.int(0, cells.length - 1)]!;
      return `lat=${(cell.lat + (random.next() - 0.5)).toFixed(3)}&lon=${(cell.lon + (random.next() - 0.5)).toFixed(3)}`;
    });
    const health = (await (await fetch(`${server.url}/health`)).json()) as { pv_site_cache: { stations: number; bytes: number; max_bytes: number } };
    console.log(`prepared-site cache: ${health.pv_site_cache.stations} stations, ${(health.pv_site_cache.bytes / 2 ** 20).toFixed(0)} MB of ${(health.pv_site_cache.max_bytes / 2 ** 20).toFixed(0)} MB`);
    await run(server, 'sample, lat/lon (nsrdb, radius 100), every array type', (i) => points[i % points.length]!, [0, 1, 2, 3, 4]);
    await run(server, 'sample, lat/lon (nsrdb, radius 100), fixed arrays (types 0, 1)', (i) => points[i % points.length]!, [0, 1]);
    console.log(`  server peak RSS ${server.peakRssMb().toFixed(0)} MB`);
  } finally {
    await server.stop();
  }
}

// --- the real weather files ----------------------------------------------------------------------
if (!existsSync(weatherDir)) {
  console.log(`\n${weatherDir} not found: no real weather files to measure`);
} else {
  const source = temporary('pvwatts-source');
  linkWeatherSources(source);
  const dir = temporary('pvwatts-real');
  await buildDataSet({ outDir: dir, sourceDir: source, allowInvalid: false, repair: false, log: () => {} });
  const stations = await catalog(dir);
  const server = await startServerProcess(dir, { NODE_ENV: 'production' });
  try {
    const first = await firstEstimates(server, stations.map((station) => `file_id=${encodeURIComponent(station.id)}`));
    console.log(`\nreal weather files: ${stations.length} stations; first estimate at a station: p50 ${percentile(first, 50).toFixed(1)} ms, max ${first[first.length - 1]!.toFixed(1)} ms`);
    await run(server, 'real weather files, file_id, every array type', (i) => `file_id=${encodeURIComponent(stations[i % stations.length]!.id)}`, [0, 1, 2, 3, 4]);
  } finally {
    await server.stop();
  }
}

for (const dir of made) rmSync(dir, { recursive: true, force: true });
