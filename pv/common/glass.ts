/**
 * The module's cover: its glass and the anti-reflective coating some modules have (ssc
 * `lib_pv_incidence_modifier`), and the transmittance of one layer of it (ssc `transmittance`),
 * docs/pv-model.md §11.1. Both models' cover losses are built from these.
 */
import { exp } from './libm.ts';

/** Refractive index of the air the light comes from. */
export const AIR_INDEX = 1;
/** Glass: refractive index, thickness (m), extinction coefficient (1/m). */
export const GLASS_INDEX = 1.526;
const GLASS_THICKNESS_M = 0.002;
const GLASS_EXTINCTION_PER_M = 4;
/** Anti-reflective coating: refractive index, thickness (m, 1/100 of the glass), extinction coefficient (1/m). */
export const AR_COATING_INDEX = 1.3;
const AR_COATING_THICKNESS_M = 0.00002;
const AR_COATING_EXTINCTION_PER_M = 4;
/** k·L of the glass and of the coating. */
export const GLASS_ABSORPTION = GLASS_EXTINCTION_PER_M * GLASS_THICKNESS_M;
export const AR_COATING_ABSORPTION = AR_COATING_EXTINCTION_PER_M * AR_COATING_THICKNESS_M;

/**
 * Sine and cosine of the refraction angle of the last `layerTransmittance` call, for the layer
 * below (an object's fields rather than module variables, which would box a new number per call).
 */
export const refraction = { sin: 0, cos: 1 };

/**
 * Transmittance of a layer (Duffie & Beckman, sections 5.1–5.3; ssc `transmittance`) for light arriving at
 * θ1, given by its sine and cosine, refracted to θ2, given by its sine (Snell's law: the caller forms
 * sin θ2 = n_incoming·sin θ1/n_layer as its model writes it), with absorption k·L
 * (`absorption`, dimensionless): the mean of Fresnel's perpendicular and parallel reflectances
 * ½(sin²(θ2−θ1)/sin²(θ2+θ1) + tan²(θ2−θ1)/tan²(θ2+θ1)) is reflected, and Bouguer's
 * exp(−k·L/cos θ2) is what the layer lets through of the rest. ssc evaluates it with asin, sin and
 * tan of θ2 ± θ1; here the angle sums are expanded so that one √ and one exp suffice (the same
 * values to within an ulp or two). Leaves θ2's sine and cosine in `refraction`.
 */
export function layerTransmittance(sin1: number, cos1: number, sin2: number, absorption: number): number {
  const cos2 = Math.sqrt(1 - sin2 * sin2);
  refraction.sin = sin2;
  refraction.cos = cos2;
  const sinDifference = sin2 * cos1 - cos2 * sin1;
  const sinSum = sin2 * cos1 + cos2 * sin1;
  const cosDifference = cos2 * cos1 + sin2 * sin1;
  const cosSum = cos2 * cos1 - sin2 * sin1;
  const perpendicular = (sinDifference * sinDifference) / (sinSum * sinSum);
  const tanRatio = (sinDifference * cosSum) / (cosDifference * sinSum);
  const reflected = 0.5 * (perpendicular + tanRatio * tanRatio);
  return (1 - reflected) * exp(-absorption / cos2);
}
