/** One PVWatts v5 run over a prepared site (ssc `cm_pvwattsv5::exec`, `powerout`), ALGORITHM.md §13. */
import { DTOR } from './angles.ts';
import { FuentesCellTemperature } from './cell-temperature.ts';
import { transmittedPoaFromCosine } from './cover-loss.ts';
import { acPowerW, dcPowerW, pvwattsInverter, TEMPERATURE_COEFFICIENT_PER_C } from './dc-ac.ts';
import { fixedIncidenceCosine, newSurfaceAngles, rotatedSurfaceFrom } from './incidence.ts';
import { newPoaComponents, orientationRangeCheck, perezPlaneOfArrayFromCosine, RangeCheck } from './irradiance.ts';
import { OutputSums, type PvAnnualOutputs } from './outputs.ts';
import {
  beamShadeFactor,
  diffuseShadeFactors,
  maskAngleDeg,
  RowGeometry,
  shadeFraction,
  type DiffuseShadeFactors,
  type Vector3,
} from './self-shading.ts';
import { SUN_STRIDE, SunField, type PreparedSite, type StationInfo } from './site.ts';
import { validateSystem, type CheckedSystem, type PvSystem } from './system.ts';
import { backtrackRotation, trueTrackingRotationFrom } from './tracking.ts';

/** Array types (§1.1). */
export const ArrayType = { fixedOpenRack: 0, fixedRoofMount: 1, oneAxis: 2, oneAxisBacktracking: 3, twoAxis: 4 } as const;
const PREMIUM_MODULE = 1;
/** Installed NOCT, °C: roof mount runs hotter (§1.2). */
const NOCT_ROOF_C = 49;
const NOCT_RACK_C = 45;
const RAD_TO_DEG = 180 / Math.PI;

/** Hourly (per-record) outputs, with the v6 API's names; single precision as ssc stores them. */
export interface PvHourlyOutputs {
  /** AC power, W. */
  ac: Float32Array;
  /** Plane-of-array irradiance after shading, before cover loss, W/m². */
  poa: Float32Array;
  /** Weather DNI and DHI, W/m². */
  dn: Float32Array;
  df: Float32Array;
  /** DC power, W. */
  dc: Float32Array;
  /** Ambient and cell temperature, °C (cell = ambient at night). */
  tamb: Float32Array;
  tcell: Float32Array;
  /** Wind speed as read, m/s. */
  wspd: Float32Array;
}

export type PvOutputs = PvAnnualOutputs & Partial<PvHourlyOutputs>;

export type PvResult =
  | { ok: true; outputs: PvOutputs; station: StationInfo; warnings: string[] }
  | { ok: false; error: string; station: StationInfo; warnings: string[] };

export interface SimulateOptions {
  /** Also return the hourly arrays. */
  hourly?: boolean;
  /**
   * With `hourly`: `dn`, `df`, `tamb` and `wspd` are the site's own weather arrays instead of
   * copies (no copying; they must not be changed).
   */
  shareWeather?: boolean;
}

function failure(site: PreparedSite, error: string): PvResult {
  return { ok: false, error, station: site.station, warnings: [] };
}

function rangeCheckError(site: PreparedSite, record: number, code: number): string {
  return `failed to process irradiation on surface (code: ${-100 + code}) ${site.recordLabel(record)}`;
}

/**
 * ssc's whole-run failures that come before the loop: input checks (§1.1), the time mode (§2.7)
 * and the per-record range checks (§7.1), which fail on the first record that breaks one.
 */
function runError(system: CheckedSystem, site: PreparedSite): string | null {
  if (site.problem !== null) return site.problem;
  const weatherFailure = site.weatherRangeFailure;
  if (weatherFailure !== null && weatherFailure.record === 0) return rangeCheckError(site, 0, weatherFailure.code);
  const orientationCode = orientationRangeCheck(system.tiltDeg, system.azimuthDeg);
  if (orientationCode !== RangeCheck.passed) return rangeCheckError(site, 0, orientationCode);
  if (weatherFailure !== null) return rangeCheckError(site, weatherFailure.record, weatherFailure.code);
  return null;
}

function readVector(data: Float64Array, at: number, into: Vector3): void {
  into.x = data[at]!;
  into.y = data[at + 1]!;
  into.z = data[at + 2]!;
}

/**
 * Runs PVWatts v5 for `system` on `site` (§13): per record, sun-up test, orientation, Perez,
 * self-shading (array type 2), cover loss, cell temperature, DC, inverter; then the sums (§12).
 */
export function simulate(systemInput: PvSystem, site: PreparedSite, options: SimulateOptions = {}): PvResult {
  const checked = validateSystem(systemInput);
  if (checked.error !== undefined) return failure(site, checked.error);
  const system = checked.system;
  const error = runError(system, site);
  if (error !== null) return failure(site, error);

  const { arrayType, gcr, tiltDeg, azimuthDeg } = system;
  const dcNameplateW = 1000 * system.systemCapacityKw;
  const temperatureCoefficient = TEMPERATURE_COEFFICIENT_PER_C[system.moduleType]!;
  const antiReflective = system.moduleType === PREMIUM_MODULE;
  const inverter = pvwattsInverter(dcNameplateW, system.dcAcRatio, system.inverterEfficiencyPercent);
  const cellTemperature = new FuentesCellTemperature(
    arrayType === ArrayType.fixedRoofMount ? NOCT_ROOF_C : NOCT_RACK_C,
    site.stepHours,
  );
  const tiltRad = tiltDeg * DTOR;
  const azimuthRad = azimuthDeg * DTOR;
  const sinFixedTilt = Math.sin(tiltRad);
  const cosFixedTilt = Math.cos(tiltRad);
  const tracksOneAxis = arrayType === ArrayType.oneAxis || arrayType === ArrayType.oneAxisBacktracking;
  const rows = tracksOneAxis ? new RowGeometry(tiltDeg, azimuthDeg, gcr) : null;

  const n = site.records;
  const hourly: PvHourlyOutputs | null = options.hourly
    ? {
        ac: new Float32Array(n),
        poa: new Float32Array(n),
        dn: options.shareWeather ? site.dniWm2 : site.dniWm2.slice(),
        df: options.shareWeather ? site.dhiWm2 : site.dhiWm2.slice(),
        dc: new Float32Array(n),
        tamb: options.shareWeather ? site.ambientC : site.ambientC.slice(),
        // at night the cell is at ambient; sun-up records are overwritten below
        tcell: site.ambientC.slice(),
        wspd: options.shareWeather ? site.windMs : site.windMs.slice(),
      }
    : null;
  const sums = new OutputSums(site.stepsPerHour);
  const surface = newSurfaceAngles();
  const poa = newPoaComponents();
  const sun: Vector3 = { x: 0, y: 0, z: 0 };
  const diffuseShade: DiffuseShadeFactors = { sky: 1, ground: 1 };
  const fixed = arrayType === ArrayType.fixedOpenRack || arrayType === ArrayType.fixedRoofMount;
  const twoAxis = arrayType === ArrayType.twoAxis;
  const sinFixedAzimuth = Math.sin(azimuthRad);
  const cosFixedAzimuth = Math.cos(azimuthRad);
  const { lossesPercent } = system;
  const { sunUpRecords, sunData: data } = site;
  let month = -1;
  let nextMonthStart = 0;

  // Night records add nothing to any sum and leave the cell-temperature state alone (§10): only the
  // records whose sun is up are visited, their values read in order from one packed array.
  for (let u = 0, at = 0; u < sunUpRecords.length; u++, at += SUN_STRIDE) {
    const i = sunUpRecords[u]!;
    while (i >= nextMonthStart) {
      month++;
      nextMonthStart = sums.monthEnd(month);
    }
    const zenith = data[at + SunField.zenithRad]!;
    const cosZenith = data[at + SunField.cosZenith]!;
    let rotationRad = 0;
    let cosIncidence: number;
    let cosTilt: number;
    let sinTilt: number;
    if (fixed) {
      cosIncidence = fixedIncidenceCosine(
        data[at + SunField.sinZenith]!,
        cosZenith,
        data[at + SunField.sinAzimuth]!,
        data[at + SunField.cosAzimuth]!,
        sinFixedTilt,
        cosFixedTilt,
        sinFixedAzimuth,
        cosFixedAzimuth,
      );
      cosTilt = cosFixedTilt;
      sinTilt = sinFixedTilt;
    } else if (twoAxis) {
      // the surface faces the sun: tilt Z, incidence 0
      surface.tiltRad = zenith;
      cosIncidence = 1;
      cosTilt = cosZenith;
      sinTilt = data[at + SunField.sinZenith]!;
    } else {
      const sunAzimuth = data[at + SunField.azimuthRad]!;
      const sinZenith = data[at + SunField.sinZenith]!;
      rotationRad = trueTrackingRotationFrom(sinZenith, cosZenith, sunAzimuth, sinFixedTilt, cosFixedTilt, azimuthRad);
      if (arrayType === ArrayType.oneAxisBacktracking) {
        readVector(data, at + SunField.sunVectorForBacktracking, sun);
        rotationRad = backtrackRotation(rows!, sun, rotationRad);
      }
      rotatedSurfaceFrom(sinZenith, cosZenith, sunAzimuth, cosFixedTilt, azimuthRad, rotationRad, surface);
      cosIncidence = surface.cosIncidence;
      cosTilt = surface.cosTilt;
      sinTilt = surface.sinTilt;
    }

    const dni = data[at + SunField.dniWm2]!;
    const albedo = data[at + SunField.albedo]!;
    if (data[at + SunField.beamAboveExtraterrestrial]) {
      poa.beamWm2 = 0;
      poa.skyDiffuseWm2 = 0;
      poa.groundDiffuseWm2 = 0;
    } else {
      perezPlaneOfArrayFromCosine(
        data[at + SunField.perezCase]!,
        data[at + SunField.perezBeamNormalWm2]!,
        data[at + SunField.perezDiffuseHorizontalWm2]!,
        data[at + SunField.perezF1]!,
        data[at + SunField.perezF2]!,
        data[at + SunField.perezCircumsolarCosZenith]!,
        zenith,
        cosZenith,
        cosIncidence,
        cosTilt,
        sinTilt,
        albedo,
        poa,
      );
    }

    let beamFactor = 1;
    if (arrayType === ArrayType.oneAxis) {
      readVector(data, at + SunField.sunVectorForShading, sun);
      beamFactor = beamShadeFactor(shadeFraction(rows!, sun, rotationRad * RAD_TO_DEG));
      if (poa.skyDiffuseWm2 > 0) {
        const surfaceTiltDeg = surface.tiltRad * RAD_TO_DEG;
        diffuseShadeFactors(
          zenith * RAD_TO_DEG,
          surfaceTiltDeg,
          dni,
          poa.skyDiffuseWm2 + poa.groundDiffuseWm2,
          gcr,
          maskAngleDeg(surfaceTiltDeg, gcr),
          albedo,
          diffuseShade,
        );
        if (diffuseShade.sky >= 0 && diffuseShade.sky <= 1) poa.skyDiffuseWm2 *= diffuseShade.sky;
        if (diffuseShade.ground >= 0 && diffuseShade.ground <= 1) poa.groundDiffuseWm2 *= diffuseShade.ground;
      }
    }
    const poaWm2 = poa.beamWm2 * beamFactor + poa.skyDiffuseWm2 + poa.groundDiffuseWm2;
    const transmittedWm2 = transmittedPoaFromCosine(poaWm2, dni, cosIncidence, antiReflective);
    const cellC = cellTemperature.cellTemperatureWithWindC(
      poaWm2,
      data[at + SunField.ambientC]!,
      data[at + SunField.skyTemperatureK]!,
      data[at + SunField.windLaminarForced]!,
      data[at + SunField.windTurbulentForced]!,
      data[at + SunField.windLogFilmTurbulentBelow]!,
      data[at + SunField.windFilmTurbulentBelowK]!,
    );
    const dcW = dcPowerW(dcNameplateW, temperatureCoefficient, cellC, transmittedWm2, lossesPercent);
    const acW = acPowerW(inverter, dcW);
    const poaF32 = Math.fround(poaWm2);
    const dcF32 = Math.fround(dcW);
    const acF32 = Math.fround(acW);
    sums.add(month, poaF32, dcF32, acF32, acW);
    if (hourly) {
      hourly.poa[i] = poaF32;
      hourly.dc[i] = dcF32;
      hourly.ac[i] = acF32;
      hourly.tcell[i] = cellC;
    }
  }

  const outputs: PvOutputs = { ...sums.results(dcNameplateW), ...hourly };
  return { ok: true, outputs, station: site.station, warnings: [] };
}
