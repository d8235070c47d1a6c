/**
 * The array surface of PVWatts v8 for one sun position: fixed, one-axis (true tracking or
 * backtracking) or two-axis, and the beam's angle of incidence on it (ssc `incidence`, `truetrack`,
 * `backtrack` in ssc's `lib_irradproc.cpp` at 2025.4.16; docs/pv-model.md §7).
 *
 * True tracking: Anderson & Mikofski, "Slope-Aware Backtracking for Single-Axis Trackers",
 * NREL/TP-5K00-76626 (2020), eq. 7 (the rotation that puts the sun in the plane normal to the
 * axis). Backtracking: same report, eqs. 11–14, on flat ground (cross-axis slope 0).
 */
import { cosd, DTOR, RTOD, sind } from '../common/units.ts';
import { incidenceAngle, rotatedSurface, twoAxisSurface, type SurfaceAngles as IncidenceAngles } from '../common/incidence.ts';
import { isVerticalAxis, verticalAxisRotationRad } from '../common/tracking.ts';

/** ssc's tracking modes (`incidence`'s `mode`). */
export const TrackingMode = { fixed: 0, oneAxis: 1, twoAxis: 2 } as const;
export type TrackingMode = (typeof TrackingMode)[keyof typeof TrackingMode];

/**
 * What `surfaceAngles` computes (ssc's `angle[5]`): the surface and its incidence as
 * pv/common/incidence.ts gives them (the same equations in both versions), and the tracker's rotation.
 */
export interface SurfaceAngles extends IncidenceAngles {
  /** One-axis tracker rotation, radians (0 for fixed and two-axis arrays). */
  rotationRad: number;
}

export function newSurfaceAngles(): SurfaceAngles {
  return { incidenceRad: 0, cosIncidence: 1, tiltRad: 0, azimuthRad: 0, sinTilt: 0, cosTilt: 1, rotationRad: 0 };
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

/** The last axis `trueTrackingRotationDeg` was given, with its sines and cosines (a run asks for one axis, twice a record). */
const lastAxis = { tiltDeg: Number.NaN, azimuthDeg: Number.NaN, sinAzimuth: 0, cosAzimuth: 1, sinTilt: 0, cosTilt: 1 };

/**
 * The true-tracking rotation of a one-axis tracker, degrees (ssc `truetrack`): the sun vector in
 * the axis frame, rotation = atan2(s′x, s′z). Angles in degrees.
 */
export function trueTrackingRotationDeg(sunAzimuthDeg: number, sunZenithDeg: number, axisTiltDeg: number, axisAzimuthDeg: number): number {
  const elevation = 90 - sunZenithDeg;
  const sx = cosd(elevation) * sind(sunAzimuthDeg);
  const sy = cosd(elevation) * cosd(sunAzimuthDeg);
  const sz = sind(elevation);
  const axis = lastAxis;
  if (!(axis.tiltDeg === axisTiltDeg && axis.azimuthDeg === axisAzimuthDeg)) {
    axis.tiltDeg = axisTiltDeg;
    axis.azimuthDeg = axisAzimuthDeg;
    axis.sinAzimuth = sind(axisAzimuthDeg);
    axis.cosAzimuth = cosd(axisAzimuthDeg);
    axis.sinTilt = sind(axisTiltDeg);
    axis.cosTilt = cosd(axisTiltDeg);
  }
  const { sinAzimuth: sinAxisAzimuth, cosAzimuth: cosAxisAzimuth, sinTilt: sinAxisTilt, cosTilt: cosAxisTilt } = axis;
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

/** The rotation of a one-axis tracker: true tracking, limited, then backtracked where asked. */
function oneAxisRotationRad(surface: ArraySurface, zenithRad: number, sunAzimuthRad: number): number {
  const axisAzimuthRad = surface.azimuthDeg * DTOR;
  const limitRad = surface.rotationLimitDeg * DTOR;
  let rotation: number;
  if (isVerticalAxis(Math.cos(surface.tiltDeg * DTOR))) {
    rotation = verticalAxisRotationRad(sunAzimuthRad, axisAzimuthRad);
  } else {
    rotation = trueTrackingRotationDeg((sunAzimuthRad * 180) / Math.PI, (zenithRad * 180) / Math.PI, surface.tiltDeg, surface.azimuthDeg);
    rotation *= DTOR;
  }
  const trueTracking = rotation;
  if (rotation < -limitRad) rotation = -limitRad;
  else if (rotation > limitRad) rotation = limitRad;
  if (!surface.backtracking) return rotation;
  const backtracked = backtrackRotationDeg((trueTracking * 180) / Math.PI, surface.gcr) * DTOR;
  return backtracked > limitRad ? limitRad : backtracked < -limitRad ? -limitRad : backtracked;
}

/**
 * The surface and the angle of incidence for a sun at `zenithRad`, `sunAzimuthRad` (ssc
 * `incidence`, modes 0–2, without stowing or custom rotations).
 */
export function surfaceAngles(surface: ArraySurface, zenithRad: number, sunAzimuthRad: number, out: SurfaceAngles): void {
  out.rotationRad = 0;
  if (surface.mode === TrackingMode.twoAxis) {
    twoAxisSurface(zenithRad, sunAzimuthRad, out);
  } else if (surface.mode === TrackingMode.oneAxis) {
    const rotation = oneAxisRotationRad(surface, zenithRad, sunAzimuthRad);
    rotatedSurface(zenithRad, sunAzimuthRad, surface.tiltDeg * DTOR, surface.azimuthDeg * DTOR, rotation, out);
    out.rotationRad = rotation;
  } else {
    out.tiltRad = surface.tiltDeg * DTOR;
    out.azimuthRad = surface.azimuthDeg * DTOR;
    out.sinTilt = Math.sin(out.tiltRad);
    out.cosTilt = Math.cos(out.tiltRad);
    out.incidenceRad = incidenceAngle(Math.sin(zenithRad), Math.cos(zenithRad), sunAzimuthRad, out.sinTilt, out.cosTilt, out.azimuthRad);
  }
}
