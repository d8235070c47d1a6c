import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { LOCK_FILE } from './out-dir-lock.ts';

const dir = mkdtempSync(join(tmpdir(), 'out-dir-lock-'));
after(() => rmSync(dir, { recursive: true, force: true }));

test('whenever the lock exists another process reads its holder in it, and taking it leaves nothing else behind', async () => {
  // a process that takes and releases the lock over and over, while this one reads it
  const module = new URL('./out-dir-lock.ts', import.meta.url).href;
  const child = spawn(process.execPath, [
    '--import',
    'tsx',
    '--input-type=module',
    '-e',
    `const { withOutDirLockNow } = await import(${JSON.stringify(module)}); for (let i = 0; i < 3000; i++) withOutDirLockNow(${JSON.stringify(dir)}, {}, () => {});`,
  ]);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let running = true;
  void exited.then(() => (running = false));
  const path = join(dir, LOCK_FILE);
  let seen = 0;
  const unexpected = new Set<string>();
  while (running) {
    for (let i = 0; i < 2000; i++) {
      let text: string;
      try {
        text = readFileSync(path, 'utf8');
      } catch {
        continue;
      }
      seen++;
      if (text !== `${child.pid}\n`) unexpected.add(JSON.stringify(text));
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  assert.equal(await exited, 0);
  assert.ok(seen > 0, 'the lock was seen held');
  assert.deepEqual([...unexpected], [], `of ${seen} reads of the lock`);
  assert.deepEqual(readdirSync(dir), []);
});
