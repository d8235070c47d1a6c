/**
 * The inverter of PVWatts v8: the Sandia inverter model (King, Gonzalez, Galbraith & Boyson,
 * "Performance Model for Grid-Connected Photovoltaic Inverters", SAND2007-5036, eq. 1; ssc
 * `sandia_inverter_t::acpower`, ssc's `lib_sandia.cpp`) set up as `cmod_pvwattsv8.cpp` does: AC
 * rating the AC nameplate, DC rating the AC nameplate over the nominal efficiency, C0–C3 = 0 (so
 * the DC voltage plays no part and the curve is a straight line), no night tare, and a
 * self-consumption Pso by system size ("based on market", says ssc's comment, citing NREL/ssc's
 * GitHub issue 870). Then v8's clipping to the AC nameplate and its floor at 0
 * (docs/pv-model.md §14.2). Source: ssc tag 2025.4.16.r0.ssc.302 (bf816157).
 */

/** The Sandia parameters v8 gives its inverter. */
export interface SandiaInverter {
  /** AC rating = the system's AC nameplate, W (`Paco`). */
  pacoW: number;
  /** DC input at which the AC rating is reached, W (`Pdco` = Paco / (inv_eff/100)). */
  pdcoW: number;
  /** DC power needed to start inverting (self-consumption), W (`Pso`). */
  psoW: number;
}

/**
 * Pso as a fraction of Paco by "system size" (docs/pv-model.md §14.2). ssc compares the DC nameplate **in
 * watts** (`pv.dc_nameplate`) with 10 and 1000, whose comments say kW: so any system of 1 kW or more
 * gets the utility fraction, 0.5–1 kW the commercial one, and only below 10 W the residential one.
 * Reproduced as written.
 */
const PSO_RESIDENTIAL = 0.002246;
const PSO_COMMERCIAL = 0.002478;
const PSO_UTILITY = 0.004931;

/**
 * v8's inverter for a system of DC nameplate `dcNameplateW` (W, = system_capacity·1000), DC-to-AC
 * ratio `dcAcRatio` and nominal efficiency `efficiencyPercent` (%, `inv_eff`).
 */
export function pvwattsV8Inverter(dcNameplateW: number, dcAcRatio: number, efficiencyPercent: number): SandiaInverter {
  const pacoW = dcNameplateW / dcAcRatio;
  const pdcoW = pacoW / (efficiencyPercent * 0.01);
  let psoW: number;
  if (dcNameplateW < 10) psoW = PSO_RESIDENTIAL * pacoW;
  else if (dcNameplateW < 1000) psoW = PSO_COMMERCIAL * pacoW;
  else psoW = PSO_UTILITY * pacoW;
  return { pacoW, pdcoW, psoW };
}

/** One record's inverter result. */
export interface InverterOutput {
  /**
   * AC output, W, as v8 records it (`ac` before the transformer): the inverter's output clipped to
   * the AC nameplate and floored at 0. It is −0 (not +0) whenever the input is at most Pso, as in
   * ssc (−Pntare with Pntare = 0 is −0, and −0 < 0 is false).
   */
  acW: number;
  /**
   * v8's `inv_eff_output`, %: 100·ac/dc with ac as the inverter returns it (already clipped, before
   * the floor at 0), 0 when dc ≤ 0.
   */
  efficiencyPercent: number;
  /**
   * What v8 adds to its loss diagram's `ac_loss_inverter_clipping`, W: the AC above the nameplate
   * after `acpower`, which has already clipped to that same nameplate, so always 0; the clipping
   * falls into `ac_loss_efficiency` (dc − ac) instead.
   */
  clipLossW: number;
}

/**
 * AC power for DC input `dcW` (W), ssc `sandia_inverter_t::acpower` with one MPPT input and v8's
 * parameters, then v8's clipping and floor. With C0 = C1 = C2 = C3 = 0, A = Pdco and B = Pso
 * (ssc's clamp of B to [Pso/2, 2·Pso] leaves it), and Pac = (Paco/(Pdco − Pso) − 0)·(Pdc − Pso) + 0
 * for Pdc > Pso, −Pntare = −0 otherwise; clipped to Paco.
 */
export function inverterAcPower(inverter: SandiaInverter, dcW: number, out: InverterOutput): void {
  const paco = inverter.pacoW;
  const pso = inverter.psoW;
  let ac: number;
  if (dcW <= pso) {
    ac = -0;
  } else {
    // ssc: Pdc/Pdc_total·(((Paco/(A − B)) − C·(A − B))·(Pdc − B) + C·(Pdc − B)²) with C = 0 and one input
    ac = (paco / (inverter.pdcoW - pso)) * (dcW - pso);
  }
  if (ac > paco) ac = paco;
  out.efficiencyPercent = dcW > 0 ? (ac / dcW) * 100 : 0.0;
  const clip = ac > paco ? ac - paco : 0.0;
  ac -= clip;
  if (ac < 0) ac = 0;
  out.acW = ac;
  out.clipLossW = clip;
}
