/**
 * Sun position (Michalsky 1988, ssc `solarpos`) and the sun-up classification with sunrise/sunset
 * interpolation (ssc `irrad::calc`), ALGORITHM.md §3–4.
 */
import { DTOR } from '../shared/angles.ts';

/** Non-leap month lengths, January first. */
export const DAYS_IN_MONTH: readonly number[] = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const DAYS_BEFORE_MONTH: readonly number[] = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334];

/** Solar constant used for extraterrestrial irradiance, W/m². */
const SOLAR_CONSTANT_WM2 = 1367;
const HALF_PI = Math.PI / 2;
const TWO_PI = 2 * Math.PI;

/** What `solarPosition` computes for one instant. */
export interface SunPosition {
  /** Sun azimuth, radians clockwise from north. */
  azimuthRad: number;
  /** Sun zenith angle with refraction, radians. */
  zenithRad: number;
  /** Sun elevation with refraction, radians, as the sun routine computes it (not always exactly π/2 − zenith). */
  elevationRad: number;
  /** Geometric sunrise of the date, local standard time in hours (−100: never sets, 100: never rises). */
  sunriseHours: number;
  /** Geometric sunset of the date, local standard time in hours (100: never sets, −100: never rises). */
  sunsetHours: number;
  /** Extraterrestrial irradiance on a horizontal surface, W/m². */
  extraterrestrialHorizontalWm2: number;
}

export function newSunPosition(): SunPosition {
  return { azimuthRad: 0, zenithRad: 0, elevationRad: 0, sunriseHours: 0, sunsetHours: 0, extraterrestrialHorizontalWm2: 0 };
}

/**
 * Michalsky's sun position for local standard time `hour`:`minute` (minute may be fractional or 60)
 * at latitude `latDeg`, longitude `lonDeg` (east positive) and time zone `tzHours`
 * (ALGORITHM.md §4, steps 1–19). Writes into `out`.
 */
export function solarPosition(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  latDeg: number,
  lonDeg: number,
  tzHours: number,
  out: SunPosition,
): void {
  // 1–3: day of year, universal time and the day number from 1 January 2000, 12:00 UT
  let dayOfYear = DAYS_BEFORE_MONTH[month - 1]! + day;
  if (month > 2 && year % 4 === 0) dayOfYear += 1;
  let zulu = hour + minute / 60 - tzHours;
  if (zulu < 0) {
    zulu += 24;
    dayOfYear -= 1;
  } else if (zulu > 24) {
    zulu -= 24;
    dayOfYear += 1;
  }
  const yearsSince1949 = year - 1949;
  const leapDays = Math.trunc(yearsSince1949 / 4);
  const julianDay = 32916.5 + 365 * yearsSince1949 + leapDays + dayOfYear + zulu / 24;
  const n = julianDay - 51545;

  // 4–9: mean longitude, mean anomaly, ecliptic longitude, obliquity, right ascension, declination
  let meanLongitudeDeg = (280.46 + 0.9856474 * n) % 360;
  if (meanLongitudeDeg < 0) meanLongitudeDeg += 360;
  let meanAnomalyDeg = (357.528 + 0.9856003 * n) % 360;
  if (meanAnomalyDeg < 0) meanAnomalyDeg += 360;
  const meanAnomaly = meanAnomalyDeg * DTOR;
  let eclipticLongitudeDeg = (meanLongitudeDeg + 1.915 * Math.sin(meanAnomaly) + 0.02 * Math.sin(2 * meanAnomaly)) % 360;
  if (eclipticLongitudeDeg < 0) eclipticLongitudeDeg += 360;
  const eclipticLongitude = eclipticLongitudeDeg * DTOR;
  const obliquity = (23.439 - 0.0000004 * n) * DTOR;
  const numerator = Math.cos(obliquity) * Math.sin(eclipticLongitude);
  const denominator = Math.cos(eclipticLongitude);
  let rightAscension = Math.atan(numerator / denominator);
  if (denominator < 0) rightAscension += Math.PI;
  else if (numerator < 0) rightAscension += TWO_PI;
  const declination = Math.asin(Math.sin(obliquity) * Math.sin(eclipticLongitude));

  // 10–12: sidereal time and hour angle
  let greenwichSiderealHours = (6.697375 + 0.0657098242 * n + zulu) % 24;
  if (greenwichSiderealHours < 0) greenwichSiderealHours += 24;
  let localSiderealHours = (greenwichSiderealHours + lonDeg / 15) % 24;
  if (localSiderealHours < 0) localSiderealHours += 24;
  const localSidereal = localSiderealHours * 15 * DTOR;
  let hourAngle = localSidereal - rightAscension;
  if (hourAngle < -Math.PI) hourAngle += TWO_PI;
  else if (hourAngle > Math.PI) hourAngle -= TWO_PI;

  // 13–14: elevation and azimuth (Iqbal)
  const lat = latDeg * DTOR;
  const sinElevation = Math.sin(declination) * Math.sin(lat) + Math.cos(declination) * Math.cos(lat) * Math.cos(hourAngle);
  let elevation = sinElevation > 1 ? HALF_PI : sinElevation < -1 ? -HALF_PI : Math.asin(sinElevation);
  let azimuth: number;
  if (Math.cos(elevation) === 0) {
    azimuth = Math.PI;
  } else {
    const cosAzimuth = (Math.sin(elevation) * Math.sin(lat) - Math.sin(declination)) / (Math.cos(elevation) * Math.cos(lat));
    azimuth = cosAzimuth > 1 ? 0 : cosAzimuth < -1 ? Math.PI : Math.acos(cosAzimuth);
    azimuth = (hourAngle >= -Math.PI && hourAngle <= 0) || hourAngle >= Math.PI ? Math.PI - azimuth : Math.PI + azimuth;
  }

  // 15: refraction
  const elevationDeg = elevation / DTOR;
  const refractionDeg =
    elevationDeg > -0.56
      ? (3.51561 * (0.1594 + 0.0196 * elevationDeg + 0.00002 * elevationDeg * elevationDeg)) / (1 + 0.505 * elevationDeg + 0.0845 * elevationDeg * elevationDeg)
      : 0.56;
  elevation = elevationDeg + refractionDeg > 90 ? 90 * DTOR : (elevationDeg + refractionDeg) * DTOR;

  // 16–17: equation of time, geometric sunrise and sunset
  let equationOfTimeHours = (meanLongitudeDeg - rightAscension / DTOR) / 15;
  if (equationOfTimeHours < -0.33) equationOfTimeHours += 24;
  else if (equationOfTimeHours > 0.33) equationOfTimeHours -= 24;
  const cosSunsetHourAngle = -Math.tan(lat) * Math.tan(declination);
  let sunrise: number;
  let sunset: number;
  if (cosSunsetHourAngle >= 1) {
    sunrise = 100;
    sunset = -100;
  } else if (cosSunsetHourAngle <= -1) {
    sunrise = -100;
    sunset = 100;
  } else {
    const halfDayHours = Math.acos(cosSunsetHourAngle) / DTOR / 15;
    sunrise = 12 - halfDayHours - (lonDeg / 15 - tzHours) - equationOfTimeHours;
    sunset = 12 + halfDayHours - (lonDeg / 15 - tzHours) - equationOfTimeHours;
    if (sunrise > 24 && sunset > 24) {
      sunrise -= 24;
      sunset -= 24;
    }
    if (sunrise < 0 && sunset < 0) {
      sunrise += 24;
      sunset += 24;
    }
  }

  // 18–19: zenith and extraterrestrial horizontal irradiance (day of year without the UT shift)
  const zenith = HALF_PI - elevation;
  const calendarDayOfYear = DAYS_BEFORE_MONTH[month - 1]! + day;
  const normalExtraterrestrial = SOLAR_CONSTANT_WM2 * (1 + 0.033 * Math.cos(((360 / 365) * calendarDayOfYear * Math.PI) / 180));
  out.extraterrestrialHorizontalWm2 = zenith > 0 && zenith < HALF_PI ? normalExtraterrestrial * Math.cos(zenith) : zenith === 0 ? normalExtraterrestrial : 0;
  out.azimuthRad = azimuth;
  out.zenithRad = zenith;
  out.elevationRad = elevation;
  out.sunriseHours = sunrise;
  out.sunsetHours = sunset;
}

/** Sun-up classes of a record (`sunup` in ssc), ALGORITHM.md §3. */
export const SunUp = { night: 0, daylight: 1, sunriseStep: 2, sunsetStep: 3 } as const;

/**
 * A sun routine bound to a site: the position at local standard time `hour`:`minute` of a date, and
 * that date's sunrise and sunset, written into `out`. PVWatts v5 uses Michalsky's (`solarPosition`),
 * v8 the SPA (`v8/solar-position.ts`); the sun-up classification below is the same for both.
 */
export type SunRoutine = (year: number, month: number, day: number, hour: number, minute: number, out: SunPosition) => void;

/** Michalsky's sun routine for a site (PVWatts v5). */
export function michalskySun(latDeg: number, lonDeg: number, tzHours: number): SunRoutine {
  return (year, month, day, hour, minute, out) => solarPosition(year, month, day, hour, minute, latDeg, lonDeg, tzHours, out);
}

/** Sunrise and sunset (hours) for a date, after the roll-back and roll-forward of §3 steps 3–4. */
export interface DaySunTimes {
  sunriseHours: number;
  sunsetHours: number;
}

/**
 * Sunrise and sunset of the record's date for the sun-up test (ALGORITHM.md §3 steps 2–4): from the
 * sun routine at 12:00, with a sunset after 24 h or a sunrise before 0 h replaced by the previous
 * date's sunset − 24 or the next date's sunrise + 24 where ssc does so.
 */
export function sunTimesForDate(year: number, month: number, day: number, sun: SunRoutine, scratch: SunPosition, out: DaySunTimes): void {
  sun(year, month, day, 12, 0, scratch);
  let sunrise = scratch.sunriseHours;
  let sunset = scratch.sunsetHours;
  if (sunset > 24 && sunset !== 100) {
    let [y, m, d] = [year, month, day - 1];
    if (d === 0) {
      m -= 1;
      if (m === 0) {
        m = 12;
        y -= 1;
      }
      d = DAYS_IN_MONTH[m - 1]!;
    }
    sun(y, m, d, 12, 0, scratch);
    const previousSunset = scratch.sunsetHours;
    if (previousSunset === 100) sunset -= 24;
    else if (previousSunset >= 24) sunset = previousSunset - 24;
  }
  if (sunrise < 0 && sunrise !== -100) {
    let [y, m, d] = [year, month, day + 1];
    if (d > DAYS_IN_MONTH[month - 1]!) {
      d = 1;
      m += 1;
      if (m === 13) {
        m = 1;
        y += 1;
      }
    }
    sun(y, m, d, 12, 0, scratch);
    const nextSunrise = scratch.sunriseHours;
    if (nextSunrise === -100) sunrise += 24;
    else if (nextSunrise < 0) sunrise = nextSunrise + 24;
  }
  out.sunriseHours = sunrise;
  out.sunsetHours = sunset;
}

/**
 * Classifies a record and places the sun (ALGORITHM.md §3 steps 1, 5, 6). `stepHours` is 1 in
 * hourly mode (the record stands for [h, h+1) and sunrise/sunset steps use the midpoint of the
 * lit part) and −1 in instantaneous mode (the sun at hour:minute, no interpolation). For a sun-up
 * record, `out` receives the sun position; returns the `SunUp` class.
 */
export function placeSun(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  stepHours: number,
  sunTimes: DaySunTimes,
  sun: SunRoutine,
  out: SunPosition,
): number {
  const { sunriseHours: sunrise, sunsetHours: sunset } = sunTimes;
  const timeHours = hour + minute / 60;
  const halfStep = stepHours / 2;
  let calculationTime: number;
  let sunUp: number;
  if (stepHours > 0 && sunrise - halfStep <= timeHours && timeHours < sunrise + halfStep) {
    calculationTime = (sunrise + (timeHours + halfStep)) / 2;
    sunUp = SunUp.sunriseStep;
  } else if (stepHours > 0 && sunset - halfStep < timeHours && timeHours <= sunset + halfStep) {
    calculationTime = (timeHours - halfStep + sunset) / 2;
    sunUp = SunUp.sunsetStep;
  } else if ((sunrise < sunset && sunrise <= timeHours && timeHours <= sunset) || (sunrise > sunset && (timeHours <= sunset || timeHours >= sunrise))) {
    sun(year, month, day, hour, minute, out);
    return SunUp.daylight;
  } else {
    return SunUp.night;
  }
  const calculationHour = Math.trunc(calculationTime);
  const calculationMinute = (calculationTime - calculationHour) * 60;
  sun(year, month, day, calculationHour, calculationMinute, out);
  return sunUp;
}
