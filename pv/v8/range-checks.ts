/**
 * PVWatts v8's per-record checks (ssc 2025 `irrad::check`), with its messages
 * (docs/pv-model.md §4.4): the weather's (codes −1, −2, −5), which the site makes once, and the
 * orientation's (−8, −9), which depend on the system. The first record that fails one stops the run.
 */

/** ssc's `irradiationMax` and DHI bound of `irrad::check`, W/m². */
const MAX_IRRADIANCE_WM2 = 1500;

/** A record that fails `irrad::check`, with ssc's message. */
export interface RecordFailure {
  record: number;
  message: string;
}

/** The weather part of `irrad::check` (codes −1, −2, −5), with ssc's messages. */
export function weatherCheck(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  stepHours: number,
  lat: number,
  lon: number,
  tz: number,
  dni: number,
  dhi: number,
): string | null {
  if (year < 0 || month < 0 || day < 0 || hour < 0 || minute < 0 || stepHours > 1) {
    return `Invalid year (${year}), month (${month}), hour (${day}), minute (${hour}) data, or invalid time step (${minute}) hours`;
  }
  if (lat < -90 || lat > 90 || lon < -180 || lon > 180 || tz < -15 || tz > 15) {
    return `Invalid latitude (${lat}), longitude (${lon}), or time zone (${tz}), latitude must be between -90 and 90 degrees, longitude must be between -180 and 180 degrees, time zone must be between -15 and 15`;
  }
  if (dni < 0 || dni > MAX_IRRADIANCE_WM2 || dhi < 0 || dhi > 1500) {
    return `Invalid DNI (${dni}) or DHI (${dhi}), DNI must be between 0 and ${MAX_IRRADIANCE_WM2} W/m2, DHI must be between 0 and 1500 W/m2`;
  }
  return null;
}

/** The orientation part of `irrad::check` (codes −8, −9). */
export function orientationCheck(tiltDeg: number, azimuthDeg: number): string | null {
  if (tiltDeg < 0 || tiltDeg > 90) return `Invalid tilt angle (${tiltDeg}), must be between 0 and 90 degrees`;
  if (azimuthDeg < 0 || azimuthDeg >= 360) return `Invalid azimuth (${azimuthDeg}), must be between 0 and 360 degrees`;
  return null;
}

/** The run's error for a record that fails `irrad::check` with `message`. */
export function surfaceFailure(date: RecordDate, record: number, message: string): string {
  return `Failed to process irradiation on surface (message: ${message}) [year:${date.year[record]} month:${date.month[record]} day:${date.day[record]} hour:${date.hour[record]} minute:${date.minute[record]}].`;
}

/** The records' dates and times, as the site holds them. */
export interface RecordDate {
  year: Int32Array;
  month: Int32Array;
  day: Int32Array;
  hour: Int32Array;
  minute: Float32Array;
}
