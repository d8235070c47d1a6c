/**
 * Reflection loss of the module cover (ssc `transmittance`, `iam_nonorm`, `iam` in
 * lib_pv_incidence_modifier.cpp and its use in `powerout`), ALGORITHM.md §9.
 */
import { cosd, DTOR } from '../shared/angles.ts';
import { exp } from '../shared/libm.ts';

const GLASS_INDEX = 1.526;
const AR_COATING_INDEX = 1.3;
/** Extinction coefficient, 1/m. */
const EXTINCTION_PER_M = 4;
const GLASS_THICKNESS_M = 0.002;
const AR_COATING_THICKNESS_M = 0.00002;
/** Incidence angles (degrees) outside which no cover loss is applied, and the IAM clamp. */
const MIN_INCIDENCE_DEG = 0.5;
const MAX_INCIDENCE_DEG = 89.5;

/** Transmittance of one layer (`transmittance`); also gives the sine of the refraction angle. */
interface Layer {
  transmittance: number;
  sinRefraction: number;
}

/**
 * Fresnel transmittance of a layer of index `layerIndex` entered from a medium of index
 * `incomingIndex`, with absorption over `thicknessM` (Duffie & Beckman 5.3; ssc `transmittance`),
 * for an incidence angle given by its sine and cosine. With θ2 from Snell's law,
 * τ = [1 − ½(sin²(θ2−θ1)/sin²(θ2+θ1) + tan²(θ2−θ1)/tan²(θ2+θ1))]·exp(−k·L/cos θ2); the angle sums
 * are expanded so that only √ and exp are needed (same values to ~1e-16).
 */
function layerTransmittance(sinIncidence: number, cosIncidence: number, layerIndex: number, incomingIndex: number, thicknessM: number, out: Layer): void {
  const sinRefraction = (incomingIndex * sinIncidence) / layerIndex;
  const cosRefraction = Math.sqrt(1 - sinRefraction * sinRefraction);
  const sinDifference = sinRefraction * cosIncidence - cosRefraction * sinIncidence;
  const sinSum = sinRefraction * cosIncidence + cosRefraction * sinIncidence;
  const cosDifference = cosRefraction * cosIncidence + sinRefraction * sinIncidence;
  const cosSum = cosRefraction * cosIncidence - sinRefraction * sinIncidence;
  const tanRatio = (sinDifference * cosSum) / (cosDifference * sinSum);
  const reflected = 0.5 * ((sinDifference * sinDifference) / (sinSum * sinSum) + tanRatio * tanRatio);
  out.transmittance = (1 - reflected) * exp((-EXTINCTION_PER_M * thicknessM) / cosRefraction);
  out.sinRefraction = sinRefraction;
}

const layer: Layer = { transmittance: 0, sinRefraction: 0 };

function clampIncidence(incidenceDeg: number): number {
  return Math.min(Math.max(incidenceDeg, MIN_INCIDENCE_DEG), MAX_INCIDENCE_DEG);
}

/** Un-normalised cover transmittance (`iam_nonorm`): glass, or an AR coating on glass for premium modules. */
function coverTransmittance(incidenceDeg: number, antiReflective: boolean): number {
  const angle = clampIncidence(incidenceDeg) * DTOR;
  const sinAngle = Math.sin(angle);
  const cosAngle = Math.cos(angle);
  if (!antiReflective) {
    layerTransmittance(sinAngle, cosAngle, GLASS_INDEX, 1, GLASS_THICKNESS_M, layer);
    return layer.transmittance;
  }
  layerTransmittance(sinAngle, cosAngle, AR_COATING_INDEX, 1, AR_COATING_THICKNESS_M, layer);
  const coating = layer.transmittance;
  // the glass is reached at the coating's refraction angle
  const sinInGlass = layer.sinRefraction;
  layerTransmittance(sinInGlass, Math.sqrt(1 - sinInGlass * sinInGlass), GLASS_INDEX, AR_COATING_INDEX, GLASS_THICKNESS_M, layer);
  return coating * layer.transmittance;
}

const TRANSMITTANCE_AT_1_DEG = {
  glass: coverTransmittance(1, false),
  antiReflective: coverTransmittance(1, true),
};

/** Incidence angle modifier τ(θ)/τ(1°) (`iam`). */
export function incidenceAngleModifier(incidenceDeg: number, antiReflective: boolean): number {
  const normal = antiReflective ? TRANSMITTANCE_AT_1_DEG.antiReflective : TRANSMITTANCE_AT_1_DEG.glass;
  return coverTransmittance(clampIncidence(incidenceDeg), antiReflective) / normal;
}

/**
 * Irradiance transmitted through the cover, W/m² (§9): for 0.5° < θ < 89.5° the reflected share
 * of the weather beam, (1 − IAM)·DNI·cos θ, is taken off the POA, keeping the result in [0, POA].
 */
export function transmittedPoa(poaWm2: number, dniWm2: number, incidenceDeg: number, antiReflective: boolean): number {
  if (!(incidenceDeg > MIN_INCIDENCE_DEG && incidenceDeg < MAX_INCIDENCE_DEG)) return poaWm2;
  let transmitted = poaWm2 - (1 - incidenceAngleModifier(incidenceDeg, antiReflective)) * dniWm2 * cosd(incidenceDeg);
  if (transmitted < 0) transmitted = 0;
  if (transmitted > poaWm2) transmitted = poaWm2;
  return transmitted;
}

/** cos 0.5° and cos 89.5°: the window of incidence angles in which cover loss is applied. */
const COS_MIN_INCIDENCE = Math.cos(MIN_INCIDENCE_DEG * DTOR);
const COS_MAX_INCIDENCE = Math.cos(MAX_INCIDENCE_DEG * DTOR);

/**
 * `transmittedPoa` for an incidence angle given by its cosine: inside the window the clamp of the
 * IAM does nothing, so sin θ = √(1 − cos²θ) and cos θ stand for the sine and cosine of the angle
 * (the same values to ~1e-12 relative near 0.5°, ~1e-16 elsewhere) and no arccos is needed.
 */
export function transmittedPoaFromCosine(poaWm2: number, dniWm2: number, cosIncidence: number, antiReflective: boolean): number {
  if (!(cosIncidence < COS_MIN_INCIDENCE && cosIncidence > COS_MAX_INCIDENCE)) return poaWm2;
  const sinIncidence = Math.sqrt(1 - cosIncidence * cosIncidence);
  let modifier: number;
  if (!antiReflective) {
    layerTransmittance(sinIncidence, cosIncidence, GLASS_INDEX, 1, GLASS_THICKNESS_M, layer);
    modifier = layer.transmittance / TRANSMITTANCE_AT_1_DEG.glass;
  } else {
    layerTransmittance(sinIncidence, cosIncidence, AR_COATING_INDEX, 1, AR_COATING_THICKNESS_M, layer);
    const coating = layer.transmittance;
    const sinInGlass = layer.sinRefraction;
    layerTransmittance(sinInGlass, Math.sqrt(1 - sinInGlass * sinInGlass), GLASS_INDEX, AR_COATING_INDEX, GLASS_THICKNESS_M, layer);
    modifier = (coating * layer.transmittance) / TRANSMITTANCE_AT_1_DEG.antiReflective;
  }
  let transmitted = poaWm2 - (1 - modifier) * dniWm2 * cosIncidence;
  if (transmitted < 0) transmitted = 0;
  if (transmitted > poaWm2) transmitted = poaWm2;
  return transmitted;
}
