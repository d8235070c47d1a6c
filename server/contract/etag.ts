// ETags of data responses. An answer is a function of the data set and the request, so its ETag is
// computed from those, before any work: a hash of the served data set's manifest (its files'
// sha256), of this server's version and schemas, and of the request (path, negotiated format, query
// string without api_key; the key too for an endpoint that echoes it). A rebuilt data set therefore
// changes every ETag. The tag is weak (W/"…"): it names the answer, not a hash of its bytes, and
// If-None-Match compares weakly anyway.
//
// Only 2xx answers carry it; an endpoint whose answer to a query depends on the clock gets none.
// `If-None-Match` naming the request's current tag is answered 304 without running the endpoint;
// `*` is answered 304 only once the endpoint has answered 2xx (an error is never "not modified").
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Request, Response } from 'express';
import { schemaFiles } from '../../schemas/registry.ts';
import type { Manifest } from '../data/dataset.ts';
import type { Endpoint } from '../endpoints/types.ts';
import type { Format } from '../formats/negotiate.ts';
import { resolveApiKey } from '../gateway/index.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** What the bytes of an answer depend on in this server's code: its version and its schemas. */
const codeFingerprint = (() => {
  const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
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
export function etagFor(endpoint: Endpoint, req: Request, format: Format, manifest: Manifest): string | undefined {
  if (endpoint.cache?.dependsOnClock?.(req.query as Record<string, unknown>)) return undefined;
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
export function namesTag(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const opaque = etag.replace(/^W\//, '');
  return listedTags(header).includes(opaque);
}

/** Whether If-None-Match is `*` (any current answer). */
export function isAnyTag(header: string | undefined): boolean {
  return header !== undefined && listedTags(header).includes('*');
}

/** 304 Not Modified: no body; the tag and the caching rule of the 200 it stands for. */
export function sendNotModified(res: Response, etag: string, cacheControl: string): void {
  res.status(304);
  res.setHeader('ETag', etag);
  res.setHeader('Cache-Control', cacheControl);
  res.end();
}
