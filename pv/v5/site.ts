/**
 * Everything of a PVWatts v5 run that depends only on the weather file: the time mode, the weather
 * range checks, the sun position and sun-up class of every record, the beam test, the Perez sky
 * coefficients, the albedo, the inputs of the cell temperature model that depend on the weather
 * only and the sun vectors of the row geometry (the site's part of the run, docs/pv-model.md §16.1).
 * Computed once per weather file and shared by every system simulated on it.
 */
import type { WeatherData } from '../../model/weather.ts';
import { newSurfaceAngles, rotatedSurfaceIncidence, rotatedSurfaceOrientation } from '../common/incidence.ts';
import { DEFAULT_ALBEDO, newPerezSky, perezSkyCoefficients } from '../common/irradiance.ts';
import { type DaySunTimes, newSunPosition, placeSun, type SunPosition, SunUp, sunTimesForDate } from '../common/sun-up.ts';
import { cosd, DTOR, RTOD, sind } from '../common/units.ts';
import { type StationInfo, stepsPerHourOrProblem, type TimeModeMessages } from '../common/weather.ts';
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

/** The station as v5 reports it (docs/pv-model.md §4.6): the header's numbers in single precision. */
function stationOf(weather: WeatherData): StationInfo {
  const { header } = weather;
  return {
    lat: Math.fround(header.lat),
    lon: Math.fround(header.lon),
    elev: Math.fround(header.elev),
    tz: Math.fround(header.tz),
    location: header.location,
    city: header.city,
    state: header.state,
  };
}

/**
 * Packs the site's values of each sun-up record into one array, `SUN_STRIDE` values per record at
 * the offsets of `SunField`, in the order of the records.
 */
class SunDataPacker {
  /** Grown as needed (about half the records have the sun up), trimmed by `packed`. */
  private data: Float64Array;
  private count = 0;
  private readonly sky = newPerezSky();
  private readonly vector: Vector3 = { x: 0, y: 0, z: 0 };
  private readonly southAxisSurface = newSurfaceAngles();
  private readonly wind: WindTerms = { laminarForced: 0, turbulentForced: 0, filmTurbulentBelowK: 0 };

  constructor(records: number) {
    this.data = new Float64Array(Math.ceil(records * 0.6) * SUN_STRIDE);
  }

  /** Appends record `i` of `weather`, whose sun is up at `sun`. */
  append(weather: WeatherData, i: number, sun: SunPosition): void {
    const at = this.count * SUN_STRIDE;
    this.count++;
    if (at + SUN_STRIDE > this.data.length) {
      const grown = new Float64Array(Math.max(this.data.length * 2, SUN_STRIDE * 64));
      grown.set(this.data);
      this.data = grown;
    }
    this.sunTerms(at, sun);
    this.skyTerms(at, weather.dni[i]!, weather.dhi[i]!, weather.alb[i]!, sun.extraterrestrialHorizontalWm2);
    this.cellTemperatureTerms(at, weather.tdry[i]!, weather.wspd[i]!);
    this.rowTerms(at);
    this.southAxisTracker(at);
  }

  /** The packed values of the records appended so far. */
  packed(): Float64Array {
    return this.data.slice(0, this.count * SUN_STRIDE);
  }

  /** The sun's zenith and azimuth, radians, with their sines and cosines. */
  private sunTerms(at: number, sun: SunPosition): void {
    const data = this.data;
    const zenith = sun.zenithRad;
    const azimuth = sun.azimuthRad;
    data[at + SunField.zenithRad] = zenith;
    data[at + SunField.azimuthRad] = azimuth;
    data[at + SunField.sinZenith] = Math.sin(zenith);
    data[at + SunField.cosZenith] = Math.cos(zenith);
    data[at + SunField.sinAzimuth] = Math.sin(azimuth);
    data[at + SunField.cosAzimuth] = Math.cos(azimuth);
  }

  /**
   * The beam test (docs/pv-model.md §9.1), the surface-independent Perez terms
   * (docs/pv-model.md §9.2), the albedo (docs/pv-model.md §4.5) and the weather DNI.
   */
  private skyTerms(at: number, dni: number, dhi: number, weatherAlbedo: number, extraterrestrialHorizontalWm2: number): void {
    const data = this.data;
    const sky = this.sky;
    data[at + SunField.beamAboveExtraterrestrial] = beamExceedsExtraterrestrial(dni, data[at + SunField.cosZenith]!, extraterrestrialHorizontalWm2) ? 1 : 0;
    perezSkyCoefficients(dni, dhi, data[at + SunField.zenithRad]!, sky);
    data[at + SunField.perezCase] = sky.perezCase;
    data[at + SunField.perezBeamNormalWm2] = sky.beamNormalWm2;
    data[at + SunField.perezDiffuseHorizontalWm2] = sky.diffuseHorizontalWm2;
    data[at + SunField.perezF1] = sky.f1;
    data[at + SunField.perezF2] = sky.f2;
    data[at + SunField.perezCircumsolarCosZenith] = sky.circumsolarCosZenith;
    data[at + SunField.albedo] = Number.isFinite(weatherAlbedo) && weatherAlbedo > 0 && weatherAlbedo < 1 ? weatherAlbedo : DEFAULT_ALBEDO;
    data[at + SunField.dniWm2] = dni;
  }

  /** What the cell temperature takes from the weather alone (docs/pv-model.md §12.1): ambient, sky temperature, the wind's terms. */
  private cellTemperatureTerms(at: number, ambientC: number, windMs: number): void {
    const data = this.data;
    const wind = this.wind;
    data[at + SunField.ambientC] = ambientC;
    data[at + SunField.skyTemperatureK] = skyTemperatureK(ambientC);
    windTerms(windAtModuleMs(Math.max(windMs, 0)), wind);
    data[at + SunField.windLaminarForced] = wind.laminarForced;
    data[at + SunField.windTurbulentForced] = wind.turbulentForced;
    data[at + SunField.windFilmTurbulentBelowK] = wind.filmTurbulentBelowK;
  }

  /**
   * The sun as the rows' geometry takes it (docs/pv-model.md §8.1, §8.5): its unit vector from the
   * angles in degrees as backtracking converts them, (rad·180)/π, and as self-shading does,
   * rad·(180/π), and the zenith's cosine and the elevation's sine in degrees.
   */
  private rowTerms(at: number): void {
    const data = this.data;
    const vector = this.vector;
    const zenith = data[at + SunField.zenithRad]!;
    const azimuth = data[at + SunField.azimuthRad]!;
    sunUnitVector((azimuth * 180) / Math.PI, (zenith * 180) / Math.PI, vector);
    copyVector(vector, data, at + SunField.sunVectorForBacktracking);
    const zenithDeg = zenith * RTOD;
    sunUnitVector(azimuth * RTOD, zenithDeg, vector);
    copyVector(vector, data, at + SunField.sunVectorForShading);
    data[at + SunField.cosdZenithForShading] = cosd(zenithDeg);
    data[at + SunField.sindElevationForShading] = sind(90 - zenithDeg);
  }

  /** The usual 1-axis tracker's true-tracking rotation and the surface it turns (docs/pv-model.md §7.3, §7.5). */
  private southAxisTracker(at: number): void {
    const data = this.data;
    const surface = this.southAxisSurface;
    const sinZenith = data[at + SunField.sinZenith]!;
    const cosZenith = data[at + SunField.cosZenith]!;
    const azimuth = data[at + SunField.azimuthRad]!;
    const rotation = trueTrackingRotationFrom(sinZenith, cosZenith, azimuth, 0, 1, SOUTH_AXIS_AZIMUTH_RAD);
    rotatedSurfaceOrientation(1, SOUTH_AXIS_AZIMUTH_RAD, rotation, Math.cos(rotation), Math.sin(rotation), surface);
    rotatedSurfaceIncidence(sinZenith, cosZenith, azimuth, surface);
    data[at + SunField.southAxisRotationRad] = rotation;
    data[at + SunField.southAxisSurfaceTiltRad] = surface.tiltRad;
    data[at + SunField.southAxisSinSurfaceTilt] = surface.sinTilt;
    data[at + SunField.southAxisCosSurfaceTilt] = surface.cosTilt;
    data[at + SunField.southAxisCosIncidence] = surface.cosIncidence;
  }
}

/**
 * Prepares a weather file for any number of `simulate` runs: for every record, the weather range
 * checks and the sun-up class (docs/pv-model.md §5), and for every sun-up record its packed values.
 */
export function prepareSite(weather: WeatherData): PreparedSite {
  const n = weather.length;
  const { lat, lon, tz } = weather.header;
  const modeOrProblem = stepsPerHourOrProblem(weather, TIME_MODE_MESSAGES);
  const stepsPerHour = typeof modeOrProblem === 'number' ? modeOrProblem : 1;
  const sunStepHours = weather.hasMinuteColumn ? -1 : 1;

  const sunUp = new Uint8Array(n);
  const sunUpList: number[] = [];
  const packer = new SunDataPacker(n);
  const sun = newSunPosition();
  const scratch = newSunPosition();
  const sunRoutine = michalskySun(lat, lon, tz);
  const sunTimes: DaySunTimes = { sunriseHours: 0, sunsetHours: 0 };
  let sunTimesDate = Number.NaN;
  let weatherRangeFailure: RangeFailure | null = null;

  for (let i = 0; i < n; i++) {
    const year = Math.trunc(weather.year[i]!);
    const month = Math.trunc(weather.month[i]!);
    const day = Math.trunc(weather.day[i]!);
    const hour = Math.trunc(weather.hour[i]!);
    const minute = weather.minute[i]!;
    if (weatherRangeFailure === null) {
      const code = weatherRangeCheck(year, month, day, hour, minute, lat, lon, tz, weather.dni[i]!, weather.dhi[i]!);
      if (code !== RangeCheck.passed) weatherRangeFailure = { record: i, code };
    }
    // the date's sunrise and sunset, computed once per date (the sun routine is a pure function)
    const dateKey = (year * 13 + month) * 32 + day;
    if (dateKey !== sunTimesDate) {
      sunTimesForDate(year, month, day, sunRoutine, scratch, sunTimes);
      sunTimesDate = dateKey;
    }
    const up = placeSun(year, month, day, hour, minute, sunStepHours, sunTimes, sunRoutine, sun);
    sunUp[i] = up;
    if (up === SunUp.night) continue;
    sunUpList.push(i);
    packer.append(weather, i, sun);
  }

  return {
    station: stationOf(weather),
    records: n,
    stepsPerHour,
    stepHours: 1 / stepsPerHour,
    problem: typeof modeOrProblem === 'string' ? modeOrProblem : null,
    weatherRangeFailure,
    recordLabel(record: number) {
      const date = (values: Float32Array) => Math.trunc(values[record]!);
      return `[y:${date(weather.year)} m:${date(weather.month)} d:${date(weather.day)} h:${date(weather.hour)}]`;
    },
    sunUp,
    sunUpRecords: Int32Array.from(sunUpList),
    sunData: packer.packed(),
    dniWm2: weather.dni,
    dhiWm2: weather.dhi,
    ambientC: weather.tdry,
    windMs: weather.wspd,
  };
}
