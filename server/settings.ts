// Server settings (INTERFACE.md): each an environment variable and a `--flag` of `npm start`.
import { parseArgs } from 'node:util';
import { DEFAULT_WORKERS } from './data/pv-workers.ts';
import { LOG_LEVELS, type LogLevel } from './gateway/log.ts';

export interface Settings {
  port: number;
  host: string;
  dataDir: string;
  keysFile: string;
  demoKey: boolean;
  redisUrl?: string;
  /** Prefix of every Redis key (counters, keys): several deployments can share one Redis. */
  redisPrefix: string;
  publicUrl?: string;
  /** Requests per rolling hour per key that has no limit of its own (every endpoint). */
  keyHourlyLimit: number;
  /** Requests per rolling day per key that has no limit of its own (fuel-station endpoints). */
  keyDailyLimit: number;
  /** DEMO_KEY, per client IP, every endpoint. */
  demoHourlyLimit: number;
  demoDailyLimit: number;
  /** Express's `trust proxy`: which proxies' X-Forwarded-For gives the client IP (DEMO_KEY limits). */
  trustProxy?: string;
  logLevel: LogLevel;
  /** After SIGTERM, how long in-flight requests may take before their connections are cut (s). */
  shutdownTimeout: number;
  /** A Redis command slower than this fails over to per-process counting (ms). */
  redisTimeoutMs: number;
  /** Memory cap of the climate store's cache of stations' hourly weather (MB). */
  climateCacheMb: number;
  /** Memory cap of the estimator's cache of prepared sites (MB). */
  pvSiteCacheMb: number;
  /** Worker threads for monthly estimates; 0 runs them on the main thread. */
  pvWorkers: number;
}

/** Settings a caller of `startServer` must give; the others have defaults (`withDefaults`). */
export type ServerSettings = Pick<Settings, 'port' | 'host' | 'dataDir' | 'keysFile' | 'demoKey'> & Partial<Settings>;

export const defaults = {
  keyHourlyLimit: 1000,
  keyDailyLimit: 10_000,
  demoHourlyLimit: 30,
  demoDailyLimit: 50,
  logLevel: 'info',
  shutdownTimeout: 30,
  redisTimeoutMs: 200,
  redisPrefix: 'nrel-compat:',
  climateCacheMb: 256,
  pvSiteCacheMb: 256,
  pvWorkers: DEFAULT_WORKERS,
} as const satisfies Partial<Settings>;

export function withDefaults(settings: ServerSettings): Settings {
  const filled = { ...settings } as Settings;
  for (const [name, value] of Object.entries(defaults)) if ((filled as unknown as Record<string, unknown>)[name] === undefined) (filled as unknown as Record<string, unknown>)[name] = value;
  return filled;
}

const flags = {
  port: 'PORT',
  host: 'HOST',
  'data-dir': 'DATA_DIR',
  'keys-file': 'KEYS_FILE',
  'demo-key': 'DEMO_KEY',
  'redis-url': 'REDIS_URL',
  'redis-prefix': 'REDIS_PREFIX',
  'public-url': 'PUBLIC_URL',
  'key-hourly-limit': 'KEY_HOURLY_LIMIT',
  'key-daily-limit': 'KEY_DAILY_LIMIT',
  'demo-key-hourly-limit': 'DEMO_KEY_HOURLY_LIMIT',
  'demo-key-daily-limit': 'DEMO_KEY_DAILY_LIMIT',
  'trust-proxy': 'TRUST_PROXY',
  'log-level': 'LOG_LEVEL',
  'shutdown-timeout': 'SHUTDOWN_TIMEOUT',
  'redis-timeout-ms': 'REDIS_TIMEOUT_MS',
  'climate-cache-mb': 'CLIMATE_CACHE_MB',
  'pv-site-cache-mb': 'PV_SITE_CACHE_MB',
  'pv-workers': 'PV_WORKERS',
} as const;

function count(name: string, text: string | undefined, fallback: number, minimum = 0): number {
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(value) || value < minimum) throw new Error(`${name} must be a whole number${minimum > 0 ? ` of at least ${minimum}` : ''}, not ${text}`);
  return value;
}

function megabytes(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!/^\s*\d+(\.\d+)?\s*$/.test(text) || !Number.isFinite(value)) throw new Error(`${name} must be a number of megabytes, not ${text}`);
  return value;
}

/** PV_WORKERS: a number of threads from 0 to 64, or `auto` (one per core, at most 4). */
function workers(text: string | undefined): number {
  if (text === undefined || text === '' || text.trim() === 'auto') return DEFAULT_WORKERS;
  const value = count('PV_WORKERS', text, DEFAULT_WORKERS);
  if (value > 64) throw new Error(`PV_WORKERS must be a whole number from 0 to 64, or auto, not ${text}`);
  return value;
}

export function readSettings(argv: string[] = process.argv.slice(2), env: NodeJS.ProcessEnv = process.env): Settings {
  const { values } = parseArgs({ args: argv, options: Object.fromEntries(Object.keys(flags).map((flag) => [flag, { type: 'string' as const }])), strict: true });
  const get = (flag: keyof typeof flags): string | undefined => (values as Record<string, string | undefined>)[flag] ?? env[flags[flag]];
  const port = Number(get('port') ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, not ${get('port')}`);
  const demoKey = (get('demo-key') ?? 'on').toLowerCase();
  if (demoKey !== 'on' && demoKey !== 'off') throw new Error(`DEMO_KEY must be on or off, not ${demoKey}`);
  const logLevel = (get('log-level') || defaults.logLevel).toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, not ${logLevel}`);
  return {
    port,
    host: get('host') ?? '127.0.0.1',
    dataDir: get('data-dir') ?? 'dist-data',
    keysFile: get('keys-file') ?? 'keys.json',
    demoKey: demoKey === 'on',
    redisUrl: get('redis-url') || undefined,
    redisPrefix: get('redis-prefix') || defaults.redisPrefix,
    publicUrl: get('public-url') || undefined,
    keyHourlyLimit: count('KEY_HOURLY_LIMIT', get('key-hourly-limit'), defaults.keyHourlyLimit),
    keyDailyLimit: count('KEY_DAILY_LIMIT', get('key-daily-limit'), defaults.keyDailyLimit),
    demoHourlyLimit: count('DEMO_KEY_HOURLY_LIMIT', get('demo-key-hourly-limit'), defaults.demoHourlyLimit),
    demoDailyLimit: count('DEMO_KEY_DAILY_LIMIT', get('demo-key-daily-limit'), defaults.demoDailyLimit),
    trustProxy: get('trust-proxy') || undefined,
    logLevel: logLevel as LogLevel,
    shutdownTimeout: count('SHUTDOWN_TIMEOUT', get('shutdown-timeout'), defaults.shutdownTimeout),
    redisTimeoutMs: count('REDIS_TIMEOUT_MS', get('redis-timeout-ms'), defaults.redisTimeoutMs, 1),
    climateCacheMb: megabytes('CLIMATE_CACHE_MB', get('climate-cache-mb'), defaults.climateCacheMb),
    pvSiteCacheMb: megabytes('PV_SITE_CACHE_MB', get('pv-site-cache-mb'), defaults.pvSiteCacheMb),
    pvWorkers: workers(get('pv-workers')),
  };
}
