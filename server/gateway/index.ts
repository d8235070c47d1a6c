// The gateway in front of every endpoint, in API Umbrella's order: key present, key valid, key
// enabled, rate limit; only then the endpoint (docs/decisions.md §2.1, §2.4).
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { gatewayBody, gatewayError, gatewayMessage, gatewayStatus, type GatewayErrorCode } from './errors.ts';
import { KeyStore, keyId, type KeyLookup } from './keys.ts';
import { MemoryRateLimiter, type RateLimiter, type Window } from './limits.ts';
import { connectRedis, DEFAULT_REDIS_PREFIX, SharedRateLimiter, waitReady } from './redis.ts';
import type { LimitGroup } from '../endpoints/types.ts';

export interface LimitSettings {
  hourly: number;
  daily: number;
}

/**
 * The NSRDB downloads' own limits, per key: the documented .csv ones are one a second and 10,000 a
 * day, the .json ones one in two seconds and 2,000 a day (the defaults of their settings).
 */
export interface NsrdbLimits {
  csvPerSecond: number;
  csvDaily: number;
  jsonPerTwoSeconds: number;
  jsonDaily: number;
}

export interface GatewayConfig {
  publicUrl: string;
  keys: KeyLookup;
  limiter: RateLimiter;
  /** Limits of a registered key that has none of its own. */
  keyLimits: LimitSettings;
  /** DEMO_KEY's limits, per client IP, on every endpoint. */
  demoLimits: LimitSettings;
  /** The NSRDB downloads' own limits, per key (DEMO_KEY: per client IP). */
  nsrdbLimits: NsrdbLimits;
  now: () => number;
  /** Told of each request refused before its endpoint: a missing, invalid or disabled key, or the rate limit (the metrics count them). */
  onRefused?: (code: GatewayErrorCode, window?: string) => void;
}

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/** The key as API Umbrella finds it: header X-Api-Key, query api_key, basic-auth user name; first non-empty wins. */
export function resolveApiKey(req: Request): string | undefined {
  const header = req.get('x-api-key');
  if (header) return header;
  const query = req.query.api_key;
  if (typeof query === 'string' && query !== '') return query;
  if (Array.isArray(query)) {
    const first = query.find((value) => typeof value === 'string' && value !== '');
    if (typeof first === 'string') return first;
  }
  const authorization = req.get('authorization');
  if (authorization?.toLowerCase().startsWith('basic ')) {
    const decoded = Buffer.from(authorization.slice(6).trim(), 'base64').toString('utf8');
    const user = decoded.split(':')[0];
    if (user) return user;
  }
  return undefined;
}

/**
 * A request Node cannot read answers before any route: a request line and headers over 16 KB get
 * REQUEST_TOO_LARGE (431) and a malformed request BAD_REQUEST (400), in the gateway's JSON, instead
 * of Node's empty body; a request that took too long to arrive gets Node's own 408.
 */
export function answerUnreadableRequest(error: NodeJS.ErrnoException, socket: Duplex, publicUrl: string): void {
  if (!socket.writable || error.code === 'ECONNRESET') return void socket.destroy();
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return void socket.end('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n');
  answerOnSocket(socket, error.code === 'HPE_HEADER_OVERFLOW' ? 'REQUEST_TOO_LARGE' : 'BAD_REQUEST', publicUrl);
}

/**
 * A CONNECT asks for a tunnel, which this server never opens: BAD_REQUEST (400) in the gateway's
 * JSON, as for any request it cannot answer (Node would close the socket without a word).
 */
export function answerTunnelRequest(socket: Duplex, publicUrl: string): void {
  if (!socket.writable) return void socket.destroy();
  answerOnSocket(socket, 'BAD_REQUEST', publicUrl);
}

/** The gateway's JSON error written straight to a socket that no response object stands for, which then closes. */
function answerOnSocket(socket: Duplex, code: GatewayErrorCode, publicUrl: string): void {
  const status = gatewayStatus(code);
  const body = gatewayBody('json', code, gatewayMessage(code, publicUrl));
  const head = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Access-Control-Allow-Origin: *',
    'Connection: close',
  ];
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
}

export function sendGatewayError(req: Request, res: Response, code: GatewayErrorCode, publicUrl: string): void {
  const error = gatewayError(req, code, publicUrl);
  res.status(error.status).setHeader('Content-Type', error.contentType);
  res.end(error.body);
}

const SECOND_MS = 1000;

/** Whether an NSRDB download asks for its CSV: `.csv`, or no extension and no other `format` (the default). */
function asksForCsv(req: Request): boolean {
  const extension = req.params.ext as string | undefined;
  if (extension !== undefined) return extension.toLowerCase() === 'csv';
  const format = req.query.format;
  return typeof format !== 'string' || format === '' || format.toLowerCase() === 'csv';
}

/**
 * The windows a request draws on: hourly everywhere; daily per key on fuel stations, per IP for
 * DEMO_KEY; and on the NSRDB downloads those of their format, whatever the key.
 */
function windowsFor(limits: LimitSettings, demo: boolean, group: LimitGroup, nsrdb: NsrdbLimits, csv: boolean): Window[] {
  const windows: Window[] = [{ name: 'hour', windowMs: HOUR_MS, limit: limits.hourly }];
  if (demo) windows.push({ name: 'day', windowMs: DAY_MS, limit: limits.daily });
  else if (group === 'fuel-stations') windows.push({ name: 'day:fuel-stations', windowMs: DAY_MS, limit: limits.daily });
  if (group === 'nsrdb-downloads' && csv)
    windows.push(
      { name: 'second:nsrdb-csv', windowMs: SECOND_MS, limit: nsrdb.csvPerSecond },
      { name: 'day:nsrdb-csv', windowMs: DAY_MS, limit: nsrdb.csvDaily },
    );
  else if (group === 'nsrdb-downloads')
    windows.push(
      { name: 'two-seconds:nsrdb-json', windowMs: 2 * SECOND_MS, limit: nsrdb.jsonPerTwoSeconds },
      { name: 'day:nsrdb-json', windowMs: DAY_MS, limit: nsrdb.jsonDaily },
    );
  return windows;
}

export function gateway(config: GatewayConfig, group: LimitGroup): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    const refuse = (code: GatewayErrorCode, window?: string) => {
      config.onRefused?.(code, window);
      sendGatewayError(req, res, code, config.publicUrl);
    };
    const key = resolveApiKey(req);
    if (key === undefined) return refuse('API_KEY_MISSING');
    const state = config.keys.lookup(key);
    if (state.kind === 'unknown') return refuse('API_KEY_INVALID');
    if (state.kind === 'key') res.locals.keyId = state.own ? 'warm-up' : keyId(state.record.hash);
    if (state.kind === 'key' && state.own) res.locals.ownRequest = true;
    if (state.kind === 'key' && state.record.disabled) return refuse('API_KEY_DISABLED');

    const demo = state.kind === 'demo';
    if (demo) res.locals.keyId = 'DEMO_KEY';
    const limits = demo
      ? config.demoLimits
      : { hourly: state.record.limits?.hourly ?? config.keyLimits.hourly, daily: state.record.limits?.daily ?? config.keyLimits.daily };
    const identity = demo ? `demo:${req.ip}` : `key:${state.record.hash}`;
    const decision = await config.limiter.hit(
      identity,
      windowsFor(limits, demo, group, config.nsrdbLimits, group === 'nsrdb-downloads' && asksForCsv(req)),
      config.now(),
    );
    res.setHeader('X-RateLimit-Limit', String(decision.limit));
    res.setHeader('X-RateLimit-Remaining', String(decision.remaining));
    if (!decision.allowed) {
      res.setHeader('Retry-After', String(decision.retryAfterSeconds ?? 1));
      return refuse('OVER_RATE_LIMIT', decision.refusedBy);
    }
    next();
  };
}

export interface GatewayOptions {
  publicUrl: string;
  keysFile: string;
  demoKey: boolean;
  keyLimits: LimitSettings;
  demoLimits: LimitSettings;
  nsrdbLimits: NsrdbLimits;
  redisUrl?: string;
  redisPrefix?: string;
  redisTimeoutMs?: number;
  now: () => number;
  log: Logger;
  /** How often keys (file, Redis) are checked for changes, and Redis for its return (ms). */
  pollMs?: number;
}

export interface OpenGateway {
  config: GatewayConfig;
  keys: KeyStore;
  limiter: RateLimiter;
  redis?: Redis;
  close(): Promise<void>;
}

/** The keys and the limiter: in this process, or shared through Redis when `redisUrl` is set. */
export async function openGateway(options: GatewayOptions): Promise<OpenGateway> {
  const prefix = options.redisPrefix ?? DEFAULT_REDIS_PREFIX;
  let redis: Redis | undefined;
  let limiter: RateLimiter;
  if (options.redisUrl) {
    redis = connectRedis(options.redisUrl, { commandTimeoutMs: options.redisTimeoutMs, log: options.log });
    const shared = new SharedRateLimiter(redis, {
      prefix,
      log: options.log,
      now: options.now,
      probeMs: options.pollMs,
      commandTimeoutMs: options.redisTimeoutMs,
    });
    if (!(await waitReady(redis, 2000))) shared.fallBack(new Error(`no answer from ${redactRedisUrl(options.redisUrl)} at start-up`));
    limiter = shared;
  } else {
    limiter = new MemoryRateLimiter();
  }
  const keys = await KeyStore.open({
    file: options.keysFile,
    demoKey: options.demoKey,
    redis: redis && { client: redis, prefix },
    pollMs: options.pollMs,
    log: options.log,
  });
  return {
    config: {
      publicUrl: options.publicUrl,
      keys,
      limiter,
      keyLimits: options.keyLimits,
      demoLimits: options.demoLimits,
      nsrdbLimits: options.nsrdbLimits,
      now: options.now,
    },
    keys,
    limiter,
    redis,
    async close() {
      keys.close();
      await limiter.close?.();
      if (redis) {
        redis.disconnect();
      }
    },
  };
}

/** A Redis URL without its password, for logs. */
export function redactRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'REDIS_URL';
  }
}
