// One lane of a test run (test/runner/run.mjs): a process that takes the next test file nobody has
// taken from the run's queue, runs it as a suite named after the file, and goes on until the queue
// is empty. A test file's suites and hooks run inside that suite, so its `after` hooks run when the
// file is done, as they would at the end of a process of its own; its temporary folders go then too.
import { appendFileSync, closeSync, existsSync, openSync, readFileSync } from 'node:fs';
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

/**
 * CPU seconds this process and the children it has waited for have used: what a file cost, whatever
 * the other lanes took of the machine meanwhile. From /proc where there is one (its children's
 * included: servers and builds a test starts), else this process's own.
 */
function cpuSeconds(): number {
  if (existsSync('/proc/self/stat')) {
    // utime, stime, cutime, cstime: fields 14 to 17, in clock ticks (100 a second on Linux)
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / 100;
  }
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

for (const [index, file] of files.entries()) {
  if (!claim(index)) continue;
  const cpuBefore = cpuSeconds();
  await describe(relative(repoRoot, file), async () => {
    await import(pathToFileURL(file).href);
  });
  removeTemporaryDirs();
  // read by the slowest-files reporter when the run ends
  appendFileSync(join(queueDir, 'cpu.jsonl'), `${JSON.stringify({ file: relative(repoRoot, file), seconds: cpuSeconds() - cpuBefore })}\n`);
}
