// Which format a request asks for: the path's extension, else a `format` query parameter, else
// the endpoint's default (docs/decisions.md §1.2).
export type Format = 'json' | 'xml' | 'csv' | 'jsonp' | 'geojson' | 'kml' | 'html';

export const contentTypes: Record<Format, string> = {
  json: 'application/json; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  jsonp: 'application/javascript; charset=utf-8',
  geojson: 'application/geo+json; charset=utf-8',
  kml: 'application/vnd.google-earth.kml+xml; charset=utf-8',
  html: 'text/html; charset=utf-8',
};

/** Splits `/api/x/v1/nearest.json` into the path without extension and the extension, if any. */
export function splitExtension(path: string): { base: string; extension?: string } {
  const match = /^(.*[^/])\.([A-Za-z0-9]+)$/.exec(path);
  return match ? { base: match[1], extension: match[2].toLowerCase() } : { base: path };
}

/** The requested format, or undefined when the request names one the endpoint does not offer. */
export function requestedFormat(extension: string | undefined, formatParameter: unknown, offered: readonly Format[], fallback: Format): Format | undefined {
  const named = extension ?? (typeof formatParameter === 'string' && formatParameter !== '' ? formatParameter.toLowerCase() : undefined);
  if (named === undefined) return fallback;
  return (offered as readonly string[]).includes(named) ? (named as Format) : undefined;
}
