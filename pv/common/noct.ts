/**
 * Nominal operating cell temperature (NOCT), which both models' cell temperatures are calibrated
 * to (docs/pv-model.md §12): the conditions it is measured at, and the NOCT PVWatts installs by
 * array type (docs/pv-model.md §3.2).
 */
import { ArrayType } from './inputs.ts';

/** NOCT conditions: plane-of-array irradiance, W/m², and ambient temperature, °C (wind 1 m/s). */
export const NOCT_IRRADIANCE_WM2 = 800;
export const NOCT_AMBIENT_C = 20;

/** Installed NOCT in °C for an `array_type`: a roof mount, without air behind it, runs hotter. */
export function noctForArrayType(arrayType: number): number {
  return arrayType === ArrayType.fixedRoofMount ? 49 : 45;
}
