/** Record count and time step of EPW and SAM CSV files (ssc `timeStepChecks`, docs/weather-files.md §3). */
import { WeatherFileError } from './weather-data.ts';

const HOURS_PER_YEAR = 8760;
const HOURS_PER_LEAP_YEAR = 8784;

export interface RecordLayout {
  /** Records to read, 29 February excluded. */
  records: number;
  stepSeconds: number;
  /** The line count was a multiple of 8784: at least one 29 February line must be skipped. */
  expectsLeapDay: boolean;
}

/**
 * docs/weather-files.md §3 steps 1–4: a header step wins; else a line count that is a multiple k of 8760 means a step
 * of 3600/k s; else a multiple of 8784 means leap-year data with 29 February to be skipped.
 */
export function recordLayout(file: string, dataLines: number, headerStepSeconds: number): RecordLayout {
  if (headerStepSeconds > 0) return { records: dataLines, stepSeconds: headerStepSeconds, expectsLeapDay: false };
  if (dataLines === 0) throw new WeatherFileError(file, undefined, 'no data records');
  if (dataLines % HOURS_PER_YEAR === 0) {
    return { records: dataLines, stepSeconds: Math.trunc(3600 / (dataLines / HOURS_PER_YEAR)), expectsLeapDay: false };
  }
  if (dataLines % HOURS_PER_LEAP_YEAR === 0) {
    const records = (dataLines / HOURS_PER_LEAP_YEAR) * HOURS_PER_YEAR;
    return { records, stepSeconds: Math.trunc(3600 / (records / HOURS_PER_YEAR)), expectsLeapDay: true };
  }
  throw new WeatherFileError(file, undefined, `could not determine timestep in weather file: ${dataLines} data lines is not a multiple of 8760 or 8784`);
}

/**
 * The checks after reading (docs/weather-files.md §3, after the steps): with a minute column, the minute difference of
 * the first two records (0 meaning 60) must be the step; without one, the file must be hourly.
 */
export function checkStepAfterReading(file: string, records: number, stepSeconds: number, hasMinuteColumn: boolean, minute: Float32Array): void {
  if (hasMinuteColumn) {
    if (records < 2) throw new WeatherFileError(file, undefined, 'at least two records are needed to check the time step');
    let minutes = Math.abs(Math.trunc(minute[1]! - minute[0]!));
    if (minutes === 0) minutes = 60;
    if (60 * minutes !== stepSeconds) {
      throw new WeatherFileError(
        file,
        undefined,
        `the minutes of the first two records (${minute[0]}, ${minute[1]}) imply a ${60 * minutes} s step, but the record count implies ${stepSeconds} s`,
      );
    }
  } else if (records !== HOURS_PER_YEAR) {
    throw new WeatherFileError(file, undefined, `a file without a minute column must have 8760 records, not ${records}`);
  }
}
