// PVWatts v6 (service.md; DECISIONS.md §1, §5; FINDINGS.md §4): the PVWatts v5 model
// (server/pv/, ALGORITHM.md) run for the requested system on a climate station's weather: the
// station nearest lat/lon in a dataset (within radius; radius 0: the closest whatever the distance)
// or the one named by file_id (an id of the solar dataset query v1). Served at /api/pvwatts/v6 (the
// path real clients call) and /api/pv-estimator/v6 (service.md's name); JSON (JSONP with callback)
// and XML.
//
// Per request only what depends on the request is computed: the station's prepared site (sun
// positions, Perez coefficients, …) comes from a cache per station (data/pv-sites.ts).
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { propertiesOf } from '../../schemas/registry.ts';
import type { PvwattsV6Parameters } from '../../types/schemas.ts';
import type { ClimateStation } from '../data/climate.ts';
import type { PvSiteCache } from '../data/pv-sites.ts';
import { stationIndexOf } from '../data/pv-stations.ts';
import { formatFloat } from '../formats/numbers.ts';
import type { ApiResult } from '../formats/render.ts';
import { pvwattsViews as views } from '../formats/views/pvwatts.ts';
import { parseParams, SOLAR_MODEL_FAILED, solarMessage, solarNoStationMessage, solarUnknownFileMessage, type ParamIssue, type RawQuery } from '../params.ts';
import { simulate, type PreparedSite, type PvResult, type PvSystem } from '../pv/index.ts';
import type { Endpoint } from './types.ts';

const PARAMETERS = '/api/schemas/params/pvwatts-v6.params.schema.json';
/** The service version the v6 documentation prints. */
export const PVWATTS_VERSION = '1.4.0';

const packageVersion = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/**
 * Our engine, described honestly (DECISIONS.md §5): not NREL's SAM Simulation Core but this
 * project's TypeScript transcription of its pvwattsv5 module. `version` counts changes of the
 * model's outputs.
 */
export const SSC_INFO = { version: 1, build: `nrel-compat ${packageVersion} PVWatts v5 (ssc 2018.11.11.r4 algorithm, TypeScript)` } as const;

/** The parameters, in the schema's order: the order of the 422 messages. */
const PARAMETER_ORDER = Object.keys(propertiesOf(PARAMETERS));
/** Parameters the envelope does not echo. */
const NOT_ECHOED = new Set(['api_key', 'format']);

/** The request's parameters as given, in request order (the last of a repeated one): every one the endpoint takes but api_key and format. */
export function echoedInputs(query: RawQuery): Record<string, string> {
  const inputs: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) {
    if (NOT_ECHOED.has(name) || !PARAMETER_ORDER.includes(name)) continue;
    const last = Array.isArray(value) ? value[value.length - 1] : value;
    if (last !== undefined) inputs[name] = String(last);
  }
  return inputs;
}

/**
 * The weather file's name, as station_info's solar_resource_file prints it: the source file's name
 * without `.gz`; for the synthetic sample, the name a real file of that station would have
 * (94018.tm2, 724699TYA.CSV, <id>.epw, and nsrdb's W10502N4001.csv: the id after its last dash).
 */
export function solarResourceFile(station: ClimateStation): string {
  if (!station.source_file.startsWith('sample:')) return basename(station.source_file).replace(/\.gz$/i, '');
  const code = station.id.replace(/^\d-/, '');
  switch (station.dataset) {
    case 'tmy2':
      return `${code}.tm2`;
    case 'tmy3':
      return `${code}TYA.CSV`;
    case 'nsrdb':
      return `${code.slice(code.lastIndexOf('-') + 1)}.csv`;
    default:
      return `${code}.epw`;
  }
}

/** station_info (§12.4): ssc's location outputs from the header; nsrdb as the real service printed it. */
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
    solar_resource_file: solarResourceFile(station),
    distance,
  };
}

function byParameterOrder(a: ParamIssue, b: ParamIssue): number {
  return PARAMETER_ORDER.indexOf(a.param) - PARAMETER_ORDER.indexOf(b.param);
}

/** Every problem of the parameters: the schema's, then those of the location (lat/lon or file_id). */
function parameterIssues(query: RawQuery, issues: ParamIssue[], values: PvwattsV6Parameters): ParamIssue[] {
  const all = [...issues];
  const named = (param: string) => all.some((issue) => issue.param === param);
  const given = (param: string) => query[param] !== undefined;
  if (given('file_id')) {
    if (given('dataset') && !named('dataset')) all.push({ param: 'dataset', kind: 'excluded', excludedBy: 'file_id' });
  } else {
    if (values.lat === undefined && !named('lat')) all.push({ param: 'lat', kind: 'required' });
    if (values.lon === undefined && !named('lon')) all.push({ param: 'lon', kind: 'required' });
  }
  return all.sort(byParameterOrder);
}

/** Monthly estimates between their start and their result. */
let monthlyInFlight = 0;

/**
 * A monthly estimate, in a worker thread when others are in flight (PV_WORKERS; the main thread goes
 * on serving meanwhile), else here, which is quicker by the ~0.5 ms of a worker's round trip. Other
 * requests that arrived together get one turn of the event loop to say so. Hourly estimates always
 * run here: most of their time is writing the JSON, which is done here anyway, and their weather
 * arrays are the site's own, whose JSON text is kept (data/pv-sites.ts).
 */
async function monthlyEstimate(sites: PvSiteCache, key: string, site: PreparedSite, bytes: number, system: PvSystem): Promise<PvResult> {
  monthlyInFlight++;
  try {
    await new Promise((resolve) => setImmediate(resolve));
    // the pool starts with the first estimate that has company
    return monthlyInFlight > 1 ? await sites.pool!.run(key, site, bytes, system) : simulate(system, site);
  } finally {
    monthlyInFlight--;
  }
}

function envelope(inputs: Record<string, string>, errors: string[], warnings: string[] = []) {
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
    const inputs = echoedInputs(query);
    const refuse = (errors: string[], warnings: string[] = []): ApiResult => ({
      view: views.errors,
      status: 422,
      data: { ...envelope(inputs, errors, warnings), outputs: {} },
    });

    const issues = parameterIssues(query, parsed.issues, values);
    if (issues.length > 0) return refuse(issues.map(solarMessage));

    const climate = data.climate;
    let station: ClimateStation;
    let distance = 0;
    if (values.file_id !== undefined) {
      const found = climate.byId(values.file_id);
      if (!found) return refuse([solarUnknownFileMessage(values.file_id)]);
      station = found;
    } else {
      const dataset = values.dataset!;
      const radius = values.radius!;
      // the catalog's in-memory index: the store's SQL search answers the same, in milliseconds rather than microseconds
      const found = stationIndexOf(climate).nearestIn(dataset, values.lat!, values.lon!, radius);
      if (!found) return refuse([solarNoStationMessage(dataset, radius, formatFloat(values.lat!)!, formatFloat(values.lon!)!)]);
      station = found.station;
      distance = found.distanceMetres;
    }

    const sites = data.pvSites;
    const { site, key, bytes } = await sites.entry(station);
    const system: PvSystem = {
      system_capacity: values.system_capacity,
      module_type: values.module_type,
      losses: values.losses,
      array_type: values.array_type,
      tilt: values.tilt,
      azimuth: values.azimuth,
      // the API's own default of 1.2 (ssc's is 1.1), applied by parseParams from the schema
      dc_ac_ratio: values.dc_ac_ratio,
      gcr: values.gcr,
      inv_eff: values.inv_eff,
    };
    const hourly = values.timeframe === 'hourly';
    const result =
      hourly || !sites.usesWorkers ? simulate(system, site, { hourly, shareWeather: true }) : await monthlyEstimate(sites, key, site, bytes, system);
    if (!result.ok) return refuse([SOLAR_MODEL_FAILED], [result.error]);
    return {
      view: views.ok,
      data: { ...envelope(inputs, [], result.warnings), station_info: stationInfo(station, site, distance), outputs: result.outputs },
    };
  },
};

export const pvwattsEndpoints = [pvwattsV6];
