/**
 * Everything of a PVWatts v5 run that depends only on the weather file: the time mode, the weather
 * range checks, the sun position and sun-up class of every record, the beam test, the Perez sky
 * coefficients, the albedo, the inputs of the cell temperature model that depend on the weather
 * only and the sun vectors of the row geometry (the site's part of the run, docs/pv-model.md §16.1).
 * Computed once per weather file and shared by every system simulated on it.
 */
import type { WeatherData } from '../../model/weather.ts';
import { newSurfaceAngles, rotatedSurfaceIncidence, rotatedSurfaceOrientation } from '../shared/incidence.ts';
import { DEFAULT_ALBEDO, newPerezSky, perezSkyCoefficients } from '../shared/irradiance.ts';
import { newSunPosition, placeSun, SunUp, sunTimesForDate, type DaySunTimes } from '../shared/sun-up.ts';
import { cosd, DTOR, RTOD, sind } from '../shared/units.ts';
import { type StationInfo, stepsPerHourOrProblem, type TimeModeMessages } from '../shared/weather.ts';
import { skyTemperatureK, windAtModuleMs, windTerms, type WindTerms } from './cell-temperature.ts';
import { beamExceedsExtraterrestrial, RangeCheck, weatherRangeCheck } from './range-checks.ts';
import { sunUnitVector, type Vector3 } from './self-shading.ts';
import { michalskySun } from './solar-position.ts';
import { trueTrackingRotationFrom } from './tracking.ts';

/** A record that fails the weather part of the range check (docs/pv-model.md §4.3). */
export interface RangeFailure {
  record: number;
  code: number;
}

/**
 * The per-record values of a sun-up record, packed: record u of `sunUpRecords` occupies
 * `sunData[u·SUN_STRIDE …]`, one field at each of these offsets (a run reads them in order, from
 * one array).
 */
export const SunField = {
  /** Sun zenith (refracted) and azimuth, radians, and their sines and cosines. */
  zenithRad: 0,
  azimuthRad: 1,
  sinZenith: 2,
  cosZenith: 3,
  sinAzimuth: 4,
  cosAzimuth: 5,
  /** Perez case (irradiance.ts `PerezCase`) and the surface-independent Perez terms (`PerezSky`). */
  perezCase: 6,
  /** 1 where the beam exceeds the extraterrestrial irradiance (docs/pv-model.md §9.1): no POA. */
  beamAboveExtraterrestrial: 7,
  perezBeamNormalWm2: 8,
  perezDiffuseHorizontalWm2: 9,
  perezF1: 10,
  perezF2: 11,
  perezCircumsolarCosZenith: 12,
  /** Ground reflectance used for the record (docs/pv-model.md §4.5). */
  albedo: 13,
  /** Weather DNI (W/m²) and ambient temperature (°C), as read. */
  dniWm2: 14,
  ambientC: 15,
  /** Cell temperature inputs: sky temperature (K) and the wind's parts of the forced convection (`windTerms`). */
  skyTemperatureK: 16,
  windLaminarForced: 17,
  windTurbulentForced: 18,
  windFilmTurbulentBelowK: 19,
  /**
   * Sun unit vector (x, y, z) from the sun angles in degrees as backtracking converts them,
   * (rad·180)/π, and as self-shading does, rad·(180/π).
   */
  sunVectorForBacktracking: 20,
  sunVectorForShading: 23,
  /** cosd(Z) and sind(90 − Z) of the zenith in degrees as the diffuse self-shading converts it, rad·(180/π). */
  cosdZenithForShading: 26,
  sindElevationForShading: 27,
  /**
   * The usual 1-axis tracker, whose axis is horizontal and points south (`SOUTH_AXIS_AZIMUTH_RAD`):
   * its limited true-tracking rotation (radians, docs/pv-model.md §7.3) and the surface that
   * rotation turns (tilt in radians, its sine and cosine, and cos θ: docs/pv-model.md §7.5), which
   * depend on the sun alone. A run on that axis reads them instead of computing them (the same
   * values: the same functions of the same numbers).
   */
  southAxisRotationRad: 28,
  southAxisSurfaceTiltRad: 29,
  southAxisSinSurfaceTilt: 30,
  southAxisCosSurfaceTilt: 31,
  southAxisCosIncidence: 32,
} as const;
export const SUN_STRIDE = 33;

/** The azimuth of the axis whose rotation the site keeps, as a run converts 180°. */
export const SOUTH_AXIS_AZIMUTH_RAD = 180 * DTOR;

export interface PreparedSite {
  station: StationInfo;
  /** Number of records. */
  records: number;
  /** Records per hour k, and the record length Δt_h = 1/k in hours. */
  stepsPerHour: number;
  stepHours: number;
  /** Why ssc would refuse to run on this file (time mode, docs/pv-model.md §4.1), or null. */
  problem: string | null;
  /** The first record failing the weather range checks, or null. */
  weatherRangeFailure: RangeFailure | null;
  /** `[y:Y m:M d:D h:H]` of each record, as ssc's range-check error prints it. */
  recordLabel(record: number): string;

  /** `SunUp` class of each record. */
  sunUp: Uint8Array;
  /** The records whose sun is up (`sunUp` ≠ night), in order: the only ones a run computes. */
  sunUpRecords: Int32Array;
  /** `SUN_STRIDE` values per sun-up record, at the offsets of `SunField`. */
  sunData: Float64Array;

  /** The weather values the model reports (single precision, as read), every record. */
  dniWm2: Float32Array;
  dhiWm2: Float32Array;
  ambientC: Float32Array;
  windMs: Float32Array;
}

/** ssc 2018's messages for a file that fails the time mode. */
const TIME_MODE_MESSAGES: TimeModeMessages = {
  subhourlyWithoutMinutes: 'subhourly weather files must specify the minute for each record',
  recordCount: (records) => `the weather file has ${records} records; it must hold 8760 × k records with k from 1 to 60`,
};

function copyVector(vector: Vector3, into: Float64Array, at: number): void {
  into[at] = vector.x;
  into[at + 1] = vector.y;
  into[at + 2] = vector.z;
}

/** Prepares a weather file for any number of `simulate` runs. */
export function prepareSite(weather: WeatherData): PreparedSite {
  const n = weather.length;
  const { lat, lon, tz } = weather.header;
  const modeOrProblem = stepsPerHourOrProblem(weather, TIME_MODE_MESSAGES);
  const stepsPerHour = typeof modeOrProblem === 'number' ? modeOrProblem : 1;
  const sunStepHours = weather.hasMinuteColumn ? -1 : 1;

  const sunUp = new Uint8Array(n);
  const sunUpList: number[] = [];
  // grown as needed (about half the records have the sun up), trimmed at the end
  let data = new Float64Array(Math.ceil(n * 0.6) * SUN_STRIDE);
  let count = 0;

  const sun = newSunPosition();
  const scratch = newSunPosition();
  const sunRoutine = michalskySun(lat, lon, tz);
  const sky = newPerezSky();
  const vector: Vector3 = { x: 0, y: 0, z: 0 };
  const southAxisSurface = newSurfaceAngles();
  const wind: WindTerms = { laminarForced: 0, turbulentForced: 0, filmTurbulentBelowK: 0 };
  const sunTimes: DaySunTimes = { sunriseHours: 0, sunsetHours: 0 };
  let sunTimesDate = Number.NaN;
  let weatherRangeFailure: RangeFailure | null = null;
  const date = (record: number) => ({
    year: Math.trunc(weather.year[record]!),
    month: Math.trunc(weather.month[record]!),
    day: Math.trunc(weather.day[record]!),
    hour: Math.trunc(weather.hour[record]!),
  });

  for (let i = 0; i < n; i++) {
    const year = Math.trunc(weather.year[i]!);
    const month = Math.trunc(weather.month[i]!);
    const day = Math.trunc(weather.day[i]!);
    const hour = Math.trunc(weather.hour[i]!);
    const minute = weather.minute[i]!;
    const dni = weather.dni[i]!;
    const dhi = weather.dhi[i]!;

    if (weatherRangeFailure === null) {
      const code = weatherRangeCheck(year, month, day, hour, minute, lat, lon, tz, dni, dhi);
      if (code !== RangeCheck.passed) weatherRangeFailure = { record: i, code };
    }

    const dateKey = (year * 13 + month) * 32 + day;
    if (dateKey !== sunTimesDate) {
      sunTimesForDate(year, month, day, sunRoutine, scratch, sunTimes);
      sunTimesDate = dateKey;
    }
    const up = placeSun(year, month, day, hour, minute, sunStepHours, sunTimes, sunRoutine, sun);
    sunUp[i] = up;
    if (up === SunUp.night) continue;
    sunUpList.push(i);

    const at = count * SUN_STRIDE;
    count++;
    if (at + SUN_STRIDE > data.length) {
      const grown = new Float64Array(Math.max(data.length * 2, SUN_STRIDE * 64));
      grown.set(data);
      data = grown;
    }
    const zenith = sun.zenithRad;
    const azimuth = sun.azimuthRad;
    const cosZenith = Math.cos(zenith);
    data[at + SunField.zenithRad] = zenith;
    data[at + SunField.azimuthRad] = azimuth;
    data[at + SunField.sinZenith] = Math.sin(zenith);
    data[at + SunField.cosZenith] = cosZenith;
    data[at + SunField.sinAzimuth] = Math.sin(azimuth);
    data[at + SunField.cosAzimuth] = Math.cos(azimuth);
    data[at + SunField.beamAboveExtraterrestrial] = beamExceedsExtraterrestrial(dni, cosZenith, sun.extraterrestrialHorizontalWm2) ? 1 : 0;
    perezSkyCoefficients(dni, dhi, zenith, sky);
    data[at + SunField.perezCase] = sky.perezCase;
    data[at + SunField.perezBeamNormalWm2] = sky.beamNormalWm2;
    data[at + SunField.perezDiffuseHorizontalWm2] = sky.diffuseHorizontalWm2;
    data[at + SunField.perezF1] = sky.f1;
    data[at + SunField.perezF2] = sky.f2;
    data[at + SunField.perezCircumsolarCosZenith] = sky.circumsolarCosZenith;
    const recordAlbedo = weather.alb[i]!;
    data[at + SunField.albedo] = Number.isFinite(recordAlbedo) && recordAlbedo > 0 && recordAlbedo < 1 ? recordAlbedo : DEFAULT_ALBEDO;
    data[at + SunField.dniWm2] = dni;
    const ambient = weather.tdry[i]!;
    data[at + SunField.ambientC] = ambient;
    data[at + SunField.skyTemperatureK] = skyTemperatureK(ambient);
    windTerms(windAtModuleMs(Math.max(weather.wspd[i]!, 0)), wind);
    data[at + SunField.windLaminarForced] = wind.laminarForced;
    data[at + SunField.windTurbulentForced] = wind.turbulentForced;
    data[at + SunField.windFilmTurbulentBelowK] = wind.filmTurbulentBelowK;
    sunUnitVector((azimuth * 180) / Math.PI, (zenith * 180) / Math.PI, vector);
    copyVector(vector, data, at + SunField.sunVectorForBacktracking);
    const zenithDeg = zenith * RTOD;
    sunUnitVector(azimuth * RTOD, zenithDeg, vector);
    copyVector(vector, data, at + SunField.sunVectorForShading);
    data[at + SunField.cosdZenithForShading] = cosd(zenithDeg);
    data[at + SunField.sindElevationForShading] = sind(90 - zenithDeg);
    const sinZenith = data[at + SunField.sinZenith]!;
    const southAxisRotation = trueTrackingRotationFrom(sinZenith, cosZenith, azimuth, 0, 1, SOUTH_AXIS_AZIMUTH_RAD);
    rotatedSurfaceOrientation(1, SOUTH_AXIS_AZIMUTH_RAD, southAxisRotation, Math.cos(southAxisRotation), Math.sin(southAxisRotation), southAxisSurface);
    rotatedSurfaceIncidence(sinZenith, cosZenith, azimuth, southAxisSurface);
    data[at + SunField.southAxisRotationRad] = southAxisRotation;
    data[at + SunField.southAxisSurfaceTiltRad] = southAxisSurface.tiltRad;
    data[at + SunField.southAxisSinSurfaceTilt] = southAxisSurface.sinTilt;
    data[at + SunField.southAxisCosSurfaceTilt] = southAxisSurface.cosTilt;
    data[at + SunField.southAxisCosIncidence] = southAxisSurface.cosIncidence;
  }
  data = data.slice(0, count * SUN_STRIDE);

  return {
    station: {
      lat: Math.fround(lat),
      lon: Math.fround(lon),
      elev: Math.fround(weather.header.elev),
      tz: Math.fround(tz),
      location: weather.header.location,
      city: weather.header.city,
      state: weather.header.state,
    },
    records: n,
    stepsPerHour,
    stepHours: 1 / stepsPerHour,
    problem: typeof modeOrProblem === 'string' ? modeOrProblem : null,
    weatherRangeFailure,
    recordLabel(record: number) {
      const { year, month, day, hour } = date(record);
      return `[y:${year} m:${month} d:${day} h:${hour}]`;
    },
    sunUp,
    sunUpRecords: Int32Array.from(sunUpList),
    sunData: data,
    dniWm2: weather.dni,
    dhiWm2: weather.dhi,
    ambientC: weather.tdry,
    windMs: weather.wspd,
  };
}
