// The sample's climate data: tmy2, tmy3 and intl stations at the real places of the station lists
// (climate-places.csv), an nsrdb grid over the contiguous U.S. at a configurable spacing, and for
// each a synthetic typical year of hourly weather. SYNTHETIC: physically plausible, not measured.
//
// The weather model, per station (seeded; `random.ts` is its only source of randomness):
// - sun: Spencer's declination, equation of time and eccentricity; each record's irradiance is the
//   mean over the part of its hour [h, h+1) local standard time in which the sun is up (TMY
//   convention, hourly mode), taken at the middle of that part;
// - clear sky: Kasten–Young air mass corrected for the station's pressure (from its elevation), a
//   Meinel-style beam transmittance with a daily haze factor, Liu–Jordan diffuse;
// - clouds: a daily cloudiness drawn around a monthly climatology (drier in deserts, cloudier on
//   northern coasts and in winter), persistent from day to day, varying by hour; beam falls as
//   (1 − c), global as 1 − 0.75 c² (after Kasten–Czeplak), diffuse takes the rest;
// - temperature: annual mean from latitude and elevation, a seasonal wave (lagging the sun by a
//   month, reversed in the south), a persistent daily anomaly, a daily wave peaking at 15:00 that
//   clouds flatten;
// - wind: a station mean, daily gusts (log-normal), an afternoon maximum;
// - albedo: 0.2, 0.6 on days below −2 °C (snow);
// - pressure: the standard atmosphere at the station's elevation, lower on days cloudier than the
//   month's mean; dew point: from the day's mean temperature and a relative humidity from the
//   climatology (drier in deserts, moister on cloudy days), by the Magnus formula, never above the
//   hour's temperature. Both draw no random numbers: the other columns are those of a sample
//   generated before they existed.
import type { WeatherColumns } from '../readers/weather/weather-data.ts';
import { Random } from './random.ts';

export const HOURS_PER_YEAR = 8760;
const DAYS = 365;
const RAD = Math.PI / 180;
/** Days before each month of a non-leap year. */
const MONTH_STARTS = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334, 365];
/** The year written in the sample's hourly records. */
const SAMPLE_YEAR = 1990;

/** The columns the estimator reads (schemas/climate-hourly.schema.json), one value per hour. */
export const HOURLY_COLUMNS = [
  'year',
  'month',
  'day',
  'hour',
  'minute',
  'ghi',
  'dni',
  'dhi',
  'tdry',
  'wspd',
  'alb',
  'pres',
  'tdew',
] as const satisfies readonly (keyof WeatherColumns)[];
export type HourlyColumn = (typeof HOURLY_COLUMNS)[number];
export type HourlyColumns = Pick<WeatherColumns, HourlyColumn>;

export function allocateHourly(records = HOURS_PER_YEAR): HourlyColumns {
  const columns = {} as HourlyColumns;
  for (const name of HOURLY_COLUMNS) columns[name] = new Float32Array(records);
  return columns;
}

export interface Site {
  lat: number;
  lon: number;
  /** Standard time offset from UTC, hours. */
  timezone: number;
  /** Metres. */
  elevation: number;
}

/** Gaussian bump of height 1 at (lat, lon) with width `sigma` degrees. */
function bump(lat: number, lon: number, centreLat: number, centreLon: number, sigma: number): number {
  const dLon = ((((lon - centreLon) % 360) + 540) % 360) - 180;
  const dLat = lat - centreLat;
  return Math.exp(-(dLat * dLat + dLon * dLon) / (2 * sigma * sigma));
}

interface Climate {
  /** Mean cloudiness (0–1) of each month. */
  cloud: number[];
  meanTemperature: number;
  seasonalAmplitude: number;
  diurnalAmplitude: number;
  wind: number;
  /** Beam transmittance base of the clear sky (per air mass^0.678). */
  haze: number;
  /** Mean relative humidity (0–1) at the day's mean temperature. */
  humidity: number;
}

/** A crude climatology: deserts dry and clear, western coasts and northern Europe cloudy. */
function climateOf(site: Site): Climate {
  const { lat, lon } = site;
  const dryness = Math.min(
    1,
    Math.max(
      bump(lat, lon, 33.5, -112, 6.5),
      0.55 * bump(lat, lon, 38, -103, 5),
      bump(lat, lon, 23, 12, 11),
      bump(lat, lon, 24, 46, 8),
      0.85 * bump(lat, lon, -25, 133, 10),
      bump(lat, lon, -23, -69.5, 4),
      0.6 * bump(lat, lon, 42, 65, 9),
      0.7 * bump(lat, lon, 30, 70, 5),
    ),
  );
  const wetness = Math.max(
    bump(lat, lon, 48, -124, 4.5),
    bump(lat, lon, 54, -3, 7),
    0.7 * bump(lat, lon, 45, -80, 6),
    0.6 * bump(lat, lon, 2, 110, 12),
    0.5 * bump(lat, lon, -3, -62, 10),
  );
  const absLat = Math.abs(lat);
  const base = 0.5 - 0.33 * dryness + 0.17 * wetness + (absLat > 55 ? 0.08 : 0);
  // Summer-dry west coasts (Mediterranean climates) and a winter cloud maximum away from the tropics.
  const summerDry = Math.max(bump(lat, lon, 37, -121, 5), bump(lat, lon, 38, 15, 8), bump(lat, lon, -33, 19, 5), bump(lat, lon, -33, -71, 4));
  const cloud: number[] = [];
  for (let month = 0; month < 12; month++) {
    // 1 in the month of the winter solstice, −1 in that of the summer solstice.
    const winter = Math.cos((2 * Math.PI * (month + 0.5)) / 12 - (lat < 0 ? Math.PI : 0));
    const seasonal = (absLat > 25 ? 0.08 : 0.02) * winter + 0.22 * summerDry * winter;
    cloud.push(Math.min(0.85, Math.max(0.08, base + seasonal)));
  }
  const elevationKm = Math.max(0, site.elevation) / 1000;
  return {
    cloud,
    meanTemperature: 29 - 0.55 * Math.max(0, absLat - 14) - 0.3 * Math.max(0, absLat - 55) - 3.2 * elevationKm + 5 * dryness + 2.5 * bump(lat, lon, 52, 5, 10),
    seasonalAmplitude: 1.2 + 0.32 * Math.max(0, absLat - 8) * (1 - 0.4 * wetness),
    diurnalAmplitude: 6.5 + 7 * dryness + 1.5 * elevationKm,
    wind: 2.6 + 1.2 * wetness + (absLat > 40 ? 0.8 : 0),
    haze: 0.7 + 0.05 * dryness + 0.012 * elevationKm,
    humidity: 0.72 - 0.42 * dryness + 0.12 * wetness,
  };
}

/** Cloudiness of each month, interpolated between mid-month values for day `d` (0-based). */
function monthlyMean(values: number[], day: number): number {
  const month = MONTH_STARTS.findIndex((start) => start > day) - 1;
  const middle = (MONTH_STARTS[month]! + MONTH_STARTS[month + 1]!) / 2;
  const other = day < middle ? (month + 11) % 12 : (month + 1) % 12;
  const otherMiddle = (MONTH_STARTS[other]! + MONTH_STARTS[other + 1]!) / 2 + (day < middle && other === 11 ? -365 : !(day < middle) && other === 0 ? 365 : 0);
  const weight = Math.abs(day - middle) / Math.abs(otherMiddle - middle);
  return values[month]! * (1 - weight) + values[other]! * weight;
}

const round1 = (value: number) => Math.round(value * 10) / 10;
/** Pressure of the standard atmosphere at an elevation (metres), mbar. */
export const standardPressure = (elevation: number) => 1013.25 * (1 - 2.25577e-5 * elevation) ** 5.25588;
/** The Magnus formula's constants (Sonntag 1990, over water). */
const MAGNUS_A = 17.62;
const MAGNUS_B = 243.12;
/** Dew point (°C) of air at `temperature` °C and relative humidity `humidity` (0–1). */
function dewPoint(temperature: number, humidity: number): number {
  const gamma = Math.log(humidity) + (MAGNUS_A * temperature) / (MAGNUS_B + temperature);
  return (MAGNUS_B * gamma) / (MAGNUS_A - gamma);
}
/** The daily temperature wave (peak at 15:00) and wind wave (peak at 15:00), per hour of the day. */
const TEMPERATURE_WAVE = Array.from({ length: 24 }, (_, h) => Math.cos((2 * Math.PI * (h + 0.5 - 15)) / 24));
const WIND_WAVE = Array.from({ length: 24 }, (_, h) => 1 + 0.3 * Math.sin((2 * Math.PI * (h + 0.5 - 9)) / 24));

/**
 * A synthetic typical year (8760 hourly records, hourly mode: minute 30 as the TMY readers store
 * it) for one site. Deterministic in (site, seed).
 */
export function generateWeather(site: Site, seed: number, out: HourlyColumns = allocateHourly()): HourlyColumns {
  const random = new Random(seed);
  const climate = climateOf(site);
  const { year, month, day, hour, minute, ghi, dni, dhi, tdry, wspd, alb, pres, tdew } = out;
  const latRad = site.lat * RAD;
  const sinLat = Math.sin(latRad);
  const cosLat = Math.cos(latRad);
  const pressureRatio = Math.exp(-Math.max(0, site.elevation) / 8434.5);
  const stationPressure = standardPressure(site.elevation);
  const windMean = climate.wind * (0.8 + 0.4 * random.next());
  let cloudPrevious = climate.cloud[0]!;
  let anomaly = 0;
  for (let d = 0; d < DAYS; d++) {
    const monthIndex = MONTH_STARTS.findIndex((start) => start > d) - 1;
    const meanCloud = monthlyMean(climate.cloud, d);
    const drawn = random.next() ** ((1 - meanCloud) / meanCloud);
    const cloudDay = 0.45 * cloudPrevious + 0.55 * drawn;
    cloudPrevious = cloudDay;
    anomaly = 0.7 * anomaly + random.normal(0, 2.1);
    const seasonPhase = (2 * Math.PI * (d + 1 - 200)) / 365;
    const season = (site.lat >= 0 ? 1 : -1) * climate.seasonalAmplitude * Math.cos(seasonPhase);
    const dayMean = climate.meanTemperature + season + anomaly - 1.5 * (cloudDay - meanCloud);
    const diurnal = climate.diurnalAmplitude * (1 - 0.6 * cloudDay);
    const windDay = windMean * Math.exp(random.normal(0, 0.35));
    const haze = climate.haze * (0.96 + 0.06 * random.next());
    const albedo = dayMean < -2 ? 0.6 : 0.2;
    const pressure = Math.round(stationPressure - 15 * (cloudDay - meanCloud));
    const dayDewPoint = dewPoint(dayMean, Math.min(0.97, Math.max(0.08, climate.humidity + 0.3 * (cloudDay - meanCloud))));

    const b = (2 * Math.PI * d) / 365;
    const declination =
      0.006918 -
      0.399912 * Math.cos(b) +
      0.070257 * Math.sin(b) -
      0.006758 * Math.cos(2 * b) +
      0.000907 * Math.sin(2 * b) -
      0.002697 * Math.cos(3 * b) +
      0.00148 * Math.sin(3 * b);
    const equationOfTimeMinutes =
      229.18 * (0.000075 + 0.001868 * Math.cos(b) - 0.032077 * Math.sin(b) - 0.014615 * Math.cos(2 * b) - 0.04089 * Math.sin(2 * b));
    const extraterrestrial = 1367 * (1.00011 + 0.034221 * Math.cos(b) + 0.00128 * Math.sin(b) + 0.000719 * Math.cos(2 * b) + 0.000077 * Math.sin(2 * b));
    const sinDecl = Math.sin(declination);
    const cosDecl = Math.cos(declination);
    const cosSunset = Math.max(-1, Math.min(1, -Math.tan(latRad) * Math.tan(declination)));
    const halfDayHours = Math.acos(cosSunset) / RAD / 15;
    const solarNoon = 12 - (4 * (site.lon - 15 * site.timezone) + equationOfTimeMinutes) / 60;
    const sunrise = solarNoon - halfDayHours;
    const sunset = solarNoon + halfDayHours;

    for (let h = 0; h < 24; h++) {
      const i = d * 24 + h;
      year[i] = SAMPLE_YEAR;
      month[i] = monthIndex + 1;
      day[i] = d - MONTH_STARTS[monthIndex]! + 1;
      hour[i] = h;
      minute[i] = 30;
      const variation = random.next() - 0.5;
      const cloud = Math.min(1, Math.max(0, cloudDay + 1.6 * variation * cloudDay * (1 - cloudDay)));
      let global = 0;
      let beam = 0;
      let diffuse = 0;
      const from = Math.max(h, sunrise);
      const to = Math.min(h + 1, sunset);
      if (to > from) {
        const middle = (from + to) / 2;
        const hourAngle = 15 * (middle - solarNoon) * RAD;
        const cosZenith = sinLat * sinDecl + cosLat * cosDecl * Math.cos(hourAngle);
        if (cosZenith > 0) {
          const zenithDeg = Math.acos(cosZenith) / RAD;
          const airMass = 1 / (cosZenith + 0.50572 * (96.07995 - zenithDeg) ** -1.6364);
          const beamClear = extraterrestrial * haze ** ((airMass * pressureRatio) ** 0.678);
          const diffuseClear = extraterrestrial * cosZenith * Math.max(0.02, 0.271 - 0.294 * (beamClear / extraterrestrial));
          const globalClear = beamClear * cosZenith + diffuseClear;
          const fraction = to - from;
          beam = beamClear * (1 - cloud);
          global = globalClear * (1 - 0.75 * cloud * cloud);
          diffuse = Math.max(global - beam * cosZenith, 0.5 * diffuseClear);
          global = beam * cosZenith + diffuse;
          beam *= fraction;
          diffuse *= fraction;
          global *= fraction;
        }
      }
      ghi[i] = Math.round(global);
      dni[i] = Math.round(beam);
      dhi[i] = Math.round(diffuse);
      tdry[i] = round1(dayMean + (diurnal / 2) * TEMPERATURE_WAVE[h]! + 0.6 * variation);
      wspd[i] = round1(Math.max(0, windDay * WIND_WAVE[h]! + 0.8 * variation));
      alb[i] = albedo;
      pres[i] = pressure;
      tdew[i] = Math.min(round1(dayDewPoint), tdry[i]!);
    }
  }
  return out;
}
