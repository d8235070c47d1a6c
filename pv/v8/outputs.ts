/**
 * PVWatts v8's outputs: the hourly arrays, and ssc 2025's monthly and annual sums, in double
 * precision (`accumulate_monthly`, `accumulate_annual`), docs/pv-model.md §15.4.
 */
import { monthEnds, type PvAnnualOutputs } from '../common/outputs.ts';
import { DAYS_IN_MONTH } from '../common/units.ts';

/** The per-record outputs, with the v8 API's names: W, W/m², °C, m/s, and the albedo used. */
export interface PvHourlyOutputsV8 {
  ac: Float64Array;
  poa: Float64Array;
  dn: Float32Array;
  dc: Float64Array;
  df: Float32Array;
  tamb: Float32Array;
  tcell: Float64Array;
  wspd: Float32Array;
  alb: Float64Array;
}

/**
 * ssc's sums for `stepsPerHour` records per hour (record length `stepHours`): by position, 24·days·k
 * records a month; energies in kWh, the POA in kWh/m², the capacity factor in % of the DC nameplate
 * `dcNameplateW` (W) over 8760 h.
 */
export function annualOutputsV8(
  acW: Float64Array,
  dcW: Float64Array,
  poaWm2: Float64Array,
  stepsPerHour: number,
  stepHours: number,
  dcNameplateW: number,
): PvAnnualOutputs {
  const k = stepsPerHour;
  const scale = 0.001 * stepHours;
  const ends = monthEnds(k);
  const ac_monthly: number[] = [];
  const dc_monthly: number[] = [];
  let c = 0;
  for (let m = 0; m < 12; m++) {
    let acSum = 0;
    let dcSum = 0;
    const end = ends[m]!;
    for (; c < end; c++) {
      acSum += acW[c]!;
      dcSum += dcW[c]!;
    }
    ac_monthly.push(acSum * scale);
    dc_monthly.push(dcSum * scale);
  }
  const { poa_monthly, solrad_monthly, solrad_annual } = solradOutputsV8(poaWm2, stepsPerHour, stepHours);
  let acTotal = 0;
  let annualKwh = 0;
  for (let i = 0; i < acW.length; i++) {
    acTotal += acW[i]!;
    annualKwh += (acW[i]! * 0.001) / k;
  }
  const kwhPerKw = (1000 * annualKwh) / dcNameplateW;
  return {
    ac_monthly,
    poa_monthly,
    solrad_monthly,
    dc_monthly,
    ac_annual: acTotal * scale,
    solrad_annual,
    capacity_factor: kwhPerKw / 87.6,
  };
}

/** The POA's part of the sums: `poa_monthly` (kWh/m²), `solrad_monthly` (kWh/m²/day) and `solrad_annual`, their mean (docs/pv-model.md §15.4). */
export function solradOutputsV8(
  poaWm2: Float64Array,
  stepsPerHour: number,
  stepHours: number,
): Pick<PvAnnualOutputs, 'poa_monthly' | 'solrad_monthly' | 'solrad_annual'> {
  const scale = 0.001 * stepHours;
  const ends = monthEnds(stepsPerHour);
  const poa_monthly: number[] = [];
  const solrad_monthly: number[] = [];
  let c = 0;
  for (let m = 0; m < 12; m++) {
    let poaSum = 0;
    const end = ends[m]!;
    for (; c < end; c++) poaSum += poaWm2[c]!;
    poa_monthly.push(poaSum * scale);
    solrad_monthly.push((poaSum * scale) / DAYS_IN_MONTH[m]!);
  }
  let solradSum = 0;
  for (const value of solrad_monthly) solradSum += value;
  return { poa_monthly, solrad_monthly, solrad_annual: solradSum / 12 };
}
