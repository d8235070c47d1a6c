// PVWatts v5 model alone: per weather file, the time to prepare the site (sun positions, Perez
// coefficients, …) and then p50/p99 of one 8,760-hour `simulate` per array type (4 kW, tilt 20° or
// a horizontal axis, gcr 0.4), after a warm-up, each p50 beside the reference: the 5 ms a whole
// monthly estimate may take (its goal in pvwatts.bench.ts). Weather files are read (not timed) from
// ../shared/pvwatts/weather.
import './lib/scratch.ts';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { readWeatherFile } from '../pipeline/readers/weather/index.ts';
import { prepareSite, simulate, type PvSystem } from '../server/pv/index.ts';
import { shared } from '../test/support/shared-data.ts';
import { percentile } from './lib/figures.ts';

const weatherDir = shared('pvwatts', 'weather');
const FILES = ['723170TYA.CSV', '12839.tm2', 'phoenix_az_33.450495_-111.983688_psmv3_60_tmy.csv', 'NLD_Amsterdam062400_IWEC.epw'];
const WARMUP_RUNS = 30;
const TIMED_RUNS = 200;
const PREPARE_RUNS = 20;
const ARRAY_TYPES = ['fixed open rack', 'fixed roof', '1-axis', '1-axis backtracking', '2-axis'];
/** A monthly estimate's goal (p50 of the whole request, pvwatts.bench.ts), of which simulate is a part. */
const ESTIMATE_GOAL_MS = 5;

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

if (!existsSync(weatherDir)) {
  console.log(`weather files not found at ${weatherDir}; nothing to measure`);
} else {
  const gc = (globalThis as { gc?: () => void }).gc;
  console.log(
    `ms per simulation (8,760 records)      p50      p99   p50 in the ${ESTIMATE_GOAL_MS} ms of an estimate    (load average ${loadavg()
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
      console.log(
        `  ${String(arrayType)} ${ARRAY_TYPES[arrayType]!.padEnd(30)} ${p50.toFixed(2).padStart(7)}  ${percentile(times, 99).toFixed(2).padStart(7)}   ${((100 * p50) / ESTIMATE_GOAL_MS).toFixed(0).padStart(4)} %`,
      );
    }
  }
  console.log(
    `\nload average at the end: ${loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}`,
  );
}
