// What an operator's tools ask of a running server, without a key (docs/interface.md §2.1):
// `/ready` (200 once the data set is open and warm and until the server starts closing, 503 before
// and after: a proxy or orchestrator sends it requests only then) and `/metrics` (metrics.ts). With
// METRICS_PORT both are served on a port of their own, listening from start-up, so that `/ready`
// says `starting` while the data set is built, opened and warmed; `/health` stays the API port's
// liveness and description.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NextFunction, Request, Response } from 'express';
import type { DataHolder } from './data/holder.ts';
import type { ServerMetrics } from './metrics.ts';

export type Phase = 'starting' | 'ready' | 'closing';

/** Where the server is in its life, and the data set it serves once ready. */
export class Readiness {
  phase: Phase = 'starting';
  data: DataHolder | undefined;

  /** The status and body of `/ready`. */
  answer(): { status: number; body: string } {
    if (this.phase === 'ready' && this.data) return { status: 200, body: JSON.stringify({ status: 'ready', data_set: this.data.dataSet.identity }) };
    return { status: 503, body: JSON.stringify({ status: this.phase }) };
  }
}

function sendReady(readiness: Readiness, res: ServerResponse): void {
  const { status, body } = readiness.answer();
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

async function sendMetrics(metrics: ServerMetrics, res: ServerResponse): Promise<void> {
  const { body, contentType } = await metrics.exposition();
  res.writeHead(200, { 'Content-Type': contentType, 'Cache-Control': 'no-cache', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

function sendError(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  const body = JSON.stringify({ error: message });
  res.writeHead(status, { ...headers, 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) }).end(body);
}

/** `/ready` on the API's app. */
export function readyRoute(readiness: Readiness) {
  return (_req: Request, res: Response) => sendReady(readiness, res);
}

/** `/metrics` on the API's app (without METRICS_PORT); a figure that cannot be read goes to the app's error handler. */
export function metricsRoute(metrics: ServerMetrics) {
  return (_req: Request, res: Response, next: NextFunction) => {
    sendMetrics(metrics, res).catch(next);
  };
}

export interface OperationsServer {
  url: string;
  close(): Promise<void>;
}

/** METRICS_PORT's server: GET (or HEAD) `/metrics` and `/ready`; anything else a 404. */
export function listenOperations(port: number, host: string, readiness: Readiness, metrics: ServerMetrics): Promise<OperationsServer> {
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendError(res, 405, `method ${req.method} not allowed: /metrics and /ready answer GET and HEAD`, { Allow: 'GET, HEAD' });
    } else if (path === '/ready') {
      sendReady(readiness, res);
    } else if (path === '/metrics') {
      sendMetrics(metrics, res).catch(() => res.destroy());
    } else {
      sendError(res, 404, 'not found: this port serves /metrics and /ready');
    }
  });
  return new Promise((resolveServer, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address() as AddressInfo;
      resolveServer({
        url: `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`,
        close: () =>
          new Promise((resolveClosed) => {
            server.close(() => resolveClosed());
            server.closeAllConnections();
          }),
      });
    });
  });
}
