// openapi-typescript as a consumer runs it. It lives in this folder's node_modules with its own
// TypeScript 5, whose compiler API it needs (the project's TypeScript 7 has none), so it is imported
// from here.
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';

/** The TypeScript that openapi-typescript writes for an OpenAPI document, with its default options. */
export async function openApiTypes(document: object): Promise<string> {
  return astToString(await openapiTS(document as OpenAPI3));
}
