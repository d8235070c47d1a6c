// The in-memory form of a weather file, as ssc's `weatherfile` reader (2018.11.11.r4) holds it
// (docs/weather-files.md): what the pipeline's readers fill and the PV models (pv/) read.

export type WeatherFormat = 'tmy2' | 'tmy3' | 'epw' | 'sam-csv';

/** Station header (docs/weather-files.md §4–7). Strings exactly as split by ssc (TMY3 cities keep their quotes). */
export interface WeatherHeader {
  /** Station id: WBAN (TMY2), USAF (TMY3), EPW station field, CSV `Location ID`. */
  location: string;
  city: string;
  state: string;
  country: string | null;
  /** Degrees north. TMY2: deg + min/60 in double; other formats: the single-precision value. */
  lat: number;
  /** Degrees east. Same precision rule as `lat`. */
  lon: number;
  /** Time zone, hours from UTC (standard time). */
  tz: number;
  /** Elevation in metres, as given (may be negative). */
  elev: number;
  source: string | null;
}

/** One column per quantity, one single-precision value per record (docs/weather-files.md §2.3–2.4). */
export interface WeatherColumns {
  year: Float32Array;
  month: Float32Array;
  day: Float32Array;
  hour: Float32Array;
  minute: Float32Array;
  /** Global horizontal irradiance, W/m². */
  ghi: Float32Array;
  /** Direct normal irradiance, W/m². */
  dni: Float32Array;
  /** Diffuse horizontal irradiance, W/m². */
  dhi: Float32Array;
  /** Plane-of-array irradiance, W/m² (−999 or NaN when absent). */
  poa: Float32Array;
  /** Dry-bulb temperature, °C. */
  tdry: Float32Array;
  /** Wet-bulb temperature, °C. */
  twet: Float32Array;
  /** Dew-point temperature, °C. */
  tdew: Float32Array;
  /** Wind speed, m/s. */
  wspd: Float32Array;
  /** Wind direction, degrees clockwise from north. */
  wdir: Float32Array;
  /** Relative humidity, %. */
  rh: Float32Array;
  /** Pressure, mbar. */
  pres: Float32Array;
  /** Snow depth, cm. */
  snow: Float32Array;
  /** Surface albedo, 0–1 (−999 or NaN when absent). */
  alb: Float32Array;
  /** Aerosol optical depth (−999 or NaN when absent). */
  aod: Float32Array;
}

// biome-ignore format: a table reads best packed
export const WEATHER_COLUMN_NAMES = [
  'year', 'month', 'day', 'hour', 'minute', 'ghi', 'dni', 'dhi', 'poa', 'tdry', 'twet', 'tdew',
  'wspd', 'wdir', 'rh', 'pres', 'snow', 'alb', 'aod',
] as const satisfies readonly (keyof WeatherColumns)[];

export interface WeatherData extends WeatherColumns {
  format: WeatherFormat;
  header: WeatherHeader;
  /** Seconds between records: 3600 for hourly files (docs/weather-files.md §3). */
  stepSeconds: number;
  /** True for EPW and for SAM CSV with a minute column: the models then run in instantaneous mode (docs/weather-files.md §8). */
  hasMinuteColumn: boolean;
  /** Number of records after 29 February lines were skipped (8760 for hourly files). */
  length: number;
}
