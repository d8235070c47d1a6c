/**
 * Reflection loss of the module cover (ssc `transmittance`, `iam_nonorm`, `iam` in
 * lib_pv_incidence_modifier.cpp and its use in `powerout`), ALGORITHM.md §9.
 */
import { cosd, DTOR } from './angles.ts';

const GLASS_INDEX = 1.526;
const AR_COATING_INDEX = 1.3;
/** Extinction coefficient, 1/m. */
const EXTINCTION_PER_M = 4;
const GLASS_THICKNESS_M = 0.002;
const AR_COATING_THICKNESS_M = 0.00002;
/** Incidence angles (degrees) outside which no cover loss is applied, and the IAM clamp. */
const MIN_INCIDENCE_DEG = 0.5;
const MAX_INCIDENCE_DEG = 89.5;

/**
 * Fresnel transmittance of a layer of index `layerIndex` entered from a medium of index
 * `incomingIndex` at incidence `incidenceDeg`, with absorption over `thicknessM` (Duffie & Beckman
 * 5.3; ssc `transmittance`).
 */
function transmittance(incidenceDeg: number, layerIndex: number, incomingIndex: number, thicknessM: number): number {
  const incidence = incidenceDeg * DTOR;
  const refraction = refractionAngleRad(incidence, layerIndex, incomingIndex);
  const sinDifference = Math.sin(refraction - incidence);
  const sinSum = Math.sin(refraction + incidence);
  const tanDifference = Math.tan(refraction - incidence);
  const tanSum = Math.tan(refraction + incidence);
  const reflected = 0.5 * ((sinDifference * sinDifference) / (sinSum * sinSum) + (tanDifference * tanDifference) / (tanSum * tanSum));
  return (1 - reflected) * Math.exp((-EXTINCTION_PER_M * thicknessM) / Math.cos(refraction));
}

/** Snell's law: the refraction angle (radians) into a layer of index `layerIndex` from `incomingIndex`. */
function refractionAngleRad(incidenceRad: number, layerIndex: number, incomingIndex: number): number {
  return Math.asin((incomingIndex * Math.sin(incidenceRad)) / layerIndex);
}

function clampIncidence(incidenceDeg: number): number {
  return Math.min(Math.max(incidenceDeg, MIN_INCIDENCE_DEG), MAX_INCIDENCE_DEG);
}

/** Un-normalised cover transmittance (`iam_nonorm`): glass, or an AR coating on glass for premium modules. */
function coverTransmittance(incidenceDeg: number, antiReflective: boolean): number {
  const angle = clampIncidence(incidenceDeg);
  if (!antiReflective) return transmittance(angle, GLASS_INDEX, 1, GLASS_THICKNESS_M);
  // the glass is reached at the coating's refraction angle, in degrees
  const coatingRefractionDeg = refractionAngleRad(angle * DTOR, AR_COATING_INDEX, 1) / DTOR;
  return (
    transmittance(angle, AR_COATING_INDEX, 1, AR_COATING_THICKNESS_M) *
    transmittance(coatingRefractionDeg, GLASS_INDEX, AR_COATING_INDEX, GLASS_THICKNESS_M)
  );
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
