// Server settings: every variable of the README's table is also a `--flag` of `npm start`
// (docs/interface.md §2), the flag winning over the environment; bad values are refused with the
// variable's name.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { DEFAULT_WORKERS } from './data/pv-workers.ts';
import { HelpShown, readSettings, settingsHelp } from './settings.ts';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const tableStart = readme.indexOf('| variable | default | meaning |');
const documented = [...readme.slice(tableStart, readme.indexOf('\n\n', tableStart)).matchAll(/^\| `([A-Z_]+)` \|/gm)].map((match) => match[1]!);

/** A value each setting accepts, and how it reads back. */
const samples: Record<string, [text: string, read: (settings: ReturnType<typeof readSettings>) => unknown, expected: unknown]> = {
  PORT: ['9191', (s) => s.port, 9191],
  HOST: ['0.0.0.0', (s) => s.host, '0.0.0.0'],
  DATA_DIR: ['/srv/data', (s) => s.dataDir, '/srv/data'],
  KEYS_FILE: ['/srv/keys.json', (s) => s.keysFile, '/srv/keys.json'],
  DEMO_KEY: ['off', (s) => s.demoKey, false],
  DEMO_KEY_HOURLY_LIMIT: ['7', (s) => s.demoHourlyLimit, 7],
  DEMO_KEY_DAILY_LIMIT: ['8', (s) => s.demoDailyLimit, 8],
  KEY_HOURLY_LIMIT: ['9', (s) => s.keyHourlyLimit, 9],
  KEY_DAILY_LIMIT: ['10', (s) => s.keyDailyLimit, 10],
  NSRDB_CSV_PER_SECOND: ['2', (s) => s.nsrdbCsvPerSecond, 2],
  NSRDB_CSV_DAILY_LIMIT: ['20', (s) => s.nsrdbCsvDailyLimit, 20],
  NSRDB_JSON_PER_TWO_SECONDS: ['3', (s) => s.nsrdbJsonPerTwoSeconds, 3],
  NSRDB_JSON_DAILY_LIMIT: ['30', (s) => s.nsrdbJsonDailyLimit, 30],
  NSRDB_ARCHIVE_DIR: ['/srv/archives', (s) => s.nsrdbArchiveDir, '/srv/archives'],
  NSRDB_ARCHIVE_HOURS: ['6', (s) => s.nsrdbArchiveHours, 6],
  NSRDB_ARCHIVE_MB: ['64', (s) => s.nsrdbArchiveMb, 64],
  REDIS_URL: ['redis://127.0.0.1:6390/2', (s) => s.redisUrl, 'redis://127.0.0.1:6390/2'],
  REDIS_PREFIX: ['here:', (s) => s.redisPrefix, 'here:'],
  REDIS_TIMEOUT_MS: ['50', (s) => s.redisTimeoutMs, 50],
  TRUST_PROXY: ['loopback', (s) => s.trustProxy, 'loopback'],
  PUBLIC_URL: ['https://api.example.org', (s) => s.publicUrl, 'https://api.example.org'],
  LOG_LEVEL: ['warn', (s) => s.logLevel, 'warn'],
  SHUTDOWN_TIMEOUT: ['5', (s) => s.shutdownTimeout, 5],
  STATION_RECORD: ['2014', (s) => s.stationRecord, '2014'],
  KEEP_ALIVE_TIMEOUT: ['120', (s) => s.keepAliveTimeout, 120],
  WARM_UP: ['off', (s) => s.warmUp, false],
  PV_WORKERS: ['0', (s) => s.pvWorkers, 0],
  MAX_ACTIVE_REQUESTS: ['3', (s) => s.maxActiveRequests, 3],
  MAX_STREAMS: ['2', (s) => s.maxStreams, 2],
  MAX_STREAMS_PER_CLIENT: ['1', (s) => s.maxStreamsPerClient, 1],
  STREAM_WAIT_TIMEOUT: ['5', (s) => s.streamWaitTimeout, 5],
  STREAM_STALL_TIMEOUT: ['6', (s) => s.streamStallTimeout, 6],
  HEAP_GROWTH_PERCENT: ['50', (s) => s.heapGrowthPercent, 50],
  METRICS_PORT: ['9464', (s) => s.metricsPort, 9464],
  METRICS_HOST: ['0.0.0.0', (s) => s.metricsHost, '0.0.0.0'],
  PV_SITE_CACHE_MB: ['512', (s) => s.pvSiteCacheMb, 512],
  CLIMATE_CACHE_MB: ['64', (s) => s.climateCacheMb, 64],
  CACHE_TTL: ['30', (s) => s.cacheTtl, 30],
};

const flagOf = (variable: string) => `--${variable.toLowerCase().replaceAll('_', '-')}`;

test('every setting of the README is an environment variable and a flag, and the flag wins', () => {
  assert.ok(documented.length >= 20, `the README's table lists ${documented.length} settings`);
  assert.deepEqual([...documented].sort(), Object.keys(samples).sort(), 'a sample value for each documented setting');
  for (const variable of documented) {
    const [text, read, expected] = samples[variable]!;
    assert.equal(read(readSettings([], { [variable]: text })), expected, `${variable} from the environment`);
    assert.equal(read(readSettings([`${flagOf(variable)}=${text}`], {})), expected, `${flagOf(variable)}`);
    const other = readSettings([], {});
    assert.equal(
      read(readSettings([`${flagOf(variable)}=${text}`], { [variable]: String(read(other) ?? '') })),
      expected,
      `${flagOf(variable)} over ${variable}`,
    );
  }
});

test('the estimator settings: PV_WORKERS (auto, 0–64) and PV_SITE_CACHE_MB (megabytes, 256 by default)', () => {
  const defaults = readSettings([], {});
  assert.equal(defaults.pvWorkers, DEFAULT_WORKERS);
  assert.equal(defaults.pvSiteCacheMb, 256);
  assert.equal(readSettings(['--pv-workers', 'auto'], { PV_WORKERS: '3' }).pvWorkers, DEFAULT_WORKERS);
  assert.equal(readSettings([], { PV_WORKERS: '64' }).pvWorkers, 64);
  assert.equal(readSettings(['--pv-site-cache-mb=0.5'], {}).pvSiteCacheMb, 0.5);
  assert.throws(() => readSettings([], { PV_WORKERS: '65' }), /PV_WORKERS must be a whole number from 0 to 64, or auto, not 65/);
  assert.throws(() => readSettings(['--pv-workers=two'], {}), /PV_WORKERS must be a whole number/);
  assert.throws(() => readSettings([], { PV_SITE_CACHE_MB: '-1' }), /PV_SITE_CACHE_MB must be a number of megabytes, not -1/);
});

test('--help lists every setting with its variable and default; an unknown flag is refused, naming it', () => {
  const help = settingsHelp();
  for (const variable of documented) {
    assert.ok(help.includes(flagOf(variable)), `${flagOf(variable)} in the help`);
    assert.ok(help.includes(variable), `${variable} in the help`);
  }
  // commander wraps the help to the terminal's width, anywhere between words
  assert.match(help.replace(/\s+/g, ' '), /KEEP_ALIVE_TIMEOUT; default 75\)/);
  const stdout = process.stdout.write;
  let printed = '';
  process.stdout.write = ((text: string) => {
    printed += text;
    return true;
  }) as typeof process.stdout.write;
  try {
    assert.throws(() => readSettings(['--help'], {}), HelpShown);
  } finally {
    process.stdout.write = stdout;
  }
  assert.equal(printed, help);
  assert.throws(() => readSettings(['--prot', '80'], {}), /unknown option '--prot'/);
  assert.throws(() => readSettings(['extra'], {}), /too many arguments/);
});

test('keep-alive: 75 s by default (above the 60 s idle timeout of common load balancers), 1 s to a day', () => {
  assert.equal(readSettings([], {}).keepAliveTimeout, 75);
  assert.throws(() => readSettings([], { KEEP_ALIVE_TIMEOUT: '0' }), /KEEP_ALIVE_TIMEOUT must be a whole number from 1 to 86400, not 0/);
  assert.throws(() => readSettings(['--keep-alive-timeout=soon'], {}), /KEEP_ALIVE_TIMEOUT/);
});

test('the cache cap is a server setting: CLIMATE_CACHE_MB or --climate-cache-mb (megabytes, 256 by default)', () => {
  assert.equal(readSettings([], {}).climateCacheMb, 256);
  assert.equal(readSettings([], { CLIMATE_CACHE_MB: '64' }).climateCacheMb, 64);
  assert.equal(readSettings(['--climate-cache-mb', '0.5'], { CLIMATE_CACHE_MB: '64' }).climateCacheMb, 0.5, 'the flag wins over the environment');
  assert.equal(readSettings(['--climate-cache-mb=0'], {}).climateCacheMb, 0);
  assert.throws(() => readSettings([], { CLIMATE_CACHE_MB: 'lots' }), /CLIMATE_CACHE_MB must be a number of megabytes, not lots/);
  assert.throws(() => readSettings(['--climate-cache-mb=-1'], {}), /CLIMATE_CACHE_MB/);
});
