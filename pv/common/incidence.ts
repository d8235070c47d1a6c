/**
 * Surface orientation and angle of incidence (ssc `incidence`), docs/pv-model.md §7.1, §7.2, §7.5: the same in
 * both models. The 1-axis rotation itself (true tracking and backtracking) is each version's own
 * (v5/tracking.ts, v8/surface.ts).
 */
import { acosClamped } from './units.ts';

/** Orientation of the array surface for one record. */
export interface SurfaceAngles {
  /** Angle of incidence θ, radians. */
  incidenceRad: number;
  /** cos θ (the argument of the arccos, clamped to [−1, 1]). */
  cosIncidence: number;
  /** Surface tilt β from horizontal, radians. */
  tiltRad: number;
  /** Surface azimuth γ, radians clockwise from north. */
  azimuthRad: number;
  /** sin β and cos β. */
  sinTilt: number;
  cosTilt: number;
}

export function newSurfaceAngles(): SurfaceAngles {
  return { incidenceRad: 0, cosIncidence: 1, tiltRad: 0, azimuthRad: 0, sinTilt: 0, cosTilt: 1 };
}

/**
 * θ = acosc(sin Z · cos(A − γ) · sin β + cos Z · cos β) for a surface of tilt β and azimuth γ
 * (docs/pv-model.md §7.1, §7.5 step 3); the sines and cosines of Z and β are passed in, as they are computed once
 * per site or per system.
 */
export function incidenceAngle(
  sinZenith: number,
  cosZenith: number,
  sunAzimuthRad: number,
  sinSurfaceTilt: number,
  cosSurfaceTilt: number,
  surfaceAzimuthRad: number,
): number {
  return acosClamped(sinZenith * Math.cos(sunAzimuthRad - surfaceAzimuthRad) * sinSurfaceTilt + cosZenith * cosSurfaceTilt);
}

/** cos x clamped to [−1, 1], which is cos(acosClamped(x)). */
function clampCosine(x: number): number {
  return x < -1 ? -1 : x > 1 ? 1 : x;
}

/**
 * cos θ of `incidenceAngle` without the arccos, for a fixed surface: cos(A − γ) expanded as
 * cos A·cos γ + sin A·sin γ, with the sun's and the surface's sines and cosines computed once per
 * site and per system (the same value to ~1e-16).
 */
export function fixedIncidenceCosine(
  sinZenith: number,
  cosZenith: number,
  sinSunAzimuth: number,
  cosSunAzimuth: number,
  sinSurfaceTilt: number,
  cosSurfaceTilt: number,
  sinSurfaceAzimuth: number,
  cosSurfaceAzimuth: number,
): number {
  return clampCosine(sinZenith * (cosSunAzimuth * cosSurfaceAzimuth + sinSunAzimuth * sinSurfaceAzimuth) * sinSurfaceTilt + cosZenith * cosSurfaceTilt);
}

/** Two-axis tracking (docs/pv-model.md §7.2): the surface faces the sun, θ = 0. */
export function twoAxisSurface(zenithRad: number, sunAzimuthRad: number, out: SurfaceAngles): void {
  out.tiltRad = zenithRad;
  out.azimuthRad = sunAzimuthRad;
  out.incidenceRad = 0;
  out.cosIncidence = 1;
  out.sinTilt = Math.sin(zenithRad);
  out.cosTilt = Math.cos(zenithRad);
}

/**
 * Surface tilt, azimuth and incidence of a 1-axis tracker with axis tilt β_a and azimuth γ_a
 * turned by `rotationRad` (docs/pv-model.md §7.5).
 */
export function rotatedSurface(
  zenithRad: number,
  sunAzimuthRad: number,
  axisTiltRad: number,
  axisAzimuthRad: number,
  rotationRad: number,
  out: SurfaceAngles,
): void {
  rotatedSurfaceOrientation(Math.cos(axisTiltRad), axisAzimuthRad, rotationRad, Math.cos(rotationRad), Math.sin(rotationRad), out);
  rotatedSurfaceIncidence(Math.sin(zenithRad), Math.cos(zenithRad), sunAzimuthRad, out);
  out.incidenceRad = Math.acos(out.cosIncidence);
}

/**
 * The tilt and azimuth of a 1-axis tracker's surface (docs/pv-model.md §7.5 steps 1–2), with cos β_a and the cosine
 * and sine of the rotation given: they depend on the rotation alone (a run with the same rotation,
 * such as the limit, computes them once).
 */
export function rotatedSurfaceOrientation(
  cosAxisTilt: number,
  axisAzimuthRad: number,
  rotationRad: number,
  cosRotation: number,
  sinRotation: number,
  out: SurfaceAngles,
): void {
  const tilt = acosClamped(cosAxisTilt * cosRotation);
  const sinTilt = Math.sin(tilt);
  let azimuth: number;
  if (tilt === 0) {
    azimuth = Math.PI;
  } else {
    const sinRatio = sinRotation / sinTilt;
    if (sinRatio < -1) azimuth = 1.5 * Math.PI + axisAzimuthRad;
    else if (sinRatio > 1) azimuth = 0.5 * Math.PI + axisAzimuthRad;
    else if (rotationRad < -0.5 * Math.PI) azimuth = axisAzimuthRad - Math.PI - Math.asin(sinRatio);
    else if (rotationRad > 0.5 * Math.PI) azimuth = axisAzimuthRad + Math.PI - Math.asin(sinRatio);
    else azimuth = Math.asin(sinRatio) + axisAzimuthRad;
    if (azimuth > 2 * Math.PI) azimuth -= 2 * Math.PI;
    else if (azimuth < 0) azimuth += 2 * Math.PI;
  }
  out.tiltRad = tilt;
  out.azimuthRad = azimuth;
  out.sinTilt = sinTilt;
  out.cosTilt = Math.cos(tilt);
}

/**
 * cos θ of a surface oriented by `rotatedSurfaceOrientation` (docs/pv-model.md §7.5 step 3), clamped to [−1, 1]
 * (θ itself, its arccos, is left to whoever needs it).
 */
export function rotatedSurfaceIncidence(sinZenith: number, cosZenith: number, sunAzimuthRad: number, out: SurfaceAngles): void {
  out.cosIncidence = clampCosine(sinZenith * Math.cos(sunAzimuthRad - out.azimuthRad) * out.sinTilt + cosZenith * out.cosTilt);
}
