// `npm run cluster -- --instances 3`: the whole set on one machine, for trying it as the real service
// runs (docs/interface.md §1.7): one redis-server (keys and rate limits, kept on disk), N server
// instances on consecutive ports, all serving DATA_DIR (the sample is built first when there is
// none), and nginx in front (deploy/nginx.conf.template) on --port. Ctrl-C stops them all.
// `startCluster` is the same for the cluster test: it can stop and start an instance, swap the data
// set, and restart Redis.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import { freePort, RedisServer } from '../harness/redis-server.ts';

const repoRoot = resolve(import.meta.dirname, '..');
const TEMPLATE = join(import.meta.dirname, 'nginx.conf.template');
/** How long an instance may take to open and warm its data set. */
const READY_TIMEOUT_MS = 120_000;

export interface ClusterOptions {
  instances: number;
  /** nginx's port (0: any free port). */
  port: number;
  /** The first instance's port; the others follow (0: free ports). */
  firstInstancePort: number;
  dataDir: string;
  keysFile: string;
  /** An existing Redis; without it a redis-server is started, its data kept on disk. */
  redisUrl?: string;
  /** Extra settings for every instance, as environment variables. */
  env?: Record<string, string>;
  log?: (line: string) => void;
}

/** The nginx binary: on PATH, or where Debian puts it (/usr/sbin, often not on a user's PATH). */
export function nginxBinary(): string | undefined {
  const found = spawnSync('sh', ['-c', 'command -v nginx || ls /usr/sbin/nginx'], { encoding: 'utf8' });
  const path = found.stdout.trim().split('\n')[0];
  return found.status === 0 && path ? path : undefined;
}

function waitForExit(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolveExit) => child.once('exit', () => resolveExit()));
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolveListening) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolveListening(true);
    });
    socket.once('error', () => resolveListening(false));
  });
}

/** One server process (`npm start`'s command) on its own port. */
export class Instance {
  private child?: ChildProcess;

  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
    private readonly log: (line: string) => void,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return this.child !== undefined;
  }

  /** Starts it; resolves once its /ready answers 200 (its data set open and warm). */
  async start(): Promise<void> {
    if (this.child) return;
    const child = spawn(process.execPath, ['--max-semi-space-size=4', '--import', 'tsx', 'server/main.ts'], {
      cwd: repoRoot,
      env: { ...process.env, MALLOC_ARENA_MAX: '2', ...this.env, PORT: String(this.port) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    this.child = child;
    child.stderr!.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) if (line.trim()) this.log(`[${this.port}] ${line}`);
    });
    child.once('exit', () => {
      if (this.child === child) this.child = undefined;
    });
    const deadline = Date.now() + READY_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`instance on port ${this.port} exited before it was ready`);
      const ready = await fetch(`${this.url}/ready`).then(
        (response) => response.status === 200,
        () => false,
      );
      if (ready) return;
      await new Promise((resolveWait) => setTimeout(resolveWait, 100));
    }
    throw new Error(`instance on port ${this.port} was not ready within ${READY_TIMEOUT_MS / 1000} s`);
  }

  /** Stops it: SIGTERM lets it finish the requests in flight; SIGKILL does not. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const child = this.child;
    if (!child) return;
    child.kill(signal);
    await waitForExit(child);
    this.child = undefined;
  }
}

/** nginx, unprivileged, with its configuration, pid, logs and temporary files under `prefix`. */
export class Nginx {
  private child?: ChildProcess;

  private constructor(
    readonly port: number,
    readonly prefix: string,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  static async start(port: number, instancePorts: number[], prefix: string): Promise<Nginx> {
    const binary = nginxBinary();
    if (!binary) throw new Error('nginx is not installed (apt-get install -y nginx)');
    mkdirSync(prefix, { recursive: true });
    const servers = instancePorts.map((instancePort) => `    server 127.0.0.1:${instancePort} max_fails=1 fail_timeout=2s;`).join('\n');
    const config = readFileSync(TEMPLATE, 'utf8')
      .replaceAll('{{PREFIX}}', prefix)
      .replaceAll('{{LISTEN}}', `127.0.0.1:${port}`)
      .replace('{{SERVERS}}', servers);
    const configFile = join(prefix, 'nginx.conf');
    writeFileSync(configFile, config);
    const nginx = new Nginx(port, prefix);
    const child = spawn(binary, ['-p', prefix, '-c', configFile, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    nginx.child = child;
    for (let attempt = 0; attempt < 100; attempt++) {
      if (child.exitCode !== null) break;
      if (await listening(port)) return nginx;
      await new Promise((resolveWait) => setTimeout(resolveWait, 50));
    }
    child.kill('SIGKILL');
    throw new Error(`nginx did not start on port ${port}: ${stderr}`);
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    child.kill('SIGQUIT');
    await waitForExit(child);
    this.child = undefined;
  }
}

export interface Cluster {
  /** nginx's URL: the one address clients use. */
  url: string;
  instances: Instance[];
  redis: RedisServer | undefined;
  dataDir: string;
  /** nginx's folder: its configuration, pid and error log. */
  nginxPrefix: string;
  /** Serves the data set of `fromDir` instead: its files linked into DATA_DIR, then its manifest swapped in one rename (as a build commits). */
  swapDataSet(fromDir: string): void;
  stop(): Promise<void>;
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const log = options.log ?? (() => {});
  const scratch = mkdtempSync(join(tmpdir(), 'nrel-compat-cluster-'));
  const redis = options.redisUrl ? undefined : await RedisServer.start({ persistent: true });
  const redisUrl = options.redisUrl ?? redis!.url;
  const port = options.port === 0 ? await freePort() : options.port;
  const instancePorts: number[] = [];
  for (let i = 0; i < options.instances; i++) instancePorts.push(options.firstInstancePort === 0 ? await freePort() : options.firstInstancePort + i);
  const env = {
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    KEYS_FILE: options.keysFile,
    REDIS_URL: redisUrl,
    TRUST_PROXY: 'loopback',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  const instances = instancePorts.map((instancePort) => new Instance(instancePort, env, log));
  let nginx: Nginx | undefined;
  const stop = async () => {
    await nginx?.stop();
    await Promise.all(instances.map((instance) => instance.stop()));
    await redis?.dispose();
    rmSync(scratch, { recursive: true, force: true });
  };
  try {
    await Promise.all(instances.map((instance) => instance.start()));
    nginx = await Nginx.start(port, instancePorts, join(scratch, 'nginx'));
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url: nginx.url,
    instances,
    redis,
    dataDir: options.dataDir,
    nginxPrefix: nginx.prefix,
    swapDataSet(fromDir: string) {
      for (const name of readdirSync(fromDir)) {
        if (name === 'manifest.json' || existsSync(join(options.dataDir, name))) continue;
        linkSync(join(fromDir, name), join(options.dataDir, name));
      }
      const staged = join(options.dataDir, `.manifest-${process.pid}.json`);
      writeFileSync(staged, readFileSync(join(fromDir, 'manifest.json')));
      renameSync(staged, join(options.dataDir, 'manifest.json'));
    },
    stop,
  };
}

function positiveInteger(text: string): number {
  if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > 64) throw new InvalidArgumentError('a whole number from 1 to 64.');
  return Number(text);
}

function port(text: string): number {
  if (!/^\d+$/.test(text) || Number(text) > 65535) throw new InvalidArgumentError('a port number (0: any free port).');
  return Number(text);
}

async function main(argv: string[]): Promise<void> {
  const options = new Command('cluster')
    .description('Runs N server instances behind nginx, sharing one Redis, on this machine (docs/interface.md §1.7).')
    .option('--instances <n>', 'server instances', positiveInteger, 3)
    .option('--port <port>', "nginx's port, the one clients use", port, 8080)
    .option('--first-instance-port <port>', "the first instance's port; the others follow", port, 8081)
    .option('--data-dir <dir>', 'the data set every instance serves (the sample is built there when there is none)', 'dist-data')
    .option('--keys-file <file>', 'API keys (npm run keys)', 'keys.json')
    .option('--redis-url <url>', 'an existing Redis, instead of starting redis-server')
    .parse(argv)
    .opts<{ instances: number; port: number; firstInstancePort: number; dataDir: string; keysFile: string; redisUrl?: string }>();
  const dataDir = resolve(options.dataDir);
  if (!existsSync(join(dataDir, 'manifest.json'))) {
    console.log(`no data set in ${dataDir}: building the sample`);
    const { buildDataSet, DEFAULT_SAMPLE_STATIONS, DEFAULT_SEED } = await import('../pipeline/build.ts');
    await buildDataSet({ outDir: dataDir, sample: { seed: DEFAULT_SEED, stations: DEFAULT_SAMPLE_STATIONS }, allowInvalid: false, repair: false });
  }
  const cluster = await startCluster({ ...options, dataDir, keysFile: resolve(options.keysFile), log: (line) => console.error(line) });
  console.log(
    `serving ${cluster.url} through nginx: ${cluster.instances.map((instance) => instance.url).join(', ')}; Redis ${cluster.redis?.url ?? options.redisUrl}`,
  );
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    console.log('stopping');
    cluster.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv).catch((error: unknown) => {
    process.stderr.write(`could not start the cluster: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
}
