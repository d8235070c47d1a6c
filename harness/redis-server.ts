// A throwaway `redis-server` on a free loopback port, in a temporary directory: for the gateway's
// tests and benchmark, and `npm run cluster` (never used by the server itself). Without persistence,
// unless asked: then every write is appended to a file and fsynced, so a restart keeps the counts.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The redis-server binary on PATH, or undefined. */
export function redisServerBinary(): string | undefined {
  const found = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  const path = found.stdout.trim();
  return found.status === 0 && path ? path : undefined;
}

/**
 * For `test(name, { skip: skipWithoutRedis }, …)`: the reason, when redis-server is not installed.
 * With REQUIRE_REDIS=1 (.ci/run sets it) a missing redis-server is an error, not a skip.
 */
export const skipWithoutRedis: string | false = redisServerBinary()
  ? false
  : process.env.REQUIRE_REDIS === '1'
    ? (() => {
        throw new Error('REQUIRE_REDIS=1 but redis-server is not installed');
      })()
    : 'redis-server is not installed (apt-get install -y redis-server; .ci/run installs it): the Redis tests are skipped';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    let reply = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      reply += chunk.toString();
      if (reply.includes('\r\n')) done(reply.startsWith('+PONG'));
    });
  });
}

export class RedisServer {
  private child?: ChildProcess;
  private exited?: Promise<void>;

  private constructor(
    readonly port: number,
    readonly dir: string,
    private readonly persistent: boolean,
  ) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return this.child !== undefined;
  }

  static async start(options: { persistent?: boolean; port?: number } = {}): Promise<RedisServer> {
    const server = new RedisServer(options.port ?? (await freePort()), mkdtempSync(join(tmpdir(), 'nrel-compat-redis-')), options.persistent === true);
    await server.start();
    return server;
  }

  /** Starts it (again, on the same port); resolves when it answers PING. */
  async start(): Promise<void> {
    if (this.child) return;
    const persistence = this.persistent ? ['--appendonly', 'yes', '--appendfsync', 'always'] : ['--appendonly', 'no'];
    const child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', ...persistence, '--dir', this.dir], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    this.child = child;
    let stderr = '';
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    for (let attempt = 0; attempt < 100; attempt++) {
      if (child.exitCode !== null) break;
      if (await ping(this.port)) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    child.kill('SIGKILL');
    this.child = undefined;
    throw new Error(`redis-server did not start on port ${this.port}: ${stderr}`);
  }

  /** Stops it (its data goes with it, unless it is persistent). */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    if (!this.child) return;
    this.child.kill(signal);
    await this.exited;
    this.child = undefined;
  }

  async dispose(): Promise<void> {
    await this.stop('SIGKILL');
    rmSync(this.dir, { recursive: true, force: true });
  }
}
