// `npm start`: builds the sample data set into DATA_DIR when there is none, then serves the API.
// On SIGTERM (or SIGINT) it stops accepting connections, lets the requests in flight finish
// (streamed lists included), closes Redis and DuckDB, and exits 0. A rebuilt data set in DATA_DIR
// is picked up while it runs.
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { Admission, type Admissions } from './admission.ts';
import { createApp } from './app.ts';
import { DataSet, OutdatedDataSetError } from './data/dataset.ts';
import { DataHolder, watchDataDir, type DataWatcher } from './data/holder.ts';
import { endpointsFor } from './endpoints/index.ts';
import { NsrdbArchives } from './data/nsrdb-archives.ts';
import { warmUp, warmUpThroughHttp } from './warm-up.ts';
import type { Endpoint } from './endpoints/types.ts';
import { answerTunnelRequest, answerUnreadableRequest, openGateway, type OpenGateway } from './gateway/index.ts';
import { createLogger, type Logger } from './gateway/log.ts';
import { collectGarbage, IdleCollector, limitHeapGrowth } from './heap.ts';
import { ServerMetrics } from './metrics.ts';
import { listenOperations, type OperationsServer, Readiness } from './operations.ts';
import { HelpShown, readSettings, withDefaults, type ServerSettings, type Settings } from './settings.ts';

/**
 * How long the server must have had no request in flight before it collects the garbage of what it
 * answered (heap.ts): long enough that a busy server never pauses for it, short enough that memory
 * comes back soon after a burst.
 */
const IDLE_COLLECTION_MS = 5000;

export interface RunningServer {
  url: string;
  server: Server;
  data: DataHolder;
  gateway: OpenGateway;
  dataWatcher: DataWatcher;
  logger: Logger;
  /** Requests being answered now. */
  readonly inFlight: number;
  /** Counts and figures served at /metrics. */
  metrics: ServerMetrics;
  /** METRICS_PORT's URL (/metrics and /ready), when the setting is given. */
  metricsUrl?: string;
  /** The NSRDB `.json` downloads' archive jobs. */
  archives: NsrdbArchives;
  /**
   * Stops accepting connections, waits for the requests in flight (cutting what remains after
   * `timeoutMs`, SHUTDOWN_TIMEOUT by default), then closes the gateway (Redis) and the data set.
   */
  close(options?: { timeoutMs?: number }): Promise<void>;
}

export interface StartOptions {
  /** The clock of the rate limits (ms since the epoch). */
  now?: () => number;
  /** Structured logs; by default pino on stderr at LOG_LEVEL. */
  logger?: Logger;
  /** Plain lines instead of a logger (each log object, as JSON, one call per line). */
  log?: (line: string) => void;
  /** Instead of the endpoints of endpoints/index.ts (tests add their own). */
  endpoints?: Endpoint[];
  /** How often keys, Redis's return and the data set's manifest are checked (ms); 1000 by default. */
  pollMs?: number;
}

function lineLogger(log: (line: string) => void, level: string): Logger {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      log(String(chunk).replace(/\n$/, ''));
      done();
    },
  });
  return pino({ level, base: undefined }, sink);
}

function urlOf(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/**
 * The data set in DATA_DIR, opened (and built first when it is missing: the sample; or when it is a
 * sample an older version built), with `open`, which the data watcher uses for a rebuilt one.
 */
async function openServedDataSet(
  settings: Settings,
  logger: Logger,
  idleCollector: IdleCollector,
  warm: (dataSet: DataSet) => Promise<void>,
): Promise<{ data: DataHolder; open: (dir: string) => Promise<DataSet> }> {
  const dataDir = resolve(settings.dataDir);
  // The pipeline (its generator, readers and gazetteers: some 45 MB resident) is loaded only to build.
  const buildSample = async (sample?: { seed: number; stations: number }) => {
    const { buildDataSet, DEFAULT_SAMPLE_STATIONS, DEFAULT_SEED } = await import('../pipeline/build.ts');
    const { seed, stations } = sample ?? { seed: DEFAULT_SEED, stations: DEFAULT_SAMPLE_STATIONS };
    logger.info(`building the sample data set (seed ${seed}, ${stations} stations)`);
    await buildDataSet({ outDir: dataDir, sample: { seed, stations }, allowInvalid: false, repair: false, log: (line) => logger.info(line) });
  };
  if (!DataSet.exists(dataDir)) {
    logger.info(`no data set in ${dataDir}`);
    await buildSample();
  }
  const bytes = (megabytes: number) => Math.round(megabytes * 1024 * 1024);
  const open = async (dir: string) => {
    const dataSet = await DataSet.open(dir, {
      climateCacheBytes: bytes(settings.climateCacheMb),
      pvSiteCacheBytes: bytes(settings.pvSiteCacheMb),
      pvWorkers: settings.pvWorkers,
      cacheIdleMs: settings.cacheTtl * 1000,
      onCacheExpire: () => idleCollector.garbageLeft(),
    });
    await warm(dataSet);
    return dataSet;
  };
  const dataSet = await open(dataDir).catch(async (error: unknown) => {
    // A sample built by an older version is made again (it is generated: nothing is lost); a data
    // set built from sources is the operator's to rebuild, and the error says how.
    const sample = error instanceof OutdatedDataSetError ? DataSet.sampleIn(dataDir) : undefined;
    if (!sample) throw error;
    logger.info(`the sample data set in ${dataDir} was built by an older version (${(error as Error).message}): building it again`);
    await buildSample(sample);
    return open(dataDir);
  });
  return { data: new DataHolder(dataSet), open };
}

function gatewayOptions(settings: Settings, logger: Logger, now: () => number, pollMs: number | undefined): Parameters<typeof openGateway>[0] {
  return {
    // Without PUBLIC_URL, the served URL, set once the port is known (PORT=0 takes any).
    publicUrl: settings.publicUrl ?? '',
    keysFile: settings.keysFile,
    demoKey: settings.demoKey,
    keyLimits: { hourly: settings.keyHourlyLimit, daily: settings.keyDailyLimit },
    demoLimits: { hourly: settings.demoHourlyLimit, daily: settings.demoDailyLimit },
    nsrdbLimits: {
      csvPerSecond: settings.nsrdbCsvPerSecond,
      csvDaily: settings.nsrdbCsvDailyLimit,
      jsonPerTwoSeconds: settings.nsrdbJsonPerTwoSeconds,
      jsonDaily: settings.nsrdbJsonDailyLimit,
    },
    redisUrl: settings.redisUrl,
    redisPrefix: settings.redisPrefix,
    redisTimeoutMs: settings.redisTimeoutMs,
    now,
    log: logger,
    pollMs,
  };
}

function admissionsFor(settings: Settings): Admissions {
  return {
    answering: new Admission(settings.maxActiveRequests),
    streaming: new Admission(settings.maxStreams, { perClient: settings.maxStreamsPerClient, waitMs: settings.streamWaitTimeout * 1000 }),
    streamStallMs: settings.streamStallTimeout * 1000,
  };
}

/** The HTTP server in front of the app, counting the requests in flight and closing keep-alive connections once told it is closing. */
interface HttpServer {
  server: Server;
  readonly inFlight: number;
  /** From now on each response says `Connection: close`, and every connection that falls idle is closed. */
  closing(): void;
}

function httpServerFor(settings: Settings, app: RequestListener, gateway: OpenGateway, idleCollector: IdleCollector): HttpServer {
  let inFlight = 0;
  let closing = false;
  // Idle keep-alive connections outlive a load balancer's own idle timeout (often 60 s), so that it
  // never reuses one the server is closing; the headers timeout must exceed it (Node's advice).
  const server = createServer({ keepAliveTimeout: settings.keepAliveTimeout * 1000, headersTimeout: (settings.keepAliveTimeout + 5) * 1000 });
  // This listener runs before the app's, so that the header is set before any response starts.
  server.on('request', (_req: IncomingMessage, res: ServerResponse) => {
    inFlight++;
    idleCollector.requestStarted();
    if (closing) res.setHeader('Connection', 'close');
    res.once('close', () => {
      inFlight--;
      idleCollector.requestEnded();
      if (closing) server.closeIdleConnections();
    });
  });
  server.on('request', app);
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => answerUnreadableRequest(error, socket, gateway.config.publicUrl));
  server.on('connect', (_req: IncomingMessage, socket) => answerTunnelRequest(socket, gateway.config.publicUrl));
  return {
    server,
    get inFlight() {
      return inFlight;
    },
    closing: () => {
      closing = true;
    },
  };
}

/** Listens on HOST:PORT; the links of gateway errors then name the port taken (PORT=0 included), before any request is read. */
function listen(server: Server, settings: Settings, gateway: OpenGateway): Promise<string> {
  return new Promise((resolveServer, reject) => {
    server.once('error', reject);
    server.listen(settings.port, settings.host, () => {
      server.off('error', reject);
      const url = urlOf(settings.host, (server.address() as AddressInfo).port);
      if (settings.publicUrl === undefined) gateway.config.publicUrl = url;
      resolveServer(url);
    });
  });
}

export async function startServer(given: ServerSettings, options: StartOptions = {}): Promise<RunningServer> {
  const settings = withDefaults(given);
  const logger = options.logger ?? (options.log ? lineLogger(options.log, settings.logLevel) : createLogger(settings.logLevel));
  const idleCollector = new IdleCollector(IDLE_COLLECTION_MS);
  const now = options.now ?? Date.now;
  const endpoints = options.endpoints ?? endpointsFor(settings.stationRecord);
  const readiness = new Readiness();
  const admission = admissionsFor(settings);
  const metrics = new ServerMetrics({ data: () => readiness.data, admission });
  // With METRICS_PORT, /ready answers from now on: `starting` while the data set is built, opened and warmed.
  const operations = settings.metricsPort === undefined ? undefined : await listenOperations(settings.metricsPort, settings.metricsHost, readiness, metrics);
  try {
    return await startServing(settings, options, { logger, idleCollector, now, endpoints, readiness, admission, metrics, operations });
  } catch (error) {
    await operations?.close();
    throw error;
  }
}

interface ServingParts {
  logger: Logger;
  idleCollector: IdleCollector;
  now: () => number;
  endpoints: Endpoint[];
  readiness: Readiness;
  admission: Admissions;
  metrics: ServerMetrics;
  operations: OperationsServer | undefined;
}

/** Every endpoint's example through the server's HTTP stack, with a key of its own, before it says it is ready (docs/decisions.md §1.7). */
async function warmThroughHttp(url: string, endpoints: Endpoint[], gateway: OpenGateway, logger: Logger): Promise<void> {
  const started = performance.now();
  const own = gateway.keys.ownKey();
  try {
    const { answered, problems } = await warmUpThroughHttp(url, endpoints, own.key);
    for (const problem of problems) logger.warn(`warm-up through HTTP: ${problem}`);
    logger.info(`warm-up through HTTP: ${answered} examples answered in ${Math.round(performance.now() - started)} ms`);
  } finally {
    own.forget();
  }
}

/** The data set opened and warmed, the gateway, the app and its HTTP server listening: the server from its parts. */
async function startServing(settings: Settings, options: StartOptions, parts: ServingParts): Promise<RunningServer> {
  const { logger, idleCollector, now, endpoints, readiness, admission, metrics, operations } = parts;
  /** The warm-up's answers too large to be worth answering again after a collection (warm-up.ts). */
  let largeAnswers: ReadonlySet<string> = new Set();
  const answerExamples = async (dataSet: DataSet, pass: string, leaveOut: ReadonlySet<string> = new Set()) => {
    const started = performance.now();
    const { answered, problems, large } = await warmUp(endpoints, dataSet, new Date(now()), { leaveOut });
    for (const problem of problems) logger.warn(`${pass}: ${problem}`);
    const left = leaveOut.size > 0 ? ` (${leaveOut.size} large ones left out)` : '';
    logger.info(`${pass}: ${answered} examples answered${left} in ${Math.round(performance.now() - started)} ms`);
    return large;
  };
  // The garbage of opening the data set and of the warm-up is collected whole (heap.ts), and the
  // examples answered again after it: that collection freed the optimised code of what the first
  // answers made (docs/decisions.md §1.7).
  const warm = async (dataSet: DataSet) => {
    if (settings.warmUp) largeAnswers = await answerExamples(dataSet, 'warm-up');
    collectGarbage();
    if (settings.warmUp) await answerExamples(dataSet, 'warm-up after the collection', largeAnswers);
    idleCollector.settle();
    await dataSet.db.returnFreedMemory();
  };

  const { data, open } = await openServedDataSet(settings, logger, idleCollector, warm);
  readiness.data = data;
  const gateway = await openGateway(gatewayOptions(settings, logger, now, options.pollMs));
  gateway.config.onRefused = (code, window) => metrics.refused(code, window);
  metrics.useRateLimiter(gateway.config.limiter);
  const archives = new NsrdbArchives({
    dir: resolve(settings.nsrdbArchiveDir),
    keepMs: settings.nsrdbArchiveHours * 3_600_000,
    maxBytes: settings.nsrdbArchiveMb * 1024 * 1024,
    now,
    log: (line) => logger.warn(line),
  });
  const app = createApp({
    archives,
    data,
    endpoints,
    now: () => new Date(now()),
    gateway: gateway.config,
    keyPages: { demoKey: settings.demoKey, demoLimits: gateway.config.demoLimits, keyLimits: gateway.config.keyLimits },
    logger,
    trustProxy: settings.trustProxy,
    admission,
    metrics,
    metricsOnOwnPort: operations !== undefined,
    readiness,
    onError: (error, req) => logger.error({ path: req.path, err: error instanceof Error ? (error.stack ?? error.message) : String(error) }, 'request failed'),
  });
  const http = httpServerFor(settings, app, gateway, idleCollector);
  const { server } = http;
  let url: string;
  try {
    url = await listen(server, settings, gateway);
  } catch (error) {
    readiness.phase = 'closing';
    archives.close();
    idleCollector.close();
    await gateway.close();
    data.close();
    throw error;
  }
  if (settings.warmUp) {
    await warmThroughHttp(url, endpoints, gateway, logger);
    // a collection at idle frees optimised code as the start-up's did (heap.ts): the same warm-up follows it
    idleCollector.afterCollection = async () => {
      const dataSet = data.acquire();
      try {
        await answerExamples(dataSet, 'warm-up after an idle collection', largeAnswers);
        // a server closing meanwhile takes no more requests, its own included
        if (readiness.phase === 'ready') await warmThroughHttp(url, endpoints, gateway, logger);
      } catch (error) {
        logger.warn(`warm-up after an idle collection: ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        data.release(dataSet);
      }
    };
  }
  // what a burst's searches left with DuckDB, in its kept plans and its allocators, is given back
  // once the server is idle (docs/storage.md "Memory after a burst")
  idleCollector.afterIdle = async () => {
    const dataSet = data.acquire();
    try {
      await dataSet.db.renewKeptSearches();
      await dataSet.db.returnFreedMemory();
    } catch (error) {
      logger.warn(`returning freed memory: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      data.release(dataSet);
    }
  };
  readiness.phase = 'ready';
  const dataWatcher = watchDataDir(data, resolve(settings.dataDir), { pollMs: options.pollMs, log: logger, open });

  let closed: Promise<void> | undefined;
  const close = (closeOptions: { timeoutMs?: number } = {}): Promise<void> =>
    (closed ??= (async () => {
      readiness.phase = 'closing';
      http.closing();
      dataWatcher.close();
      const stopped = new Promise<void>((resolveStopped) => server.close(() => resolveStopped()));
      server.closeIdleConnections();
      const timer = setTimeout(
        () => {
          logger.warn({ inFlight: http.inFlight }, 'shutdown timeout: closing the connections still open');
          server.closeAllConnections();
        },
        closeOptions.timeoutMs ?? settings.shutdownTimeout * 1000,
      );
      await stopped;
      clearTimeout(timer);
      archives.close();
      await archives.settled();
      idleCollector.close();
      await gateway.close();
      await operations?.close();
      data.close();
    })());

  return {
    url,
    server,
    data,
    gateway,
    dataWatcher,
    logger,
    get inFlight() {
      return http.inFlight;
    },
    metrics,
    metricsUrl: operations?.url,
    archives,
    close,
  };
}

async function main(): Promise<void> {
  let settings: Settings;
  try {
    settings = readSettings();
  } catch (error) {
    if (error instanceof HelpShown) return;
    throw error;
  }
  // V8 lets the old generation grow to several times what is live before it collects it all. With
  // 60,000 records live, the garbage of many requests waiting at once or of lists streaming kept the
  // server near 700 MB busy; at 25% it stays near 380, for a few percent more time collecting
  // (bench: streaming).
  limitHeapGrowth(settings.heapGrowthPercent);
  const running = await startServer(settings);
  const { manifest } = running.data.dataSet;
  console.log(`serving ${running.url} from ${resolve(settings.dataDir)}${manifest.sample ? ' (SAMPLE DATA: synthetic records)' : ''}`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    running.logger.info({ signal, inFlight: running.inFlight }, 'shutting down: finishing the requests in flight');
    running.close().then(
      () => {
        running.logger.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        running.logger.error({ err: error instanceof Error ? error.message : String(error) }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  // A signal may come twice (a terminal's Ctrl-C reaches npm and the server, and npm forwards it):
  // the shutdown under way goes on.
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    process.stderr.write(`could not start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
}
