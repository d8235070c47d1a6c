/**
 * The ground-reflected part of ssc `diffuse_reduce` (lib_pvshade, after Deline 2012), the same in
 * both models' row self-shading (docs/pv-model.md §8.5, §8.8): rows of unit width B = 1 see the
 * ground between them, of which the part the sun lights is before a row's shadow.
 */

/**
 * The view factor, over ½·albedo, of the ground a distance `distance` (in row widths) in front of a
 * row of tilt β, given cos(180° − β): 1 + Y − √(Y² − 2Y·cos(180° − β) + 1).
 */
export function groundViewFactor(distance: number, cosSupplement: number): number {
  return 1 + distance - Math.sqrt(distance * distance - 2 * distance * cosSupplement + 1);
}

/**
 * The ground-diffuse derate of `rows` rows, the first with its view unobstructed: with the view
 * factors F1 (the whole ground, ρ·sin²(β/2)), F2 (the lit ground before the shadow) and F3 (the
 * ground between the rows), ((F1 + (N−1)·F2)/N·Gbh + (F1 + (N−1)·F3)/N·Gdh) / (F1·(Gbh + Gdh)),
 * Gbh and Gdh the beam and diffuse on the horizontal, W/m²; 1 when F1·(Gbh + Gdh) ≤ 0.
 */
export function groundDiffuseDerate(f1: number, f2: number, f3: number, rows: number, beamHorizontalWm2: number, diffuseHorizontalWm2: number): number {
  const unshaded = f1 * (beamHorizontalWm2 + diffuseHorizontalWm2);
  const reduced = ((f1 + (rows - 1) * f2) / rows) * beamHorizontalWm2 + ((f1 + (rows - 1) * f3) / rows) * diffuseHorizontalWm2;
  return unshaded > 0 ? reduced / unshaded : 1;
}
