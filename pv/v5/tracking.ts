/**
 * PVWatts v5's 1-axis tracker rotation: true tracking and iterative backtracking (ssc 2018
 * `incidence`, `backtrack`), docs/pv-model.md §7.3–7.4.
 */
import { isVerticalAxis, ROTATION_LIMIT_DEG, verticalAxisRotationRad } from '../common/tracking.ts';
import { cosd, DTOR, sind } from '../common/units.ts';
import {
  MIN_FACING_COS,
  newSunAcrossRows,
  type RowGeometry,
  shadeFractionPlaced,
  shadeFractionRotated,
  type SunAcrossRows,
  sunAcrossRows,
  type Vector3,
} from './self-shading.ts';

const ROTATION_LIMIT_RAD = ROTATION_LIMIT_DEG * DTOR;
/** Backtracking gives up after this many steps (so at most 99 one-degree steps). */
const BACKTRACK_MAX_STEPS = 100;

/**
 * True-tracking rotation of a 1-axis tracker, limited to ±45° (docs/pv-model.md §7.3), radians. Positive turns the
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
  if (isVerticalAxis(cosAxisTilt)) {
    rotation = verticalAxisRotationRad(sunAzimuthRad, axisAzimuthRad);
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
const bounds = newWalkBounds();

/**
 * What the rows' cross-section (`SunAcrossRows`) tells a backtracking walk: with the sun at θ from the
 * flat rows' normal and R′ the rotation turned toward the sun, the three-row shade fraction
 * (docs/pv-model.md §8.3) certainly finds shade where
 * |θ − R′| < the shaded reach acos(`shadedCos`), `shadedCos` = p·cos θ / (1 − margin), and certainly
 * none where `clearReach` = acos(p·cos θ / (1 + margin)) < |θ − R′| and cos(θ − R′) > MIN_FACING_COS
 * (the shaded reach is the smaller: a rotation certainly clear is not certainly shaded). `valid`
 * false: nothing is certain, every step is computed.
 */
export interface WalkBounds {
  valid: boolean;
  /** +1 when the sun is on the side of positive rotations, −1 on the other. */
  sunSide: number;
  thetaRad: number;
  shadedCos: number;
  clearReachRad: number;
}

export function newWalkBounds(): WalkBounds {
  return { valid: false, sunSide: 1, thetaRad: 0, shadedCos: 1, clearReachRad: 0 };
}

const MAX_FACING_RAD = Math.acos(MIN_FACING_COS);

export function walkBounds(rows: RowGeometry, sun: SunAcrossRows, out: WalkBounds): void {
  out.valid = sun.valid;
  if (!sun.valid) return;
  const { across, normal, perpendicular, margin } = sun;
  const cosTheta = normal / perpendicular;
  out.sunSide = across > 0 ? 1 : -1;
  out.thetaRad = Math.atan2(Math.abs(across), normal);
  // the shaded reach's arccos is taken only by a walk that starts on the sun's side and not clear
  out.shadedCos = (rows.pitch * cosTheta) / (1 - margin);
  const clearCos = (rows.pitch * cosTheta) / (1 + margin);
  // p·cos θ above 1 + margin: no rotation is shaded, the sun's own angle included
  out.clearReachRad = clearCos < 1 ? Math.acos(clearCos) : -1;
}

/**
 * How many whole-degree steps of a backtracking walk from `startDeg` toward flat are certainly
 * shaded, so that the walk may start after them: the shaded rotations are an interval around θ, and
 * the steps from the start down to its lower end are in it (0 where nothing is certain, or the walk
 * does not start on the sun's side).
 */
export function certainlyShadedSteps(bounds: WalkBounds, startDeg: number): number {
  if (!bounds.valid || !(bounds.sunSide * startDeg > 0)) return 0;
  const shadedReachRad = bounds.shadedCos < 1 ? Math.acos(bounds.shadedCos) : 0;
  const start = bounds.sunSide * startDeg;
  const lowest = bounds.thetaRad - shadedReachRad;
  if (!(shadedReachRad > 0 && start * DTOR > lowest && start * DTOR < bounds.thetaRad + shadedReachRad)) return 0;
  // steps m with |start| − m above θ − reach (a millionth of a degree to spare)
  const steps = Math.ceil(start - lowest / DTOR - 1e-6);
  return Math.min(Math.max(steps, 0), ROTATION_LIMIT_DEG);
}

/** Whether the shade fraction (docs/pv-model.md §8.3) certainly finds no shade at `rotationDeg` (it is then 0). */
export function certainlyClear(bounds: WalkBounds, rotationDeg: number): boolean {
  if (!bounds.valid) return false;
  const fromSun = Math.abs(bounds.thetaRad - bounds.sunSide * rotationDeg * DTOR);
  return fromSun > bounds.clearReachRad && fromSun < MAX_FACING_RAD;
}

/** sin and cos of m degrees for the whole-degree steps of backtracking, m from −BACKTRACK_MAX_STEPS to +BACKTRACK_MAX_STEPS. */
const STEP_SIN = Float64Array.from({ length: 2 * BACKTRACK_MAX_STEPS + 1 }, (_, i) => Math.sin((i - BACKTRACK_MAX_STEPS) * DTOR));
const STEP_COS = Float64Array.from({ length: 2 * BACKTRACK_MAX_STEPS + 1 }, (_, i) => Math.cos((i - BACKTRACK_MAX_STEPS) * DTOR));

/**
 * Backtracking (docs/pv-model.md §7.4): from the limited true-tracking rotation, step 1° toward flat while the
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
 * without computing it at a step `certainlyClear` finds unshaded: most walks compute no step at
 * all (every step it skips is one the shade fraction finds shaded, and it stops where the shade
 * fraction is 0, so the result is the same; docs/pv-model.md §18).
 *
 * Near flat the angle can fall into a two-step cycle (0.3°, −0.7°, 0.3°, …) that ssc follows to the
 * step limit. The shade fraction is a pure function of the angle, so once an angle repeats the rest
 * of the walk is known and the final angle is taken from the cycle's parity instead of walking on.
 */
export function backtrackRotation(rows: RowGeometry, sun: Vector3, limitedRotationRad: number): number {
  let rotationDeg = (limitedRotationRad * 180) / Math.PI;
  const firstDeg = rotationDeg;
  // the first angle's sine and cosine, taken when a step is computed
  let sinFirst = Number.NaN;
  let cosFirst = Number.NaN;
  // walks from the limit try the same angles every time: their corners are kept (RowGeometry)
  const fromLimit = limitedRotationRad === ROTATION_LIMIT_RAD ? 1 : limitedRotationRad === -ROTATION_LIMIT_RAD ? -1 : 0;
  const atLimit = fromLimit !== 0;
  /** rotationDeg is the first angle plus `offset` degrees (up to rounding). */
  let offset = 0;
  let previousDeg = Number.NaN;
  let beforePreviousDeg = Number.NaN;
  // the skipped steps, as the walk would take them (all toward flat from the same side)
  sunAcrossRows(rows, sun, sunAcross);
  walkBounds(rows, sunAcross, bounds);
  // most walks start where the rows certainly do not shade, and stop there (no step is then certainly shaded)
  if (certainlyClear(bounds, rotationDeg)) return (rotationDeg * Math.PI) / 180;
  const skipped = certainlyShadedSteps(bounds, rotationDeg);
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
    if (certainlyClear(bounds, rotationDeg)) break;
    if (Number.isNaN(sinFirst)) {
      sinFirst = sind(firstDeg);
      cosFirst = cosd(firstDeg);
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
