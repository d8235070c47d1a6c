/** PVWatts v5's DC array power (ssc 2018 `powerout`), docs/pv-model.md §13.1. */

/**
 * Temperature coefficient of power γ, 1/°C, by module type (0 standard, 1 premium, 2 thin film),
 * docs/pv-model.md §3.2.
 */
export const TEMPERATURE_COEFFICIENT_PER_C: readonly number[] = [-0.0047, -0.0035, -0.002];

/**
 * DC power, W: nameplate `dcNameplateW` scaled by transmitted irradiance (W/m², per 1000) and the
 * cell temperature, then by the system losses in % (no low-irradiance correction).
 */
export function dcPowerW(
  dcNameplateW: number,
  temperatureCoefficientPerC: number,
  cellTemperatureC: number,
  transmittedPoaWm2: number,
  lossesPercent: number,
): number {
  const dc = (dcNameplateW * (1 + temperatureCoefficientPerC * (cellTemperatureC - 25)) * transmittedPoaWm2) / 1000;
  return dc * (1 - lossesPercent / 100);
}
