/** 1-axis tracker rotation: true tracking and iterative backtracking (ssc `incidence`, `backtrack`), ALGORITHM.md §5.3–5.4. */
import { cosd, DTOR, sind } from './angles.ts';
import {
  certainlyUnshaded,
  newSunAcrossRows,
  type RowGeometry,
  shadeFractionPlaced,
  shadeFractionRotated,
  type SunAcrossRows,
  sunAcrossRows,
  type Vector3,
} from './self-shading.ts';

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
export function trueTrackingRotation(zenithRad: number, sunAzimuthRad: number, axisTiltRad: number, axisAzimuthRad: number): number {
  return trueTrackingRotationFrom(Math.sin(zenithRad), Math.cos(zenithRad), sunAzimuthRad, Math.sin(axisTiltRad), Math.cos(axisTiltRad), axisAzimuthRad);
}

/** `trueTrackingRotation` with the sines and cosines of the zenith and the axis tilt given (a site and a system compute them once). */
export function trueTrackingRotationFrom(
  sinZenith: number,
  cosZenith: number,
  sunAzimuthRad: number,
  sinAxisTilt: number,
  cosAxisTilt: number,
  axisAzimuthRad: number,
): number {
  let rotation: number;
  if (Math.abs(cosAxisTilt) < VERTICAL_AXIS_COS) {
    if (axisAzimuthRad <= Math.PI) {
      rotation = sunAzimuthRad <= axisAzimuthRad + Math.PI ? sunAzimuthRad - axisAzimuthRad : sunAzimuthRad - axisAzimuthRad - 2 * Math.PI;
    } else {
      rotation = sunAzimuthRad >= axisAzimuthRad - Math.PI ? sunAzimuthRad - axisAzimuthRad : sunAzimuthRad - axisAzimuthRad + 2 * Math.PI;
    }
  } else {
    const q =
      (sinZenith * Math.sin(sunAzimuthRad - axisAzimuthRad)) / (sinZenith * Math.cos(sunAzimuthRad - axisAzimuthRad) * sinAxisTilt + cosZenith * cosAxisTilt);
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

const sunAcross = newSunAcrossRows();

/**
 * How many whole-degree steps of a backtracking walk from `startDeg` toward flat are certainly
 * shaded, so that the walk may start after them: the shaded rotations, f > margin in
 * `SunAcrossRows`' terms, are an interval around θ, |θ − R| < acos(p·cos θ / (1 − margin)), and the
 * steps from the start down to its lower end are shaded (0 where `SunAcrossRows` is not valid, or the
 * sun is not on the side the walk starts from: every step is then computed).
 */
export function certainlyShadedSteps(rows: RowGeometry, sun: SunAcrossRows, startDeg: number): number {
  if (startDeg === 0) return 0;
  const side = startDeg > 0 ? 1 : -1;
  const across = side * sun.across;
  const { normal, perpendicular, margin } = sun;
  if (!(sun.valid && across > 0)) return 0;
  const shadedCos = (rows.pitch * normal) / perpendicular / (1 - margin);
  if (!(shadedCos < 1)) return 0;
  const theta = Math.atan2(across, normal);
  const reach = Math.acos(shadedCos);
  if (!(side * startDeg * DTOR < theta + reach - margin)) return 0;
  // steps m with |start| − m above θ − reach (a millionth of a degree to spare)
  const steps = Math.ceil(side * startDeg - (theta - reach) / DTOR - 1e-6);
  return Math.min(Math.max(steps, 0), ROTATION_LIMIT_DEG);
}

/** sin and cos of m degrees for the whole-degree steps of backtracking, m from −BACKTRACK_MAX_STEPS to +BACKTRACK_MAX_STEPS. */
const STEP_SIN = Float64Array.from({ length: 2 * BACKTRACK_MAX_STEPS + 1 }, (_, i) => Math.sin((i - BACKTRACK_MAX_STEPS) * DTOR));
const STEP_COS = Float64Array.from({ length: 2 * BACKTRACK_MAX_STEPS + 1 }, (_, i) => Math.cos((i - BACKTRACK_MAX_STEPS) * DTOR));

/**
 * Backtracking (§5.4): from the limited true-tracking rotation, step 1° toward flat while the
 * middle row is shaded, at most 99 steps. `sun` is the sun unit vector built from the sun angles
 * converted as (radians × 180)/π; returns the rotation in radians.
 *
 * Every angle tried is the first one plus m whole degrees, so its sine and cosine come from the
 * first one's by the angle-sum formulas and a table of whole degrees (the same to ~1e-16; only a
 * shade fraction within that of 0 could decide otherwise), rather than two trigonometric calls a step.
 * Walks that start at the ±45° limit (the long ones, mornings and evenings) try the same angles
 * every time, and take their corners from `RowGeometry`'s store.
 *
 * A walk skips the steps `certainlyShadedSteps` finds shaded without computing them, and stops
 * without computing it at a step `certainlyUnshaded` finds unshaded: most walks compute no step at
 * all (every step it skips is one §6.3 finds shaded, and it stops where §6.3 gives 0, so the result
 * is the same).
 *
 * Near flat the angle can fall into a two-step cycle (0.3°, −0.7°, 0.3°, …) that ssc follows to the
 * step limit. The shade fraction is a pure function of the angle, so once an angle repeats the rest
 * of the walk is known and the final angle is taken from the cycle's parity instead of walking on.
 */
export function backtrackRotation(rows: RowGeometry, sun: Vector3, limitedRotationRad: number): number {
  let rotationDeg = (limitedRotationRad * 180) / Math.PI;
  const sinFirst = sind(rotationDeg);
  const cosFirst = cosd(rotationDeg);
  // walks from the limit try the same angles every time: their corners are kept (RowGeometry)
  const fromLimit = limitedRotationRad === ROTATION_LIMIT_RAD ? 1 : limitedRotationRad === -ROTATION_LIMIT_RAD ? -1 : 0;
  const atLimit = fromLimit !== 0;
  /** rotationDeg is the first angle plus `offset` degrees (up to rounding). */
  let offset = 0;
  let previousDeg = Number.NaN;
  let beforePreviousDeg = Number.NaN;
  // the skipped steps, as the walk would take them (all toward flat from the same side)
  sunAcrossRows(rows, sun, sunAcross);
  const skipped = certainlyShadedSteps(rows, sunAcross, rotationDeg);
  const step = rotationDeg > 0 ? -1 : 1;
  for (let steps = 0; steps < skipped; steps++) {
    offset += step;
    beforePreviousDeg = previousDeg;
    previousDeg = rotationDeg;
    rotationDeg = step < 0 ? rotationDeg - 1 : rotationDeg + 1;
  }
  // `steps` counts the angles already found shaded, so rotationDeg is the angle after that many steps
  for (let steps = skipped; ; steps++) {
    if (rotationDeg === beforePreviousDeg) {
      const stepsLeft = BACKTRACK_MAX_STEPS - 1 - steps;
      rotationDeg = stepsLeft % 2 === 0 ? rotationDeg : previousDeg;
      break;
    }
    if (certainlyUnshaded(rows, sunAcross, rotationDeg * DTOR)) break;
    let sinRotation = sinFirst;
    let cosRotation = cosFirst;
    if (offset !== 0) {
      const sinStep = STEP_SIN[offset + BACKTRACK_MAX_STEPS]!;
      const cosStep = STEP_COS[offset + BACKTRACK_MAX_STEPS]!;
      sinRotation = sinFirst * cosStep + cosFirst * sinStep;
      cosRotation = cosFirst * cosStep - sinFirst * sinStep;
    }
    let fraction: number;
    if (atLimit) {
      rows.placeAllCorners(fromLimit * (BACKTRACK_MAX_STEPS + 1) + offset, sinRotation, cosRotation);
      fraction = shadeFractionPlaced(rows, sun);
    } else {
      rows.rotateTo(sinRotation, cosRotation);
      fraction = shadeFractionRotated(rows, sun);
    }
    if (!(fraction > 0)) break;
    if (steps + 1 >= BACKTRACK_MAX_STEPS) break;
    const down = rotationDeg > 0;
    const nextDeg = down ? rotationDeg - 1 : rotationDeg + 1;
    if (Math.abs(nextDeg) > ROTATION_LIMIT_DEG) break;
    offset += down ? -1 : 1;
    beforePreviousDeg = previousDeg;
    previousDeg = rotationDeg;
    rotationDeg = nextDeg;
  }
  return (rotationDeg * Math.PI) / 180;
}
