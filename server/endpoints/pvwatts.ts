// PVWatts v6 (docs/api.md §5; docs/decisions.md §1.1, §5): the PVWatts v5 model
// (pv/v5/, docs/pv-model.md) run for the requested system on a climate station's weather: the
// station nearest lat/lon in a dataset (within radius; radius 0: the closest whatever the distance)
// or the one named by file_id (an id of the solar dataset query v1). Served at /api/pvwatts/v6 (the
// path real clients call) and /api/pv-estimator/v6 (its name in our first description of the
// service: docs/api.md §2.1); JSON (JSONP with callback) and XML.
//
// Per request only what depends on the request is computed: the station's prepared site (sun
// positions, Perez coefficients, …) comes from a cache per station (data/pv-sites.ts).
import { readFileSync } from 'node:fs';
import type { PvwattsV6Parameters } from '../../types/schemas.ts';
import type { ClimateStation } from '../data/climate.ts';
import { pvwattsV5 } from '../data/pv-models.ts';
import { pvwattsViews as views } from '../formats/views/pvwatts.ts';
import { SOLAR_MODEL_FAILED } from './solar-messages.ts';
import { simulate, type PreparedSite, type PvResult, type PvSystem } from '../../pv/v5/index.ts';
import { commonSystem, pvwattsEndpoint, solarResourceFile } from './pvwatts-shared.ts';

const PARAMETERS = '/api/schemas/params/pvwatts-v6.params.schema.json';
/** The service version the v6 documentation prints. */
const PVWATTS_VERSION = '1.4.0';

export const packageVersion = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/**
 * Our engine, described honestly (docs/decisions.md §5.1): not NREL's SAM Simulation Core but this
 * project's TypeScript transcription of its pvwattsv5 module. `version` counts changes of the
 * model's outputs.
 */
const SSC_INFO = { version: 1, build: `nrel-compat ${packageVersion} PVWatts v5 (ssc 2018.11.11.r4 algorithm, TypeScript)` } as const;

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

const pvwattsV6 = pvwattsEndpoint<PvwattsV6Parameters, PreparedSite, PvSystem, PvResult>({
  paths: ['/api/pvwatts/v6', '/api/pv-estimator/v6'],
  parameters: PARAMETERS,
  views,
  docs: {
    tag: 'PVWatts',
    summary:
      'PVWatts v6: the energy production of a grid-connected photovoltaic system at a location (the PVWatts v5 model on the nearest climate station, or on file_id), monthly and annual, or hourly with timeframe=hourly.',
    example: 'system_capacity=4&module_type=0&losses=14&array_type=1&tilt=20&azimuth=180&lat=40&lon=-105',
  },
  version: PVWATTS_VERSION,
  sscInfo: SSC_INFO,
  echoesApiKey: false,
  // file_id: an id of the solar dataset query v1
  stationByFileId: (climate, id) => climate.byId(id),
  model: pvwattsV5,
  system: (values) => commonSystem(values),
  hourly: (system, site) => simulate(system, site, { hourly: true, shareWeather: true }),
  modelFailed: (result) => ({ message: SOLAR_MODEL_FAILED, warnings: result.ok ? [] : [result.error] }),
  stationInfo: ({ station, distanceMetres }, site) => stationInfo(station, site, distanceMetres),
});

export const pvwattsEndpoints = [pvwattsV6];
