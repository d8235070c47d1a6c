// A climate station's solar resource (docs/api.md §8, docs/decisions.md §9), computed from its
// hourly weather: the monthly and annual averages of daily totals of DNI, GHI and the irradiance on a
// plane tilted at the station's latitude facing the equator, 13 rows a station. The tilt at latitude
// is PVWatts v8's own plane-of-array irradiance (pv/v8 `planeOfArrayV8`: the SPA sun, Perez,
// docs/pv-model.md §6.2, §7.1, §9), so it equals v8's solrad_monthly for that array. Pure
// computation: the build runs it on its own thread and in workers (climate-solar-resource.ts). The
// name starts with `climate`: the sample cache's key reads it (climate-sample-cache.ts).
import { WEATHER_COLUMN_NAMES, type WeatherData } from '../../model/weather.ts';
import { planeOfArrayV8, prepareSiteV8, type PvSystemV8 } from '../../pv/v8/index.ts';
import type { ClimateSolarResource } from '../../types/schemas.ts';
import type { HourlyColumns } from '../sample/climate.ts';
import type { StationDraft } from './climate-records.ts';

/** Days in each month of the non-leap year PVWatts sums by (docs/pv-model.md §15.2). */
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * The array whose irradiance is the tilt at latitude: PVWatts v8's API defaults, fixed roof mount
 * (array type 1: pvwattsv8 shades only open racks and trackers, docs/pv-model.md §8.6, so this is
 * the unshaded plane the resource stands for), monofacial, no soiling, the weather file's albedo.
 * Only the orientation reaches the POA; the rest is there because v8's checks ask for it.
 */
export function latitudeTiltSystem(latitudeDeg: number): PvSystemV8 {
  return {
    system_capacity: 4,
    module_type: 0,
    losses: 14,
    array_type: 1,
    tilt: Math.abs(latitudeDeg),
    azimuth: latitudeDeg >= 0 ? 180 : 0,
    dc_ac_ratio: 1.2,
    gcr: 0.4,
    inv_eff: 96,
  };
}

/** A station's weather as the server's climate store hands it to PVWatts (the catalog's header, the hourly columns, NaN for the columns not kept). */
function weatherOf(draft: StationDraft, hourly: HourlyColumns): WeatherData {
  const absent = new Float32Array(draft.records).fill(Number.NaN);
  const weather = {
    format: draft.format,
    header: {
      location: draft.header_location,
      city: draft.header_city,
      state: draft.header_state,
      country: draft.header_country,
      lat: draft.header_lat,
      lon: draft.header_lon,
      tz: draft.header_tz,
      elev: draft.header_elev,
      source: draft.header_source,
    },
    stepSeconds: draft.step_seconds,
    hasMinuteColumn: draft.has_minute_column,
    length: draft.records,
  } as WeatherData;
  for (const name of WEATHER_COLUMN_NAMES) weather[name] = (hourly as Partial<Record<string, Float32Array>>)[name] ?? absent;
  return weather;
}

/** Monthly averages of daily totals (kWh/m²/day) of an irradiance column (W/m²), months by position; a negative or NaN value counts as 0. */
function monthlyDailyTotals(values: Float32Array, stepsPerHour: number): number[] {
  const monthly: number[] = [];
  let c = 0;
  for (let m = 0; m < 12; m++) {
    const end = c + DAYS_IN_MONTH[m]! * 24 * stepsPerHour;
    let sum = 0;
    for (; c < end; c++) {
      const value = values[c]!;
      if (value > 0) sum += value;
    }
    monthly.push((sum * 0.001) / stepsPerHour / DAYS_IN_MONTH[m]!);
  }
  return monthly;
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** A station's 13 rows (the year, then January to December), or why v8 refused its weather. */
export function solarResourceRows(draft: StationDraft, hourly: HourlyColumns): ClimateSolarResource[] | string {
  const weather = weatherOf(draft, hourly);
  const site = prepareSiteV8(weather);
  const system = latitudeTiltSystem(draft.header_lat);
  const result = planeOfArrayV8(system, site);
  if (!result.ok) return result.error;
  const dni = monthlyDailyTotals(hourly.dni, site.stepsPerHour);
  const ghi = monthlyDailyTotals(hourly.ghi, site.stepsPerHour);
  const tilt = result.outputs.solrad_monthly;
  const row = (month: number, avgDni: number, avgGhi: number, avgTilt: number): ClimateSolarResource => ({
    id: draft.id,
    month,
    avg_dni: avgDni,
    avg_ghi: avgGhi,
    avg_lat_tilt: avgTilt,
    tilt: system.tilt!,
    azimuth: system.azimuth as 0 | 180,
  });
  return [row(0, mean(dni), mean(ghi), result.outputs.solrad_annual), ...dni.map((value, m) => row(m + 1, value, ghi[m]!, tilt[m]!))];
}
