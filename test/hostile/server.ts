// The server under attack: the real one, in-process, on a sample data set, with a key of high limits
// (as test/helpers.ts's startTestServer), that also keeps what it logs at level error, so that the
// report of a 500 can quote the exception behind it (the client only sees the gateway's 500).
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { writeUnlimitedKey } from '../../harness/keys.ts';
import { startServer, type RunningServer } from '../../server/main.ts';
import { temporaryDir } from '../support/helpers.ts';
import type { Answer } from './checks.ts';

export interface ServerUnderTest {
  url: string;
  key: string;
  /** Every exception the server logged, oldest first: its message and the first frame in our code. */
  errors: string[];
  get(pathAndQuery: string, init?: RequestInit): Promise<Answer>;
  dispose(): Promise<void>;
}

/** The message and the first stack frame of ours (server/, not node_modules/) of a logged exception. */
function summary(line: string): string | undefined {
  let entry: { err?: unknown };
  try {
    entry = JSON.parse(line) as { err?: unknown };
  } catch {
    return undefined;
  }
  if (typeof entry.err !== 'string') return undefined;
  const [message, ...frames] = entry.err.split('\n');
  const ours = frames.find((frame) => /\/(server|schemas)\//.test(frame) && !frame.includes('node_modules'));
  return ours ? `${message} ${ours.trim()}` : message;
}

export async function startServerUnderTest(dataDir: string, options: { timeoutMs: number }): Promise<ServerUnderTest> {
  const keysDir = temporaryDir('hostile-keys');
  const keysFile = join(keysDir, 'keys.json');
  const key = writeUnlimitedKey(keysFile);
  const errors: string[] = [];
  const running: RunningServer = await startServer(
    { port: 0, host: '127.0.0.1', warmUp: false, dataDir, keysFile, demoKey: true, logLevel: 'error' },
    {
      log: (line) => {
        const error = summary(line);
        if (error) errors.push(error);
      },
    },
  );
  return {
    url: running.url,
    key,
    errors,
    async get(pathAndQuery, init) {
      const response = await fetch(`${running.url}${pathAndQuery}`, { ...init, signal: AbortSignal.timeout(options.timeoutMs) });
      return { status: response.status, contentType: response.headers.get('content-type'), body: new Uint8Array(await response.arrayBuffer()) };
    },
    async dispose() {
      await running.close();
      rmSync(keysDir, { recursive: true, force: true });
    },
  };
}
