// The PVWatts endpoints' one handler (`pvwattsEndpoint`), and what both versions share: the
// parameters they echo, the station an estimate runs on (the one file_id names, or the nearest of a
// dataset) and the 422s of that choice, the weather file's name, the system both read alike. Each
// version (v6: pvwatts.ts, v8: pvwatts-v8.ts) is a `PvwattsVersion`: its parameters, model, envelope
// and station_info.
import { basename } from 'node:path';
import { propertiesOf } from '../../schemas/registry.ts';
import type { ClimateStation, ClimateStore } from '../data/climate.ts';
import type { PvModel } from '../data/pv-models.ts';
import { unchanging } from '../formats/json.ts';
import { formatFloat } from '../formats/numbers.ts';
import type { ApiResult, View } from '../formats/render.ts';
import { isDecimal, parseParams, type ParamIssue, type RawQuery } from '../params.ts';
import { solarMessage, solarNoStationMessage, solarUnknownFileMessage } from './solar-messages.ts';
import type { Endpoint } from './types.ts';

/** A parameter schema's parameters, in its order: the order of the 422 messages. */
export function parameterOrder(schemaId: string): string[] {
  return Object.keys(propertiesOf(schemaId));
}

/**
 * The request's parameters as given, in request order (the last of a repeated one): every one the
 * endpoint takes but `format`, and `api_key` only where the endpoint echoes it. Strings, except a
 * value holding `listSeparator` (v8's `soiling=12|4|…`), echoed as its list of numbers, as the v8
 * documentation's example shows (`"soiling":[12.0,4.0,…]`; `"albedo":"0.3"` stays a string).
 */
export function echoedInputs(
  query: RawQuery,
  parameters: readonly string[],
  options: { echoesApiKey: boolean; listSeparator?: string },
): Record<string, string | number[]> {
  const inputs: Record<string, string | number[]> = {};
  for (const [name, value] of Object.entries(query)) {
    if (name === 'format' || (name === 'api_key' && !options.echoesApiKey) || !parameters.includes(name)) continue;
    const last = Array.isArray(value) ? value[value.length - 1] : value;
    if (last === undefined) continue;
    const text = String(last);
    // items as parsing reads them (trimmed); a list with any item that is no number is echoed as given
    const items =
      options.listSeparator !== undefined && text.includes(options.listSeparator) ? text.split(options.listSeparator).map((item) => item.trim()) : [];
    inputs[name] = items.length > 0 && items.every(isDecimal) ? items.map(Number) : text;
  }
  return inputs;
}

/** The location's problems, added to the schema's: lat and lon required unless file_id, dataset not with file_id. */
export function locationIssues(query: RawQuery, issues: ParamIssue[], values: { lat?: number; lon?: number }): ParamIssue[] {
  const all = [...issues];
  const named = (param: string) => all.some((issue) => issue.param === param);
  const given = (param: string) => query[param] !== undefined;
  if (given('file_id')) {
    if (given('dataset') && !named('dataset')) all.push({ param: 'dataset', kind: 'excluded', excludedBy: 'file_id' });
  } else {
    if (values.lat === undefined && !named('lat')) all.push({ param: 'lat', kind: 'required' });
    if (values.lon === undefined && !named('lon')) all.push({ param: 'lon', kind: 'required' });
  }
  return all;
}

/** Sorts issues in the order of the parameters. */
export function inParameterOrder(issues: ParamIssue[], parameters: readonly string[]): ParamIssue[] {
  return issues.sort((a, b) => parameters.indexOf(a.param) - parameters.indexOf(b.param));
}

export interface LocatedStation {
  station: ClimateStation;
  /** From the requested point, whole metres (0 for file_id). */
  distanceMetres: number;
}

/**
 * The station an estimate runs on: the one `fileId` names (found by `byFileId`: each version's ids),
 * or the nearest of `dataset` within `radius` miles of lat/lon; else the 422's message.
 */
export function locateStation(
  climate: ClimateStore,
  values: { file_id?: string; dataset?: string; radius?: number; lat?: number; lon?: number },
  byFileId: (climate: ClimateStore, id: string) => ClimateStation | undefined,
): LocatedStation | { error: string } {
  if (values.file_id !== undefined) {
    const station = byFileId(climate, values.file_id);
    return station ? { station, distanceMetres: 0 } : { error: solarUnknownFileMessage(values.file_id) };
  }
  const dataset = values.dataset as ClimateStation['dataset'];
  const radius = values.radius!;
  const found = climate.closestIn(dataset, values.lat!, values.lon!, radius);
  if (!found) return { error: solarNoStationMessage(dataset, radius, formatFloat(values.lat!)!, formatFloat(values.lon!)!) };
  return { station: found.station, distanceMetres: found.distanceMetres };
}

/**
 * The weather file's name, as station_info's solar_resource_file prints it: the source file's name
 * without `.gz`; for the synthetic sample, the name a real file of that station would have
 * (94018.tm2, 724699TYA.CSV, <id>.epw, and for nsrdb `nsrdbName`: the cell's file name in the
 * estimator's era).
 */
export function solarResourceFile(station: ClimateStation, nsrdbName: (code: string) => string): string {
  if (!station.source_file.startsWith('sample:')) return basename(station.source_file).replace(/\.gz$/i, '');
  const code = station.id.replace(/^\d-/, '');
  switch (station.dataset) {
    case 'tmy2':
      return `${code}.tm2`;
    case 'tmy3':
      return `${code}TYA.CSV`;
    case 'nsrdb':
      return nsrdbName(code);
    default:
      return `${code}.epw`;
  }
}

/** The system parameters both versions take, as both models name them. */
export interface CommonSystem {
  system_capacity: number;
  module_type: number;
  losses: number;
  array_type: number;
  tilt: number;
  azimuth: number;
  dc_ac_ratio: number;
  gcr: number;
  inv_eff: number;
}

/** The system of a request both versions read alike (dc_ac_ratio, gcr and inv_eff: the schema's defaults where not given; dc_ac_ratio's is the API's 1.2, ssc's is 1.1). */
export function commonSystem(values: { [name in keyof CommonSystem]?: number }): CommonSystem {
  return {
    system_capacity: values.system_capacity!,
    module_type: values.module_type!,
    losses: values.losses!,
    array_type: values.array_type!,
    tilt: values.tilt!,
    azimuth: values.azimuth!,
    dc_ac_ratio: values.dc_ac_ratio!,
    gcr: values.gcr!,
    inv_eff: values.inv_eff!,
  };
}

/** What one version of the estimator is: its paths and description, its parameters, model, envelope and station_info. */
export interface PvwattsVersion<Values extends LocationValues, Site extends object, System, Result extends ModelResult> {
  paths: string[];
  parameters: string;
  views: { ok: View; errors: View };
  docs: Endpoint['docs'];
  cache?: Endpoint['cache'];
  /** The envelope's `version` and `ssc_info`. */
  version: string;
  sscInfo: object;
  /** Whether `inputs` echoes api_key; and what separates a list parameter's items there. */
  echoesApiKey: boolean;
  listSeparator?: string;
  /** Issues beyond the schema's and the location's (v8: the lengths of its monthly lists). */
  moreIssues?(issues: ParamIssue[], values: Values): ParamIssue[];
  /** The station a file_id names: an id of the data query of this version's generation. */
  stationByFileId(climate: ClimateStore, id: string): ClimateStation | undefined;
  model: PvModel<Site, System, Result>;
  system(values: Values): System;
  /** The estimate with its hourly outputs, on the main thread (most of its time is writing them; its records may be split with a worker, pv-workers.ts). */
  hourly(system: System, site: Site): Result;
  /** The 422 when the model refuses to run, with its warnings. */
  modelFailed(result: Result): { message: string; warnings: string[] };
  stationInfo(located: LocatedStation, site: Site, result: Result): object;
}

/**
 * The example with each array type (fixed, roof, one-axis, backtracking, two-axis), each with
 * another module type, and once hourly: the model's paths a warm-up runs (docs/decisions.md §1.7).
 */
function modelPaths(example: string | undefined): string[] {
  if (example === undefined) return [];
  const queries = [0, 1, 2, 3, 4].map((arrayType) => {
    const query = new URLSearchParams(example);
    query.set('array_type', String(arrayType));
    query.set('module_type', String(arrayType % 3));
    return query.toString();
  });
  return [...queries, `${example}&timeframe=hourly`];
}

/** What the handler reads of the parameters: the location and the timeframe. */
type LocationValues = { file_id?: string; dataset?: string; radius?: number; lat?: number; lon?: number; timeframe?: string };

/** What the handler reads of a model's result. */
type ModelResult = { ok: boolean; warnings: string[]; outputs?: unknown };

/**
 * A PVWatts endpoint: the request's parameters checked (the schema's issues, the location's and the
 * version's own, in parameter order), the station located, its prepared site taken from the cache,
 * the model run (monthly: here or in a worker; hourly: here), and the answer in the version's
 * envelope. Only what depends on the request is computed per request.
 */
export function pvwattsEndpoint<Values extends LocationValues, Site extends object, System, Result extends ModelResult>(
  version: PvwattsVersion<Values, Site, System, Result>,
): Endpoint {
  const order = parameterOrder(version.parameters);
  const envelope = (inputs: Record<string, unknown>, errors: string[], warnings: string[] = []) => ({
    inputs,
    errors,
    warnings,
    version: version.version,
    ssc_info: version.sscInfo,
  });
  return {
    paths: version.paths,
    parameters: version.parameters,
    responses: { ok: version.views.ok.schemaId, errors: { 422: version.views.errors.schemaId } },
    docs: version.docs,
    warmUp: modelPaths(version.docs?.example),
    ...(version.cache ? { cache: version.cache } : {}),
    formats: ['json', 'xml'],
    defaultFormat: 'json',
    limitGroup: 'other',
    async handle({ data, query }): Promise<ApiResult> {
      const parsed = parseParams<Values>(version.parameters, query);
      const values = parsed.values;
      const inputs = echoedInputs(query, order, { echoesApiKey: version.echoesApiKey, listSeparator: version.listSeparator });
      const refuse = (errors: string[], warnings: string[] = []): ApiResult => ({
        view: version.views.errors,
        status: 422,
        data: { ...envelope(inputs, errors, warnings), outputs: {} },
      });

      const located = locationIssues(query, parsed.issues, values);
      const issues = inParameterOrder(version.moreIssues ? version.moreIssues(located, values) : located, order);
      if (issues.length > 0) return refuse(issues.map(solarMessage));

      const station = locateStation(data.climate, values, version.stationByFileId);
      if ('error' in station) return refuse([station.error]);

      const sites = data.pvSites;
      const entry = await sites.entry(station.station, version.model);
      const system = version.system(values);
      const hourly = values.timeframe === 'hourly';
      // an hourly answer writes the site's weather arrays as they are: their JSON text is kept with them
      if (hourly) for (const array of version.model.echoedArrays(entry.site)) unchanging(array);
      const result = hourly
        ? await sites.hourly(version.model, entry, system, () => version.hourly(system, entry.site))
        : await sites.monthly(version.model, entry, system);
      if (!result.ok) {
        const failed = version.modelFailed(result);
        return refuse([failed.message], failed.warnings);
      }
      return {
        view: version.views.ok,
        data: { ...envelope(inputs, [], result.warnings), station_info: version.stationInfo(station, entry.site, result), outputs: result.outputs },
      };
    },
  };
}
