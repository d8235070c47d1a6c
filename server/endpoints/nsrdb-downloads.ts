// The NSRDB typical-year downloads, .csv form (docs/api.md §9; docs/decisions.md §10): one
// point's year as the NSRDB file, from the data set's nsrdb cell that holds the point (its nearest
// within half the cell's diagonal). An ingested NSRDB download is its own text (the
// NsrdbFileStore), a sample cell's is written from its hourly columns; `attributes` selects and
// orders the columns, `utc` puts the records in UTC (the default) or local standard time. Errors
// come as the documentation's JSON envelope, whatever the format: the service's clients read
// `errors` from JSON.
import { nsrdbLocationId } from '../../model/climate-ids.ts';
import { EARTH_RADIUS_MILES, haversine } from '../../model/haversine.ts';
import { type NsrdbLayout, readNsrdbLayout, writeNsrdbLayout } from '../../model/nsrdb-layout.ts';
import { schemaById } from '../../schemas/registry.ts';
import type { NsrdbDownloadResponse, NsrdbGoesTmyV4DownloadParameters, NsrdbPsm3TmyDownloadParameters } from '../../types/schemas.ts';
import type { ClimateStation } from '../data/climate.ts';
import { heldAttributes, inTimeZone, SAMPLE_CELL_ATTRIBUTES, sampleCellLayout, selectAttributes } from '../data/nsrdb-downloads.ts';
import type { ApiResult } from '../formats/render.ts';
import { nsrdbCsvView, nsrdbResponseView } from '../formats/views/nsrdb.ts';
import { echoedParameters, parseParams } from '../params.ts';
import { fuelStationBodyMessage } from './fuel-stations-messages.ts';
import {
  NSRDB_ARCHIVES_FULL,
  NSRDB_CSV_ONE_NAME,
  NSRDB_CSV_ONE_POINT,
  NSRDB_EMAIL,
  NSRDB_POLYGON_EMPTY,
  NSRDB_QUEUE_FULL,
  NSRDB_UTC_UNAVAILABLE,
  NSRDB_WKT_INVALID,
  nsrdbArchiveMessage,
  nsrdbAttributesMessage,
  nsrdbIntervalMessage,
  nsrdbNoCellMessage,
  nsrdbParamMessage,
  nsrdbTooManySitesMessage,
} from './nsrdb-messages.ts';
import type { Endpoint, EndpointRequest } from './types.ts';
import { insidePolygon, parseWktSites, type WktSites } from './wkt-sites.ts';

const VERSION = '2.0.0';
/** Parameters every download requires; the GOES v4 one `interval` too. A missing one is the documentation's 400. */
const REQUIRED = ['wkt', 'names', 'email'] as const;
/** The catalog's nearest search: 0 miles is whatever the distance (the nearest cell is named in the error when it is too far). */
const ANY_DISTANCE = 0;
const METRES_PER_KM = 1000;

/** Either download's parameters (their schemas' generated types): GOES v4's add `leap_day` and `interval`. */
type DownloadParameters = NsrdbGoesTmyV4DownloadParameters | NsrdbPsm3TmyDownloadParameters;

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

/** The sites an archive holds at most: a MULTIPOINT's points or a POLYGON's cells. */
export const MAX_ARCHIVE_SITES = 100;

/** The attributes a cell's file holds: an ingested download's columns, or those a sample cell's file is written with. */
async function heldAttributesOf(data: EndpointRequest['data'], station: ClimateStation): Promise<string[]> {
  const text = await data.nsrdbFiles.text(station.id);
  return text === undefined ? SAMPLE_CELL_ATTRIBUTES : heldAttributes(readNsrdbLayout(text, station.source_file));
}

/**
 * The cells a `wkt` names: a POINT's or each MULTIPOINT point's (each held by a cell, the same cell
 * once), or those whose centres lie inside a POLYGON; or why there are none, or too many.
 */
async function sitesOf(data: EndpointRequest['data'], geometry: WktSites): Promise<{ stations: ClimateStation[] } | { problem: string }> {
  if (geometry.kind === 'polygon') {
    const outer = geometry.rings[0]!;
    const lats = outer.map((point) => point.lat);
    const lons = outer.map((point) => point.lon);
    const centre = { lat: (Math.min(...lats) + Math.max(...lats)) / 2, lon: (Math.min(...lons) + Math.max(...lons)) / 2 };
    const radiusMiles = Math.max(...outer.map((point) => haversine(centre.lat, centre.lon, point.lat, point.lon, EARTH_RADIUS_MILES))) + 1;
    const inside = (await data.climate.within(centre.lat, centre.lon, radiusMiles))
      .map((found) => found.station)
      .filter((station) => station.dataset === 'nsrdb' && insidePolygon(geometry.rings, { lon: station.lon, lat: station.lat }));
    if (inside.length === 0) return { problem: NSRDB_POLYGON_EMPTY };
    if (inside.length > MAX_ARCHIVE_SITES) return { problem: nsrdbTooManySitesMessage(inside.length, MAX_ARCHIVE_SITES) };
    return { stations: inside };
  }
  const points = geometry.kind === 'point' ? [geometry.point] : geometry.points;
  if (points.length > MAX_ARCHIVE_SITES) return { problem: nsrdbTooManySitesMessage(points.length, MAX_ARCHIVE_SITES) };
  const stations = new Map<string, ClimateStation>();
  for (const point of points) {
    const cell = await cellHolding(data, point.lat, point.lon);
    if (!('station' in cell)) return { problem: nsrdbNoCellMessage(point.lon, point.lat, cell.nearest) };
    stations.set(cell.station.id, cell.station);
  }
  return { stations: [...stations.values()] };
}

/** A CSV's name in an archive, as NSRDB names its files: location id, latitude, longitude, year. */
function archiveFileName(station: ClimateStation, name: string): string {
  return `${nsrdbLocationId(station.header_location) ?? station.id}_${station.lat}_${station.lon}_${name}.csv`;
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
      // .json: the acknowledgement of the archive job
      byFormat: { json: nsrdbResponseView.schemaId },
      errors: { 400: nsrdbResponseView.schemaId, 413: nsrdbResponseView.schemaId, 422: nsrdbResponseView.schemaId, 429: nsrdbResponseView.schemaId },
      errorsAsJson: true,
    },
    docs: {
      tag: 'NSRDB downloads',
      summary: product.summary,
      example: `wkt=POINT(-105.02 40.01)&names=tmy&utc=false&email=user@example.com${product.takesInterval ? '&interval=60' : ''}`,
    },
    // every .json answer queues a job of its own: never a 304
    cache: { newEveryTime: ['json'] },
    formats: ['csv', 'json'],
    defaultFormat: 'csv',
    // the example's .json would queue an archive job
    warmUpFormats: ['csv'],
    limitGroup: 'nsrdb-downloads',
    async handle({ data, query, format, publicUrl, jobs, bodyProblem }): Promise<ApiResult> {
      // every parameter as given, api_key aside, as the documentation's example echoes them
      const inputs = { query: echoedParameters(query, (name) => name !== 'api_key') };
      const answer = (status: number, errors: string[], outputs: NsrdbDownloadResponse['outputs'] = {}, count = 0): ApiResult => ({
        view: nsrdbResponseView,
        status,
        data: { inputs, metadata: { version: VERSION, resultset: { count } }, status, outputs, errors } satisfies NsrdbDownloadResponse,
      });
      const failed = (status: number, errors: string[]) => answer(status, errors);
      if (bodyProblem) return failed(bodyProblem.kind === 'too-large' ? 413 : 422, [fuelStationBodyMessage(bodyProblem)]);

      const parsed = parseParams<DownloadParameters>(product.parameters, query);
      const named = (param: string) => parsed.issues.some((issue) => issue.param === param);
      const required = product.takesInterval ? [...REQUIRED, 'interval' as const] : REQUIRED;
      const interval = 'interval' in parsed.values ? parsed.values.interval : undefined;
      const absent = required.filter((param) => (param === 'interval' ? interval : parsed.values[param]) === undefined && !named(param));
      if (absent.length > 0)
        return failed(
          400,
          absent.map((param) => nsrdbParamMessage({ param, kind: 'required' })),
        );
      const errors = parsed.issues.map(nsrdbParamMessage);
      const { wkt, names, attributes, email } = parsed.values;
      const archive = format === 'json';
      const geometry = wkt === undefined ? undefined : parseWktSites(wkt);
      if (wkt !== undefined && geometry === undefined) errors.push(NSRDB_WKT_INVALID);
      if (!archive && geometry !== undefined && geometry.kind !== 'point') errors.push(NSRDB_CSV_ONE_POINT);
      if (!archive && names !== undefined && names.length > 1) errors.push(NSRDB_CSV_ONE_NAME);
      if (email !== undefined && !EMAIL.test(email)) errors.push(NSRDB_EMAIL);
      if (errors.length > 0 || geometry === undefined) return failed(422, errors);

      const sites = await sitesOf(data, geometry);
      if ('problem' in sites) return failed(422, [sites.problem]);
      for (const station of sites.stations) {
        const intervals = [station.step_seconds / 60];
        if (product.takesInterval && !intervals.includes(interval!)) return failed(422, [nsrdbIntervalMessage(intervals)]);
        // an archive checks every site before it is queued; a .csv's one file is checked as it is made
        if (archive && attributes !== undefined) {
          const held = await heldAttributesOf(data, station);
          const missing = attributes.filter((attribute) => !held.includes(attribute));
          if (missing.length > 0) return failed(422, [nsrdbAttributesMessage(missing, held)]);
        }
      }
      const utc = parsed.values.utc !== 'false';
      /** A site's file as asked for, or why it cannot be given. */
      const fileOf = async (station: ClimateStation): Promise<NsrdbLayout | string> => {
        let layout = await cellLayout(data, station);
        if (attributes !== undefined) {
          const selected = selectAttributes(layout, attributes);
          if ('missing' in selected) return nsrdbAttributesMessage(selected.missing, heldAttributes(layout));
          layout = selected.layout;
        }
        return inTimeZone(layout, utc, 3600 / station.step_seconds) ?? NSRDB_UTC_UNAVAILABLE;
      };

      if (!archive) {
        const file = await fileOf(sites.stations[0]!);
        return typeof file === 'string' ? failed(422, [file]) : { view: nsrdbCsvView, data: file };
      }
      // a full queue is the client's to wait for (429, as the gateway's limits), never a server error
      if (!jobs) return { ...failed(429, [NSRDB_QUEUE_FULL]), headers: { 'Retry-After': '2' } };
      const release = jobs.keepData();
      const entries = sites.stations.flatMap((station) =>
        names!.map((name) => ({
          name: archiveFileName(station, name),
          text: async () => {
            const file = await fileOf(station);
            if (typeof file === 'string') throw new Error(`${station.id}: ${file}`);
            return writeNsrdbLayout(file);
          },
        })),
      );
      const submitted = jobs.archives.submit({ entries, email: email!, done: release });
      if ('refused' in submitted) {
        release();
        return { ...failed(429, [submitted.refused === 'queue-full' ? NSRDB_QUEUE_FULL : NSRDB_ARCHIVES_FULL]), headers: { 'Retry-After': '2' } };
      }
      const downloadUrl = `${publicUrl}/nsrdb-archives/${submitted.id}.zip`;
      return answer(200, [], { message: nsrdbArchiveMessage(email!), downloadUrl }, sites.stations.length);
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
