// The published contract, none of it behind a key: the page at /, every JSON Schema at its $id
// (/api/schemas lists them), and the OpenAPI 3.1 document at /api/openapi.json.
import { Router } from 'express';
import type { Endpoint } from '../endpoints/types.ts';
import { sendDocument, staticDocument, type StaticDocument } from './documents.ts';
import { openApiDocument } from './openapi.ts';
import { pageRoutes } from './page.ts';
import { schemaRoutes } from './schemas.ts';

export interface ContractOptions {
  endpoints: Endpoint[];
}

export function contractRoutes(options: ContractOptions): Router {
  const router = Router();
  // Generated on first request, from the endpoints this server answers.
  let openApi: StaticDocument | undefined;
  router.get('/api/openapi.json', (req, res) => {
    openApi ??= staticDocument(JSON.stringify(openApiDocument(options.endpoints), null, 2), 'application/json; charset=utf-8');
    sendDocument(req, res, openApi);
  });
  router.use(schemaRoutes());
  router.use(pageRoutes());
  return router;
}
