// Structured logs (pino, one JSON object a line, on stderr by default). Request logs carry the
// method, the path with its query but without `api_key` (however written), the status, the duration and the key's
// public id; never a key: not the api_key parameter, not X-Api-Key, not Authorization.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger } from 'pino';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export function createLogger(level: LogLevel = 'info', destination: DestinationStream = pino.destination(2)): Logger {
  return pino({ level, base: { pid: process.pid }, timestamp: pino.stdTimeFunctions.isoTime }, destination);
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/**
 * Whether a parameter name is a way of writing `api_key`: decoded, folded (NFKC, lower case) and
 * stripped of everything but letters and digits, it reads `apikey`. The gateway takes only
 * `api_key`, but a key sent as `API_KEY=`, `api-key=` or `api_key%00=` is still a key.
 */
function namesApiKey(name: string): boolean {
  return (
    decoded(name)
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]/gu, '') === 'apikey'
  );
}

/**
 * The URL as logged: every parameter whose name is a way of writing `api_key` left out of the
 * query, and the value of such a parameter that a client wrongly put in the path left out too.
 */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  const path = (mark < 0 ? url : url.slice(0, mark)).replace(/([^/&;=]*)=([^/&;]*)/g, (pair, name: string) => (namesApiKey(name) ? `${name}=` : pair));
  if (mark < 0) return path;
  const kept = url
    .slice(mark + 1)
    .split('&')
    .filter((part) => !namesApiKey(part.split('=', 1)[0]));
  return kept.length > 0 ? `${path}?${kept.join('&')}` : path;
}

/** One line per request when its response ends (or the client goes away). */
export function requestLogger(logger: Logger): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    res.once('close', () => {
      const line: Record<string, unknown> = {
        method: req.method,
        path: redactUrl(req.originalUrl),
        status: res.statusCode,
        ms: Math.round(Number(process.hrtime.bigint() - started) / 1e3) / 1e3,
        ip: req.ip,
      };
      if (res.locals.keyId) line.key = res.locals.keyId;
      if (!res.writableFinished) line.aborted = true;
      // the server's requests to itself (the warm-up) are summed up by the warm-up's own line
      if (res.locals.ownRequest === true) logger.debug(line, 'request');
      else logger.info(line, 'request');
    });
    next();
  };
}
