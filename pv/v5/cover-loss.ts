/**
 * PVWatts v5's reflection loss of the module cover (ssc 2018 `iam_nonorm`, `iam` in
 * lib_pv_incidence_modifier.cpp and their use in `powerout`), docs/pv-model.md §11.2.
 */
import {
  AIR_INDEX,
  AR_COATING_ABSORPTION,
  AR_COATING_INDEX,
  GLASS_ABSORPTION,
  GLASS_INDEX,
  layerTransmittance as fresnelTransmittance,
  refraction,
} from '../common/glass.ts';
import { cosd, DTOR } from '../common/units.ts';

/** Incidence angles (degrees) outside which no cover loss is applied, and the IAM clamp. */
const MIN_INCIDENCE_DEG = 0.5;
const MAX_INCIDENCE_DEG = 89.5;

/**
 * Transmittance of a layer of index `layerIndex` entered from a medium of index `incomingIndex`
 * with absorption `absorption` (k·L) for an incidence angle given by its sine and cosine
 * (pv/common/glass.ts), the refraction angle from Snell's law as ssc 2018 forms it; the refraction
 * angle's sine is left in `refraction.sin`.
 */
function layer(sinIncidence: number, cosIncidence: number, layerIndex: number, incomingIndex: number, absorption: number): number {
  return fresnelTransmittance(sinIncidence, cosIncidence, (incomingIndex * sinIncidence) / layerIndex, absorption);
}

function clampIncidence(incidenceDeg: number): number {
  return Math.min(Math.max(incidenceDeg, MIN_INCIDENCE_DEG), MAX_INCIDENCE_DEG);
}

/** Un-normalised cover transmittance (`iam_nonorm`): glass, or an AR coating on glass for premium modules. */
function coverTransmittance(incidenceDeg: number, antiReflective: boolean): number {
  const angle = clampIncidence(incidenceDeg) * DTOR;
  const sinAngle = Math.sin(angle);
  const cosAngle = Math.cos(angle);
  if (!antiReflective) return layer(sinAngle, cosAngle, GLASS_INDEX, AIR_INDEX, GLASS_ABSORPTION);
  const coating = layer(sinAngle, cosAngle, AR_COATING_INDEX, AIR_INDEX, AR_COATING_ABSORPTION);
  // the glass is reached at the coating's refraction angle
  const sinInGlass = refraction.sin;
  return coating * layer(sinInGlass, Math.sqrt(1 - sinInGlass * sinInGlass), GLASS_INDEX, AR_COATING_INDEX, GLASS_ABSORPTION);
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
 * Irradiance transmitted through the cover, W/m² (docs/pv-model.md §11.2): for 0.5° < θ < 89.5°
 * the reflected share of the weather beam, (1 − IAM)·DNI·cos θ, is taken off the POA, keeping the
 * result in [0, POA].
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
    modifier = layer(sinIncidence, cosIncidence, GLASS_INDEX, AIR_INDEX, GLASS_ABSORPTION) / TRANSMITTANCE_AT_1_DEG.glass;
  } else {
    const coating = layer(sinIncidence, cosIncidence, AR_COATING_INDEX, AIR_INDEX, AR_COATING_ABSORPTION);
    const sinInGlass = refraction.sin;
    const glass = layer(sinInGlass, Math.sqrt(1 - sinInGlass * sinInGlass), GLASS_INDEX, AR_COATING_INDEX, GLASS_ABSORPTION);
    modifier = (coating * glass) / TRANSMITTANCE_AT_1_DEG.antiReflective;
  }
  let transmitted = poaWm2 - (1 - modifier) * dniWm2 * cosIncidence;
  if (transmitted < 0) transmitted = 0;
  if (transmitted > poaWm2) transmitted = poaWm2;
  return transmitted;
}
