// The OpenAPI 3.1 document, generated from the endpoints (server/endpoints/index.ts) and the JSON
// Schemas (schemas/): nothing in it is written by hand but prose. A new endpoint appears in it as
// soon as it is listed among the endpoints.
//
// How it models the service:
// - Every path and alias of an endpoint is documented as its extension-less path (format from the
//   `format` parameter, else the default) and one path per format (`/api/alt-fuel-stations/v1.json`),
//   so that each typed path has exactly the content types its format gives. `x-format`, `x-formats`,
//   `x-default-format`, `x-canonical-path` (the endpoint's first path) and `x-alias-of` say how the
//   paths hang together.
// - Every schema of schemas/ is a component named by its title: the schema as published (without
//   our annotation keywords: schemas/registry.ts), `$id` dropped (kept as `x-schema-url`, the URL
//   it is served at) and every `$ref` rewritten to `#/components/schemas/…`.
// - Query parameters are the properties of the endpoint's parameter schema, each as
//   components/parameters/<Title>.<name> (comma lists: style form, explode false, and the
//   `x-comma-list` of the file kept as an extension of the parameter's schema); api_key is a
//   security scheme (header X-Api-Key, query api_key, or basic auth), `format` is on the
//   extension-less paths only.
// - Responses: 200 per format (JSON Schemas for JSON and GeoJSON; XML, CSV and JSONP as strings with
//   `x-json-equivalent` naming the schema of the same data), 304, the endpoint's own errors, and the
//   gateway's 400, 403, 404, 429, 431 and 500, with the rate-limit, Retry-After, ETag and Cache-Control headers.
import { readFileSync } from 'node:fs';
import { mapSchemas, resolveRef, type JsonSchema } from '../../schemas/json-schema.ts';
import { schemaById, schemaFiles } from '../../schemas/registry.ts';
import type { Endpoint } from '../endpoints/types.ts';
import type { Format } from '../formats/negotiate.ts';

type Json = { [key: string]: unknown };

const GATEWAY_ERROR = '/api/schemas/gateway-error.schema.json';
const CALLBACK_PATTERN = '^[A-Za-z_$][A-Za-z0-9_$.]{0,63}$';

const packageJson = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string; description: string; license: string };

// --- Schemas as components ----------------------------------------------------------------------

const componentNames = new Map<string, string>();
{
  const taken = new Set<string>();
  for (const entry of schemaFiles) {
    let name = String(entry.schema.title ?? entry.file).replace(/[^A-Za-z0-9._-]/g, '_');
    if (taken.has(name)) name = entry.file.replace(/\.schema\.json$/, '').replace(/[^A-Za-z0-9._-]/g, '_');
    taken.add(name);
    componentNames.set(entry.id, name);
  }
}

/** The $id of the document a reference names, relative to the schema it is written in. */
function documentOf(ref: string, baseId: string): string {
  const [document] = ref.split('#');
  return document ? new URL(document, new URL(baseId || '/', 'http://base.invalid')).pathname : baseId;
}

/** `#/components/schemas/<Name>` for a schema's $id. */
export function componentRef(id: string): string {
  const name = componentNames.get(id);
  if (!name) throw new Error(`No schema with $id ${id}`);
  return `#/components/schemas/${name}`;
}

function rewriteRef(ref: string, baseId: string): string {
  const pointer = ref.includes('#') ? ref.slice(ref.indexOf('#') + 1) : '';
  return `${componentRef(documentOf(ref, baseId))}${pointer}`;
}

/** A deep copy of a schema (or a part of one) whose `$ref`s point into components/schemas. */
function rewriteSchema(node: unknown, baseId: string): unknown {
  return mapSchemas(node, (schema) => (typeof schema.$ref === 'string' ? { ...schema, $ref: rewriteRef(schema.$ref, baseId) } : schema));
}

function schemaComponents(): Json {
  const components: Json = {};
  for (const entry of schemaFiles) {
    const { $id: _id, $schema: _dialect, ...rest } = entry.published;
    components[componentNames.get(entry.id)!] = { ...(rewriteSchema(rest, entry.id) as Json), 'x-schema-url': entry.id };
  }
  return components;
}

const ref = (id: string) => ({ $ref: componentRef(id) });

// --- Parameters ---------------------------------------------------------------------------------

interface QueryParameter {
  name: string;
  key: string;
  parameter: Json;
}

/** A property of a parameter schema with a top-level `$ref` followed, and the $id its own refs are relative to. */
function followProperty(property: JsonSchema, baseId: string): { schema: JsonSchema; baseId: string } {
  if (typeof property.$ref !== 'string') return { schema: property, baseId };
  const target = resolveRef(property.$ref, baseId, (id) => (componentNames.has(id) ? schemaById(id) : undefined));
  const { $ref: _ref, ...siblings } = property;
  return followProperty({ ...target, ...siblings }, documentOf(property.$ref, baseId));
}

function queryParameters(schemaId: string): QueryParameter[] {
  const schema = schemaById(schemaId);
  const title = componentNames.get(schemaId)!;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)
    .filter(([name]) => name !== 'api_key' && name !== 'format')
    .map(([name, property]) => {
      const followed = followProperty(property, schemaId);
      const { description, ...rest } = followed.schema;
      const commaList = rest['x-comma-list'] === true;
      return {
        name,
        key: `${title}.${name}`,
        parameter: {
          name,
          in: 'query',
          required: required.has(name),
          ...(typeof description === 'string' ? { description } : {}),
          ...(commaList ? { style: 'form', explode: false } : {}),
          schema: rewriteSchema(rest, followed.baseId),
        },
      };
    });
}

function formatParameter(endpoint: Endpoint): Json {
  return {
    name: 'format',
    in: 'query',
    required: false,
    description: `Response format when the path has no extension (${endpoint.defaultFormat} by default). A format the endpoint does not offer is the gateway's 404.`,
    schema: { enum: [...endpoint.formats], default: endpoint.defaultFormat },
  };
}

// --- Responses ----------------------------------------------------------------------------------

function textMedia(kind: string, schemaId: string, extra: Json = {}): Json {
  return {
    schema: {
      type: 'string',
      description: `The ${kind} form of the data that ${componentNames.get(schemaId)} describes.`,
      'x-json-equivalent': componentRef(schemaId),
      ...extra,
    },
  };
}

const jsonpMedia = (schemaId: string) =>
  textMedia('JSONP', schemaId, { description: `callback(<JSON>); where callback matches ${CALLBACK_PATTERN} and <JSON> is described by ${componentNames.get(schemaId)}.` });

/** The content of an answer in one format: its media types and their schemas. */
function content(format: Format, schemaId: string, options: { callback: boolean; error: boolean }): Json {
  switch (format) {
    case 'json':
      return { 'application/json': { schema: ref(schemaId) }, ...(options.callback ? { 'application/javascript': jsonpMedia(schemaId) } : {}) };
    case 'jsonp':
      // `.jsonp` without a callback is plain JSON.
      return { 'application/javascript': jsonpMedia(schemaId), 'application/json': { schema: ref(schemaId) } };
    case 'geojson':
      // Errors have no GeoJSON form: they are written as JSON.
      return options.error ? { 'application/json': { schema: ref(schemaId) } } : { 'application/geo+json': { schema: ref(schemaId) } };
    case 'xml':
      return { 'application/xml': textMedia('XML', schemaId) };
    case 'csv':
      return { 'text/csv': textMedia('CSV', schemaId) };
    case 'html':
      return { 'text/html': textMedia('HTML', schemaId) };
  }
}

/** The gateway's own errors follow the requested format: extension, `format`, then Accept, else JSON. */
function gatewayContent(format: Format | undefined): Json {
  const json = { 'application/json': { schema: ref(GATEWAY_ERROR) } };
  const xml = textMedia('XML', GATEWAY_ERROR);
  const csv = textMedia('CSV', GATEWAY_ERROR);
  switch (format) {
    case 'xml':
      return { 'application/xml': xml };
    case 'csv':
      return { 'text/csv': csv };
    case undefined:
      return { ...json, 'application/xml': xml, 'text/xml': xml, 'text/csv': csv, 'text/html': textMedia('HTML', GATEWAY_ERROR) };
    default:
      return json;
  }
}

/** Merges media types; where two answers share one, its schema is either. */
function mergeContent(...contents: Json[]): Json {
  const merged: Json = {};
  for (const content of contents) {
    for (const [mediaType, media] of Object.entries(content) as Array<[string, { schema: Json }]>) {
      const existing = merged[mediaType] as { schema: Json } | undefined;
      if (!existing) merged[mediaType] = media;
      else if (JSON.stringify(existing.schema) !== JSON.stringify(media.schema)) {
        const options = (existing.schema.anyOf as Json[] | undefined) ?? [existing.schema];
        if (!options.some((option) => JSON.stringify(option) === JSON.stringify(media.schema))) merged[mediaType] = { schema: { anyOf: [...options, media.schema] } };
      }
    }
  }
  return merged;
}

const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });
const rateLimitHeaders = { 'X-RateLimit-Limit': headerRef('X-RateLimit-Limit'), 'X-RateLimit-Remaining': headerRef('X-RateLimit-Remaining') };

const headers: Json = {
  'X-RateLimit-Limit': { description: "The request limit of the key's rolling hourly window (DEMO_KEY: per client IP). On every answer past the key check.", required: true, schema: { type: 'integer', minimum: 0 } },
  'X-RateLimit-Remaining': { description: 'Requests left in that window.', required: true, schema: { type: 'integer', minimum: 0 } },
  'Retry-After': { description: 'Seconds, rounded up, until every full window has a free slot.', required: true, schema: { type: 'integer', minimum: 1 } },
  ETag: {
    description: "A weak tag of the answer, derived from the served data set's manifest and the request (path, format, query without api_key). A rebuilt data set changes every tag. Send it back in If-None-Match to get a 304. Absent where the answer depends on the time (events with scope).",
    schema: { type: 'string', pattern: '^W/"[A-Za-z0-9_-]+"$' },
  },
  'Cache-Control': { description: 'max-age=0, private, must-revalidate on 200 and 304; no-cache on errors.', schema: { type: 'string' } },
};

const statusText: Record<number, string> = { 400: 'Bad request', 404: 'Not found', 422: 'Invalid parameters' };

function responses(endpoint: Endpoint, format: Format | undefined, callback: boolean): Json {
  const formats = format ? [format] : [...endpoint.formats];
  const okOf = (f: Format) => endpoint.responses.byFormat?.[f] ?? endpoint.responses.ok;
  const out: Json = {
    '200': {
      description: String(schemaById(endpoint.responses.ok).description ?? 'The answer.'),
      headers: { ...rateLimitHeaders, ETag: headerRef('ETag'), 'Cache-Control': headerRef('Cache-Control') },
      content: mergeContent(...formats.map((f) => content(f, okOf(f), { callback, error: false }))),
    },
    '304': {
      description: 'Not modified: If-None-Match named the current ETag of this answer (or `*` and the answer is a 200). No body.',
      headers: { ...rateLimitHeaders, ETag: headerRef('ETag'), 'Cache-Control': headerRef('Cache-Control') },
    },
  };
  for (const [status, schemaId] of Object.entries(endpoint.responses.errors)) {
    out[status] = {
      description: `${statusText[Number(status)] ?? 'Error'}: ${String(schemaById(schemaId).description ?? '')}`.trim(),
      headers: { ...rateLimitHeaders, 'Cache-Control': headerRef('Cache-Control') },
      content: mergeContent(...formats.map((f) => content(f, schemaId, { callback, error: true }))),
    };
  }
  out['400'] = { description: "BAD_REQUEST, in the gateway's form: the path cannot be decoded (a malformed percent-encoding such as `%ZZ`).", content: gatewayContent(format) };
  out['431'] = { description: 'REQUEST_TOO_LARGE, in JSON: the URL and headers exceed 16 KB (answered before the path is read).', content: gatewayContent('json') };
  out['403'] = { description: "The gateway's API_KEY_MISSING, API_KEY_INVALID or API_KEY_DISABLED (no rate-limit headers).", content: gatewayContent(format) };
  if (!format) {
    const gateway404 = { description: "The gateway's NOT_FOUND: `format` names a format this endpoint does not offer.", content: gatewayContent(undefined) };
    const own = out['404'] as { description: string; headers: Json; content: Json } | undefined;
    out['404'] = own ? { description: `${own.description} Or ${gateway404.description}`, headers: own.headers, content: mergeContent(own.content, gateway404.content) } : gateway404;
  }
  out['429'] = {
    description: "The gateway's OVER_RATE_LIMIT: a rolling hourly or daily window is full.",
    headers: { ...rateLimitHeaders, 'Retry-After': headerRef('Retry-After') },
    content: gatewayContent(format),
  };
  out['500'] = { description: "The gateway's INTERNAL_SERVER_ERROR (never a stack trace).", content: gatewayContent(format) };
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => Number(a) - Number(b)));
}

// --- Paths --------------------------------------------------------------------------------------

/** `/api/alt-fuel-stations/v1/:id` as an OpenAPI path template. */
export function openApiPath(expressPath: string): string {
  return expressPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function operationId(path: string, format: Format | undefined): string {
  const words = path
    .replace(/^\/api\//, '')
    .replace(/\{([^}]+)\}/g, 'by $1')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  const camel = words.map((word, i) => (i === 0 ? word.toLowerCase() : word[0].toUpperCase() + word.slice(1).toLowerCase())).join('');
  return format ? `${camel}_${format}` : camel;
}

function tagOf(endpoint: Endpoint): string {
  return endpoint.docs?.tag ?? endpoint.paths[0].split('/')[2] ?? 'api';
}

function pathItems(endpoint: Endpoint, parameterRefs: Json[]): Array<[string, Json]> {
  const canonical = openApiPath(endpoint.paths[0]);
  const callback = endpoint.parameters !== undefined && 'callback' in ((schemaById(endpoint.parameters).properties ?? {}) as object);
  const pathParameters = Object.entries(endpoint.pathParameters ?? {}).map(([name, schema]) => {
    const { description, ...rest } = schema;
    return { name, in: 'path', required: true, ...(typeof description === 'string' ? { description } : {}), schema: rest };
  });
  const okDescription = String(schemaById(endpoint.responses.ok).description ?? '');
  const items: Array<[string, Json]> = [];
  for (const expressPath of endpoint.paths) {
    const base = openApiPath(expressPath);
    for (const format of [undefined, ...endpoint.formats]) {
      const path = format ? `${base}.${format}` : base;
      const operation: Json = {
        operationId: operationId(base, format),
        tags: [tagOf(endpoint)],
        summary: endpoint.docs?.summary ?? okDescription,
        description: [
          endpoint.docs?.description,
          format ? `Format: ${format}.` : `Format: the \`format\` parameter, else ${endpoint.defaultFormat}. Also at ${endpoint.formats.map((f) => `\`${base}.${f}\``).join(', ')}.`,
          base !== canonical ? `An alias of \`${canonical}\`.` : undefined,
          endpoint.parameters ? String(schemaById(endpoint.parameters).description ?? '') : undefined,
        ]
          .filter(Boolean)
          .join('\n\n'),
        parameters: [...pathParameters, ...parameterRefs, ...(format ? [] : [formatParameter(endpoint)])],
        responses: responses(endpoint, format, callback),
        'x-format': format ?? null,
        'x-formats': [...endpoint.formats],
        'x-default-format': endpoint.defaultFormat,
        'x-canonical-path': canonical,
        ...(base !== canonical ? { 'x-alias-of': canonical } : {}),
        ...(endpoint.docs?.example !== undefined ? { 'x-example-query': endpoint.docs.example } : {}),
      };
      items.push([path, { get: operation }]);
    }
  }
  return items;
}

// --- The contract's own paths -------------------------------------------------------------------

function contractPaths(): Array<[string, Json]> {
  const tags = ['Contract'];
  const schemaFile = (prefix: string): Json => ({
    get: {
      operationId: prefix ? 'schemaParamsFile' : 'schemaFile',
      tags,
      summary: `One JSON Schema (draft 2020-12) of schemas/${prefix}, served at its $id.`,
      security: [],
      parameters: [{ name: 'file', in: 'path', required: true, description: 'The file name, e.g. fuel-station.schema.json.', schema: { type: 'string', pattern: '^[A-Za-z0-9._-]+\\.schema\\.json$' } }],
      responses: {
        '200': { description: 'The schema as the file holds it.', content: { 'application/schema+json': { schema: { type: 'object', required: ['$schema', '$id'] } } } },
        '404': { description: "The gateway's NOT_FOUND: no such schema.", content: gatewayContent('json') },
      },
    },
  });
  return [
    [
      '/api/openapi.json',
      {
        get: {
          operationId: 'openapi',
          tags,
          summary: 'This document: OpenAPI 3.1, generated from the endpoints and schemas/.',
          security: [],
          responses: { '200': { description: 'The OpenAPI document.', content: { 'application/json': { schema: { type: 'object', required: ['openapi', 'info', 'paths'] } } } } },
        },
      },
    ],
    [
      '/api/schemas',
      {
        get: {
          operationId: 'schemas',
          tags,
          summary: 'Every JSON Schema in schemas/: source records, request parameters, responses.',
          security: [],
          responses: {
            '200': {
              description: 'The schemas, each with the URL it is served at (its $id).',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    required: ['schemas'],
                    properties: {
                      schemas: {
                        type: 'array',
                        items: {
                          type: 'object',
                          required: ['id', 'url', 'file', 'title'],
                          properties: { id: { type: 'string' }, url: { type: 'string' }, file: { type: 'string' }, title: { type: 'string' }, description: { type: 'string' }, component: { type: 'string' } },
                        },
                      },
                      openapi: { type: 'string' },
                    },
                  },
                },
              },
            },
          },
        },
      },
    ],
    ['/api/schemas/{file}', schemaFile('')],
    ['/api/schemas/params/{file}', schemaFile('params/')],
  ];
}

// --- The document -------------------------------------------------------------------------------

const DESCRIPTION = `A self-hostable, wire-compatible reimplementation of NREL's developer web services: alternative fuel stations, the solar dataset query, the PVWatts v6 estimator and commercial building resources.

**Keys.** Every data endpoint needs an API key: the \`X-Api-Key\` header, the \`api_key\` query parameter, or the user name of HTTP basic auth. \`DEMO_KEY\` works with low limits. Key errors (403), rate limits (429, with \`Retry-After\`) and unknown paths (404) are the gateway's, in the requested format.

**Formats.** The path's extension chooses the format; without one, the \`format\` parameter; else the endpoint's default. Each endpoint is documented at its extension-less path and at one path per format.

**Caching.** 200 answers carry a weak \`ETag\` derived from the data set's manifest and the request; \`If-None-Match\` gets a 304 (after the key check and the rate limit).

**Schemas.** Every schema is also served at its \`x-schema-url\` (listed at \`/api/schemas\`).`;

/** The OpenAPI 3.1 document of the given endpoints. */
export function openApiDocument(endpoints: Endpoint[]): Json {
  const parameters: Json = {};
  const paths: Json = {};
  const tags: string[] = [];
  for (const endpoint of endpoints) {
    const query = endpoint.parameters ? queryParameters(endpoint.parameters) : [];
    for (const { key, parameter } of query) parameters[key] = parameter;
    const refs = query.map(({ key }) => ({ $ref: `#/components/parameters/${key}` }));
    for (const [path, item] of pathItems(endpoint, refs)) {
      if (path in paths) throw new Error(`Two endpoints document ${path}`);
      paths[path] = item;
    }
    if (!tags.includes(tagOf(endpoint))) tags.push(tagOf(endpoint));
  }
  for (const [path, item] of contractPaths()) paths[path] = item;
  return {
    openapi: '3.1.0',
    info: { title: 'nrel-compat', version: packageJson.version, summary: packageJson.description, description: DESCRIPTION, license: { name: packageJson.license, identifier: packageJson.license } },
    servers: [{ url: '/', description: 'This server.' }],
    tags: [...tags, 'Contract'].map((name) => ({ name })),
    security: [{ ApiKeyHeader: [] }, { ApiKeyQuery: [] }, { BasicAuth: [] }],
    paths,
    components: {
      schemas: schemaComponents(),
      parameters,
      headers,
      securitySchemes: {
        ApiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-Api-Key', description: 'The API key (DEMO_KEY works, with low limits).' },
        ApiKeyQuery: { type: 'apiKey', in: 'query', name: 'api_key', description: 'The API key as a query parameter.' },
        BasicAuth: { type: 'http', scheme: 'basic', description: 'The API key as the user name, any password.' },
      },
    },
  };
}
