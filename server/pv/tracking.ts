/** 1-axis tracker rotation: true tracking and iterative backtracking (ssc `incidence`, `backtrack`), ALGORITHM.md §5.3–5.4. */
import { cosd, DTOR, sind } from './angles.ts';
import { type RowGeometry, shadeFractionPlaced, shadeFractionRotated, type Vector3 } from './self-shading.ts';

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

/** A shade fraction this far from 0 has the same sign in §6.3's computation, whatever its rounding. */
const SHADE_MARGIN = 1e-9;
/** cos 89°: a sun closer than this to the plane of the flat rows is left to the literal walk. */
const COS_89_DEG = Math.cos(89 * DTOR);
/** §6.3 gives no shade where |n·S| < 0.001 (n = (V_k1 − V_k0) × (V_k3 − V_k0), of length 10). */
const PARALLEL_CUTOFF = 0.001;
const ROW_NORMAL_LENGTH = 10;

/**
 * How many whole-degree steps of a backtracking walk from `startDeg` toward flat are certainly
 * shaded, so that the walk may start after them.
 *
 * Across the axis the three rows are segments of width 1 at pitch p = 1/gcr; with the sun's
 * direction at angle θ from the rows' normal at rotation 0 (toward the side of positive rotation),
 * the ray of §6.3 from row 1's sun-side edge meets the next row at f(R) = 1 − p·cos θ / cos(θ − R)
 * of its width from its near edge. So the shaded rotations, f > margin, are an interval around θ,
 * |θ − R| < acos(p·cos θ / (1 − margin)), and the steps from the limit down to its lower end are
 * shaded; so far from f = 0, §6.3's other tests (the ray toward the sun, between the row's edges,
 * not parallel to its plane, the shading row on the sun's side) agree too. 0 where the reasoning
 * does not hold (rows that overlap, p < 1; a sun on the other side, behind or almost in the rows'
 * plane, or almost along the axis): every step is then computed.
 */
export function certainlyShadedSteps(rows: RowGeometry, sun: Vector3, startDeg: number): number {
  const p = rows.pitch;
  if (!(p >= 1 && p < Number.POSITIVE_INFINITY && startDeg !== 0)) return 0;
  const side = startDeg > 0 ? 1 : -1;
  const startRad = side * startDeg * DTOR;
  // the sun across the axis (x of the flat rows, toward positive rotation) and along their normal
  const across = side * (sun.x * rows.cosAxisAzimuth - sun.y * rows.sinAxisAzimuth);
  const normal = (sun.x * rows.sinAxisAzimuth + sun.y * rows.cosAxisAzimuth) * rows.sinAxisTilt + sun.z * rows.cosAxisTilt;
  const perpendicular = Math.sqrt(across * across + normal * normal);
  if (!(across > 0 && normal > COS_89_DEG * perpendicular)) return 0;
  // |n·S| = 10·|S⊥|·cos(θ − R) > 10·p·(S·normal) on the shaded steps
  if (!(ROW_NORMAL_LENGTH * p * normal > 2 * PARALLEL_CUTOFF)) return 0;
  const shadedCos = (p * normal) / perpendicular / (1 - SHADE_MARGIN);
  if (!(shadedCos < 1)) return 0;
  const theta = Math.atan2(across, normal);
  const reach = Math.acos(shadedCos);
  if (!(startRad < theta + reach - SHADE_MARGIN)) return 0;
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
 * A walk skips the steps `certainlyShadedSteps` finds shaded without computing them: it then
 * computes one or two steps instead of a dozen (every step it skips is one §6.3 finds shaded, so the
 * result is the same).
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
  const skipped = certainlyShadedSteps(rows, sun, rotationDeg);
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
