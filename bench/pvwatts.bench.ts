// PVWatts v6 over HTTP (the server in its own process, keep-alive clients): p50, p99 and requests/s
// of monthly and hourly JSON at concurrency 1 and 8, every request a different system (array type,
// tilt, azimuth, size, losses, module) at a different point, so that nothing but the station's
// prepared site is reused: the uncached path. On the seeded sample (nsrdb grid, points near its
// cells, the default radius) and, when the shared data is there (harness/shared-data.ts), on the
// ten real weather files of its pvwatts/weather built through the pipeline's climate source layout
// (by file_id).
// Also the first estimate at a station (its weather read from Parquet and prepared). The sample's
// 245 nsrdb cells need PV_SITE_CACHE_MB=512 to stay prepared (set here; the default is 256).
// The goals: a monthly estimate's p50 at most 5 ms with one client, and an hourly one's at most ¼ of
// the reference engine's time per case: ssc's pvwattsv5 (test/pv/v5-reference/README.md)
// run now on the first hourly requests' systems and weather files when its runner is here
// (PVWATTS_V5_ORACLE; the real files only), else the median recorded in
// test/pv/v5-reference/timing.json. The other rows are printed beside their reference (8 clients
// beside 1, hourly beside monthly and the engine, a first estimate beside a later one).
//
// PVWATTS_BENCH_SCALE multiplies the request counts (default 1).
import { scratchDir } from './lib/scratch.ts';
import { DuckDBInstance } from '../model/duckdb.ts';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { buildDataSet } from '../pipeline/build.ts';
import { Random } from '../pipeline/sample/random.ts';
import { atMost, percentile, percentileOf } from './lib/figures.ts';
import { load, type LoadResult } from './lib/load.ts';
import { recordedV5Timing, runV5Engine, v5EngineHere } from './lib/pvwatts-v5-engine.ts';
import { startServerProcess, type ServerProcess } from './lib/server-process.ts';
import { linkWeatherSources, weatherDir } from '../harness/pv-v5-reference-cases.ts';

const scale = Number(process.env.PVWATTS_BENCH_SCALE ?? 1);
const MONTHLY_GOAL_MS = 5;
/** An hourly estimate's p50 goal, as a share of the reference engine's time per case. */
const HOURLY_GOAL_SHARE = 0.25;
/** Hourly requests the engine runs again, when its runner is here. */
const ENGINE_CASES = 20;
const load1 = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

interface Station {
  id: string;
  dataset: string;
  lat: number;
  lon: number;
  source_file: string;
}

async function catalog(dir: string): Promise<Station[]> {
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
  const connection = await (await DuckDBInstance.create(':memory:')).connect();
  const reader = await connection.runAndReadAll(
    `SELECT id, dataset, lat, lon, source_file FROM read_parquet('${join(dir, manifest.datasets.climate.files.stations.path)}') ORDER BY id`,
  );
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

function line(label: string, result: LoadResult, against: string): string {
  const statuses = Object.entries(result.statuses).filter(([status]) => status !== '200');
  const other = statuses.length ? `  (non-200: ${statuses.map(([status, count]) => `${count}×${status}`).join(', ')})` : '';
  return `  ${label.padEnd(28)} ${result.p50.toFixed(2).padStart(7)} ${result.p99.toFixed(2).padStart(8)} ${result.perSecond.toFixed(0).padStart(7)}   ${(result.bytes / result.requests / 1024).toFixed(1).padStart(6)} KB   ${against}${other}`;
}

/** The reference engine's time per case (ms) and what it is: recorded, or run now on the first hourly requests. */
interface EngineFigure {
  hourlyMs: number;
  what: string;
}

const recordedEngine: EngineFigure = {
  hourlyMs: 1000 * recordedV5Timing.hourly.p50_exec_seconds,
  what: `median of the ${recordedV5Timing.hourly.cases} hourly reference cases recorded in test/pv/v5-reference/timing.json`,
};

/** The system of a request's query as the API passes it to the engine (its defaults for what is not given). */
function engineInputs(query: string): Record<string, number> {
  const inputs: Record<string, number> = { dc_ac_ratio: 1.2, inv_eff: 96, gcr: 0.4 };
  for (const [name, value] of new URLSearchParams(query)) inputs[name] = Number(value);
  return inputs;
}

/**
 * Monthly and hourly estimates with one client and eight, each beside its goal or reference; returns
 * the p50 of a monthly estimate with one client. `weatherPath` gives the weather file of request i
 * where the engine can run on it.
 */
async function run(
  server: ServerProcess,
  label: string,
  location: (i: number) => string,
  arrayTypes: number[],
  weatherPath?: (i: number) => string,
): Promise<number> {
  console.log(`\n${label} — load average before: ${load1()}`);
  console.log(`  ${''.padEnd(28)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(8)} ${'req/s'.padStart(7)}   ${'body'.padStart(9)}`);
  const systemsOf = (timeframe: 'monthly' | 'hourly', concurrency: number, count: number) => {
    const system = systems(new Random(1000 + concurrency + timeframe.length), arrayTypes);
    return Array.from({ length: count }, () => system());
  };
  const measure = async (timeframe: 'monthly' | 'hourly', concurrency: number, requests: number) => {
    const total = Math.round(requests * scale);
    const warmup = Math.min(100, Math.floor(total / 10));
    const queries = systemsOf(timeframe, concurrency, total + warmup);
    const paths = queries.map(
      (query, i) => `/api/pvwatts/v6.json?api_key=${server.key}&${query}&${location(i)}${timeframe === 'hourly' ? '&timeframe=hourly' : ''}`,
    );
    return load(server.url, (i) => paths[i]!, { concurrency, total, warmup });
  };
  // the engine on the first hourly requests of one client (the load's warm-up asks them first)
  let engine = recordedEngine;
  if (v5EngineHere && weatherPath) {
    const queries = systemsOf('hourly', 1, ENGINE_CASES);
    const seconds = queries.map((query, i) => runV5Engine(weatherPath(i), engineInputs(query), true).execSeconds);
    engine = { hourlyMs: 1000 * percentileOf(seconds, 50), what: `median of the first ${ENGINE_CASES} hourly requests below, run now` };
  }
  const monthly = await measure('monthly', 1, 600);
  console.log(line('monthly JSON, 1 client', monthly, `p50 ${atMost(monthly.p50, MONTHLY_GOAL_MS, 'ms')}`));
  const monthlyEight = await measure('monthly', 8, 1200);
  console.log(line('monthly JSON, 8 clients', monthlyEight, `${(monthlyEight.perSecond / monthly.perSecond).toFixed(1)} × the req/s of 1 client`));
  const hourly = await measure('hourly', 1, 150);
  const hourlyGoal = HOURLY_GOAL_SHARE * engine.hourlyMs;
  console.log(
    line(
      'hourly JSON, 1 client',
      hourly,
      `p50 ${(hourly.p50 / monthly.p50).toFixed(1)} × monthly's; ${(engine.hourlyMs / hourly.p50).toFixed(1)}× faster than the engine's ${engine.hourlyMs.toFixed(1)} ms per case, ${atMost(hourly.p50, Number(hourlyGoal.toFixed(1)), 'ms (¼ of it)')}`,
    ),
  );
  console.log(`  ${''.padEnd(28)} (engine: ${engine.what})`);
  const hourlyEight = await measure('hourly', 8, 300);
  console.log(line('hourly JSON, 8 clients', hourlyEight, `${(hourlyEight.perSecond / hourly.perSecond).toFixed(1)} × the req/s of 1 client`));
  console.log(`  load average after: ${load1()}`);
  return monthly.p50;
}

/** "first estimate at a cell (…): p50 …, p99 …; once prepared: p50 …" */
function firstEstimateLine(where: string, first: number[], preparedP50: number): string {
  return `  first estimate at ${where} (weather read and prepared): p50 ${percentile(first, 50).toFixed(1)} ms, p99 ${percentile(first, 99).toFixed(1)} ms; an estimate once prepared (monthly, 1 client): p50 ${preparedP50.toFixed(1)} ms`;
}

/** Every station's first estimate (weather read from Parquet, site prepared), one client. */
async function firstEstimates(server: ServerProcess, locations: string[]): Promise<number[]> {
  const times: number[] = [];
  for (const location of locations) {
    const started = performance.now();
    const response = await fetch(
      `${server.url}/api/pvwatts/v6.json?api_key=${server.key}&system_capacity=4&module_type=0&losses=14&array_type=1&tilt=20&azimuth=180&${location}`,
    );
    await response.arrayBuffer();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

// --- the seeded sample ---------------------------------------------------------------------------
{
  const dir = scratchDir('sample');
  await buildDataSet({ outDir: dir, sample: { seed: 1, stations: 500 }, allowInvalid: false, repair: false, log: () => {} });
  const cells = (await catalog(dir)).filter((station) => station.dataset === 'nsrdb');
  // every cell's prepared site in the cache (about 1.5 MB each, JSON text of the hourly weather included)
  const server = await startServerProcess(dir, { NODE_ENV: 'production', PV_SITE_CACHE_MB: '512' });
  try {
    const first = await firstEstimates(
      server,
      cells.map((cell) => `file_id=${cell.id}`),
    );
    console.log(`sample data set: ${cells.length} nsrdb cells (2° grid)`);
    const random = new Random(77);
    // points within a degree of a cell: the nearest cell is found within the default 100 miles
    const points = Array.from({ length: 20000 }, () => {
      const cell = cells[random.int(0, cells.length - 1)]!;
      return `lat=${(cell.lat + (random.next() - 0.5)).toFixed(3)}&lon=${(cell.lon + (random.next() - 0.5)).toFixed(3)}`;
    });
    const health = (await (await fetch(`${server.url}/health`)).json()) as { pv_site_cache: { stations: number; bytes: number; max_bytes: number } };
    console.log(
      `prepared-site cache: ${health.pv_site_cache.stations} stations, ${(health.pv_site_cache.bytes / 2 ** 20).toFixed(0)} MB of ${(health.pv_site_cache.max_bytes / 2 ** 20).toFixed(0)} MB`,
    );
    const preparedP50 = await run(server, 'sample, lat/lon (nsrdb, radius 100), every array type', (i) => points[i % points.length]!, [0, 1, 2, 3, 4]);
    console.log(firstEstimateLine('a cell', first, preparedP50));
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
  const source = scratchDir('weather-source');
  linkWeatherSources(source);
  const dir = scratchDir('weather-data-set');
  await buildDataSet({ outDir: dir, sourceDir: source, allowInvalid: false, repair: false, log: () => {} });
  const stations = await catalog(dir);
  const server = await startServerProcess(dir, { NODE_ENV: 'production' });
  try {
    const first = await firstEstimates(
      server,
      stations.map((station) => `file_id=${encodeURIComponent(station.id)}`),
    );
    const preparedP50 = await run(
      server,
      `real weather files (${stations.length} stations), file_id, every array type`,
      (i) => `file_id=${encodeURIComponent(stations[i % stations.length]!.id)}`,
      [0, 1, 2, 3, 4],
      (i) => join(source, stations[i % stations.length]!.source_file),
    );
    console.log(firstEstimateLine('a station', first, preparedP50));
  } finally {
    await server.stop();
  }
}
