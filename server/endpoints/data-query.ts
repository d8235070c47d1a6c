// Solar dataset query v1 and v2 (docs/api.md §4; docs/decisions.md §4): for a point, the
// closest station of each climate dataset (tmy2, tmy3, intl, nsrdb) within a radius, and with all=1
// every station in range, nearest first. v2 prints each station's v2 id (PVWatts v8's file_id: an
// nsrdb cell's `3-G-0149190` where v1 prints `3-W105N040-W10502N4001`), adds weather_data_source on
// every entry and country on nsrdb entries, and echoes api_key in inputs.
import type { SolarDataQueryParameters } from '../../types/schemas.ts';
import { CLIMATE_DATASETS, type ClimateDataset, type NearestStation } from '../data/climate.ts';
import { formatFloat } from '../formats/numbers.ts';
import type { ApiResult } from '../formats/render.ts';
import { solarViews, type SolarQueryData } from '../formats/views/solar.ts';
import { echoedParameters, parseParams, type RawQuery } from '../params.ts';
import { SOLAR_ALL_NEEDS_RADIUS, solarMessage } from './solar-messages.ts';
import type { Endpoint } from './types.ts';

const PARAMETERS = '/api/schemas/params/solar-data-query.params.schema.json';
const ECHOED = ['lat', 'lon', 'radius', 'all'];

interface Version {
  number: 1 | 2;
  version: string;
  echoesApiKey: boolean;
}

const VERSIONS: Record<1 | 2, Version> = {
  1: { number: 1, version: '1.3.1', echoesApiKey: false },
  2: { number: 2, version: '1.4.0', echoesApiKey: true },
};

/** The request's parameters as given, in request order (the last of a repeated one). */
export function echoedInputs(query: RawQuery, echoesApiKey: boolean): Record<string, string> {
  return echoedParameters(query, (name) => ECHOED.includes(name) || (echoesApiKey && name === 'api_key'));
}

function entry(found: NearestStation, v2: boolean, withDataset: boolean): Record<string, unknown> {
  const { station } = found;
  const fields: Record<string, unknown> = {
    id: v2 ? station.id_v2 : station.id,
    city: station.city,
    state: station.state,
    timezone: station.timezone,
    lat: station.lat,
    lon: station.lon,
    elevation: station.elevation,
    distance: found.distanceMetres,
  };
  if (station.dataset === 'nsrdb') {
    fields.resolution = station.resolution;
    if (v2) fields.country = station.country;
  }
  if (v2) fields.weather_data_source = station.weather_data_source;
  if (withDataset) fields.dataset = station.dataset;
  return fields;
}

function dataQueryEndpoint(version: Version): Endpoint {
  const views = version.number === 1 ? { ok: solarViews.v1, errors: solarViews.v1Errors } : { ok: solarViews.v2, errors: solarViews.v2Errors };
  const v2 = version.number === 2;
  return {
    paths: [`/api/solar/data_query/v${version.number}`],
    parameters: PARAMETERS,
    responses: { ok: views.ok.schemaId, errors: { 422: views.errors.schemaId } },
    docs: {
      tag: 'Solar dataset query',
      summary: `The closest climate station of each dataset to a point (v${version.number}${v2 ? ': with weather_data_source and country' : ''}); with all=1 every station in range.`,
      example: 'lat=40&lon=-105&radius=0',
    },
    // v2 echoes api_key in `inputs`: the key is part of its ETag.
    cache: { includesKey: version.echoesApiKey },
    formats: ['json', 'xml', 'csv'],
    defaultFormat: 'json',
    limitGroup: 'other',
    async handle({ data, query }): Promise<ApiResult> {
      const parsed = parseParams<SolarDataQueryParameters>(PARAMETERS, query);
      const inputs = echoedInputs(query, version.echoesApiKey);
      const errors = parsed.issues.map(solarMessage);
      const { lat, lon, radius = 100, all = 0 } = parsed.values;
      if (all === 1 && radius === 0 && !parsed.issues.some((issue) => issue.param === 'radius' || issue.param === 'all')) errors.push(SOLAR_ALL_NEEDS_RADIUS);
      const envelope = { version: version.version, warnings: [] as string[], errors, metadata: {}, inputs };
      if (errors.length > 0) return { view: views.errors, status: 422, data: { ...envelope, outputs: {} } satisfies SolarQueryData };

      const nearest = await data.climate.nearest(lat, lon, radius);
      const outputs: Record<string, unknown> = {};
      let stations: NearestStation[] = [];
      for (const dataset of CLIMATE_DATASETS) {
        const found = nearest[dataset as ClimateDataset];
        if (found === null) {
          envelope.warnings.push(`No ${dataset} data found for lat=${formatFloat(lat)} lon=${formatFloat(lon)}`);
          outputs[dataset] = null;
          continue;
        }
        outputs[dataset] = entry(found, v2, false);
        stations.push(found);
      }
      if (all === 1) {
        stations = await data.climate.within(lat, lon, radius);
        outputs.all_stations = stations.map((found) => entry(found, v2, true));
      }
      return { view: views.ok, data: { ...envelope, outputs, stations } satisfies SolarQueryData };
    },
  };
}

const dataQueryV1 = dataQueryEndpoint(VERSIONS[1]);
const dataQueryV2 = dataQueryEndpoint(VERSIONS[2]);
export const dataQueryEndpoints = [dataQueryV1, dataQueryV2];
