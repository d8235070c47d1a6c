// Alternative fuel stations v1 (docs/api.md §3; docs/decisions.md §3): the list, the nearest
// stations to a location, and one station by id, answering with the deployment's generation of the
// station record.
import type { FuelStationsListParameters, FuelStationsNearestParameters } from '../../types/schemas.ts';
import type { DistanceModel, StationFilters, StationRecord, StationStore, VehicleClass } from '../data/stations.ts';
import type { ApiResult } from '../formats/render.ts';
import { RowStream } from '../formats/rows.ts';
import { type StationRecordGeneration, stationViews } from '../formats/views/fuel-stations.ts';
import { type Geocoded, geocode } from '../geocode/index.ts';
import { parseParams, parsePathParams, type ParamIssue, type RawQuery } from '../params.ts';
import { FUEL_STATION_LOCATION_REQUIRED, FUEL_STATION_NOT_FOUND, fuelStationMessage, fuelStationUngeocodedMessage } from './fuel-stations-messages.ts';
import type { Endpoint } from './types.ts';

export const STATION_LOCATOR_URL = 'https://afdc.energy.gov/stations/';

/** One station also comes as a KML Document of one Placemark. */
const formats = ['json', 'xml', 'csv', 'kml'] as const;
/** The list and nearest also come as GeoJSON FeatureCollections, and as KML Documents of a Placemark per station. */
export const listFormats = ['json', 'xml', 'csv', 'geojson', 'kml'] as const;
export const FUEL_STATIONS_TAG = 'Alternative fuel stations';
const ERRORS_VIEW = stationViews.current.errors;

export function invalid(messages: string[], status = 422): ApiResult {
  return { view: ERRORS_VIEW, status, data: { errors: messages } };
}

const LIST_PARAMETERS = '/api/schemas/params/fuel-stations-list.params.schema.json';
const NEAREST_PARAMETERS = '/api/schemas/params/fuel-stations-nearest.params.schema.json';

/** A comma list with `all` in it filters nothing. */
function chosen<T>(values: T[] | undefined): T[] | undefined {
  return values && !values.includes('all' as T) ? values : undefined;
}

/** `true`/`false` texts of a filter, or undefined for `all`. */
function flag(value: 'all' | 'true' | 'false' | undefined): boolean | undefined {
  return value === undefined || value === 'all' ? undefined : value === 'true';
}

/** The smallest of the vehicle classes asked for: a station taking it takes every larger one asked for too. */
function smallestClass(values: string[] | undefined): VehicleClass | undefined {
  const classes = chosen(values);
  return classes && (['LD', 'MD', 'HD'] as const).find((vehicleClass) => classes.includes(vehicleClass));
}

/**
 * Today's service answers for U.S. stations unless `country` says otherwise; the 2014 service had no
 * such parameter and answered every station.
 */
const DEFAULT_COUNTRIES: Record<StationRecordGeneration, string[] | undefined> = { current: ['US'], '2014': undefined };

/**
 * How each generation measures nearest's distances: today's service on the WGS 84 ellipsoid (its
 * documented distances are the geodesic's to the last digit); the 2014 generation answers as before,
 * on the mean sphere.
 */
const DISTANCES: Record<StationRecordGeneration, DistanceModel> = { current: 'ellipsoid', '2014': 'sphere' };

function filtersOf(
  values: FuelStationsListParameters,
  store: StationStore,
  generation: StationRecordGeneration,
): { filters: StationFilters; issues: ParamIssue[] } {
  const issues: ParamIssue[] = [];
  const networks = chosen(values.ev_network);
  const unknownNetwork = networks?.find((name) => !store.networks.has(name.toLowerCase()));
  if (unknownNetwork !== undefined)
    issues.push({ param: 'ev_network', kind: 'enum', value: unknownNetwork, allowed: ['all', ...[...store.networks.values()].sort()] });
  const facilityTypes = chosen(values.facility_type?.map((type) => (type.toLowerCase() === 'all' ? 'all' : type.toUpperCase())));
  const unknownFacility = facilityTypes?.find((type) => !store.facilityTypes.has(type));
  if (unknownFacility !== undefined)
    issues.push({ param: 'facility_type', kind: 'enum', value: unknownFacility, allowed: ['all', ...[...store.facilityTypes].sort()] });
  const federalAgencies = chosen(values.federal_agency?.map((code) => (code.toLowerCase() === 'all' ? 'all' : code.toUpperCase())));
  const unknownAgency = federalAgencies?.find((code) => !store.federalAgencyCodes.has(code));
  if (unknownAgency !== undefined)
    issues.push({ param: 'federal_agency', kind: 'enum', value: unknownAgency, allowed: ['all', ...[...store.federalAgencyCodes].sort()] });
  const filters: StationFilters = {
    status: chosen(values.status),
    access: values.access === 'all' ? undefined : values.access,
    fuelTypes: chosen(values.fuel_type),
    cards: chosen(values.cards_accepted),
    ownerTypes: chosen(values.owner_type),
    federalAgencyIds: chosen(values.federal_agency_id) as number[] | undefined,
    federalAgencyCodes: federalAgencies,
    evNetworks: networks,
    evNetworkStationIds: chosen(values.ev_network_station_ids),
    evChargingLevels: chosen(values.ev_charging_level) as StationFilters['evChargingLevels'],
    states: values.state,
    zips: values.zip,
    evConnectorTypes: chosen(values.ev_connector_type),
    evConnectorTypesAll: values.ev_connector_type_operator === 'AND',
    countries: values.country ? chosen(values.country) : DEFAULT_COUNTRIES[generation],
    lpgPrimaryOnly: values.lpg_include_secondary === 'false',
    hydrogenRetail: chosen(values.hy_is_retail)?.map((value) => value === 'true'),
    e85BlenderPumpOnly: values.e85_has_blender_pump === 'true',
    cngFillTypes: chosen(values.cng_fill_type),
    cngPressures: chosen(values.cng_psi),
    cngVehicleClass: smallestClass(values.cng_vehicle_class),
    lngVehicleClass: smallestClass(values.lng_vehicle_class),
    maximumVehicleClass: smallestClass(values.maximum_vehicle_class),
    cngHasRng: flag(values.cng_has_rng),
    lngHasRng: flag(values.lng_has_rng),
    restrictedAccess: flag(values.restricted_access),
    fundingSources: chosen(values.funding_sources),
    facilityTypes,
    ids: chosen(values.ids) as number[] | undefined,
    evPowerKwMin: values.ev_power_kw_min,
    evPowerKwMax: values.ev_power_kw_max,
  };
  return { filters, issues };
}

/** The request's parameters and the store's filters from them, or the 422 that lists every problem. */
export function readFilters<T extends FuelStationsListParameters>(
  schemaId: string,
  query: RawQuery,
  store: StationStore,
  generation: StationRecordGeneration,
  options?: { emptyIsAbsent?: string[] },
): { values: T; filters: StationFilters } | { invalid: ApiResult } {
  const parsed = parseParams<T>(schemaId, query, options);
  const { filters, issues } = filtersOf(parsed.values, store, generation);
  const problems = [...parsed.issues, ...issues];
  return problems.length ? { invalid: invalid(problems.map(fuelStationMessage)) } : { values: parsed.values, filters };
}

/**
 * Records per batch. Building one holds the event loop (a nearest batch copies each record to add
 * its distance: 2 ms for 1,000), and the renderer can only cut the batch it is given; 256 keeps that
 * well under a millisecond.
 */
const BATCH = 256;

const KILOMETRES_PER_MILE = 1.609344;
const round5 = (value: number) => Math.round(value * 1e5) / 1e5;

/** The matching records, read from the store in batches as the renderer writes them; with distances, each record gains its own. */
export function stream(store: StationStore, rows: number[], distances?: number[]): RowStream<StationRecord> {
  return new RowStream(
    (async function* () {
      for (let start = 0; start < rows.length; start += BATCH) {
        const end = Math.min(start + BATCH, rows.length);
        const batch: StationRecord[] = new Array(end - start);
        for (let i = start; i < end; i++) {
          const record = store.record(rows[i]);
          batch[i - start] = record;
          if (!distances) continue;
          // distance_km: the rounded miles in kilometres, rounded, as the real service's are (its 2018 answer's 0.44876 mi is
          // 0.72221 km, where the unrounded 0.4487558 mi would be 0.72220).
          const miles = round5(distances[i]);
          record.distance = miles;
          record.distance_km = round5(miles * KILOMETRES_PER_MILE);
        }
        yield batch;
      }
    })(),
  );
}

export const ERRORS = '/api/schemas/errors.schema.json';

/**
 * The schemas of the list's and nearest's answers per generation: today's either of
 * response_format's (anyOf: whole records or compact ones); the 2014 record's, which has no compact form.
 */
const ANSWERS: Record<StationRecordGeneration, Record<'list' | 'nearest', { json: string; geojson: string }>> = {
  current: {
    list: { json: '/api/schemas/fuel-stations-list-answer-current.schema.json', geojson: '/api/schemas/fuel-stations-geojson-answer-current.schema.json' },
    nearest: {
      json: '/api/schemas/fuel-stations-nearest-answer-current.schema.json',
      geojson: '/api/schemas/fuel-stations-geojson-nearest-answer-current.schema.json',
    },
  },
  '2014': {
    list: { json: stationViews['2014'].list.schemaId, geojson: stationViews['2014'].list.geojson.schemaId },
    nearest: { json: stationViews['2014'].nearest.schemaId, geojson: stationViews['2014'].nearest.geojson.schemaId },
  },
};

const BY_ID_PATH = { id: { description: 'The station id; no such station is a 404.', type: 'integer', minimum: 1, maximum: 999_999_999 } };

/** The list, nearest and by-id endpoints, answering with one generation of the station record. */
export function fuelStationEndpoints(generation: StationRecordGeneration): Endpoint[] {
  const views = stationViews[generation];
  const listEndpoint: Endpoint = {
    paths: ['/api/alt-fuel-stations/v1'],
    parameters: LIST_PARAMETERS,
    responses: { ok: ANSWERS[generation].list.json, errors: { 422: ERRORS }, byFormat: { geojson: ANSWERS[generation].list.geojson } },
    docs: { tag: FUEL_STATIONS_TAG, summary: 'Every station matching the filters, in no specific order.', example: 'fuel_type=E85,ELEC&state=CA&limit=3' },
    formats: listFormats,
    defaultFormat: 'xml',
    limitGroup: 'fuel-stations',
    async handle({ data, query }) {
      const read = readFilters<FuelStationsListParameters>(LIST_PARAMETERS, query, data.stations, generation);
      if ('invalid' in read) return read.invalid;
      const { values, filters } = read;
      const limit = values.limit;
      const matches = await data.stations.list(filters, limit === 'all' ? undefined : limit);
      return {
        view: values.response_format === 'compact' ? views.listCompact : views.list,
        data: {
          station_locator_url: STATION_LOCATOR_URL,
          total_results: matches.total,
          station_counts: matches.counts,
          fuel_stations: stream(data.stations, matches.rows),
        },
      };
    },
  };

  const nearestEndpoint: Endpoint = {
    paths: ['/api/alt-fuel-stations/v1/nearest'],
    parameters: NEAREST_PARAMETERS,
    responses: { ok: ANSWERS[generation].nearest.json, errors: { 422: ERRORS }, byFormat: { geojson: ANSWERS[generation].nearest.geojson } },
    docs: { tag: FUEL_STATIONS_TAG, summary: 'The stations within a radius of a location, nearest first.', example: 'location=80203&radius=infinite&limit=3' },
    // the searches most clients make, the default radius alone and with a fuel type: each set of
    // filters is a statement of its own, prepared on first use (server/data/stations.ts)
    warmUp: ['location=80203&limit=3', 'location=80203&fuel_type=ELEC&limit=3'],
    formats: listFormats,
    defaultFormat: 'xml',
    limitGroup: 'fuel-stations',
    async handle({ data, query }) {
      const read = readFilters<FuelStationsNearestParameters>(NEAREST_PARAMETERS, query, data.stations, generation, { emptyIsAbsent: ['location'] });
      if ('invalid' in read) return read.invalid;
      const { values, filters } = read;
      const { latitude, longitude, location, radius, offset = 0, limit } = values;

      let point: Geocoded;
      if (latitude !== undefined && longitude !== undefined) {
        point = { latitude, longitude };
      } else if (location !== undefined) {
        const found = geocode(location);
        if (!found) return invalid([fuelStationUngeocodedMessage(location)]);
        point = found;
      } else {
        return invalid([FUEL_STATION_LOCATION_REQUIRED]);
      }
      const radiusMiles = radius === 'infinite' ? undefined : (radius as number);
      const page = { offset, limit: limit === 'all' ? undefined : limit };
      const matches = await data.stations.nearest(point.latitude, point.longitude, radiusMiles, filters, page, DISTANCES[generation]);
      return {
        view: values.response_format === 'compact' ? views.nearestCompact : views.nearest,
        data: {
          latitude: point.latitude,
          longitude: point.longitude,
          location_country: point.country,
          precision: point.precision,
          station_locator_url: STATION_LOCATOR_URL,
          total_results: matches.total,
          station_counts: matches.counts,
          offset,
          fuel_stations: stream(data.stations, matches.rows, matches.distances),
        },
      };
    },
  };

  const byIdEndpoint: Endpoint = {
    paths: ['/api/alt-fuel-stations/v1/:id'],
    responses: { ok: views.byId.schemaId, errors: { 404: ERRORS } },
    pathParameters: BY_ID_PATH,
    docs: { tag: FUEL_STATIONS_TAG, summary: 'One station by its id.' },
    formats,
    defaultFormat: 'xml',
    limitGroup: 'fuel-stations',
    async handle({ data, path }) {
      // an id its schema refuses names no station: the same 404 as an unknown one
      const parsed = parsePathParams<{ id: number }>(BY_ID_PATH, path);
      const station = parsed.issues.length === 0 ? await data.stations.byId(parsed.values.id) : undefined;
      if (!station) return invalid([FUEL_STATION_NOT_FOUND], 404);
      return { view: views.byId, data: { alt_fuel_station: station } };
    },
  };

  return [listEndpoint, nearestEndpoint, byIdEndpoint];
}
