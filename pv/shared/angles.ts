/** Angle helpers with ssc's definitions (ALGORITHM.md, conventions). */

/** Degrees to radians, π/180 in full double precision. */
export const DTOR = Math.PI / 180;

/** sin of an angle in degrees, as sin(DTOR·x). */
export function sind(degrees: number): number {
  return Math.sin(DTOR * degrees);
}

/** cos of an angle in degrees, as cos(DTOR·x). */
export function cosd(degrees: number): number {
  return Math.cos(DTOR * degrees);
}

/** arccos clamped to its domain: π below −1, 0 above 1 (ALGORITHM.md §5). */
export function acosClamped(x: number): number {
  if (x < -1) return Math.PI;
  if (x > 1) return 0;
  return Math.acos(x);
}
