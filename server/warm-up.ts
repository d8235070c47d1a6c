// A data set answers each endpoint's documented example once, in every format the endpoint has,
// into nothing, before it is served (docs/decisions.md §1.7). What a first request would otherwise
// wait for is then loaded: the gazetteers a place is looked up in, DuckDB's prepared statements, the
// writers compiled from the schemas, the PV models' compiled code, and V8's optimised code of all of
// it. Done at start-up and for every rebuilt data set before it is swapped in.
import { Agent, get } from 'node:http';
import type { DataSet } from './data/dataset.ts';
import type { Endpoint } from './endpoints/types.ts';
import { render } from './formats/render.ts';
import { geocode } from './geocode/index.ts';
import { preloadPlaces } from './geocode/places.ts';

/** Each kind of place the geocoder knows: a ZIP code, a city and state, a Canadian postal code. */
const PLACES = ['80203', 'Bellevue, WA', 'Toronto, ON M5V'];

/**
 * An answer of this many bytes or more is optimised while it is written (V8 optimises a loop while it
 * runs): a warm-up after a collection leaves it out, and with it the garbage it would leave resident,
 * several times its size (docs/decisions.md §1.7).
 */
export const LARGE_ANSWER_BYTES = 1_000_000;

export interface WarmUpResult {
  answered: number;
  problems: string[];
  /** The answers of LARGE_ANSWER_BYTES or more, each as `path.format?query`. */
  large: Set<string>;
}

/** The endpoints a warm-up asks, each with its example: those that have one and take no path parameters. */
export function examplesOf(endpoints: readonly Endpoint[]): Array<{ endpoint: Endpoint; example: string }> {
  return endpoints.flatMap((endpoint) =>
    endpoint.docs?.example === undefined || endpoint.pathParameters ? [] : [{ endpoint, example: endpoint.docs.example }],
  );
}

/**
 * Answers every endpoint's example and warm-up queries (endpoints with path parameters aside) but
 * those in `leaveOut`; one that fails or is not a 200 is named in `problems`.
 */
export async function warmUp(
  endpoints: readonly Endpoint[],
  data: DataSet,
  now: Date,
  { leaveOut = new Set<string>() }: { leaveOut?: ReadonlySet<string> } = {},
): Promise<WarmUpResult> {
  // The place names first, in a worker thread (geocode/places.ts); the lookups then read the rest.
  await preloadPlaces();
  for (const place of PLACES) geocode(place);
  let answered = 0;
  const problems: string[] = [];
  const large = new Set<string>();
  for (const { endpoint, example } of examplesOf(endpoints)) {
    // The example in every format; the endpoint's other warm-up queries in its default format.
    const answers = [
      ...(endpoint.warmUpFormats ?? endpoint.formats).map((format) => ({ query: example, format })),
      ...(endpoint.warmUp ?? []).map((query) => ({ query, format: endpoint.defaultFormat })),
    ];
    for (const { query, format } of answers) {
      const what = `${endpoint.paths[0]}.${format}?${query}`;
      if (leaveOut.has(what)) continue;
      try {
        // A result may be a stream of rows, read once: each answer gets its own.
        // links are not read: any base URL does
        const result = await endpoint.handle({ data, query: Object.fromEntries(new URLSearchParams(query)), path: {}, now, format, publicUrl: '' });
        const rendered = render(result, format);
        let bytes = 0;
        // the bytes are made, counted and let go
        for await (const chunk of rendered.body) bytes += chunk.length;
        if (bytes >= LARGE_ANSWER_BYTES) large.add(what);
        if (rendered.status === 200) answered++;
        else problems.push(`${what}: answered ${rendered.status}`);
      } catch (error) {
        problems.push(`${what}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
  return { answered, problems, large };
}

/**
 * Asks the server at `url` for every endpoint's example once, in its default format, through the
 * whole HTTP stack (router, gateway and rate limiter, ETag, the answer written to a socket), with
 * `key`, a key of the server's own (`KeyStore.ownKey`): so that a client's first request is not the
 * first through that code either. Any status will do, as long as it is not a 5xx.
 */
export async function warmUpThroughHttp(url: string, endpoints: readonly Endpoint[], key: string): Promise<{ answered: number; problems: string[] }> {
  let answered = 0;
  const problems: string[] = [];
  // one connection kept alive for all of them, as clients keep theirs
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  for (const { endpoint, example } of examplesOf(endpoints)) {
    const path = `${endpoint.paths[0]}.${endpoint.warmUpFormats?.[0] ?? endpoint.defaultFormat}?${example}`;
    try {
      const status = await getStatus(`${url}${path}`, key, agent);
      if (status >= 500) problems.push(`${path}: answered ${status}`);
      else answered++;
    } catch (error) {
      problems.push(`${path}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  agent.destroy();
  return { answered, problems };
}

/**
 * GETs `url` with `key` through `agent`, reads the answer to its end and resolves with its status.
 * Node's own HTTP client, which the server has loaded already: `fetch` would load undici into the
 * server, some 30 to 40 MB of resident memory for a few requests.
 */
function getStatus(url: string, key: string, agent: Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    // the headers a client sends (an Accept header is negotiated, which a request without one skips)
    const headers = { 'X-Api-Key': key, Accept: '*/*', 'Accept-Encoding': 'gzip, deflate', 'User-Agent': 'nrel-compat warm-up' };
    const request = get(url, { headers, agent }, (response) => {
      response.on('data', () => {});
      response.once('end', () => resolve(response.statusCode ?? 0));
      response.once('error', reject);
    });
    request.once('error', reject);
  });
}
