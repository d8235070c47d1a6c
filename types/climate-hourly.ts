/* Generated from schemas/ by `npm run types` (json-schema-to-typescript). Do not edit. */

/**
 * One weather record of one station in the hourly table (`climate.hourly-NNNN` Parquet shards): the columns the estimator uses (ALGORITHM.md §2.1), each a single-precision FLOAT (`format: float`) holding exactly what the reader read. `null` stands for the reader's NaN (the file gives no value), which is stored as NaN. Sorted by station, then record; one row group per station. The ranges are wide on purpose: they catch files read wrongly, not odd weather (the estimator itself rejects DNI/DHI outside 0–1500, ALGORITHM.md §7.1).
 */
export interface ClimateHourly {
  /**
   * The station's station_index in the catalog.
   */
  station: number;
  /**
   * Year (TMY files mix years; SAM CSV without one: 1900).
   */
  year: number;
  /**
   * Month, 1–12.
   */
  month: number;
  /**
   * Day of the month, 1–31.
   */
  day: number;
  /**
   * Hour, 0–23 (SAM CSV hours are used as written, so up to 24).
   */
  hour: number;
  /**
   * Minute (30 for TMY files, which have no minute column).
   */
  minute: number;
  /**
   * Global horizontal irradiance, W/m².
   */
  ghi: number | null;
  /**
   * Direct normal irradiance, W/m².
   */
  dni: number | null;
  /**
   * Diffuse horizontal irradiance, W/m².
   */
  dhi: number | null;
  /**
   * Dry-bulb temperature, °C.
   */
  tdry: number | null;
  /**
   * Wind speed, m/s.
   */
  wspd: number | null;
  /**
   * Surface albedo, 0–1; −999 where the format has none (TMY2, EPW: the estimator then uses 0.2).
   */
  alb: number | null;
}
