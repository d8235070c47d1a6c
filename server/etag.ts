// ETags of data responses. An answer is a function of the data set and the request, so its ETag is
// computed from those, before any work: a hash of the served data set's manifest (its files'
// sha256), of this server's version and schemas, and of the request (path, negotiated format, query
// string without api_key; the key too for an endpoint that echoes it). A rebuilt data set therefore
// changes every ETag. The tag is weak (W/"…"): it names the answer, not a hash of its bytes, and
// If-None-Match compares weakly anyway.
//
// Only 2xx answers carry it; an endpoint whose answer to a query depends on the clock gets none,
// and so does a POST (its answer depends on its body, which the tag does not name). `etags()` is the
// step of an endpoint's route that does this, after the gateway and the format check:
// `If-None-Match` naming the request's current tag is answered 304 there, without running the
// endpoint (nor waiting for a place among the requests answered); `*` is answered 304 only once the
// endpoint has answered 2xx (`answerTag`: an error is never "not modified").
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { schemaFiles } from '../schemas/registry.ts';
import type { Manifest } from './data/dataset.ts';
import type { Endpoint } from './endpoints/types.ts';
import type { Format } from './formats/negotiate.ts';
import { resolveApiKey } from './gateway/index.ts';

/** How a 200 and its 304 may be cached: by the client only, after asking again each time. */
export const CACHE_OK = 'max-age=0, private, must-revalidate';

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** What the bytes of an answer depend on in this server's code: its version and its schemas. */
const codeFingerprint = (() => {
  const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  return sha256([version, ...schemaFiles.map((entry) => `${entry.id} ${JSON.stringify(entry.schema)}`)].join('\n')).toString('hex');
})();

const fingerprints = new WeakMap<Manifest, string>();

/** A data set's identity: its schema version, generator and every data file's sha256, as its manifest lists them. */
export function dataSetFingerprint(manifest: Manifest): string {
  let fingerprint = fingerprints.get(manifest);
  if (fingerprint === undefined) {
    const files = Object.entries(manifest.datasets)
      .flatMap(([dataset, entry]) => Object.entries(entry.files).map(([name, file]) => `${dataset}/${name} ${file.sha256}`))
      .sort();
    fingerprint = sha256([`schema_version ${manifest.schema_version}`, `generator ${manifest.generator}`, ...files].join('\n')).toString('hex');
    fingerprints.set(manifest, fingerprint);
  }
  return fingerprint;
}

/** The query string as sent, parameter order kept, without any api_key. */
export function queryWithoutKey(originalUrl: string): string {
  const question = originalUrl.indexOf('?');
  if (question < 0) return '';
  const params = new URLSearchParams(originalUrl.slice(question + 1));
  params.delete('api_key');
  return params.toString();
}

/** The ETag of an endpoint's answer to a request on a data set, or undefined when it gets none. */
function etagFor(endpoint: Endpoint, req: Request, format: Format, manifest: Manifest): string | undefined {
  if (endpoint.cache?.dependsOnClock?.(req.query as Record<string, unknown>) || endpoint.cache?.newEveryTime?.includes(format)) return undefined;
  const question = req.originalUrl.indexOf('?');
  const path = question < 0 ? req.originalUrl : req.originalUrl.slice(0, question);
  const parts = [codeFingerprint, dataSetFingerprint(manifest), path, format, queryWithoutKey(req.originalUrl)];
  if (endpoint.cache?.includesKey) parts.push(`key ${resolveApiKey(req) ?? ''}`);
  return `W/"${sha256(parts.join('\n')).toString('base64url').slice(0, 32)}"`;
}

/** The entity tags of an If-None-Match header (`*` kept as is), compared weakly: W/ is dropped. */
export function listedTags(header: string): string[] {
  return [...header.matchAll(/(?:W\/)?("[^"]*"|\*)/g)].map((match) => match[1]);
}

/** Whether If-None-Match names this very tag (not `*`). */
function namesTag(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const opaque = etag.replace(/^W\//, '');
  return listedTags(header).includes(opaque);
}

/** Whether If-None-Match is `*` (any current answer). */
function isAnyTag(header: string | undefined): boolean {
  return header !== undefined && listedTags(header).includes('*');
}

/** 304 Not Modified: no body; the tag and the caching rule of the 200 it stands for. */
export function sendNotModified(res: Response, etag: string): void {
  res.status(304);
  res.setHeader('ETag', etag);
  res.setHeader('Cache-Control', CACHE_OK);
  res.end();
}

/**
 * The ETag step of an endpoint's route (after the format check, which sets `res.locals.format`): a
 * request naming the current tag of its answer gets a 304 at once; otherwise the tag waits in
 * `res.locals.etag` for the handler (`answerTag`). `manifest` is the served data set's.
 */
export function etags(endpoint: Endpoint, manifest: () => Manifest): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const etag = req.method === 'POST' ? undefined : etagFor(endpoint, req, res.locals.format as Format, manifest());
    if (etag && namesTag(req.get('if-none-match'), etag)) return sendNotModified(res, etag);
    res.locals.etag = etag;
    next();
  };
}

/**
 * What the answer's status makes of the tag the ETag step left: `notModified` for `If-None-Match: *`
 * and a 2xx, else the tag to send with a 2xx (none with an error).
 */
export function answerTag(req: Request, res: Response, status: number): { notModified: true; etag: string } | { notModified: false; etag?: string } {
  const etag = res.locals.etag as string | undefined;
  if (etag === undefined || status < 200 || status >= 300) return { notModified: false };
  if (isAnyTag(req.get('if-none-match'))) return { notModified: true, etag };
  return { notModified: false, etag };
}
