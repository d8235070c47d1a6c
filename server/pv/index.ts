/**
 * PVWatts v5 as the PVWatts v6 API ran it (ssc `pvwattsv5`, tag 2018.11.11.r4), reproducing the
 * reference engine to single precision. See /work/shared/pvwatts/ALGORITHM.md.
 *
 * Usage: `const site = prepareSite(await readWeatherFile(path))` once per weather file, then
 * `simulate(system, site)` per request.
 */
export { prepareSite, type PreparedSite, type RangeFailure, type StationInfo } from './site.ts';
export {
  ArrayType,
  simulate,
  type PvHourlyOutputs,
  type PvOutputs,
  type PvResult,
  type SimulateOptions,
} from './simulate.ts';
export type { PvAnnualOutputs } from './outputs.ts';
export { validateSystem, type CheckedSystem, type PvSystem } from './system.ts';
