/**
 * Cell temperature of PVWatts v8: the NOCT model of the CEC calculator as ssc `noct_celltemp_t`
 * implements it (De Soto, Klein & Beckman, Solar Energy 80(1):78–88, 2006, eq. 14, after Duffie &
 * Beckman; with the wind term of the CEC PV calculator, 9.5/(5.7 + 3.8·v)), configured as
 * `cmod_pvwattsv8.cpp` does: no standoff adjustment (`standoff_tnoct_adj = 0`), wind scaled by
 * `ffv_wind = 0.51` (mounting below 22 ft), NOCT 49 °C for roof mounts and 45 °C otherwise. Steady
 * state: no thermal memory. Source: ssc tag 2025.4.16.r0.ssc.302 (bf816157), its `lib_cec6par.cpp`;
 * docs/pv-model.md §12.3.
 *
 * Called after `effectiveIrradiance` and before `cecModulePower` (cec-module.ts), with the same input.
 */
import { NOCT_AMBIENT_C, NOCT_IRRADIANCE_WM2 } from '../common/noct.ts';
import { ZERO_CELSIUS_K } from '../common/units.ts';
import type { EffectiveIrradiance, ModuleInput } from './cec-module.ts';
import { type CecModuleParameters, STC_IRRADIANCE_WM2 } from './module-types.ts';

/** Wind-speed factor for arrays below 22 ft (`ffv_wind`). */
export const WIND_FACTOR = 0.51;
/** Floor of the scaled wind speed, m/s. */
const MIN_WIND_MS = 0.001;
/** Transmittance–absorptance product τα (`TauAlpha`). */
const TAU_ALPHA = 0.9;

/**
 * Cell temperature, °C, ssc `noct_celltemp_t::operator()` with v8's settings: with S the front
 * effective irradiance (W/m², through the cover and times the air-mass modifier; the rear is not
 * counted), η_ref = I_mp·V_mp/(1000·A), v = max(0.51·wind, 0.001) m/s,
 *   T_cell = T_amb + S/800·(NOCT − 20)·(1 − η_ref/0.9)·9.5/(5.7 + 3.8·v).
 * When S is not positive ssc leaves the temperature untouched: v8's per-record `tmod` stays at
 * the 0.0 it was initialised to, so pass `darkC = 0` to reproduce v8's `tcell` output there.
 */
export function noctCellTemperatureC(input: ModuleInput, eff: EffectiveIrradiance, module: CecModuleParameters, noctC: number, darkC: number): number {
  const effective = eff.frontWm2 * eff.airMassModifier;
  if (!(effective > 0)) return darkC;
  const referenceEfficiency = (module.impA * module.vmpV) / (STC_IRRADIANCE_WM2 * module.areaM2);
  let wind = input.windMs * WIND_FACTOR;
  if (wind < MIN_WIND_MS) wind = MIN_WIND_MS;
  const kelvin =
    input.ambientC +
    ZERO_CELSIUS_K +
    ((effective / NOCT_IRRADIANCE_WM2) * (noctC - NOCT_AMBIENT_C) * (1.0 - referenceEfficiency / TAU_ALPHA) * 9.5) / (5.7 + 3.8 * wind);
  return kelvin - ZERO_CELSIUS_K;
}
