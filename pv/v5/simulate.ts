/** One PVWatts v5 run over a prepared site (ssc `cm_pvwattsv5::exec`), docs/pv-model.md §16.1. */
import type { PvAnnualOutputs } from '../common/outputs.ts';
import type { StationInfo } from '../common/weather.ts';
import { ArrayModel, newRecordPower } from './array-model.ts';
import { OutputSums } from './outputs.ts';
import { orientationRangeCheck, RangeCheck } from './range-checks.ts';
import { SUN_STRIDE, type PreparedSite } from './site.ts';
import { validateSystem, type CheckedSystem, type PvSystem } from './system.ts';

/** Hourly (per-record) outputs, with the v6 API's names; single precision as ssc stores them. */
export interface PvHourlyOutputs {
  /** AC power, W. */
  ac: Float32Array;
  /** Plane-of-array irradiance after shading, before cover loss, W/m². */
  poa: Float32Array;
  /** Weather DNI and DHI, W/m². */
  dn: Float32Array;
  df: Float32Array;
  /** DC power, W. */
  dc: Float32Array;
  /** Ambient and cell temperature, °C (cell = ambient at night). */
  tamb: Float32Array;
  tcell: Float32Array;
  /** Wind speed as read, m/s. */
  wspd: Float32Array;
}

export type PvOutputs = PvAnnualOutputs & Partial<PvHourlyOutputs>;

export type PvResult =
  | { ok: true; outputs: PvOutputs; station: StationInfo; warnings: string[] }
  | { ok: false; error: string; station: StationInfo; warnings: string[] };

export interface SimulateOptions {
  /** Also return the hourly arrays. */
  hourly?: boolean;
  /**
   * With `hourly`: `dn`, `df`, `tamb` and `wspd` are the site's own weather arrays instead of
   * copies (no copying; they must not be changed).
   */
  shareWeather?: boolean;
}

function failure(site: PreparedSite, error: string): PvResult {
  return { ok: false, error, station: site.station, warnings: [] };
}

function rangeCheckError(site: PreparedSite, record: number, code: number): string {
  return `failed to process irradiation on surface (code: ${-100 + code}) ${site.recordLabel(record)}`;
}

/**
 * ssc's whole-run failures that come before the loop: input checks (docs/pv-model.md §3.1), the time mode
 * (docs/pv-model.md §4.1) and the per-record range checks (docs/pv-model.md §4.3), which fail on the first record
 * that breaks one.
 */
function runError(system: CheckedSystem, site: PreparedSite): string | null {
  if (site.problem !== null) return site.problem;
  const weatherFailure = site.weatherRangeFailure;
  if (weatherFailure !== null && weatherFailure.record === 0) return rangeCheckError(site, 0, weatherFailure.code);
  const orientationCode = orientationRangeCheck(system.tiltDeg, system.azimuthDeg);
  if (orientationCode !== RangeCheck.passed) return rangeCheckError(site, 0, orientationCode);
  if (weatherFailure !== null) return rangeCheckError(site, weatherFailure.record, weatherFailure.code);
  return null;
}

/** The hourly arrays to fill, the weather's own or copies of them (`shareWeather`). */
function hourlyOutputs(site: PreparedSite, shareWeather: boolean): PvHourlyOutputs {
  const n = site.records;
  const weather = (values: Float32Array) => (shareWeather ? values : values.slice());
  return {
    ac: new Float32Array(n),
    poa: new Float32Array(n),
    dn: weather(site.dniWm2),
    df: weather(site.dhiWm2),
    dc: new Float32Array(n),
    tamb: weather(site.ambientC),
    // at night the cell is at ambient; sun-up records are overwritten
    tcell: site.ambientC.slice(),
    wspd: weather(site.windMs),
  };
}

/**
 * The array's power for every record whose sun is up, in order, summed by month and year
 * (docs/pv-model.md §15) and stored in `hourly` if given. Night records add nothing to any sum and leave the
 * cell-temperature state alone (docs/pv-model.md §12.1): only the sun-up records are visited.
 */
function sumSunUpRecords(array: ArrayModel, site: PreparedSite, hourly: PvHourlyOutputs | null): OutputSums {
  const sums = new OutputSums(site.stepsPerHour);
  const record = newRecordPower();
  const { sunUpRecords } = site;
  let month = -1;
  let nextMonthStart = 0;
  for (let u = 0, at = 0; u < sunUpRecords.length; u++, at += SUN_STRIDE) {
    const i = sunUpRecords[u]!;
    while (i >= nextMonthStart) {
      month++;
      nextMonthStart = sums.monthEnd(month);
    }
    array.power(at, record);
    // ssc stores them in single precision; its sums add the stored values
    const poaF32 = Math.fround(record.poaWm2);
    const dcF32 = Math.fround(record.dcW);
    const acF32 = Math.fround(record.acW);
    sums.add(month, poaF32, dcF32, acF32, record.acW);
    if (hourly) {
      hourly.poa[i] = poaF32;
      hourly.dc[i] = dcF32;
      hourly.ac[i] = acF32;
      hourly.tcell[i] = record.cellC;
    }
  }
  return sums;
}

/** Runs PVWatts v5 for `system` on `site` (docs/pv-model.md §16.1): ssc's checks, then every sun-up record's power, then the sums. */
export function simulate(systemInput: PvSystem, site: PreparedSite, options: SimulateOptions = {}): PvResult {
  const checked = validateSystem(systemInput);
  if (checked.error !== undefined) return failure(site, checked.error);
  const error = runError(checked.system, site);
  if (error !== null) return failure(site, error);

  const array = new ArrayModel(checked.system, site);
  const hourly = options.hourly ? hourlyOutputs(site, options.shareWeather === true) : null;
  const sums = sumSunUpRecords(array, site, hourly);
  const outputs: PvOutputs = { ...sums.results(array.dcNameplateW), ...hourly };
  return { ok: true, outputs, station: site.station, warnings: [] };
}
