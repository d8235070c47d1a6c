// The PVWatts v6 reference engine's time per case (ssc pvwattsv5 at 2018.11.11.r4, built outside the
// project: test/pv/v5-reference/README.md), for the benches that print the model's and the server's
// figures beside it: its runner run now when it is on this machine (PVWATTS_V5_ORACLE), else the
// times recorded in test/pv/v5-reference/timing.json.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { percentileOf } from './figures.ts';

/** The runner: `pvwatts5-run WEATHER_FILE [--hourly] name=value …`, printing `{ok, exec_seconds, read_seconds, …}`. */
export const V5_ENGINE = process.env.PVWATTS_V5_ORACLE ?? '';
export const v5EngineHere = V5_ENGINE !== '' && existsSync(V5_ENGINE);

interface KindTiming {
  cases: number;
  p50_exec_seconds: number;
  mean_exec_seconds: number;
  p50_simulation_seconds: number;
  p50_process_seconds: number;
}

/** test/pv/v5-reference/timing.json (per case, the fastest of three runs). */
export const recordedV5Timing = JSON.parse(readFileSync(new URL('../../test/pv/v5-reference/timing.json', import.meta.url), 'utf8')) as {
  monthly: KindTiming;
  hourly: KindTiming;
  by_array_type: Record<string, KindTiming>;
};

/** The recorded timing's entries by array type (0–4). */
export const RECORDED_ARRAY_TYPES = ['fixed open rack', 'fixed roof mount', '1-axis', '1-axis backtracking', '2-axis'];

/** One case's times, seconds: compute() with the weather file read, and that read alone. */
export interface EngineTime {
  execSeconds: number;
  readSeconds: number;
}

/** Runs the engine once on `weatherPath` with the API's inputs (`hourly`: printing the hourly arrays too). */
export function runV5Engine(weatherPath: string, inputs: Record<string, number>, hourly = false): EngineTime {
  const args = [weatherPath, ...(hourly ? ['--hourly'] : []), ...Object.entries(inputs).map(([name, value]) => `${name}=${value}`)];
  const run = spawnSync(V5_ENGINE, args, { encoding: 'utf8', maxBuffer: 64 << 20 });
  if (run.status !== 0) throw new Error(`${V5_ENGINE} failed: ${run.stderr}`);
  const answer = JSON.parse(run.stdout) as { ok: boolean; exec_seconds: number; read_seconds: number; errors: string[] };
  if (!answer.ok) throw new Error(`${V5_ENGINE} refused ${args.join(' ')}: ${answer.errors.join('; ')}`);
  return { execSeconds: answer.exec_seconds, readSeconds: answer.read_seconds };
}

/** The median of each time over `runs` runs of the same case. */
export function medianV5EngineTime(weatherPath: string, inputs: Record<string, number>, runs: number, hourly = false): EngineTime {
  const times = Array.from({ length: runs }, () => runV5Engine(weatherPath, inputs, hourly));
  return {
    execSeconds: percentileOf(
      times.map((time) => time.execSeconds),
      50,
    ),
    readSeconds: percentileOf(
      times.map((time) => time.readSeconds),
      50,
    ),
  };
}
