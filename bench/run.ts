// Runs every bench/*.bench.ts (or those whose name contains one of the arguments), one after another,
// each in its own process with its own scratch folder (bench/lib/scratch.ts), and prints each one's
// time. A bench still running after BENCH_TIME_LIMIT_S (180 s unless that variable says; national-grid 420 s) is stopped
// (SIGTERM: it cleans up) and counts as failed; Ctrl-C (or SIGTERM) stops the current bench and the
// run. Whatever a bench leaves in its scratch folder (it cannot clean up after a SIGKILL) is reported
// and removed.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** What one bench may take (on a 2-core machine each takes under a minute; the whole run's goal is 10). */
const BENCH_TIME_LIMIT_S = Number(process.env.BENCH_TIME_LIMIT_S ?? 180);
/** Benches that take longer, unless BENCH_TIME_LIMIT_S says: national-grid builds and serves a 2,000,000-cell grid (about 4 minutes). */
const LONGER_LIMITS_S: Readonly<Record<string, number>> = { 'national-grid.bench.ts': 420 };
const limitOf = (script: string) => (process.env.BENCH_TIME_LIMIT_S === undefined ? (LONGER_LIMITS_S[script] ?? BENCH_TIME_LIMIT_S) : BENCH_TIME_LIMIT_S);
const RUN_GOAL_S = 600;

const here = import.meta.dirname;
const filters = process.argv.slice(2);
const scripts = readdirSync(here)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => filters.length === 0 || filters.some((f) => name.includes(f)))
  .sort();

/** The signal that stopped the run, if one did. */
let stoppedBy: NodeJS.Signals | undefined;
let current: ReturnType<typeof spawn> | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stoppedBy = signal;
    // From a terminal the bench has the signal already; passing it on is for a signal sent to the run alone.
    current?.kill(signal);
  });
}

/** Runs one bench; resolves with how it ended. */
function runBench(script: string, scratch: string): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--expose-gc', join(here, script)], {
      stdio: 'inherit',
      env: { ...process.env, BENCH_SCRATCH: scratch },
    });
    current = child;
    let timedOut = false;
    const limit = setTimeout(() => {
      timedOut = true;
      child.kill('SIGTERM');
    }, limitOf(script) * 1000);
    child.on('exit', (code, signal) => {
      clearTimeout(limit);
      current = undefined;
      resolve(timedOut ? `stopped after the ${limitOf(script)} s limit` : code === 0 ? 'ok' : `failed (${signal ?? `exit ${code}`})`);
    });
  });
}

function leftIn(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

const seconds = (since: number) => (performance.now() - since) / 1000;
const results: Array<{ script: string; seconds: number; outcome: string }> = [];
const runStarted = performance.now();
for (const script of scripts) {
  if (stoppedBy) break;
  console.log(`\n=== ${script}`);
  const scratch = mkdtempSync(join(tmpdir(), `nrel-compat-bench-${script.replace(/\.bench\.ts$/, '')}-`));
  const started = performance.now();
  const outcome = await runBench(script, scratch);
  const took = seconds(started);
  const left = leftIn(scratch);
  if (left.length) console.log(`  left in its scratch folder, now removed: ${left.join(', ')}`);
  rmSync(scratch, { recursive: true, force: true });
  console.log(`=== ${script}: ${took.toFixed(1)} s, ${outcome}`);
  results.push({ script, seconds: took, outcome });
}

console.log('\nbench                              seconds');
for (const result of results) console.log(`  ${result.script.padEnd(32)} ${result.seconds.toFixed(1).padStart(7)}   ${result.outcome}`);
console.log(
  `  ${'total'.padEnd(32)} ${seconds(runStarted).toFixed(1).padStart(7)}   (goal for the whole run: under ${RUN_GOAL_S} s)${stoppedBy ? `; stopped by ${stoppedBy}` : ''}`,
);
process.exitCode = results.every((result) => result.outcome === 'ok') && !stoppedBy ? 0 : 1;
