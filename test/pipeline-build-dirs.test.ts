// The working folders builds leave in --out (`.build-<pid>-…`): a killed or crashed build's folder
// is removed by the next build; the folder of a build still running (in another process, or in
// this one) is never touched, so concurrent builds into one output directory both succeed.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { buildDataSet } from '../pipeline/build.ts';
import { readManifest } from '../pipeline/dataset-writer.ts';
import { repoRoot, temporaryDir } from './support/helpers.ts';

const made: string[] = [];
const children: Array<ReturnType<typeof spawn>> = [];
after(() => {
  for (const child of children) child.kill();
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

function folder(prefix: string): string {
  const dir = temporaryDir(prefix);
  made.push(dir);
  return dir;
}

function goodSource(): string {
  const dir = folder('build-dirs-source');
  mkdirSync(join(dir, 'alt-fuel-stations'));
  symlinkSync(join(repoRoot, 'test', 'faults', 'alt-fuel-stations', 'good.csv'), join(dir, 'alt-fuel-stations', 'good.csv'));
  return dir;
}

/** The pid of a process that has ended. */
async function endedPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await once(child, 'exit');
  return child.pid!;
}

function leftBuildDir(out: string, pid: number): string {
  const name = `.build-${pid}-left`;
  mkdirSync(join(out, name));
  writeFileSync(join(out, name, 'fuel_stations.stations.parquet'), Buffer.alloc(1024));
  return name;
}

test('a build removes the folders of builds that are no longer running, and keeps those of live ones', async () => {
  const out = folder('build-dirs-out');
  const dead = leftBuildDir(out, await endedPid());
  const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)']);
  children.push(sleeper);
  const live = leftBuildDir(out, sleeper.pid!);
  const ours = leftBuildDir(out, process.pid);
  const lines: string[] = [];
  await buildDataSet({ outDir: out, sourceDir: goodSource(), allowInvalid: false, repair: false, log: (line) => lines.push(line) });
  assert.ok(!existsSync(join(out, dead)), "the dead build's folder is gone");
  assert.ok(existsSync(join(out, live)), "the live build's folder stays");
  assert.ok(existsSync(join(out, ours)), 'a folder of this process stays');
  assert.deepEqual(
    lines.filter((line) => line.includes('.build-')),
    [`note: removed ${dead}, left by a build that is no longer running`],
  );
  assert.deepEqual(
    readdirSync(out)
      .filter((name) => name.startsWith('.build-'))
      .sort(),
    [live, ours].sort(),
  );
});

test('two builds into one output directory at once both succeed, and neither leaves a folder behind', async () => {
  const out = folder('build-dirs-out');
  const source = goodSource();
  const build = () => buildDataSet({ outDir: out, sourceDir: source, allowInvalid: false, repair: false, log: () => {} });
  const [a, b] = await Promise.all([build(), build()]);
  assert.equal(a.manifest.datasets.fuel_stations.files.stations.sha256, b.manifest.datasets.fuel_stations.files.stations.sha256);
  assert.deepEqual(readManifest(out)?.datasets.fuel_stations.files.stations, a.manifest.datasets.fuel_stations.files.stations);
  assert.deepEqual(
    readdirSync(out).filter((name) => name.startsWith('.build-')),
    [],
  );
});
