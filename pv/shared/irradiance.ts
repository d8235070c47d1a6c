/**
 * Irradiance on the array before shading: the per-record range check, the beam-above-
 * extraterrestrial test and the Perez 1990 sky model (ssc `irrad::check`, `irrad::calc`, `perez`),
 * ALGORITHM.md §7. The Perez coefficients depend only on the weather and the sun, so they are
 * computed once per site (`perezSkyCoefficients`) and combined with the surface per system
 * (`perezPlaneOfArray`).
 */
import { DTOR } from './angles.ts';

/**
 * §7.1 range-check codes (a failing record aborts the run with code −100 + code). The albedo check
 * (−7) cannot fail: the model only ever uses an albedo in (0, 1) or 0.2 (§1.2).
 */
export const RangeCheck = {
  passed: 0,
  dateOrTime: -1,
  location: -2,
  irradiance: -5,
  tilt: -8,
  azimuth: -9,
} as const;

/** §7.1 checks that depend on the weather record and the site only (NaN passes every comparison). */
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

/** §7.1 checks on the array orientation, made on every record after the weather checks. */
export function orientationRangeCheck(tiltDeg: number, azimuthDeg: number): number {
  if (tiltDeg < 0 || tiltDeg > 90) return RangeCheck.tilt;
  if (azimuthDeg < 0 || azimuthDeg >= 360) return RangeCheck.azimuth;
  return RangeCheck.passed;
}

/** Which formula of §7.3 applies to a record. */
export const PerezCase = {
  /** Z < 0 or Z > 87.5°: isotropic sky only, no ground. */
  lowSun: 0,
  /** DHI ≤ 0: beam only. */
  noDiffuse: 1,
  /** The full Perez model. */
  full: 2,
} as const;

/** Zenith above which the sun counts as low for Perez, radians (87.5°). */
const PEREZ_LOW_SUN_ZENITH_RAD = 1.5271631;
/** Zenith of the horizon as written in the Perez code, radians. */
const PEREZ_HORIZON_ZENITH_RAD = 1.5707963;
/** cos 85°, the smallest cos Z used for the circumsolar term. */
const COS_85_DEG = 0.0871557;
const CLEARNESS_BIN_EDGES = [1.065, 1.23, 1.5, 1.95, 2.8, 4.5, 6.2] as const;
const F11 = [-0.0083117, 0.1299457, 0.3296958, 0.5682053, 0.873028, 1.1326077, 1.0601591, 0.677747] as const;
const F12 = [0.5877285, 0.6825954, 0.4868735, 0.1874525, -0.3920403, -1.2367284, -1.5999137, -0.3272588] as const;
const F13 = [-0.0620636, -0.1513752, -0.2210958, -0.295129, -0.3616149, -0.4118494, -0.3589221, -0.2504286] as const;
const F21 = [-0.0596012, -0.0189325, 0.055414, 0.1088631, 0.2255647, 0.2877813, 0.2642124, 0.1561313] as const;
const F22 = [0.0721249, 0.065965, -0.0639588, -0.1519229, -0.4620442, -0.8230357, -1.127234, -1.3765031] as const;
const F23 = [-0.0220216, -0.0288748, -0.0260542, -0.0139754, 0.0012448, 0.0558651, 0.1310694, 0.2506212] as const;

/** The surface-independent part of Perez for one record (§7.3). */
export interface PerezSky {
  perezCase: number;
  /** DNI with negatives replaced by 0, W/m². */
  beamNormalWm2: number;
  /** DHI as the case uses it (negatives replaced by 0 in the low-sun case), W/m². */
  diffuseHorizontalWm2: number;
  /** Circumsolar brightening coefficient F1 (≥ 0). */
  f1: number;
  /** Horizon brightening coefficient F2. */
  f2: number;
  /** max(cos Z, cos 85°). */
  circumsolarCosZenith: number;
}

export function newPerezSky(): PerezSky {
  return { perezCase: PerezCase.full, beamNormalWm2: 0, diffuseHorizontalWm2: 0, f1: 0, f2: 0, circumsolarCosZenith: 1 };
}

/**
 * The Perez coefficients for DNI and DHI (W/m²) and the sun's zenith (radians): air mass, sky
 * brightness Δ, clearness ε and its bin, F1 and F2 with Z in radians (§7.3).
 */
export function perezSkyCoefficients(dniWm2: number, dhiWm2: number, zenithRad: number, out: PerezSky): void {
  const beam = dniWm2 < 0 ? 0 : dniWm2;
  out.beamNormalWm2 = beam;
  if (zenithRad < 0 || zenithRad > PEREZ_LOW_SUN_ZENITH_RAD) {
    out.perezCase = PerezCase.lowSun;
    out.diffuseHorizontalWm2 = dhiWm2 < 0 ? 0 : dhiWm2;
    return;
  }
  out.diffuseHorizontalWm2 = dhiWm2;
  if (dhiWm2 <= 0) {
    out.perezCase = PerezCase.noDiffuse;
    return;
  }
  const zenithDeg = zenithRad / DTOR;
  const airMass = 1 / (Math.cos(zenithRad) + 0.15 * Math.pow(93.9 - zenithDeg, -1.253));
  const brightness = (dhiWm2 * airMass) / 1367;
  const zenithCubedTerm = 5.534e-6 * zenithDeg * zenithDeg * zenithDeg;
  const clearness = ((beam + dhiWm2) / dhiWm2 + zenithCubedTerm) / (1 + zenithCubedTerm);
  let bin = 0;
  while (bin < CLEARNESS_BIN_EDGES.length && clearness > CLEARNESS_BIN_EDGES[bin]!) bin++;
  out.perezCase = PerezCase.full;
  out.f1 = Math.max(0, F11[bin]! + F12[bin]! * brightness + F13[bin]! * zenithRad);
  out.f2 = F21[bin]! + F22[bin]! * brightness + F23[bin]! * zenithRad;
  out.circumsolarCosZenith = Math.max(Math.cos(zenithRad), COS_85_DEG);
}

/**
 * A record's sky from its case and F1, F2 as `perezSkyCoefficients` found them earlier (a v8 site
 * keeps them per record): the same fields, set as that function sets them.
 */
export function perezSkyFrom(perezCase: number, f1: number, f2: number, dniWm2: number, dhiWm2: number, zenithRad: number, out: PerezSky): void {
  out.perezCase = perezCase;
  out.beamNormalWm2 = dniWm2 < 0 ? 0 : dniWm2;
  if (perezCase === PerezCase.lowSun) {
    out.diffuseHorizontalWm2 = dhiWm2 < 0 ? 0 : dhiWm2;
    return;
  }
  out.diffuseHorizontalWm2 = dhiWm2;
  if (perezCase !== PerezCase.full) return;
  out.f1 = f1;
  out.f2 = f2;
  out.circumsolarCosZenith = Math.max(Math.cos(zenithRad), COS_85_DEG);
}

/** Plane-of-array components in W/m². */
export interface PoaComponents {
  beamWm2: number;
  skyDiffuseWm2: number;
  groundDiffuseWm2: number;
}

export function newPoaComponents(): PoaComponents {
  return { beamWm2: 0, skyDiffuseWm2: 0, groundDiffuseWm2: 0 };
}

/**
 * Perez beam, sky and ground irradiance on a surface of tilt β (given by its cosine and sine)
 * with angle of incidence `incidenceRad`, for a record whose sky is `sky` (§7.3). `cosZenith` is
 * cos Z and `albedo` the ground reflectance.
 */
export function perezPlaneOfArray(
  sky: PerezSky,
  zenithRad: number,
  cosZenith: number,
  incidenceRad: number,
  cosTilt: number,
  sinTilt: number,
  albedo: number,
  out: PoaComponents,
): void {
  perezPlaneOfArrayFromCosine(
    sky.perezCase,
    sky.beamNormalWm2,
    sky.diffuseHorizontalWm2,
    sky.f1,
    sky.f2,
    sky.circumsolarCosZenith,
    zenithRad,
    cosZenith,
    Math.cos(incidenceRad),
    cosTilt,
    sinTilt,
    albedo,
    out,
  );
}

/** `perezPlaneOfArray` with the sky's fields given one by one and the incidence by its cosine. */
export function perezPlaneOfArrayFromCosine(
  perezCase: number,
  beam: number,
  diffuse: number,
  f1: number,
  f2: number,
  circumsolarCosZenith: number,
  zenithRad: number,
  cosZenith: number,
  cosIncidence: number,
  cosTilt: number,
  sinTilt: number,
  albedo: number,
  out: PoaComponents,
): void {
  if (perezCase === PerezCase.lowSun) {
    out.beamWm2 = cosIncidence > 0 && zenithRad < PEREZ_HORIZON_ZENITH_RAD ? beam * cosIncidence : 0;
    out.skyDiffuseWm2 = (diffuse * (1 + cosTilt)) / 2;
    out.groundDiffuseWm2 = 0;
  } else if (perezCase === PerezCase.noDiffuse) {
    out.beamWm2 = cosIncidence > 0 ? beam * cosIncidence : 0;
    out.skyDiffuseWm2 = 0;
    out.groundDiffuseWm2 = 0;
  } else {
    const incidenceFactor = Math.max(cosIncidence, 0);
    out.beamWm2 = beam * incidenceFactor;
    out.skyDiffuseWm2 = (diffuse * (1 - f1) * (1 + cosTilt)) / 2 + (diffuse * f1 * incidenceFactor) / circumsolarCosZenith + diffuse * f2 * sinTilt;
    out.groundDiffuseWm2 = (albedo * (beam * cosZenith + diffuse) * (1 - cosTilt)) / 2;
  }
}

/** §7.2: a record whose beam on the horizontal exceeds the extraterrestrial value gets no POA. */
export function beamExceedsExtraterrestrial(dniWm2: number, cosZenith: number, extraterrestrialHorizontalWm2: number): boolean {
  return dniWm2 * cosZenith > extraterrestrialHorizontalWm2;
}
