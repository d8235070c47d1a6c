// Shared test scaffolding: where the test data lives (docs/test-data.md §1), small data sets built by the real pipeline, and a
// server started in-process with a registered key.
import { mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildDataSet, type BuildRequest } from '../../pipeline/build.ts';
import type { StationRecordGeneration } from '../../server/formats/views/fuel-stations.ts';
import { writeUnlimitedKey } from '../../harness/keys.ts';
import { startServer, type RunningServer } from '../../server/main.ts';
import type { Settings } from '../../server/settings.ts';
import { pino, type Logger } from 'pino';
import { shared, sharedDir, sharedOrSkip } from '../../harness/shared-data.ts';
import { temporaryDir } from './temporary-dirs.ts';

export { shared, sharedDir, sharedOrSkip, temporaryDir };

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** For `test(name, { skip: skipWithoutShared }, …)`: the reason, when the test data (docs/test-data.md §1) is absent (a failure in CI: sharedOrSkip). */
export const skipWithoutShared = sharedOrSkip();

/** A logger that writes nothing. */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}

export function readShared(...parts: string[]): string {
  return readFileSync(shared(...parts), 'utf8');
}

/** A source directory in the layout of docs/interface.md §3 whose alt-fuel-stations/ links the given files. */
export function sourceDirWith(files: string[]): string {
  const dir = temporaryDir('source');
  mkdirSync(join(dir, 'alt-fuel-stations'));
  for (const file of files) symlinkSync(file, join(dir, 'alt-fuel-stations', basename(file)));
  return dir;
}

/**
 * Sample options for a build whose climate the test does not read: ten places and a coarse grid,
 * generated in a second or two where the whole sample climate takes half a minute.
 */
export const SMALL_CLIMATE = { climatePlaces: 10, nsrdbSpacingDeg: 8 } as const;

export async function buildQuietly(request: Omit<BuildRequest, 'log' | 'allowInvalid' | 'repair'> & Partial<BuildRequest>) {
  const lines: string[] = [];
  const result = await buildDataSet({ allowInvalid: false, repair: false, ...request, log: (line) => lines.push(line) });
  return { ...result, lines };
}

export interface TestServer extends RunningServer {
  /** A registered key with limits high enough for a whole test file. */
  key: string;
  get(path: string, init?: RequestInit): Promise<Response>;
  dispose(): Promise<void>;
}

export async function startTestServer(
  dataDir: string,
  options: { now?: () => number; stationRecord?: StationRecordGeneration; settings?: Partial<Settings>; log?: (line: string) => void } = {},
): Promise<TestServer> {
  const keysDir = temporaryDir('keys');
  const keysFile = join(keysDir, 'keys.json');
  const key = writeUnlimitedKey(keysFile);
  // No warm-up (a test's first requests need not be quick): test/warm-up.test.ts has its own.
  // The key is unlimited, and so are the NSRDB downloads (.csv one a second by default); archives in a folder of their own.
  const settings = {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    keysFile,
    demoKey: true,
    warmUp: false,
    stationRecord: options.stationRecord,
    nsrdbCsvPerSecond: 1_000_000,
    nsrdbJsonPerTwoSeconds: 1_000_000,
    nsrdbArchiveDir: join(temporaryDir('archives'), 'archives'),
    ...options.settings,
  };
  const running = await startServer(settings, { now: options.now, log: options.log ?? (() => {}) });
  // Added to the running server itself, not spread into a copy: a copy would freeze its `inFlight` getter.
  return Object.assign(running, {
    key,
    get: (path: string, init?: RequestInit) => fetch(`${running.url}${path}`, init),
    async dispose() {
      // The test is over: a response it left unread is cut after a moment, not drained for the
      // production shutdown timeout (30 s).
      await running.close({ timeoutMs: 500 });
      rmSync(keysDir, { recursive: true, force: true });
    },
  });
}

/** Appends the test server's key to a path's query. */
export function withKey(path: string, key: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}api_key=${key}`;
}
