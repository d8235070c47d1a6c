// Serving a data set that is already built loads none of the pipeline: its sample generator and
// gazetteers (the `zipcodes` package, read whole when imported) would stay resident for the life of
// the server. Test files share processes (docs/interface.md §1.4), so the server runs in a process
// of its own, which reports the modules it loaded; the data set is built by another process.
import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { before, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { temporaryDir } from './support/temporary-dirs.ts';

const repoRoot = resolve(import.meta.dirname, '..');

/** Starts a server on `dataDir`, asks /health, and prints its status and the modules the process loaded. */
const SERVE_AND_LIST_MODULES = `
import { createRequire } from 'node:module';
import { startServer } from ${JSON.stringify(pathToFileURL(join(repoRoot, 'server', 'main.ts')).href)};
const dataDir = process.argv[2];
const running = await startServer({ port: 0, host: '127.0.0.1', dataDir, keysFile: dataDir + '/keys.json', demoKey: false }, { log: () => {} });
const status = (await fetch(running.url + '/health')).status;
await running.close();
console.log(JSON.stringify({ status, modules: Object.keys(createRequire(import.meta.url).cache) }));
`;

let dataDir: string;
before(() => {
  dataDir = temporaryDir('footprint');
  execFileSync(process.execPath, ['--import', 'tsx', 'pipeline/build.ts', '--sample', '--seed', '1', '--stations', '300', '--out', dataDir], {
    cwd: repoRoot,
    stdio: 'ignore',
  });
});

test('a server on a built data set has not loaded the pipeline', async () => {
  const script = join(temporaryDir('footprint-script'), 'serve.mjs');
  writeFileSync(script, SERVE_AND_LIST_MODULES);
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx/esm', script, dataDir], { cwd: repoRoot });
  const { status, modules } = JSON.parse(stdout) as { status: number; modules: string[] };
  assert.equal(status, 200);
  assert.ok(
    modules.some((path) => path.includes('/node_modules/express/')),
    'the list holds the modules the server loaded',
  );
  assert.deepEqual(
    modules.filter((path) => path.includes('/node_modules/zipcodes/') || path.includes('/node_modules/csv-parse/')),
    [],
  );
});
