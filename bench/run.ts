// Runs every bench/*.bench.ts (or those whose name contains one of the arguments), one after another.
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const here = dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2);
const scripts = readdirSync(here)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => filters.length === 0 || filters.some((f) => name.includes(f)))
  .sort();

let failed = 0;
for (const script of scripts) {
  console.log(`\n=== ${script}`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--expose-gc', join(here, script)], { stdio: 'inherit' });
  if (run.status !== 0) failed++;
}
process.exitCode = failed === 0 ? 0 : 1;
