/**
 * When the sun is up in a record, and at which instant its position is taken (ssc `irrad::calc`,
 * docs/pv-model.md §5): the same in both models, each with its own sun routine (v5 Michalsky, v8
 * the SPA). In hourly mode the sunrise and sunset records get the sun at the middle of their lit part.
 */
import { DAYS_IN_MONTH } from './units.ts';

/** What a sun routine computes for one instant (v5: `solarPosition`, v8: `SpaSun.position`). */
export interface SunPosition {
  /** Sun azimuth, radians clockwise from north. */
  azimuthRad: number;
  /** Sun zenith angle with refraction, radians. */
  zenithRad: number;
  /** Sun elevation with refraction, radians, as the sun routine computes it (not always exactly π/2 − zenith). */
  elevationRad: number;
  /** Sunrise of the date, local standard time in hours (−100: never sets, 100: never rises). */
  sunriseHours: number;
  /** Sunset of the date, local standard time in hours (100: never sets, −100: never rises). */
  sunsetHours: number;
  /** Extraterrestrial irradiance on a horizontal surface, W/m². */
  extraterrestrialHorizontalWm2: number;
}

export function newSunPosition(): SunPosition {
  return { azimuthRad: 0, zenithRad: 0, elevationRad: 0, sunriseHours: 0, sunsetHours: 0, extraterrestrialHorizontalWm2: 0 };
}

/** Sun-up classes of a record (`sunup` in ssc), docs/pv-model.md §5.2. */
export const SunUp = { night: 0, daylight: 1, sunriseStep: 2, sunsetStep: 3 } as const;

/**
 * A sun routine bound to a site: the position at local standard time `hour`:`minute` of a date, and
 * that date's sunrise and sunset, written into `out`. PVWatts v5 uses Michalsky's
 * (v5/solar-position.ts), v8 the SPA (v8/solar-position.ts); the sun-up classification below is the
 * same for both.
 */
export type SunRoutine = (year: number, month: number, day: number, hour: number, minute: number, out: SunPosition) => void;

/** Sunrise and sunset (hours) for a date, after the roll-back and roll-forward of docs/pv-model.md §5.1. */
export interface DaySunTimes {
  sunriseHours: number;
  sunsetHours: number;
}

/**
 * Sunrise and sunset of the record's date for the sun-up test (docs/pv-model.md §5.1): from the
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
 * Classifies a record and places the sun (docs/pv-model.md §5.2). `stepHours` is 1 in
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
