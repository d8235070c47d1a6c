// The server under test in its own process (`node --import tsx server/main.ts`), with a registered
// key whose limits never get in the way, and its peak resident memory read from /proc.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { generateKey, hashKey, writeKeysFile } from '../../server/gateway/keys.ts';

export interface ServerProcess {
  url: string;
  key: string;
  child: ChildProcess;
  /** Peak resident set size so far (VmHWM), in MB. */
  peakRssMb(): number;
  stop(): Promise<void>;
}

const repoRoot = resolve(import.meta.dirname, '..', '..');

export async function startServerProcess(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const keysDir = mkdtempSync(join(tmpdir(), 'bench-keys-'));
  const keysFile = join(keysDir, 'keys.json');
  const key = generateKey();
  writeKeysFile(keysFile, { version: 1, keys: [{ hash: hashKey(key), prefix: key.slice(0, 4), email: 'bench@example.org', created_at: new Date().toISOString(), disabled: false, limits: { hourly: 1e9, daily: 1e9 } }] });
  const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'server', 'main.ts')], {
    cwd: repoRoot,
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, KEYS_FILE: keysFile, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((resolveUrl, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /serving (http:\/\/\S+)/.exec(output);
      if (match) resolveUrl(match[1]);
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`server exited (${code}): ${output}`)));
  });
  return {
    url,
    key,
    child,
    peakRssMb: () => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))![1]) / 1024,
    stop: () =>
      new Promise((resolveStop) => {
        child.once('exit', () => {
          rmSync(keysDir, { recursive: true, force: true });
          resolveStop();
        });
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}
