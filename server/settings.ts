// Server settings (docs/interface.md §2): each an environment variable and a `--flag` of
// `npm start`, the flag winning. One table below says, for each, its variable, its default, what it
// means and how its text is read; the flags, `npm start -- --help` and the defaults all come from it.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command, CommanderError, Option } from 'commander';
import { DEFAULT_CACHE_MB } from './data/stores.ts';
import { DEFAULT_WORKERS } from './data/pv-workers.ts';
import { LOG_LEVELS, type LogLevel } from './gateway/log.ts';
import { DEFAULT_COMMAND_TIMEOUT_MS, DEFAULT_REDIS_PREFIX } from './gateway/redis.ts';
import { STATION_RECORD_GENERATIONS, type StationRecordGeneration } from './formats/views/fuel-stations.ts';

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
  /** NSRDB .csv downloads per rolling second and per rolling day, per key (DEMO_KEY: per client IP). */
  nsrdbCsvPerSecond: number;
  nsrdbCsvDailyLimit: number;
  /** NSRDB .json downloads (archive jobs) per rolling two seconds and per rolling day, per key (DEMO_KEY: per client IP). */
  nsrdbJsonPerTwoSeconds: number;
  nsrdbJsonDailyLimit: number;
  /** The NSRDB archives (.json downloads): their folder, how long one is kept (hours), and the megabytes kept before jobs are refused. */
  nsrdbArchiveDir: string;
  nsrdbArchiveHours: number;
  nsrdbArchiveMb: number;
  /** DEMO_KEY, per client IP, every endpoint. */
  demoHourlyLimit: number;
  demoDailyLimit: number;
  /** Express's `trust proxy`: which proxies' X-Forwarded-For gives the client IP (DEMO_KEY limits). */
  trustProxy?: string;
  logLevel: LogLevel;
  /** After SIGTERM, how long in-flight requests may take before their connections are cut (s). */
  shutdownTimeout: number;
  /** Whether a data set answers every endpoint's example before it is served, so that first requests are as quick as later ones. */
  warmUp: boolean;
  /** How long an idle keep-alive connection stays open (s); longer than a load balancer's idle timeout. */
  keepAliveTimeout: number;
  /** A Redis command slower than this fails over to per-process counting (ms). */
  redisTimeoutMs: number;
  /** Memory cap of the climate store's cache of stations' hourly weather (MB). */
  climateCacheMb: number;
  /** Memory cap of the estimator's cache of prepared sites (MB). */
  pvSiteCacheMb: number;
  /** A cached station's weather or prepared site unused this long is let go (s). */
  cacheTtl: number;
  /** Worker threads for monthly estimates; 0 runs them on the main thread. */
  pvWorkers: number;
  /** Which generation of the fuel-station record the fuel-station endpoints answer with. */
  stationRecord: StationRecordGeneration;
  /** How many endpoint requests are answered at once; the others wait their turn (admission.ts). */
  maxActiveRequests: number;
  /** How many long answers (full lists) stream at once; the others wait before their first byte. */
  maxStreams: number;
  /** How many of those one client address may stream at once. */
  maxStreamsPerClient: number;
  /** How long a long answer may wait for a place to stream before it is refused with a 503 (s). */
  streamWaitTimeout: number;
  /** How long a stream may go without its reader taking a byte before it is ended (s). */
  streamStallTimeout: number;
  /** How far past its live size V8 lets the old generation grow before collecting it all (%). */
  heapGrowthPercent: number;
  /** A port of its own for /metrics and /ready (unset: /metrics is served on PORT with the API). */
  metricsPort?: number;
  /** The address that port listens on. */
  metricsHost: string;
}

/** Settings a caller of `startServer` must give; the others have defaults (`withDefaults`). */
export type ServerSettings = Pick<Settings, 'port' | 'host' | 'dataDir' | 'keysFile' | 'demoKey'> & Partial<Settings>;

interface Setting<K extends keyof Settings> {
  field: K;
  variable: string;
  /** The default as the help prints it; read like any value given. Absent: the setting is unset. */
  fallback?: string;
  meaning: string;
  read(text: string, variable: string): Settings[K];
}

function setting<K extends keyof Settings>(spec: Setting<K>): Setting<K> {
  return spec;
}

function wholeNumber(minimum = 0, maximum = Number.MAX_SAFE_INTEGER) {
  return (text: string, variable: string): number => {
    const value = Number(text);
    if (!/^\s*\d+\s*$/.test(text) || !Number.isSafeInteger(value) || value < minimum || value > maximum) {
      const range = maximum < Number.MAX_SAFE_INTEGER ? ` from ${minimum} to ${maximum}` : minimum > 0 ? ` of at least ${minimum}` : '';
      throw new Error(`${variable} must be a whole number${range}, not ${text}`);
    }
    return value;
  };
}

function megabytes(text: string, variable: string): number {
  if (!/^\s*\d+(\.\d+)?\s*$/.test(text)) throw new Error(`${variable} must be a number of megabytes, not ${text}`);
  return Number(text);
}

const asText = (text: string) => text;

function onOrOff(text: string, variable: string): boolean {
  const value = text.toLowerCase();
  if (value !== 'on' && value !== 'off') throw new Error(`${variable} must be on or off, not ${text}`);
  return value === 'on';
}

const SETTINGS = [
  setting({
    field: 'port',
    variable: 'PORT',
    fallback: '8080',
    meaning: 'port to listen on (0 = any free port; the server prints the URL it serves)',
    read: wholeNumber(0, 65535),
  }),
  setting({ field: 'host', variable: 'HOST', fallback: '127.0.0.1', meaning: 'address to listen on', read: asText }),
  setting({
    field: 'dataDir',
    variable: 'DATA_DIR',
    fallback: 'dist-data',
    meaning: 'the built data set to serve (a rebuilt one is picked up while running)',
    read: asText,
  }),
  setting({
    field: 'keysFile',
    variable: 'KEYS_FILE',
    fallback: 'keys.json',
    meaning: 'API keys, stored as SHA-256 hashes (npm run keys writes it)',
    read: asText,
  }),
  setting({
    field: 'demoKey',
    variable: 'DEMO_KEY',
    fallback: 'on',
    meaning: 'off disables the built-in DEMO_KEY',
    read: onOrOff,
  }),
  setting({
    field: 'demoHourlyLimit',
    variable: 'DEMO_KEY_HOURLY_LIMIT',
    fallback: '30',
    meaning: 'DEMO_KEY requests per rolling hour, per client IP',
    read: wholeNumber(),
  }),
  setting({
    field: 'demoDailyLimit',
    variable: 'DEMO_KEY_DAILY_LIMIT',
    fallback: '50',
    meaning: 'DEMO_KEY requests per rolling day, per client IP',
    read: wholeNumber(),
  }),
  setting({
    field: 'keyHourlyLimit',
    variable: 'KEY_HOURLY_LIMIT',
    fallback: '1000',
    meaning: 'requests per rolling hour per key, every endpoint',
    read: wholeNumber(),
  }),
  setting({
    field: 'keyDailyLimit',
    variable: 'KEY_DAILY_LIMIT',
    fallback: '10000',
    meaning: 'requests per rolling day per key, fuel-station endpoints',
    read: wholeNumber(),
  }),
  setting({
    field: 'nsrdbCsvPerSecond',
    variable: 'NSRDB_CSV_PER_SECOND',
    fallback: '1',
    meaning: 'NSRDB .csv downloads per rolling second per key (DEMO_KEY: per client IP)',
    read: wholeNumber(1),
  }),
  setting({
    field: 'nsrdbCsvDailyLimit',
    variable: 'NSRDB_CSV_DAILY_LIMIT',
    fallback: '10000',
    meaning: 'NSRDB .csv downloads per rolling day per key (DEMO_KEY: per client IP)',
    read: wholeNumber(1),
  }),
  setting({
    field: 'nsrdbJsonPerTwoSeconds',
    variable: 'NSRDB_JSON_PER_TWO_SECONDS',
    fallback: '1',
    meaning: 'NSRDB .json downloads (archive jobs) per rolling two seconds per key (DEMO_KEY: per client IP)',
    read: wholeNumber(1),
  }),
  setting({
    field: 'nsrdbJsonDailyLimit',
    variable: 'NSRDB_JSON_DAILY_LIMIT',
    fallback: '2000',
    meaning: 'NSRDB .json downloads per rolling day per key (DEMO_KEY: per client IP)',
    read: wholeNumber(1),
  }),
  setting({
    field: 'nsrdbArchiveDir',
    variable: 'NSRDB_ARCHIVE_DIR',
    fallback: join(tmpdir(), 'nrel-compat-nsrdb-archives'),
    meaning: 'where the NSRDB .json downloads write their zips (a folder every instance shares, behind a proxy)',
    read: asText,
  }),
  setting({
    field: 'nsrdbArchiveHours',
    variable: 'NSRDB_ARCHIVE_HOURS',
    fallback: '24',
    meaning: 'how long an NSRDB archive (and its job, with its email) is kept after it was made, hours',
    read: wholeNumber(1),
  }),
  setting({
    field: 'nsrdbArchiveMb',
    variable: 'NSRDB_ARCHIVE_MB',
    fallback: '1024',
    meaning: 'megabytes of NSRDB archives kept before new .json downloads are refused (503)',
    read: wholeNumber(1),
  }),
  setting({ field: 'redisUrl', variable: 'REDIS_URL', meaning: 'rate-limit counters and keys in Redis, shared by every instance', read: asText }),
  setting({ field: 'redisPrefix', variable: 'REDIS_PREFIX', fallback: DEFAULT_REDIS_PREFIX, meaning: 'prefix of every Redis key', read: asText }),
  setting({
    field: 'redisTimeoutMs',
    variable: 'REDIS_TIMEOUT_MS',
    fallback: String(DEFAULT_COMMAND_TIMEOUT_MS),
    meaning: 'a slower Redis command counts the request in the process instead (ms)',
    read: wholeNumber(1),
  }),
  setting({ field: 'trustProxy', variable: 'TRUST_PROXY', meaning: "Express's trust proxy: whose X-Forwarded-For names the client", read: asText }),
  setting({
    field: 'publicUrl',
    variable: 'PUBLIC_URL',
    meaning: 'base URL of the signup/contact links of gateway errors (default: the URL served)',
    read: asText,
  }),
  setting({
    field: 'logLevel',
    variable: 'LOG_LEVEL',
    fallback: 'info',
    meaning: `${LOG_LEVELS.join(', ')}`,
    read: (text, variable) => {
      const value = text.toLowerCase();
      if (!(LOG_LEVELS as readonly string[]).includes(value)) throw new Error(`${variable} must be one of ${LOG_LEVELS.join(', ')}, not ${text}`);
      return value as LogLevel;
    },
  }),
  setting({
    field: 'stationRecord',
    variable: 'STATION_RECORD',
    fallback: 'current',
    meaning: "the fuel-station record: current (today's service) or 2014 (the 2014 documentation's record, byte for byte)",
    read: (text, variable) => {
      const value = text.trim().toLowerCase();
      if (!(STATION_RECORD_GENERATIONS as readonly string[]).includes(value))
        throw new Error(`${variable} must be one of ${STATION_RECORD_GENERATIONS.join(', ')}, not ${text}`);
      return value as StationRecordGeneration;
    },
  }),
  setting({
    field: 'shutdownTimeout',
    variable: 'SHUTDOWN_TIMEOUT',
    fallback: '30',
    meaning: 'seconds requests in flight get after SIGTERM or SIGINT',
    read: wholeNumber(),
  }),
  setting({
    field: 'warmUp',
    variable: 'WARM_UP',
    fallback: 'on',
    meaning:
      "on: a data set answers each endpoint's example once before it is served (start-up and reloads), so that first requests are as quick as later ones",
    read: onOrOff,
  }),
  setting({
    field: 'keepAliveTimeout',
    variable: 'KEEP_ALIVE_TIMEOUT',
    fallback: '75',
    meaning: 'seconds an idle keep-alive connection stays open (keep it above your load balancer’s idle timeout)',
    read: wholeNumber(1, 86_400),
  }),
  setting({
    field: 'maxActiveRequests',
    variable: 'MAX_ACTIVE_REQUESTS',
    fallback: '8',
    meaning: 'endpoint requests answered at once; more wait their turn, first come first served (bounds memory under many clients)',
    read: wholeNumber(1, 100_000),
  }),
  setting({
    field: 'maxStreams',
    variable: 'MAX_STREAMS',
    fallback: '8',
    meaning: 'long answers (full lists) streamed at once; more wait before their first byte',
    read: wholeNumber(1, 100_000),
  }),
  setting({
    field: 'maxStreamsPerClient',
    variable: 'MAX_STREAMS_PER_CLIENT',
    fallback: '4',
    meaning: 'long answers one client address streams at once (behind a proxy, set TRUST_PROXY so that clients are told apart)',
    read: wholeNumber(1, 100_000),
  }),
  setting({
    field: 'streamWaitTimeout',
    variable: 'STREAM_WAIT_TIMEOUT',
    fallback: '30',
    meaning: 'seconds a long answer waits for a place to stream before it gets a 503 with Retry-After',
    read: wholeNumber(1, 86_400),
  }),
  setting({
    field: 'streamStallTimeout',
    variable: 'STREAM_STALL_TIMEOUT',
    fallback: '30',
    meaning: 'seconds a stream goes on while its reader takes nothing, before it is ended and its place freed',
    read: wholeNumber(1, 86_400),
  }),
  setting({
    field: 'metricsPort',
    variable: 'METRICS_PORT',
    meaning: 'a port of its own for /metrics and /ready, listening from start-up (unset: /metrics is served on PORT; 0 = any free port)',
    read: wholeNumber(0, 65535),
  }),
  setting({ field: 'metricsHost', variable: 'METRICS_HOST', fallback: '127.0.0.1', meaning: 'address METRICS_PORT listens on', read: asText }),
  setting({
    field: 'heapGrowthPercent',
    variable: 'HEAP_GROWTH_PERCENT',
    fallback: '25',
    meaning:
      'how far past what is live V8 lets the heap grow before a full collection, 1 to 400 (%): lower keeps the server smaller, higher spends less time collecting',
    read: wholeNumber(1, 400),
  }),
  setting({
    field: 'pvWorkers',
    variable: 'PV_WORKERS',
    fallback: 'auto',
    meaning: `worker threads for monthly estimates, 0 to 64 (auto: one per core, at most 4, here ${DEFAULT_WORKERS})`,
    read: (text, variable) => {
      if (text.trim() === 'auto') return DEFAULT_WORKERS;
      if (!/^\s*\d+\s*$/.test(text) || Number(text) > 64) throw new Error(`${variable} must be a whole number from 0 to 64, or auto, not ${text}`);
      return Number(text);
    },
  }),
  setting({
    field: 'pvSiteCacheMb',
    variable: 'PV_SITE_CACHE_MB',
    fallback: String(DEFAULT_CACHE_MB.pvSites),
    meaning: "memory cap of the estimator's prepared sites (MB)",
    read: megabytes,
  }),
  setting({
    field: 'cacheTtl',
    variable: 'CACHE_TTL',
    fallback: '120',
    meaning: "seconds a station's cached weather or prepared site stays unused before it is let go (memory returns after a burst)",
    read: wholeNumber(1, 86_400),
  }),
  setting({
    field: 'climateCacheMb',
    variable: 'CLIMATE_CACHE_MB',
    fallback: String(DEFAULT_CACHE_MB.climate),
    meaning: "memory cap of the stations' hourly weather cache (MB)",
    read: megabytes,
  }),
];

const flagOf = (variable: string) => variable.toLowerCase().replaceAll('_', '-');

function settingValue<K extends keyof Settings>(spec: Setting<K>, text: string | undefined): Settings[K] | undefined {
  if (text === undefined || text === '') return spec.fallback === undefined ? undefined : spec.read(spec.fallback, spec.variable);
  return spec.read(text, spec.variable);
}

/** Every setting with a default, at its default. */
export const defaults = Object.fromEntries(
  SETTINGS.filter((spec) => spec.fallback !== undefined).map((spec) => [spec.field, settingValue(spec, undefined)]),
) as Pick<Settings, Exclude<keyof Settings, 'redisUrl' | 'trustProxy' | 'publicUrl' | 'metricsPort'>>;

export function withDefaults(settings: ServerSettings): Settings {
  const filled: Record<string, unknown> = { ...settings };
  for (const [field, value] of Object.entries(defaults)) filled[field] ??= value;
  return filled as unknown as Settings;
}

function command(): Command {
  const program = new Command('npm start --')
    .description(
      'Serves the API on the data set in DATA_DIR (building the sample there first when it has none).\nEach option is also an environment variable; the option wins.',
    )
    .helpOption('-h, --help', 'print these options and exit')
    .allowExcessArguments(false)
    .exitOverride()
    .configureOutput({ writeOut: (text) => process.stdout.write(text), writeErr: () => {} });
  for (const spec of SETTINGS) {
    const fallback = spec.fallback === undefined ? '' : `; default ${spec.fallback}`;
    program.addOption(new Option(`--${flagOf(spec.variable)} <value>`, `${spec.meaning} (${spec.variable}${fallback})`));
  }
  return program;
}

/** The options of `npm start`, as `--help` prints them. */
export function settingsHelp(): string {
  return command().helpInformation();
}

/** Thrown for `--help`: the help has been printed. */
export class HelpShown extends Error {}

/** The settings from the flags, else the environment, else the defaults; a bad value or an unknown flag throws, naming it. */
export function readSettings(argv: string[] = process.argv.slice(2), env: NodeJS.ProcessEnv = process.env): Settings {
  const program = command();
  try {
    program.parse(argv, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError && error.code === 'commander.helpDisplayed') throw new HelpShown();
    if (error instanceof CommanderError) throw new Error(`${error.message.replace(/^error: /, '')} (npm start -- --help lists the options)`);
    throw error;
  }
  const flags = program.opts<Record<string, string | undefined>>();
  const settings: Record<string, unknown> = {};
  for (const spec of SETTINGS) {
    const flag = flags[program.options.find((option) => option.long === `--${flagOf(spec.variable)}`)!.attributeName()];
    settings[spec.field] = settingValue(spec, flag ?? env[spec.variable]);
  }
  return settings as unknown as Settings;
}
