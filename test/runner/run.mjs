// `npm test` and `npm run test:unit` (docs/interface.md §1.4): runs every *.test.ts under the given
// folders with node's test runner, in a few long-lived processes ("lanes") instead of a process per
// file. Starting a process that loads the app costs about a second of CPU, which a hundred files
// paid again and again. Each lane takes the next file from one queue, so the lanes end together
// whatever the files cost; the queue starts with the files that took longest last time
// (test/runner/durations.json), so that no long file is left to run alone at the end.
//
//   node test/runner/run.mjs [--lanes N] [--store-durations] FOLDER…
//
// --lanes: how many files run at once (the machine's cores plus one: a lane waiting on a child
// process, a browser or a timer leaves a core to the others). --store-durations: rewrite
// durations.json with this run's figures.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const repoRoot = resolve(import.meta.dirname, '..', '..');
const durationsFile = join(import.meta.dirname, 'durations.json');

/** Says what is wrong with the command and ends the run. */
function usage(problem) {
  process.stderr.write(`${problem}\nusage: node test/runner/run.mjs [--lanes N] [--store-durations] FOLDER…\n`);
  process.exit(2);
}

let parsed;
try {
  parsed = parseArgs({
    options: { lanes: { type: 'string' }, 'store-durations': { type: 'boolean', default: false } },
    allowPositionals: true,
  });
} catch (error) {
  usage(error.message);
}
const { values, positionals: folders } = parsed;
const lanes = values.lanes === undefined ? availableParallelism() + 1 : Number(values.lanes);
if (!Number.isInteger(lanes) || lanes < 1) usage(`--lanes must be a whole number of at least 1, not ${values.lanes}`);
if (folders.length === 0) usage('name the folders whose *.test.ts files to run');
for (const folder of folders) if (!existsSync(resolve(repoRoot, folder))) usage(`no folder ${folder} in ${repoRoot}`);

/** Every *.test.ts under `dir`, outside node_modules. */
function testFilesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFilesUnder(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Seconds each file took when durations.json was last stored, by its path from the repository's root. */
function lastDurations() {
  try {
    return JSON.parse(readFileSync(durationsFile, 'utf8'));
  } catch {
    return {};
  }
}

const durations = lastDurations();
const files = folders.flatMap((folder) => testFilesUnder(resolve(repoRoot, folder))).sort();
// Longest first; a file with no figure yet first of all, since it may be long.
const secondsOf = (file) => durations[relative(repoRoot, file)] ?? Number.POSITIVE_INFINITY;
const queue = files.toSorted((a, b) => secondsOf(b) - secondsOf(a) || 0);

const queueDir = mkdtempSync(join(tmpdir(), 'nrel-compat-test-queue-'));
writeFileSync(join(queueDir, 'queue.json'), JSON.stringify(queue));
const laneFiles = Array.from({ length: lanes }, (_, index) => {
  const path = join(queueDir, `lane-${index + 1}.mjs`);
  writeFileSync(path, `import ${JSON.stringify(pathToFileURL(join(import.meta.dirname, 'lane.ts')).href)};\n`);
  return path;
});

const reporter = pathToFileURL(join(import.meta.dirname, 'slowest-files.mjs')).href;
const child = spawn(
  process.execPath,
  [
    '--import',
    'tsx/esm',
    '--test',
    `--test-concurrency=${lanes}`,
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    `--test-reporter=${reporter}`,
    '--test-reporter-destination=stdout',
    ...laneFiles,
  ],
  {
    cwd: repoRoot,
    stdio: 'inherit',
    env: {
      ...process.env,
      TEST_QUEUE_DIR: queueDir,
      ...(values['store-durations'] ? { TEST_DURATIONS_FILE: durationsFile } : {}),
    },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('close', (code, signal) => {
  rmSync(queueDir, { recursive: true, force: true });
  process.exit(code ?? (signal ? 1 : 0));
});
