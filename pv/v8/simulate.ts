/**
 * One PVWatts v8 run (ssc `cm_pvwattsv8::exec` at 2025.4.16, commit bf816157) over a prepared
 * site, docs/pv-model.md §16.2: ssc's checks, then for every record its albedo and, with the sun
 * up, the array's power (array-model.ts), then ssc's monthly and annual sums (outputs.ts).
 *
 * Only what the PVWatts v8 API passes is modelled: no external shading, snow, wind stow, lifetime
 * degradation or transformer losses (ssc's defaults switch them off), and the availability loss 0.
 */
import type { PvAnnualOutputs } from '../common/outputs.ts';
import { SunUp } from '../common/sun-up.ts';
import type { StationInfo } from '../common/weather.ts';
import { ArrayModelV8, newRecordPowerV8 } from './array-model.ts';
import { annualOutputsV8, type PvHourlyOutputsV8, solradOutputsV8 } from './outputs.ts';
import { orientationCheck, surfaceFailure } from './range-checks.ts';
import type { SiteV8 } from './site.ts';
import { isOneAxis, orientationOf, type PvSystemV8, RecordAlbedo, systemError, systemWarnings } from './system.ts';

export type PvResultV8 =
  | { ok: true; outputs: PvAnnualOutputs & Partial<PvHourlyOutputsV8>; station: StationInfo; warnings: string[] }
  | { ok: false; error: string; station: StationInfo; warnings: string[] };

/**
 * `irrad::check` on the first record, as ssc makes it before any other: the weather's checks, then
 * the array's orientation (docs/pv-model.md §4.4); null when the record passes.
 */
function firstRecordError(system: PvSystemV8, site: SiteV8): string | null {
  if (site.weatherFailure !== null && site.weatherFailure.record === 0) return surfaceFailure(site, 0, site.weatherFailure.message);
  const { tiltDeg, azimuthDeg } = orientationOf(system);
  const orientationError = orientationCheck(tiltDeg, azimuthDeg);
  return orientationError === null ? null : surfaceFailure(site, 0, orientationError);
}

/**
 * ssc's checks before the loop: the inputs and the time mode, then (after its warnings about the
 * system) the first record's. The warnings so far, and the error that stops the run, if any.
 */
function checksBeforeTheLoop(system: PvSystemV8, site: SiteV8): { warnings: string[]; error: string | null } {
  const warnings = [...site.warnings];
  const inputError = systemError(system) ?? site.problem;
  if (inputError !== null) return { warnings, error: inputError };
  warnings.push(...systemWarnings(system));
  return { warnings, error: firstRecordError(system, site) };
}

/** What the records' loops fill in, one value a record. */
export interface RecordArraysV8 {
  acW: Float64Array;
  dcW: Float64Array;
  poaWm2: Float64Array;
  cellC: Float64Array;
  albedoUsed: Float64Array;
}

/** A run past its checks, its records' albedos chosen (`beginV8`), waiting for its records' power. */
export interface BegunRunV8 {
  arrays: RecordArraysV8;
  warnings: string[];
  albedoWarning: string | null;
  dcNameplateW: number;
}

/**
 * ssc's checks and every record's albedo (in the records' order: ssc counts the invalid ones, and
 * a later record that fails irrad::check stops the run there), into arrays made by `newArray`
 * (in shared memory for a run whose records are split between threads); or the failed result.
 */
export function beginV8(
  system: PvSystemV8,
  site: SiteV8,
  newArray: (length: number) => Float64Array = (length) => new Float64Array(length),
): BegunRunV8 | PvResultV8 {
  const { warnings, error } = checksBeforeTheLoop(system, site);
  if (error !== null) return { ok: false, error, station: site.station, warnings };
  const n = site.records;
  const arrays: RecordArraysV8 = { acW: newArray(n), dcW: newArray(n), poaWm2: newArray(n), cellC: newArray(n), albedoUsed: newArray(n) };
  arrays.cellC.set(site.ambientC);
  const albedos = new RecordAlbedo(system);
  const stop = site.weatherFailure === null ? n : site.weatherFailure.record;
  for (let i = 0; i < stop; i++) arrays.albedoUsed[i] = albedos.of(site.albedo[i]!, site.month[i]!);
  return { arrays, warnings, albedoWarning: albedos.warning(), dcNameplateW: system.system_capacity * 1000 };
}

/**
 * Whether each record's power depends on that record alone, so that the records can be computed in
 * parts, in any order and by several threads (`recordsPowerV8` over each part), with the same outputs
 * to the bit: monofacial fixed and 2-axis arrays (docs/pv-model.md §18). A 1-axis tracker's
 * sky-diffuse table keeps the value that first filled each degree of tilt (§8.6), and the bifacial
 * rear side the last sky Perez ran on (§10), so theirs run in order.
 */
export function recordsIndependentV8(system: PvSystemV8): boolean {
  return !((system.bifaciality ?? 0) > 0) && !isOneAxis(system.array_type);
}

/**
 * The power of the records of `ranges` with the sun up ([from, to) each, taken in turn: one model
 * for all of them, and a range may be claimed only when the one before it is done), into `arrays`
 * (their albedos from `beginV8`); the message that stops the run at the first record of them that
 * stops it, if one does. A function of its own so that V8 optimises the loop with the whole function:
 * the run's end, compiled while the loop runs, had no feedback yet and threw the optimised code away
 * on every run.
 */
export function recordsPowerV8(system: PvSystemV8, site: SiteV8, arrays: RecordArraysV8, ranges: Iterable<readonly [number, number]>): string | null {
  const array = new ArrayModelV8(system, site);
  const { acW, dcW, poaWm2, cellC, albedoUsed } = arrays;
  const record = newRecordPowerV8();
  for (const [from, to] of ranges) {
    for (let i = from; i < to; i++) {
      // irrad::check runs on every record: a later record that fails it stops the run there
      if (site.weatherFailure !== null && site.weatherFailure.record === i) return surfaceFailure(site, i, site.weatherFailure.message);
      if (site.sunUp[i] === SunUp.night) continue;
      if (!array.power(i, site.month[i]!, albedoUsed[i]!, record)) return `Module power calculation failed at index ${i}.`;
      poaWm2[i] = record.poaWm2;
      cellC[i] = record.cellC;
      dcW[i] = record.dcW;
      acW[i] = record.acW;
    }
  }
  return null;
}

/** The result of a run whose records' power is in `begun`'s arrays, or that `stop` stopped; `hourly` adds the per-record arrays. */
export function endV8(site: SiteV8, begun: BegunRunV8, stop: string | null, hourly: boolean): PvResultV8 {
  const { arrays, warnings, albedoWarning } = begun;
  if (stop !== null) return { ok: false, error: stop, station: site.station, warnings };
  if (albedoWarning !== null) warnings.push(albedoWarning);
  const { acW, dcW, poaWm2, cellC, albedoUsed } = arrays;
  const outputs = annualOutputsV8(acW, dcW, poaWm2, site.stepsPerHour, site.stepHours, begun.dcNameplateW);
  const hourlyOutputs: PvHourlyOutputsV8 | null = hourly
    ? { ac: acW, poa: poaWm2, dn: site.dniWm2, dc: dcW, df: site.dhiWm2, tamb: site.ambientC, tcell: cellC, wspd: site.windMs, alb: albedoUsed }
    : null;
  return { ok: true, outputs: { ...outputs, ...hourlyOutputs }, station: site.station, warnings };
}

/** Runs PVWatts v8 for `system` on `site`; `hourly` adds the per-record arrays. */
export function simulateV8(system: PvSystemV8, site: SiteV8, options: { hourly?: boolean } = {}): PvResultV8 {
  const begun = beginV8(system, site);
  if (!('arrays' in begun)) return begun;
  return endV8(site, begun, recordsPowerV8(system, site, begun.arrays, [[0, site.records]]), options.hourly ?? false);
}

export type PlaneOfArrayResultV8 =
  | { ok: true; outputs: Pick<PvAnnualOutputs, 'poa_monthly' | 'solrad_monthly' | 'solrad_annual'>; station: StationInfo; warnings: string[] }
  | { ok: false; error: string; station: StationInfo; warnings: string[] };

/**
 * The plane-of-array half of `simulateV8`: the same checks, albedos and irradiance (front and rear,
 * shading, soiling), without the cover, module or inverter, and the same sums of the POA, so that
 * its `poa_monthly`, `solrad_monthly` and `solrad_annual` are `simulateV8`'s for the same system
 * (whatever its module, losses or inverter, which only the energy reads). What the solar resource's
 * tilt at latitude is made of (docs/api.md §8).
 */
export function planeOfArrayV8(system: PvSystemV8, site: SiteV8): PlaneOfArrayResultV8 {
  const { warnings, error } = checksBeforeTheLoop(system, site);
  const fail = (message: string): PlaneOfArrayResultV8 => ({ ok: false, error: message, station: site.station, warnings });
  if (error !== null) return fail(error);

  const array = new ArrayModelV8(system, site);
  const albedos = new RecordAlbedo(system);
  const n = site.records;
  const poaWm2 = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    if (site.weatherFailure !== null && site.weatherFailure.record === i) return fail(surfaceFailure(site, i, site.weatherFailure.message));
    const month = site.month[i]!;
    const albedo = albedos.of(site.albedo[i]!, month);
    if (site.sunUp[i] === SunUp.night) continue;
    poaWm2[i] = array.irradiance(i, month, albedo);
  }
  const albedoWarning = albedos.warning();
  if (albedoWarning !== null) warnings.push(albedoWarning);
  return { ok: true, outputs: solradOutputsV8(poaWm2, site.stepsPerHour, site.stepHours), station: site.station, warnings };
}
