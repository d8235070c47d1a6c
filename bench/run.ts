// Runs every bench/*.bench.ts (or those whose name contains one of the arguments), one after another,
// each in its own process with its own scratch folder (bench/lib/scratch.ts), and prints each one's
// time. A bench still running after BENCH_TIME_LIMIT_S is stopped (SIGTERM: it cleans up) and counts
// as failed; Ctrl-C stops the current bench and the run. Whatever a bench leaves in its scratch folder
// (it cannot clean up after a SIGKILL) is reported and removed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** What one bench may take on this 2-core machine; the whole run's goal is under 10 minutes. */
const BENCH_TIME_LIMIT_S = 180;
const RUN_GOAL_S = 600;

const here = import.meta.dirname;
const filters = process.argv.slice(2);
const scripts = readdirSync(here)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => filters.length === 0 || filters.some((f) => name.includes(f)))
  .sort();

let interrupted = false;
process.on('SIGINT', () => (interrupted = true));

const seconds = (since: number) => (performance.now() - since) / 1000;
const results: Array<{ script: string; seconds: number; outcome: string }> = [];
const runStarted = performance.now();
for (const script of scripts) {
  if (interrupted) break;
  console.log(`\n=== ${script}`);
  const scratch = mkdtempSync(join(tmpdir(), `nrel-compat-bench-${script.replace(/\.bench\.ts$/, '')}-`));
  const started = performance.now();
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--expose-gc', join(here, script)], {
    stdio: 'inherit',
    env: { ...process.env, BENCH_SCRATCH: scratch },
    timeout: BENCH_TIME_LIMIT_S * 1000,
    killSignal: 'SIGTERM',
  });
  const took = seconds(started);
  const outcome = (run.error as NodeJS.ErrnoException | undefined)?.code === 'ETIMEDOUT' ? `stopped after the ${BENCH_TIME_LIMIT_S} s limit` : run.status === 0 ? 'ok' : `failed (${run.signal ?? `exit ${run.status}`})`;
  const left = readdirSafe(scratch);
  if (left.length) console.log(`  left in its scratch folder, now removed: ${left.join(', ')}`);
  rmSync(scratch, { recursive: true, force: true });
  console.log(`=== ${script}: ${took.toFixed(1)} s, ${outcome}`);
  results.push({ script, seconds: took, outcome });
}

const total = seconds(runStarted);
console.log('\nbench                              seconds');
for (const result of results) console.log(`  ${result.script.padEnd(32)} ${result.seconds.toFixed(1).padStart(7)}   ${result.outcome}`);
console.log(`  ${'total'.padEnd(32)} ${total.toFixed(1).padStart(7)}   (goal for the whole run: under ${RUN_GOAL_S} s)${interrupted ? '; interrupted' : ''}`);
process.exitCode = results.every((result) => result.outcome === 'ok') && !interrupted ? 0 : 1;

function readdirSafe(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
