/**
 * What both models' 1-axis trackers share (ssc `incidence`, docs/pv-model.md §7.3): the rotation
 * limit PVWatts gives them and the rotation of a vertical axis, which turns with the sun's azimuth.
 */

/** Tracker rotation limit R_lim, degrees (PVWatts' `rotlim`). */
export const ROTATION_LIMIT_DEG = 45;

/** |cos β_a| below this (β_a within 0.1° of 90°) counts as a vertical axis. */
const VERTICAL_AXIS_COS = 0.001745;

/** Whether an axis of tilt β_a, given by cos β_a, counts as vertical. */
export function isVerticalAxis(cosAxisTilt: number): boolean {
  return Math.abs(cosAxisTilt) < VERTICAL_AXIS_COS;
}

/**
 * The rotation of a vertical axis of azimuth γ_a, radians: the sun's azimuth A less γ_a, wrapped
 * by one turn into (−π, π] around the axis's side of north.
 */
export function verticalAxisRotationRad(sunAzimuthRad: number, axisAzimuthRad: number): number {
  if (axisAzimuthRad <= Math.PI) {
    return sunAzimuthRad <= axisAzimuthRad + Math.PI ? sunAzimuthRad - axisAzimuthRad : sunAzimuthRad - axisAzimuthRad - 2 * Math.PI;
  }
  return sunAzimuthRad >= axisAzimuthRad - Math.PI ? sunAzimuthRad - axisAzimuthRad : sunAzimuthRad - axisAzimuthRad + 2 * Math.PI;
}
