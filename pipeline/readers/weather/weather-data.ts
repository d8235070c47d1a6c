// What every weather reader shares: the error it throws, and the columns it fills. The form it fills
// them into (WeatherData) is model/weather.ts, which the server's PV model reads too.
import { WEATHER_COLUMN_NAMES, type WeatherColumns } from '../../../model/weather.ts';

export { WEATHER_COLUMN_NAMES };
export type { WeatherColumns, WeatherData, WeatherFormat, WeatherHeader } from '../../../model/weather.ts';

/** A weather file that cannot be read. Readers never return partial data. */
export class WeatherFileError extends Error {
  readonly file: string;
  /** 1-based line number in the file, when the problem belongs to one line. */
  readonly line: number | undefined;
  /** What is wrong, without the location. */
  readonly problem: string;

  constructor(file: string, line: number | undefined, problem: string) {
    super(line === undefined ? `${file}: ${problem}` : `${file}:${line}: ${problem}`);
    this.name = 'WeatherFileError';
    this.file = file;
    this.line = line;
    this.problem = problem;
  }
}

/** Allocates every column for `length` records, each filled with `fill` (NaN: not provided). */
export function allocateColumns(length: number, fill = Number.NaN): WeatherColumns {
  const columns = {} as WeatherColumns;
  for (const name of WEATHER_COLUMN_NAMES) columns[name] = new Float32Array(length).fill(fill);
  return columns;
}
