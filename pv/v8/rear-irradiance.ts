/**
 * Rear-side irradiance of a bifacial row, as PVWatts v8 computes it (ssc 2025.4.16.r0.ssc.302,
 * `irrad::calc_rear_side` in ssc's `lib_irradproc.cpp`, called by `cm_pvwattsv8::exec` with
 * transmission factor 0.013, ground clearance 1 m and slope length = module length × modules up),
 * docs/pv-model.md §10.
 *
 * The model is Marion et al., "A Practical Irradiance Model for Bifacial PV Modules" (NREL/CP-5J00-
 * 67847, 2017): an infinitely long row in 2-D, between identical rows in front and behind.
 *  1. The ground between two rows is cut into 100 strips; each sees the sky through the gaps
 *     between rows (sky configuration factors, 2-D view factors ½(cos β₁ − cos β₂), Duffie & Beckman
 *     3.8) and is in the rows' shadow or not (shadow lengths after Appelbaum & Bany 1979).
 *  2. Each strip's irradiance ("ground GHI") is its view of the isotropic sky plus, unless shaded,
 *     beam and circumsolar on the horizontal; a shaded strip gets 1.3 % of them through the rows.
 *  3. The front of the row behind is needed for what it reflects onto the rear: 6 cell rows, each
 *     looking out over 180 one-degree bands, summing sky, horizon band and ground, weighted by the
 *     glass AOI correction of each band (Marion's table) and by the band's view factor.
 *  4. The rear of the row: the same 180 bands seeing sky, the front of the row behind, and the
 *     ground (reflected with the albedo), plus the rear beam and circumsolar through glass
 *     (Sjerps-Koomen IAM), less what the row's own shadow takes; averaged over the 6 cell rows.
 *
 * Only the average rear irradiance is returned (ssc `get_poa_rear`); pvwattsv8 multiplies it by the
 * bifaciality.
 *
 * How it is computed. For a given tilt, what each cell row sees is fixed: its bands, and where each
 * falls (sky, the row behind, which ground strips). So each side's irradiance is linear in what the
 * record brings (the isotropic sky, the horizon brightening, each strip's GHI, the front's
 * reflections), with weights that depend on the tilt alone (`SideView`: each band's view factor and
 * glass factor, summed over the bands that see the same thing). The weights of a tilt are built
 * once (`TiltGeometry`, kept for the last few tilts: a fixed array builds them once, a tracker at
 * its rotation limit reuses them), and summed so that a record costs a few terms per cell row: a
 * strip's GHI is f·isotropic + direct (or transmitted, in the shadow), so Σ w·GHI is
 * (Σ w·f)·isotropic + (Σ w)·direct less the shaded runs' Σ w·(direct − transmitted). The per-record
 * work allocates nothing.
 *
 * The whole-degree band limits come from ssc's own atan expressions. Elsewhere the sums are taken
 * in another order, a ground band's edges from their cotangent by sines and cosines (ssc: tan of
 * the summed angle) and the strips' sky view from direction cosines (ssc: cos of an atan), so the
 * values differ from ssc's functions by a few 1e-15 (tests hold them to ssc's own, run by a
 * harness); an edge landing within ~1e-14 of a strip boundary could fall in the other strip, which
 * changes nothing but rounding (a band's weight on its end strips is the part of them it covers).
 */
import { PerezCase, type PerezParts, perezParts, type PerezSky } from '../common/irradiance.ts';
import { GLASS_INDEX } from '../common/glass.ts';
import { incidenceAngle } from '../common/incidence.ts';
import { fmax, roundHalfAway } from '../common/libm.ts';
import { DTOR, RTOD } from '../common/units.ts';

/** Ground strips between two rows (ssc `intervals`). */
const STRIPS = 100;
/** Cell rows up the slope of a row (ssc `poaFrontIrradRes`, `poaRearIrradRes`). */
const CELL_ROWS = 6;
/** One-degree bands of a cell's half-plane view. */
const BANDS = 180;
/** Horizon band's view factor as the front side writes it, ½(cos 84° − cos 90°) to 5 digits. */
const FRONT_HORIZON_BAND = 0.052246;
/** Tolerance of the cell-overlap tests of the row reflections. */
const OVERLAP_TOLERANCE = 0.0001;
/** Fraction of a band's projection over the row pitch beyond which the strips' mean is used, and the same in strips. */
const WHOLE_PITCH_FRACTION = 0.99;
const WHOLE_PITCH_STRIPS = WHOLE_PITCH_FRACTION * STRIPS;

/**
 * AOI correction of glass for each one-degree band of view (0°–1° … 179°–180° from the surface's
 * upper edge), ssc `MarionAOICorrectionFactorsGlass` (lib_pv_incidence_modifier.h), from Marion 2017.
 */
const MARION_GLASS = new Float64Array([
  0.057563, 0.12857, 0.199651, 0.265024, 0.324661, 0.378968, 0.428391, 0.47367, 0.514788, 0.552454, 0.586857, 0.618484, 0.647076, 0.673762, 0.698029, 0.720118,
  0.740726, 0.759671, 0.776946, 0.792833, 0.807374, 0.82101, 0.833534, 0.845241, 0.855524, 0.865562, 0.874567, 0.882831, 0.890769, 0.897939, 0.904373, 0.910646,
  0.916297, 0.921589, 0.926512, 0.930906, 0.935179, 0.939074, 0.942627, 0.946009, 0.949096, 0.95203, 0.954555, 0.957157, 0.959669, 0.9615, 0.963481, 0.965353,
  0.967387, 0.96858, 0.970311, 0.971567, 0.972948, 0.974114, 0.975264, 0.976287, 0.977213, 0.978142, 0.979057, 0.979662, 0.98046, 0.9811, 0.981771, 0.982459,
  0.982837, 0.983199, 0.983956, 0.984156, 0.984682, 0.985026, 0.985364, 0.985645, 0.985954, 0.986241, 0.986484, 0.986686, 0.986895, 0.987043, 0.987287,
  0.987388, 0.987541, 0.987669, 0.987755, 0.987877, 0.987903, 0.987996, 0.988022, 0.988091, 0.988104, 0.988114, 0.988114, 0.988104, 0.988091, 0.988022,
  0.987996, 0.987903, 0.987877, 0.987755, 0.987669, 0.987541, 0.987388, 0.987287, 0.987043, 0.986895, 0.986686, 0.986484, 0.98624, 0.985954, 0.985645, 0.985364,
  0.98502, 0.984676, 0.984156, 0.983956, 0.983199, 0.982837, 0.982459, 0.981771, 0.9811, 0.98046, 0.979662, 0.979057, 0.978142, 0.977213, 0.976287, 0.975264,
  0.974114, 0.972947, 0.971567, 0.970311, 0.96858, 0.967387, 0.965353, 0.963481, 0.961501, 0.959671, 0.957157, 0.954555, 0.95203, 0.949096, 0.946009, 0.942627,
  0.939074, 0.935179, 0.930906, 0.926512, 0.921589, 0.916297, 0.910646, 0.904373, 0.897939, 0.890769, 0.882831, 0.874567, 0.865562, 0.855524, 0.845241,
  0.833534, 0.82101, 0.807374, 0.792833, 0.776946, 0.759671, 0.740726, 0.720118, 0.698029, 0.673762, 0.647076, 0.618484, 0.586857, 0.552454, 0.514788, 0.47367,
  0.428391, 0.378968, 0.324661, 0.265024, 0.199651, 0.12857, 0.057563,
]);

/** Reflectance of glass at normal incidence, ((n − 1)/(n + 1))² (Duffie & Beckman 5.1.4). */
const NORMAL_REFLECTANCE = ((GLASS_INDEX - 1) / (GLASS_INDEX + 1)) * ((GLASS_INDEX - 1) / (GLASS_INDEX + 1));

/** ½(cos j° − cos (j+1)°): the 2-D view factor of band j from a point of the surface. */
const BAND_VIEW = new Float64Array(BANDS);
/** Band view factor × glass AOI correction: what reaches the cells from a radiance of 1 in band j. */
const BAND_THROUGH_GLASS = new Float64Array(BANDS);
/** 1 − AOI correction × (1 − normal reflectance): the share of band j the front glass reflects. */
const BAND_REFLECTED = new Float64Array(BANDS);
for (let j = 0; j < BANDS; j++) {
  BAND_VIEW[j] = 0.5 * (Math.cos(j * DTOR) - Math.cos((j + 1) * DTOR));
  BAND_THROUGH_GLASS[j] = BAND_VIEW[j]! * MARION_GLASS[j]!;
  BAND_REFLECTED[j] = 1 - MARION_GLASS[j]! * (1 - NORMAL_REFLECTANCE);
}
/** Band view factor × the share the front glass reflects: what the rear sees of a radiance of 1 on the front in band j. */
const BAND_REFLECTED_VIEW = new Float64Array(BANDS);
for (let j = 0; j < BANDS; j++) BAND_REFLECTED_VIEW[j] = BAND_VIEW[j]! * BAND_REFLECTED[j]!;
/** Running sums of the two band weights: `sums[n]` = Σ_{j<n} weight[j], added in the order of j. */
function runningSums(weights: Float64Array): Float64Array {
  const sums = new Float64Array(BANDS + 1);
  let sum = 0;
  for (let j = 0; j < BANDS; j++) sums[j + 1] = sum += weights[j]!;
  return sums;
}
const BAND_REFLECTED_VIEW_SUMS = runningSums(BAND_REFLECTED_VIEW);
const BAND_THROUGH_GLASS_SUMS = runningSums(BAND_THROUGH_GLASS);
/** cos and sin of m° (m = 0…180): band edges are whole degrees from a cell's line to a row's edge. */
const DEGREE_COS = new Float64Array(BANDS + 1);
const DEGREE_SIN = new Float64Array(BANDS + 1);
for (let m = 0; m <= BANDS; m++) {
  DEGREE_COS[m] = Math.cos(m * DTOR);
  DEGREE_SIN[m] = Math.sin(m * DTOR);
}
/** ½(cos 84° − cos 90°), the rear side's horizon band (the 6° the horizon brightening comes from). */
const REAR_HORIZON_BAND = 0.5 * (Math.cos(84 * DTOR) - Math.cos(90 * DTOR));

/** ssc irrad's tracking modes, as pvwattsv8 sets them from `array_type`. */
export const RearTrackingMode = {
  /** Array types 0 and 1 (fixed rack, fixed roof). */
  fixed: 0,
  /** Array types 2 and 3: the row's lower edge rises and falls with its rotation about a 1 m axis. */
  oneAxis: 1,
  /** Array type 4. */
  twoAxis: 2,
  /** Azimuth-axis tracking (not an input of pvwattsv8, kept for completeness). */
  azimuthAxis: 3,
} as const;

/** The rows, fixed for a simulation. */
export interface RearRows {
  /** `RearTrackingMode`. */
  trackingMode: number;
  /** Ground coverage ratio (row slope length / row pitch), the system input `gcr`. */
  gcr: number;
  /** Slope length of a row, m: module length × modules up the row (pvwattsv8 `module.length * pv.nmody`). */
  slopeLengthM: number;
  /**
   * Height above the ground, m, of a fixed row's lower edge, or of a 1-axis tracker's axis (the
   * lower edge is then at this height − ½·slope·sin tilt). pvwattsv8: 1.
   */
  groundClearanceM: number;
  /** Share of beam and circumsolar reaching shaded ground through the rows (pvwattsv8: 0.013). */
  transmissionFactor: number;
}

/** pvwattsv8's fixed choices for `RearRows` (cmod_pvwattsv8.cpp: `calc_rear_side(0.013, 1, …)`). */
export const PVWATTS_V8_REAR = { groundClearanceM: 1, transmissionFactor: 0.013 } as const;

/**
 * The rows as pvwattsv8 describes them to `calc_rear_side`: the tracking mode exec gives `irrad`
 * for `arrayType` (0, 1 fixed; 2, 3 one-axis; 4 two-axis), the `gcr` input, and the slope length
 * module length × modules up (row-shading.ts `rowLayout(…).rowSlopeLengthM`, m).
 */
export function pvwattsV8RearRows(arrayType: number, gcr: number, rowSlopeLengthM: number): RearRows {
  const trackingMode = arrayType <= 1 ? RearTrackingMode.fixed : arrayType <= 3 ? RearTrackingMode.oneAxis : RearTrackingMode.twoAxis;
  return { trackingMode, gcr, slopeLengthM: rowSlopeLengthM, ...PVWATTS_V8_REAR };
}

/**
 * One record. All angles are those ssc `irrad` holds after `calc()`, in radians.
 */
export interface RearRecord {
  /**
   * Perez sky (coefficients of docs/pv-model.md §9.2) for the DNI and DHI that `irrad` last handed to
   * Perez (`calculatedDirectNormal`, `calculatedDiffuseHorizontal`): this record's weather values,
   * except on a record whose beam exceeded the extraterrestrial (calc() code −1), where they are
   * still those of the last sun-up record that reached Perez (at the start of a run DNI −999,
   * i.e. 0, and DHI 0); and the zenith below. As `perezSkyCoefficients` (pv/common/irradiance.ts) fills it.
   */
  sky: PerezSky;
  /** Solar zenith, radians (`sunAnglesRadians[1]`). */
  sunZenithRad: number;
  /** Solar azimuth, radians clockwise from north (`sunAnglesRadians[0]`). */
  sunAzimuthRad: number;
  /** Solar elevation, radians (`sunAnglesRadians[2]`, SPA's own elevation, not π/2 − zenith). */
  sunElevationRad: number;
  /** Surface tilt of the row's front, radians (`surfaceAnglesRadians[1]`; a tracker's current tilt). */
  surfaceTiltRad: number;
  /** Surface azimuth of the row's front, radians clockwise from north (`surfaceAnglesRadians[2]`). */
  surfaceAzimuthRad: number;
  /** Ground albedo of the record. */
  albedo: number;
}

/** Angle of incidence on a fixed surface (ssc `incidence` mode 0) of tilt and azimuth in degrees. */
function fixedIncidenceRad(tiltDeg: number, azimuthDeg: number, zenithRad: number, sunAzimuthRad: number): number {
  const tilt = tiltDeg * DTOR;
  return incidenceAngle(Math.sin(zenithRad), Math.cos(zenithRad), sunAzimuthRad, Math.sin(tilt), Math.cos(tilt), azimuthDeg * DTOR);
}

/**
 * Sjerps-Koomen et al. (1996) incidence angle modifier of glass of index n, normalised at normal
 * incidence (ssc `iamSjerpsKoomen`): 1 − ½(sin²(θr − θ)/sin²(θr + θ) + tan²(θr − θ)/tan²(θr + θ)),
 * with θr = asin(sin θ / n), over 1 − r0.
 */
export function sjerpsKoomenIam(incidenceRad: number): number {
  if (incidenceRad === 0) return 1;
  if (!(incidenceRad > 0 && incidenceRad <= Math.PI / 2)) return -9999;
  const refraction = Math.asin(Math.sin(incidenceRad) / GLASS_INDEX);
  const sinDifference = Math.sin(refraction - incidenceRad);
  const sinSum = Math.sin(refraction + incidenceRad);
  const tanDifference = Math.tan(refraction - incidenceRad);
  const tanSum = Math.tan(refraction + incidenceRad);
  const perpendicular = (sinDifference * sinDifference) / (sinSum * sinSum);
  const parallel = (tanDifference * tanDifference) / (tanSum * tanSum);
  return (1 - 0.5 * (perpendicular + parallel)) / (1 - NORMAL_REFLECTANCE);
}

/** cos of the elevation β ∈ (0, π) of an edge `heightM` > 0 above the ground and `aheadM` ahead of a point on it (+x). */
function elevationCos(heightM: number, aheadM: number): number {
  return aheadM / Math.sqrt(aheadM * aheadM + heightM * heightM);
}

/** Repetitions of a wrap-around loop past which the pitch is taken by division (see `wrapDown`). */
const MAX_WRAPS = 1_000_000;

/**
 * The shadow start/end loops of `getGroundShadeFactors`: subtract (or add) the pitch until the start
 * is within it, the same subtractions in the same order. ssc would spin for ages when the sun is
 * on the horizon (a shadow of ~1e16 pitches); past `MAX_WRAPS` the remaining whole pitches are taken
 * at once instead.
 */
const wrapped = { start: 0, end: 0 };
function wrapDown(start: number, end: number, pitch: number): void {
  let count = 0;
  while (start > pitch) {
    if (++count > MAX_WRAPS) {
      const pitches = Math.floor(start / pitch);
      start -= pitches * pitch;
      end -= pitches * pitch;
      continue;
    }
    start -= pitch;
    end -= pitch;
  }
  wrapped.start = start;
  wrapped.end = end;
}
function wrapUp(start: number, end: number, pitch: number): void {
  let count = 0;
  while (start < 0) {
    if (++count > MAX_WRAPS) {
      const pitches = Math.ceil(-start / pitch);
      start += pitches * pitch;
      end += pitches * pitch;
      continue;
    }
    start += pitch;
    end += pitch;
  }
  wrapped.start = start;
  wrapped.end = end;
}

/**
 * What one side of a row sees from each of its cell rows at one tilt, as the weights of what it sees
 * (each one-degree band's view factor, times its glass AOI correction on the back or the share its
 * glass reflects on the front, summed over the bands that see the same thing): the isotropic sky,
 * the horizon brightening, the ground's mean reflected irradiance (bands that project onto more than
 * 0.99 of a pitch), each ground strip's reflected irradiance, and on the back each cell row of the
 * front of the row behind. Only the tilt decides these; the irradiances come with each record, and
 * each side's irradiance is linear in them.
 */
class SideView {
  /** Per cell row: weight of the isotropic sky radiance. */
  readonly sky = new Float64Array(CELL_ROWS);
  /** Per cell row: weight of the horizon part of Perez (its horizon bands' factors over the horizon band's view factor). */
  readonly horizon = new Float64Array(CELL_ROWS);
  /** Per cell row: weight of the ground's mean reflected irradiance. */
  readonly groundMean = new Float64Array(CELL_ROWS);
  /**
   * Per cell row i and strip k, at i·100 + k: weight of strip k's reflected irradiance (its GHI ×
   * albedo) from the bands within one strip and the end strips of the others; `sumStrips` adds the
   * runs of whole strips between.
   */
  readonly strips = new Float64Array(CELL_ROWS * STRIPS);
  /** Back side: per cell row i and cell row k of the front of the row behind, at i·6 + k, weight of what k reflects. */
  readonly frontCells = new Float64Array(CELL_ROWS * CELL_ROWS);
  /** Per cell row, where runs of equal strip weights start (+) and end (−), at i·101 + k (`addGroundBand`, `sumStrips`). */
  private readonly runs = new Float64Array(CELL_ROWS * (STRIPS + 1));
  /**
   * Per cell row, the strips' weights summed: in all, times the strips' sky configuration factors,
   * and running (at i·101 + k, the weights of strips 0…k − 1), so that what a cell row sees of the
   * ground is a few terms per record (`RearIrradiance.reflectedGround`).
   */
  readonly stripTotal = new Float64Array(CELL_ROWS);
  readonly stripSky = new Float64Array(CELL_ROWS);
  readonly stripSums = new Float64Array(CELL_ROWS * (STRIPS + 1));

  reset(): void {
    this.sky.fill(0);
    this.horizon.fill(0);
    this.groundMean.fill(0);
    this.strips.fill(0);
    this.frontCells.fill(0);
    this.runs.fill(0);
  }

  /**
   * The sky bands 0…stopSky − 1 of cell row `row`, the last `horizonBands` of them also seeing the
   * horizon brightening (spread over the horizon band's view factor `horizonBand`); `factors` are
   * the bands' weights and `sums` their running sums (`sums[n]` = factors[0] + … + factors[n − 1]).
   */
  addSky(row: number, stopSky: number, horizonBands: number, factors: Float64Array, sums: Float64Array, horizonBand: number): void {
    this.sky[row] = stopSky > 0 ? sums[stopSky]! : 0;
    let horizon = 0;
    for (let j = Math.max(0, stopSky - horizonBands); j < stopSky; j++) horizon += factors[j]!;
    this.horizon[row] = horizon / horizonBand;
  }

  /**
   * A ground band of cell row `row` with weight `factor`, from its ends `x1` < `x2` in strips
   * (scaled by 100/pitch and moved into range as ssc moves them) and the strips they fall in, read
   * as ssc reads the band: inside one strip, that strip; else the strips' mean weighted by the part
   * of each end strip it covers. Strips past the pitch (front) or before the row (back) are the same
   * strips a pitch away. (ssc reads the front's first strip without folding it, but it is always
   * within the pitch there: the front's ends are moved until both are ≥ 0, and x1 < x2.)
   */
  addGroundBand(row: number, factor: number, x1: number, x2: number, index1: number, index2: number): void {
    const at = row * STRIPS;
    const strips = this.strips;
    if (index1 === index2) {
      strips[at + foldStrip(index1)]! += factor;
      return;
    }
    const perStrip = factor / (x2 - x1);
    strips[at + foldStrip(index1)]! += perStrip * (index1 + 1 - x1);
    strips[at + foldStrip(index2)]! += perStrip * (x2 - index2);
    // the whole strips between (fewer than 100), as a run of equal weights from `first` up to
    // `end`, folded into the pitch: one run, or two when it crosses the pitch's end
    let first = index1 + 1;
    let end = index2;
    if (first >= end) return;
    const shift = first < 0 ? STRIPS : first >= STRIPS ? -STRIPS : 0;
    first += shift;
    end += shift;
    const runs = this.runs;
    const runsAt = row * (STRIPS + 1);
    runs[runsAt + first]! += perStrip;
    if (end <= STRIPS) {
      runs[runsAt + end]! -= perStrip;
    } else {
      runs[runsAt + STRIPS]! -= perStrip;
      runs[runsAt]! += perStrip;
      runs[runsAt + end - STRIPS]! -= perStrip;
    }
  }

  /**
   * Completes the strips' weights with the runs of `addGroundBand` (each strip gets the sum of the
   * runs that cover it), and sums them per cell row: in all, times the strips' sky configuration
   * factors, and running.
   */
  sumStrips(skyConfiguration: Float64Array): void {
    const { runs, strips, stripSums } = this;
    for (let row = 0; row < CELL_ROWS; row++) {
      let run = 0;
      let total = 0;
      let sky = 0;
      stripSums[row * (STRIPS + 1)] = 0;
      for (let k = 0; k < STRIPS; k++) {
        run += runs[row * (STRIPS + 1) + k]!;
        const weight = strips[row * STRIPS + k]! + run;
        total += weight;
        sky += weight * skyConfiguration[k]!;
        stripSums[row * (STRIPS + 1) + k + 1] = total;
      }
      this.stripTotal[row] = total;
      this.stripSky[row] = sky;
    }
  }
}

/** sin and cos of the angle `bandEdges` was last given (fields, not module variables: no number boxed per call). */
const edge = { sin: 0, cos: 1 };

/** Sets the angle (radians) from which `bandEdgeCot` counts whole degrees. */
function bandEdges(startRad: number): void {
  edge.sin = Math.sin(startRad);
  edge.cos = Math.cos(startRad);
}

/**
 * cot(start + m°) from the sines and cosines of the two angles (ssc takes the tan of the sum; the
 * two agree to an ulp or two of the angle).
 */
function bandEdgeCot(m: number): number {
  return (edge.cos * DEGREE_COS[m]! - edge.sin * DEGREE_SIN[m]!) / (edge.sin * DEGREE_COS[m]! + edge.cos * DEGREE_SIN[m]!);
}

/** A strip index one pitch before or after the row's, folded into 0…99. */
function foldStrip(k: number): number {
  return k < 0 ? k + STRIPS : k >= STRIPS ? k - STRIPS : k;
}

/**
 * The geometry of the rows at one surface tilt (m; coordinates across the rows, origin on the
 * ground below the lower edge of the row, +x toward the row behind): everything of
 * `calc_rear_side` that does not depend on the sun or the sky.
 */
class TiltGeometry {
  /** The front surface's tilt this geometry is for, radians (NaN: unused). */
  tiltRad = Number.NaN;
  /** The tilt getBackSurfaceIrradiances reads: the front tilt rebuilt from degrees by ssc `incidence`. */
  backTiltRad = 0;
  clearance = 0;
  verticalHeight = 0;
  horizontalLength = 0;
  /** Ground between the back of a row and the front of the next, m. */
  gap = 0;
  /** Sky configuration factor of each ground strip, and their sum. */
  readonly skyConfiguration = new Float64Array(STRIPS);
  skyConfigurationSum = 0;
  /** Fraction of a strip left over when 1-axis albedos are moved from the row's middle to its front. */
  albedoLeftover = 0;
  readonly front = new SideView();
  readonly back = new SideView();
}

/** Geometries kept per instance: a fixed array needs one, a tracker reuses those of its rotation limits. */
const GEOMETRY_SLOTS = 4;

/**
 * Rear-side irradiance of the rows of one simulation. Create once per simulation; `compute` once
 * per sun-up record (ssc returns 0 for a record with the sun down, without computing anything).
 */
export class RearIrradiance {
  readonly rows: Readonly<RearRows>;
  /** Per cell row, bottom first, the rear irradiance of the last `compute`, W/m² (not flipped after noon). */
  readonly cellRowIrradiance = new Float64Array(CELL_ROWS);
  /** Diagnostics of the last `compute` (ssc `poaRearGroundReflected`, `poaRearRowReflections`, `poaRearDirectDiffuse`), W/m². */
  groundReflectedWm2 = 0;
  rowReflectionsWm2 = 0;
  directDiffuseWm2 = 0;

  private readonly pitch: number;
  private readonly geometries: TiltGeometry[] = [];
  private nextGeometry = 0;
  /** The runs of ground strips in the rows' shadow: strips shadeStart[r] … shadeEnd[r] − 1, r < shadeRuns. */
  private readonly shadeStart = new Int32Array(STRIPS);
  private readonly shadeEnd = new Int32Array(STRIPS);
  private shadeRuns = 0;
  private shadedStrips = 0;
  /**
   * The record's ground irradiance (ssc's rear and front "ground GHI", which are equal), W/m²: a
   * strip gets `skyConfiguration` × `isotropic`, plus `direct` (beam and circumsolar on the
   * horizontal), or `transmitted` through the rows where shaded.
   */
  private isotropic = 0;
  private direct = 0;
  private transmitted = 0;
  /** Irradiance the front of each cell row reflects, W/m². */
  private readonly frontReflected = new Float64Array(CELL_ROWS);
  private readonly parts: PerezParts = { beam: 0, isotropic: 0, circumsolar: 0, horizon: 0 };
  private backShadeFraction = 0;
  /** Albedo of every ground strip after ssc's alignment. */
  private stripAlbedo = 0;
  /** Reflected irradiance of a band spanning a whole pitch: mean ground GHI × sum of strip albedos / 100, W/m². */
  private meanReflected = 0;
  /** The last strip albedo and its sum over the 100 strips (albedos rarely change from one record to the next). */
  private summedAlbedo = Number.NaN;
  private albedoSum = 0;

  constructor(rows: RearRows) {
    this.rows = { ...rows };
    this.pitch = rows.slopeLengthM / rows.gcr;
  }

  /** Average rear-side irradiance over the 6 cell rows, W/m², before bifaciality (ssc `get_poa_rear`). */
  compute(record: RearRecord): number {
    const geometry = this.geometryFor(record.surfaceTiltRad);
    this.groundShade(geometry, record.sunAzimuthRad, record.sunElevationRad, record.surfaceAzimuthRad);
    const parts = this.parts;
    // Perez on the horizontal (ssc: incidence = zenith, tilt 0) for the ground and the sky bands,
    // and the horizon part of a vertical south-facing surface for the horizon bands
    perezParts(record.sky, record.sunZenithRad, record.sunZenithRad, 0, parts);
    const isotropic = parts.isotropic;
    this.groundIrradiance(geometry, parts.beam + parts.circumsolar, isotropic);
    this.alignAlbedo(geometry, record.albedo);
    const horizon = this.horizonDiffuse(record);
    this.frontReflections(geometry, isotropic, horizon);
    return this.rearIrradiance(geometry, record, isotropic, horizon);
  }

  /** The kept geometry of this tilt, or one built into the next slot. */
  private geometryFor(tiltRad: number): TiltGeometry {
    const geometries = this.geometries;
    for (const geometry of geometries) if (geometry.tiltRad === tiltRad) return geometry;
    let geometry = geometries[this.nextGeometry];
    if (geometry === undefined) {
      geometry = new TiltGeometry();
      geometries.push(geometry);
    }
    this.nextGeometry = (this.nextGeometry + 1) % GEOMETRY_SLOTS;
    this.buildGeometry(geometry, tiltRad);
    return geometry;
  }

  private buildGeometry(geometry: TiltGeometry, tilt: number): void {
    const { rows, pitch } = this;
    const slope = rows.slopeLengthM;
    geometry.tiltRad = tilt;
    // calc_rear_side: a 1-axis row pivots about its axis at the clearance height
    geometry.clearance = rows.trackingMode === RearTrackingMode.oneAxis ? rows.groundClearanceM - 0.5 * slope * Math.sin(tilt) : rows.groundClearanceM;
    geometry.verticalHeight = slope * Math.sin(tilt);
    geometry.horizontalLength = slope * Math.cos(tilt);
    geometry.gap = pitch - geometry.horizontalLength;
    // getFrontSurfaceIrradiances leaves irrad's surface angles as ssc `incidence` mode 0 rebuilds
    // them from degrees, and getBackSurfaceIrradiances reads the tilt from there
    geometry.backTiltRad = tilt * RTOD * DTOR;
    // divideAndAlignAlbedos: strips between the row's front and its middle
    const stripsToMiddle = (0.5 * geometry.horizontalLength) / (pitch / STRIPS);
    geometry.albedoLeftover = Math.ceil(stripsToMiddle) - stripsToMiddle;
    this.skyConfigurationFactors(geometry);
    geometry.front.reset();
    geometry.back.reset();
    this.frontView(geometry);
    this.backView(geometry);
    geometry.front.sumStrips(geometry.skyConfiguration);
    geometry.back.sumStrips(geometry.skyConfiguration);
  }

  /**
   * `getSkyConfigurationFactors`: for the centre x of each strip, the sky it sees through the three
   * gaps nearest it (between the rows two ahead and one ahead, one ahead and its own, its own and
   * the one behind), each ½(cos βa − cos βb) for the elevation angles β ∈ (0, π) of the edges
   * bounding the gap, when βb > βa. ssc takes each β as the atan of height over distance moved into
   * [0, π) and then its cosine; here the cosine is the distance over the hypotenuse (the rows'
   * edges are all above the ground), and the larger of two angles the smaller cosine.
   */
  private skyConfigurationFactors(geometry: TiltGeometry): void {
    const pitch = this.pitch;
    const { verticalHeight: height, clearance, horizontalLength: length, gap } = geometry;
    const top = height + clearance;
    const delta = pitch / STRIPS;
    let x = -delta / 2;
    let sum = 0;
    for (let i = 0; i < STRIPS; i++) {
      x += delta;
      const cos1 = Math.min(elevationCos(top, 2 * pitch + length - x), elevationCos(clearance, 2 * pitch - x));
      const cosC = elevationCos(top, pitch + length - x);
      const cosD = elevationCos(clearance, pitch - x);
      const cos2 = Math.max(cosC, cosD);
      const cos3 = Math.min(cosC, cosD);
      const cos4 = elevationCos(top, length - x);
      const cos5 = elevationCos(clearance, -x);
      const cos6 = elevationCos(top, -gap - x);
      let sky1 = 0;
      let sky2 = 0;
      let sky3 = 0;
      if (cos2 < cos1) sky1 = 0.5 * (cos1 - cos2);
      if (cos4 < cos3) sky2 = 0.5 * (cos3 - cos4);
      if (cos6 < cos5) sky3 = 0.5 * (cos5 - cos6);
      geometry.skyConfiguration[i] = sky1 + sky2 + sky3;
      sum += sky1 + sky2 + sky3;
    }
    geometry.skyConfigurationSum = sum;
  }

  /**
   * The bands of `getFrontSurfaceIrradiances`: each cell row of the front looks out over the row in
   * front; its sky ends at that row's top edge, its ground starts at that row's bottom edge, and
   * each one-degree ground band is projected onto the strips (folded into one pitch). A band's
   * weight is its view factor × the share the glass reflects (what the rear sees of the front).
   */
  private frontView(geometry: TiltGeometry): void {
    const pitch = this.pitch;
    const { verticalHeight: height, clearance, horizontalLength: length, gap, tiltRad: tilt, front } = geometry;
    // edges of the row in front
    const bottomX = -pitch;
    const bottomY = clearance;
    const topX = -gap;
    const topY = height + clearance;
    for (let i = 0; i < CELL_ROWS; i++) {
      const cellX = (length * (i + 0.5)) / CELL_ROWS;
      const cellY = clearance + (height * (i + 0.5)) / CELL_ROWS;
      const elevationUp = Math.atan((topY - cellY) / (cellX - topX));
      const elevationDown = Math.atan((cellY - bottomY) / (cellX - bottomX));
      const startGround = roundHalfAway((Math.PI - tilt + elevationDown) / DTOR);
      const stopSky = roundHalfAway((Math.PI - tilt - elevationUp) / DTOR);
      front.addSky(i, stopSky, roundHalfAway(fmax(0, 6 - elevationUp / DTOR)), BAND_REFLECTED_VIEW, BAND_REFLECTED_VIEW_SUMS, FRONT_HORIZON_BAND);
      // band j's edges leave the cell m = j − startGround and m + 1 degrees below the line to the
      // bottom edge of the row in front, and meet the ground at cellX − cellY·cot(elevationDown + m°);
      // a band's lower edge is the next band's upper edge
      // (in strips: ssc scales the ends by 100/pitch after the whole-pitch test)
      bandEdges(elevationDown);
      const cellXStrips = (STRIPS * cellX) / pitch;
      const cellYStrips = (STRIPS * cellY) / pitch;
      let edgeX = cellXStrips - cellYStrips * bandEdgeCot(0);
      for (let j = startGround; j < BANDS; j++) {
        let x1 = edgeX;
        edgeX = cellXStrips - cellYStrips * bandEdgeCot(j + 1 - startGround);
        let x2 = edgeX;
        if (Math.abs(x1 - x2) > WHOLE_PITCH_STRIPS) {
          front.groundMean[i]! += BAND_REFLECTED_VIEW[j]!;
          continue;
        }
        while (x1 < 0 || x2 < 0) {
          x1 += STRIPS;
          x2 += STRIPS;
        }
        front.addGroundBand(i, BAND_REFLECTED_VIEW[j]!, x1, x2, Math.trunc(x1), Math.trunc(x2));
      }
    }
  }

  /**
   * The bands of `getBackSurfaceIrradiances`: each cell row of the back looks out over the row
   * behind; its sky ends at that row's top edge, then it sees that row's front down to its bottom
   * edge (each band projected onto the row's slope, and onto its 6 cells), then the ground (each band
   * projected onto the strips, those in front of the row's edge being the same strips a pitch back).
   * A band's weight is its view factor × the glass AOI correction.
   */
  private backView(geometry: TiltGeometry): void {
    const pitch = this.pitch;
    const { verticalHeight: height, clearance, horizontalLength: length, backTiltRad: tilt, back } = geometry;
    // edges of the row behind
    const bottomX = pitch;
    const bottomY = clearance;
    const topX = pitch + length;
    const topY = height + clearance;
    const cellHeight = 1 / CELL_ROWS;
    for (let i = 0; i < CELL_ROWS; i++) {
      const cellX = (length * (i + 0.5)) / CELL_ROWS;
      const cellY = clearance + (height * (i + 0.5)) / CELL_ROWS;
      const elevationUp = Math.atan((topY - cellY) / (topX - cellX));
      const elevationDown = Math.atan((cellY - bottomY) / (bottomX - cellX));
      const stopSky = roundHalfAway((tilt - elevationUp) / DTOR);
      const startGround = roundHalfAway((tilt + elevationDown) / DTOR);
      back.addSky(i, stopSky, roundHalfAway(fmax(0, 6 - elevationUp / DTOR)), BAND_THROUGH_GLASS, BAND_THROUGH_GLASS_SUMS, REAR_HORIZON_BAND);

      // where each edge of a band meets the slope of the row behind; a band's lower edge is the next band's upper edge
      const diagonal = (bottomX - cellX) / Math.cos(elevationDown);
      let upper = stopSky < startGround ? slopeProjection(diagonal, elevationUp + elevationDown, elevationDown, tilt) : 0;
      for (let j = stopSky; j < startGround; j++) {
        const projected = slopeProjection(diagonal, -(j + 1 - stopSky) * DTOR + elevationUp + elevationDown, elevationDown, tilt);
        const lower = fmax(0, projected);
        // the part of each cell of the row behind the band covers, within ssc's tolerance; cells
        // farther than the tolerance from the band get 0 from every test, so they are skipped
        const perSpan = BAND_THROUGH_GLASS[j]! / (upper - lower);
        const from = Math.max(0, Math.floor((Math.min(lower, upper) - OVERLAP_TOLERANCE) * CELL_ROWS) - 1);
        const to = Math.min(CELL_ROWS, Math.ceil((Math.max(lower, upper) + OVERLAP_TOLERANCE) * CELL_ROWS) + 1);
        for (let k = from; k < to; k++) {
          const cellBottom = k * cellHeight;
          const cellTop = (k + 1) * cellHeight;
          let overlap = 0;
          if (cellBottom >= lower - OVERLAP_TOLERANCE && cellTop <= upper + OVERLAP_TOLERANCE) overlap = cellTop - cellBottom;
          else if (cellBottom <= lower + OVERLAP_TOLERANCE && cellTop >= upper - OVERLAP_TOLERANCE) overlap = upper - lower;
          else if (cellBottom >= lower - OVERLAP_TOLERANCE && upper > cellBottom - OVERLAP_TOLERANCE && cellTop >= upper - OVERLAP_TOLERANCE)
            overlap = upper - cellBottom;
          else if (cellBottom <= lower + OVERLAP_TOLERANCE && lower < cellTop + OVERLAP_TOLERANCE && cellTop <= upper + OVERLAP_TOLERANCE)
            overlap = cellTop - lower;
          back.frontCells[i * CELL_ROWS + k]! += perSpan * overlap;
        }
        upper = projected;
      }

      // band j's edges leave the cell m = j − startGround and m + 1 degrees below the line to the
      // bottom edge of the row behind, and meet the ground at cellX + cellY·cot(elevationDown + m°)
      // (in strips, as for the front)
      bandEdges(elevationDown);
      const cellXStrips = (STRIPS * cellX) / pitch;
      const cellYStrips = (STRIPS * cellY) / pitch;
      let edgeX = cellXStrips + cellYStrips * bandEdgeCot(0);
      for (let j = startGround; j < BANDS; j++) {
        let x2 = edgeX;
        edgeX = cellXStrips + cellYStrips * bandEdgeCot(j + 1 - startGround);
        let x1 = edgeX;
        if (Math.abs(x1 - x2) > WHOLE_PITCH_STRIPS) {
          back.groundMean[i]! += BAND_THROUGH_GLASS[j]!;
          continue;
        }
        while (x1 >= STRIPS || x2 >= STRIPS) {
          x1 -= STRIPS;
          x2 -= STRIPS;
        }
        while (x1 < -STRIPS || x2 < -STRIPS) {
          x1 += STRIPS;
          x2 += STRIPS;
        }
        const index1 = Math.min(STRIPS - 1, Math.trunc(x1 + STRIPS) - STRIPS);
        const index2 = Math.min(STRIPS - 1, Math.trunc(x2 + STRIPS) - STRIPS);
        back.addGroundBand(i, BAND_THROUGH_GLASS[j]!, x1, x2, index1, index2);
      }
    }
  }

  /**
   * `getGroundShadeFactors`: the shadow of a row on the ground (Appelbaum & Bany 1979, the
   * horizontal lengths Lh of a row without clearance, Lhc to the shadow's far end, Lc to its near
   * end, each ∝ cos(γ − A)/tan α), folded into one pitch, which strips it covers, and the shaded
   * fraction of the row's back.
   */
  private groundShade(geometry: TiltGeometry, sunAzimuthRad: number, sunElevationRad: number, surfaceAzimuthRad: number): void {
    const pitch = this.pitch;
    const { verticalHeight: height, clearance, horizontalLength: length, gap } = geometry;
    const tanElevation = Math.tan(sunElevationRad);
    const towardRow = Math.cos(surfaceAzimuthRad - sunAzimuthRad);
    const lh = (height / tanElevation) * towardRow;
    const lhc = ((clearance + height) / tanElevation) * towardRow;
    const lc = (clearance / tanElevation) * towardRow;
    let start1 = 0;
    let end1 = 0;
    let start2 = 0;
    let end2 = 0;
    let back = 0;
    if (lh > gap) {
      back = 1;
      end1 = pitch;
    } else if (lh < -(pitch + length)) {
      back = (lh + pitch + length) / (lh + length);
      end1 = pitch;
    } else {
      if (lhc >= 0) {
        back = 1;
        wrapDown(lc, lhc + length, pitch);
      } else if (lc < lhc + length) {
        back = 1;
        wrapUp(lc, lhc + length, pitch);
      } else {
        back = 0;
        wrapUp(lhc + length, lc, pitch);
      }
      const shadowStart = wrapped.start;
      const shadowEnd = wrapped.end;
      start1 = shadowStart;
      end1 = shadowEnd;
      if (end1 > pitch) {
        end1 = pitch;
        start2 = 0;
        end2 = shadowEnd - pitch;
        if (end2 > start1) {
          start1 = 0;
          end1 = pitch;
        }
      }
    }
    this.backShadeFraction = back;
    // a strip is shaded when its centre is in the shadow
    const delta = pitch / STRIPS;
    let x = -delta / 2;
    let runs = 0;
    let shadedStrips = 0;
    let previous = false;
    for (let i = 0; i < STRIPS; i++) {
      x += delta;
      const shaded = (x >= start1 && x < end1) || (x >= start2 && x < end2);
      if (shaded) {
        shadedStrips++;
        if (!previous) this.shadeStart[runs] = i;
        this.shadeEnd[previous ? runs - 1 : runs++] = i + 1;
      }
      previous = shaded;
    }
    this.shadeRuns = runs;
    this.shadedStrips = shadedStrips;
  }

  /**
   * `getGroundGHI`: each strip's share of the isotropic sky, plus beam and circumsolar on the
   * horizontal (`direct`), × the transmission factor where shaded; and their mean.
   */
  private groundIrradiance(geometry: TiltGeometry, direct: number, isotropic: number): void {
    const transmitted = direct * this.rows.transmissionFactor;
    this.isotropic = isotropic;
    this.direct = direct;
    this.transmitted = transmitted;
    const sum = geometry.skyConfigurationSum * isotropic + (STRIPS - this.shadedStrips) * direct + this.shadedStrips * transmitted;
    this.meanReflected = sum / STRIPS;
  }

  /**
   * `divideAndAlignAlbedos` for pvwattsv8's uniform albedo (10 equal spatial values): fixed and
   * 1-axis rows take the values moved from the row's middle to its front, each a blend
   * a·(1 − f) + a·f with f the fraction of a strip the shift leaves over (not always exactly a);
   * 2-axis and azimuth-axis rows take the mean of the 10 values. Completes `meanReflected`.
   */
  private alignAlbedo(geometry: TiltGeometry, albedo: number): void {
    const mode = this.rows.trackingMode;
    let value = albedo;
    if (mode === RearTrackingMode.oneAxis) {
      const leftOver = geometry.albedoLeftover;
      value = albedo * (1 - leftOver) + albedo * leftOver;
    } else if (mode !== RearTrackingMode.fixed) {
      let sum = 0;
      for (let i = 0; i < 10; i++) sum += albedo;
      value = sum / 10;
    }
    if (!(value === this.summedAlbedo)) {
      let sum = 0;
      for (let i = 0; i < STRIPS; i++) sum += value;
      this.summedAlbedo = value;
      this.albedoSum = sum;
    }
    this.stripAlbedo = value;
    this.meanReflected = (this.meanReflected * this.albedoSum) / STRIPS;
  }

  /** Perez horizon part on a vertical south-facing surface (ssc: `incidence(0, 90, 180, …)` then `perez`), W/m². */
  private horizonDiffuse(record: RearRecord): number {
    if (record.sky.perezCase !== PerezCase.full) return 0;
    const parts = this.parts;
    perezParts(record.sky, record.sunZenithRad, fixedIncidenceRad(90, 180, record.sunZenithRad, record.sunAzimuthRad), 90 * DTOR, parts);
    return parts.horizon;
  }

  /**
   * `getFrontSurfaceIrradiances`, the part the rear needs: what the front glass of each cell row
   * reflects of the sky, the horizon band and the ground it sees (`SideView` weights).
   */
  private frontReflections(geometry: TiltGeometry, isotropic: number, horizon: number): void {
    const front = geometry.front;
    for (let i = 0; i < CELL_ROWS; i++) {
      const ground = this.reflectedGround(front, i);
      this.frontReflected[i] = front.sky[i]! * isotropic + front.horizon[i]! * horizon + ground;
    }
  }

  /**
   * The ground a side's cell row sees, W/m²: each strip's GHI × albedo by the strip's weight, and
   * the ground's mean by its weight. Summed by the weights' sums: Σ w·(f·isotropic + direct) less
   * Σ over the shaded runs of w·(direct − transmitted).
   */
  private reflectedGround(side: SideView, row: number): number {
    const sums = side.stripSums;
    const at = row * (STRIPS + 1);
    let shadedWeight = 0;
    for (let r = 0; r < this.shadeRuns; r++) shadedWeight += sums[at + this.shadeEnd[r]!]! - sums[at + this.shadeStart[r]!]!;
    const strips = side.stripSky[row]! * this.isotropic + side.stripTotal[row]! * this.direct - shadedWeight * (this.direct - this.transmitted);
    return strips * this.stripAlbedo + side.groundMean[row]! * this.meanReflected;
  }

  /**
   * `getBackSurfaceIrradiances`: for each cell row on the back, the sky (with the horizon band's
   * brightening), the front of the row behind (its cell rows' reflections) and the ground, each by
   * its `SideView` weight; then the rear beam and circumsolar, less the row's own shadow, through
   * glass (Sjerps-Koomen); the average over the cell rows.
   */
  private rearIrradiance(geometry: TiltGeometry, record: RearRecord, isotropic: number, horizon: number): number {
    const parts = this.parts;
    const tilt = geometry.backTiltRad;
    const azimuth = record.surfaceAzimuthRad * RTOD * DTOR;
    // the back faces the opposite way: tilt 180° − β, azimuth γ − 180° (ssc incidence mode 0)
    const backIncidence = fixedIncidenceRad(180 - tilt * RTOD, azimuth * RTOD - 180, record.sunZenithRad, record.sunAzimuthRad);
    perezParts(record.sky, record.sunZenithRad, backIncidence, (180 - tilt * RTOD) * DTOR, parts);
    const backDirect = parts.beam + parts.circumsolar;
    const backIam = backIncidence < Math.PI / 2 ? sjerpsKoomenIam(backIncidence) : 0;
    const back = geometry.back;
    const frontReflected = this.frontReflected;
    let average = 0;
    let groundAverage = 0;
    let rowAverage = 0;
    let directDiffuseAverage = 0;
    for (let i = 0; i < CELL_ROWS; i++) {
      const sky = back.sky[i]! * isotropic + back.horizon[i]! * horizon;
      let rowReflections = 0;
      for (let k = 0; k < CELL_ROWS; k++) rowReflections += back.frontCells[i * CELL_ROWS + k]! * frontReflected[k]!;
      const groundReflected = this.reflectedGround(back, i);
      let irradiance = sky + rowReflections + groundReflected;

      let cellShade = this.backShadeFraction * CELL_ROWS - i;
      if (cellShade > 1) cellShade = 1;
      else if (cellShade < 0) cellShade = 0;
      if (cellShade < 1 && backIncidence < Math.PI / 2) irradiance += (1 - cellShade) * backDirect * backIam;

      this.cellRowIrradiance[i] = irradiance;
      average += irradiance / CELL_ROWS;
      directDiffuseAverage += (sky + backDirect) / CELL_ROWS;
      rowAverage += rowReflections / CELL_ROWS;
      groundAverage += groundReflected / CELL_ROWS;
    }
    this.groundReflectedWm2 = groundAverage;
    this.rowReflectionsWm2 = rowAverage;
    this.directDiffuseWm2 = directDiffuseAverage;
    return average;
  }
}

/**
 * Distance along the row behind, from its lower edge, at which a ray from a cell leaving at
 * `alpha` below the line to that row's upper edge meets it: diagonal·sin α / cos θ with
 * θ = π − ε_down − (π/2 − α) − β (the sine rule in the triangle cell, lower edge, point).
 */
function slopeProjection(diagonal: number, alpha: number, elevationDown: number, tilt: number): number {
  return (diagonal * Math.sin(alpha)) / Math.cos(Math.PI - elevationDown - (Math.PI / 2 - alpha) - tilt);
}
