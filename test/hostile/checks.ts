// What every answer to a hostile request must be: not a 5xx; a status the OpenAPI document lists for
// the path, with a content type it lists for that status; the content type of the requested format;
// UTF-8; and a body that parses in its format: JSON, JSONP around JSON, XML 1.0 well-formed (saxes,
// which also refuses every character XML 1.0 does not allow), KML well-formed with its elements where
// KML 2.2's schema puts them, CSV with one column count throughout.
// Each problem has a `cause` worded the same for every request it happens to, so that failures can
// be grouped by cause, and a `detail` particular to this answer.
import { parse as parseCsv } from 'csv-parse/sync';
import { SaxesParser } from 'saxes';

export interface Problem {
  cause: string;
  detail?: string;
}

export interface Answer {
  status: number;
  contentType: string | null;
  body: Uint8Array;
}

/** A path's responses as the OpenAPI document lists them: status → media types. */
export type DocumentedResponses = Record<string, { content?: Record<string, unknown> }>;

export interface Expectation {
  /** The documented responses of the request's path; undefined when the path is not documented. */
  responses: DocumentedResponses | undefined;
  /** The format the request asks for (extension, else `format`, else the default), as the server reads it. */
  requestedFormat: string;
  /** The format of the gateway's own errors (403, 429, 5xx, the 404 of a format not offered), which knows no endpoint's default. */
  gatewayFormat: string;
  offeredFormats: readonly string[];
  /** The `callback` parameter, when the query gives it once: a JSONP answer must call it. */
  callback?: string;
  /** The statuses the endpoint answers itself besides the gateway's (a 400 may be either), and whether those come as JSON whatever the format. */
  endpointErrors?: { statuses: readonly number[]; asJson: boolean };
}

/** Whether a body is an endpoint's own JSON error (an object with an `errors` list, JSONP's callback around it or not), not the gateway's (`{"error": …}`, or another format). */
function isEndpointJsonError(body: string): boolean {
  const json = /^[A-Za-z_$][A-Za-z0-9_$.]{0,63}\(([\s\S]*)\);$/.exec(body)?.[1] ?? body;
  try {
    const value = JSON.parse(json) as { errors?: unknown };
    return Array.isArray(value?.errors);
  } catch {
    return false;
  }
}

/** The format a request asks for, read as docs/decisions.md §1.2 says: the extension, else a `format` given once and not empty, else the default. */
export function requestedFormat(extension: string | undefined, query: Record<string, string | string[] | undefined>, defaultFormat: string): string {
  if (extension !== undefined) return extension;
  const format = query.format;
  return typeof format === 'string' && format !== '' ? format.toLowerCase() : defaultFormat;
}

const GATEWAY_FORMATS = ['json', 'xml', 'csv', 'html'];

/** The format of the gateway's errors (docs/decisions.md §2.2): a known extension (another is JSON), else a known `format`, else JSON (fetch accepts anything). */
export function gatewayFormat(extension: string | undefined, query: Record<string, string | string[] | undefined>): string {
  if (extension !== undefined) return GATEWAY_FORMATS.includes(extension) ? extension : 'json';
  const format = typeof query.format === 'string' ? query.format.toLowerCase() : undefined;
  return format !== undefined && GATEWAY_FORMATS.includes(format) ? format : 'json';
}

/** The media types an answer in a format may have (errors and the gateway's answers included). */
function mediaTypesOf(format: string, callback: string | undefined): string[] {
  switch (format) {
    case 'json':
      return callback === undefined ? ['application/json'] : ['application/json', 'application/javascript'];
    case 'jsonp':
      // `.jsonp` without a callback is plain JSON
      return ['application/javascript', 'application/json'];
    case 'geojson':
      // errors have no GeoJSON form: they are JSON
      return ['application/geo+json', 'application/json'];
    case 'kml':
      // nor a KML form
      return ['application/vnd.google-earth.kml+xml', 'application/json'];
    case 'xml':
      return ['application/xml'];
    case 'csv':
      return ['text/csv'];
    case 'html':
      return ['text/html'];
    default:
      return [];
  }
}

/** A few characters of text around a position, escaped so that control characters show. */
export function around(text: string, position: number, width = 40): string {
  return JSON.stringify(text.slice(Math.max(0, position - width), position + width));
}

export function jsonProblem(body: string): Problem | undefined {
  try {
    JSON.parse(body);
    return undefined;
  } catch (error) {
    return { cause: 'JSON does not parse', detail: (error as Error).message };
  }
}

const JSONP = /^([A-Za-z_$][A-Za-z0-9_$.]{0,63})\(([\s\S]*)\);$/;

export function jsonpProblem(body: string, callback: string | undefined): Problem | undefined {
  const match = JSONP.exec(body);
  if (!match) return { cause: 'JSONP is not callback(<JSON>);', detail: around(body, 0) };
  if (callback !== undefined && match[1] !== callback)
    return { cause: 'JSONP calls another function than the callback parameter', detail: `${match[1]} instead of ${callback}` };
  const json = jsonProblem(match[2]);
  return json && { cause: `JSONP: ${json.cause}`, detail: json.detail };
}

function notWellFormed(error: Error, body: string, position: number): Problem {
  return {
    cause: `XML is not well-formed: ${error.message.replace(/^\d+:\d+: /, '')}`,
    detail: `${error.message.match(/^\d+:\d+/)?.[0] ?? ''} ${around(body, position)}`,
  };
}

/** Well-formed XML 1.0, every character one XML 1.0 allows (saxes, strict), with a root element. */
export function xmlProblem(body: string): Problem | undefined {
  const parser = new SaxesParser();
  let problem: Problem | undefined;
  parser.on('error', (error) => {
    problem ??= notWellFormed(error, body, parser.position);
  });
  parser.write(body).close();
  return problem;
}

const KML_NAMESPACE = 'http://www.opengis.net/kml/2.2';

/**
 * The children that KML 2.2's schema (OGC 07-147r2, ogckml22.xsd) allows in the elements a fuel-station
 * document may hold, in the order its sequences require (a feature's own elements, its ExtendedData,
 * then a Document's features or a Placemark's geometry); an element may repeat where the schema
 * lets it (Placemarks, Data). An element not listed holds text only.
 */
const KML_CHILDREN: Record<string, string[]> = {
  kml: ['NetworkLinkControl', 'Document'],
  Document: ['name', 'visibility', 'open', 'address', 'phoneNumber', 'Snippet', 'description', 'styleUrl', 'ExtendedData', 'Schema', 'Placemark'],
  Placemark: ['name', 'visibility', 'open', 'address', 'phoneNumber', 'Snippet', 'description', 'styleUrl', 'ExtendedData', 'Point'],
  ExtendedData: ['Data', 'SchemaData'],
  Data: ['displayName', 'value'],
  Point: ['extrude', 'altitudeMode', 'coordinates'],
};

/** KML 2.2: well-formed XML, a `kml` root, every element in the KML namespace and where KML_CHILDREN puts it, every Data with its value. */
export function kmlProblem(body: string): Problem | undefined {
  const parser = new SaxesParser({ xmlns: true });
  let problem: Problem | undefined;
  const report = (cause: string, detail: string) => {
    problem ??= { cause: `KML: ${cause}`, detail: `${detail} ${around(body, parser.position)}` };
  };
  /** The open elements, each with the position in KML_CHILDREN of its last child. */
  const open: Array<{ name: string; lastChild: number }> = [];
  parser.on('error', (error) => {
    problem ??= notWellFormed(error, body, parser.position);
  });
  parser.on('opentag', (tag) => {
    if (tag.uri !== KML_NAMESPACE) report('an element outside the KML 2.2 namespace', `<${tag.name}> in ${tag.uri || 'no namespace'}`);
    const parent = open.at(-1);
    if (parent === undefined) {
      if (tag.local !== 'kml') report('the root element is not kml', `<${tag.name}>`);
    } else {
      const position = KML_CHILDREN[parent.name]?.indexOf(tag.local) ?? -1;
      if (position < 0) report('an element where KML 2.2 allows none of its kind', `<${tag.local}> in <${parent.name}>`);
      else if (position < parent.lastChild) report('an element out of the order KML 2.2 requires', `<${tag.local}> after a later sibling in <${parent.name}>`);
      else parent.lastChild = position;
    }
    open.push({ name: tag.local, lastChild: 0 });
  });
  parser.on('closetag', (tag) => {
    const closed = open.pop()!;
    if (tag.local === 'Data' && closed.lastChild < KML_CHILDREN.Data.indexOf('value')) report('a Data without its value', '');
  });
  parser.write(body).close();
  return problem;
}

/** RFC 4180 CSV as csv-parse reads it strictly: closed quotes, and every row as many columns as the header. */
export function csvProblem(body: string): Problem | undefined {
  try {
    const rows = parseCsv(body, { relax_column_count: false, relax_quotes: false }) as string[][];
    return rows.length === 0 ? { cause: 'CSV is empty: not even a header' } : undefined;
  } catch (error) {
    const { code, message } = error as { code?: string; message: string };
    return { cause: `CSV does not parse: ${code ?? 'error'}`, detail: message };
  }
}

/** The first field of an NSRDB file (docs/api.md §9): its two metadata lines, then the data. */
const NSRDB_FILE = /^Source,Location ID,/;

/**
 * An NSRDB file is two CSV documents one after the other, each strict: the metadata (names, then
 * values) and the data (a header, then rows). Their column counts differ, as in NSRDB's own
 * downloads: the metadata's do not depend on the attributes asked for.
 */
export function nsrdbFileProblem(body: string): Problem | undefined {
  const metadataEnd = body.indexOf('\n', body.indexOf('\n') + 1) + 1;
  if (metadataEnd === 0) return { cause: 'NSRDB file without its two metadata lines' };
  const metadata = csvProblem(body.slice(0, metadataEnd));
  if (metadata) return { ...metadata, cause: `NSRDB metadata: ${metadata.cause}` };
  const data = csvProblem(body.slice(metadataEnd));
  return data && { ...data, cause: `NSRDB data: ${data.cause}` };
}

function bodyProblem(mediaType: string, body: string, callback: string | undefined): Problem | undefined {
  switch (mediaType) {
    case 'application/json':
    case 'application/geo+json':
      return jsonProblem(body);
    case 'application/javascript':
      return jsonpProblem(body, callback);
    case 'application/xml':
    case 'text/xml':
      return xmlProblem(body);
    case 'application/vnd.google-earth.kml+xml':
      return kmlProblem(body);
    case 'text/csv':
      return NSRDB_FILE.test(body) ? nsrdbFileProblem(body) : csvProblem(body);
    case 'text/html':
      // the gateway's error page, for `format=html` on a path without an extension
      return /^<html>[\s\S]*<\/html>$/.test(body) ? undefined : { cause: 'HTML is not the gateway page', detail: around(body, 0) };
    default:
      return { cause: `no body check for content type ${mediaType || '(none)'}` };
  }
}

/** Every way an answer falls short; empty when it is what it must be. */
export function answerProblems(expectation: Expectation, answer: Answer): Problem[] {
  const problems: Problem[] = [];
  const { status } = answer;
  if (status >= 500) problems.push({ cause: `server error ${status}` });
  if (!expectation.responses) return [...problems, { cause: 'the path is not in the OpenAPI document' }];
  const documented = expectation.responses[String(status)];
  if (!documented)
    problems.push({ cause: `status ${status} is not in the OpenAPI document`, detail: `listed: ${Object.keys(expectation.responses).join(', ')}` });

  let body: string;
  try {
    body = new TextDecoder('utf-8', { fatal: true }).decode(answer.body);
  } catch {
    return [...problems, { cause: 'the body is not UTF-8' }];
  }
  // 304 has no body; nothing else comes without one
  if (status === 304) return problems;

  const mediaType = (answer.contentType ?? '').split(';')[0].trim().toLowerCase();
  const documentedMedia = Object.keys(documented?.content ?? {});
  if (documented && !documentedMedia.includes(mediaType)) {
    problems.push({
      cause: `content type ${mediaType || '(none)'} is not in the OpenAPI document for ${status}`,
      detail: `listed: ${documentedMedia.join(', ')}`,
    });
  }
  const offered = expectation.offeredFormats.includes(expectation.requestedFormat);
  const own = expectation.endpointErrors;
  // a 400 or 429 is the gateway's (an undecodable path, a rate limit) unless the endpoint answers that status itself and this is one of its answers
  const endpointOwn = (status === 400 || status === 429) && own?.statuses.includes(status) === true && isEndpointJsonError(body);
  const fromGateway = ((status === 400 || status === 429) && !endpointOwn) || status === 403 || status >= 500 || (status === 404 && !offered);
  const format = fromGateway ? expectation.gatewayFormat : offered ? expectation.requestedFormat : undefined;
  const ownJsonError = !fromGateway && own?.asJson === true && own.statuses.includes(status);
  const expected = format === undefined ? [] : ownJsonError ? ['application/json'] : mediaTypesOf(format, fromGateway ? undefined : expectation.callback);
  if (format !== undefined && !expected.includes(mediaType)) {
    problems.push({
      cause: `content type ${mediaType || '(none)'} for ${fromGateway ? "the gateway's " : ''}format ${format}`,
      detail: `expected ${expected.join(' or ')}`,
    });
  }
  const problem = bodyProblem(mediaType, body, expectation.callback);
  if (problem) problems.push(problem);
  return problems;
}
