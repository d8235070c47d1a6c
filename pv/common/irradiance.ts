/**
 * Irradiance from the sky, the same in both models: the extraterrestrial irradiance (ssc
 * `solarpos`, docs/pv-model.md §6.3) and the Perez 1990 sky model (ssc `perez`,
 * docs/pv-model.md §9.2). The Perez coefficients depend only on the weather and the sun, so they
 * are computed once per site (`perezSkyCoefficients`) and combined with the surface per system
 * (`perezPlaneOfArray`); `perezParts` splits the sky into its three parts, as the rear side of a
 * bifacial row reads it.
 */
import { DAYS_BEFORE_MONTH, DTOR } from './units.ts';

/** Solar constant, W/m² (ssc's value, Duffie & Beckman eq. 1.4.1a's). */
const SOLAR_CONSTANT_WM2 = 1367;
/** Ground reflectance where no valid one is given (ssc's `albedo_default`, docs/pv-model.md §4.5). */
export const DEFAULT_ALBEDO = 0.2;

/**
 * Extraterrestrial irradiance on the horizontal, W/m², for a date and the sun's zenith (radians):
 * G_on = 1367·(1 + 0.033·cos(360°·doy/365)) with doy the non-leap day of year of the date,
 * times cos Z while the sun is above the horizon (docs/pv-model.md §6.3).
 */
export function extraterrestrialHorizontalWm2(month: number, day: number, zenithRad: number): number {
  const dayOfYear = DAYS_BEFORE_MONTH[month - 1]! + day;
  const normalWm2 = SOLAR_CONSTANT_WM2 * (1 + 0.033 * Math.cos(((360 / 365) * dayOfYear * Math.PI) / 180));
  if (zenithRad > 0 && zenithRad < Math.PI / 2) return normalWm2 * Math.cos(zenithRad);
  if (zenithRad === 0) return normalWm2;
  return 0;
}

/** Which formula of Perez applies to a record (docs/pv-model.md §9.2). */
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

/** The surface-independent part of Perez for one record (docs/pv-model.md §9.2). */
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
 * brightness Δ, clearness ε and its bin, F1 and F2 with Z in radians (docs/pv-model.md §9.2).
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
  const brightness = (dhiWm2 * airMass) / SOLAR_CONSTANT_WM2;
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
 * with angle of incidence `incidenceRad`, for a record whose sky is `sky`
 * (docs/pv-model.md §9.2). `cosZenith` is cos Z and `albedo` the ground reflectance.
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

/** ssc `perez` output split as `diffc[]`: beam, and the sky's isotropic, circumsolar and horizon parts, W/m². */
export interface PerezParts {
  beam: number;
  isotropic: number;
  circumsolar: number;
  horizon: number;
}

/**
 * ssc `perez` on one surface (docs/pv-model.md §9.2) with the sky diffuse split as `diffc[]`:
 * isotropic D(1 − F1)(1 + cos β)/2, circumsolar D·F1·max(cos θ, 0)/max(cos Z, cos 85°), horizon
 * D·F2·sin β; in the low-sun case the isotropic part is the whole sky, in the no-diffuse case all
 * three are 0. `incidenceRad` θ and `tiltRad` β in radians.
 */
export function perezParts(sky: PerezSky, zenithRad: number, incidenceRad: number, tiltRad: number, out: PerezParts): void {
  const cosIncidence = Math.cos(incidenceRad);
  const beam = sky.beamNormalWm2;
  const diffuse = sky.diffuseHorizontalWm2;
  out.circumsolar = 0;
  out.horizon = 0;
  if (sky.perezCase === PerezCase.lowSun) {
    out.beam = cosIncidence > 0 && zenithRad < PEREZ_HORIZON_ZENITH_RAD ? beam * cosIncidence : 0;
    out.isotropic = (diffuse * (1 + Math.cos(tiltRad))) / 2;
  } else if (sky.perezCase === PerezCase.noDiffuse) {
    out.beam = cosIncidence > 0 ? beam * cosIncidence : 0;
    out.isotropic = 0;
  } else {
    const incidenceFactor = cosIncidence < 0 ? 0 : cosIncidence;
    out.beam = beam * incidenceFactor;
    out.isotropic = (diffuse * (1 - sky.f1) * (1 + Math.cos(tiltRad))) / 2;
    out.circumsolar = (diffuse * sky.f1 * incidenceFactor) / sky.circumsolarCosZenith;
    out.horizon = diffuse * sky.f2 * Math.sin(tiltRad);
  }
}
