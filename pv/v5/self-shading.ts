/**
 * PVWatts v5's row-to-row shading of 1-axis trackers: the three-row geometry and beam shade
 * fraction (ssc 2018 `sun_unit`, `get_vertices`, `shadeFraction1x`, docs/pv-model.md §8.1–8.3), used by
 * backtracking (docs/pv-model.md §7.4) and by the self-shading derates of array type 2 (ssc `powerout`,
 * `diffuse_reduce`, docs/pv-model.md §8.4–8.5).
 */
import { groundDiffuseDerate, groundViewFactor } from '../common/diffuse-shading.ts';
import { cosd, sind } from '../common/units.ts';

/** Row width across the axis and row length along it (arbitrary units; only ratios matter). */
const ROW_WIDTH = 1;
const ROW_LENGTH = 10;
const ROWS = 3;
const CORNERS = 4;

/** A vector (x east, y north, z up). */
export interface Vector3 {
  x: number;
  y: number;
  z: number;
}

/** Unit vector toward the sun from its azimuth and zenith in degrees, built per quadrant (docs/pv-model.md §8.1). */
export function sunUnitVector(azimuthDeg: number, zenithDeg: number, out: Vector3): void {
  const elevationDeg = 90 - zenithDeg;
  const horizontal = cosd(elevationDeg);
  let x: number;
  let y: number;
  if (azimuthDeg >= 0 && azimuthDeg <= 90) {
    x = horizontal * sind(azimuthDeg);
    y = horizontal * cosd(azimuthDeg);
  } else if (azimuthDeg > 90 && azimuthDeg <= 180) {
    x = horizontal * sind(180 - azimuthDeg);
    y = -horizontal * cosd(180 - azimuthDeg);
  } else if (azimuthDeg > 180 && azimuthDeg <= 270) {
    x = -horizontal * sind(azimuthDeg - 180);
    y = -horizontal * cosd(azimuthDeg - 180);
  } else {
    x = -horizontal * sind(360 - azimuthDeg);
    y = horizontal * cosd(360 - azimuthDeg);
  }
  const z = sind(elevationDeg);
  const length = Math.sqrt(x * x + y * y + z * z);
  out.x = x / length;
  out.y = y / length;
  out.z = z / length;
}

/**
 * The fixed part of the three-row geometry for one system (docs/pv-model.md §8.2): rows of width 1 and length 10
 * with pitch 1/gcr, the axis tilt β and azimuth γ in degrees, and scratch space for the corners.
 *
 * Corners are placed by those steps, in their order: some decisions of the shade test (which
 * row shades, whether the ray lands on it) rest on exact cancellations of that construction, and
 * an algebraically equal form (each coordinate linear in sin R and cos R) changed whole hours of a
 * tilted-axis tracker with gcr above 1.
 */
export class RowGeometry {
  /** Distance between the rows' axes, in row widths: 1/gcr. */
  readonly pitch: number;
  readonly sinAxisTilt: number;
  readonly cosAxisTilt: number;
  readonly sinAxisAzimuth: number;
  readonly cosAxisAzimuth: number;
  /** Offset o_i of each row's axis along x. */
  readonly rowOffsets: Float64Array;
  /** Per row, the x of its corners measured from its axis: (o_i ± W/2) − o_i. */
  readonly cornerAcrossAxis: Float64Array;
  /** Corners placed so far, (row·4 + corner)·3 + {0: x, 1: y, 2: z}. */
  readonly corners = new Float64Array(ROWS * CORNERS * 3);
  private sinRotation = 0;
  private cosRotation = 1;

  constructor(axisTiltDeg: number, axisAzimuthDeg: number, gcr: number) {
    this.sinAxisTilt = sind(axisTiltDeg);
    this.cosAxisTilt = cosd(axisTiltDeg);
    this.sinAxisAzimuth = sind(axisAzimuthDeg);
    this.cosAxisAzimuth = cosd(axisAzimuthDeg);
    const rowSpacing = 1 / gcr - 1;
    const pitch = rowSpacing + ROW_WIDTH;
    this.pitch = pitch;
    this.rowOffsets = new Float64Array(ROWS);
    this.cornerAcrossAxis = new Float64Array(ROWS * CORNERS);
    for (let row = 0; row < ROWS; row++) {
      const offset = row * pitch;
      this.rowOffsets[row] = offset;
      const plusEdge = offset + ROW_WIDTH / 2 - offset;
      const minusEdge = offset - ROW_WIDTH / 2 - offset;
      this.cornerAcrossAxis.set([plusEdge, plusEdge, minusEdge, minusEdge], row * CORNERS);
    }
  }

  /** Sets the rotation for the corners placed next: sind and cosd of `rotationDeg`. */
  rotate(rotationDeg: number): void {
    this.sinRotation = sind(rotationDeg);
    this.cosRotation = cosd(rotationDeg);
  }

  /** Sets the rotation for the corners placed next by its sine and cosine. */
  rotateTo(sinRotation: number, cosRotation: number): void {
    this.sinRotation = sinRotation;
    this.cosRotation = cosRotation;
  }

  /**
   * Corners of whole-degree steps from the rotation limit, kept by step (+m from −45°, −m from +45°):
   * the hours that start backtracking at the limit (mornings and evenings, the long walks) all try
   * the same angles, whose corners do not depend on the sun.
   */
  private readonly limitSteps = new Map<number, Float64Array>();

  /** Places every corner for the rotation given by its sine and cosine, or takes them from the steps kept under `key`. */
  placeAllCorners(key: number, sinRotation: number, cosRotation: number): void {
    const kept = this.limitSteps.get(key);
    if (kept) {
      this.corners.set(kept);
      return;
    }
    this.rotateTo(sinRotation, cosRotation);
    for (let row = 0; row < ROWS; row++) for (let corner = 0; corner < CORNERS; corner++) this.placeCorner(row, corner);
    this.limitSteps.set(key, this.corners.slice());
  }

  /**
   * Places one corner for the current rotation (docs/pv-model.md §8.2 steps 1–3): its row turned about its own axis,
   * then tilted about y = 10 with all rows, then turned to the axis azimuth.
   */
  placeCorner(row: number, corner: number): void {
    const { sinRotation, cosRotation, sinAxisTilt, cosAxisTilt, sinAxisAzimuth, cosAxisAzimuth } = this;
    const offset = this.rowOffsets[row]!;
    const acrossAxis = this.cornerAcrossAxis[row * CORNERS + corner]!;
    const alongAxis = corner === 1 || corner === 2 ? ROW_LENGTH : 0;
    const z0 = 0;
    const xRotated = acrossAxis * cosRotation + z0 * sinRotation + offset;
    const zRotated = -acrossAxis * sinRotation + z0 * cosRotation;
    const fromTiltLine = alongAxis - ROW_LENGTH;
    const yTilted = fromTiltLine * cosAxisTilt + zRotated * sinAxisTilt + ROW_LENGTH;
    const zTilted = -fromTiltLine * sinAxisTilt + zRotated * cosAxisTilt;
    const at = (row * CORNERS + corner) * 3;
    const corners = this.corners;
    corners[at] = xRotated * cosAxisAzimuth + yTilted * sinAxisAzimuth;
    corners[at + 1] = -xRotated * sinAxisAzimuth + yTilted * cosAxisAzimuth;
    corners[at + 2] = zTilted;
  }
}

/**
 * A shade fraction this far from 0, times (p + 10)·|S⊥|/(S·normal), has the same sign in the
 * literal computation (docs/pv-model.md §8.3), whatever its rounding: its coordinates are of the size of p + 10, and the ray's
 * length grows as the sun nears the rows' plane.
 */
const SHADE_MARGIN = 1e-10;
/** A sun closer than this (S·normal / |S⊥|) to the plane of the flat rows is left to the literal computation. */
const MIN_NORMAL_SHARE = 1e-4;
/** The literal computation gives no shade where |n·S| < 0.001 (n = (V_k1 − V_k0) × (V_k3 − V_k0), of length 10). */
const PARALLEL_CUTOFF = 0.001;
const ROW_NORMAL_LENGTH = 10;

/**
 * The sun in the plane across the rows' axis, where the three rows are segments of width 1 at pitch
 * p = 1/gcr and the ray of docs/pv-model.md §8.3 from row 1's sun-side edge meets the next row at
 * f(R) = 1 − p·cos θ / cos(θ − R) of its width from its near edge (θ: the sun's angle from the flat
 * rows' normal, toward positive rotation when `across` > 0). `valid` is false where the literal computation's other
 * tests may not agree with f's sign even far from 0: rows that overlap (p < 1), a sun behind, almost
 * in the rows' plane or along the axis, or so low that |n·S| may fall under its cutoff.
 */
export interface SunAcrossRows {
  valid: boolean;
  /** S·x (x: across the flat rows, toward positive rotation), signed. */
  across: number;
  /** S·normal of the flat rows. */
  normal: number;
  /** √(across² + normal²). */
  perpendicular: number;
  /** How far from 0 a fraction must be for its sign to be certain. */
  margin: number;
}

export function newSunAcrossRows(): SunAcrossRows {
  return { valid: false, across: 0, normal: 0, perpendicular: 0, margin: 0 };
}

export function sunAcrossRows(rows: RowGeometry, sun: Vector3, out: SunAcrossRows): void {
  const p = rows.pitch;
  const across = sun.x * rows.cosAxisAzimuth - sun.y * rows.sinAxisAzimuth;
  const normal = (sun.x * rows.sinAxisAzimuth + sun.y * rows.cosAxisAzimuth) * rows.sinAxisTilt + sun.z * rows.cosAxisTilt;
  const perpendicular = Math.sqrt(across * across + normal * normal);
  out.across = across;
  out.normal = normal;
  out.perpendicular = perpendicular;
  out.margin = (SHADE_MARGIN * (p + 10) * perpendicular) / normal;
  // where f is far from 0, |n·S| = 10·|S⊥|·cos(θ − R) > 10·p·(S·normal)
  // (rows so far apart, or a sun so near their plane, that the margin is no longer small: nothing certain)
  out.valid =
    p >= 1 &&
    out.margin < 1e-6 &&
    normal > MIN_NORMAL_SHARE * perpendicular &&
    Math.abs(across) > 1e-6 * perpendicular &&
    ROW_NORMAL_LENGTH * p * normal > 2 * PARALLEL_CUTOFF;
}

/** cos(θ − R) above which the ray and the rows' plane are far from parallel (the formula's reach). */
export const MIN_FACING_COS = 1e-6;

/**
 * Whether the literal shade fraction certainly finds no shade at the rotation of cosine `cosRotation` and sine
 * `sinRotation` (its fraction is then 0): f < −margin, so that the ray misses the next row.
 */
export function certainlyUnshaded(rows: RowGeometry, sun: SunAcrossRows, cosRotation: number, sinRotation: number): boolean {
  if (!sun.valid) return false;
  const across = Math.abs(sun.across);
  // |S⊥|·cos(θ − R), with R turned toward the sun
  const facing = sun.normal * cosRotation + across * (sun.across > 0 ? sinRotation : -sinRotation);
  return facing > MIN_FACING_COS * sun.perpendicular && rows.pitch * sun.normal > (1 + sun.margin) * facing;
}

/**
 * Beam shade fraction of the middle row (docs/pv-model.md §8.3): the ray from its sun-side long edge toward the sun
 * `sun` (unit vector) is intersected with the plane of the neighbouring row that faces the sun; the
 * result is where it lands across that row's width (0 when it misses). Rows act as infinitely long.
 */
export function shadeFraction(geometry: RowGeometry, sun: Vector3, rotationDeg: number): number {
  geometry.rotate(rotationDeg);
  return shadeFractionRotated(geometry, sun);
}

/** `shadeFraction` for the rotation last set on `geometry` (`rotate`, `rotateTo`). */
export function shadeFractionRotated(geometry: RowGeometry, sun: Vector3): number {
  return shadeFractionOf(geometry, sun, false);
}

/** `shadeFraction` with every corner already placed (`placeAllCorners`). */
export function shadeFractionPlaced(geometry: RowGeometry, sun: Vector3): number {
  return shadeFractionOf(geometry, sun, true);
}

function shadeFractionOf(geometry: RowGeometry, sun: Vector3, placed: boolean): number {
  // only the corners this rotation's test reads are placed
  if (!placed) {
    geometry.placeCorner(0, 0);
    geometry.placeCorner(1, 0);
    geometry.placeCorner(2, 0);
  }
  const v = geometry.corners;
  const sx = sun.x;
  const sy = sun.y;
  const sz = sun.z;
  // corner c of row r starts at index (r·4 + c)·3
  const r00 = 0;
  const r10 = 12;
  const r20 = 24;
  const towardPrevious = (v[r00]! - v[r10]!) * sx + (v[r00 + 1]! - v[r10 + 1]!) * sy + (v[r00 + 2]! - v[r10 + 2]!) * sz;
  const towardNext = (v[r20]! - v[r10]!) * sx + (v[r20 + 1]! - v[r10 + 1]!) * sy + (v[r20 + 2]! - v[r10 + 2]!) * sz;
  const shadingRow = towardPrevious < towardNext ? 2 : 0;
  if (!placed) {
    geometry.placeCorner(shadingRow, 1);
    geometry.placeCorner(shadingRow, 2);
    geometry.placeCorner(shadingRow, 3);
    if (shadingRow === 0) {
      geometry.placeCorner(1, 2);
      geometry.placeCorner(1, 3);
    } else {
      geometry.placeCorner(1, 1);
    }
  }

  // midpoint of row 1's sun-side long edge: corners 2 and 3 facing row 0, corners 0 and 1 facing row 2
  const ma = shadingRow === 0 ? r10 + 6 : r10;
  const mb = ma + 3;
  const mx = (v[ma]! + v[mb]!) / 2;
  const my = (v[ma + 1]! + v[mb + 1]!) / 2;
  const mz = (v[ma + 2]! + v[mb + 2]!) / 2;

  // plane of the shading row: normal n = (V_k1 − V_k0) × (V_k3 − V_k0)
  const k0 = shadingRow * 12;
  const k1 = k0 + 3;
  const k2 = k0 + 6;
  const k3 = k0 + 9;
  const ax = v[k1]! - v[k0]!;
  const ay = v[k1 + 1]! - v[k0 + 1]!;
  const az = v[k1 + 2]! - v[k0 + 2]!;
  const bx = v[k3]! - v[k0]!;
  const by = v[k3 + 1]! - v[k0 + 1]!;
  const bz = v[k3 + 2]! - v[k0 + 2]!;
  const nx = ay * bz - az * by;
  const ny = az * bx - ax * bz;
  const nz = ax * by - ay * bx;
  const normalDotSun = nx * sx + ny * sy + nz * sz;
  if (Math.abs(normalDotSun) < 0.001) return 0;
  const t = (nx * (v[k0]! - mx) + ny * (v[k0 + 1]! - my) + nz * (v[k0 + 2]! - mz)) / normalDotSun;
  if (t < 0) return 0;
  const px = mx + t * sx;
  const py = my + t * sy;
  const pz = mz + t * sz;

  // between the long edges of the shading row?
  if (bx * (px - v[k0]!) + by * (py - v[k0 + 1]!) + bz * (pz - v[k0 + 2]!) < 0) return 0;
  if (-bx * (px - v[k3]!) + -by * (py - v[k3 + 1]!) + -bz * (pz - v[k3 + 2]!) < 0) return 0;

  // position across the width, from the edge U (corners 2, 3 of row 2; 0, 1 of row 0) toward the other edge B
  const u1 = shadingRow === 2 ? k2 : k0;
  const u2 = u1 + 3;
  const b1 = shadingRow === 2 ? k0 : k2;
  const b2 = b1 + 3;
  const ux = (v[u1]! + v[u2]!) / 2;
  const uy = (v[u1 + 1]! + v[u2 + 1]!) / 2;
  const uz = (v[u1 + 2]! + v[u2 + 2]!) / 2;
  const wx = (v[b1]! + v[b2]!) / 2 - ux;
  const wy = (v[b1 + 1]! + v[b2 + 1]!) / 2 - uy;
  const wz = (v[b1 + 2]! + v[b2 + 2]!) / 2 - uz;
  return ((px - ux) * wx + (py - uy) * wy + (pz - uz) * wz) / (wx * wx + wy * wy + wz * wz);
}

/** The beam factor of array type 2 is 1 − shade fraction, stored in single precision (docs/pv-model.md §8.4). */
export function beamShadeFactor(shadeFractionValue: number): number {
  return Math.fround(1 - shadeFractionValue);
}

/** Mask angle φ0 of the row in front, degrees (docs/pv-model.md §8.5; ssc writes π as 3.1415926 here). */
export function maskAngleDeg(surfaceTiltDeg: number, gcr: number): number {
  // biome-ignore lint/suspicious/noApproximativeNumericConstant: ssc's own approximation of π, which the outputs depend on
  return (180 / 3.1415926) * Math.atan2(sind(surfaceTiltDeg), 1 / gcr - cosd(surfaceTiltDeg));
}

/** Sky and ground diffuse derates from `diffuseShadeFactors`. */
export interface DiffuseShadeFactors {
  sky: number;
  ground: number;
}

/** Discretisation count of ssc `diffuse_reduce`. */
const DIFFUSE_STEPS = 1000;
const DIFFUSE_ROW_WIDTH = 1;

/**
 * What `diffuse_reduce` computes from the surface tilt β, the mask angle φ0 and gcr alone: kept
 * while the tilt stays the same (a tracker at its rotation limit), as the very same values.
 */
export interface DiffuseTiltTerms {
  /** 1 + cosd(β). */
  onePlusCosTilt: number;
  /** 1 − cosd(φ0/2)²: the share of the sky the row in front hides. */
  hiddenSky: number;
  /** sind(β/2). */
  sinHalfTilt: number;
  /** cosd(180 − β). */
  cosSupplement: number;
  /** Row pitch over width, 1/gcr. */
  rowPitch: number;
  /** f3 over ½·albedo: the ground the rows see between them. */
  openGround: number;
}

export function newDiffuseTiltTerms(): DiffuseTiltTerms {
  return { onePlusCosTilt: 2, hiddenSky: 0, sinHalfTilt: 0, cosSupplement: -1, rowPitch: 1, openGround: 0 };
}

/** `DiffuseTiltTerms` for surface tilt `surfaceTiltDeg`, gcr and mask angle `maskDeg` (degrees). */
export function diffuseTiltTerms(surfaceTiltDeg: number, gcr: number, maskDeg: number, out: DiffuseTiltTerms): void {
  const rowWidth = DIFFUSE_ROW_WIDTH;
  const rowPitch = rowWidth / gcr;
  const cosHalfMask = cosd(maskDeg / 2);
  const cosSupplement = cosd(180 - surfaceTiltDeg);
  out.onePlusCosTilt = 1 + cosd(surfaceTiltDeg);
  out.hiddenSky = 1 - cosHalfMask * cosHalfMask;
  out.sinHalfTilt = sind(surfaceTiltDeg / 2);
  out.cosSupplement = cosSupplement;
  out.rowPitch = rowPitch;
  out.openGround = groundViewFactor(rowPitch, cosSupplement);
}

const scratchTiltTerms = newDiffuseTiltTerms();

/**
 * ssc `diffuse_reduce` (docs/pv-model.md §8.5): the share of sky and ground-reflected diffuse a row keeps
 * behind the row in front. `poaDiffuseWm2` is the unshaded sky + ground POA, `dniWm2` the weather
 * DNI, angles in degrees.
 */
export function diffuseShadeFactors(
  zenithDeg: number,
  surfaceTiltDeg: number,
  dniWm2: number,
  poaDiffuseWm2: number,
  gcr: number,
  maskDeg: number,
  albedo: number,
  out: DiffuseShadeFactors,
): void {
  diffuseTiltTerms(surfaceTiltDeg, gcr, maskDeg, scratchTiltTerms);
  diffuseShadeFactorsFrom(scratchTiltTerms, zenithDeg, cosd(zenithDeg), sind(90 - zenithDeg), surfaceTiltDeg, dniWm2, poaDiffuseWm2, albedo, out);
}

/**
 * `diffuseShadeFactors` from the surface's `DiffuseTiltTerms` and the sun's cosd(Z) and sind(90 − Z)
 * (a site computes them once per record).
 */
export function diffuseShadeFactorsFrom(
  tilt: DiffuseTiltTerms,
  zenithDeg: number,
  cosdZenith: number,
  sindElevation: number,
  surfaceTiltDeg: number,
  dniWm2: number,
  poaDiffuseWm2: number,
  albedo: number,
  out: DiffuseShadeFactors,
): void {
  if (poaDiffuseWm2 < 0.1) {
    out.sky = 1;
    out.ground = 1;
    return;
  }
  const n = DIFFUSE_STEPS;
  const horizontalDiffuse = (poaDiffuseWm2 * 2) / tilt.onePlusCosTilt;
  const horizontalBeam = dniWm2 * cosdZenith;
  const reducedSky = poaDiffuseWm2 - (horizontalDiffuse * tilt.hiddenSky * (n - 1)) / n;
  out.sky = reducedSky / poaDiffuseWm2;

  const rowWidth = DIFFUSE_ROW_WIDTH;
  const rowPitch = tilt.rowPitch;
  const elevationDeg = 90 - zenithDeg;
  const sinHalfTilt = tilt.sinHalfTilt;
  const f1 = albedo * sinHalfTilt * sinHalfTilt;
  let shadowLength = rowPitch - (rowWidth * sind(180 - elevationDeg - surfaceTiltDeg)) / sindElevation;
  shadowLength = 0.00001 < shadowLength ? shadowLength : 0.00001;
  const cosSupplement = tilt.cosSupplement;
  const f2 = 0.5 * albedo * groundViewFactor(shadowLength, cosSupplement);
  const f3 = 0.5 * albedo * tilt.openGround;
  out.ground = groundDiffuseDerate(f1, f2, f3, n, horizontalBeam, horizontalDiffuse);
}
