/**
 * The monthly and annual outputs both models report, and how ssc assigns records to months
 * (docs/pv-model.md §15).
 */
import { DAYS_IN_MONTH } from './units.ts';

/** Monthly and annual outputs, with the PVWatts API's names and units (v6 and v8 alike). */
export interface PvAnnualOutputs {
  /** AC energy per month, kWh. */
  ac_monthly: number[];
  /** Plane-of-array irradiation per month, kWh/m². */
  poa_monthly: number[];
  /** Mean daily plane-of-array irradiation per month, kWh/m²/day. */
  solrad_monthly: number[];
  /** DC energy per month, kWh. */
  dc_monthly: number[];
  /** AC energy for the year, kWh. */
  ac_annual: number;
  /** Mean of the 12 monthly `solrad_monthly` values, kWh/m²/day. */
  solrad_annual: number;
  /** AC energy over DC nameplate × 8760 h, %. */
  capacity_factor: number;
}

/**
 * Index of the first record after each month (0–11) for `stepsPerHour` records per hour: ssc
 * assigns records to months by position, 24·k records a day over the non-leap months, whatever the
 * records' own dates (docs/pv-model.md §15.2).
 */
export function monthEnds(stepsPerHour: number): Int32Array {
  const ends = new Int32Array(12);
  let end = 0;
  DAYS_IN_MONTH.forEach((days, month) => {
    end += days * 24 * stepsPerHour;
    ends[month] = end;
  });
  return ends;
}
