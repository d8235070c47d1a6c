// PVWatts v8 (its documentation, developer.nrel.gov/docs/solar/pvwatts/v8/): ssc's pvwattsv8 model
// (pv/v8/, at 2025.4.16.r0.ssc.302) run for the requested system on a climate station's
// weather: the station nearest lat/lon in a dataset (within radius; radius 0: the closest whatever
// the distance) or the one named by file_id (an id of the solar dataset query v2). JSON (JSONP with
// callback) and XML, in the documentation example's envelope.
//
// Per request only what depends on the request is computed: the station's prepared v8 site comes
// from the estimators' site cache (data/pv-sites.ts), shared with v6's.
import { nsrdbLocationId } from '../../model/climate-ids.ts';
import type { PvwattsV8Parameters } from '../../types/schemas.ts';
import type { ClimateStation } from '../data/climate.ts';
import { pvwattsV8 } from '../data/pv-models.ts';
import { pvwattsV8Views as views } from '../formats/views/pvwatts.ts';
import type { ParamIssue } from '../params.ts';
import { simulateV8, type PvResultV8, type PvSystemV8, type SiteV8, type StationInfo } from '../../pv/v8/index.ts';
import { packageVersion } from './pvwatts.ts';
import { commonSystem, pvwattsEndpoint, solarResourceFile } from './pvwatts-shared.ts';

const PARAMETERS = '/api/schemas/params/pvwatts-v8.params.schema.json';
/** The service version the v8 documentation prints. */
const PVWATTS_V8_VERSION = '8.0.0';

/**
 * Our engine, described honestly as for v6: not NREL's SAM Simulation Core but this project's
 * TypeScript reimplementation of its pvwattsv8 module. `version` counts changes of the model's outputs.
 */
const SSC_INFO_V8 = {
  version: 1,
  build: `nrel-compat ${packageVersion} PVWatts v8 (ssc 2025.4.16.r0.ssc.302 algorithm, TypeScript)`,
  module: 'pvwattsv8',
} as const;

/** The model refused to run (the model's own reason goes in the warnings). */
const PVWATTS_V8_MODEL_FAILED = 'An internal error occurred in the pvwattsv8 module.';

/** What separates the items of `albedo` and `soiling` (the schema's x-list-separator). */
const LIST_SEPARATOR = '|';
/** The lengths `albedo` and `soiling` may have: one value for every month, or one per month. */
const LIST_LENGTHS = [1, 12];

/** `albedo` and `soiling` of another length than 1 or 12: one issue saying so, instead of the schema's. */
function listLengthIssues(issues: ParamIssue[], values: PvwattsV8Parameters): ParamIssue[] {
  let all = issues;
  for (const param of ['albedo', 'soiling'] as const) {
    const list = values[param];
    if (!Array.isArray(list) || LIST_LENGTHS.includes(list.length)) continue;
    all = all.filter((issue) => issue.param !== param);
    all.push({ param, kind: 'count', counts: LIST_LENGTHS, separator: LIST_SEPARATOR });
  }
  return all;
}

/**
 * station_info as the v8 documentation's example shows it: ssc's location outputs from the header;
 * for nsrdb the NSRDB location id, the solar dataset query's city and state, and `<location id>.csv`;
 * the data source as data_query v2 prints it. No distance (the example has none).
 */
function stationInfo(station: ClimateStation, header: StationInfo) {
  const nsrdb = station.dataset === 'nsrdb';
  // the location id the station's v2 id was made from (model/climate-ids.ts)
  const location = (nsrdb ? nsrdbLocationId(station.header_location) : undefined) ?? header.location;
  return {
    lat: header.lat,
    lon: header.lon,
    elev: header.elev,
    tz: header.tz,
    location,
    city: nsrdb ? station.city : header.city,
    state: nsrdb ? station.state : header.state,
    solar_resource_file: solarResourceFile(station, () => `${location}.csv`),
    weather_data_source: station.weather_data_source,
  };
}

export const pvwattsV8Endpoint = pvwattsEndpoint<PvwattsV8Parameters, SiteV8, PvSystemV8, PvResultV8>({
  paths: ['/api/pvwatts/v8'],
  parameters: PARAMETERS,
  views,
  docs: {
    tag: 'PVWatts',
    summary:
      'PVWatts v8: the energy production of a grid-connected photovoltaic system, bifacial modules, albedo and soiling included (ssc’s pvwattsv8 model on the nearest climate station, or on file_id from the solar dataset query v2), monthly and annual, or hourly with timeframe=hourly.',
    example: 'system_capacity=4&module_type=0&losses=14&array_type=1&tilt=10&azimuth=180&lat=40&lon=-105&bifaciality=0.7&albedo=0.3',
  },
  // the answer echoes api_key in `inputs`: the key is part of its ETag
  cache: { includesKey: true },
  version: PVWATTS_V8_VERSION,
  sscInfo: SSC_INFO_V8,
  echoesApiKey: true,
  listSeparator: LIST_SEPARATOR,
  moreIssues: listLengthIssues,
  // file_id: an id of the solar dataset query v2 (a v1-only id is a file v8 does not know)
  stationByFileId: (climate, id) => climate.byV2Id(id),
  model: pvwattsV8,
  system: (values) => ({
    ...commonSystem(values),
    bifaciality: values.bifaciality,
    albedo: values.albedo,
    // a given albedo is used rather than the weather file's, unless use_wf_albedo says otherwise
    use_wf_albedo: values.use_wf_albedo === undefined ? values.albedo === undefined : values.use_wf_albedo === 1,
    soiling: values.soiling,
  }),
  hourly: (system, site) => simulateV8(system, site, { hourly: true }),
  modelFailed: (result) => ({ message: PVWATTS_V8_MODEL_FAILED, warnings: result.ok ? result.warnings : [...result.warnings, result.error] }),
  stationInfo: ({ station }, _site, result) => stationInfo(station, result.station),
});
