/**
 * PVWatts v5's monthly and annual results with ssc's single-precision sums (`accumulate_monthly`,
 * `accumulate_annual`), docs/pv-model.md §15.1–15.3.
 */
import { monthEnds, type PvAnnualOutputs } from '../common/outputs.ts';
import { DAYS_IN_MONTH, HOURS_PER_YEAR } from '../common/units.ts';

/** ssc's kW-per-W factor as a single-precision constant (docs/pv-model.md §15.1). */
const WATTS_TO_KILOWATTS_F32 = Math.fround(0.001);

/**
 * Accumulates the stored (single-precision) hourly values: monthly sums in single precision with
 * records assigned to months by position (docs/pv-model.md §15.2), annual sums in double
 * (docs/pv-model.md §15.3).
 */
export class OutputSums {
  private readonly stepHours: number;
  /** Index of the first record of the next month, per month. */
  private readonly monthEnds: Int32Array;
  private readonly dc = new Float64Array(12);
  private readonly ac = new Float64Array(12);
  private readonly poa = new Float64Array(12);
  private annualAcW = 0;
  private annualGenerationKw = 0;

  constructor(stepsPerHour: number) {
    this.stepHours = 1 / stepsPerHour;
    this.monthEnds = monthEnds(stepsPerHour);
  }

  /** Index of the first record after month `month` (0–11); months are assigned by position. */
  monthEnd(month: number): number {
    return this.monthEnds[month]!;
  }

  /** Adds one record's stored values (already single precision) and the AC power in double, W. */
  add(month: number, poaWm2F32: number, dcWF32: number, acWF32: number, acW: number): void {
    this.poa[month] = Math.fround(this.poa[month]! + poaWm2F32);
    this.dc[month] = Math.fround(this.dc[month]! + dcWF32);
    this.ac[month] = Math.fround(this.ac[month]! + acWF32);
    this.annualAcW += acWF32;
    this.annualGenerationKw += Math.fround(acW * WATTS_TO_KILOWATTS_F32);
  }

  /** The v6 API's monthly and annual outputs for a DC nameplate of `dcNameplateW` (W). */
  results(dcNameplateW: number): PvAnnualOutputs {
    const kiloScale = 0.001 * this.stepHours;
    const kiloScaleF32 = Math.fround(kiloScale);
    const monthly = (sums: Float64Array) => Array.from(sums, (sum) => Math.fround(sum * kiloScaleF32));
    const poaMonthly = monthly(this.poa);
    const solradMonthly = poaMonthly.map((poa, month) => Math.fround(poa / DAYS_IN_MONTH[month]!));
    let solradSum = 0;
    for (const value of solradMonthly) solradSum = Math.fround(solradSum + value);
    const kwhPerKw = ((1000 * this.annualGenerationKw) / dcNameplateW) * this.stepHours;
    return {
      ac_monthly: monthly(this.ac),
      poa_monthly: poaMonthly,
      solrad_monthly: solradMonthly,
      dc_monthly: monthly(this.dc),
      ac_annual: Math.fround(this.annualAcW * kiloScale),
      solrad_annual: Math.fround(solradSum / 12),
      capacity_factor: Math.fround(kwhPerKw / (HOURS_PER_YEAR / 100)),
    };
  }
}
