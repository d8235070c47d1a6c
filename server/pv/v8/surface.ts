/**
 * The array surface of PVWatts v8 for one sun position: fixed, one-axis (true tracking or
 * backtracking) or two-axis, and the beam's angle of incidence on it (ssc `incidence`, `truetrack`,
 * `backtrack` in `shared/lib_irradproc.cpp` at 2025.4.16; ALGORITHM.md §5 and §14.4).
 *
 * True tracking: Anderson & Mikofski, "Slope-Aware Backtracking for Single-Axis Trackers",
 * NREL/TP-5K00-76626 (2020), eq. 7 (the rotation that puts the sun in the plane normal to the
 * axis). Backtracking: same report, eqs. 11–14, on flat ground (cross-axis slope 0).
 */
import { acosClamped, cosd, DTOR, sind } from '../angles.ts';

const RTOD = 180 / Math.PI;

/** ssc's tracking modes (`incidence`'s `mode`). */
export const TrackingMode = { fixed: 0, oneAxis: 1, twoAxis: 2 } as const;
export type TrackingMode = (typeof TrackingMode)[keyof typeof TrackingMode];

/** What `surfaceAngles` computes (ssc's `angle[5]`). */
export interface SurfaceAngles {
  /** Angle of incidence of the beam on the surface, radians. */
  incidenceRad: number;
  /** Surface tilt from horizontal and azimuth clockwise from north, radians. */
  tiltRad: number;
  azimuthRad: number;
  /** One-axis tracker rotation, radians (0 for fixed and two-axis arrays). */
  rotationRad: number;
  /** Backtracking rotation minus the limited true-tracking rotation, radians. */
  backtrackDifferenceRad: number;
}

export function newSurfaceAngles(): SurfaceAngles {
  return { incidenceRad: 0, tiltRad: 0, azimuthRad: 0, rotationRad: 0, backtrackDifferenceRad: 0 };
}

/** The array's fixed description: its tilt and azimuth (the axis's, for one-axis), degrees. */
export interface ArraySurface {
  mode: TrackingMode;
  tiltDeg: number;
  azimuthDeg: number;
  /** Tracker rotation limit, degrees (45 in PVWatts). */
  rotationLimitDeg: number;
  backtracking: boolean;
  /** Ground coverage ratio, for backtracking. */
  gcr: number;
}

/**
 * The true-tracking rotation of a one-axis tracker, degrees (ssc `truetrack`): the sun vector in
 * the axis frame, rotation = atan2(s′x, s′z). Angles in degrees.
 */
export function trueTrackingRotationDeg(sunAzimuthDeg: number, sunZenithDeg: number, axisTiltDeg: number, axisAzimuthDeg: number): number {
  const elevation = 90 - sunZenithDeg;
  const sx = cosd(elevation) * sind(sunAzimuthDeg);
  const sy = cosd(elevation) * cosd(sunAzimuthDeg);
  const sz = sind(elevation);
  const sinAxisAzimuth = sind(axisAzimuthDeg);
  const cosAxisAzimuth = cosd(axisAzimuthDeg);
  const sinAxisTilt = sind(axisTiltDeg);
  const cosAxisTilt = cosd(axisTiltDeg);
  const sxAxis = sx * cosAxisAzimuth - sy * sinAxisAzimuth;
  const szAxis = sx * sinAxisAzimuth * sinAxisTilt + sy * sinAxisTilt * cosAxisAzimuth + sz * cosAxisTilt;
  return (Math.atan2(sxAxis, szAxis) * 180) / Math.PI;
}

/**
 * The backtracking rotation on flat ground, degrees (ssc `backtrack` with cross-axis slope 0): when
 * |cos R_T|/gcr < 1 the rows would shade each other, and the tracker turns back by acos of it.
 */
export function backtrackRotationDeg(trueTrackingDeg: number, gcr: number): number {
  const projection = Math.abs(cosd(trueTrackingDeg - 0)) / (gcr * cosd(0));
  if (Math.abs(projection) >= 1) return trueTrackingDeg;
  const sign = trueTrackingDeg > 0 ? 1 : -1;
  return trueTrackingDeg + -sign * (RTOD * Math.acos(projection));
}

function oneAxisRotationRad(surface: ArraySurface, zenithRad: number, sunAzimuthRad: number, out: SurfaceAngles): number {
  const axisAzimuthRad = surface.azimuthDeg * DTOR;
  const limitRad = surface.rotationLimitDeg * DTOR;
  let rotation: number;
  if (Math.abs(Math.cos(surface.tiltDeg * DTOR)) < 0.001745) {
    // a vertical axis turns with the sun's azimuth
    if (axisAzimuthRad <= Math.PI)
      rotation = sunAzimuthRad <= axisAzimuthRad + Math.PI ? sunAzimuthRad - axisAzimuthRad : sunAzimuthRad - axisAzimuthRad - 2 * Math.PI;
    else rotation = sunAzimuthRad >= axisAzimuthRad - Math.PI ? sunAzimuthRad - axisAzimuthRad : sunAzimuthRad - axisAzimuthRad + 2 * Math.PI;
  } else {
    rotation = trueTrackingRotationDeg((sunAzimuthRad * 180) / Math.PI, (zenithRad * 180) / Math.PI, surface.tiltDeg, surface.azimuthDeg);
    rotation *= Math.PI / 180;
  }
  const trueTracking = rotation;
  if (rotation < -limitRad) rotation = -limitRad;
  else if (rotation > limitRad) rotation = limitRad;
  out.backtrackDifferenceRad = 0;
  if (surface.backtracking) {
    let backtracked = backtrackRotationDeg((trueTracking * 180) / Math.PI, surface.gcr) * (Math.PI / 180);
    backtracked = backtracked > limitRad ? limitRad : backtracked;
    backtracked = backtracked < -limitRad ? -limitRad : backtracked;
    out.backtrackDifferenceRad = backtracked - rotation;
    rotation = backtracked;
  }
  return rotation;
}

/**
 * The surface and the angle of incidence for a sun at `zenithRad`, `sunAzimuthRad` (ssc
 * `incidence`, modes 0–2, without stowing or custom rotations).
 */
export function surfaceAngles(surface: ArraySurface, zenithRad: number, sunAzimuthRad: number, out: SurfaceAngles): void {
  if (surface.mode === TrackingMode.twoAxis) {
    out.incidenceRad = 0;
    out.tiltRad = zenithRad;
    out.azimuthRad = sunAzimuthRad;
    out.rotationRad = 0;
    out.backtrackDifferenceRad = 0;
    return;
  }
  let tilt: number;
  let azimuth: number;
  let rotation = 0;
  if (surface.mode === TrackingMode.fixed) {
    tilt = surface.tiltDeg * DTOR;
    azimuth = surface.azimuthDeg * DTOR;
    out.backtrackDifferenceRad = 0;
  } else {
    const axisTiltRad = surface.tiltDeg * DTOR;
    const axisAzimuthRad = surface.azimuthDeg * DTOR;
    rotation = oneAxisRotationRad(surface, zenithRad, sunAzimuthRad, out);
    tilt = acosClamped(Math.cos(axisTiltRad) * Math.cos(rotation));
    if (tilt === 0) {
      azimuth = Math.PI;
    } else {
      const arg = Math.sin(rotation) / Math.sin(tilt);
      if (arg < -1) azimuth = 1.5 * Math.PI + axisAzimuthRad;
      else if (arg > 1) azimuth = 0.5 * Math.PI + axisAzimuthRad;
      else if (rotation < -0.5 * Math.PI) azimuth = axisAzimuthRad - Math.PI - Math.asin(arg);
      else if (rotation > 0.5 * Math.PI) azimuth = axisAzimuthRad + Math.PI - Math.asin(arg);
      else azimuth = Math.asin(arg) + axisAzimuthRad;
      if (azimuth > 2 * Math.PI) azimuth -= 2 * Math.PI;
      else if (azimuth < 0) azimuth += 2 * Math.PI;
    }
  }
  const cosIncidence = Math.sin(zenithRad) * Math.cos(sunAzimuthRad - azimuth) * Math.sin(tilt) + Math.cos(zenithRad) * Math.cos(tilt);
  out.incidenceRad = acosClamped(cosIncidence);
  out.tiltRad = tilt;
  out.azimuthRad = azimuth;
  out.rotationRad = rotation;
}
