/**
 * One PVWatts v8 run (ssc `cm_pvwattsv8::exec` at 2025.4.16, commit bf816157) over a prepared
 * site: for every record, the surface and its Perez irradiance (surface.ts, ../irradiance.ts), the
 * rows' self-shading and the bifacial rear side (row-shading.ts, rear-irradiance.ts), soiling, the
 * cell temperature and the CEC module (noct-cell-temperature.ts, cec-module.ts), DC losses and the
 * Sandia inverter (sandia-inverter.ts); then ssc's monthly and annual sums.
 *
 * Only what the PVWatts v8 API passes is modelled: no external shading, snow, wind stow, lifetime
 * degradation or transformer losses (ssc's defaults switch them off), and the availability loss 0.
 */
import { ArrayType, type Constraint, constraintFailure, formatG, INTEGER, max, min, POSITIVE, requiredInputMessage } from '../shared/inputs.ts';
import { noctForArrayType } from '../shared/noct.ts';
import { DEFAULT_ALBEDO, newPerezSky, newPoaComponents, perezPlaneOfArray, perezSkyCoefficients, perezSkyFrom } from '../shared/irradiance.ts';
import type { PvAnnualOutputs } from '../shared/outputs.ts';
import { ROTATION_LIMIT_DEG } from '../shared/tracking.ts';
import { DAYS_IN_MONTH, RTOD } from '../shared/units.ts';
import type { StationInfo } from '../shared/weather.ts';
import { cecModulePower, effectiveIrradiance, type EffectiveIrradiance, type ModuleInput, type ModulePower } from './cec-module.ts';
import { MODULE_TYPES } from './module-types.ts';
import { noctCellTemperatureC } from './noct-cell-temperature.ts';
import { pvwattsV8RearRows, RearIrradiance, type RearRecord } from './rear-irradiance.ts';
import { newRowShadingFactors, RowShading, type RowShadingRecord } from './row-shading.ts';
import { inverterAcPower, pvwattsV8Inverter, type InverterOutput } from './sandia-inverter.ts';
import { PEREZ_SKIPPED, type SiteV8 } from './site.ts';
import { newSurfaceAngles, surfaceAngles, TrackingMode, type ArraySurface } from './surface.ts';

/** The system, with the ssc input names the API passes. */
export interface PvSystemV8 {
  system_capacity: number;
  module_type: number;
  losses: number;
  array_type: number;
  /** Not read for array_type 4. */
  tilt?: number | undefined;
  azimuth?: number | undefined;
  dc_ac_ratio: number;
  gcr: number;
  inv_eff: number;
  /** 0 or absent: monofacial. */
  bifaciality?: number | undefined;
  /** One value or twelve (January first). */
  albedo?: readonly number[] | undefined;
  /** Use the weather file's albedo where valid (ssc's default when no albedo is given). */
  use_wf_albedo?: boolean | undefined;
  /** Twelve monthly soiling losses, percent. */
  soiling?: readonly number[] | undefined;
}

export interface PvHourlyOutputsV8 {
  ac: Float64Array;
  poa: Float64Array;
  dn: Float32Array;
  dc: Float64Array;
  df: Float32Array;
  tamb: Float32Array;
  tcell: Float64Array;
  wspd: Float32Array;
  alb: Float64Array;
}

export type PvResultV8 =
  | { ok: true; outputs: PvAnnualOutputs & Partial<PvHourlyOutputsV8>; station: StationInfo; warnings: string[] }
  | { ok: false; error: string; station: StationInfo; warnings: string[] };

/** The constraints ssc's variable table puts on the inputs the API passes, in table order. */
const INPUT_CONSTRAINTS: ReadonlyArray<readonly [keyof PvSystemV8, readonly Constraint[]]> = [
  ['module_type', [min(0), max(2), INTEGER]],
  ['dc_ac_ratio', [POSITIVE]],
  ['array_type', [min(0), max(4), INTEGER]],
  ['tilt', [min(0), max(90)]],
  ['azimuth', [min(0), max(360)]],
  ['gcr', [min(0.01), max(0.99)]],
  ['losses', [min(-5), max(99)]],
  ['inv_eff', [min(90), max(99.5)]],
];

/** ssc's number type at this tag is double: bounds are compared as given. */
const double = (x: number): number => x;

/** ssc's input checks (its var_info constraints, then exec's own), with its messages; null when they pass. */
function systemError(system: PvSystemV8): string | null {
  for (const [name, constraints] of INPUT_CONSTRAINTS) {
    const value = system[name] as number | undefined;
    if (value === undefined) {
      if ((name === 'tilt' || name === 'azimuth') && system.array_type >= 4) continue;
      return requiredInputMessage(name);
    }
    for (const constraint of constraints) {
      const failure = constraintFailure(name, value, constraint, double);
      if (failure !== null) return failure;
    }
  }
  if (system.soiling !== undefined && system.soiling.length !== 1 && system.soiling.length !== 12)
    return 'Soiling input array must have 1, 12, or nrecords values.';
  return null;
}

/** The albedo of a record: the weather file's, the given one, or the default (ssc's rules); 0 when none is valid. */
function chosenAlbedo(system: PvSystemV8, useWeatherAlbedo: boolean, weatherAlbedo: number, month: number): number {
  if (useWeatherAlbedo) return Number.isFinite(weatherAlbedo) && weatherAlbedo > 0 && weatherAlbedo < 1 ? weatherAlbedo : 0;
  if (system.albedo?.length === 1) return system.albedo[0]!;
  if (system.albedo?.length === 12) return system.albedo[month - 1]!;
  return 0;
}

/** Runs PVWatts v8 for `system` on `site`; `hourly` adds the per-record arrays. */
export function simulateV8(system: PvSystemV8, site: SiteV8, options: { hourly?: boolean } = {}): PvResultV8 {
  const warnings = [...site.warnings];
  const fail = (error: string): PvResultV8 => ({ ok: false, error, station: site.station, warnings });
  const inputError = systemError(system);
  if (inputError !== null) return fail(inputError);
  if (site.problem !== null) return fail(site.problem);

  const arrayType = system.array_type;
  const type = MODULE_TYPES[system.module_type as 0 | 1 | 2];
  const module = type.cec;
  const dcNameplateW = system.system_capacity * 1000;
  const bifaciality = system.bifaciality ?? 0;
  const tiltDeg = arrayType === ArrayType.twoAxis ? Number.NaN : system.tilt!;
  const azimuthDeg = arrayType === ArrayType.twoAxis ? Number.NaN : system.azimuth!;
  const useWeatherAlbedo = system.use_wf_albedo ?? system.albedo === undefined;
  const oneAxis = arrayType === ArrayType.oneAxis || arrayType === ArrayType.oneAxisBacktracking;
  if (oneAxis && tiltDeg > 0) {
    warnings.push(`The tilt angle is ${formatG(tiltDeg)} degrees with one-axis tracking. Large one-axis tracking arrays typically have a tilt angle of zero.`);
  }
  if (arrayType === ArrayType.fixedRoofMount && bifaciality > 0) {
    warnings.push(
      'The Fixed Roof Mount array type is not appropriate for bifacial modules because it assumes there is no space between the back of the array and the roof surface.',
    );
  }

  const surface: ArraySurface = {
    mode: oneAxis ? TrackingMode.oneAxis : arrayType === ArrayType.twoAxis ? TrackingMode.twoAxis : TrackingMode.fixed,
    tiltDeg,
    azimuthDeg,
    rotationLimitDeg: ROTATION_LIMIT_DEG,
    backtracking: arrayType === ArrayType.oneAxisBacktracking,
    gcr: system.gcr,
  };
  const rows = new RowShading({ arrayType, moduleType: system.module_type, systemCapacityKw: system.system_capacity, tiltDeg, azimuthDeg, gcr: system.gcr });
  const rear = bifaciality > 0 ? new RearIrradiance(pvwattsV8RearRows(arrayType, system.gcr, rows.layout.rowSlopeLengthM)) : null;
  const noctC = noctForArrayType(arrayType);
  const inverter = pvwattsV8Inverter(dcNameplateW, system.dc_ac_ratio, system.inv_eff);
  const lossFactor = 1 - system.losses * 0.01;
  const moduleNameplateW = module.vmpV * module.impA;

  const n = site.records;
  const acW = new Float64Array(n);
  const dcW = new Float64Array(n);
  const poaWm2 = new Float64Array(n);
  const cellC = Float64Array.from(site.ambientC);
  const albedoUsed = new Float64Array(n);

  let invalidAlbedos = 0;
  const angles = newSurfaceAngles();
  const sky = newPerezSky();
  // the rear side reads the sky of the DNI and DHI irrad last handed to Perez (ssc's
  // calculatedDirectNormal, calculatedDiffuseHorizontal: −999 and 0 before the first sun-up record),
  // which differ from the record's only where its beam exceeds the extraterrestrial
  const rearSky = newPerezSky();
  let perezDniWm2 = -999;
  let perezDhiWm2 = 0;
  const shading = newRowShadingFactors();
  const shadingRecord: RowShadingRecord = {
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
  const rearRecord: RearRecord = {
    sky,
    sunZenithRad: 0,
    sunAzimuthRad: 0,
    sunElevationRad: 0,
    surfaceTiltRad: 0,
    surfaceAzimuthRad: 0,
    albedo: 0,
  };
  const poa = newPoaComponents();
  const input: ModuleInput = {
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
  const effective: EffectiveIrradiance = { frontWm2: 0, airMassModifier: 1 };
  const power: ModulePower = { powerW: 0, voltageV: 0, currentA: 0, openCircuitV: 0, effectiveWm2: 0 };
  const ac: InverterOutput = { acW: 0, efficiencyPercent: 0, clipLossW: 0 };

  // irrad::check runs on every record: the weather's checks first, then the orientation's
  if (site.weatherFailure !== null && site.weatherFailure.record === 0) return fail(surfaceFailure(site, 0, site.weatherFailure.message));
  const orientationError = orientationCheck(tiltDeg, azimuthDeg);
  if (orientationError !== null) return fail(surfaceFailure(site, 0, orientationError));
  for (let i = 0; i < n; i++) {
    if (site.weatherFailure !== null && site.weatherFailure.record === i) return fail(surfaceFailure(site, i, site.weatherFailure.message));
    const month = site.month[i]!;
    let albedo = chosenAlbedo(system, useWeatherAlbedo, site.albedo[i]!, month);
    if (albedo <= 0 || albedo >= 1) {
      // ssc counts every invalid weather-file value, but only the first five invalid given ones
      if (useWeatherAlbedo || invalidAlbedos < 5) invalidAlbedos++;
      albedo = DEFAULT_ALBEDO;
    }
    albedoUsed[i] = albedo;
    if (site.sunUp[i] === 0) continue;

    const zenithRad = site.zenithRad[i]!;
    const sunAzimuthRad = site.azimuthRad[i]!;
    const dni = site.dniWm2[i]!;
    const dhi = site.dhiWm2[i]!;
    surfaceAngles(surface, zenithRad, sunAzimuthRad, angles);
    let beam = 0;
    let skyDiffuse = 0;
    let groundDiffuse = 0;
    const cosZenith = Math.cos(zenithRad);
    // the site has the record's Perez sky, or knows that irrad skips Perez for it
    const perezCase = site.perezCase[i]!;
    const perezRuns = perezCase !== PEREZ_SKIPPED;
    if (perezRuns) {
      perezSkyFrom(perezCase, site.perezF1[i]!, site.perezF2[i]!, dni, dhi, zenithRad, sky);
      perezPlaneOfArray(sky, zenithRad, cosZenith, angles.incidenceRad, angles.cosTilt, angles.sinTilt, albedo, poa);
      beam = poa.beamWm2;
      skyDiffuse = poa.skyDiffuseWm2;
      groundDiffuse = poa.groundDiffuseWm2;
      perezDniWm2 = dni;
      perezDhiWm2 = dhi;
    }
    const zenithDeg = zenithRad * RTOD;

    let rearWm2 = 0;
    if (rear !== null) {
      if (!perezRuns) perezSkyCoefficients(perezDniWm2, perezDhiWm2, zenithRad, rearSky);
      rearRecord.sky = perezRuns ? sky : rearSky;
      rearRecord.sunZenithRad = zenithRad;
      rearRecord.sunAzimuthRad = sunAzimuthRad;
      rearRecord.sunElevationRad = site.elevationRad[i]!;
      rearRecord.surfaceTiltRad = angles.tiltRad;
      rearRecord.surfaceAzimuthRad = angles.azimuthRad;
      rearRecord.albedo = albedo;
      rearWm2 = rear.compute(rearRecord) * bifaciality;
    }

    shadingRecord.solarZenithDeg = zenithDeg;
    shadingRecord.solarAzimuthDeg = sunAzimuthRad * RTOD;
    shadingRecord.surfaceTiltDeg = angles.tiltRad * RTOD;
    shadingRecord.surfaceAzimuthDeg = angles.azimuthRad * RTOD;
    shadingRecord.rotationDeg = angles.rotationRad * RTOD;
    shadingRecord.dniWm2 = dni;
    shadingRecord.dhiWm2 = dhi;
    shadingRecord.poaSkyWm2 = skyDiffuse;
    shadingRecord.poaGroundWm2 = groundDiffuse;
    shadingRecord.albedo = albedo;
    rows.apply(shadingRecord, shading);
    beam *= shading.beam;
    skyDiffuse *= shading.sky;
    rearWm2 *= shading.sky;
    groundDiffuse *= shading.ground;

    if (system.soiling !== undefined) {
      const soilingFraction = (system.soiling.length === 1 ? system.soiling[0]! : system.soiling[month - 1]!) * 0.01;
      beam *= 1 - soilingFraction;
      skyDiffuse *= 1 - soilingFraction;
      groundDiffuse *= 1 - soilingFraction;
    }
    poaWm2[i] = beam + skyDiffuse + groundDiffuse + rearWm2;

    input.beamWm2 = beam;
    input.skyDiffuseWm2 = skyDiffuse;
    input.groundDiffuseWm2 = groundDiffuse;
    input.rearWm2 = rearWm2;
    input.ambientC = site.ambientC[i]!;
    input.windMs = site.windMs[i]!;
    input.zenithDeg = zenithDeg;
    input.incidenceDeg = angles.incidenceRad * RTOD;
    input.tiltDeg = angles.tiltRad * RTOD;
    effectiveIrradiance(input, type.antiReflectiveGlass, effective);
    // a sun-up record without front irradiance keeps ssc's initial tmod of 0 °C
    const cell = noctCellTemperatureC(input, effective, module, noctC, 0);
    cellC[i] = cell;
    if (!cecModulePower(module, input, effective, cell, power)) return fail(`Module power calculation failed at index ${i}.`);
    // one module's power scaled to the array, then the DC losses, in ssc's order
    const dc = ((power.powerW * dcNameplateW) / moduleNameplateW) * lossFactor;
    dcW[i] = dc;
    inverterAcPower(inverter, dc, ac);
    acW[i] = ac.acW;
  }

  if (invalidAlbedos > 0) warnings.push(`Weather file albedo has ${invalidAlbedos} invalid values, using monthly value`);
  const outputs = sums(site, acW, dcW, poaWm2, dcNameplateW);
  const hourly: PvHourlyOutputsV8 | null = options.hourly
    ? { ac: acW, poa: poaWm2, dn: site.dniWm2, dc: dcW, df: site.dhiWm2, tamb: site.ambientC, tcell: cellC, wspd: site.windMs, alb: albedoUsed }
    : null;
  return { ok: true, outputs: { ...outputs, ...hourly }, station: site.station, warnings };
}

/** The orientation part of `irrad::check` (codes −8, −9). */
function orientationCheck(tiltDeg: number, azimuthDeg: number): string | null {
  if (tiltDeg < 0 || tiltDeg > 90) return `Invalid tilt angle (${tiltDeg}), must be between 0 and 90 degrees`;
  if (azimuthDeg < 0 || azimuthDeg >= 360) return `Invalid azimuth (${azimuthDeg}), must be between 0 and 360 degrees`;
  return null;
}

function surfaceFailure(site: SiteV8, record: number, message: string): string {
  return `Failed to process irradiation on surface (message: ${message}) [year:${site.year[record]} month:${site.month[record]} day:${site.day[record]} hour:${site.hour[record]} minute:${site.minute[record]}].`;
}

/** ssc's sums (`accumulate_monthly`, `accumulate_annual`): by position, 24·days·k records per month. */
function sums(site: SiteV8, acW: Float64Array, dcW: Float64Array, poaWm2: Float64Array, dcNameplateW: number): PvAnnualOutputs {
  const k = site.stepsPerHour;
  const scale = 0.001 * site.stepHours;
  const ac_monthly: number[] = [];
  const dc_monthly: number[] = [];
  const poa_monthly: number[] = [];
  const solrad_monthly: number[] = [];
  let c = 0;
  for (let m = 0; m < 12; m++) {
    let acSum = 0;
    let dcSum = 0;
    let poaSum = 0;
    const end = c + DAYS_IN_MONTH[m]! * 24 * k;
    for (; c < end; c++) {
      acSum += acW[c]!;
      dcSum += dcW[c]!;
      poaSum += poaWm2[c]!;
    }
    ac_monthly.push(acSum * scale);
    dc_monthly.push(dcSum * scale);
    poa_monthly.push(poaSum * scale);
    solrad_monthly.push((poaSum * scale) / DAYS_IN_MONTH[m]!);
  }
  let solradSum = 0;
  for (const value of solrad_monthly) solradSum += value;
  let acTotal = 0;
  let annualKwh = 0;
  for (let i = 0; i < acW.length; i++) {
    acTotal += acW[i]!;
    annualKwh += (acW[i]! * 0.001) / k;
  }
  const kwhPerKw = (1000 * annualKwh) / dcNameplateW;
  return {
    ac_monthly,
    poa_monthly,
    solrad_monthly,
    dc_monthly,
    ac_annual: acTotal * scale,
    solrad_annual: solradSum / 12,
    capacity_factor: kwhPerKw / 87.6,
  };
}
