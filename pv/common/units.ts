/**
 * Units, angle helpers and calendar constants, with ssc's definitions (docs/pv-model.md §2): one copy
 * for both models.
 */

/** Degrees to radians, π/180 in full double precision (ssc `DTOR`). */
export const DTOR = Math.PI / 180;
/** Radians to degrees, 180/π (ssc `RTOD`). Where ssc writes (x·180)/π instead, the code does too: the two round differently. */
export const RTOD = 180 / Math.PI;

/** sin of an angle in degrees, as sin(DTOR·x) (ssc `sind`). */
export function sind(degrees: number): number {
  return Math.sin(DTOR * degrees);
}

/** cos of an angle in degrees, as cos(DTOR·x) (ssc `cosd`). */
export function cosd(degrees: number): number {
  return Math.cos(DTOR * degrees);
}

/** tan of an angle in degrees, as tan(DTOR·x) (ssc `tand`). */
export function tand(degrees: number): number {
  return Math.tan(DTOR * degrees);
}

/** arccos clamped to its domain: π below −1, 0 above 1. */
export function acosClamped(x: number): number {
  if (x < -1) return Math.PI;
  if (x > 1) return 0;
  return Math.acos(x);
}

/** 0 °C in kelvin. */
export const ZERO_CELSIUS_K = 273.15;

/** Hours in a (non-leap) year: a year of hourly records. */
export const HOURS_PER_YEAR = 8760;
/** Non-leap month lengths, January first. */
export const DAYS_IN_MONTH: readonly number[] = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
/** Days of a non-leap year before the first of each month. */
export const DAYS_BEFORE_MONTH: readonly number[] = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334];
