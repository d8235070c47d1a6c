// The NSRDB data query (docs/api.md §10; docs/decisions.md §10): which NSRDB data sets have
// data at a point (wkt POINT, lat and lon, or an address geocoded as the fuel-station search's
// location), each with the download links of every year and interval it offers there. Here every
// data set answered (NSRDB_PRODUCTS) has data where an nsrdb cell holds the point, and its links are
// this deployment's .csv downloads of that point.
import type { NsrdbDataQuery, NsrdbDataQueryParameters } from '../../types/schemas.ts';
import { nsrdbDataQueryView } from '../formats/views/nsrdb.ts';
import type { ApiResult } from '../formats/render.ts';
import { geocode } from '../geocode/index.ts';
import { echoedParameters, type ParamIssue, parseParams } from '../params.ts';
import { parseWktSites } from './wkt-sites.ts';
import { cellHolding, NSRDB_PRODUCTS, type NsrdbProduct } from './nsrdb-downloads.ts';
import { fuelStationBodyMessage } from './fuel-stations-messages.ts';
import { NSRDB_PLACE_REQUIRED, NSRDB_WKT_NOT_A_POINT, nsrdbParamMessage } from './nsrdb-messages.ts';
import { solarResourceUngeocodedMessage } from './solar-messages.ts';
import type { Endpoint } from './types.ts';

const PARAMETERS = '/api/schemas/params/nsrdb-data-query.params.schema.json';
/** Where the documentation points a reader for the data sets' metadata. */
const METADATA_LINK = 'https://nsrdb.nrel.gov/data-sets/us-data';

/** Parameters `inputs` echoes: the documentation's example shows `wkt`; the query's others too, never unknown names (XML could not carry every name). */
const ECHOED = ['wkt', 'lat', 'lon', 'address', 'type', 'show_empty'];

/** A year as the documentation prints it: a whole year as a number, `tmy` and named years as text. */
const yearOf = (name: string): string | number => (/^\d{4}$/.test(name) ? Number(name) : name);

/** The data set's entry: with its years, intervals and links where it has data at the point, empty ones where not. */
function entryOf(product: NsrdbProduct, publicUrl: string, at?: { wkt: string; intervals: number[] }): NsrdbDataQuery['outputs'][number] {
  const years = at ? product.names.map(yearOf) : [];
  const intervals = at?.intervals ?? [];
  return {
    apiDocs: product.apiDocs,
    availableYears: years,
    availableIntervals: intervals,
    displayName: product.displayName,
    metadataLink: METADATA_LINK,
    name: product.name,
    type: 'satellite',
    links: years.flatMap((year) =>
      intervals.map((interval) => {
        const query = new URLSearchParams({ names: String(year), wkt: at!.wkt });
        if (product.takesInterval) query.set('interval', String(interval));
        return { year, interval, link: `${publicUrl}${product.path}.csv?${query}&api_key=yourapikey&email=youremail` };
      }),
    ),
  };
}

export const nsrdbDataQueryEndpoint: Endpoint = {
  paths: ['/api/solar/nsrdb_data_query'],
  parameters: PARAMETERS,
  methods: ['GET', 'POST'],
  responses: { ok: nsrdbDataQueryView.schemaId, errors: { 400: nsrdbDataQueryView.schemaId, 413: nsrdbDataQueryView.schemaId } },
  docs: {
    tag: 'NSRDB downloads',
    summary: 'Which NSRDB data sets have data at a point (wkt, lat and lon, or an address), with the download links of each year and interval.',
    example: 'wkt=POINT(-105.02 40.01)',
  },
  formats: ['json', 'xml'],
  defaultFormat: 'json',
  limitGroup: 'other',
  async handle({ data, query, publicUrl, bodyProblem }): Promise<ApiResult> {
    const inputs = echoedParameters(query, (name) => ECHOED.includes(name));
    const failed = (errors: string[], status = 400): ApiResult => ({
      view: nsrdbDataQueryView,
      status,
      data: { errors, inputs, outputs: [] } satisfies NsrdbDataQuery,
    });
    if (bodyProblem) return failed([fuelStationBodyMessage(bodyProblem)], bodyProblem.kind === 'too-large' ? 413 : 400);
    const parsed = parseParams<NsrdbDataQueryParameters>(PARAMETERS, query);
    const issues: ParamIssue[] = [...parsed.issues];
    const named = (param: string) => parsed.issues.some((issue) => issue.param === param);
    const { wkt, lat, lon, address } = parsed.values;
    const errors = issues.map(nsrdbParamMessage);
    let point: { lat: number; lon: number } | undefined;
    if (wkt !== undefined) {
      const sites = parseWktSites(wkt);
      if (sites?.kind === 'point') point = sites.point;
      else errors.push(NSRDB_WKT_NOT_A_POINT);
    } else if (lat !== undefined && lon !== undefined) {
      point = { lat, lon };
    } else if (address !== undefined && lat === undefined && lon === undefined) {
      const found = geocode(address);
      if (found) point = { lat: found.latitude, lon: found.longitude };
      else errors.push(solarResourceUngeocodedMessage(address));
    } else if (!['wkt', 'lat', 'lon', 'address'].some(named)) {
      errors.push(NSRDB_PLACE_REQUIRED);
    }
    if (errors.length > 0 || point === undefined) return failed(errors.length > 0 ? errors : [NSRDB_PLACE_REQUIRED]);

    // every data set here is a satellite one: type=station lists none
    const products = parsed.values.type === 'station' ? [] : NSRDB_PRODUCTS;
    const cell = await cellHolding(data, point.lat, point.lon);
    const at = 'station' in cell ? { wkt: wkt ?? `POINT(${point.lon} ${point.lat})`, intervals: [cell.station.step_seconds / 60] } : undefined;
    const showEmpty = parsed.values.show_empty === 'true';
    const outputs = at || showEmpty ? products.map((product) => entryOf(product, publicUrl, at)) : [];
    return { view: nsrdbDataQueryView, data: { errors: [], inputs, outputs } satisfies NsrdbDataQuery };
  },
};
