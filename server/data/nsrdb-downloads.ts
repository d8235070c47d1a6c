// What an NSRDB download gives (docs/api.md §9): the cell's file in the NSRDB layout, its
// attributes selected and ordered, its records in UTC or in local standard time. An ingested file is
// its own text; a sample cell's is written from its hourly columns. Pure functions over layouts.
import type { NsrdbLayout } from '../../model/nsrdb-layout.ts';
import type { WeatherData } from '../../model/weather.ts';
import type { ClimateStation } from './climate.ts';

/** The time columns, which every download begins with, in the file's order (lower case). */
const TIME_COLUMNS = new Set(['year', 'month', 'day', 'hour', 'minute']);

/**
 * Each attribute of the documentation, and the column names it has in NSRDB downloads (PSM v3 and
 * GOES v4; the older MTS files' short names after them), compared without case.
 */
export const ATTRIBUTE_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  air_temperature: ['Temperature', 'Tdry'],
  alpha: ['Alpha'],
  aod: ['AOD'],
  asymmetry: ['Asymmetry'],
  clearsky_dhi: ['Clearsky DHI'],
  clearsky_dni: ['Clearsky DNI'],
  clearsky_ghi: ['Clearsky GHI'],
  cloud_fill_flag: ['Cloud Fill Flag'],
  cloud_type: ['Cloud Type'],
  dew_point: ['Dew Point', 'Tdew'],
  dhi: ['DHI'],
  dni: ['DNI'],
  fill_flag: ['Fill Flag'],
  ghi: ['GHI'],
  ozone: ['Ozone'],
  relative_humidity: ['Relative Humidity', 'RH'],
  solar_zenith_angle: ['Solar Zenith Angle'],
  ssa: ['SSA'],
  surface_albedo: ['Surface Albedo'],
  surface_pressure: ['Pressure', 'Pres'],
  tmy_year: ['tmy_year', 'TMY Year'],
  total_precipitable_water: ['Precipitable Water'],
  wind_direction: ['Wind Direction', 'Wdir'],
  wind_speed: ['Wind Speed', 'Wspd'],
};

/** The column of `attribute` in the layout, or −1. */
function columnOf(layout: NsrdbLayout, attribute: string): number {
  const names = (ATTRIBUTE_COLUMNS[attribute] ?? []).map((name) => name.toLowerCase());
  return layout.columnNames.findIndex((name) => names.includes(name.trim().toLowerCase()));
}

/** The attributes the layout holds, in the documentation's order. */
export function heldAttributes(layout: NsrdbLayout): string[] {
  return Object.keys(ATTRIBUTE_COLUMNS).filter((attribute) => columnOf(layout, attribute) >= 0);
}

/**
 * The time columns, then the columns of `attributes` in that order; or the attributes the layout
 * does not hold. The metadata lines stay as they are.
 */
export function selectAttributes(layout: NsrdbLayout, attributes: readonly string[]): { layout: NsrdbLayout } | { missing: string[] } {
  const missing = attributes.filter((attribute) => columnOf(layout, attribute) < 0);
  if (missing.length > 0) return { missing };
  const time = layout.columnNames.flatMap((name, i) => (TIME_COLUMNS.has(name.trim().toLowerCase()) ? [i] : []));
  const chosen = [...time, ...attributes.map((attribute) => columnOf(layout, attribute))];
  return {
    layout: { ...layout, columnNames: chosen.map((i) => layout.columnNames[i]!), columns: chosen.map((i) => layout.columns[i]!) },
  };
}

const metadataValue = (layout: NsrdbLayout, name: string) => layout.metadata.find((field) => field.name.trim().toLowerCase() === name.toLowerCase())?.value;

/**
 * The layout with its records in UTC (`utc`) or in the cell's local standard time. The file's
 * `Time Zone` is the zone of its records and `Local Time Zone` the cell's (a file without the
 * latter is in local time). The time columns stay as they are, now naming times of the asked zone;
 * every other column moves by the zones' difference, the typical year wrapping round (the last
 * hours of 31 December are the first of 1 January). `Time Zone` then names the asked zone, and a
 * file that had no `Local Time Zone` gets it after `Time Zone`. Undefined when the difference is
 * not a whole number of records.
 */
export function inTimeZone(layout: NsrdbLayout, utc: boolean, stepsPerHour: number): NsrdbLayout | undefined {
  const dataZoneText = metadataValue(layout, 'Time Zone');
  const localZoneText = metadataValue(layout, 'Local Time Zone') ?? dataZoneText;
  const dataZone = Number(dataZoneText);
  const localZone = Number(localZoneText);
  if (dataZoneText === undefined || !Number.isFinite(dataZone) || !Number.isFinite(localZone)) return utc ? undefined : layout;
  const askedZone = utc ? 0 : localZone;
  const shift = (dataZone - askedZone) * stepsPerHour;
  if (shift === 0) return layout;
  if (!Number.isInteger(shift)) return undefined;
  const rows = layout.columns[0]?.length ?? 0;
  const moved = ((shift % rows) + rows) % rows;
  const columns = layout.columns.map((cells, i) => {
    if (TIME_COLUMNS.has(layout.columnNames[i]!.trim().toLowerCase())) return cells;
    return [...cells.slice(moved), ...cells.slice(0, moved)];
  });
  const metadata = layout.metadata.flatMap((field) => {
    if (field.name.trim().toLowerCase() !== 'time zone') return [field];
    const asked = { name: field.name, value: utc ? '0' : localZoneText! };
    return metadataValue(layout, 'Local Time Zone') === undefined ? [asked, { name: 'Local Time Zone', value: localZoneText! }] : [asked];
  });
  return { ...layout, metadata, columns };
}

/** The shortest text that reads back (as a single-precision value) as `value`: how NSRDB files print their numbers. */
export function float32Text(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  for (let digits = 1; digits < 9; digits++) {
    const text = String(Number(value.toPrecision(digits)));
    if (Math.fround(Number(text)) === value) return text;
  }
  return String(Number(value.toPrecision(9)));
}

/** The columns a sample cell's file holds: the store's hourly columns, by their NSRDB names. */
const SAMPLE_COLUMNS = [
  ['DNI', 'dni'],
  ['DHI', 'dhi'],
  ['GHI', 'ghi'],
  ['Dew Point', 'tdew'],
  ['Temperature', 'tdry'],
  ['Pressure', 'pres'],
  ['Wind Speed', 'wspd'],
  ['Surface Albedo', 'alb'],
] as const satisfies ReadonlyArray<readonly [string, keyof WeatherData]>;

/** The attributes a sample cell's file holds (`SAMPLE_COLUMNS`), in the documentation's order. */
export const SAMPLE_CELL_ATTRIBUTES = ['air_temperature', 'dew_point', 'dhi', 'dni', 'ghi', 'surface_albedo', 'surface_pressure', 'wind_speed'];

/**
 * The file of a sample cell (no NSRDB download behind it) in the NSRDB layout: PSM v3's metadata
 * line with the cell's header, Year, Month, Day and Hour, and the hourly columns the store keeps,
 * in local standard time as stored. No Minute column: the sample's hours are TMY hours, whose sun
 * PVWatts places within the hour as it does for the stored cell (a Minute column would move it), so
 * that the file builds again into a cell with the same weather.
 */
export function sampleCellLayout(station: ClimateStation, weather: WeatherData): NsrdbLayout {
  const zone = float32Text(station.header_tz);
  const metadata: Array<[string, string]> = [
    ['Source', 'NSRDB'],
    ['Location ID', station.header_location],
    ['City', '-'],
    ['State', '-'],
    ['Country', '-'],
    ['Latitude', String(station.header_lat)],
    ['Longitude', String(station.header_lon)],
    ['Time Zone', zone],
    ['Elevation', String(station.header_elev)],
    ['Local Time Zone', zone],
    ['Dew Point Units', 'c'],
    ['DHI Units', 'w/m2'],
    ['DNI Units', 'w/m2'],
    ['GHI Units', 'w/m2'],
    ['Temperature Units', 'c'],
    ['Pressure Units', 'mbar'],
    ['Wind Speed Units', 'm/s'],
    ['Surface Albedo Units', 'N/A'],
    ['Version', 'sample'],
  ];
  const integers = (values: ArrayLike<number>) => Array.from(values, (value) => String(value));
  const numbers = (values: ArrayLike<number>) => Array.from(values, float32Text);
  return {
    metadata: metadata.map(([name, value]) => ({ name, value })),
    columnNames: ['Year', 'Month', 'Day', 'Hour', ...SAMPLE_COLUMNS.map(([name]) => name)],
    columns: [
      integers(weather.year),
      integers(weather.month),
      integers(weather.day),
      integers(weather.hour),
      ...SAMPLE_COLUMNS.map(([, column]) => numbers(weather[column] as ArrayLike<number>)),
    ],
    lineEnding: '\n',
  };
}
