// The NSRDB typical-year downloads, .csv form (docs/service.md §9; docs/decisions.md §10): one
// point's year as the NSRDB file, from the data set's nsrdb cell that holds the point (its nearest
// within half the cell's diagonal). An ingested NSRDB download is its own text (the
// NsrdbFileStore), a sample cell's is written from its hourly columns; `attributes` selects and
// orders the columns, `utc` puts the records in UTC (the default) or local standard time. Errors
// come as the documentation's JSON envelope, whatever the format: the service's clients read
// `errors` from JSON.
import { type NsrdbLayout, readNsrdbLayout } from '../../model/nsrdb-layout.ts';
import { schemaById } from '../../schemas/registry.ts';
import type { NsrdbDownloadResponse } from '../../types/schemas.ts';
import type { ClimateStation } from '../data/climate.ts';
import { heldAttributes, inTimeZone, sampleCellLayout, selectAttributes } from '../data/nsrdb-downloads.ts';
import type { ApiResult } from '../formats/render.ts';
import { nsrdbCsvView, nsrdbResponseView } from '../formats/views/nsrdb.ts';
import { parseParams, type RawQuery } from '../params.ts';
import { fuelStationBodyMessage } from './fuel-stations-messages.ts';
import {
  NSRDB_CSV_ONE_NAME,
  NSRDB_CSV_ONE_POINT,
  NSRDB_EMAIL,
  NSRDB_UTC_UNAVAILABLE,
  NSRDB_WKT_NOT_A_POINT,
  nsrdbAttributesMessage,
  nsrdbIntervalMessage,
  nsrdbNoCellMessage,
  nsrdbParamMessage,
} from './nsrdb-messages.ts';
import type { Endpoint, EndpointRequest } from './types.ts';

const VERSION = '2.0.0';
/** Parameters every download requires; the GOES v4 one `interval` too. A missing one is the documentation's 400. */
const REQUIRED = ['wkt', 'names', 'email'] as const;
/** The catalog's nearest search: 0 miles is whatever the distance (the nearest cell is named in the error when it is too far). */
const ANY_DISTANCE = 0;
const METRES_PER_KM = 1000;

interface DownloadParameters {
  wkt?: string;
  names?: string[];
  attributes?: string[];
  utc?: 'true' | 'false';
  leap_day?: 'true' | 'false';
  interval?: number;
  email?: string;
}

/** An NSRDB data set we answer downloads of: its endpoint, and how the NSRDB data query lists it. */
export interface NsrdbProduct {
  path: string;
  parameters: string;
  summary: string;
  /** GOES v4 takes `leap_day` and requires `interval`; PSM v3.2.2 takes neither. */
  takesInterval: boolean;
  /** The data query's `name`, `displayName` and `apiDocs` (the real service's documentation page). */
  name: string;
  displayName: string;
  apiDocs: string;
  /** The `names` the download takes (its parameter schema's list). */
  names: readonly string[];
}

/** The request's parameters, api_key aside, as strings in request order (the last of a repeated one). */
function echoedQuery(query: RawQuery): Record<string, string> {
  const echoed: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) {
    if (name === 'api_key' || value === undefined) continue;
    echoed[name] = String(Array.isArray(value) ? value[value.length - 1] : value);
  }
  return echoed;
}

/** `POINT(lon lat)` (any case, spaces as WKT allows) as numbers; 'other' for another geometry; undefined when it is no WKT this reads. */
export function parsePoint(wkt: string): { lon: number; lat: number } | 'other' | undefined {
  const match = /^\s*POINT\s*\(\s*([-+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)\s+([-+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)\s*\)\s*$/i.exec(wkt);
  if (match) {
    const lon = Number(match[1]);
    const lat = Number(match[2]);
    return Math.abs(lon) <= 180 && Math.abs(lat) <= 90 ? { lon, lat } : undefined;
  }
  return /^\s*(MULTIPOINT|POLYGON|MULTIPOLYGON)\s*\(/i.test(wkt) ? 'other' : undefined;
}

/** An address as the real service's form takes it: something@something.tld, no spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** How far a cell answers for, km: half its diagonal (resolution: the cell's side). */
const reachKm = (station: ClimateStation) => ((station.resolution ?? 4) * Math.SQRT2) / 2;

/** The nsrdb cell that holds a point, or the nearest one (too far to answer), or none at all. */
export async function cellHolding(
  data: EndpointRequest['data'],
  lat: number,
  lon: number,
): Promise<{ station: ClimateStation } | { nearest?: { distanceKm: number; reachKm: number } }> {
  const nearest = (await data.climate.nearest(lat, lon, ANY_DISTANCE, ['nsrdb'])).nsrdb;
  if (!nearest) return {};
  const distanceKm = nearest.distance / METRES_PER_KM;
  const reach = reachKm(nearest.station);
  return distanceKm <= reach ? { station: nearest.station } : { nearest: { distanceKm, reachKm: reach } };
}

/** The cell's file as a layout: the ingested download, else written from the hourly columns. */
async function cellLayout(data: EndpointRequest['data'], station: ClimateStation): Promise<NsrdbLayout> {
  const text = await data.nsrdbFiles.text(station.id);
  if (text !== undefined) return readNsrdbLayout(text, station.source_file);
  return sampleCellLayout(station, await data.climate.weather(station));
}

function downloadEndpoint(product: NsrdbProduct): Endpoint {
  return {
    paths: [product.path],
    parameters: product.parameters,
    methods: ['GET', 'POST'],
    responses: {
      ok: nsrdbCsvView.schemaId,
      errors: { 400: nsrdbResponseView.schemaId, 413: nsrdbResponseView.schemaId, 422: nsrdbResponseView.schemaId },
      errorsAsJson: true,
    },
    docs: {
      tag: 'NSRDB downloads',
      summary: product.summary,
      example: 'wkt=POINT(-105.02 40.01)&names=tmy&utc=false&email=user@example.com' + (product.takesInterval ? '&interval=60' : ''),
    },
    formats: ['csv'],
    defaultFormat: 'csv',
    limitGroup: 'nsrdb-csv',
    async handle({ data, query, bodyProblem }): Promise<ApiResult> {
      const inputs = { query: echoedQuery(query) };
      const failed = (status: number, errors: string[]): ApiResult => ({
        view: nsrdbResponseView,
        status,
        data: { inputs, metadata: { version: VERSION, resultset: { count: 0 } }, status, outputs: {}, errors } satisfies NsrdbDownloadResponse,
      });
      if (bodyProblem) return failed(bodyProblem.kind === 'too-large' ? 413 : 422, [fuelStationBodyMessage(bodyProblem)]);

      const parsed = parseParams<DownloadParameters>(product.parameters, query);
      const named = (param: string) => parsed.issues.some((issue) => issue.param === param);
      const required = product.takesInterval ? [...REQUIRED, 'interval' as const] : REQUIRED;
      const absent = required.filter((param) => parsed.values[param] === undefined && !named(param));
      if (absent.length > 0)
        return failed(
          400,
          absent.map((param) => nsrdbParamMessage({ param, kind: 'required' })),
        );
      const errors = parsed.issues.map(nsrdbParamMessage);
      const { wkt, names, attributes, email } = parsed.values;
      const point = wkt === undefined ? undefined : parsePoint(wkt);
      if (wkt !== undefined && point === undefined) errors.push(NSRDB_WKT_NOT_A_POINT);
      if (point === 'other') errors.push(NSRDB_CSV_ONE_POINT);
      if (names !== undefined && names.length > 1) errors.push(NSRDB_CSV_ONE_NAME);
      if (email !== undefined && !EMAIL.test(email)) errors.push(NSRDB_EMAIL);
      if (errors.length > 0 || point === undefined || point === 'other') return failed(422, errors);

      const cell = await cellHolding(data, point.lat, point.lon);
      if (!('station' in cell)) return failed(422, [nsrdbNoCellMessage(point.lon, point.lat, cell.nearest)]);
      const { station } = cell;
      const intervals = [station.step_seconds / 60];
      if (product.takesInterval && !intervals.includes(parsed.values.interval!)) return failed(422, [nsrdbIntervalMessage(intervals)]);

      let layout = await cellLayout(data, station);
      if (attributes !== undefined) {
        const selected = selectAttributes(layout, attributes);
        if ('missing' in selected) return failed(422, [nsrdbAttributesMessage(selected.missing, heldAttributes(layout))]);
        layout = selected.layout;
      }
      const zoned = inTimeZone(layout, parsed.values.utc !== 'false', 3600 / station.step_seconds);
      if (!zoned) return failed(422, [NSRDB_UTC_UNAVAILABLE]);
      return { view: nsrdbCsvView, data: zoned };
    },
  };
}

/** The `names` a download's parameter schema lists. */
function namesOf(parameters: string): string[] {
  const names = (schemaById(parameters).properties as Record<string, { items: { enum: string[] } }>).names!;
  return names.items.enum;
}

const GOES_TMY_V4 = '/api/schemas/params/nsrdb-goes-tmy-v4-download.params.schema.json';
const PSM3_TMY = '/api/schemas/params/nsrdb-psm3-2-2-tmy-download.params.schema.json';

/** The NSRDB data sets answered here, newest first. */
export const NSRDB_PRODUCTS: readonly NsrdbProduct[] = [
  {
    path: '/api/nsrdb/v2/solar/nsrdb-GOES-tmy-v4-0-0-download',
    parameters: GOES_TMY_V4,
    summary: "One point's typical year as the NSRDB GOES TMY v4 download: the CSV of the nsrdb cell that holds the point.",
    takesInterval: true,
    name: 'nsrdb-GOES-tmy-v4-0-0',
    displayName: 'GOES TMY: PSM v4',
    apiDocs: 'https://developer.nrel.gov/docs/solar/nsrdb/nsrdb-GOES-tmy-v4-0-0-download/',
    names: namesOf(GOES_TMY_V4),
  },
  {
    path: '/api/nsrdb/v2/solar/psm3-2-2-tmy-download',
    parameters: PSM3_TMY,
    summary:
      "One point's typical year as the NSRDB PSM v3.2.2 TMY download (deprecated by the real service for GOES TMY v4): the CSV of the nsrdb cell that holds the point.",
    takesInterval: false,
    name: 'psm3-2-2-tmy',
    displayName: 'Physical Solar Model (PSM) v3.2.2 TMY',
    apiDocs: 'https://developer.nrel.gov/docs/solar/nsrdb/psm3-2-2-tmy-download/',
    names: namesOf(PSM3_TMY),
  },
];

export const nsrdbDownloadEndpoints: Endpoint[] = NSRDB_PRODUCTS.map(downloadEndpoint);
