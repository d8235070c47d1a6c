// The PV models alone. PVWatts v5 (pv/v5/): per weather file, the time to prepare the site (sun
// positions, Perez coefficients, …) and then p50/p99 of one 8,760-hour `simulate` per array type
// (4 kW, tilt 20° or a horizontal axis, gcr 0.4), after a warm-up, each p50 beside its goal (at most
// 2.5 ms) and the reference engine's time for the same case: ssc's pvwattsv5 run now on
// the same file and system when its runner is here (PVWATTS_V5_ORACLE), else the medians recorded per
// array type (test/pv/v5-reference/timing.json): its simulation alone (compute() less its weather
// file read) and the whole case. PVWatts v8
// (pv/v8/): the same per array type, monofacial and bifacial (bifaciality 0.7), p50 and the
// slowest run beside the reference engine's mean case of the same kind and the monthly goal over
// HTTP, ¼ of its mean monthly case (test/pv/v8-reference/timing.json). Weather files are read (not
// timed) from the shared data's pvwatts/weather (harness/shared-data.ts).
import './lib/scratch.ts';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import type { WeatherData } from '../model/weather.ts';
import { readWeatherFile } from '../pipeline/readers/weather/index.ts';
import { prepareSite, simulate, type PvSystem } from '../pv/v5/index.ts';
import { prepareSiteV8, simulateV8, type PvSystemV8 } from '../pv/v8/index.ts';
import { shared } from '../harness/shared-data.ts';
import { atMost, percentile } from './lib/figures.ts';
import { medianV5EngineTime, RECORDED_ARRAY_TYPES, recordedV5Timing, v5EngineHere, V5_ENGINE } from './lib/pvwatts-v5-engine.ts';

const weatherDir = shared('pvwatts', 'weather');
const FILES = ['723170TYA.CSV', '12839.tm2', 'phoenix_az_33.450495_-111.983688_psmv3_60_tmy.csv', 'NLD_Amsterdam062400_IWEC.epw'];
const WARMUP_RUNS = 30;
const TIMED_RUNS = 200;
const PREPARE_RUNS = 20;
const ARRAY_TYPES = ['fixed open rack', 'fixed roof', '1-axis', '1-axis backtracking', '2-axis'];
/** One simulation's goal, p50, for every array type. */
const SIMULATE_GOAL_MS = 2.5;
/** Runs of the reference engine per case, when it is here (each about 40 ms). */
const ENGINE_RUNS = 3;

function systemFor(arrayType: number): PvSystem {
  const oneAxis = arrayType === 2 || arrayType === 3;
  return {
    system_capacity: 4,
    module_type: 0,
    losses: 14,
    array_type: arrayType,
    tilt: arrayType === 4 ? undefined : oneAxis ? 0 : 20,
    azimuth: arrayType === 4 ? undefined : 180,
    dc_ac_ratio: 1.2,
    gcr: 0.4,
    inv_eff: 96,
  };
}

function timeRuns(runs: number, run: () => void): number[] {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    run();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

const V8_WARMUP_RUNS = { monofacial: 10, bifacial: 3 };
const V8_TIMED_RUNS = { monofacial: 30, bifacial: 7 };
const V8_BIFACIALITY = 0.7;
/** The reference engine's wall time per case (ssc pvwattsv8 built from source, one case at a time). */
interface EngineTiming {
  monthly: { mean_exec_seconds: number };
  by_bifaciality: { monofacial: { mean_exec_seconds: number }; bifacial: { mean_exec_seconds: number } };
}
const engine = JSON.parse(readFileSync(new URL('../test/pv/v8-reference/timing.json', import.meta.url), 'utf8')) as EngineTiming;

/** The v5 engine on `system` and the weather file at `path`, ms: its simulation (exec − read) and the whole case (exec). */
function v5EngineMs(path: string, system: PvSystem, arrayType: number): { simulation: number; exec: number } {
  if (!v5EngineHere) {
    const recorded = recordedV5Timing.by_array_type[RECORDED_ARRAY_TYPES[arrayType]!]!;
    return { simulation: 1000 * recorded.p50_simulation_seconds, exec: 1000 * recorded.p50_exec_seconds };
  }
  const inputs = Object.fromEntries(Object.entries(system).filter(([, value]) => value !== undefined)) as Record<string, number>;
  const time = medianV5EngineTime(path, inputs, ENGINE_RUNS);
  return { simulation: 1000 * (time.execSeconds - time.readSeconds), exec: 1000 * time.execSeconds };
}
/** The monthly estimate's goal over HTTP: ¼ of the engine's mean monthly case (the model is part of it). */
const V8_MONTHLY_GOAL_MS = (1000 * engine.monthly.mean_exec_seconds) / 4;

/** `systemFor`'s system for v8, with its bifaciality. */
function systemV8For(arrayType: number, bifaciality: number): PvSystemV8 {
  const { tilt, azimuth } = systemFor(arrayType);
  return { system_capacity: 4, module_type: 0, losses: 14, array_type: arrayType, tilt, azimuth, dc_ac_ratio: 1.2, gcr: 0.4, inv_eff: 96, bifaciality };
}

/** PVWatts v8 on one weather file: the site's preparation, then every array type, monofacial and bifacial. */
function benchV8(file: string, weather: WeatherData): void {
  timeRuns(3, () => prepareSiteV8(weather));
  const prepare = timeRuns(PREPARE_RUNS, () => prepareSiteV8(weather));
  const site = prepareSiteV8(weather);
  console.log(`\n${file}  (prepareSiteV8 p50 ${percentile(prepare, 50).toFixed(2)} ms, once per station: part of its first estimate)`);
  for (const kind of ['monofacial', 'bifacial'] as const) {
    const engineMs = 1000 * engine.by_bifaciality[kind].mean_exec_seconds;
    for (let arrayType = 0; arrayType <= 4; arrayType++) {
      const system = systemV8For(arrayType, kind === 'bifacial' ? V8_BIFACIALITY : 0);
      timeRuns(V8_WARMUP_RUNS[kind], () => simulateV8(system, site));
      gc?.();
      const times = timeRuns(V8_TIMED_RUNS[kind], () => simulateV8(system, site));
      const p50 = percentile(times, 50);
      console.log(
        `  ${String(arrayType)} ${ARRAY_TYPES[arrayType]!.padEnd(22)} ${kind.padEnd(10)} ${p50.toFixed(2).padStart(7)}  ${times.at(-1)!.toFixed(2).padStart(7)}   ×${(engineMs / p50).toFixed(1).padEnd(5)}      ${((100 * p50) / V8_MONTHLY_GOAL_MS).toFixed(0).padStart(4)} %`,
      );
    }
  }
}

const gc = (globalThis as { gc?: () => void }).gc;

if (!existsSync(weatherDir)) {
  console.log(`weather files not found at ${weatherDir}; nothing to measure`);
} else {
  console.log(
    v5EngineHere
      ? `reference engine: ${V5_ENGINE}, run now on each file and system (median of ${ENGINE_RUNS})`
      : `reference engine: the medians of test/pv/v5-reference/timing.json per array type (runner not here: PVWATTS_V5_ORACLE)`,
  );
  console.log(
    `ms per simulation (8,760 records)      p50      p99   p50 goal ≤ ${SIMULATE_GOAL_MS} ms   engine: simulation, case   simulation ÷ p50    (load average ${loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')})`,
  );
  // every array type once through the JIT before any figure
  const first = prepareSite(await readWeatherFile(join(weatherDir, FILES[0]!)));
  for (let arrayType = 0; arrayType <= 4; arrayType++) timeRuns(WARMUP_RUNS, () => simulate(systemFor(arrayType), first));
  for (const file of FILES) {
    const weather = await readWeatherFile(join(weatherDir, file));
    timeRuns(3, () => prepareSite(weather));
    const prepare = timeRuns(PREPARE_RUNS, () => prepareSite(weather));
    const site = prepareSite(weather);
    console.log(`\n${file}  (prepareSite p50 ${percentile(prepare, 50).toFixed(2)} ms, once per station: part of its first estimate, pvwatts.bench.ts)`);
    for (let arrayType = 0; arrayType <= 4; arrayType++) {
      const system = systemFor(arrayType);
      timeRuns(WARMUP_RUNS, () => simulate(system, site));
      gc?.();
      const times = timeRuns(TIMED_RUNS, () => simulate(system, site));
      const p50 = percentile(times, 50);
      const engineMs = v5EngineMs(join(weatherDir, file), system, arrayType);
      const verdict = atMost(p50, SIMULATE_GOAL_MS).replace(/^goal.*: /, '');
      console.log(
        `  ${String(arrayType)} ${ARRAY_TYPES[arrayType]!.padEnd(30)} ${p50.toFixed(2).padStart(7)}  ${percentile(times, 99).toFixed(2).padStart(7)}   ${verdict.padEnd(17)} ${engineMs.simulation.toFixed(1).padStart(7)}, ${engineMs.exec.toFixed(1).padStart(5)} ms   ×${(engineMs.simulation / p50).toFixed(1)}`,
      );
    }
  }

  const engineCase = (kind: 'monofacial' | 'bifacial') => (1000 * engine.by_bifaciality[kind].mean_exec_seconds).toFixed(1);
  console.log(
    `\n\nPVWatts v8: the reference engine's mean case takes ${engineCase('monofacial')} ms monofacial, ${engineCase('bifacial')} ms bifacial; ` +
      `a monthly estimate over HTTP has ${V8_MONTHLY_GOAL_MS.toFixed(1)} ms (¼ of its ${(1000 * engine.monthly.mean_exec_seconds).toFixed(1)} ms monthly case)`,
  );
  console.log(`ms per simulation (8,760 records)                        p50  slowest   engine ÷ p50   p50 in the ${V8_MONTHLY_GOAL_MS.toFixed(1)} ms`);
  // every array type once through the JIT before any figure
  const firstV8 = prepareSiteV8(await readWeatherFile(join(weatherDir, FILES[0]!)));
  for (let arrayType = 0; arrayType <= 4; arrayType++) {
    for (const bifaciality of [0, V8_BIFACIALITY]) timeRuns(3, () => simulateV8(systemV8For(arrayType, bifaciality), firstV8));
  }
  for (const file of FILES) benchV8(file, await readWeatherFile(join(weatherDir, file)));
  console.log(
    `\nload average at the end: ${loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}`,
  );
}
