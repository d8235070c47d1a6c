// An operation's responses in the OpenAPI document: 200 per format (JSON Schemas for JSON and
// GeoJSON; XML, KML, CSV and JSONP as strings with `x-json-equivalent` naming the schema of the same data),
// 304, the endpoint's own errors, and the gateway's 400, 403, 404, 429, 431 and 500, with the
// rate-limit, Retry-After, ETag and Cache-Control headers.
import { schemaById } from '../../schemas/registry.ts';
import type { Endpoint } from '../endpoints/types.ts';
import type { Format } from '../formats/negotiate.ts';
import { componentNames, componentRef, ref, type Json } from './openapi-components.ts';

const GATEWAY_ERROR = '/api/schemas/gateway-error.schema.json';
const CALLBACK_PATTERN = '^[A-Za-z_$][A-Za-z0-9_$.]{0,63}$';

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
  textMedia('JSONP', schemaId, {
    description: `callback(<JSON>); where callback matches ${CALLBACK_PATTERN} and <JSON> is described by ${componentNames.get(schemaId)}.`,
  });

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
    case 'kml':
      // Errors have no KML form: they are written as JSON, as for GeoJSON.
      return options.error ? { 'application/json': { schema: ref(schemaId) } } : { 'application/vnd.google-earth.kml+xml': textMedia('KML', schemaId) };
    case 'xml':
      return { 'application/xml': textMedia('XML', schemaId) };
    case 'csv':
      // an NSRDB download's lines are not one table: its metadata lines have their own length
      return { 'text/csv': textMedia('CSV', schemaId, schemaById(schemaId)['x-csv-ragged'] ? { 'x-csv-ragged': true } : {}) };
    case 'html':
      return { 'text/html': textMedia('HTML', schemaId) };
  }
}

/** The gateway's own errors follow the requested format: extension, `format`, then Accept, else JSON. */
export function gatewayContent(format: Format | undefined): Json {
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
        if (!options.some((option) => JSON.stringify(option) === JSON.stringify(media.schema)))
          merged[mediaType] = { schema: { anyOf: [...options, media.schema] } };
      }
    }
  }
  return merged;
}

const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });
const rateLimitHeaders = { 'X-RateLimit-Limit': headerRef('X-RateLimit-Limit'), 'X-RateLimit-Remaining': headerRef('X-RateLimit-Remaining') };

/** components/headers. */
export const headers: Json = {
  'X-RateLimit-Limit': {
    description: "The request limit of the key's rolling hourly window (DEMO_KEY: per client IP). On every answer past the key check.",
    required: true,
    schema: { type: 'integer', minimum: 0 },
  },
  'X-RateLimit-Remaining': { description: 'Requests left in that window.', required: true, schema: { type: 'integer', minimum: 0 } },
  'Retry-After': {
    description: 'Seconds to wait: on a 429, rounded up, until every full window has a free slot; on a 503, STREAM_WAIT_TIMEOUT.',
    required: true,
    schema: { type: 'integer', minimum: 1 },
  },
  ETag: {
    description:
      "A weak tag of the answer, derived from the served data set's manifest and the request (path, format, query without api_key). A rebuilt data set changes every tag. Send it back in If-None-Match to get a 304. Absent where the answer depends on the time (events with scope).",
    schema: { type: 'string', pattern: '^W/"[A-Za-z0-9_-]+"$' },
  },
  'Cache-Control': { description: 'max-age=0, private, must-revalidate on 200 and 304; no-cache on errors.', schema: { type: 'string' } },
};

const statusText: Record<number, string> = { 400: 'Bad request', 404: 'Not found', 413: 'Body too large', 422: 'Invalid parameters', 429: 'Too many requests' };

/** An operation's responses: 200 and 304 per format, the endpoint's own errors, the gateway's. */
export function responses(endpoint: Endpoint, format: Format | undefined, callback: boolean): Json {
  const formats = format ? [format] : [...endpoint.formats];
  const okOf = (f: Format) => endpoint.responses.byFormat?.[f] ?? endpoint.responses.ok;
  // an answer the format has no form for comes as JSON
  const asJson = (f: Format): Json => {
    const schemaId = endpoint.responses.asJson?.[f];
    return schemaId ? { 'application/json': { schema: ref(schemaId) } } : {};
  };
  const out: Json = {
    '200': {
      description: String(schemaById(endpoint.responses.ok).description ?? 'The answer.'),
      headers: { ...rateLimitHeaders, ETag: headerRef('ETag'), 'Cache-Control': headerRef('Cache-Control') },
      content: mergeContent(...formats.map((f) => ({ ...content(f, okOf(f), { callback, error: false }), ...asJson(f) }))),
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
      content: mergeContent(...formats.map((f) => content(endpoint.responses.errorsAsJson ? 'json' : f, schemaId, { callback, error: true }))),
    };
  }
  // an endpoint's own 400 or 429 (the NSRDB downloads') shares its status with the gateway's: either answer
  const besideOwn = (status: string, gatewayAnswer: { description: string; headers?: Json; content: Json }) => {
    const own = out[status] as { description: string; headers: Json; content: Json } | undefined;
    out[status] = own
      ? {
          description: `${own.description} Or ${gatewayAnswer.description}`,
          headers: { ...own.headers, ...gatewayAnswer.headers },
          content: mergeContent(own.content, gatewayAnswer.content),
        }
      : gatewayAnswer;
  };
  besideOwn('400', {
    description: "BAD_REQUEST, in the gateway's form: the path cannot be decoded (a malformed percent-encoding such as `%ZZ`).",
    content: gatewayContent(format),
  });
  out['431'] = {
    description: 'REQUEST_TOO_LARGE, in JSON: the URL and headers exceed 16 KB (answered before the path is read).',
    content: gatewayContent('json'),
  };
  out['403'] = { description: "The gateway's API_KEY_MISSING, API_KEY_INVALID or API_KEY_DISABLED (no rate-limit headers).", content: gatewayContent(format) };
  if (!format) {
    const gateway404 = { description: "The gateway's NOT_FOUND: `format` names a format this endpoint does not offer.", content: gatewayContent(undefined) };
    const own = out['404'] as { description: string; headers: Json; content: Json } | undefined;
    out['404'] = own
      ? { description: `${own.description} Or ${gateway404.description}`, headers: own.headers, content: mergeContent(own.content, gateway404.content) }
      : gateway404;
  }
  besideOwn('429', {
    description: "The gateway's OVER_RATE_LIMIT: a rolling hourly or daily window is full.",
    headers: { ...rateLimitHeaders, 'Retry-After': headerRef('Retry-After') },
    content: gatewayContent(format),
  });
  besideOwn('503', {
    description:
      "The gateway's SERVICE_UNAVAILABLE: a long answer (streamed) waited STREAM_WAIT_TIMEOUT for a place to stream; Retry-After says when to try again.",
    headers: { ...rateLimitHeaders, 'Retry-After': headerRef('Retry-After') },
    content: gatewayContent(format),
  });
  out['500'] = { description: "The gateway's INTERNAL_SERVER_ERROR (never a stack trace).", content: gatewayContent(format) };
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => Number(a) - Number(b)));
}
