/**
 * PVWatts v5 as the PVWatts v6 API ran it (ssc `pvwattsv5`, tag 2018.11.11.r4), single-precision
 * steps included: docs/pv-model.md describes every stage (§16.1 the whole run).
 *
 * Usage: `const site = prepareSite(await readWeatherFile(path))` once per weather file (the
 * server caches it per station; about 1.5 MB of typed arrays for an hourly file), then
 * `simulate(system, site)` per request; `{ hourly: true }` adds the 8760 hourly arrays.
 *
 * Fidelity: all 410 reference cases agree with ssc to 1e-6 (test/pv/reference.test.ts). Fixed and
 * 2-axis arrays reproduce every monthly and annual value as the identical single-precision number;
 * for 1-axis trackers about 1 monthly value in 400 differs by one single-precision step, because
 * ssc's surface azimuth asin(sin R / sin β), with β = acos(cos R), amplifies last-bit differences
 * between glibc's and V8's sin/cos/acos.
 *
 * Speed (a few ms per 8,760-record run): the site holds everything that depends on the weather
 * alone, packed per sun-up record (night records cost nothing); the Fuentes cell temperature, ssc's
 * tenth iterate of a contraction, is found by Halley's method and an error series instead of ten
 * iterations (cell-temperature.ts; within 1e-11 K of ten exact iterations), its powers and
 * exponentials from tables (pv/common/libm.ts) where V8's Math would be calls; the cover loss and the
 * fixed-array incidence need no arccos; backtracking steps need no trigonometric call; the usual
 * 1-axis tracker (horizontal axis, azimuth 180°) has its true-tracking rotation and surface in the
 * site. Where ssc's decisions rest on exact cancellations (the row geometry, docs/pv-model.md §8.2)
 * the literal steps are kept.
 */
export { ArrayType } from '../common/inputs.ts';
export type { PvAnnualOutputs } from '../common/outputs.ts';
export type { StationInfo } from '../common/weather.ts';
export { prepareSite, type PreparedSite, type RangeFailure } from './site.ts';
export { simulate, type PvHourlyOutputs, type PvOutputs, type PvResult, type SimulateOptions } from './simulate.ts';
export { validateSystem, type CheckedSystem, type PvSystem } from './system.ts';
