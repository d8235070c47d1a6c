// Serving a data set that is already built loads none of the pipeline: its sample generator and
// gazetteers (the `zipcodes` package, read whole when imported) would stay resident for the life of
// the server. This file imports no pipeline module itself; the data set is built by another process.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, test } from 'node:test';
import { startServer, type RunningServer } from '../server/main.ts';

const repoRoot = resolve(import.meta.dirname, '..');
const loadedModules = () => Object.keys(createRequire(import.meta.url).cache);

let dataDir: string;
let running: RunningServer;
before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'nrel-compat-footprint-'));
  execFileSync(process.execPath, ['--import', 'tsx', 'pipeline/build.ts', '--sample', '--seed', '1', '--stations', '300', '--out', dataDir], {
    cwd: repoRoot,
    stdio: 'ignore',
  });
  running = await startServer({ port: 0, host: '127.0.0.1', dataDir, keysFile: join(dataDir, 'keys.json'), demoKey: false }, { log: () => {} });
});
after(async () => {
  await running?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

test('a server on a built data set has not loaded the pipeline', async () => {
  assert.equal((await fetch(`${running.url}/health`)).status, 200);
  assert.deepEqual(
    loadedModules().filter((path) => path.includes('/node_modules/zipcodes/') || path.includes('/node_modules/csv-parse/')),
    [],
  );
});
