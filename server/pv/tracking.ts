/** 1-axis tracker rotation: true tracking and iterative backtracking (ssc `incidence`, `backtrack`), ALGORITHM.md §5.3–5.4. */
import { RowGeometry, shadeFraction, type Vector3 } from './self-shading.ts';

/** Tracker rotation limit R_lim, degrees. */
export const ROTATION_LIMIT_DEG = 45;
const ROTATION_LIMIT_RAD = ROTATION_LIMIT_DEG * (Math.PI / 180);
/** |cos β_a| below this counts as a vertical axis. */
const VERTICAL_AXIS_COS = 0.001745;
/** Backtracking gives up after this many steps (so at most 99 one-degree steps). */
const BACKTRACK_MAX_STEPS = 100;

/**
 * True-tracking rotation of a 1-axis tracker, limited to ±45° (§5.3), radians. Positive turns the
 * surface toward a sun clockwise of the axis direction.
 */
export function trueTrackingRotation(
  zenithRad: number,
  sunAzimuthRad: number,
  axisTiltRad: number,
  axisAzimuthRad: number,
): number {
  let rotation: number;
  if (Math.abs(Math.cos(axisTiltRad)) < VERTICAL_AXIS_COS) {
    if (axisAzimuthRad <= Math.PI) {
      rotation = sunAzimuthRad <= axisAzimuthRad + Math.PI ? sunAzimuthRad - axisAzimuthRad : sunAzimuthRad - axisAzimuthRad - 2 * Math.PI;
    } else {
      rotation = sunAzimuthRad >= axisAzimuthRad - Math.PI ? sunAzimuthRad - axisAzimuthRad : sunAzimuthRad - axisAzimuthRad + 2 * Math.PI;
    }
  } else {
    const sinZenith = Math.sin(zenithRad);
    const q =
      (sinZenith * Math.sin(sunAzimuthRad - axisAzimuthRad)) /
      (sinZenith * Math.cos(sunAzimuthRad - axisAzimuthRad) * Math.sin(axisTiltRad) + Math.cos(zenithRad) * Math.cos(axisTiltRad));
    if (q < -99999.9) rotation = -Math.PI / 2;
    else if (q > 99999.9) rotation = Math.PI / 2;
    else rotation = Math.atan(q);
    // quadrant fix: beyond ±90° when the sun is behind the plane of the axis and the vertical
    const sunClockwiseOfAxis =
      axisAzimuthRad <= Math.PI
        ? axisAzimuthRad < sunAzimuthRad && sunAzimuthRad <= axisAzimuthRad + Math.PI
        : !(axisAzimuthRad - Math.PI <= sunAzimuthRad && sunAzimuthRad < axisAzimuthRad);
    if (sunClockwiseOfAxis) {
      if (rotation < 0) rotation += Math.PI;
    } else if (rotation > 0) {
      rotation -= Math.PI;
    }
  }
  if (rotation < -ROTATION_LIMIT_RAD) return -ROTATION_LIMIT_RAD;
  if (rotation > ROTATION_LIMIT_RAD) return ROTATION_LIMIT_RAD;
  return rotation;
}

/**
 * Backtracking (§5.4): from the limited true-tracking rotation, step 1° toward flat while the
 * middle row is shaded, at most 99 steps. `sun` is the sun unit vector built from the sun angles
 * converted as (radians × 180)/π; returns the rotation in radians.
 *
 * Near flat the angle can fall into a two-step cycle (0.3°, −0.7°, 0.3°, …) that ssc follows to the
 * step limit. The shade fraction is a pure function of the angle, so once an angle repeats the rest
 * of the walk is known and the final angle is taken from the cycle's parity instead of walking on.
 */
export function backtrackRotation(rows: RowGeometry, sun: Vector3, limitedRotationRad: number): number {
  let rotationDeg = (limitedRotationRad * 180) / Math.PI;
  let previousDeg = Number.NaN;
  let beforePreviousDeg = Number.NaN;
  // `steps` counts the angles already found shaded, so rotationDeg is the angle after that many steps
  for (let steps = 0; ; steps++) {
    if (rotationDeg === beforePreviousDeg) {
      const stepsLeft = BACKTRACK_MAX_STEPS - 1 - steps;
      rotationDeg = stepsLeft % 2 === 0 ? rotationDeg : previousDeg;
      break;
    }
    if (!(shadeFraction(rows, sun, rotationDeg) > 0)) break;
    if (steps + 1 >= BACKTRACK_MAX_STEPS) break;
    const nextDeg = rotationDeg > 0 ? rotationDeg - 1 : rotationDeg + 1;
    if (Math.abs(nextDeg) > ROTATION_LIMIT_DEG) break;
    beforePreviousDeg = previousDeg;
    previousDeg = rotationDeg;
    rotationDeg = nextDeg;
  }
  return (rotationDeg * Math.PI) / 180;
}
