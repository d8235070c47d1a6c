/**
 * Everything of a PVWatts v5 run that depends only on the weather file: the time mode (§2.7), the
 * weather range checks (§7.1), the sun position and sun-up class of every record (§3–4), the beam
 * test (§7.2), the Perez sky coefficients (§7.3), the albedo (§1.2), the inputs of the cell
 * temperature model that depend on the weather only (§10) and the sun vectors of the row geometry
 * (§6.1). Computed once per weather file and shared by every system simulated on it.
 */
import type { WeatherData } from '../../pipeline/readers/weather/index.ts';
import { skyTemperatureK, windAtModuleMs, windTerms, type WindTerms } from './cell-temperature.ts';
import {
  beamExceedsExtraterrestrial,
  newPerezSky,
  perezSkyCoefficients,
  RangeCheck,
  weatherRangeCheck,
} from './irradiance.ts';
import { sunUnitVector, type Vector3 } from './self-shading.ts';
import { newSunPosition, placeSun, SunUp, sunTimesForDate, type DaySunTimes } from './solar-position.ts';

const HOURS_PER_YEAR = 8760;
const MAX_STEPS_PER_HOUR = 60;
const DEFAULT_ALBEDO = 0.2;
const RAD_TO_DEG = 180 / Math.PI;

/** The station as the PVWatts v6 API reports it (§12.4): numbers are ssc's single-precision values. */
export interface StationInfo {
  lat: number;
  lon: number;
  elev: number;
  tz: number;
  location: string;
  city: string;
  state: string;
}

/** A record that fails the weather part of the §7.1 range check. */
export interface RangeFailure {
  record: number;
  code: number;
}

export interface PreparedSite {
  station: StationInfo;
  /** Number of records. */
  records: number;
  /** Records per hour k, and the record length Δt_h = 1/k in hours. */
  stepsPerHour: number;
  stepHours: number;
  /** Why ssc would refuse to run on this file (time mode, §2.7), or null. */
  problem: string | null;
  /** The first record failing the weather range checks, or null. */
  weatherRangeFailure: RangeFailure | null;
  /** `[y:Y m:M d:D h:H]` of each record, as ssc's range-check error prints it. */
  recordLabel(record: number): string;

  /** `SunUp` class of each record. */
  sunUp: Uint8Array;
  /** The records whose sun is up (`sunUp` ≠ night), in order: the only ones a run computes. */
  sunUpRecords: Int32Array;
  /** Sun zenith (refracted) and azimuth in radians, sin and cos of the zenith; 0 at night. */
  zenithRad: Float64Array;
  azimuthRad: Float64Array;
  sinZenith: Float64Array;
  cosZenith: Float64Array;
  /** sin and cos of the sun azimuth; 0 at night. */
  sinAzimuth: Float64Array;
  cosAzimuth: Float64Array;
  /** Zenith in degrees as the self-shading model takes it, Z·(180/π). */
  zenithDeg: Float64Array;
  /** 1 where the beam exceeds the extraterrestrial irradiance (§7.2): no POA. */
  beamAboveExtraterrestrial: Uint8Array;
  /** Perez case and coefficients (see irradiance.ts `PerezSky`). */
  perezCase: Uint8Array;
  perezBeamNormalWm2: Float64Array;
  perezDiffuseHorizontalWm2: Float64Array;
  perezF1: Float64Array;
  perezF2: Float64Array;
  perezCircumsolarCosZenith: Float64Array;
  /** Ground reflectance used for each record (§1.2). */
  albedo: Float64Array;
  /** Cell temperature inputs: sky temperature (K) and wind at module height (m/s, from wind ≥ 0). */
  skyTemperatureK: Float64Array;
  windAtModuleMs: Float64Array;
  /** The wind's parts of the forced convection (cell-temperature.ts `windTerms`), per record. */
  windLaminarForced: Float64Array;
  windTurbulentForced: Float64Array;
  windLogFilmTurbulentBelow: Float64Array;
  windFilmTurbulentBelowK: Float64Array;
  /** Sun unit vectors (x, y, z per record) from the sun angles in degrees as backtracking converts
   * them, (rad·180)/π, and as self-shading does, rad·(180/π). */
  sunVectorForBacktracking: Float64Array;
  sunVectorForShading: Float64Array;

  /** The weather values the model reads and reports (single precision, as read). */
  ghiWm2: Float32Array;
  dniWm2: Float32Array;
  dhiWm2: Float32Array;
  ambientC: Float32Array;
  windMs: Float32Array;
}

/** Time mode and step count (§2.7): the reason a run fails, or the number of records per hour. */
function stepsPerHourOrProblem(weather: WeatherData): number | string {
  if (!weather.hasMinuteColumn && weather.length !== HOURS_PER_YEAR) {
    return 'subhourly weather files must specify the minute for each record';
  }
  const stepsPerHour = weather.length / HOURS_PER_YEAR;
  if (!Number.isInteger(stepsPerHour) || stepsPerHour < 1 || stepsPerHour > MAX_STEPS_PER_HOUR) {
    return `the weather file has ${weather.length} records; it must hold 8760 × k records with k from 1 to 60`;
  }
  return stepsPerHour;
}

function copyVector(vector: Vector3, into: Float64Array, record: number): void {
  into[3 * record] = vector.x;
  into[3 * record + 1] = vector.y;
  into[3 * record + 2] = vector.z;
}

/** Prepares a weather file for any number of `simulate` runs. */
export function prepareSite(weather: WeatherData): PreparedSite {
  const n = weather.length;
  const { lat, lon, tz } = weather.header;
  const modeOrProblem = stepsPerHourOrProblem(weather);
  const stepsPerHour = typeof modeOrProblem === 'number' ? modeOrProblem : 1;
  const sunStepHours = weather.hasMinuteColumn ? -1 : 1;

  const sunUp = new Uint8Array(n);
  const zenithRad = new Float64Array(n);
  const azimuthRad = new Float64Array(n);
  const sinZenith = new Float64Array(n);
  const cosZenith = new Float64Array(n);
  const sinAzimuth = new Float64Array(n);
  const cosAzimuth = new Float64Array(n);
  const zenithDeg = new Float64Array(n);
  const beamAboveExtraterrestrial = new Uint8Array(n);
  const perezCase = new Uint8Array(n);
  const perezBeamNormalWm2 = new Float64Array(n);
  const perezDiffuseHorizontalWm2 = new Float64Array(n);
  const perezF1 = new Float64Array(n);
  const perezF2 = new Float64Array(n);
  const perezCircumsolarCosZenith = new Float64Array(n);
  const albedo = new Float64Array(n);
  const skyK = new Float64Array(n);
  const windAtModule = new Float64Array(n);
  const windLaminarForced = new Float64Array(n);
  const windTurbulentForced = new Float64Array(n);
  const windLogFilmTurbulentBelow = new Float64Array(n);
  const windFilmTurbulentBelowK = new Float64Array(n);
  const wind: WindTerms = { laminarForced: 0, turbulentForced: 0, logFilmTurbulentBelow: 0, filmTurbulentBelowK: 0 };
  const sunUpList: number[] = [];
  const sunVectorForBacktracking = new Float64Array(3 * n);
  const sunVectorForShading = new Float64Array(3 * n);

  const sun = newSunPosition();
  const scratch = newSunPosition();
  const sky = newPerezSky();
  const vector: Vector3 = { x: 0, y: 0, z: 0 };
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
    const recordAlbedo = weather.alb[i]!;
    albedo[i] = Number.isFinite(recordAlbedo) && recordAlbedo > 0 && recordAlbedo < 1 ? recordAlbedo : DEFAULT_ALBEDO;
    const ambient = weather.tdry[i]!;
    skyK[i] = skyTemperatureK(ambient);
    windAtModule[i] = windAtModuleMs(Math.max(weather.wspd[i]!, 0));
    windTerms(windAtModule[i]!, wind);
    windLaminarForced[i] = wind.laminarForced;
    windTurbulentForced[i] = wind.turbulentForced;
    windLogFilmTurbulentBelow[i] = wind.logFilmTurbulentBelow;
    windFilmTurbulentBelowK[i] = wind.filmTurbulentBelowK;

    if (weatherRangeFailure === null) {
      const code = weatherRangeCheck(year, month, day, hour, minute, lat, lon, tz, dni, dhi);
      if (code !== RangeCheck.passed) weatherRangeFailure = { record: i, code };
    }

    const dateKey = (year * 13 + month) * 32 + day;
    if (dateKey !== sunTimesDate) {
      sunTimesForDate(year, month, day, lat, lon, tz, scratch, sunTimes);
      sunTimesDate = dateKey;
    }
    const up = placeSun(year, month, day, hour, minute, sunStepHours, sunTimes, lat, lon, tz, sun);
    sunUp[i] = up;
    if (up === SunUp.night) continue;
    sunUpList.push(i);

    const zenith = sun.zenithRad;
    const azimuth = sun.azimuthRad;
    zenithRad[i] = zenith;
    azimuthRad[i] = azimuth;
    sinZenith[i] = Math.sin(zenith);
    cosZenith[i] = Math.cos(zenith);
    sinAzimuth[i] = Math.sin(azimuth);
    cosAzimuth[i] = Math.cos(azimuth);
    zenithDeg[i] = zenith * RAD_TO_DEG;
    beamAboveExtraterrestrial[i] = beamExceedsExtraterrestrial(dni, cosZenith[i]!, sun.extraterrestrialHorizontalWm2) ? 1 : 0;
    perezSkyCoefficients(dni, dhi, zenith, sky);
    perezCase[i] = sky.perezCase;
    perezBeamNormalWm2[i] = sky.beamNormalWm2;
    perezDiffuseHorizontalWm2[i] = sky.diffuseHorizontalWm2;
    perezF1[i] = sky.f1;
    perezF2[i] = sky.f2;
    perezCircumsolarCosZenith[i] = sky.circumsolarCosZenith;
    sunUnitVector((azimuth * 180) / Math.PI, (zenith * 180) / Math.PI, vector);
    copyVector(vector, sunVectorForBacktracking, i);
    sunUnitVector(azimuth * RAD_TO_DEG, zenith * RAD_TO_DEG, vector);
    copyVector(vector, sunVectorForShading, i);
  }

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
    zenithRad,
    azimuthRad,
    sinZenith,
    cosZenith,
    sinAzimuth,
    cosAzimuth,
    zenithDeg,
    beamAboveExtraterrestrial,
    perezCase,
    perezBeamNormalWm2,
    perezDiffuseHorizontalWm2,
    perezF1,
    perezF2,
    perezCircumsolarCosZenith,
    albedo,
    skyTemperatureK: skyK,
    windAtModuleMs: windAtModule,
    windLaminarForced,
    windTurbulentForced,
    windLogFilmTurbulentBelow,
    windFilmTurbulentBelowK,
    sunVectorForBacktracking,
    sunVectorForShading,
    ghiWm2: weather.ghi,
    dniWm2: weather.dni,
    dhiWm2: weather.dhi,
    ambientC: weather.tdry,
    windMs: weather.wspd,
  };
}
