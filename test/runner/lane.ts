// One lane of a test run (test/runner/run.mjs): a process that takes the next test file nobody has
// taken from the run's queue, runs it as a suite named after the file, and goes on until the queue
// is empty. A test file's suites and hooks run inside that suite, so its `after` hooks run when the
// file is done, as they would at the end of a process of its own; its temporary folders go then too.
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe } from 'node:test';
import { pathToFileURL } from 'node:url';
import { removeTemporaryDirs } from '../support/temporary-dirs.ts';

const queueDir = process.env.TEST_QUEUE_DIR;
if (!queueDir) throw new Error('TEST_QUEUE_DIR is not set: lanes are started by test/runner/run.mjs');
const repoRoot = join(import.meta.dirname, '..', '..');
const files = JSON.parse(readFileSync(join(queueDir, 'queue.json'), 'utf8')) as string[];

/** Whether this lane is the first to take file `index` (creating its claim fails for every other lane). */
function claim(index: number): boolean {
  try {
    closeSync(openSync(join(queueDir!, `${index}.claim`), 'wx'));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

for (const [index, file] of files.entries()) {
  if (!claim(index)) continue;
  await describe(relative(repoRoot, file), async () => {
    await import(pathToFileURL(file).href);
  });
  removeTemporaryDirs();
}
