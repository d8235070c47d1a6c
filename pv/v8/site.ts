/**
 * Everything of a PVWatts v8 run that depends only on the weather file: the records as ssc 2025's
 * `weatherfile` hands them out, the time mode, and the sun of every record (its sun-up class,
 * zenith, azimuth and extraterrestrial irradiance, as `irrad::calc` places it with the SPA), and
 * its Perez sky (the site's part of the run, docs/pv-model.md §16.2). Computed once per weather file and shared
 * by every system simulated on it.
 */
import type { WeatherData } from '../../model/weather.ts';
import { newPerezSky, PerezCase, perezSkyCoefficients } from '../common/irradiance.ts';
import { newSunPosition, placeSun, SunUp, sunTimesForDate, type DaySunTimes, type SunRoutine } from '../common/sun-up.ts';
import { type StationInfo, stepsPerHourOrProblem, type TimeModeMessages } from '../common/weather.ts';
import { type RecordFailure, weatherCheck } from './range-checks.ts';
import { SpaSun } from './solar-position.ts';

/** `irrad`'s defaults for the optional inputs of the sun position (`irrad::setup`). */
const DEFAULT_ELEVATION_M = 0;
const DEFAULT_PRESSURE_MBAR = 1013.25;
const DEFAULT_TEMPERATURE_C = 15;

/** `SiteV8.perezCase` of a record whose beam on the horizontal exceeds the extraterrestrial: irrad gives it no POA. */
export const PEREZ_SKIPPED = 3;

export interface SiteV8 {
  station: StationInfo;
  records: number;
  stepsPerHour: number;
  /** Record length, hours (ssc `ts_hour`). */
  stepHours: number;
  /** Why ssc would refuse this file before the loop, or null. */
  problem: string | null;
  /** The first record failing the weather part of `irrad::check`, or null. */
  weatherFailure: RecordFailure | null;
  /** Messages ssc's reader logs as warnings. */
  warnings: string[];

  year: Int32Array;
  month: Int32Array;
  day: Int32Array;
  hour: Int32Array;
  minute: Float32Array;
  /** Weather as read (single precision): DNI, DHI, GHI in W/m², dry bulb °C, wind m/s, albedo (0–1, or −999/NaN when absent). */
  dniWm2: Float32Array;
  dhiWm2: Float32Array;
  ghiWm2: Float32Array;
  ambientC: Float32Array;
  windMs: Float32Array;
  albedo: Float32Array;

  /** `SunUp` class of each record. */
  sunUp: Uint8Array;
  /** Sun zenith (refracted) and azimuth (clockwise from north), radians; NaN at night. */
  zenithRad: Float64Array;
  azimuthRad: Float64Array;
  /** Sun elevation with refraction, radians, as the SPA gives it (not always exactly π/2 − zenith). */
  elevationRad: Float64Array;
  /** Extraterrestrial irradiance on the horizontal, W/m². */
  extraterrestrialWm2: Float64Array;
  /**
   * The Perez sky of each sun-up record's own DNI, DHI and zenith (pv/common/irradiance.ts
   * `perezSkyCoefficients`), which does not depend on the surface: its `PerezCase`, or
   * `PEREZ_SKIPPED` where irrad skips Perez because the beam on the horizontal exceeds the
   * extraterrestrial (docs/pv-model.md §9.1); F1 and F2 in the full case (0 otherwise).
   */
  perezCase: Uint8Array;
  perezF1: Float64Array;
  perezF2: Float64Array;
  /** The site elevation `irrad` holds for the module model, m (header elevation if ≥ 0, else 0). */
  elevationM: number;
}

/**
 * ssc 2025's reader adjustments that its 2018 reader (ours, pipeline/readers/weather) lacks:
 * EPW files whose first two minutes are 60 get the step's middle minute (and still count as having
 * a minute column), and hours numbered 1–24 are moved to 0–23 (`start_hours_at_0`).
 */
function recordTimes(weather: WeatherData): { hour: Int32Array; minute: Float32Array; warning: string | null } {
  const n = weather.length;
  const hour = new Int32Array(n);
  const minute = Float32Array.from(weather.minute);
  if (weather.format === 'epw' && weather.minute[0] === 60 && weather.minute[1] === 60) {
    minute.fill(Math.trunc(Math.trunc(weather.stepSeconds / 2) / 60));
  }
  let maxHour = Number.NEGATIVE_INFINITY;
  let minHour = Number.POSITIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    maxHour = Math.max(maxHour, weather.hour[i]!);
    minHour = Math.min(minHour, weather.hour[i]!);
  }
  let warning: string | null = null;
  const shift = maxHour - minHour === 23 && maxHour === 24 ? 1 : 0;
  if (maxHour - minHour !== 23) warning = 'Weather file hour range was not (0-23) or (1-24)';
  for (let i = 0; i < n; i++) hour[i] = Math.trunc(weather.hour[i]! - shift);
  return { hour, minute, warning };
}

/** ssc 2025's messages for a file that fails the time mode. */
const TIME_MODE_MESSAGES: TimeModeMessages = {
  subhourlyWithoutMinutes: 'Minute column required in weather data for subhourly data or data that is not continuous over one year.',
  recordCount: (records) => `Invalid number of data records (${records}): must be an integer multiple of 8760.`,
};

/** Prepares a weather file for any number of v8 runs. */
export function prepareSiteV8(weather: WeatherData): SiteV8 {
  const n = weather.length;
  const { lat, lon, tz } = weather.header;
  const modeOrProblem = stepsPerHourOrProblem(weather, TIME_MODE_MESSAGES);
  const stepsPerHour = typeof modeOrProblem === 'number' ? modeOrProblem : 1;
  const stepHours = 1 / stepsPerHour;
  const instantaneous = weather.hasMinuteColumn;
  const { hour, minute, warning } = recordTimes(weather);

  const year = new Int32Array(n);
  const month = new Int32Array(n);
  const day = new Int32Array(n);
  const sunUp = new Uint8Array(n);
  const zenithRad = new Float64Array(n).fill(Number.NaN);
  const azimuthRad = new Float64Array(n).fill(Number.NaN);
  const elevationRad = new Float64Array(n).fill(Number.NaN);
  const extraterrestrialWm2 = new Float64Array(n);

  // irrad::set_optional keeps the last valid value of each optional input
  let elevationM = DEFAULT_ELEVATION_M;
  let pressureMbar = DEFAULT_PRESSURE_MBAR;
  let temperatureC = DEFAULT_TEMPERATURE_C;
  const spa = new SpaSun(lat, lon, tz);
  const sunRoutine: SunRoutine = (y, m, d, h, min, out) => spa.position(y, m, d, h, min, elevationM, pressureMbar, temperatureC, out);
  const sun = newSunPosition();
  const scratch = newSunPosition();
  const sunTimes: DaySunTimes = { sunriseHours: 0, sunsetHours: 0 };
  const sunStepHours = instantaneous ? -1 : stepHours;
  let weatherFailure: RecordFailure | null = null;

  for (let i = 0; i < n; i++) {
    year[i] = Math.trunc(weather.year[i]!);
    month[i] = Math.trunc(weather.month[i]!);
    day[i] = Math.trunc(weather.day[i]!);
    const elevation = weather.header.elev;
    if (!Number.isNaN(elevation) && elevation >= 0) elevationM = elevation;
    const pressure = weather.pres[i]!;
    if (!Number.isNaN(pressure) && pressure > 800) pressureMbar = pressure;
    const temperature = weather.tdry[i]!;
    if (!Number.isNaN(temperature)) temperatureC = temperature;

    if (weatherFailure === null) {
      const message = weatherCheck(year[i]!, month[i]!, day[i]!, hour[i]!, minute[i]!, sunStepHours, lat, lon, tz, weather.dni[i]!, weather.dhi[i]!);
      if (message !== null) weatherFailure = { record: i, message };
    }
    // irrad::calc recomputes the day's sunrise and sunset for every record (ssc's SPA table makes the repeats cheap)
    sunTimesForDate(year[i]!, month[i]!, day[i]!, sunRoutine, scratch, sunTimes);
    const up = placeSun(year[i]!, month[i]!, day[i]!, hour[i]!, minute[i]!, sunStepHours, sunTimes, sunRoutine, sun);
    sunUp[i] = up;
    if (up === SunUp.night) continue;
    zenithRad[i] = sun.zenithRad;
    azimuthRad[i] = sun.azimuthRad;
    elevationRad[i] = sun.elevationRad;
    extraterrestrialWm2[i] = sun.extraterrestrialHorizontalWm2;
  }
  const { perezCase, perezF1, perezF2 } = perezSkies(weather, sunUp, zenithRad, extraterrestrialWm2);

  return {
    station: {
      lat,
      lon,
      elev: elevationM,
      tz,
      location: weather.header.location,
      city: weather.header.city,
      state: weather.header.state,
    },
    records: n,
    stepsPerHour,
    stepHours,
    problem: typeof modeOrProblem === 'string' ? modeOrProblem : null,
    weatherFailure,
    warnings: warning === null ? [] : [warning],
    year,
    month,
    day,
    hour,
    minute,
    dniWm2: weather.dni,
    dhiWm2: weather.dhi,
    ghiWm2: weather.ghi,
    ambientC: weather.tdry,
    windMs: weather.wspd,
    albedo: weather.alb,
    sunUp,
    zenithRad,
    azimuthRad,
    elevationRad,
    extraterrestrialWm2,
    perezCase,
    perezF1,
    perezF2,
    elevationM,
  };
}

/** The Perez sky of every sun-up record (`SiteV8.perezCase`, `perezF1`, `perezF2`), as irrad::calc finds it. */
function perezSkies(
  weather: WeatherData,
  sunUp: Uint8Array,
  zenithRad: Float64Array,
  extraterrestrialWm2: Float64Array,
): { perezCase: Uint8Array; perezF1: Float64Array; perezF2: Float64Array } {
  const n = weather.length;
  const perezCase = new Uint8Array(n);
  const perezF1 = new Float64Array(n);
  const perezF2 = new Float64Array(n);
  const sky = newPerezSky();
  for (let i = 0; i < n; i++) {
    if (sunUp[i] === SunUp.night) continue;
    const dni = weather.dni[i]!;
    const beamHorizontal = dni < 0 ? 0 : dni * Math.cos(zenithRad[i]!);
    if (beamHorizontal > extraterrestrialWm2[i]!) {
      perezCase[i] = PEREZ_SKIPPED;
      continue;
    }
    perezSkyCoefficients(dni, weather.dhi[i]!, zenithRad[i]!, sky);
    perezCase[i] = sky.perezCase;
    if (sky.perezCase !== PerezCase.full) continue;
    perezF1[i] = sky.f1;
    perezF2[i] = sky.f2;
  }
  return { perezCase, perezF1, perezF2 };
}
