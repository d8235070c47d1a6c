import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { michalskySun, solarPosition } from '../v5/solar-position.ts';
import { type DaySunTimes, newSunPosition, placeSun, SunUp, sunTimesForDate } from './sun-up.ts';

describe('sun-up classification (docs/pv-model.md §5)', () => {
  const site = { lat: 40, lon: -105, tz: -7 };
  const siteSun = michalskySun(site.lat, site.lon, site.tz);
  const times: DaySunTimes = { sunriseHours: 0, sunsetHours: 0 };
  const scratch = newSunPosition();
  sunTimesForDate(2021, 6, 21, siteSun, scratch, times);

  it('in hourly mode, places the sun of the sunrise hour midway between sunrise and the hour end', () => {
    const sunriseHour = Math.floor(times.sunriseHours); // the record [h, h+1) that contains sunrise
    const sun = newSunPosition();
    assert.equal(placeSun(2021, 6, 21, sunriseHour, 30, 1, times, siteSun, sun), SunUp.sunriseStep);
    const midpoint = (times.sunriseHours + sunriseHour + 1) / 2;
    const expected = newSunPosition();
    solarPosition(2021, 6, 21, Math.trunc(midpoint), (midpoint - Math.trunc(midpoint)) * 60, site.lat, site.lon, site.tz, expected);
    assert.equal(sun.zenithRad, expected.zenithRad);
    assert.equal(sun.azimuthRad, expected.azimuthRad);
    assert.equal(placeSun(2021, 6, 21, sunriseHour - 1, 30, 1, times, siteSun, sun), SunUp.night);
    assert.equal(placeSun(2021, 6, 21, Math.floor(times.sunsetHours), 30, 1, times, siteSun, sun), SunUp.sunsetStep);
  });

  it('classifies midday as daylight at hour:minute and midnight as night', () => {
    const sun = newSunPosition();
    assert.equal(placeSun(2021, 6, 21, 12, 30, 1, times, siteSun, sun), SunUp.daylight);
    const expected = newSunPosition();
    solarPosition(2021, 6, 21, 12, 30, site.lat, site.lon, site.tz, expected);
    assert.equal(sun.zenithRad, expected.zenithRad);
    assert.equal(placeSun(2021, 6, 21, 0, 30, 1, times, siteSun, sun), SunUp.night);
  });

  it('in instantaneous mode never interpolates', () => {
    const sun = newSunPosition();
    const classes = new Set<number>();
    for (let hour = 0; hour < 24; hour++) classes.add(placeSun(2021, 6, 21, hour, 0, -1, times, siteSun, sun));
    assert.deepEqual([...classes].sort(), [SunUp.night, SunUp.daylight]);
  });

  it('rolls a sunset after midnight back to the previous day when only the sunset passes 24 h', () => {
    // longitude 0 with time zone +6: sunrise near noon, sunset after midnight
    const sun = newSunPosition();
    solarPosition(2021, 3, 1, 12, 0, 0, 0, 6, sun);
    assert.ok(sun.sunsetHours > 24 && sun.sunriseHours < 24);
    solarPosition(2021, 2, 28, 12, 0, 0, 0, 6, sun);
    const previousSunset = sun.sunsetHours;
    const rolled: DaySunTimes = { sunriseHours: 0, sunsetHours: 0 };
    sunTimesForDate(2021, 3, 1, michalskySun(0, 0, 6), newSunPosition(), rolled);
    assert.equal(rolled.sunsetHours, previousSunset - 24);
  });
});
