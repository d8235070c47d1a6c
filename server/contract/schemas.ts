// Schemas over HTTP: GET /api/schemas lists every JSON Schema of schemas/; each is served as
// published (its file without our annotation keywords: schemas/registry.ts) at its $id
// (/api/schemas/<file path>). No key needed; CORS as everywhere.
import { Router, type Request } from 'express';
import { schemaFiles } from '../../schemas/registry.ts';
import { sendDocument, staticDocument, type StaticDocument } from './documents.ts';
import { componentRef } from './openapi-components.ts';

const SCHEMA_CONTENT_TYPE = 'application/schema+json; charset=utf-8';

export interface SchemaListing {
  id: string;
  url: string;
  file: string;
  title: string;
  description?: string;
  /** Where the OpenAPI document holds it. */
  component: string;
}

/** The absolute URL of a path on this server, as the client reached it. */
function absoluteUrl(req: Request, path: string): string {
  return `${req.protocol}://${req.get('host') ?? 'localhost'}${path}`;
}

export function schemaRoutes(): Router {
  const router = Router();
  const documents = new Map<string, StaticDocument>(
    schemaFiles.map((entry) => [entry.id, staticDocument(`${JSON.stringify(entry.published, null, 2)}\n`, SCHEMA_CONTENT_TYPE)]),
  );
  router.get('/api/schemas', (req, res) => {
    const schemas: SchemaListing[] = schemaFiles.map((entry) => ({
      id: entry.id,
      url: absoluteUrl(req, entry.id),
      file: `schemas/${entry.file}`,
      title: String(entry.schema.title ?? entry.file),
      ...(typeof entry.schema.description === 'string' ? { description: entry.schema.description } : {}),
      component: absoluteUrl(req, `/api/openapi.json${componentRef(entry.id)}`),
    }));
    res.setHeader('Cache-Control', 'no-cache');
    res.json({ schemas, openapi: absoluteUrl(req, '/api/openapi.json') });
  });
  router.get(/^\/api\/schemas\/.+\.schema\.json$/, (req, res, next) => {
    const document = documents.get(req.path);
    if (!document) return next();
    sendDocument(req, res, document);
  });
  return router;
}
