/**
 * Self-shading of rows in PVWatts v8 (ssc 2025.4.16.r0.ssc.302, `cm_pvwattsv8::exec`): the beam
 * shade fraction (fixed racks: ssc `ss_exec`'s Appelbaum geometry; 1-axis trackers without
 * backtracking: `shadeFraction1x`), and the sky and ground diffuse derates of `diffuse_reduce`, the
 * sky one from `sssky_diffuse_table` with its per-degree cache: docs/pv-model.md §8.6–8.8.
 *
 * The row layout is pvwattsv8's estimate (cmod_pvwattsv8.cpp exec): 300 W modules of the module
 * type's efficiency, aspect ratio 1.7, portrait; 1 module up a tracker row, 2 up a fixed row; as
 * many rows as modules across (a "square" system); row spacing = module length × modules up / gcr.
 *
 * Only the ground part of `diffuse_reduce` is shared with v5 (pv/common/diffuse-shading.ts): v5
 * uses the three-row vector geometry, a mask angle and N = 1000; v8 the closed form, a sky table and
 * N = rows.
 * The non-linear DC derate that `ss_exec` also computes is disconnected in pvwattsv8 (commented out
 * in exec), so it is not computed here.
 */
import { ArrayType } from '../common/inputs.ts';
import { groundDiffuseDerate, groundViewFactor } from '../common/diffuse-shading.ts';
import { fmax, fmin } from '../common/libm.ts';
import { cosd, DTOR, sind, tand } from '../common/units.ts';
import { MODULE_STC_W, MODULE_TYPES, moduleGeometry } from './module-types.ts';
import { trueTrackingRotationDeg } from './surface.ts';

/** Modules per string (7 × ~60 V), which decides the strings across a row. */
const MODULES_PER_STRING = 7;
/** `ss_exec`'s floor on the row spacing, m (M_EPS). */
const MIN_ROW_SPACING_M = 0.00001;
/** exec's bounds on a derate, "to include tolerances due to double representation": outside them (or NaN) it is not applied. */
const DERATE_MIN = -0.00001;
const DERATE_MAX = 1.00001;
/** `diffuse_reduce` leaves both derates at 1 below this POA diffuse (sky + ground), W/m². */
const MIN_POA_DIFFUSE_WM2 = 0.1;
/** Steps of the sky-diffuse integral over the row's height (`sssky_diffuse_table::compute`). */
const SKY_STEPS = 250;

/** The system inputs the layout and shading use, as ssc holds them (single-precision values widened). */
export interface RowShadingSystem {
  /** `array_type`: 0 fixed open rack, 1 fixed roof, 2 1-axis, 3 1-axis backtracking, 4 2-axis. */
  arrayType: number;
  /** `module_type`: 0 standard, 1 premium, 2 thin film. */
  moduleType: number;
  /** `system_capacity`, kW DC. */
  systemCapacityKw: number;
  /** `tilt`, degrees: the array tilt, or a tracker's axis tilt. */
  tiltDeg: number;
  /** `azimuth`, degrees clockwise from north: the array azimuth, or a tracker's axis azimuth. */
  azimuthDeg: number;
  /** `gcr`, ground coverage ratio (0.01–0.99). */
  gcr: number;
}

/** pvwattsv8's estimate of the physical layout, used for self-shading and the rear side only. */
export interface RowLayout {
  /** Module efficiency at STC. */
  stcEfficiency: number;
  /** Module area, m² (300 W / efficiency / 1000 W/m²). */
  moduleAreaM2: number;
  /** Module width (short side), m. */
  moduleWidthM: number;
  /** Module length (long side, up the row in portrait), m. */
  moduleLengthM: number;
  /** Modules in the system, ⌈DC W / 300⌉, at least 1. */
  modules: number;
  /** Modules along a row (`nmodx`). */
  modulesAcross: number;
  /** Modules up a row (`nmody`): 1 for 1-axis trackers, else 2. */
  modulesUp: number;
  /** Rows (`nrows`): 1 on a roof, else ⌈√(modules / modules up)⌉. */
  rows: number;
  /** Strings along a row (`nstrx`), ⌊modules across / 7⌋. */
  stringsAcross: number;
  /** Row pitch, m: module length × modules up / gcr. */
  rowSpacingM: number;
  /** Slope length of a row, m (module length × modules up): the rear side's `slopeLengthM`. */
  rowSlopeLengthM: number;
}

/** pvwattsv8's layout for a system (cmod_pvwattsv8.cpp exec, "Physical Layout"). */
export function rowLayout(system: RowShadingSystem): RowLayout {
  const type = MODULE_TYPES[system.moduleType as 0 | 1 | 2];
  const stcEfficiency = type.stcEfficiency;
  const { areaM2: moduleAreaM2, widthM: moduleWidthM, lengthM: moduleLengthM } = moduleGeometry(type);
  const modules = Math.max(1, Math.ceil((system.systemCapacityKw * 1000) / MODULE_STC_W));
  const tracker = system.arrayType === ArrayType.oneAxis || system.arrayType === ArrayType.oneAxisBacktracking;
  const modulesUp = tracker ? 1 : 2;
  const rows = system.arrayType === ArrayType.fixedRoofMount ? 1 : Math.trunc(Math.ceil(Math.sqrt(modules / modulesUp)));
  const modulesAcross = Math.max(1, Math.trunc(Math.ceil(modules / (rows * modulesUp))));
  return {
    stcEfficiency,
    moduleAreaM2,
    moduleWidthM,
    moduleLengthM,
    modules,
    modulesAcross,
    modulesUp,
    rows,
    stringsAcross: Math.trunc(modulesAcross / MODULES_PER_STRING),
    rowSpacingM: (moduleLengthM * modulesUp) / system.gcr,
    rowSlopeLengthM: moduleLengthM * modulesUp,
  };
}

/**
 * Shaded fraction of a 1-axis row's width (ssc `shadeFraction1x`, the closed form of Anderson &
 * Mikofski 2020, "Slope-Aware Backtracking", eq. 32, on flat ground):
 * f = [gcr·cos R + gcr·sin R·tan Rt − 1] / [gcr·(sin R·tan Rt + cos R)], clamped to [0, 1], with Rt
 * the true-tracking angle (unlimited) and R the tracker's actual rotation. Degrees throughout.
 * pvwattsv8 passes slope tilt and azimuth 0, so the cross-axis slope term is ±0 and drops out.
 */
export function oneAxisShadeFraction(
  solarAzimuthDeg: number,
  solarZenithDeg: number,
  axisTiltDeg: number,
  axisAzimuthDeg: number,
  gcr: number,
  rotationDeg: number,
): number {
  const tanTrue = tand(trueTrackingRotationDeg(solarAzimuthDeg, solarZenithDeg, axisTiltDeg, axisAzimuthDeg));
  const cosRotation = cosd(rotationDeg);
  const sinRotation = sind(rotationDeg);
  const numerator = gcr * cosRotation + gcr * sinRotation * tanTrue - 1;
  const denominator = gcr * (sinRotation * tanTrue + cosRotation);
  const fraction = numerator / denominator;
  return fraction < 0 ? 0 : fraction > 1 ? 1 : fraction;
}

/**
 * Shaded fraction of a row's area by the row in front (ssc `ss_exec`'s `m_shade_frac_fixed`,
 * Appelbaum & Bany 1979, appendix A, as pvwattsv8 sets up `ssinputs`: portrait modules, horizontal
 * strings). With A = B = module length × modules up (the row's slope), R the row spacing and
 * Δ = sun azimuth − surface azimuth (not wrapped: a row facing north sees no shade when the sun's
 * azimuth is near 360°):
 *   py = A(cos β + cos Δ sin β / tan α), px = A sin β sin Δ / tan α (eqs. 11, 12; α the elevation),
 *   0 when the sun is down, β = 0 or |Δ| ≥ 90°;
 *   g = R·px/py (A12), clamped to [0, row length], and 0 when a row holds more than one string;
 *   Hs = A(1 − R/py) (A13), replaced by f1x·B for a 1-axis tracker, clamped to [0, B];
 *   shaded fraction = Hs(row length − g)/(A·row length) (A15).
 * Degrees throughout. `oneAxisFraction` is `shadeFraction1x` for array type 2, else undefined.
 */
export function rackShadeFraction(
  layout: RowLayout,
  surfaceTiltDeg: number,
  surfaceAzimuthDeg: number,
  solarZenithDeg: number,
  solarAzimuthDeg: number,
  oneAxisFraction?: number,
): number {
  const rowSpacing = layout.rowSpacingM < MIN_ROW_SPACING_M ? MIN_ROW_SPACING_M : layout.rowSpacingM;
  const slope = layout.moduleLengthM * layout.modulesUp;
  const rowLength = layout.modulesAcross * layout.moduleWidthM;
  const azimuthDifference = solarAzimuthDeg - surfaceAzimuthDeg;
  let py = 0;
  let px = 0;
  if (solarZenithDeg < 90 && surfaceTiltDeg !== 0 && Math.abs(azimuthDifference) < 90) {
    const tanElevation = tand(90 - solarZenithDeg);
    py = slope * (cosd(surfaceTiltDeg) + (cosd(azimuthDifference) * sind(surfaceTiltDeg)) / tanElevation);
    px = (slope * sind(surfaceTiltDeg) * sind(azimuthDifference)) / tanElevation;
  }
  let g = py === 0 ? 0 : (rowSpacing * px) / py;
  g = fmin(fmax(g, 0), rowLength);
  if (layout.stringsAcross > 1) g = 0;
  let shadowHeight = py === 0 ? 0 : slope * (1 - rowSpacing / py);
  if (oneAxisFraction !== undefined) shadowHeight = oneAxisFraction * slope;
  shadowHeight = fmin(fmax(shadowHeight, 0), slope);
  return (shadowHeight * (rowLength - g)) / (slope * rowLength);
}

/**
 * Sky-diffuse derate of a row of tilt β behind identical rows (ssc `sssky_diffuse_table::compute`,
 * after SAM's self-shading documentation, Deline 2012): the sky a point at height fraction
 * 1 − n/250 up the row sees past the row in front, A_n = π + π/√(1 + tan²(β + γ_n)) with
 * γ_n = −π/2 + atan(1/tan β − 1/(gcr·sin β·(1 − n/250))) (2π − A_n when β + γ_n > π/2, the
 * unshaded A0 = π + π/√(1 + tan²β) when A_n is NaN, and for β = 0), averaged over n = 0…249 as
 * Σ (A_n/A0)·(1/250). `tiltDeg` in degrees.
 */
export function skyDiffuseDerate(tiltDeg: number, gcr: number): number {
  const step = 1 / SKY_STEPS;
  const tanTilt = tand(tiltDeg);
  const sinTilt = sind(tiltDeg);
  const tiltRad = tiltDeg * DTOR;
  const unshaded = Math.PI + Math.PI / Math.sqrt(1 + tanTilt * tanTilt);
  let derate = 0;
  for (let n = 0; n < SKY_STEPS; n++) {
    const arg = tiltDeg !== 0 ? 1 / tanTilt - 1 / (gcr * sinTilt * (1 - n * step)) : Number.NaN;
    const gamma = -Math.PI / 2 + Math.atan(arg);
    const tanShaded = Math.tan(tiltRad + gamma);
    let shaded = Math.PI + Math.PI / Math.sqrt(1 + tanShaded * tanShaded);
    if (Number.isNaN(shaded)) shaded = unshaded;
    else if (tiltRad + gamma > Math.PI / 2) shaded = 2 * Math.PI - shaded;
    derate += (shaded / unshaded) * step;
  }
  return derate;
}

/**
 * ssc `sssky_diffuse_table`: `skyDiffuseDerate` kept per whole degree of tilt (the key is the tilt
 * truncated toward zero). A lookup returns whatever value first filled its degree, computed for the
 * tilt that filled it: a tracker at 20.9° after one at 20.2° gets the 20.2° value. `init` fills the
 * bin of the system's input tilt first (a tracker's axis tilt, usually 0, whose value is ≥ 1).
 */
export class SkyDiffuseTable {
  private readonly values = new Map<number, number>();
  constructor(readonly gcr: number) {}

  /** The derate for a surface tilt in degrees, from its degree's bin or computed into it. */
  lookup(tiltDeg: number): number {
    const key = Math.trunc(tiltDeg);
    const kept = this.values.get(key);
    if (kept !== undefined) return kept;
    const value = skyDiffuseDerate(tiltDeg, this.gcr);
    this.values.set(key, value);
    return value;
  }
}

/** Sky and ground diffuse derates of `diffuseDerates`. */
export interface DiffuseDerates {
  sky: number;
  ground: number;
}

/**
 * ssc `diffuse_reduce` as `ss_exec` calls it (Deline 2012): both 1 if the POA diffuse
 * (sky + ground) is below 0.1 W/m²; else the sky derate min(table(β), 1) and the ground derate
 * from the view of the ground between rows of unit slope B = 1 and pitch R = B/gcr, over `rows`
 * rows (the first row's view unobstructed):
 *   F1 = ρ sin²(β/2) (unobstructed ground view), Y1 = max(1e-5, R − B sin(180° − α − β)/sin α)
 *   (the unshaded ground before the next row), F2 = ½ρ(1 + Y1/B − √(Y1²/B² − 2(Y1/B)cos(180° − β) + 1)),
 *   F3 = the same with R for Y1; reduced = ((F1 + (N−1)F2)/N)·Gbh + ((F1 + (N−1)F3)/N)·Gdh over
 *   F1·(Gbh + Gdh), with Gbh = DNI cos Z, Gdh = DHI, α = 90° − Z (1 if F1·(Gbh + Gdh) ≤ 0).
 * Angles in degrees; `gcr` is the slope over the row spacing as `ss_exec` passes it.
 */
export function diffuseDerates(
  solarZenithDeg: number,
  surfaceTiltDeg: number,
  dniWm2: number,
  dhiWm2: number,
  poaSkyWm2: number,
  poaGroundWm2: number,
  gcr: number,
  albedo: number,
  rows: number,
  table: SkyDiffuseTable,
  out: DiffuseDerates,
): void {
  if (poaSkyWm2 + poaGroundWm2 < MIN_POA_DIFFUSE_WM2) {
    out.sky = 1;
    out.ground = 1;
    return;
  }
  const beamHorizontal = dniWm2 * cosd(solarZenithDeg);
  const width = 1;
  const pitch = width / gcr;
  out.sky = fmin(table.lookup(surfaceTiltDeg), 1);
  const elevation = 90 - solarZenithDeg;
  const sinHalfTilt = sind(surfaceTiltDeg / 2);
  const f1 = albedo * (sinHalfTilt * sinHalfTilt);
  const y1 = fmax(0.00001, pitch - (width * sind(180 - elevation - surfaceTiltDeg)) / sind(elevation));
  const cosSupplement = cosd(180 - surfaceTiltDeg);
  const f2 = 0.5 * albedo * groundViewFactor(y1, cosSupplement);
  const f3 = 0.5 * albedo * groundViewFactor(pitch, cosSupplement);
  out.ground = groundDiffuseDerate(f1, f2, f3, rows, beamHorizontal, dhiWm2);
}

/** One sun-up record, with the angles as pvwattsv8 reads them from `irrad` (degrees = radians × (180/π)). */
export interface RowShadingRecord {
  /** Solar zenith, degrees (`get_sun`). */
  solarZenithDeg: number;
  /** Solar azimuth, degrees clockwise from north (`get_sun`). */
  solarAzimuthDeg: number;
  /** Surface tilt, degrees (`get_angles`: a tracker's current tilt). */
  surfaceTiltDeg: number;
  /** Surface azimuth, degrees clockwise from north (`get_angles`). */
  surfaceAzimuthDeg: number;
  /** Tracker rotation, degrees (`get_angles`: the limited, possibly backtracked or stowed rotation; 0 for fixed arrays). */
  rotationDeg: number;
  /** The weather file's DNI and DHI, W/m² (`wf.dn`, `wf.df`). */
  dniWm2: number;
  dhiWm2: number;
  /** Front POA sky diffuse after the external diffuse shading factor, and ground diffuse, W/m² (Perez). */
  poaSkyWm2: number;
  poaGroundWm2: number;
  /** Albedo of the record. */
  albedo: number;
}

/** What exec does with a record's self-shading. */
export interface RowShadingFactors {
  /** Shaded fraction of the row: fixed rack `m_shade_frac_fixed`, 1-axis `shadeFraction1x`, else 0. */
  shadeFraction: number;
  /** Factor on POA beam, 1 − shade fraction (exec's `ss_beam` output, 1 for other array types). */
  beam: number;
  /** Sky diffuse derate as computed (1 when self-shading is off or the POA diffuse is below 0.1 W/m²). */
  skyDerate: number;
  /** Ground diffuse derate as computed. */
  groundDerate: number;
  /**
   * Whether exec applies each derate: only within [−1e-5, 1 + 1e-5] (else it logs "Sky (Ground)
   * diffuse reduction factor invalid at time …" and leaves the irradiance and output at 1).
   */
  skyApplied: boolean;
  groundApplied: boolean;
  /** Factor on the front sky diffuse and on the rear irradiance (`ss_sky_diffuse` output): the sky derate if applied, else 1. */
  sky: number;
  /** Factor on the front ground diffuse (`ss_gnd_diffuse` output): the ground derate if applied, else 1. */
  ground: number;
}

export function newRowShadingFactors(): RowShadingFactors {
  return { shadeFraction: 0, beam: 1, skyDerate: 1, groundDerate: 1, skyApplied: true, groundApplied: true, sky: 1, ground: 1 };
}

/**
 * Self-shading of one simulation: the layout and the sky-diffuse table (whose cache fills in record
 * order, so records must be given in the order of the run, sun-up records only).
 */
export class RowShading {
  readonly system: Readonly<RowShadingSystem>;
  readonly layout: RowLayout;
  /** Self-shading applies to fixed open racks and both 1-axis types. */
  readonly enabled: boolean;
  private readonly table: SkyDiffuseTable;
  /** ss_exec passes `diffuse_reduce` the row slope over the row spacing, not the gcr input. */
  private readonly diffuseGcr: number;
  private readonly derates: DiffuseDerates = { sky: 1, ground: 1 };

  constructor(system: RowShadingSystem) {
    this.system = { ...system };
    this.layout = rowLayout(system);
    const type = system.arrayType;
    this.enabled = type === ArrayType.fixedOpenRack || type === ArrayType.oneAxis || type === ArrayType.oneAxisBacktracking;
    this.table = new SkyDiffuseTable(system.gcr);
    if (this.enabled) this.table.lookup(system.tiltDeg); // ssSkyDiffuseTable.init(pv.tilt, pv.gcr)
    const spacing = this.layout.rowSpacingM < MIN_ROW_SPACING_M ? MIN_ROW_SPACING_M : this.layout.rowSpacingM;
    this.diffuseGcr = (this.layout.moduleLengthM * this.layout.modulesUp) / spacing;
  }

  /** The factors for one sun-up record (exec's self-shading block and the derate checks after it). */
  apply(record: RowShadingRecord, out: RowShadingFactors): void {
    out.shadeFraction = 0;
    out.beam = 1;
    out.skyDerate = 1;
    out.groundDerate = 1;
    if (this.enabled) {
      const { system, layout } = this;
      if (system.arrayType === ArrayType.oneAxis) {
        const fraction = oneAxisShadeFraction(record.solarAzimuthDeg, record.solarZenithDeg, system.tiltDeg, system.azimuthDeg, system.gcr, record.rotationDeg);
        out.shadeFraction = fraction;
        out.beam = 1 - fraction;
      } else if (system.arrayType === ArrayType.fixedOpenRack) {
        const fraction = rackShadeFraction(layout, record.surfaceTiltDeg, record.surfaceAzimuthDeg, record.solarZenithDeg, record.solarAzimuthDeg);
        out.shadeFraction = fraction;
        out.beam = 1 - fraction;
      }
      const derates = this.derates;
      diffuseDerates(
        record.solarZenithDeg,
        record.surfaceTiltDeg,
        record.dniWm2,
        record.dhiWm2,
        record.poaSkyWm2,
        record.poaGroundWm2,
        this.diffuseGcr,
        record.albedo,
        layout.rows,
        this.table,
        derates,
      );
      out.skyDerate = derates.sky;
      out.groundDerate = derates.ground;
    }
    out.skyApplied = out.skyDerate >= DERATE_MIN && out.skyDerate <= DERATE_MAX;
    out.groundApplied = out.groundDerate >= DERATE_MIN && out.groundDerate <= DERATE_MAX;
    out.sky = out.skyApplied ? out.skyDerate : 1;
    out.ground = out.groundApplied ? out.groundDerate : 1;
  }
}
