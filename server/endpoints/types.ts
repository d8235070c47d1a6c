// What an endpoint is: its paths, the formats it offers, and a function from a request to a
// neutral result. Endpoints never check keys, never choose renderers, never write bytes.
import type { DataSet } from '../data/dataset.ts';
import type { Format } from '../formats/negotiate.ts';
import type { ApiResult } from '../formats/render.ts';
import type { LimitGroup } from '../gateway/index.ts';
import type { RawQuery } from '../params.ts';

export interface EndpointRequest {
  data: DataSet;
  format: Format;
  query: RawQuery;
  /** Path parameters such as a station id. */
  path: Record<string, string>;
  now: Date;
}

export interface Endpoint {
  /** Express paths without the format extension, e.g. `/api/alt-fuel-stations/v1/nearest`. */
  paths: string[];
  /** $id of the schema of its query parameters (schemas/params/). */
  parameters?: string;
  /** $ids of the schemas of its responses: the success response, and its error responses by status. */
  responses: { ok: string; errors: Record<number, string> };
  formats: readonly Format[];
  defaultFormat: Format;
  limitGroup: LimitGroup;
  handle(request: EndpointRequest): Promise<ApiResult>;
}
