/** PVWatts v5's inverter: its part-load efficiency curve and clipping (ssc 2018 `powerout`), docs/pv-model.md §14.1. */

/** Reference efficiency of the PVWatts inverter curve. */
const INVERTER_REFERENCE_EFFICIENCY = 0.9637;

/** The PVWatts inverter for one system. */
export interface Inverter {
  /** AC rating P_ac0, W. */
  acRatingW: number;
  /** DC input at rated AC output, W. */
  dcRatingW: number;
  /** Nominal efficiency, fraction. */
  nominalEfficiency: number;
}

export function pvwattsInverter(dcNameplateW: number, dcAcRatio: number, efficiencyPercent: number): Inverter {
  const acRatingW = dcNameplateW / dcAcRatio;
  const nominalEfficiency = efficiencyPercent / 100;
  return { acRatingW, dcRatingW: acRatingW / nominalEfficiency, nominalEfficiency };
}

/**
 * AC power, W: the PVWatts part-load efficiency curve of the load ratio ζ = P_dc/P_dc,inv0 (0 unless
 * ζ > 0), clipped at the AC rating and floored at 0. No night tare.
 */
export function acPowerW(inverter: Inverter, dcW: number): number {
  const loadRatio = dcW / inverter.dcRatingW;
  let ac = 0;
  if (loadRatio > 0) {
    const efficiency = ((-0.0162 * loadRatio - 0.0059 / loadRatio + 0.9858) * inverter.nominalEfficiency) / INVERTER_REFERENCE_EFFICIENCY;
    ac = dcW * efficiency;
  }
  if (ac > inverter.acRatingW) ac = inverter.acRatingW;
  if (ac < 0) ac = 0;
  return ac;
}
