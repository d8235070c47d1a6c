/**
 * Sun position of PVWatts v5: Michalsky's algorithm (Michalsky 1988, ssc `solarpos`),
 * docs/pv-model.md §6.1. No pressure, temperature or elevation: the refraction is a fixed function
 * of the elevation, and the sunrise and sunset are geometric (the sun's centre at the horizon,
 * with the noon declination).
 */
import { extraterrestrialHorizontalWm2 } from '../common/irradiance.ts';
import type { SunPosition, SunRoutine } from '../common/sun-up.ts';
import { DAYS_BEFORE_MONTH, DTOR } from '../common/units.ts';

const HALF_PI = Math.PI / 2;
const TWO_PI = 2 * Math.PI;

/**
 * Michalsky's sun position for local standard time `hour`:`minute` (minute may be fractional or 60)
 * at latitude `latDeg`, longitude `lonDeg` (east positive) and time zone `tzHours`
 * (docs/pv-model.md §6.1, steps 1–19). Writes into `out`.
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
  out.extraterrestrialHorizontalWm2 = extraterrestrialHorizontalWm2(month, day, zenith);
  out.azimuthRad = azimuth;
  out.zenithRad = zenith;
  out.elevationRad = elevation;
  out.sunriseHours = sunrise;
  out.sunsetHours = sunset;
}

/** Michalsky's sun routine for a site (PVWatts v5). */
export function michalskySun(latDeg: number, lonDeg: number, tzHours: number): SunRoutine {
  return (year, month, day, hour, minute, out) => solarPosition(year, month, day, hour, minute, latDeg, lonDeg, tzHours, out);
}
