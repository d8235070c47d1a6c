// Documents that change only with the server (schemas, the OpenAPI document, the page's files):
// sent with a strong ETag of their bytes, so that If-None-Match gets a 304. No key needed.
import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { listedTags } from '../etag.ts';

export interface StaticDocument {
  body: Buffer;
  contentType: string;
  etag: string;
}

export function staticDocument(body: string | Buffer, contentType: string): StaticDocument {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  return { body: bytes, contentType, etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 32)}"` };
}

export function sendDocument(req: Request, res: Response, document: StaticDocument, headers: Record<string, string> = {}): void {
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('ETag', document.etag);
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  const condition = req.get('if-none-match');
  if (condition !== undefined && (listedTags(condition).includes(document.etag) || listedTags(condition).includes('*'))) {
    res.status(304).end();
    return;
  }
  res.status(200).setHeader('Content-Type', document.contentType);
  res.setHeader('Content-Length', String(document.body.length));
  res.end(req.method === 'HEAD' ? undefined : document.body);
}
