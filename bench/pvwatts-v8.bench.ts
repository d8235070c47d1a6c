// PVWatts v8 over HTTP beside its reference engine: the 14 real weather files of
// the v8 reference cases built through the pipeline's climate source layout, then the reference
// cases themselves asked by file_id (the mix of array types, module types, bifacial and monofacial
// systems the cases hold), monthly and hourly, with 1 client and 8, and 1 client again once the
// estimator's workers run (a lone estimate then shares its records with one). Each p50 is printed
// beside the reference engine's own time per case on the same mix: ssc's pvwattsv8 run on sampled cases in this
// run when PVWATTS_V8_ORACLE names its runner on this machine (test/pv/v8-reference/README.md says
// how it is built), else the times recorded when the cases were
// made (test/pv/v8-reference/timing.json). Goals: monthly p50 ≤ 6 ms for monofacial systems and
// ≤ 15 ms for bifacial ones, hourly ≤ 15 ms; the ratio to the engine is printed beside each. Also the first estimate at a station (weather read and v8 site prepared).
//
// PVWATTS_BENCH_SCALE multiplies the request counts (default 1).
import { scratchDir } from './lib/scratch.ts';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { buildDataSet } from '../pipeline/build.ts';
import { Random } from '../pipeline/sample/random.ts';
import { atMost, percentileOf } from './lib/figures.ts';
import { load, type LoadResult } from './lib/load.ts';
import { startServerProcess } from './lib/server-process.ts';
import {
  linkV8WeatherSources,
  skipWithoutV8Weather,
  v8ReferenceCases,
  v8ReferenceDir,
  v8SourceFolder,
  type V8ReferenceCase,
} from '../harness/pv-v8-reference-cases.ts';

const scale = Number(process.env.PVWATTS_BENCH_SCALE ?? 1);
const ORACLE = process.env.PVWATTS_V8_ORACLE ?? '';
/** Cases the engine runs in this run, per timeframe (each 0.1–0.5 s). */
const ORACLE_CASES = { monthly: 60, hourly: 20 };
const load1 = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/** A case's query: array type 4 has no tilt or azimuth in ssc, but the API requires them (unused). */
function queryOf(reference: V8ReferenceCase): string {
  const { adjust_constant: _availability, ...parameters } = reference.inputs;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries({ tilt: 0, azimuth: 180, ...parameters }))
    params.set(name, Array.isArray(value) ? value.join('|') : String(value));
  return params.toString();
}

/** The reference engine's compute time per case (seconds) on `cases`, or null when its runner is not here. */
function oracleSeconds(cases: V8ReferenceCase[], hourly: boolean): number[] | null {
  if (ORACLE === '' || !existsSync(ORACLE)) return null;
  return cases.map((reference) => {
    const run = spawnSync(ORACLE, { input: JSON.stringify({ ...reference, hourly }), encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`${ORACLE} failed on ${reference.label}: ${run.stderr}`);
    return (JSON.parse(run.stdout) as { exec_seconds: number }).exec_seconds;
  });
}

function line(label: string, result: LoadResult, against: string): string {
  const statuses = Object.entries(result.statuses).filter(([status]) => status !== '200');
  const other = statuses.length ? `  (non-200: ${statuses.map(([status, count]) => `${count}×${status}`).join(', ')})` : '';
  return `  ${label.padEnd(40)} ${result.p50.toFixed(2).padStart(7)} ${result.p99.toFixed(2).padStart(8)} ${result.perSecond.toFixed(0).padStart(7)}   ${(result.bytes / result.requests / 1024).toFixed(1).padStart(7)} KB   ${against}${other}`;
}

if (skipWithoutV8Weather) {
  console.log(`no real weather files to measure: ${skipWithoutV8Weather}`);
} else {
  const source = scratchDir('v8-weather-source');
  linkV8WeatherSources(source);
  const dir = scratchDir('v8-weather-data-set');
  await buildDataSet({ outDir: dir, sourceDir: source, allowInvalid: false, repair: false, log: () => {} });
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
  const { DuckDBInstance } = await import('../model/duckdb.ts');
  const connection = await (await DuckDBInstance.create(':memory:')).connect();
  const rows = (
    await connection.runAndReadAll(`SELECT id_v2, source_file FROM read_parquet('${join(dir, manifest.datasets.climate.files.stations.path)}')`)
  ).getRowObjectsJS() as Array<{ id_v2: string; source_file: string }>;
  const fileIdOf = new Map(rows.map((row) => [row.source_file, row.id_v2]));
  // the cases the API takes (ssc's refusals aside: the API refuses their gcr itself)
  const cases = [...v8ReferenceCases()].filter((reference) => reference.outputs !== null);
  const pathOf = (reference: V8ReferenceCase, key: string, hourly: boolean) => {
    const fileId = fileIdOf.get(`climate/${v8SourceFolder(reference.weather)}/${reference.weather}`)!;
    return `/api/pvwatts/v8.json?api_key=${key}&file_id=${encodeURIComponent(fileId)}&${queryOf(reference)}${hourly ? '&timeframe=hourly' : ''}`;
  };

  // the cases asked over HTTP, drawn once per timeframe; the engine runs the first of them
  const random = new Random(8);
  const sample = (count: number) => Array.from({ length: count }, () => cases[random.int(0, cases.length - 1)]!);
  const requests = {
    monthly: sample(Math.max(Math.round(600 * scale), ORACLE_CASES.monthly)),
    hourly: sample(Math.max(Math.round(200 * scale), ORACLE_CASES.hourly)),
  };
  const recorded = JSON.parse(readFileSync(join(v8ReferenceDir, 'timing.json'), 'utf8'));
  const engine = (hourly: boolean) => {
    const measured = oracleSeconds(requests[hourly ? 'hourly' : 'monthly'].slice(0, hourly ? ORACLE_CASES.hourly : ORACLE_CASES.monthly), hourly);
    if (measured === null) {
      const seconds = hourly ? recorded.hourly.mean_exec_seconds : recorded.monthly.mean_exec_seconds;
      return {
        ms: seconds * 1000,
        what: `mean of ${hourly ? recorded.hourly.cases : recorded.monthly.cases} cases recorded in timing.json (runner not on this machine)`,
      };
    }
    const mean = (measured.reduce((a, b) => a + b, 0) / measured.length) * 1000;
    return { ms: percentileOf(measured, 50) * 1000, what: `p50 of the first ${measured.length} cases asked below, run now (mean ${mean.toFixed(0)} ms)` };
  };
  const monthlyEngine = engine(false);
  const hourlyEngine = engine(true);
  console.log(`reference engine (ssc pvwattsv8, compute time per case): monthly ${monthlyEngine.ms.toFixed(1)} ms, ${monthlyEngine.what}`);
  console.log(`                                                         hourly ${hourlyEngine.ms.toFixed(1)} ms, ${hourlyEngine.what}`);

  const server = await startServerProcess(dir, { NODE_ENV: 'production' });
  try {
    // every station's first estimate: its weather read from Parquet and its v8 site prepared
    const first: number[] = [];
    for (const sourceFile of fileIdOf.keys()) {
      const reference = cases.find((candidate) => `climate/${v8SourceFolder(candidate.weather)}/${candidate.weather}` === sourceFile)!;
      const started = performance.now();
      await (await fetch(`${server.url}${pathOf(reference, server.key, false)}`)).arrayBuffer();
      first.push(performance.now() - started);
    }
    console.log(
      `\n${fileIdOf.size} stations; first estimate at a station (weather read, v8 site prepared): p50 ${percentileOf(first, 50).toFixed(0)} ms, max ${Math.max(...first).toFixed(0)} ms`,
    );

    console.log(`\nthe reference cases by file_id, HTTP — load average before: ${load1()}`);
    console.log(`  ${''.padEnd(40)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(8)} ${'req/s'.padStart(7)}   ${'body'.padStart(10)}`);
    // each run asks the same cases in the same order (the load's warm-up asks its first ones)
    const measure = (hourly: boolean, concurrency: number, count: number, keep = (_reference: V8ReferenceCase) => true) => {
      const list = requests[hourly ? 'hourly' : 'monthly'].filter(keep);
      const total = Math.min(Math.round(count * scale), list.length);
      const paths = list.slice(0, total).map((reference) => pathOf(reference, server.key, hourly));
      return load(server.url, (i) => paths[i]!, { concurrency, total, warmup: 20 });
    };
    const versus = (p50: number, engineMs: number) => `${(engineMs / p50).toFixed(1)}× faster than the engine`;
    const bifacial = (reference: V8ReferenceCase) => Number(reference.inputs.bifaciality ?? 0) > 0;
    const monthly = await measure(false, 1, 300);
    console.log(line('monthly JSON, 1 client', monthly, versus(monthly.p50, monthlyEngine.ms)));
    const monofacial = await measure(false, 1, 300, (reference) => !bifacial(reference));
    console.log(line('  monofacial only', monofacial, `${atMost(monofacial.p50, 6, 'ms')}; ${versus(monofacial.p50, monthlyEngine.ms)}`));
    const bifacialOnly = await measure(false, 1, 100, bifacial);
    console.log(line('  bifacial only', bifacialOnly, `${atMost(bifacialOnly.p50, 15, 'ms')}; ${versus(bifacialOnly.p50, monthlyEngine.ms)}`));
    // the worker pool starts with the first estimates that come together: not part of the figures
    await measure(false, 8, 40);
    const monthlyEight = await measure(false, 8, 600);
    console.log(line('monthly JSON, 8 clients', monthlyEight, `${(monthlyEight.perSecond / monthly.perSecond).toFixed(1)} × the req/s of 1 client`));
    // from here the workers run: an estimate alone shares its records with one where it can (fixed and 2-axis monofacial arrays)
    const monthlyRunning = await measure(false, 1, 300);
    console.log(line('monthly JSON, 1 client, workers running', monthlyRunning, versus(monthlyRunning.p50, monthlyEngine.ms)));
    const monofacialRunning = await measure(false, 1, 300, (reference) => !bifacial(reference));
    console.log(line('  monofacial only', monofacialRunning, `${atMost(monofacialRunning.p50, 6, 'ms')}; ${versus(monofacialRunning.p50, monthlyEngine.ms)}`));
    const hourly = await measure(true, 1, 100);
    console.log(line('hourly JSON, 1 client, workers running', hourly, `${atMost(hourly.p50, 15, 'ms')}; ${versus(hourly.p50, hourlyEngine.ms)}`));
    const hourlyEight = await measure(true, 8, 200);
    console.log(line('hourly JSON, 8 clients', hourlyEight, `${(hourlyEight.perSecond / hourly.perSecond).toFixed(1)} × the req/s of 1 client`));
    console.log(`  load average after: ${load1()}; server peak RSS ${server.peakRssMb().toFixed(0)} MB`);
  } finally {
    await server.stop();
  }
}
