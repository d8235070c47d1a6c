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
   * The estimate (monthly, or with its hourly outputs) with its records' power computed by this
   * thread and, at the same time, by `elsewhere` (a worker thread), each taking the next block of
   * records until none is left (`RecordClaims`, in shared memory); undefined for a model or a system
   * whose records must run in order.
   */
  splitRun?(system: System, site: Site, hourly: boolean, elsewhere: RecordsElsewhere): Promise<Result> | undefined;
  /** A split run's records as `elsewhere` runs them in a worker (its `RecordClaims`): the message that stops the run there, or null. */
  recordsPower?(system: System, site: Site, claims: object): string | null;
}

/** Runs blocks of a split run's records elsewhere, as long as `claims` has some: the message that stops the run there, or null. */
export type RecordsElsewhere = (claims: object) => Promise<string | null>;

/** Records a thread claims at a time in a split run: 30 blocks a year, so that the threads end within a block of each other. */
const BLOCK_RECORDS = 292;

/**
 * A split run's records and where the threads that compute them are: the run's arrays, and two
 * counters in shared memory, the next block to claim and the blocks done.
 */
interface RecordClaims {
  arrays: RecordArraysV8;
  records: number;
  next: Int32Array;
  done: Int32Array;
}

/**
 * The blocks a thread claims, in turn, until none is left; each is counted done when the thread
 * asks for the next (a thread stopped by a failing record leaves its block uncounted).
 */
function* claimedBlocks(claims: RecordClaims): Generator<readonly [number, number]> {
  for (;;) {
    const from = Atomics.add(claims.next, 0, 1) * BLOCK_RECORDS;
    if (from >= claims.records) return;
    yield [from, Math.min(claims.records, from + BLOCK_RECORDS)];
    Atomics.add(claims.done, 0, 1);
  }
}

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
    const claims: RecordClaims = {
      arrays: begun.arrays,
      records: site.records,
      next: new Int32Array(new SharedArrayBuffer(4)),
      done: new Int32Array(new SharedArrayBuffer(4)),
    };
    // posted first, so that the worker claims blocks while this thread does (one that fails: see below)
    const there = elsewhere(claims).catch(() => null);
    const here = recordsPowerV8(system, site, begun.arrays, claimedBlocks(claims));
    return there.then((stop) => {
      const blocks = Math.ceil(site.records / BLOCK_RECORDS);
      // a record that stops the run, or a block claimed and left (a worker that died): the records in
      // order again, for the first record that stops the run and its message
      const whole = here === null && stop === null && Atomics.load(claims.done, 0) === blocks;
      return endV8(site, begun, whole ? null : recordsPowerV8(system, site, begun.arrays, [[0, site.records]]), hourly);
    });
  },
  recordsPower: (system, site, claims) => recordsPowerV8(system, site, (claims as RecordClaims).arrays, claimedBlocks(claims as RecordClaims)),
};

// biome-ignore lint/suspicious/noExplicitAny: a worker runs whichever model a request names
export const pvModels: Record<PvModelName, PvModel<any, any, any>> = { pvwattsv5: pvwattsV5, pvwattsv8: pvwattsV8 };
