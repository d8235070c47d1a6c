import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { newSunPosition } from '../common/sun-up.ts';
import { solarPosition } from './solar-position.ts';

const DEG = Math.PI / 180;

/**
 * An independent sun position: the NOAA solar calculator (Meeus's low-precision formulas: apparent
 * longitude, nutation-corrected obliquity, equation of time), geometric, good to about 0.01°.
 * Zenith and azimuth (clockwise from north) in degrees.
 */
function noaaSun(year: number, month: number, day: number, utcHours: number, latDeg: number, lonDeg: number): { zenithDeg: number; azimuthDeg: number } {
  const a = Math.floor((14 - month) / 12);
  const y = year + 4800 - a;
  const m = month + 12 * a - 3;
  const dayNumber = day + Math.floor((153 * m + 2) / 5) + 365 * y + Math.floor(y / 4) - Math.floor(y / 100) + Math.floor(y / 400) - 32045;
  const julianDay = dayNumber - 0.5 + utcHours / 24;
  const t = (julianDay - 2451545) / 36525;
  const meanLongitude = (280.46646 + t * (36000.76983 + t * 0.0003032)) % 360;
  const meanAnomaly = (357.52911 + t * (35999.05029 - 0.0001537 * t)) * DEG;
  const eccentricity = 0.016708634 - t * (0.000042037 + 0.0000001267 * t);
  const center =
    Math.sin(meanAnomaly) * (1.914602 - t * (0.004817 + 0.000014 * t)) +
    Math.sin(2 * meanAnomaly) * (0.019993 - 0.000101 * t) +
    Math.sin(3 * meanAnomaly) * 0.000289;
  const omega = (125.04 - 1934.136 * t) * DEG;
  const apparentLongitude = (meanLongitude + center - 0.00569 - 0.00478 * Math.sin(omega)) * DEG;
  const obliquity = (23 + (26 + (21.448 - t * (46.815 + t * (0.00059 - t * 0.001813))) / 60) / 60 + 0.00256 * Math.cos(omega)) * DEG;
  const declination = Math.asin(Math.sin(obliquity) * Math.sin(apparentLongitude));
  const yy = Math.tan(obliquity / 2) ** 2;
  const l0 = meanLongitude * DEG;
  const equationOfTimeMin =
    (4 / DEG) *
    (yy * Math.sin(2 * l0) -
      2 * eccentricity * Math.sin(meanAnomaly) +
      4 * eccentricity * yy * Math.sin(meanAnomaly) * Math.cos(2 * l0) -
      0.5 * yy * yy * Math.sin(4 * l0) -
      1.25 * eccentricity * eccentricity * Math.sin(2 * meanAnomaly));
  const hourAngle = ((utcHours * 60 + equationOfTimeMin + 4 * lonDeg) / 4 - 180) * DEG;
  const lat = latDeg * DEG;
  const zenith = Math.acos(Math.sin(lat) * Math.sin(declination) + Math.cos(lat) * Math.cos(declination) * Math.cos(hourAngle));
  const azimuth = Math.atan2(Math.sin(hourAngle), Math.cos(hourAngle) * Math.sin(lat) - Math.tan(declination) * Math.cos(lat)) + Math.PI;
  return { zenithDeg: zenith / DEG, azimuthDeg: azimuth / DEG };
}

/** Refraction Michalsky adds at elevation e (degrees), to compare with a geometric position. */
function refractionDeg(elevationDeg: number): number {
  const e = elevationDeg;
  return (3.51561 * (0.1594 + 0.0196 * e + 0.00002 * e * e)) / (1 + 0.505 * e + 0.0845 * e * e);
}

describe('solar position (Michalsky, docs/pv-model.md §6.1)', () => {
  const cases = [
    { name: 'Boulder, summer morning', year: 2021, month: 6, day: 21, dayOfYear: 172, hour: 9, minute: 15, lat: 40.0167, lon: -105.25, tz: -7 },
    { name: 'Miami, winter afternoon', year: 1962, month: 1, day: 15, dayOfYear: 15, hour: 14, minute: 30, lat: 25.8, lon: -80.2667, tz: -5 },
    { name: 'Sydney, December noon', year: 2010, month: 12, day: 1, dayOfYear: 335, hour: 12, minute: 0, lat: -33.87, lon: 151.21, tz: 10 },
    { name: 'Amsterdam, autumn', year: 1995, month: 10, day: 3, dayOfYear: 276, hour: 11, minute: 45, lat: 52.3, lon: 4.77, tz: 1 },
  ];
  for (const c of cases) {
    it(`agrees with the NOAA solar calculator: ${c.name}`, () => {
      const sun = newSunPosition();
      solarPosition(c.year, c.month, c.day, c.hour, c.minute, c.lat, c.lon, c.tz, sun);
      const expected = noaaSun(c.year, c.month, c.day, c.hour + c.minute / 60 - c.tz, c.lat, c.lon);
      const geometricZenithDeg = sun.zenithRad / DEG + refractionDeg(90 - expected.zenithDeg);
      assert.ok(Math.abs(geometricZenithDeg - expected.zenithDeg) < 0.02, `zenith ${geometricZenithDeg} vs ${expected.zenithDeg}`);
      assert.ok(Math.abs(sun.azimuthRad / DEG - expected.azimuthDeg) < 0.03, `azimuth ${sun.azimuthRad / DEG} vs ${expected.azimuthDeg}`);
      const normalIrradiance = 1367 * (1 + 0.033 * Math.cos(((2 * Math.PI) / 365) * c.dayOfYear));
      assert.ok(Math.abs(sun.extraterrestrialHorizontalWm2 - normalIrradiance * Math.cos(sun.zenithRad)) < 1e-9);
    });
  }

  it('puts the noon sun to the south in the north and to the north in the south', () => {
    const sun = newSunPosition();
    solarPosition(2021, 3, 10, 12, 0, 40, -105, -7, sun); // local noon ≈ 12:10 at −105°
    assert.ok(Math.abs(sun.azimuthRad / DEG - 180) < 5);
    solarPosition(2021, 3, 10, 12, 0, -34, 150, 10, sun);
    const azimuthDeg = sun.azimuthRad / DEG;
    assert.ok(azimuthDeg < 10 || azimuthDeg > 350, `${azimuthDeg}`);
  });

  it('gives the geometric day length and polar day and night', () => {
    const sun = newSunPosition();
    solarPosition(2021, 6, 21, 12, 0, 40, -105, -7, sun);
    const declination = 23.44 * DEG;
    const dayLengthHours = (2 * Math.acos(-Math.tan(40 * DEG) * Math.tan(declination))) / DEG / 15;
    assert.ok(Math.abs(sun.sunsetHours - sun.sunriseHours - dayLengthHours) < 0.02);
    solarPosition(2021, 6, 21, 12, 0, 80, 15, 1, sun);
    assert.deepEqual([sun.sunriseHours, sun.sunsetHours], [-100, 100]);
    solarPosition(2021, 12, 21, 12, 0, 80, 15, 1, sun);
    assert.deepEqual([sun.sunriseHours, sun.sunsetHours], [100, -100]);
  });
});
