// A bench's scratch space, and what must not outlive the bench. Every bench imports this first: it
// makes one folder in the temp dir (nrel-compat-bench-<bench>-XXXXXX, or the one bench/run.ts names
// in BENCH_SCRATCH) and removes it when the process exits, however it ends: at the end, on an error,
// or on SIGINT, SIGTERM or SIGHUP. TMPDIR points into it, so that whatever this process and the
// processes it starts put in the temp dir (the climate sample cache, redis-server's folder) goes
// with it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

const benchName = basename(process.argv[1] ?? 'bench').replace(/\.bench\.ts$/, '');
const root = process.env.BENCH_SCRATCH ?? mkdtempSync(join(tmpdir(), `nrel-compat-bench-${benchName}-`));
process.env.TMPDIR = root;

/** Run at exit, last registered first; each synchronous (an exit handler cannot wait). */
const exitActions: Array<() => void> = [];

/** A new empty folder in this bench's scratch space, removed with it. */
export function scratchDir(label: string): string {
  return mkdtempSync(join(root, `${label}-`));
}

/** Runs `action` (synchronous) when the bench exits, unless the returned function is called first. */
export function atExit(action: () => void): () => void {
  exitActions.push(action);
  return () => {
    const at = exitActions.indexOf(action);
    if (at >= 0) exitActions.splice(at, 1);
  };
}

function cleanUp(): void {
  for (const action of exitActions.splice(0).reverse()) {
    try {
      action();
    } catch (error) {
      console.error(`${benchName}: cleaning up failed: ${(error as Error).message}`);
    }
  }
  rmSync(root, { recursive: true, force: true });
}

process.once('exit', cleanUp);

// After cleaning up, the signal is raised again with its default action, which ends the process at
// once: process.exit() could hang in DuckDB's teardown while a COPY waits on this thread. The handlers
// stay until then, so that the same signal again (from a terminal and from bench/run.ts) cannot end
// the process half-way through cleaning up.
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.error(`\n${benchName}: ${signal}: stopped, cleaning up`);
    cleanUp();
    for (const handled of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.removeAllListeners(handled);
    process.kill(process.pid, signal);
  });
}
