/**
 * PVWatts v5's per-record checks (ssc 2018 `irrad::check` and the beam test of `irrad::calc`):
 * the range checks that abort a run (docs/pv-model.md §4.3) and the record whose beam exceeds the
 * extraterrestrial irradiance, which gets no plane-of-array irradiance (docs/pv-model.md §9.1).
 */

/**
 * Range-check codes (a failing record aborts the run with code −100 + code). The albedo check
 * (−7) cannot fail: the model only ever uses an albedo in (0, 1) or 0.2 (docs/pv-model.md §4.5).
 */
export const RangeCheck = {
  passed: 0,
  dateOrTime: -1,
  location: -2,
  irradiance: -5,
  tilt: -8,
  azimuth: -9,
} as const;

/** The checks that depend on the weather record and the site only (NaN passes every comparison). */
export function weatherRangeCheck(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  latDeg: number,
  lonDeg: number,
  tzHours: number,
  dniWm2: number,
  dhiWm2: number,
): number {
  if (year < 0 || month < 0 || day < 0 || hour < 0 || minute < 0) return RangeCheck.dateOrTime;
  if (latDeg < -90 || latDeg > 90 || lonDeg < -180 || lonDeg > 180 || tzHours < -15 || tzHours > 15) {
    return RangeCheck.location;
  }
  if (dniWm2 < 0 || dniWm2 > 1500 || dhiWm2 < 0 || dhiWm2 > 1500) return RangeCheck.irradiance;
  return RangeCheck.passed;
}

/** The checks on the array orientation, made on every record after the weather checks. */
export function orientationRangeCheck(tiltDeg: number, azimuthDeg: number): number {
  if (tiltDeg < 0 || tiltDeg > 90) return RangeCheck.tilt;
  if (azimuthDeg < 0 || azimuthDeg >= 360) return RangeCheck.azimuth;
  return RangeCheck.passed;
}

/** A record whose beam on the horizontal exceeds the extraterrestrial value gets no POA (docs/pv-model.md §9.1). */
export function beamExceedsExtraterrestrial(dniWm2: number, cosZenith: number, extraterrestrialHorizontalWm2: number): boolean {
  return dniWm2 * cosZenith > extraterrestrialHorizontalWm2;
}
