// Solar resource v1 (docs/api.md §8; docs/decisions.md §9): for a point (lat and lon, or an
// address geocoded as the fuel-station search's location), the monthly and annual averages of daily
// total DNI, GHI and irradiance on a plane tilted at latitude, from the nearest climate station
// within MAX_DISTANCE_MILES: the numbers the pipeline computed once (climate.solar_resource, read by
// the SolarResourceStore), rounded to 2 decimals as the documentation's example prints them.
import type { SolarResourceParameters, SolarResourceV1 } from '../../types/schemas.ts';
import { CLIMATE_DATASETS, type NearestStation } from '../data/climate.ts';
import type { StationSolarResource } from '../data/solar-resource.ts';
import { geocode } from '../geocode/index.ts';
import { formatFloat } from '../formats/numbers.ts';
import type { ApiResult } from '../formats/render.ts';
import { solarResourceView } from '../formats/views/solar.ts';
import { echoedParameters, type ParamIssue, parseParams } from '../params.ts';
import { solarMessage, solarResourceNoStationMessage, solarResourceUngeocodedMessage } from './solar-messages.ts';
import type { Endpoint } from './types.ts';

const PARAMETERS = '/api/schemas/params/solar-resource.params.schema.json';
const VERSION = '1.0.0' as const;
/** Parameters `inputs` echoes, as the documentation's example does (api_key, lat, lon), and address. */
const ECHOED = ['api_key', 'lat', 'lon', 'address'];
/** The farthest station that answers for a point: PVWatts' default search radius (docs/api.md §5.1). */
export const MAX_DISTANCE_MILES = 100;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'] as const;

type Averages = NonNullable<SolarResourceV1['outputs']['avg_dni']>;

/** 2 decimals, as every value of the documentation's example. */
const twoDecimals = (value: number) => Math.round(value * 100) / 100;

function averages(values: Float64Array): Averages {
  const monthly = Object.fromEntries(MONTHS.map((month, m) => [month, twoDecimals(values[m + 1]!)])) as Averages['monthly'];
  return { annual: twoDecimals(values[0]!), monthly };
}

/** The nearest station within range that has a resource (stations whose weather PVWatts v8 refused have none), nearest first across datasets. */
async function nearestWithResource(
  data: Parameters<Endpoint['handle']>[0]['data'],
  lat: number,
  lon: number,
): Promise<{ found: NearestStation; resource: StationSolarResource } | undefined> {
  const nearest = await data.climate.nearest(lat, lon, MAX_DISTANCE_MILES);
  const candidates = CLIMATE_DATASETS.map((dataset) => nearest[dataset])
    .filter((found): found is NearestStation => found !== null)
    .sort((a, b) => a.distanceMetres - b.distanceMetres || a.station.id.localeCompare(b.station.id));
  for (const found of candidates) {
    const resource = data.solarResource.of(found.station.id);
    if (resource) return { found, resource };
  }
  // The nearest of a dataset may lack a resource while a farther one of it has one: look at them all.
  const within = await data.climate.within(lat, lon, MAX_DISTANCE_MILES);
  for (const found of within) {
    const resource = data.solarResource.of(found.station.id);
    if (resource) return { found, resource };
  }
  return undefined;
}

export const solarResourceEndpoint: Endpoint = {
  paths: ['/api/solar/solar_resource/v1'],
  parameters: PARAMETERS,
  responses: { ok: solarResourceView.schemaId, errors: { 422: solarResourceView.schemaId } },
  docs: {
    tag: 'Solar resource',
    summary: 'Monthly and annual average daily DNI, GHI and tilt-at-latitude irradiance (kWh/m²/day) at the climate station nearest a point or address.',
    example: 'lat=40&lon=-105',
  },
  // inputs echo api_key, as the documentation's example shows: the key is part of the ETag.
  cache: { includesKey: true },
  formats: ['json', 'xml'],
  defaultFormat: 'json',
  limitGroup: 'other',
  async handle({ data, query }): Promise<ApiResult> {
    const parsed = parseParams<SolarResourceParameters>(PARAMETERS, query);
    const inputs = echoedParameters(query, (name) => ECHOED.includes(name));
    const issues: ParamIssue[] = [...parsed.issues];
    const named = (param: string) => parsed.issues.some((issue) => issue.param === param);
    const { lat, lon, address } = parsed.values;
    const byAddress = address !== undefined && lat === undefined && lon === undefined && !named('lat') && !named('lon');
    if (!byAddress && !named('address')) {
      if (lat === undefined && !named('lat')) issues.push({ param: 'lat', kind: 'required' });
      if (lon === undefined && !named('lon')) issues.push({ param: 'lon', kind: 'required' });
    }
    const errors = issues.map(solarMessage);
    const envelope = { version: VERSION, warnings: [] as string[], errors, metadata: {}, inputs };
    const invalid = (): ApiResult => ({ view: solarResourceView, status: 422, data: { ...envelope, outputs: {} } satisfies SolarResourceV1 });
    if (errors.length > 0) return invalid();

    let point: { lat: number; lon: number };
    if (byAddress) {
      const found = geocode(address);
      if (!found) {
        errors.push(solarResourceUngeocodedMessage(address));
        return invalid();
      }
      point = { lat: found.latitude, lon: found.longitude };
    } else {
      point = { lat: lat!, lon: lon! };
    }
    const answer = await nearestWithResource(data, point.lat, point.lon);
    if (!answer) {
      errors.push(solarResourceNoStationMessage(MAX_DISTANCE_MILES, String(formatFloat(point.lat)), String(formatFloat(point.lon))));
      return invalid();
    }
    const { found, resource } = answer;
    const { station } = found;
    const body: SolarResourceV1 = {
      ...envelope,
      metadata: {
        sources: [station.weather_data_source],
        station: { id: station.id_v2, dataset: station.dataset, lat: station.lat, lon: station.lon, distance: found.distanceMetres },
      },
      outputs: { avg_dni: averages(resource.avgDni), avg_ghi: averages(resource.avgGhi), avg_lat_tilt: averages(resource.avgLatTilt) },
    };
    return { view: solarResourceView, data: body };
  },
};
