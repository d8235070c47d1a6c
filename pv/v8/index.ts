/**
 * PVWatts v8 as NREL's PVWatts v8 API and SAM run it (ssc `pvwattsv8`, tag 2025.4.16.r0.ssc.302),
 * docs/pv-model.md: the SPA sun, Perez, the self-shading of rows and the bifacial rear side, the
 * CEC module behind its cover with a NOCT cell temperature, the Sandia inverter.
 *
 * Usage: `const site = prepareSiteV8(weather)` once per weather file (the record times as ssc 2025
 * reads them, every record's sun and Perez sky; the server caches it per station), then
 * `simulateV8(system, site)` per request; `{ hourly: true }` adds the per-record arrays.
 */
export { ArrayType } from '../common/inputs.ts';
export type { PvAnnualOutputs } from '../common/outputs.ts';
export type { StationInfo } from '../common/weather.ts';
export type { PvHourlyOutputsV8 } from './outputs.ts';
export { prepareSiteV8, type SiteV8 } from './site.ts';
export { planeOfArrayV8, simulateV8, type PlaneOfArrayResultV8, type PvResultV8 } from './simulate.ts';
export type { PvSystemV8 } from './system.ts';
