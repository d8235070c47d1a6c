/** One PVWatts v5 run over a prepared site (ssc `cm_pvwattsv5::exec`, `powerout`), ALGORITHM.md §13. */
import { DTOR } from './angles.ts';
import { FuentesCellTemperature } from './cell-temperature.ts';
import { transmittedPoa } from './cover-loss.ts';
import { acPowerW, dcPowerW, pvwattsInverter, TEMPERATURE_COEFFICIENT_PER_C } from './dc-ac.ts';
import { incidenceAngle, newSurfaceAngles, rotatedSurface } from './incidence.ts';
import { newPerezSky, newPoaComponents, orientationRangeCheck, perezPlaneOfArray, RangeCheck, type PerezSky } from './irradiance.ts';
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
import type { PreparedSite, StationInfo } from './site.ts';
import { SunUp } from './solar-position.ts';
import { validateSystem, type CheckedSystem, type PvSystem } from './system.ts';
import { backtrackRotation, trueTrackingRotation } from './tracking.ts';

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

function readSky(site: PreparedSite, record: number, into: PerezSky): void {
  into.perezCase = site.perezCase[record]!;
  into.beamNormalWm2 = site.perezBeamNormalWm2[record]!;
  into.diffuseHorizontalWm2 = site.perezDiffuseHorizontalWm2[record]!;
  into.f1 = site.perezF1[record]!;
  into.f2 = site.perezF2[record]!;
  into.circumsolarCosZenith = site.perezCircumsolarCosZenith[record]!;
}

function readVector(vectors: Float64Array, record: number, into: Vector3): void {
  into.x = vectors[3 * record]!;
  into.y = vectors[3 * record + 1]!;
  into.z = vectors[3 * record + 2]!;
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
        dn: Float32Array.from(site.dniWm2),
        df: Float32Array.from(site.dhiWm2),
        dc: new Float32Array(n),
        tamb: Float32Array.from(site.ambientC),
        tcell: new Float32Array(n),
        wspd: Float32Array.from(site.windMs),
      }
    : null;
  const sums = new OutputSums(site.stepsPerHour);
  const surface = newSurfaceAngles();
  const sky = newPerezSky();
  const poa = newPoaComponents();
  const sun: Vector3 = { x: 0, y: 0, z: 0 };
  const diffuseShade: DiffuseShadeFactors = { sky: 1, ground: 1 };
  let month = -1;
  let nextMonthStart = 0;

  for (let i = 0; i < n; i++) {
    if (i === nextMonthStart) {
      month++;
      nextMonthStart = sums.monthEnd(month);
    }
    const ambientC = site.ambientC[i]!;
    if (site.sunUp[i] === SunUp.night) {
      if (hourly) hourly.tcell[i] = ambientC;
      continue;
    }
    const zenith = site.zenithRad[i]!;
    const sunAzimuth = site.azimuthRad[i]!;
    let rotationRad = 0;
    if (arrayType === ArrayType.twoAxis) {
      surface.tiltRad = zenith;
      surface.azimuthRad = sunAzimuth;
      surface.incidenceRad = 0;
    } else if (rows !== null) {
      rotationRad = trueTrackingRotation(zenith, sunAzimuth, tiltRad, azimuthRad);
      if (arrayType === ArrayType.oneAxisBacktracking) {
        readVector(site.sunVectorForBacktracking, i, sun);
        rotationRad = backtrackRotation(rows, sun, rotationRad);
      }
      rotatedSurface(zenith, sunAzimuth, tiltRad, azimuthRad, rotationRad, surface);
    } else {
      surface.tiltRad = tiltRad;
      surface.azimuthRad = azimuthRad;
      surface.incidenceRad = incidenceAngle(site.sinZenith[i]!, site.cosZenith[i]!, sunAzimuth, sinFixedTilt, cosFixedTilt, azimuthRad);
    }
    const fixed = arrayType === ArrayType.fixedOpenRack || arrayType === ArrayType.fixedRoofMount;
    const cosTilt = fixed ? cosFixedTilt : Math.cos(surface.tiltRad);
    const sinTilt = fixed ? sinFixedTilt : Math.sin(surface.tiltRad);

    const dni = site.dniWm2[i]!;
    const albedo = site.albedo[i]!;
    if (site.beamAboveExtraterrestrial[i]) {
      poa.beamWm2 = 0;
      poa.skyDiffuseWm2 = 0;
      poa.groundDiffuseWm2 = 0;
    } else {
      readSky(site, i, sky);
      perezPlaneOfArray(sky, zenith, site.cosZenith[i]!, surface.incidenceRad, cosTilt, sinTilt, albedo, poa);
    }

    let beamFactor = 1;
    if (arrayType === ArrayType.oneAxis && rows !== null) {
      readVector(site.sunVectorForShading, i, sun);
      beamFactor = beamShadeFactor(shadeFraction(rows, sun, rotationRad * RAD_TO_DEG));
      if (poa.skyDiffuseWm2 > 0) {
        const surfaceTiltDeg = surface.tiltRad * RAD_TO_DEG;
        diffuseShadeFactors(
          site.zenithDeg[i]!,
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
    const transmittedWm2 = transmittedPoa(poaWm2, dni, surface.incidenceRad * RAD_TO_DEG, antiReflective);
    const cellC = cellTemperature.cellTemperatureC(poaWm2, ambientC, site.skyTemperatureK[i]!, site.windAtModuleMs[i]!);
    const dcW = dcPowerW(dcNameplateW, temperatureCoefficient, cellC, transmittedWm2, system.lossesPercent);
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
