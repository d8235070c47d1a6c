// The page at /: web/index.html and its assets under /web/, all served by this server (no other
// origin: the Content-Security-Policy forbids any). The page reads /api/openapi.json and calls the
// API with DEMO_KEY or the key its user enters.
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Router } from 'express';
import { sendDocument, staticDocument, type StaticDocument } from './documents.ts';

export const webDir = fileURLToPath(new URL('../../web/', import.meta.url));

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/** Everything from this origin and nothing from any other. */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

const pageHeaders = { 'Content-Security-Policy': CONTENT_SECURITY_POLICY, 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer' };

export function pageRoutes(): Router {
  const router = Router();
  const files = new Map<string, StaticDocument>();
  for (const name of readdirSync(webDir)) {
    const type = contentTypes[extname(name)];
    if (type) files.set(name, staticDocument(readFileSync(join(webDir, name)), type));
  }
  const index = files.get('index.html');
  if (index) {
    router.get('/', (req, res) => sendDocument(req, res, index, pageHeaders));
    router.get('/index.html', (req, res) => sendDocument(req, res, index, pageHeaders));
  }
  router.get('/web/:file', (req, res, next) => {
    const file = files.get(req.params.file);
    if (!file) return next();
    sendDocument(req, res, file, pageHeaders);
  });
  return router;
}
