// What an endpoint is: its paths, the formats it offers, and a function from a request to a
// neutral result. Endpoints never check keys, never choose renderers, never write bytes.
import type { DataSet } from '../data/dataset.ts';
import type { Format } from '../formats/negotiate.ts';
import type { ApiResult } from '../formats/render.ts';
import type { RawQuery } from '../params.ts';
import type { NsrdbArchives } from '../data/nsrdb-archives.ts';
import type { BodyProblem } from '../request-body.ts';

/**
 * Which counters an endpoint draws on besides the hourly one: the real service limits fuel-station
 * endpoints per day, and the NSRDB downloads by their format (.csv one a second and 10,000 a day,
 * .json one in two seconds and 2,000 a day).
 */
export type LimitGroup = 'fuel-stations' | 'nsrdb-downloads' | 'other';

export interface EndpointRequest {
  data: DataSet;
  query: RawQuery;
  /** Path parameters such as a station id. */
  path: Record<string, string>;
  now: Date;
  /** The format asked for (the extension, else `format`, else the default). */
  format: Format;
  /** The deployment's public base URL (PUBLIC_URL, else the served one), for links an answer prints. */
  publicUrl: string;
  /**
   * Where the NSRDB `.json` downloads queue their archive jobs, and how a job holds `data` past the
   * answer (call what `keepData` returns when done); absent where nothing may be queued (the warm-up).
   */
  jobs?: { archives: NsrdbArchives; keepData(): () => void };
  /** A POST body that could not be read; an endpoint that answers POST answers it (413 or 422). */
  bodyProblem?: BodyProblem;
}

export interface Endpoint {
  /** Express paths without the format extension, e.g. `/api/alt-fuel-stations/v1/nearest`. */
  paths: string[];
  /** $id of the schema of its query parameters (schemas/params/). */
  parameters?: string;
  /**
   * $ids of the schemas of its responses: the success response, its error responses by status, the
   * success response of a format whose body is not `ok` in another notation (GeoJSON), and answers a
   * format has no form for, which come as JSON instead (`asJson`: nearby-route's ids in KML).
   */
  responses: {
    ok: string;
    errors: Record<number, string>;
    byFormat?: Partial<Record<Format, string>>;
    asJson?: Partial<Record<Format, string>>;
    /** Its errors come as JSON whatever the format (the NSRDB downloads: their clients read `errors` from JSON). */
    errorsAsJson?: boolean;
  };
  /** Path parameters (`:id` in a path) and the JSON Schema of each, for the OpenAPI document. */
  pathParameters?: Record<string, { [keyword: string]: unknown }>;
  /** For the OpenAPI document and the page: its group (tag), a one-line summary, an example query string. */
  docs?: { tag?: string; summary?: string; description?: string; example?: string };
  /** Queries the warm-up answers besides the example: code paths the example does not take (server/warm-up.ts). */
  warmUp?: readonly string[];
  /**
   * What its answer depends on besides the data set, the path, the format and the query (api_key
   * aside), for ETags (server/etag.ts): `includesKey` when it echoes the API key, so that the
   * key is part of the ETag; `dependsOnClock(query)` when that query's answer changes with the time,
   * so that it gets no ETag; `newEveryTime`: formats whose every answer is new (a queued job's
   * acknowledgement), which get none either.
   */
  cache?: { includesKey?: boolean; dependsOnClock?(query: RawQuery): boolean; newEveryTime?: readonly Format[] };
  /**
   * GET, and POST too when listed: a POST's parameters come in a form or JSON body as well as the
   * query string (server/request-body.ts).
   */
  methods?: readonly ('GET' | 'POST')[];
  formats: readonly Format[];
  defaultFormat: Format;
  /** The formats the warm-up asks its example in, when not all (the NSRDB downloads' `.json` queues a job). */
  warmUpFormats?: readonly Format[];
  limitGroup: LimitGroup;
  handle(request: EndpointRequest): Promise<ApiResult>;
}
