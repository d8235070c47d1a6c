// The HTTP application: CORS, health, readiness and metrics, the gateway in front of every endpoint,
// format negotiation, and the renderers. Endpoints are plain functions from a request to a neutral result.
import cors, { type CorsOptions } from 'cors';
import express, { type Express, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { Admissions } from './admission.ts';
import { contractRoutes } from './contract/index.ts';
import { keyPageRoutes, type KeyPagesOptions } from './contract/key-pages.ts';
import type { DataHolder } from './data/holder.ts';
import type { NsrdbArchives } from './data/nsrdb-archives.ts';
import { unimplementedPaths } from './endpoints/index.ts';
import type { Endpoint } from './endpoints/types.ts';
import { type Format, requestedFormat } from './formats/negotiate.ts';
import { render, send } from './formats/render.ts';
import { answerTag, CACHE_OK, etags, sendNotModified } from './etag.ts';
import { gateway, sendGatewayError, type GatewayConfig } from './gateway/index.ts';
import { requestLogger, type Logger } from './gateway/log.ts';
import type { ServerMetrics } from './metrics.ts';
import { metricsRoute, type Readiness, readyRoute } from './operations.ts';
import { jsonpCallback, type RawQuery } from './params.ts';
import { readParameterBody } from './request-body.ts';

export interface AppDependencies {
  data: DataHolder;
  gateway: GatewayConfig;
  endpoints: Endpoint[];
  now: () => Date;
  /** Called with errors the client only sees as a 500. */
  onError?: (error: unknown, req: Request) => void;
  /** Request logs: one line per request, never a key (gateway/log.ts). */
  logger?: Logger;
  /** What the pages at /signup/ and /contact/ (the gateway errors' links) say of keys here. */
  keyPages: KeyPagesOptions;
  /** Express's `trust proxy` (TRUST_PROXY): whose X-Forwarded-For names the client (DEMO_KEY's limits are per client IP). */
  trustProxy?: string;
  /** How many endpoint requests are answered, and how many long answers stream, at once (admission.ts). */
  admission: Admissions;
  /** Counts every request; its `/metrics` is served here unless `metricsOnOwnPort` (METRICS_PORT). */
  metrics: ServerMetrics;
  metricsOnOwnPort: boolean;
  /** What `/ready` says. */
  readiness: Readiness;
  /** The NSRDB `.json` downloads' jobs; their zips are served at /nsrdb-archives/<id>.zip. */
  archives: NsrdbArchives;
}

/** TRUST_PROXY as Express takes it: true/false, a number of hops, or addresses and subnets. */
function trustProxyValue(setting: string | undefined): boolean | number | string {
  if (setting === undefined || setting === '' || setting === 'false') return false;
  if (setting === 'true') return true;
  return /^\d+$/.test(setting) ? Number(setting) : setting;
}

function health(data: DataHolder, admission: Admissions) {
  return (_req: Request, res: Response) => {
    const { manifest, identity, climate, pvSites } = data.dataSet;
    res.setHeader('Cache-Control', 'no-cache');
    res.json({
      status: 'ok',
      sample: manifest.sample,
      notice: manifest.notice,
      data_set: identity,
      climate_cache: climate.cacheStats(),
      pv_site_cache: pvSites.stats(),
      requests: { answering: admission.answering.stats, streaming: admission.streaming.stats },
      manifest,
    });
  };
}

/**
 * Every answer may be read by a page of any origin (as the real service's `*`); a preflight (a page
 * sending X-Api-Key) is answered before the gateway, for a day, and the rate-limit headers are
 * exposed to the page's script.
 */
const CORS: CorsOptions = {
  origin: '*',
  methods: ['GET', 'HEAD', 'POST', 'OPTIONS'],
  exposedHeaders: ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'Retry-After', 'ETag'],
  maxAge: 86_400,
};

/**
 * GET /nsrdb-archives/<id>.zip, without a key (the real service's links are plain file links): the
 * zip when it is ready; a 202 saying so while its job waits or is being written; else the
 * gateway's 404 (`notFound`), as for a path that never was.
 */
export function archiveRoute(archives: NsrdbArchives, notFound: RequestHandler): RequestHandler {
  return (req, res, next) => {
    const id = /^([0-9a-f]{32})\.zip$/.exec(String(req.params.file))?.[1];
    const state = id === undefined ? 'unknown' : archives.state(id);
    if (state === 'ready') {
      res.setHeader('Content-Disposition', `attachment; filename="nsrdb-${id}.zip"`);
      return void res.sendFile(archives.zipPath(id!), { headers: { 'Content-Type': 'application/zip' } }, (error) => error && next(error));
    }
    if (state === 'waiting') {
      res.status(202).setHeader('Retry-After', '1');
      return void res.json({ status: 'in progress', message: 'The archive is being made: try again shortly.' });
    }
    notFound(req, res, next);
  };
}

/** The request's parameters: the query string, merged with a POST's body (request-body.ts). */
const parametersOf = (req: Request, res: Response): RawQuery => (res.locals.parameters as RawQuery | undefined) ?? (req.query as RawQuery);

function mount(app: Express, endpoint: Endpoint, deps: AppDependencies): void {
  const checkFormat = (req: Request, res: Response, next: NextFunction) => {
    const format = requestedFormat(req.params.ext as string | undefined, parametersOf(req, res).format, endpoint.formats, endpoint.defaultFormat);
    if (!format) return sendGatewayError(req, res, 'NOT_FOUND', deps.gateway.publicUrl);
    res.locals.format = format;
    res.locals.callback = jsonpCallback(format, endpoint.parameters, parametersOf(req, res));
    next();
  };
  const handle = async (req: Request, res: Response) => {
    const { answering, streaming, streamStallMs } = deps.admission;
    // A request whose client leaves while it waits gives up its place in the queue.
    const abandoned = new AbortController();
    res.once('close', () => abandoned.abort());
    let place = await answering.enter(req.ip, abandoned.signal);
    if (!place) return;
    const data = deps.data.acquire();
    try {
      const result = await endpoint.handle({
        data,
        query: parametersOf(req, res),
        path: req.params as Record<string, string>,
        now: deps.now(),
        format: res.locals.format as Format,
        publicUrl: deps.gateway.publicUrl,
        jobs: {
          archives: deps.archives,
          keepData: () => {
            deps.data.hold(data);
            return () => deps.data.release(data);
          },
        },
        bodyProblem: res.locals.bodyProblem,
      });
      const tag = answerTag(req, res, result.status ?? 200);
      if (tag.notModified) return sendNotModified(res, tag.etag);
      const rendered = render(result, res.locals.format, res.locals.callback);
      const cacheControl = rendered.status === 200 ? CACHE_OK : 'no-cache';
      const headers = { 'Cache-Control': cacheControl, ...(tag.etag ? { ETag: tag.etag } : {}), ...result.headers };
      const beforeStreaming = async () => {
        place?.leave();
        place = await streaming.enter(req.ip, abandoned.signal);
        return place !== undefined;
      };
      const sent = await send(res, rendered, { headers, beforeStreaming, stallMs: streamStallMs });
      if (sent === 'refused' && !res.destroyed) {
        res.setHeader('Retry-After', String(Math.ceil((streaming.waitMs ?? 0) / 1000)));
        sendGatewayError(req, res, 'SERVICE_UNAVAILABLE', deps.gateway.publicUrl);
      }
    } finally {
      deps.data.release(data);
      place?.leave();
    }
  };
  // The gateway first, as API Umbrella stands in front of the service: a request without a valid key
  // gets the gateway's 403 whatever its extension (`.zzz` included, docs/decisions.md §2.1, §2.2).
  const etagStep = etags(endpoint, () => deps.data.dataSet.manifest);
  for (const path of endpoint.paths) {
    app.get(`${path}{.:ext}`, gateway(deps.gateway, endpoint.limitGroup), checkFormat, etagStep, handle);
    if (endpoint.methods?.includes('POST'))
      app.post(`${path}{.:ext}`, gateway(deps.gateway, endpoint.limitGroup), readParameterBody, checkFormat, etagStep, handle);
  }
}

export function createApp(deps: AppDependencies): Express {
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('query parser', 'simple');
  app.set('trust proxy', trustProxyValue(deps.trustProxy));
  app.use(deps.metrics.middleware());
  if (deps.logger) app.use(requestLogger(deps.logger));
  app.use(cors(CORS));
  app.get('/health', health(deps.data, deps.admission));
  app.get('/ready', readyRoute(deps.readiness));
  if (!deps.metricsOnOwnPort) app.get('/metrics', metricsRoute(deps.metrics));
  app.use(keyPageRoutes(deps.keyPages));
  // The contract, without a key: the page at /, /api/schemas (every JSON Schema at its $id), /api/openapi.json.
  app.use(contractRoutes({ endpoints: deps.endpoints }));
  const notFound = (req: Request, res: Response) => sendGatewayError(req, res, 'NOT_FOUND', deps.gateway.publicUrl);
  // Express tries routes in the order they are added, and `/v1/:id` would take any word for an id:
  // the real service's paths that are words come first, those no endpoint answers (`nearby-route`)
  // as the gateway's 404, then the endpoints whose paths have no parameter (`last-updated`).
  for (const path of unimplementedPaths) app.get(`${path}{.:ext}`, notFound);
  app.get('/nsrdb-archives/:file', archiveRoute(deps.archives, notFound));
  const withoutParametersFirst = [...deps.endpoints].sort((a, b) => Number(a.pathParameters !== undefined) - Number(b.pathParameters !== undefined));
  for (const endpoint of withoutParametersFirst) mount(app, endpoint, deps);
  app.use(notFound);
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (res.headersSent) return void res.destroy();
    const status = (error as { status?: unknown }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) return sendGatewayError(req, res, 'BAD_REQUEST', deps.gateway.publicUrl);
    deps.onError?.(error, req);
    sendGatewayError(req, res, 'INTERNAL_SERVER_ERROR', deps.gateway.publicUrl);
  });
  return app;
}
