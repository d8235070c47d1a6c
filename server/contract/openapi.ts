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
import { refBase, resolveRef, type JsonSchema } from '../../schemas/json-schema.ts';
import { schemaById } from '../../schemas/registry.ts';
import type { Endpoint } from '../endpoints/types.ts';
import type { Format } from '../formats/negotiate.ts';
import { componentNames, ref, rewriteSchema, schemaComponents, type Json } from './openapi-components.ts';
import { gatewayContent, headers, responses } from './openapi-responses.ts';
import { listSeparatorOf } from '../params.ts';

const packageJson = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
  description: string;
  license: string;
};

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
  return followProperty({ ...target, ...siblings }, refBase(property.$ref, baseId));
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
      const separator = listSeparatorOf(rest);
      return {
        name,
        key: `${title}.${name}`,
        parameter: {
          name,
          in: 'query',
          required: required.has(name),
          ...(typeof description === 'string' ? { description } : {}),
          ...(separator === ',' ? { style: 'form', explode: false } : {}),
          ...(separator === '|' ? { style: 'pipeDelimited', explode: false } : {}),
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
          format
            ? `Format: ${format}.`
            : `Format: the \`format\` parameter, else ${endpoint.defaultFormat}. Also at ${endpoint.formats.map((f) => `\`${base}.${f}\``).join(', ')}.`,
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
      items.push([path, endpoint.methods?.includes('POST') ? { get: operation, post: postOperation(endpoint, operation) } : { get: operation }]);
    }
  }
  return items;
}

/**
 * The POST of an endpoint that takes one: the GET's operation, its parameters also accepted in a
 * form or JSON body (the parameter schema describes both; a JSON body may give a comma list as an
 * array).
 */
function postOperation(endpoint: Endpoint, get: Json): Json {
  const body = { schema: ref(endpoint.parameters!) };
  return {
    ...get,
    operationId: `${get.operationId}_post`,
    requestBody: {
      required: false,
      description: 'The parameters, as in the query string; one given in both is given twice (a 422).',
      content: { 'application/x-www-form-urlencoded': body, 'application/json': body },
    },
  };
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
      parameters: [
        {
          name: 'file',
          in: 'path',
          required: true,
          description: 'The file name, e.g. fuel-station.schema.json.',
          schema: { type: 'string', pattern: '^[A-Za-z0-9._-]+\\.schema\\.json$' },
        },
      ],
      responses: {
        '200': {
          description: 'The schema as published: its file without our annotation keywords.',
          content: { 'application/schema+json': { schema: { type: 'object', required: ['$schema', '$id'] } } },
        },
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
          responses: {
            '200': {
              description: 'The OpenAPI document.',
              content: { 'application/json': { schema: { type: 'object', required: ['openapi', 'info', 'paths'] } } },
            },
          },
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
                          properties: {
                            id: { type: 'string' },
                            url: { type: 'string' },
                            file: { type: 'string' },
                            title: { type: 'string' },
                            description: { type: 'string' },
                            component: { type: 'string' },
                          },
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

// --- What an operator's tools ask -----------------------------------------------------------------

function operationsPaths(): Array<[string, Json]> {
  const tags = ['Operations'];
  const json = (schema: Json) => ({ 'application/json': { schema } });
  const readyBody = json({
    type: 'object',
    required: ['status'],
    properties: {
      status: { enum: ['ready', 'starting', 'closing'] },
      data_set: {
        type: 'object',
        description: 'The data set served (as /health gives it).',
        required: ['manifest_sha256', 'built_at'],
        properties: { manifest_sha256: { type: 'string' }, built_at: { type: 'string', format: 'date-time' } },
      },
    },
  });
  return [
    [
      '/health',
      {
        get: {
          operationId: 'health',
          tags,
          summary: 'Liveness and a description: the data set served and its manifest, the caches, the requests in flight.',
          security: [],
          responses: { '200': { description: 'The server is up.', content: json({ type: 'object', required: ['status', 'data_set', 'manifest'] }) } },
        },
      },
    ],
    [
      '/ready',
      {
        get: {
          operationId: 'ready',
          tags,
          summary: 'Readiness: 200 once the data set is open and warm, until the server starts closing (also on METRICS_PORT, from start-up).',
          security: [],
          responses: {
            '200': { description: 'Ready: send it requests.', content: readyBody },
            '503': {
              description: 'Starting (the data set is being built, opened or warmed) or closing (finishing the requests in flight).',
              content: readyBody,
            },
          },
        },
      },
    ],
    [
      '/metrics',
      {
        get: {
          operationId: 'metrics',
          tags,
          summary:
            'Figures for monitoring in the Prometheus text format: requests and latencies by route and status, gateway refusals by reason and rate-limit refusals by window, admission queues, the PV estimator, caches, the data set. Served on METRICS_PORT instead when that is set.',
          security: [],
          responses: { '200': { description: 'The exposition (text format 0.0.4).', content: { 'text/plain': { schema: { type: 'string' } } } } },
        },
      },
    ],
  ];
}

// --- The document -------------------------------------------------------------------------------

const DESCRIPTION = `A self-hostable, wire-compatible reimplementation of NREL's developer web services: alternative fuel stations, the solar dataset query, the PVWatts v6 and v8 estimators and commercial building resources.

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
  for (const [path, item] of [...contractPaths(), ...operationsPaths()]) paths[path] = item;
  return {
    openapi: '3.1.0',
    info: {
      title: 'nrel-compat',
      version: packageJson.version,
      summary: packageJson.description,
      description: DESCRIPTION,
      license: { name: packageJson.license, identifier: packageJson.license },
    },
    servers: [{ url: '/', description: 'This server.' }],
    tags: [...tags, 'Contract', 'Operations'].map((name) => ({ name })),
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
