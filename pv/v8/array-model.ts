/**
 * One system's array on a prepared v8 site, one sun-up record at a time (the body of ssc 2025's
 * `cm_pvwattsv8::exec` loop, docs/pv-model.md §16.2): the surface and its Perez irradiance, the
 * bifacial rear side, the rows' self-shading, soiling, then the cover and air-mass modifier, the
 * cell temperature, the CEC module and the Sandia inverter.
 */
import { ArrayType } from '../common/inputs.ts';
import { newPerezSky, newPoaComponents, perezPlaneOfArray, perezSkyCoefficients, perezSkyFrom } from '../common/irradiance.ts';
import { noctForArrayType } from '../common/noct.ts';
import { ROTATION_LIMIT_DEG } from '../common/tracking.ts';
import { RTOD } from '../common/units.ts';
import { cecModulePower, effectiveIrradiance, type EffectiveIrradiance, type ModuleInput, type ModulePower } from './cec-module.ts';
import { type CecModuleParameters, MODULE_TYPES } from './module-types.ts';
import { noctCellTemperatureC } from './noct-cell-temperature.ts';
import { pvwattsV8RearRows, RearIrradiance, type RearRecord } from './rear-irradiance.ts';
import { newRowShadingFactors, RowShading, type RowShadingRecord } from './row-shading.ts';
import { inverterAcPower, pvwattsV8Inverter, type InverterOutput, type SandiaInverter } from './sandia-inverter.ts';
import { PEREZ_SKIPPED, type SiteV8 } from './site.ts';
import { newSurfaceAngles, surfaceAngles, TrackingMode, type ArraySurface } from './surface.ts';
import { isOneAxis, orientationOf, type PvSystemV8 } from './system.ts';

/** What one sun-up record yields. */
export interface RecordPowerV8 {
  /** Plane-of-array irradiance, front and rear, after shading and soiling, W/m². */
  poaWm2: number;
  /** Cell temperature, °C. */
  cellC: number;
  /** DC power after the DC losses, W. */
  dcW: number;
  /** AC power, W. */
  acW: number;
}

export function newRecordPowerV8(): RecordPowerV8 {
  return { poaWm2: 0, cellC: 0, dcW: 0, acW: 0 };
}

/** A system's array on a site: what every record's steps share, and the steps (`power`, record after record). */
export class ArrayModelV8 {
  readonly dcNameplateW: number;
  private readonly site: SiteV8;
  private readonly surface: ArraySurface;
  private readonly rows: RowShading;
  /** The bifacial rear side, null for a monofacial array. */
  private readonly rear: RearIrradiance | null;
  private readonly bifaciality: number;
  private readonly soiling: readonly number[] | undefined;
  private readonly antiReflectiveGlass: boolean;
  private readonly module: CecModuleParameters;
  /** One module's nameplate, W, which the array's DC nameplate scales. */
  private readonly moduleNameplateW: number;
  private readonly noctC: number;
  private readonly lossFactor: number;
  private readonly inverter: SandiaInverter;

  // The current record's intermediate values, in objects reused from record to record.
  private readonly angles = newSurfaceAngles();
  private readonly sky = newPerezSky();
  private readonly poa = newPoaComponents();
  /** Front beam, sky and ground irradiance and the rear's, W/m², as the record's steps change them. */
  private beamWm2 = 0;
  private skyDiffuseWm2 = 0;
  private groundDiffuseWm2 = 0;
  private rearWm2 = 0;
  /**
   * The rear side reads the sky of the DNI and DHI irrad last handed to Perez (ssc's
   * calculatedDirectNormal, calculatedDiffuseHorizontal: −999 and 0 before the first sun-up
   * record), which differ from the record's only where its beam exceeds the extraterrestrial.
   */
  private readonly rearSky = newPerezSky();
  private perezDniWm2 = -999;
  private perezDhiWm2 = 0;
  private readonly shading = newRowShadingFactors();
  private readonly shadingRecord: RowShadingRecord = {
    solarZenithDeg: 0,
    solarAzimuthDeg: 0,
    surfaceTiltDeg: 0,
    surfaceAzimuthDeg: 0,
    rotationDeg: 0,
    dniWm2: 0,
    dhiWm2: 0,
    poaSkyWm2: 0,
    poaGroundWm2: 0,
    albedo: 0,
  };
  private readonly rearRecord: RearRecord;
  private readonly input: ModuleInput;
  private readonly effective: EffectiveIrradiance = { frontWm2: 0, airMassModifier: 1 };
  private readonly modulePower: ModulePower = { powerW: 0, voltageV: 0, currentA: 0, openCircuitV: 0, effectiveWm2: 0 };
  private readonly ac: InverterOutput = { acW: 0, efficiencyPercent: 0, clipLossW: 0 };

  /** `system` must have passed `systemError` (system.ts). */
  constructor(system: PvSystemV8, site: SiteV8) {
    const arrayType = system.array_type;
    const { tiltDeg, azimuthDeg } = orientationOf(system);
    const type = MODULE_TYPES[system.module_type as 0 | 1 | 2];
    this.site = site;
    this.dcNameplateW = system.system_capacity * 1000;
    this.bifaciality = system.bifaciality ?? 0;
    this.soiling = system.soiling;
    this.surface = {
      mode: isOneAxis(arrayType) ? TrackingMode.oneAxis : arrayType === ArrayType.twoAxis ? TrackingMode.twoAxis : TrackingMode.fixed,
      tiltDeg,
      azimuthDeg,
      rotationLimitDeg: ROTATION_LIMIT_DEG,
      backtracking: arrayType === ArrayType.oneAxisBacktracking,
      gcr: system.gcr,
    };
    this.rows = new RowShading({ arrayType, moduleType: system.module_type, systemCapacityKw: system.system_capacity, tiltDeg, azimuthDeg, gcr: system.gcr });
    this.rear = this.bifaciality > 0 ? new RearIrradiance(pvwattsV8RearRows(arrayType, system.gcr, this.rows.layout.rowSlopeLengthM)) : null;
    this.antiReflectiveGlass = type.antiReflectiveGlass;
    this.module = type.cec;
    this.moduleNameplateW = this.module.vmpV * this.module.impA;
    this.noctC = noctForArrayType(arrayType);
    this.lossFactor = 1 - system.losses * 0.01;
    this.inverter = pvwattsV8Inverter(this.dcNameplateW, system.dc_ac_ratio, system.inv_eff);
    this.rearRecord = { sky: this.sky, sunZenithRad: 0, sunAzimuthRad: 0, sunElevationRad: 0, surfaceTiltRad: 0, surfaceAzimuthRad: 0, albedo: 0 };
    this.input = {
      beamWm2: 0,
      skyDiffuseWm2: 0,
      groundDiffuseWm2: 0,
      rearWm2: 0,
      ambientC: 0,
      windMs: 0,
      zenithDeg: 0,
      incidenceDeg: 0,
      elevationM: site.elevationM,
      tiltDeg: 0,
    };
  }

  /**
   * The power of sun-up record `i` of month `month` (1–12) with ground albedo `albedo`, into `out`.
   * Records must come in order (the rear side and the shading's sky table remember earlier ones).
   * False where ssc's module solver fails, which stops the run.
   */
  power(i: number, month: number, albedo: number, out: RecordPowerV8): boolean {
    out.poaWm2 = this.irradiance(i, month, albedo);

    const site = this.site;
    const input = this.input;
    input.beamWm2 = this.beamWm2;
    input.skyDiffuseWm2 = this.skyDiffuseWm2;
    input.groundDiffuseWm2 = this.groundDiffuseWm2;
    input.rearWm2 = this.rearWm2;
    input.ambientC = site.ambientC[i]!;
    input.windMs = site.windMs[i]!;
    input.zenithDeg = site.zenithRad[i]! * RTOD;
    input.incidenceDeg = this.angles.incidenceRad * RTOD;
    input.tiltDeg = this.angles.tiltRad * RTOD;
    effectiveIrradiance(input, this.antiReflectiveGlass, this.effective);
    // a sun-up record without front irradiance keeps ssc's initial tmod of 0 °C
    const cellC = noctCellTemperatureC(input, this.effective, this.module, this.noctC, 0);
    out.cellC = cellC;
    if (!cecModulePower(this.module, input, this.effective, cellC, this.modulePower)) return false;
    // one module's power scaled to the array, then the DC losses, in ssc's order
    const dcW = ((this.modulePower.powerW * this.dcNameplateW) / this.moduleNameplateW) * this.lossFactor;
    out.dcW = dcW;
    inverterAcPower(this.inverter, dcW, this.ac);
    out.acW = this.ac.acW;
    return true;
  }

  /**
   * The plane-of-array irradiance of sun-up record `i` (front and rear, after the rows' shading and
   * the month's soiling, W/m²: the hourly `poa`, docs/pv-model.md §9.3), the first half of `power`;
   * called alone by `planeOfArrayV8` (simulate.ts), which needs no module. Records must come in order.
   */
  irradiance(i: number, month: number, albedo: number): number {
    this.frontIrradiance(i, albedo);
    this.rearIrradiance(i, albedo);
    this.shadeRows(i, albedo);
    this.soil(month);
    return this.beamWm2 + this.skyDiffuseWm2 + this.groundDiffuseWm2 + this.rearWm2;
  }

  /**
   * The surface's orientation and incidence (docs/pv-model.md §7) and Perez's beam, sky and ground
   * on its front (docs/pv-model.md §9.2); none where the beam exceeds the extraterrestrial
   * (the site knows, docs/pv-model.md §9.1).
   */
  private frontIrradiance(i: number, albedo: number): void {
    const site = this.site;
    const zenithRad = site.zenithRad[i]!;
    const angles = this.angles;
    surfaceAngles(this.surface, zenithRad, site.azimuthRad[i]!, angles);
    this.beamWm2 = 0;
    this.skyDiffuseWm2 = 0;
    this.groundDiffuseWm2 = 0;
    const perezCase = site.perezCase[i]!;
    if (perezCase === PEREZ_SKIPPED) return;
    const dni = site.dniWm2[i]!;
    const dhi = site.dhiWm2[i]!;
    const poa = this.poa;
    perezSkyFrom(perezCase, site.perezF1[i]!, site.perezF2[i]!, dni, dhi, zenithRad, this.sky);
    perezPlaneOfArray(this.sky, zenithRad, Math.cos(zenithRad), angles.incidenceRad, angles.cosTilt, angles.sinTilt, albedo, poa);
    this.beamWm2 = poa.beamWm2;
    this.skyDiffuseWm2 = poa.skyDiffuseWm2;
    this.groundDiffuseWm2 = poa.groundDiffuseWm2;
    this.perezDniWm2 = dni;
    this.perezDhiWm2 = dhi;
  }

  /** The rear side's irradiance times the bifaciality (docs/pv-model.md §10), 0 for a monofacial array. */
  private rearIrradiance(i: number, albedo: number): void {
    this.rearWm2 = 0;
    const rear = this.rear;
    if (rear === null) return;
    const site = this.site;
    const zenithRad = site.zenithRad[i]!;
    const record = this.rearRecord;
    const perezRuns = site.perezCase[i] !== PEREZ_SKIPPED;
    if (!perezRuns) perezSkyCoefficients(this.perezDniWm2, this.perezDhiWm2, zenithRad, this.rearSky);
    record.sky = perezRuns ? this.sky : this.rearSky;
    record.sunZenithRad = zenithRad;
    record.sunAzimuthRad = site.azimuthRad[i]!;
    record.sunElevationRad = site.elevationRad[i]!;
    record.surfaceTiltRad = this.angles.tiltRad;
    record.surfaceAzimuthRad = this.angles.azimuthRad;
    record.albedo = albedo;
    this.rearWm2 = rear.compute(record) * this.bifaciality;
  }

  /** The rows' self-shading (docs/pv-model.md §8.6–8.8): the beam's factor and the sky's (front and rear) and ground's derates. */
  private shadeRows(i: number, albedo: number): void {
    const site = this.site;
    const angles = this.angles;
    const record = this.shadingRecord;
    record.solarZenithDeg = site.zenithRad[i]! * RTOD;
    record.solarAzimuthDeg = site.azimuthRad[i]! * RTOD;
    record.surfaceTiltDeg = angles.tiltRad * RTOD;
    record.surfaceAzimuthDeg = angles.azimuthRad * RTOD;
    record.rotationDeg = angles.rotationRad * RTOD;
    record.dniWm2 = site.dniWm2[i]!;
    record.dhiWm2 = site.dhiWm2[i]!;
    record.poaSkyWm2 = this.skyDiffuseWm2;
    record.poaGroundWm2 = this.groundDiffuseWm2;
    record.albedo = albedo;
    const shading = this.shading;
    this.rows.apply(record, shading);
    this.beamWm2 *= shading.beam;
    this.skyDiffuseWm2 *= shading.sky;
    this.rearWm2 *= shading.sky;
    this.groundDiffuseWm2 *= shading.ground;
  }

  /** The month's soiling loss on the front (docs/pv-model.md §9.3). */
  private soil(month: number): void {
    const soiling = this.soiling;
    if (soiling === undefined) return;
    const soilingFraction = (soiling.length === 1 ? soiling[0]! : soiling[month - 1]!) * 0.01;
    this.beamWm2 *= 1 - soilingFraction;
    this.skyDiffuseWm2 *= 1 - soilingFraction;
    this.groundDiffuseWm2 *= 1 - soilingFraction;
  }
}
