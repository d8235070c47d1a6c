// The gateway's own errors, exactly as API Umbrella (the gateway in front of the real service)
// renders them: its templates, its codes and messages, its format detection. See
// docs/decisions.md §2.2 (templates, format detection) and §2.3 (codes and messages).
import type { Request } from 'express';
import type { GatewayError } from '../../types/schemas.ts';
import { splitExtension } from '../formats/negotiate.ts';
import { replaceNonXmlChars } from '../formats/xml.ts';

/** The codes gateway-error.schema.json lists. */
export type GatewayErrorCode = GatewayError['error']['code'];

const errors: Record<GatewayErrorCode, { status: number; message: string }> = {
  API_KEY_MISSING: { status: 403, message: 'No api_key was supplied. Get one at {{signup_url}}' },
  API_KEY_INVALID: { status: 403, message: 'An invalid api_key was supplied. Get one at {{signup_url}}' },
  API_KEY_DISABLED: { status: 403, message: 'The api_key supplied has been disabled. Contact us at {{contact_url}} for assistance' },
  OVER_RATE_LIMIT: { status: 429, message: 'You have exceeded your rate limit. Try again later or contact us at {{contact_url}} for assistance' },
  NOT_FOUND: { status: 404, message: 'The requested URL was not found on this server.' },
  // Not one of API Umbrella's: what we answer for a request that cannot even be read (a malformed URL).
  BAD_REQUEST: { status: 400, message: 'The request could not be understood: check that the URL is well formed.' },
  // Neither: a request line and headers longer than Node reads (16 KB), answered before any route.
  REQUEST_TOO_LARGE: { status: 431, message: 'The URL and headers of the request are too long (at most 16 KB): send fewer or shorter parameters.' },
  // Neither: a long answer that waited too long for a place to stream (admission.ts), with Retry-After.
  SERVICE_UNAVAILABLE: {
    status: 503,
    message: 'The server is streaming as many long answers as it can: try again in a moment, or ask for fewer records (limit, offset) at a time.',
  },
  INTERNAL_SERVER_ERROR: { status: 500, message: 'An unexpected error has occurred. Try again later or contact us at {{contact_url}} for assistance' },
};

export type GatewayFormat = 'json' | 'xml' | 'csv' | 'html';

/** Our base URL stands where NREL's signup and contact pages stood. */
export function gatewayMessage(code: GatewayErrorCode, publicUrl: string): string {
  const base = publicUrl.replace(/\/+$/, '');
  return errors[code].message.replace('{{signup_url}}', `${base}/signup/`).replace('{{contact_url}}', `${base}/contact/`);
}

export function gatewayStatus(code: GatewayErrorCode): number {
  return errors[code].status;
}

const mediaTypes: Array<[string, GatewayFormat]> = [
  ['application/json', 'json'],
  ['text/json', 'json'],
  ['application/xml', 'xml'],
  ['text/xml', 'xml'],
  ['text/csv', 'csv'],
  ['text/html', 'html'],
];

/** The format of a gateway error: path extension, then `format`, then `Accept` (q-values honoured), then JSON. */
export function gatewayFormat(req: Request): { format: GatewayFormat; mediaType?: string } {
  const known = (name: unknown): GatewayFormat | undefined =>
    typeof name === 'string' && ['json', 'xml', 'csv', 'html'].includes(name.toLowerCase()) ? (name.toLowerCase() as GatewayFormat) : undefined;
  const { extension } = splitExtension(req.path);
  if (extension !== undefined) return { format: known(extension) ?? 'json' };
  const fromParameter = known(req.query.format);
  if (fromParameter) return { format: fromParameter };
  const accepted = (req.get('accept') ?? '')
    .split(',')
    .map((part, index) => {
      const [type, ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { type: type.trim(), q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const entry of accepted) {
    const match = mediaTypes.find(([type]) => type === entry.type);
    if (match) return { format: match[1], mediaType: match[0] };
  }
  return { format: 'json' };
}

/** For the XML and HTML templates: markup escaped, and characters neither can carry replaced (formats/xml.ts). */
function escapeHtml(text: string): string {
  return replaceNonXmlChars(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function quoteCsv(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/** API Umbrella's error templates, byte for byte (no trailing newline). */
export function gatewayBody(format: GatewayFormat, code: string, message: string): string {
  switch (format) {
    case 'json':
      return `{\n  "error": {\n    "code": ${JSON.stringify(code)},\n    "message": ${JSON.stringify(message)}\n  }\n}`;
    case 'xml':
      return `<?xml version="1.0" encoding="UTF-8"?>\n<response>\n  <error>\n    <code>${escapeHtml(code)}</code>\n    <message>${escapeHtml(message)}</message>\n  </error>\n</response>`;
    case 'csv':
      return `Error Code,Error Message\n${quoteCsv(code)},${quoteCsv(message)}`;
    case 'html':
      return `<html>\n  <body>\n    <h1>${escapeHtml(code)}</h1>\n    <p>${escapeHtml(message)}</p>\n  </body>\n</html>`;
  }
}

const contentTypes: Record<GatewayFormat, string> = {
  json: 'application/json',
  xml: 'application/xml',
  csv: 'text/csv',
  html: 'text/html',
};

export interface GatewayErrorResponse {
  status: number;
  contentType: string;
  body: string;
}

export function gatewayError(req: Request, code: GatewayErrorCode, publicUrl: string): GatewayErrorResponse {
  const { format, mediaType } = gatewayFormat(req);
  return {
    status: gatewayStatus(code),
    contentType: format === 'xml' && mediaType === 'text/xml' ? 'text/xml' : contentTypes[format],
    body: gatewayBody(format, code, gatewayMessage(code, publicUrl)),
  };
}
