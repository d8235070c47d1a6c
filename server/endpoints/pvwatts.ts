// PVWatts v6 (how it answers: docs/decisions.md, "Every family" and "PVWatts v6 estimator"): the
// PVWatts v5 model (pv/v5/, docs/pv-model.md) run for the requested system on a climate station's
// weather: the station nearest lat/lon in a dataset (within radius; radius 0: the closest whatever
// the distance) or the one named by file_id (an id of the solar dataset query v1). Served at
// /api/pvwatts/v6 (the path real clients call) and /api/pv-estimator/v6 (service.md's name); JSON
// (JSONP with callback) and XML.
//
// Per request only what depends on the request is computed: the station's prepared site (sun
// positions, Perez coefficients, …) comes from a cache per station (data/pv-sites.ts).
import { readFileSync } from 'node:fs';
import type { PvwattsV6Parameters } from '../../types/schemas.ts';
import type { ClimateStation } from '../data/climate.ts';
import { pvwattsV5 } from '../data/pv-models.ts';
import type { ApiResult } from '../formats/render.ts';
import { pvwattsViews as views } from '../formats/views/pvwatts.ts';
import { parseParams, SOLAR_MODEL_FAILED, solarMessage } from '../params.ts';
import { simulate, type PreparedSite, type PvSystem } from '../../pv/v5/index.ts';
import {
  commonSystem,
  echoedInputs,
  inParameterOrder,
  locateStation,
  locationIssues,
  monthlyEstimate,
  parameterOrder,
  solarResourceFile,
} from './pvwatts-shared.ts';
import type { Endpoint } from './types.ts';

const PARAMETERS = '/api/schemas/params/pvwatts-v6.params.schema.json';
/** The service version the v6 documentation prints. */
export const PVWATTS_VERSION = '1.4.0';

export const packageVersion = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/**
 * Our engine, described honestly (docs/decisions.md, "PVWatts v6 estimator"): not NREL's SAM Simulation Core but this
 * project's TypeScript transcription of its pvwattsv5 module. `version` counts changes of the
 * model's outputs.
 */
export const SSC_INFO = { version: 1, build: `nrel-compat ${packageVersion} PVWatts v5 (ssc 2018.11.11.r4 algorithm, TypeScript)` } as const;

/** The parameters, in the schema's order: the order of the 422 messages. */
const PARAMETER_ORDER = parameterOrder(PARAMETERS);

/** v6's weather file names of the sample's nsrdb cells: nsrdb's W10502N4001.csv, the id after its last dash. */
export const v6ResourceFile = (station: ClimateStation) => solarResourceFile(station, (code) => `${code.slice(code.lastIndexOf('-') + 1)}.csv`);

/** station_info (docs/pv-model.md §4.6): ssc's location outputs from the header; nsrdb as the real service printed it. */
function stationInfo(station: ClimateStation, site: PreparedSite, distance: number) {
  const nsrdb = station.dataset === 'nsrdb';
  return {
    lat: site.station.lat,
    lon: site.station.lon,
    elev: site.station.elev,
    tz: site.station.tz,
    location: nsrdb ? 'None' : site.station.location,
    city: nsrdb ? station.city : site.station.city,
    state: nsrdb ? station.state : site.station.state,
    solar_resource_file: v6ResourceFile(station),
    distance,
  };
}

function envelope(inputs: Record<string, unknown>, errors: string[], warnings: string[] = []) {
  return { inputs, errors, warnings, version: PVWATTS_VERSION, ssc_info: SSC_INFO };
}

export const pvwattsV6: Endpoint = {
  paths: ['/api/pvwatts/v6', '/api/pv-estimator/v6'],
  parameters: PARAMETERS,
  responses: { ok: views.ok.schemaId, errors: { 422: views.errors.schemaId } },
  docs: {
    tag: 'PVWatts',
    summary:
      'PVWatts v6: the energy production of a grid-connected photovoltaic system at a location (the PVWatts v5 model on the nearest climate station, or on file_id), monthly and annual, or hourly with timeframe=hourly.',
    example: 'system_capacity=4&module_type=0&losses=14&array_type=1&tilt=20&azimuth=180&lat=40&lon=-105',
  },
  formats: ['json', 'xml'],
  defaultFormat: 'json',
  limitGroup: 'other',
  async handle({ data, query }): Promise<ApiResult> {
    const parsed = parseParams<PvwattsV6Parameters>(PARAMETERS, query);
    const values = parsed.values;
    const inputs = echoedInputs(query, PARAMETER_ORDER, { echoesApiKey: false });
    const refuse = (errors: string[], warnings: string[] = []): ApiResult => ({
      view: views.errors,
      status: 422,
      data: { ...envelope(inputs, errors, warnings), outputs: {} },
    });

    const issues = inParameterOrder(locationIssues(query, parsed.issues, values), PARAMETER_ORDER);
    if (issues.length > 0) return refuse(issues.map(solarMessage));

    // file_id: an id of the solar dataset query v1
    const located = locateStation(data.climate, values, (climate, id) => climate.byId(id));
    if ('error' in located) return refuse([located.error]);
    const { station, distanceMetres } = located;

    const sites = data.pvSites;
    const entry = await sites.entry(station, pvwattsV5);
    const system: PvSystem = commonSystem(values);
    const hourly = values.timeframe === 'hourly';
    const result = hourly ? simulate(system, entry.site, { hourly, shareWeather: true }) : await monthlyEstimate(sites, pvwattsV5, entry, system);
    if (!result.ok) return refuse([SOLAR_MODEL_FAILED], [result.error]);
    return {
      view: views.ok,
      data: { ...envelope(inputs, [], result.warnings), station_info: stationInfo(station, entry.site, distanceMetres), outputs: result.outputs },
    };
  },
};

export const pvwattsEndpoints = [pvwattsV6];
