// Temporary folders for tests. A test file's folders go when it has run: the lane that ran it
// removes them (test/runner/lane.ts), and a process that ends removes whatever is left.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const made: string[] = [];

/** A new folder in the temp dir, removed once the test file that made it has run. */
export function temporaryDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `nrel-compat-${prefix}-`));
  made.push(dir);
  return dir;
}

/** Removes every folder `temporaryDir` made so far. */
export function removeTemporaryDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

process.once('exit', removeTemporaryDirs);
