/**
 * Sun position for PVWatts v8: ssc's simplified NREL SPA (`solarpos_spa`, `calculate_spa`,
 * `calculate_eot_and_sun_rise_transit_set` in ssc's `lib_irradproc.cpp` at ssc 2025.4.16),
 * docs/pv-model.md §6.2. The structure is Reda & Andreas, "Solar
 * position algorithm for solar radiation applications", NREL/TP-560-34302 (2004); ssc replaces the
 * periodic-term series for heliocentric longitude, radius, nutation and obliquity by short SG2-style
 * fits (Blanc & Wald, "The SG2 algorithm for a fast and accurate computation of the position of the
 * Sun", Solar Energy 86, 2012) and uses fixed aberration and parallax constants.
 *
 * ssc keeps a lookup table of `calculate_spa` results keyed by the Julian day, ΔT, the pressure in
 * 10 mbar buckets, the temperature in 5 °C buckets and the right ascension and declination handed
 * in; a later call with the same key reuses the earlier result even though its exact pressure and
 * temperature (and so its refraction) differ. `SpaSun` keeps the same table with the same clearing
 * rule, so that every zenith is the one ssc uses.
 */
import { extraterrestrialHorizontalWm2 } from '../common/irradiance.ts';
import type { SunPosition } from '../common/sun-up.ts';
import { DAYS_IN_MONTH, DTOR, RTOD } from '../common/units.ts';
import { MinuteIndex } from './minute-index.ts';

/** Sun elevation at sunrise and sunset, degrees (SPA A.2: refraction and the solar disc). */
const RISE_SET_ELEVATION_DEG = -0.8333;
/** ΔT that ssc uses for the sidereal time at 0 UT of the rise/set date, seconds. */
const RISE_SET_DELTA_T_S = 67;

/** SG2 fit of the heliocentric longitude: [1/period (1/day), amplitude (rad), phase (rad)] per term, flattened. */
// biome-ignore format: a table reads best packed
const LONGITUDE_TERMS = new Float64Array([
  1 / 365.261278, 3.401508e-2, 1.60078, 1 / 182.632412, 3.48644e-4, 1.662976,
  1 / 29.530634, 3.136227e-5, -1.195905, 1 / 399.52985, 3.578979e-5, -1.042052,
  1 / 291.956812, 2.676185e-5, 2.012613, 1 / 583.598201, 2.333925e-5, -2.867714,
  1 / 4652.629372, 1.221214e-5, 1.225038, 1 / 1450.236684, 1.217941e-5, -0.828601,
  1 / 199.459709, 1.343914e-5, -3.108253, 1 / 365.355291, 8.499475e-4, -2.353709,
]);
/** SPA Table A4.2 B0 and B1 terms of the heliocentric latitude: [A, B, C] per term, flattened. */
// biome-ignore format: a table reads best packed
const LATITUDE_B0_TERMS = new Float64Array([280, 3.199, 84334.662, 102, 5.422, 5507.553, 80, 3.88, 5223.69, 44, 3.7, 2352.87, 32, 4, 1577.34]);
const LATITUDE_B1_TERMS = new Float64Array([9, 3.9, 5507.55, 6, 1.73, 5223.69]);

function limitDegrees(degrees: number): number {
  const turns = degrees / 360;
  let limited = 360 * (turns - Math.floor(turns));
  if (limited < 0) limited += 360;
  return limited;
}

function limitDegrees180(degrees: number): number {
  const halfTurns = degrees / 180;
  let limited = 180 * (halfTurns - Math.floor(halfTurns));
  if (limited < 0) limited += 180;
  return limited;
}

function limitDegrees180pm(degrees: number): number {
  const turns = degrees / 360;
  let limited = 360 * (turns - Math.floor(turns));
  if (limited < -180) limited += 360;
  else if (limited > 180) limited -= 360;
  return limited;
}

function limitZeroToOne(value: number): number {
  let limited = value - Math.floor(value);
  if (limited < 0) limited += 1;
  return limited;
}

/**
 * ΔT = TT − UT for a calendar year, seconds: the polynomials of Espenak & Meeus (NASA, 2006) that
 * ssc uses for 1961–2050, 66.7 s otherwise.
 */
function deltaTSeconds(year: number): number {
  if (year >= 1961 && year <= 1986) {
    const t = year - 1975;
    return 45.45 + 1.067 * t - t ** 2 / 260 - t ** 3 / 718;
  }
  if (year > 1986 && year <= 2005) {
    const t = year - 2000;
    return 63.86 + 0.3345 * t - 0.060374 * t ** 2 + 0.0017275 * t ** 3 + 0.000651814 * t ** 4;
  }
  if (year > 2005 && year <= 2050) {
    const t = year - 2000;
    return 62.92 + 0.32217 * t + 0.005589 * t ** 2;
  }
  return 66.7;
}

/**
 * Julian day of local standard time (SPA eq. 4) with the minute truncated to a whole number, as
 * ssc's `julian_day` takes it (an `int` parameter); no seconds, ΔUT1 = 0.
 */
export function julianDay(year: number, month: number, day: number, hour: number, minute: number, tzHours: number): number {
  const dayDecimal = day + (hour - tzHours + Math.trunc(minute) / 60) / 24;
  let y = year;
  let m = month;
  if (m < 3) {
    m += 12;
    y--;
  }
  let jd = Math.trunc(365.25 * (y + 4716)) + Math.trunc(30.6001 * (m + 1)) + dayDecimal - 1524.5;
  if (jd > 2299160) {
    const a = Math.trunc(y / 100);
    jd += 2 - a + Math.trunc(a / 4);
  }
  return jd;
}

/** The geocentric part of ssc's `calculate_spa` (SPA sections 3.1–3.10): it depends only on the Julian day and ΔT. */
interface GeocentricSun {
  /** Apparent sidereal time at Greenwich ν, degrees. */
  siderealDeg: number;
  /** Geocentric right ascension α and declination δ, degrees. */
  ascensionDeg: number;
  declinationDeg: number;
}

/** The topocentric part (SPA sections 3.11–3.15), which adds the site, its elevation and the refraction. */
interface TopocentricSun {
  /** Topocentric elevation with refraction e and zenith 90 − e, degrees. */
  elevationDeg: number;
  zenithDeg: number;
  /** Topocentric azimuth, degrees east of north. */
  azimuthDeg: number;
}

/** Pressure and temperature as ssc's table key rounds them: `((int)(p + 5) / 10) * 10`, `((int)(t + 2) / 5) * 5`. */
function pressureBucket(pressureMbar: number): number {
  return Math.trunc(Math.trunc(pressureMbar + 5) / 10) * 10;
}

function temperatureBucket(temperatureC: number): number {
  return Math.trunc(Math.trunc(temperatureC + 2) / 5) * 5;
}

/** ssc's `calculate_spa`, SPA sections 3.1–3.10, for Julian day `jd` and ΔT `deltaT` (s), with ssc's SG2 fits, into `out`. */
function geocentricSun(jd: number, deltaT: number, out: GeocentricSun): void {
  const jc = (jd - 2451545) / 36525;
  const jde = jd + deltaT / 86400;
  const jce = (jde - 2451545) / 36525;
  const jme = jce / 10;
  const daysTT = jde - 2444239.5;

  // 3.2: heliocentric longitude (SG2 fit) and latitude (SPA B0, B1)
  let longitudeRad = daysTT / 58.130101 + 1.742145;
  for (let k = 0; k < LONGITUDE_TERMS.length; k += 3) {
    longitudeRad += LONGITUDE_TERMS[k + 1]! * Math.cos(2 * Math.PI * LONGITUDE_TERMS[k]! * daysTT - LONGITUDE_TERMS[k + 2]!);
  }
  const heliocentricLongitude = limitDegrees(RTOD * longitudeRad);
  let b0 = 0;
  for (let k = 0; k < LATITUDE_B0_TERMS.length; k += 3) b0 += LATITUDE_B0_TERMS[k]! * Math.cos(LATITUDE_B0_TERMS[k + 1]! + LATITUDE_B0_TERMS[k + 2]! * jme);
  let b1 = 0;
  for (let k = 0; k < LATITUDE_B1_TERMS.length; k += 3) b1 += LATITUDE_B1_TERMS[k]! * Math.cos(LATITUDE_B1_TERMS[k + 1]! + LATITUDE_B1_TERMS[k + 2]! * jme);
  // (B0·jme⁰ + B1·jme¹) / 1e8 (SPA eq. 10)
  const heliocentricLatitude = RTOD * ((b0 + b1 * jme) / 1e8);

  // 3.3: geocentric longitude θ and latitude β
  let theta = heliocentricLongitude + 180;
  if (theta >= 360) theta -= 360;
  const beta = -heliocentricLatitude;

  // 3.4–3.5: nutation in longitude and true obliquity (SG2 fits)
  const nutationLongitude = RTOD * 8.329092e-5 * Math.cos((2 * Math.PI * daysTT) / 6791.164405 - -2.052757);
  const obliquity = RTOD * (4.456183e-5 * Math.cos((2 * Math.PI * daysTT) / 6791.164405 - 2.660352) + -6.216374e-9 * daysTT + 4.091383e-1);

  // 3.6–3.7: apparent longitude, with ssc's aberration constant (a radian value added as degrees)
  const lambda = theta + nutationLongitude + -9.933735e-5;

  // 3.8: apparent sidereal time at Greenwich
  const meanSidereal = limitDegrees(280.46061837 + 360.98564736629 * (jd - 2451545) + jc * jc * (0.000387933 - jc / 38710000));
  out.siderealDeg = meanSidereal + nutationLongitude * Math.cos(DTOR * obliquity);

  // 3.9–3.10: geocentric right ascension and declination
  const lambdaRad = DTOR * lambda;
  const obliquityRad = DTOR * obliquity;
  out.ascensionDeg = limitDegrees(
    RTOD * Math.atan2(Math.sin(lambdaRad) * Math.cos(obliquityRad) - Math.tan(DTOR * beta) * Math.sin(obliquityRad), Math.cos(lambdaRad)),
  );
  const betaRad = DTOR * beta;
  out.declinationDeg = RTOD * Math.asin(Math.sin(betaRad) * Math.cos(obliquityRad) + Math.cos(betaRad) * Math.sin(obliquityRad) * Math.sin(lambdaRad));
}

/** Instants the shared geocentric table holds before it starts afresh: a year of hours in about ten time zones, about 4 MB. */
const GEOCENTRIC_TABLE_INSTANTS = 100_000;
/** The table's key of a Julian day: whole minutes from J2000.0 (a small integer; ssc's days hold whole minutes). */
const minutesFromJ2000 = (jd: number) => Math.round((jd - 2451545) * 1440);

/**
 * The geocentric sun of the instants asked for, shared by every site and every run (docs/pv-model.md
 * §6.2): it depends on the Julian day and ΔT alone, so a repeat hands back the numbers the same
 * computation gave before, to the bit (an entry answers only the very Julian day it was computed
 * for). Sites in one time zone ask for the same instants, as do a site's sunrise and sunset and its
 * positions. Bounded: past GEOCENTRIC_TABLE_INSTANTS it empties.
 */
class GeocentricTable {
  /** Pool index of each instant, by ΔT then minute (`minutesFromJ2000`). */
  readonly #index = new Map<number, MinuteIndex>();
  /** The last ΔT asked for and its minutes (a site asks for one year's ΔT record after record). */
  #lastDeltaT = Number.NaN;
  #lastByMinute: MinuteIndex | undefined;
  /** Julian day, sidereal time, right ascension and declination of each instant, four numbers each. */
  #pool = new Float64Array(4 * 4096);
  #size = 0;

  #minutesOf(deltaT: number): MinuteIndex {
    if (deltaT === this.#lastDeltaT && this.#lastByMinute) return this.#lastByMinute;
    let byMinute = this.#index.get(deltaT);
    if (byMinute === undefined) {
      byMinute = new MinuteIndex();
      this.#index.set(deltaT, byMinute);
    }
    this.#lastDeltaT = deltaT;
    this.#lastByMinute = byMinute;
    return byMinute;
  }

  /** The geocentric sun at Julian day `jd` with ΔT `deltaT` (s), into `out`. */
  sun(jd: number, deltaT: number, out: GeocentricSun): void {
    let byMinute = this.#minutesOf(deltaT);
    const key = minutesFromJ2000(jd);
    const known = byMinute.get(key);
    if (known !== -1 && this.#pool[known] === jd) {
      out.siderealDeg = this.#pool[known + 1]!;
      out.ascensionDeg = this.#pool[known + 2]!;
      out.declinationDeg = this.#pool[known + 3]!;
      return;
    }
    geocentricSun(jd, deltaT, out);
    if (known !== -1) return;
    if (this.#size === GEOCENTRIC_TABLE_INSTANTS) {
      this.#index.clear();
      this.#lastByMinute = undefined;
      this.#size = 0;
      byMinute = this.#minutesOf(deltaT);
    }
    const at = 4 * this.#size++;
    if (at + 4 > this.#pool.length) {
      const grown = new Float64Array(Math.min(2 * this.#pool.length, 4 * GEOCENTRIC_TABLE_INSTANTS));
      grown.set(this.#pool);
      this.#pool = grown;
    }
    this.#pool[at] = jd;
    this.#pool[at + 1] = out.siderealDeg;
    this.#pool[at + 2] = out.ascensionDeg;
    this.#pool[at + 3] = out.declinationDeg;
    byMinute.add(key, at);
  }
}

const geocentricTable = new GeocentricTable();

/** The parallax's fixed equatorial horizontal parallax ξ of ssc (SPA 3.12.1 with a constant Earth–Sun distance), radians. */
const PARALLAX_XI_RAD = DTOR * 4.263521e-5;

/** What the topocentric step needs of a site and its elevation (SPA 3.12.2–3.12.4): fixed for a run. */
interface SiteTerms {
  lonDeg: number;
  elevationM: number;
  sinLat: number;
  cosLat: number;
  /** The observer's x = ρ cos φ′ and y = ρ sin φ′ (SPA 3.12.3–3.12.4). */
  x: number;
  y: number;
}

function siteTerms(latDeg: number, lonDeg: number, elevationM: number): SiteTerms {
  const latRad = DTOR * latDeg;
  const u = Math.atan(0.99664719 * Math.tan(latRad));
  return {
    lonDeg,
    elevationM,
    sinLat: Math.sin(latRad),
    cosLat: Math.cos(latRad),
    x: Math.cos(u) + (elevationM * Math.cos(latRad)) / 6378140,
    y: 0.99664719 * Math.sin(u) + (elevationM * Math.sin(latRad)) / 6378140,
  };
}

/**
 * ssc's `calculate_spa`, SPA sections 3.11–3.15, from the geocentric sun: hour angle, parallax (fixed ξ),
 * topocentric declination and hour angle, elevation with refraction from the pressure and
 * temperature, azimuth; into `out`.
 */
function topocentricSun(sun: GeocentricSun, site: SiteTerms, pressureMbar: number, temperatureC: number, out: TopocentricSun): void {
  // 3.11–3.13: hour angle, parallax (fixed ξ), topocentric declination and hour angle
  const hourAngle = limitDegrees(sun.siderealDeg + site.lonDeg - sun.ascensionDeg);
  const { sinLat, cosLat, x, y } = site;
  const hourAngleRad = DTOR * hourAngle;
  const declinationRad = DTOR * sun.declinationDeg;
  const ascensionParallax = RTOD * -x * (Math.sin(hourAngleRad) / Math.cos(declinationRad)) * PARALLAX_XI_RAD;
  const topocentricDeclination =
    RTOD * (declinationRad + (x * Math.cos(hourAngleRad) * Math.sin(declinationRad) - y * Math.cos(declinationRad)) * PARALLAX_XI_RAD);
  const topocentricHourAngle = hourAngle - ascensionParallax;

  // 3.14: elevation with refraction (from the record's pressure and temperature)
  const topocentricDeclinationRad = DTOR * topocentricDeclination;
  const e0 =
    RTOD * Math.asin(sinLat * Math.sin(topocentricDeclinationRad) + cosLat * Math.cos(topocentricDeclinationRad) * Math.cos(DTOR * topocentricHourAngle));
  let refraction = 0;
  if (e0 >= -1 * (0.26667 + 0.5667))
    refraction = (pressureMbar / 1010) * (283 / (273 + temperatureC)) * (1.02 / (60 * Math.tan(DTOR * (e0 + 10.3 / (e0 + 5.11)))));
  if (Number.isNaN(refraction)) refraction = 0;
  let elevation = e0 + refraction;
  if (elevation > 90) elevation = 90;
  else if (elevation < -90) elevation = -90;

  // 3.15: azimuth, east of north
  const topocentricHourAngleRad = DTOR * topocentricHourAngle;
  const azimuthAstro = limitDegrees(
    RTOD * Math.atan2(Math.sin(topocentricHourAngleRad), Math.cos(topocentricHourAngleRad) * sinLat - Math.tan(DTOR * topocentricDeclination) * cosLat),
  );
  out.elevationDeg = elevation;
  out.zenithDeg = 90 - elevation;
  out.azimuthDeg = limitDegrees(azimuthAstro + 180);
}

/** The geocentric right ascensions and declinations of the day before, the day and the day after, for `#riseAndSet`. */
const riseAndSetScratch = { ascensions: new Float64Array(3), declinations: new Float64Array(3) };

/** SPA A.2.10: a geocentric value of the day before, the day and the day after (`values`), interpolated at day fraction `n`. */
function interpolateOverDays(n: number, values: Float64Array): number {
  let a = values[1]! - values[0]!;
  let b = values[2]! - values[1]!;
  if (Math.abs(a) >= 2) a = limitZeroToOne(a);
  if (Math.abs(b) >= 2) b = limitZeroToOne(b);
  return values[1]! + (n * (a + b + (b - a) * n)) / 2;
}

/**
 * SPA A.2.11–A.2.16 for the sunrise or the sunset whose first estimate is day fraction `time` (UT):
 * the local hour angle and the sun's altitude then, and the correction to the time of the
 * altitude −0.8333°. The corrected day fraction.
 */
function riseOrSetDayFraction(
  time: number,
  siderealDeg: number,
  lonDeg: number,
  latRad: number,
  deltaT: number,
  ascensions: Float64Array,
  declinations: Float64Array,
): number {
  const siderealAt = siderealDeg + 360.985647 * time;
  const n = time + deltaT / 86400;
  const ascension = interpolateOverDays(n, ascensions);
  const declination = interpolateOverDays(n, declinations);
  const hourAngle = limitDegrees180pm(siderealAt + lonDeg - ascension);
  const declinationRad = DTOR * declination;
  const altitude = RTOD * Math.asin(Math.sin(latRad) * Math.sin(declinationRad) + Math.cos(latRad) * Math.cos(declinationRad) * Math.cos(DTOR * hourAngle));
  return time + (altitude - RISE_SET_ELEVATION_DEG) / (360 * Math.cos(DTOR * declination) * Math.cos(latRad) * Math.sin(DTOR * hourAngle));
}

/** An entry of ssc's table: the key ssc forms (the right ascension and declination handed in are 0) and the topocentric sun. */
interface TableEntry extends TopocentricSun {
  jd: number;
  deltaT: number;
  pressureBucket: number;
  temperatureBucket: number;
}

/** Sunrise and sunset of a date (`#riseAndSet`). */
interface RiseAndSet {
  sunriseHours: number;
  sunsetHours: number;
  h0Deg: number;
}

/**
 * The sun for one location, with ssc's lookup table. `position` is `solarpos_spa`; the sunrise and
 * sunset it reports are those of SPA A.2 (apparent, −0.8333°), in local standard time.
 *
 * Only the sun positions go through the table: ssc's sunrise and sunset read only the geocentric
 * part of its table entries, which depends on the Julian day and ΔT alone (both in the key), so
 * whatever entry they hit gives the same numbers, and their own entries (ΔT 67 s or 0, never a
 * year's ΔT in 1961–2050, nor 66.7 s) are never hit by a position. They are computed once per
 * date instead, without the table.
 */
export class SpaSun {
  readonly #latDeg: number;
  readonly #lonDeg: number;
  readonly #tzHours: number;
  /** ssc's table, entries by Julian day (filed by its minute, `minutesFromJ2000`: a small-integer key). */
  readonly #table = new Map<number, TableEntry[]>();
  #tableDay = 0;
  /** Each date's sunrise and sunset, by `dateKey`, with the ΔT they were computed for. */
  readonly #riseAndSetByDate = new Map<number, RiseAndSet & { deltaT: number }>();
  readonly #geocentric: GeocentricSun = { siderealDeg: 0, ascensionDeg: 0, declinationDeg: 0 };
  /** The site's terms for the last elevation asked for. */
  #site: SiteTerms;
  /** ΔT of the last year asked for. */
  #deltaTYear = Number.NaN;
  #deltaT = 0;

  constructor(latDeg: number, lonDeg: number, tzHours: number) {
    this.#latDeg = latDeg;
    this.#lonDeg = lonDeg;
    this.#tzHours = tzHours;
    this.#site = siteTerms(latDeg, lonDeg, Number.NaN);
  }

  /**
   * ssc's `calculate_spa` at Julian day `jd` through its table: a key already computed since the
   * table was last cleared (same Julian day, ΔT and pressure and temperature buckets) returns the
   * sun computed then, with that call's exact pressure and temperature.
   */
  #tabledSun(jd: number, elevationM: number, pressureMbar: number, temperatureC: number, deltaT: number): TopocentricSun {
    const pressureKey = pressureBucket(pressureMbar);
    const temperatureKey = temperatureBucket(temperatureC);
    const minute = minutesFromJ2000(jd);
    let entries = this.#table.get(minute);
    if (entries === undefined) {
      entries = [];
      this.#table.set(minute, entries);
    }
    for (const entry of entries) {
      if (entry.jd === jd && entry.deltaT === deltaT && entry.pressureBucket === pressureKey && entry.temperatureBucket === temperatureKey) return entry;
    }
    geocentricTable.sun(jd, deltaT, this.#geocentric);
    const entry: TableEntry = { jd, deltaT, pressureBucket: pressureKey, temperatureBucket: temperatureKey, elevationDeg: 0, zenithDeg: 0, azimuthDeg: 0 };
    if (elevationM !== this.#site.elevationM) this.#site = siteTerms(this.#latDeg, this.#lonDeg, elevationM);
    topocentricSun(this.#geocentric, this.#site, pressureMbar, temperatureC, entry);
    entries.push(entry);
    return entry;
  }

  /** `#riseAndSet`, once per date and ΔT. */
  #riseAndSetOf(year: number, month: number, day: number, deltaT: number): RiseAndSet {
    const dateKey = (year * 16 + month) * 32 + day;
    const kept = this.#riseAndSetByDate.get(dateKey);
    if (kept !== undefined && kept.deltaT === deltaT) return kept;
    const computed = { ...this.#riseAndSet(year, month, day, deltaT), deltaT };
    this.#riseAndSetByDate.set(dateKey, computed);
    return computed;
  }

  /**
   * Sunrise and sunset of a date (SPA Appendix A.2 as ssc computes it), local standard time in
   * hours, and the hour angle at sunrise H0 (degrees; 180: the sun never sets, ≤ 0: never rises).
   */
  #riseAndSet(year: number, month: number, day: number, deltaT: number): RiseAndSet {
    const lat = this.#latDeg;
    const lon = this.#lonDeg;
    const tz = this.#tzHours;
    const jd0 = julianDay(year, month, day, 0, 0, 0);
    // ssc: calculate_spa at 0 UT with ΔT 67 s, then at the day before, the day and the day after with ΔT 0
    const at = this.#geocentric;
    geocentricTable.sun(jd0, RISE_SET_DELTA_T_S, at);
    const sidereal = at.siderealDeg;
    const declinationTest = at.declinationDeg;
    const { ascensions, declinations } = riseAndSetScratch;
    for (let i = 0; i < 3; i++) {
      geocentricTable.sun(jd0 + (i - 1), 0, at);
      ascensions[i] = at.ascensionDeg;
      declinations[i] = at.declinationDeg;
    }
    const transit = (ascensions[1]! - lon - sidereal) / 360;
    const latRad = DTOR * lat;
    const argument =
      (Math.sin(DTOR * RISE_SET_ELEVATION_DEG) - Math.sin(latRad) * Math.sin(DTOR * declinationTest)) / (Math.cos(latRad) * Math.cos(DTOR * declinationTest));
    let h0 = -99999;
    if (Math.abs(argument) <= 1) h0 = limitDegrees180(RTOD * Math.acos(argument));
    else if (argument < -1) h0 = 180;
    else if (argument > 1) h0 = 0;
    if (!(h0 > 0)) return { sunriseHours: -99999, sunsetHours: Number.NaN, h0Deg: -99999 };

    let sunsetTime = limitZeroToOne(transit + h0 / 360);
    if (sunsetTime + tz / 24 < 0 && sunsetTime + 1 + tz / 24 < 1) sunsetTime += 1;
    const sunrise = riseOrSetDayFraction(limitZeroToOne(transit - h0 / 360), sidereal, lon, latRad, deltaT, ascensions, declinations);
    const sunset = riseOrSetDayFraction(sunsetTime, sidereal, lon, latRad, deltaT, ascensions, declinations);
    return { sunriseHours: 24 * limitZeroToOne(sunrise + tz / 24), sunsetHours: 24 * limitZeroToOne(sunset + tz / 24), h0Deg: h0 };
  }

  /**
   * ssc's `solarpos_spa` at local standard time `hour`:`minute` (the minute truncated in the Julian
   * day), with the site elevation, pressure and temperature that `irrad` holds for the record.
   * Writes the sun's azimuth and zenith, the sunrise and sunset of the date, and the
   * extraterrestrial irradiance on the horizontal into `out`.
   */
  position(
    year: number,
    month: number,
    day: number,
    hour: number,
    minute: number,
    elevationM: number,
    pressureMbar: number,
    temperatureC: number,
    out: SunPosition,
  ): void {
    if (year !== this.#deltaTYear) {
      this.#deltaTYear = year;
      this.#deltaT = deltaTSeconds(year);
    }
    const deltaT = this.#deltaT;
    const jd = julianDay(year, month, day, hour, minute, this.#tzHours);
    if (Math.abs(this.#tableDay - day) > 3) {
      this.#tableDay = day;
      this.#table.clear();
    }
    const sun = this.#tabledSun(jd, elevationM, pressureMbar, temperatureC, deltaT);
    const today = this.#riseAndSetOf(year, month, day, deltaT);
    let sunset = today.sunsetHours;
    if (sunset < today.sunriseHours) {
      let [y, m, d] = [year, month, day + 1];
      if (day >= DAYS_IN_MONTH[month - 1]!) {
        if (month < 12) [m, d] = [month + 1, 1];
        else [y, m, d] = [year + 1, 1, 1];
      }
      sunset = this.#riseAndSetOf(y, m, d, deltaT).sunsetHours + 24;
    }

    let zenithRad = DTOR * sun.zenithDeg;
    if (zenithRad > Math.PI) zenithRad = Math.PI;
    else if (zenithRad < 0) zenithRad = 0;

    out.azimuthRad = DTOR * sun.azimuthDeg;
    out.zenithRad = zenithRad;
    out.elevationRad = DTOR * sun.elevationDeg;
    out.extraterrestrialHorizontalWm2 = extraterrestrialHorizontalWm2(month, day, zenithRad);
    if (today.h0Deg === 180) {
      out.sunriseHours = -100;
      out.sunsetHours = 100;
    } else {
      out.sunriseHours = today.sunriseHours;
      out.sunsetHours = sunset;
    }
  }
}
