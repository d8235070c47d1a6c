/**
 * The weather file as both models take it (docs/pv-model.md §4): the station it describes, and the
 * time mode, which decides how many records make an hour and whether ssc runs at all.
 */
import type { WeatherData } from '../../model/weather.ts';
import { HOURS_PER_YEAR } from './units.ts';

/** The station, from the weather file's header, as the models report it (docs/pv-model.md §4.6). */
export interface StationInfo {
  /** Latitude, degrees north; longitude, degrees east; elevation, m; time zone, hours from UTC. */
  lat: number;
  lon: number;
  elev: number;
  tz: number;
  /** The header's station id, city and state, as read. */
  location: string;
  city: string;
  state: string;
}

/** At most one record a minute. */
const MAX_STEPS_PER_HOUR = 60;

/** How each model's ssc words the two ways a file's records can fail the time mode. */
export interface TimeModeMessages {
  /** A file without a minute column that does not hold 8760 records. */
  subhourlyWithoutMinutes: string;
  /** A record count that is not 8760·k with k from 1 to 60. */
  recordCount(records: number): string;
}

/**
 * ssc's time mode (docs/pv-model.md §4.1): the number of records per hour k = N/8760, which must be
 * a whole number from 1 to 60, and without a minute column N must be 8760 (hourly mode). Returns k,
 * or the reason the run fails.
 */
export function stepsPerHourOrProblem(weather: WeatherData, messages: TimeModeMessages): number | string {
  if (!weather.hasMinuteColumn && weather.length !== HOURS_PER_YEAR) return messages.subhourlyWithoutMinutes;
  const stepsPerHour = weather.length / HOURS_PER_YEAR;
  if (!Number.isInteger(stepsPerHour) || stepsPerHour < 1 || stepsPerHour > MAX_STEPS_PER_HOUR) return messages.recordCount(weather.length);
  return stepsPerHour;
}
