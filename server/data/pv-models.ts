// The estimators' two models as the server holds them: PVWatts v5 (what /api/pvwatts/v6 runs,
// pv/v5/) and PVWatts v8 (pv/v8/). Each says how a station's weather becomes its prepared
// site (cached per station, pv-sites.ts), what an estimate runs on that site (on the main thread or
// in a worker, pv-workers.ts), which of the site's weather arrays hourly answers echo (their JSON
// text is kept), and how a site crosses to a worker (its functions cannot).
import type { WeatherData } from '../../model/weather.ts';
import { prepareSite, simulate, type PreparedSite, type PvResult, type PvSystem } from '../../pv/v5/index.ts';
import { prepareSiteV8, type SiteV8, simulateV8, type PvResultV8, type PvSystemV8 } from '../../pv/v8/index.ts';
import { beginV8, endV8, type RecordArraysV8, recordsIndependentV8, recordsPowerV8 } from '../../pv/v8/simulate.ts';

export interface PvModel<Site extends object, System, Result> {
  /** The model's name: part of a site's key in the cache and in the workers. */
  name: PvModelName;
  prepare(weather: WeatherData): Site;
  /** The monthly and annual estimate. */
  run(system: System, site: Site): Result;
  /** The site's weather arrays that hourly answers write as they are. */
  echoedArrays(site: Site): object[];
  /** The site as a worker is sent it: structured-cloneable (its typed arrays shared, not copied). */
  toMessage(site: Site): object;
  fromMessage(message: object): Site;
  /**
   * The estimate (monthly, or with its hourly outputs) with its records' power computed in two parts
   * at once: the first here, the second by `elsewhere` (a worker thread, on the run's arrays in shared
   * memory); undefined for a model or a system whose records must run in order.
   */
  splitRun?(system: System, site: Site, hourly: boolean, elsewhere: RecordsElsewhere): Promise<Result> | undefined;
  /** A part of a split run's records, as `elsewhere` runs it in a worker: the message that stops the run there, or null. */
  recordsPower?(system: System, site: Site, arrays: object, from: number, to: number): string | null;
}

/** Runs records `from` … `to` − 1 of a split run on its arrays elsewhere: the message that stops the run there, or null. */
export type RecordsElsewhere = (arrays: object, from: number, to: number) => Promise<string | null>;

export type PvModelName = 'pvwattsv5' | 'pvwattsv8';

/** A v5 site's record labels are a function: a worker is sent the ones an error may print. */
interface SiteV5Message {
  site: Omit<PreparedSite, 'recordLabel'>;
  labels: Array<[number, string]>;
}

export const pvwattsV5: PvModel<PreparedSite, PvSystem, PvResult> = {
  name: 'pvwattsv5',
  prepare: prepareSite,
  run: (system, site) => simulate(system, site),
  echoedArrays: (site) => [site.dniWm2, site.dhiWm2, site.ambientC, site.windMs],
  toMessage(site): SiteV5Message {
    const { recordLabel, ...rest } = site;
    const records = [0, ...(site.weatherRangeFailure ? [site.weatherRangeFailure.record] : [])];
    return { site: rest, labels: records.map((record) => [record, recordLabel(record)]) };
  },
  fromMessage(message) {
    const { site, labels } = message as SiteV5Message;
    const byRecord = new Map(labels);
    return { ...site, recordLabel: (record: number) => byRecord.get(record) ?? `[record ${record}]` };
  },
};

export const pvwattsV8: PvModel<SiteV8, PvSystemV8, PvResultV8> = {
  name: 'pvwattsv8',
  prepare: prepareSiteV8,
  run: (system, site) => simulateV8(system, site),
  echoedArrays: (site) => [site.dniWm2, site.dhiWm2, site.ambientC, site.windMs],
  toMessage: (site) => site,
  fromMessage: (message) => message as SiteV8,
  splitRun(system, site, hourly, elsewhere) {
    if (!recordsIndependentV8(system)) return undefined;
    const begun = beginV8(system, site, (length) => new Float64Array(new SharedArrayBuffer(8 * length)));
    if (!('arrays' in begun)) return Promise.resolve(begun);
    // the year's second half is sent first, so that the worker runs it while this thread runs the first
    const middle = site.records >> 1;
    const second = elsewhere(begun.arrays, middle, site.records).catch(() => recordsPowerV8(system, site, begun.arrays, middle, site.records));
    const first = recordsPowerV8(system, site, begun.arrays, 0, middle);
    return second.then((stop) => endV8(site, begun, first ?? stop, hourly));
  },
  recordsPower: (system, site, arrays, from, to) => recordsPowerV8(system, site, arrays as RecordArraysV8, from, to),
};

// biome-ignore lint/suspicious/noExplicitAny: a worker runs whichever model a request names
export const pvModels: Record<PvModelName, PvModel<any, any, any>> = { pvwattsv5: pvwattsV5, pvwattsv8: pvwattsV8 };
