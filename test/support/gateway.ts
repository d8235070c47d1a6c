// Scaffolding for the gateway's tests (test/gateway*.test.ts) and benchmark; never used by the
// server. HTTP requests on connections of their own, test endpoints (a list that streams at the
// test's pace; one outside the fuel-station limit group), a server in a child process, and the
// gateway's error bodies built from the captured samples and API Umbrella's templates.
import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fuelStationEndpoints } from '../../server/endpoints/fuel-stations.ts';

/** The list of the 2014 generation, which has no `country` filter: every station of a sample, Canada's too. */
const [listEndpoint] = fuelStationEndpoints('2014');
import type { Endpoint } from '../../server/endpoints/types.ts';
import { RowStream } from '../../server/formats/rows.ts';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface HttpResult {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text: string;
}

/** A GET on a connection of its own (no pooling: 50 calls are 50 concurrent clients). */
export function get(url: string, headers: Record<string, string> = {}): Promise<HttpResult> {
  return new Promise((resolvePromise, reject) => {
    const req = httpRequest(url, { agent: false, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolvePromise({ status: res.statusCode!, headers: res.headers, body, text: body.toString('utf8') });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** A gate a test opens when it wants a streamed response to go on. */
export class Gate {
  private opened!: () => void;
  readonly promise = new Promise<void>((resolveGate) => (this.opened = resolveGate));
  /** Resolved when a response reached the gate (its first part is on the wire). */
  private reachedResolve!: () => void;
  readonly reached = new Promise<void>((resolveReached) => (this.reachedResolve = resolveReached));

  open(): void {
    this.opened();
  }

  arrive(): void {
    this.reachedResolve();
  }
}

/**
 * `/api/test/slow.json`: the fuel-station list (every station), streamed one station at a time;
 * after 150 stations (more than the renderer buffers, so the response has started) it waits for
 * `gate`. It holds its data set until it ends, like every request.
 */
export function slowEndpoint(gate: Gate): Endpoint {
  return {
    ...listEndpoint,
    paths: ['/api/test/slow'],
    limitGroup: 'other',
    async handle(request) {
      const result = await listEndpoint.handle(request);
      const data = result.data as { fuel_stations?: RowStream };
      const source = data.fuel_stations;
      if (!source) return result;
      data.fuel_stations = new RowStream(
        (async function* () {
          let sent = 0;
          for await (const batch of source.batches) {
            for (const item of batch) {
              if (sent === 150) {
                gate.arrive();
                await gate.promise;
              }
              sent++;
              yield [item];
            }
          }
        })(),
      );
      return result;
    },
  };
}

/** `/api/test/other.{json,xml,csv}`: the list again, in the `other` limit group (no daily limit per key). */
export const otherGroupEndpoint: Endpoint = { ...listEndpoint, paths: ['/api/test/other'], limitGroup: 'other' };

export interface ChildServer {
  url: string;
  child: ChildProcess;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * `node --import tsx server/main.ts` (or, `viaNpm`, `npm start` as people and supervisors run it)
 * with PORT=0, WARM_UP=off and `env`; resolves with the URL it prints.
 */
export function spawnServer(env: Record<string, string>, options: { viaNpm?: boolean } = {}): Promise<ChildServer> {
  const [command, args] = options.viaNpm ? ['npm', ['start', '--silent']] : [process.execPath, ['--import', 'tsx', join(repoRoot, 'server', 'main.ts')]];
  const child = spawn(command, args, {
    cwd: repoRoot,
    // no warm-up, as the tests' in-process servers (test/warm-up.test.ts tests it)
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', WARM_UP: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)));
  return new Promise((resolveServer, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start in 60 s:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /^serving (http:\/\/\S+)/m.exec(output);
      if (match) {
        clearTimeout(timer);
        resolveServer({
          url: match[1],
          child,
          output: () => output,
          exited,
          async stop(signal = 'SIGTERM') {
            if (child.exitCode === null && child.signalCode === null) child.kill(signal);
            return exited;
          },
        });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before serving:\n${output}`));
    });
  });
}

// ---- The gateway's errors as API Umbrella writes them --------------------------------------------

export type ErrorFormat = 'json' | 'xml' | 'csv' | 'html';

export interface UmbrellaReference {
  templates: Record<ErrorFormat, string>;
  errors: Record<string, { status: number; message: string }>;
}

/** API Umbrella's templates and error data, read from its configuration (umbrella_default_templates_schema.cue.txt). */
export function readUmbrellaTemplates(samplesDir: string): UmbrellaReference {
  const cue = readFileSync(join(samplesDir, 'umbrella_default_templates_schema.cue.txt'), 'utf8');
  const templates = {} as Record<ErrorFormat, string>;
  for (const format of ['json', 'xml', 'csv', 'html'] as const) {
    const match = new RegExp(`\\n( *)${format}: """\\n([\\s\\S]*?)\\n *"""`).exec(cue);
    if (!match) throw new Error(`no ${format} template in the cue file`);
    const indent = match[1].length + 2;
    templates[format] = match[2]
      .split('\n')
      .map((line) => line.slice(indent))
      .join('\n')
      .replace(/\\"/g, '"');
  }
  const errors: UmbrellaReference['errors'] = {};
  for (const match of cue.matchAll(/status_code: (\d+)\s+code: "([A-Z_]+)"\s+message: "([^"]*)"/g))
    errors[match[2]] = { status: Number(match[1]), message: match[3] };
  return { templates, errors };
}

/** What API Umbrella sends for `code` in `format`, with our base URL where NREL's signup and contact pages are. */
export function umbrellaBody(reference: UmbrellaReference, format: ErrorFormat, code: string, publicUrl: string): string {
  const message = reference.errors[code].message.replace('{{signup_url}}', `${publicUrl}/signup/`).replace('{{contact_url}}', `${publicUrl}/contact/`);
  const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
  const values =
    format === 'json'
      ? [JSON.stringify(code), JSON.stringify(message)]
      : format === 'csv'
        ? [`"${code.replace(/"/g, '""')}"`, `"${message.replace(/"/g, '""')}"`]
        : [escapeHtml(code), escapeHtml(message)];
  return reference.templates[format].replace('{{code}}', values[0]).replace('{{message}}', values[1]);
}
