// Several `npm run build:data` into one --out at once (child processes, as people and cron jobs
// start them): each build's commit takes the lock on --out, so every build succeeds (or, with
// --no-wait, fails at once having written nothing), and the manifest left names only files that
// exist. A lock whose process is gone is taken over; one whose process runs is waited for.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { buildDataSet } from '../pipeline/build.ts';
import { readManifest, type Manifest } from '../pipeline/dataset-writer.ts';
import { BuildFailed } from '../pipeline/issues.ts';
import { repoRoot, temporaryDir } from './support/helpers.ts';

const LOCK = '.build.lock';
const children: Array<ReturnType<typeof spawn>> = [];
after(() => {
  for (const child of children) if (child.exitCode === null) child.kill();
});

interface Run {
  status: number | null;
  stderr: string;
}

function startBuild(args: string[], onStderr?: (text: string) => void): Promise<Run> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'pipeline/build.ts', ...args], { cwd: repoRoot, env: { ...process.env, NO_COLOR: '1' } });
  children.push(child);
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text: string) => {
    stderr += text;
    onStderr?.(stderr);
  });
  return once(child, 'close').then(([status]) => ({ status: status as number | null, stderr }));
}

const good = readFileSync(join(repoRoot, 'test', 'faults', 'alt-fuel-stations', 'good.csv'), 'utf8');

/**
 * A source of its own for build `n` of a round: good.csv with a station renamed (so its Parquet
 * file differs from every other build's), and for odd `n` a bad record too (so that build, with
 * --allow-invalid, writes a rejects file of its own).
 */
function sourceFor(n: number, round = 0): string {
  const dir = temporaryDir('concurrent-source');
  mkdirSync(join(dir, 'alt-fuel-stations'));
  let text = good.replace('Boston City Hall Garage', `Boston City Hall Garage ${round}-${n}`);
  if (n % 2 === 1) text += `${9000 + n},ELEC,Bad ${round}-${n},1 Main St,Boston,MA,02108,X,Public,42.36,-71.05,2025-03-01 12:00:00 UTC\n`;
  writeFileSync(join(dir, 'alt-fuel-stations', 'stations.csv'), text);
  return dir;
}

/**
 * Files of old generations, which the next commit removes: many of them make a commit's removal
 * last long enough for commits that are not serialised to run into each other in every round.
 */
const STALE_FILES = 3_000;
function leaveStaleFiles(out: string, round: number): void {
  for (let i = 0; i < STALE_FILES; i++) writeFileSync(join(out, `fuel_stations.stations-stale${round}x${i}.parquet`), '');
}

/** Every file the manifest names. */
function namedFiles(manifest: Manifest): string[] {
  return Object.values(manifest.datasets).flatMap((entry) => [
    ...Object.values(entry.files).map((file) => file.path),
    ...(entry.rejects_file ? [entry.rejects_file] : []),
  ]);
}

/** The manifest in `out` names only files that are there, and no lock or working folder is left. */
function assertConsistent(out: string, round: number): Manifest {
  const manifest = readManifest(out);
  assert.ok(manifest, `round ${round}: a manifest`);
  const missing = namedFiles(manifest).filter((name) => !existsSync(join(out, name)));
  assert.deepEqual(missing, [], `round ${round}: every file the manifest names exists`);
  assert.deepEqual(
    readdirSync(out).filter((name) => name.startsWith('.build') || name.includes('-stale')),
    [],
    `round ${round}: no lock, working folder or file of an old generation left`,
  );
  return manifest;
}

/** The Parquet file of fuel stations a build reports having written. */
function stationsFileOf(run: Run): string | undefined {
  return /fuel_stations: 3 rows in (\S+\.parquet)/.exec(run.stderr)?.[1];
}

const BUILDS = 4;
const ROUNDS = 2;

test(`${BUILDS} builds into one --out at once, ${ROUNDS} rounds: every one succeeds, and the manifest names only files that exist`, async () => {
  const out = temporaryDir('concurrent-out');
  for (let round = 1; round <= ROUNDS; round++) {
    leaveStaleFiles(out, round);
    const sources = Array.from({ length: BUILDS }, (_, n) => sourceFor(n, round));
    const runs = await Promise.all(sources.map((source) => startBuild(['--source', source, '--allow-invalid', '--out', out])));
    for (const [n, run] of runs.entries()) assert.equal(run.status, 0, `round ${round}, build ${n}: ${run.stderr}`);
    const manifest = assertConsistent(out, round);
    // The data set is one build's whole output, not a mixture.
    const winner = runs.findIndex((run) => stationsFileOf(run) === manifest.datasets.fuel_stations!.files.stations!.path);
    assert.notEqual(winner, -1, `round ${round}: the manifest is one of the builds'`);
    assert.equal(manifest.datasets.fuel_stations!.rejects_file !== undefined, winner % 2 === 1, `round ${round}: the rejects file goes with its build`);
  }
});

test('--no-wait: builds into one --out at once either succeed or fail at once with the reason, having written nothing', async () => {
  const out = temporaryDir('concurrent-out');
  for (let round = 1; round <= 2; round++) {
    leaveStaleFiles(out, round);
    const sources = Array.from({ length: BUILDS }, (_, n) => sourceFor(n, round));
    const runs = await Promise.all(sources.map((source) => startBuild(['--source', source, '--allow-invalid', '--no-wait', '--out', out])));
    assertConsistent(out, round);
    for (const [n, run] of runs.entries()) {
      if (run.status === 0) continue;
      assert.equal(run.status, 1, `round ${round}, build ${n}: ${run.stderr}`);
      assert.match(run.stderr, /\nbuild failed: another build \(process \d+\) is writing .*; nothing was written/, `round ${round}, build ${n}`);
      assert.ok(!existsSync(join(out, stationsFileOf(run)!)), `round ${round}, build ${n}: a build that failed left no file in --out`);
    }
  }
});

/** A process that runs until killed: the holder of a lock it never takes. */
function sleeper() {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 60_000)']);
  children.push(child);
  return child;
}

/** The files in `dir` with their bytes (a build's working folder is not part of the data set). */
function snapshot(dir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dir)
      .filter((name) => !name.startsWith('.build-'))
      .sort()
      .map((name) => [name, readFileSync(join(dir, name)).toString('base64')]),
  );
}

test('a lock held by a running process: --no-wait fails at once writing nothing; without it the build waits, saying so once, and goes on when the process ends', async () => {
  const out = temporaryDir('concurrent-out');
  const first = await startBuild(['--source', sourceFor(0), '--out', out]);
  assert.equal(first.status, 0, first.stderr);
  const holder = sleeper();
  writeFileSync(join(out, LOCK), `${holder.pid}\n`);
  const before = snapshot(out);

  const refused = await startBuild(['--source', sourceFor(1), '--allow-invalid', '--no-wait', '--out', out]);
  assert.equal(refused.status, 1);
  assert.equal(
    refused.stderr.split('\n').at(-2),
    `build failed: another build (process ${holder.pid}) is writing ${out}; nothing was written (without --no-wait, a build waits for it to finish)`,
  );
  assert.deepEqual(snapshot(out), before, 'nothing in --out changed');

  let waiting!: () => void;
  const saidWaiting = new Promise<void>((resolve) => (waiting = resolve));
  const patient = startBuild(['--source', sourceFor(1), '--allow-invalid', '--out', out], (text) => {
    if (text.includes('waiting for')) waiting();
  });
  await saidWaiting;
  await new Promise((resolve) => setTimeout(resolve, 500));
  assert.deepEqual(snapshot(out), before, 'a waiting build has not touched --out');
  holder.kill();
  const run = await patient;
  assert.equal(run.status, 0, run.stderr);
  assert.equal(run.stderr.split('\n').filter((line) => line.startsWith('waiting for')).length, 1, 'said once');
  assert.ok(run.stderr.includes(`waiting for the build of process ${holder.pid} to finish with ${out}\n`), run.stderr);
  const manifest = assertConsistent(out, 1);
  assert.equal(manifest.datasets.fuel_stations!.files.stations!.path, stationsFileOf(run));
});

test('a lock left by a process that is no longer running is taken over, with a note', async () => {
  const out = temporaryDir('concurrent-out');
  const gone = spawn(process.execPath, ['-e', '']);
  await once(gone, 'exit');
  writeFileSync(join(out, LOCK), `${gone.pid}\n`);
  const run = await startBuild(['--source', sourceFor(0), '--no-wait', '--out', out]);
  assert.equal(run.status, 0, run.stderr);
  assert.ok(run.stderr.includes(`note: removed ${LOCK}, left by process ${gone.pid}, which is no longer running\n`), run.stderr);
  assertConsistent(out, 1);
});

test('builds in one process into one --out at once commit one at a time: all succeed, the manifest names only files that exist', async () => {
  const out = temporaryDir('concurrent-out');
  for (let round = 1; round <= 2; round++) {
    leaveStaleFiles(out, round);
    const results = await Promise.all(
      Array.from({ length: BUILDS }, (_, n) => buildDataSet({ outDir: out, sourceDir: sourceFor(n, round), allowInvalid: true, repair: false, log: () => {} })),
    );
    const manifest = assertConsistent(out, round);
    assert.ok(
      results.some((result) => JSON.stringify(result.manifest) === JSON.stringify(manifest)),
      `round ${round}: the manifest is one of the builds'`,
    );
  }
});

test("in one process: a lock holding this process's id was left by an earlier process given the same id, and is taken over", async () => {
  const out = temporaryDir('concurrent-out');
  writeFileSync(join(out, LOCK), `${process.pid}\n`);
  const lines: string[] = [];
  await buildDataSet({ outDir: out, sourceDir: sourceFor(0), allowInvalid: false, repair: false, wait: false, log: (line) => lines.push(line) });
  assert.ok(lines.includes(`note: removed ${LOCK}, left by an earlier process with this one's id (${process.pid})`), lines.join('\n'));
  assertConsistent(out, 1);
});

test('in one process: wait: false fails with BuildFailed when a running process holds the lock, and leaves --out as it was', async () => {
  const out = temporaryDir('concurrent-out');
  await buildDataSet({ outDir: out, sourceDir: sourceFor(0), allowInvalid: false, repair: false, log: () => {} });
  const holder = sleeper();
  writeFileSync(join(out, LOCK), `${holder.pid}\n`);
  const before = snapshot(out);
  await assert.rejects(
    buildDataSet({ outDir: out, sourceDir: sourceFor(2), allowInvalid: false, repair: false, wait: false, log: () => {} }),
    (error: Error) => {
      assert.ok(error instanceof BuildFailed);
      assert.equal(
        error.message,
        `another build (process ${holder.pid}) is writing ${out}; nothing was written (without --no-wait, a build waits for it to finish)`,
      );
      return true;
    },
  );
  assert.deepEqual(snapshot(out), before);
  assert.deepEqual(
    readdirSync(out).filter((name) => name.startsWith('.build-')),
    [],
    'the working folder is gone',
  );
  holder.kill();
});
