// The server under test in its own process, started as `npm start` starts it, with a registered
// key whose limits never get in the way (in a keys file in the bench's scratch space), and its peak
// resident memory read from /proc. Killed when the bench exits, should the bench not stop it.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { writeUnlimitedKey } from '../../harness/keys.ts';
import { atExit, scratchDir } from './scratch.ts';

export interface ServerProcess {
  url: string;
  key: string;
  child: ChildProcess;
  /** Peak resident set size so far (VmHWM), in MB. */
  peakRssMb(): number;
  /** Resident set size now (VmRSS), in MB. */
  rssMb(): number;
  /**
   * Watches the resident set size (every 50 ms) until the returned function is called, which gives
   * the largest seen: the peak of one stretch of the run, where VmHWM is the whole life's.
   */
  watchRss(): () => number;
  /** The last 8 KB of what the server printed (its log). */
  output(): string;
  stop(): Promise<void>;
}

const repoRoot = resolve(import.meta.dirname, '..', '..');
/** How much of the server's output a failed start reports. */
const OUTPUT_KEPT = 8192;

export async function startServerProcess(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const keysFile = join(scratchDir('keys'), 'keys.json');
  const key = writeUnlimitedKey(keysFile, { email: 'bench@example.org', limit: 1e9 });
  // What `npm start` runs (npm runs a script with sh, which its `exec` replaces by node, whose
  // resident memory is then the child's), without npm itself in between.
  const { scripts } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { scripts: { start: string } };
  if (!scripts.start.startsWith('exec ')) throw new Error(`the start script does not exec node, so its process is not the server's: ${scripts.start}`);
  const child = spawn('sh', ['-c', scripts.start], {
    cwd: repoRoot,
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, KEYS_FILE: keysFile, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const forgetAtExit = atExit(() => child.kill('SIGKILL'));
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  // Its output is read to the end (a full pipe would stall it) but only the last of it kept.
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-OUTPUT_KEPT));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const url = await new Promise<string>((resolveUrl, reject) => {
    const watch = () => {
      const match = /serving (http:\/\/\S+)/.exec(output);
      if (match) {
        child.stdout!.off('data', watch);
        resolveUrl(match[1]!);
      }
    };
    child.stdout!.on('data', watch);
    void exited.then(() => reject(new Error(`server exited (${child.exitCode ?? child.signalCode}): ${output}`)));
  });
  const statusMb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))![1]) / 1024;
  return {
    url,
    key,
    child,
    peakRssMb: () => statusMb('VmHWM'),
    rssMb: () => statusMb('VmRSS'),
    watchRss: () => {
      let largest = statusMb('VmRSS');
      const timer = setInterval(() => (largest = Math.max(largest, statusMb('VmRSS'))), 50);
      return () => {
        clearInterval(timer);
        return Math.max(largest, statusMb('VmRSS'));
      };
    },
    output: () => output,
    stop: async () => {
      const kill = setTimeout(() => child.kill('SIGKILL'), 5000);
      child.kill('SIGTERM');
      await exited;
      clearTimeout(kill);
      forgetAtExit();
    },
  };
}
