// The gateway in front of every endpoint, in API Umbrella's order: key present, key valid, key
// enabled, rate limit; only then the endpoint (DECISIONS.md §2).
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { gatewayError, type GatewayErrorCode } from './errors.ts';
import type { KeyStore } from './keys.ts';
import type { RateLimiter, Window } from './limits.ts';

export interface LimitSettings {
  hourly: number;
  daily: number;
}

export interface GatewayConfig {
  publicUrl: string;
  keys: KeyStore;
  limiter: RateLimiter;
  /** Limits of a registered key that has none of its own. */
  keyLimits: LimitSettings;
  /** DEMO_KEY's limits, per client IP, on every endpoint. */
  demoLimits: LimitSettings;
  now: () => number;
}

/** Which daily counter an endpoint draws on: the real service limits fuel-station endpoints per day. */
export type LimitGroup = 'fuel-stations' | 'other';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

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

export function sendGatewayError(req: Request, res: Response, code: GatewayErrorCode, publicUrl: string): void {
  const error = gatewayError(req, code, publicUrl);
  res.status(error.status).setHeader('Content-Type', error.contentType);
  res.end(error.body);
}

export function gateway(config: GatewayConfig, group: LimitGroup): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    const key = resolveApiKey(req);
    if (key === undefined) return sendGatewayError(req, res, 'API_KEY_MISSING', config.publicUrl);
    const state = config.keys.lookup(key);
    if (state.kind === 'unknown') return sendGatewayError(req, res, 'API_KEY_INVALID', config.publicUrl);
    if (state.kind === 'key' && state.record.disabled) return sendGatewayError(req, res, 'API_KEY_DISABLED', config.publicUrl);

    const demo = state.kind === 'demo';
    const limits = demo ? config.demoLimits : { ...config.keyLimits, ...state.record.limits };
    const identity = demo ? `demo:${req.ip}` : `key:${state.record.hash}`;
    const windows: Window[] = [{ name: 'hour', windowMs: HOUR_MS, limit: limits.hourly }];
    if (demo) windows.push({ name: 'day', windowMs: DAY_MS, limit: limits.daily });
    else if (group === 'fuel-stations') windows.push({ name: 'day:fuel-stations', windowMs: DAY_MS, limit: limits.daily });

    const decision = await config.limiter.hit(identity, windows, config.now());
    res.setHeader('X-RateLimit-Limit', String(decision.limit));
    res.setHeader('X-RateLimit-Remaining', String(decision.remaining));
    if (!decision.allowed) {
      res.setHeader('Retry-After', String(decision.retryAfterSeconds ?? 1));
      return sendGatewayError(req, res, 'OVER_RATE_LIMIT', config.publicUrl);
    }
    next();
  };
}
