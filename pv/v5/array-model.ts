/**
 * One system's array on a prepared site, one sun-up record at a time (ssc `cm_pvwattsv5::powerout`,
 * docs/pv-model.md §16.1): the surface's orientation, the plane-of-array irradiance, the self-shading of
 * 1-axis rows, then cover loss, cell temperature, DC and AC power.
 */
import { ArrayType } from '../common/inputs.ts';
import { noctForArrayType } from '../common/noct.ts';
import { DTOR, RTOD } from '../common/units.ts';
import { FuentesCellTemperature } from './cell-temperature.ts';
import { transmittedPoaFromCosine } from './cover-loss.ts';
import { dcPowerW, TEMPERATURE_COEFFICIENT_PER_C } from './dc-power.ts';
import { acPowerW, type Inverter, pvwattsInverter } from './inverter.ts';
import { fixedIncidenceCosine, newSurfaceAngles, rotatedSurfaceIncidence, rotatedSurfaceOrientation } from '../common/incidence.ts';
import { newPoaComponents, perezPlaneOfArrayFromCosine } from '../common/irradiance.ts';
import {
  beamShadeFactor,
  certainlyUnshaded,
  diffuseShadeFactorsFrom,
  diffuseTiltTerms,
  maskAngleDeg,
  newDiffuseTiltTerms,
  newSunAcrossRows,
  RowGeometry,
  shadeFraction,
  sunAcrossRows,
  type DiffuseShadeFactors,
  type Vector3,
} from './self-shading.ts';
import { SOUTH_AXIS_AZIMUTH_RAD, SunField, type PreparedSite } from './site.ts';
import type { CheckedSystem } from './system.ts';
import { backtrackRotation, trueTrackingRotationFrom } from './tracking.ts';

const PREMIUM_MODULE = 1;

/** What one record yields, in double precision (ssc stores them in single). */
export interface RecordPower {
  /** Plane-of-array irradiance after shading, before cover loss, W/m². */
  poaWm2: number;
  cellC: number;
  dcW: number;
  acW: number;
}

export function newRecordPower(): RecordPower {
  return { poaWm2: 0, cellC: 0, dcW: 0, acW: 0 };
}

function readVector(data: Float64Array, at: number, into: Vector3): void {
  into.x = data[at]!;
  into.y = data[at + 1]!;
  into.z = data[at + 2]!;
}

/** A system's array on a site: what every record's steps share, and the steps (`power`, record after record). */
export class ArrayModel {
  readonly dcNameplateW: number;
  /** The site's values of its sun-up records, `SUN_STRIDE` per record (site.ts `SunField`). */
  private readonly data: Float64Array;
  private readonly arrayType: number;
  private readonly fixed: boolean;
  private readonly gcr: number;
  private readonly lossesPercent: number;
  private readonly temperatureCoefficient: number;
  private readonly antiReflective: boolean;
  private readonly inverter: Inverter;
  /** Carries the module's temperature from one sun-up record to the next. */
  private readonly cellTemperature: FuentesCellTemperature;
  /** The fixed tilt and azimuth (for trackers: the axis's), radians, and their sines and cosines. */
  private readonly azimuthRad: number;
  private readonly sinFixedTilt: number;
  private readonly cosFixedTilt: number;
  private readonly sinFixedAzimuth: number;
  private readonly cosFixedAzimuth: number;
  /** 1-axis arrays: the rows that shade each other, and whether the site keeps the axis's true-tracking rotation. */
  private readonly rows: RowGeometry | null;
  private readonly rotationFromSite: boolean;

  // The current record's intermediate values, in objects reused from record to record.
  private readonly surface = newSurfaceAngles();
  private readonly poa = newPoaComponents();
  private readonly sun: Vector3 = { x: 0, y: 0, z: 0 };
  private readonly diffuseShade: DiffuseShadeFactors = { sky: 1, ground: 1 };
  private readonly sunAcross = newSunAcrossRows();
  /**
   * 1-axis arrays: the tracker's rotation (radians) and its cosine and sine, the rotation whose
   * orientation `surface`'s tilt and azimuth are (NaN when they were read from the site), and the
   * surface tilt (degrees) whose diffuse shading terms `tiltTerms` holds. They are kept from one
   * record to the next: a tracker at its limit keeps them for hours.
   */
  private rotationRad = Number.NaN;
  private cosRotation = 1;
  private sinRotation = 0;
  private surfaceRotationRad = Number.NaN;
  private readonly tiltTerms = newDiffuseTiltTerms();
  private tiltTermsDeg = Number.NaN;

  constructor(system: CheckedSystem, site: PreparedSite) {
    const { arrayType, tiltDeg, azimuthDeg } = system;
    this.data = site.sunData;
    this.arrayType = arrayType;
    this.fixed = arrayType === ArrayType.fixedOpenRack || arrayType === ArrayType.fixedRoofMount;
    this.gcr = system.gcr;
    this.lossesPercent = system.lossesPercent;
    this.dcNameplateW = 1000 * system.systemCapacityKw;
    this.temperatureCoefficient = TEMPERATURE_COEFFICIENT_PER_C[system.moduleType]!;
    this.antiReflective = system.moduleType === PREMIUM_MODULE;
    this.inverter = pvwattsInverter(this.dcNameplateW, system.dcAcRatio, system.inverterEfficiencyPercent);
    this.cellTemperature = new FuentesCellTemperature(noctForArrayType(arrayType), site.stepHours);
    const tiltRad = tiltDeg * DTOR;
    this.azimuthRad = azimuthDeg * DTOR;
    this.sinFixedTilt = Math.sin(tiltRad);
    this.cosFixedTilt = Math.cos(tiltRad);
    this.sinFixedAzimuth = Math.sin(this.azimuthRad);
    this.cosFixedAzimuth = Math.cos(this.azimuthRad);
    const tracksOneAxis = arrayType === ArrayType.oneAxis || arrayType === ArrayType.oneAxisBacktracking;
    this.rows = tracksOneAxis ? new RowGeometry(tiltDeg, azimuthDeg, system.gcr) : null;
    // a horizontal axis's sin and cos of the tilt are 0 and 1, as the site computed with
    this.rotationFromSite = tracksOneAxis && this.sinFixedTilt === 0 && this.cosFixedTilt === 1 && this.azimuthRad === SOUTH_AXIS_AZIMUTH_RAD;
  }

  /**
   * The power of the sun-up record whose values start at `at` in the site's packed array (cover
   * loss, cell temperature, DC and AC: docs/pv-model.md §11.2, §12.1, §13.1, §14.1). Records must come in
   * order: the cell temperature of one depends on the records before it.
   */
  power(at: number, out: RecordPower): void {
    this.orientSurface(at);
    this.irradiatePlaneOfArray(at);
    const beamFactor = this.arrayType === ArrayType.oneAxis ? this.shadeRows(at) : 1;
    const poa = this.poa;
    const poaWm2 = poa.beamWm2 * beamFactor + poa.skyDiffuseWm2 + poa.groundDiffuseWm2;
    const data = this.data;
    const transmittedWm2 = transmittedPoaFromCosine(poaWm2, data[at + SunField.dniWm2]!, this.surface.cosIncidence, this.antiReflective);
    const cellC = this.cellTemperature.cellTemperatureWithWindC(
      poaWm2,
      data[at + SunField.ambientC]!,
      data[at + SunField.skyTemperatureK]!,
      data[at + SunField.windLaminarForced]!,
      data[at + SunField.windTurbulentForced]!,
      data[at + SunField.windFilmTurbulentBelowK]!,
    );
    const dcW = dcPowerW(this.dcNameplateW, this.temperatureCoefficient, cellC, transmittedWm2, this.lossesPercent);
    out.poaWm2 = poaWm2;
    out.cellC = cellC;
    out.dcW = dcW;
    out.acW = acPowerW(this.inverter, dcW);
  }

  /** The surface's incidence and tilt (docs/pv-model.md §7): fixed, facing the sun (2-axis), or turned by a 1-axis tracker, backtracking or not. */
  private orientSurface(at: number): void {
    const data = this.data;
    const surface = this.surface;
    const cosZenith = data[at + SunField.cosZenith]!;
    const sinZenith = data[at + SunField.sinZenith]!;
    if (this.fixed) {
      surface.cosIncidence = fixedIncidenceCosine(
        sinZenith,
        cosZenith,
        data[at + SunField.sinAzimuth]!,
        data[at + SunField.cosAzimuth]!,
        this.sinFixedTilt,
        this.cosFixedTilt,
        this.sinFixedAzimuth,
        this.cosFixedAzimuth,
      );
      surface.cosTilt = this.cosFixedTilt;
      surface.sinTilt = this.sinFixedTilt;
    } else if (this.arrayType === ArrayType.twoAxis) {
      // the surface faces the sun: tilt Z, incidence 0
      surface.tiltRad = data[at + SunField.zenithRad]!;
      surface.cosIncidence = 1;
      surface.cosTilt = cosZenith;
      surface.sinTilt = sinZenith;
    } else {
      this.orientTracker(at);
    }
  }

  /**
   * A 1-axis tracker's rotation (docs/pv-model.md §7.3, backtracking §7.4) and the surface it turns (docs/pv-model.md §7.5). On the
   * axis the site keeps (`rotationFromSite`), the true-tracking rotation's surface is read from the
   * site too, whenever backtracking leaves that rotation as it is.
   */
  private orientTracker(at: number): void {
    const data = this.data;
    const surface = this.surface;
    const cosZenith = data[at + SunField.cosZenith]!;
    const sinZenith = data[at + SunField.sinZenith]!;
    const sunAzimuth = data[at + SunField.azimuthRad]!;
    const trueRotationRad = this.rotationFromSite
      ? data[at + SunField.southAxisRotationRad]!
      : trueTrackingRotationFrom(sinZenith, cosZenith, sunAzimuth, this.sinFixedTilt, this.cosFixedTilt, this.azimuthRad);
    let rotationRad = trueRotationRad;
    if (this.arrayType === ArrayType.oneAxisBacktracking) {
      readVector(data, at + SunField.sunVectorForBacktracking, this.sun);
      rotationRad = backtrackRotation(this.rows!, this.sun, rotationRad);
    }
    if (this.rotationFromSite && rotationRad === trueRotationRad) {
      surface.tiltRad = data[at + SunField.southAxisSurfaceTiltRad]!;
      surface.sinTilt = data[at + SunField.southAxisSinSurfaceTilt]!;
      surface.cosTilt = data[at + SunField.southAxisCosSurfaceTilt]!;
      surface.cosIncidence = data[at + SunField.southAxisCosIncidence]!;
      this.surfaceRotationRad = Number.NaN;
      // the rows' shading (array type 2) reads the rotation's cosine and sine
      if (this.arrayType === ArrayType.oneAxis) this.turnTo(rotationRad);
      return;
    }
    this.turnTo(rotationRad);
    if (rotationRad !== this.surfaceRotationRad) {
      rotatedSurfaceOrientation(this.cosFixedTilt, this.azimuthRad, rotationRad, this.cosRotation, this.sinRotation, surface);
      this.surfaceRotationRad = rotationRad;
    }
    rotatedSurfaceIncidence(sinZenith, cosZenith, sunAzimuth, surface);
  }

  /** The tracker's rotation, radians, with its cosine and sine (computed when it changes). */
  private turnTo(rotationRad: number): void {
    if (rotationRad === this.rotationRad) return;
    this.rotationRad = rotationRad;
    this.cosRotation = Math.cos(rotationRad);
    this.sinRotation = Math.sin(rotationRad);
  }

  /** Perez beam, sky and ground diffuse on the surface (docs/pv-model.md §9.2); none when the beam exceeds the extraterrestrial (§9.1 there). */
  private irradiatePlaneOfArray(at: number): void {
    const data = this.data;
    const poa = this.poa;
    if (data[at + SunField.beamAboveExtraterrestrial]) {
      poa.beamWm2 = 0;
      poa.skyDiffuseWm2 = 0;
      poa.groundDiffuseWm2 = 0;
      return;
    }
    perezPlaneOfArrayFromCosine(
      data[at + SunField.perezCase]!,
      data[at + SunField.perezBeamNormalWm2]!,
      data[at + SunField.perezDiffuseHorizontalWm2]!,
      data[at + SunField.perezF1]!,
      data[at + SunField.perezF2]!,
      data[at + SunField.perezCircumsolarCosZenith]!,
      data[at + SunField.zenithRad]!,
      data[at + SunField.cosZenith]!,
      this.surface.cosIncidence,
      this.surface.cosTilt,
      this.surface.sinTilt,
      data[at + SunField.albedo]!,
      poa,
    );
  }

  /**
   * 1-axis rows without backtracking shade each other (docs/pv-model.md §8.4–8.5): the beam's factor is returned, and the
   * diffuse components are reduced in place.
   */
  private shadeRows(at: number): number {
    const data = this.data;
    const poa = this.poa;
    const rows = this.rows!;
    readVector(data, at + SunField.sunVectorForShading, this.sun);
    sunAcrossRows(rows, this.sun, this.sunAcross);
    // where the rows certainly do not shade each other the literal shade fraction is 0 and the factor 1
    const beamFactor = certainlyUnshaded(rows, this.sunAcross, this.cosRotation, this.sinRotation)
      ? 1
      : beamShadeFactor(shadeFraction(rows, this.sun, this.rotationRad * RTOD));
    if (poa.skyDiffuseWm2 > 0) {
      const surfaceTiltDeg = this.surface.tiltRad * RTOD;
      if (surfaceTiltDeg !== this.tiltTermsDeg) {
        diffuseTiltTerms(surfaceTiltDeg, this.gcr, maskAngleDeg(surfaceTiltDeg, this.gcr), this.tiltTerms);
        this.tiltTermsDeg = surfaceTiltDeg;
      }
      const shade = this.diffuseShade;
      diffuseShadeFactorsFrom(
        this.tiltTerms,
        data[at + SunField.zenithRad]! * RTOD,
        data[at + SunField.cosdZenithForShading]!,
        data[at + SunField.sindElevationForShading]!,
        surfaceTiltDeg,
        data[at + SunField.dniWm2]!,
        poa.skyDiffuseWm2 + poa.groundDiffuseWm2,
        data[at + SunField.albedo]!,
        shade,
      );
      if (shade.sky >= 0 && shade.sky <= 1) poa.skyDiffuseWm2 *= shade.sky;
      if (shade.ground >= 0 && shade.ground <= 1) poa.groundDiffuseWm2 *= shade.ground;
    }
    return beamFactor;
  }
}
