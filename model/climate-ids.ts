// The ids of the climate catalog's stations (schemas/climate-station.schema.json `id` and `id_v2`),
// made by the pipeline and, for a catalog written before `id_v2` existed, by the store when it loads
// one. The solar dataset query v1 prints `id` and PVWatts v6's file_id takes it; v2 prints `id_v2`
// and PVWatts v8's file_id takes it. Both are the same for tmy2 (`0-94018`), tmy3 (`1-724699`) and
// intl (`2-26110-tm3`); an nsrdb cell has two (`3-W105N040-W10502N4001` and `3-G-0149190`: the
// documentation examples of v1 and v2).
import type { ClimateDataset } from './climate-datasets.ts';

/** The first character of every id of a dataset. */
export const ID_PREFIX: Readonly<Record<ClimateDataset, string>> = { tmy2: '0', tmy3: '1', intl: '2', nsrdb: '3' };

/** Digits NSRDB PSM location ids are padded to in a v2 id (`3-G-0149190`). */
const LOCATION_ID_DIGITS = 7;

/**
 * An nsrdb cell's name in v1 ids, `W105N040-W10502N4001`: its 1° tile (whole degrees of longitude,
 * then latitude, truncated) and the cell (longitude and latitude in hundredths of a degree, rounded),
 * as the v1 documentation's `3-W105N040-W10502N4001` names the cell at 40.01, -105.02.
 */
export function nsrdbCellName(lat: number, lon: number): string {
  const ew = lon < 0 ? 'W' : 'E';
  const ns = lat < 0 ? 'S' : 'N';
  const tile = `${ew}${String(Math.floor(Math.abs(lon))).padStart(3, '0')}${ns}${String(Math.floor(Math.abs(lat))).padStart(3, '0')}`;
  const cell = `${ew}${String(Math.round(Math.abs(lon) * 100)).padStart(5, '0')}${ns}${String(Math.round(Math.abs(lat) * 100)).padStart(4, '0')}`;
  return `${tile}-${cell}`;
}

/** The v1 id of the nsrdb cell at a point: `3-W105N040-W10502N4001`. */
export function nsrdbV1Id(lat: number, lon: number): string {
  return `${ID_PREFIX.nsrdb}-${nsrdbCellName(lat, lon)}`;
}

/** The NSRDB location id a header's station field holds (`149190`, `0149190`, ` "78208" `), without leading zeros; undefined when it holds none. */
export function nsrdbLocationId(headerLocation: string): string | undefined {
  const digits = /^\s*"?\s*(\d{1,57})\s*"?\s*$/.exec(headerLocation)?.[1];
  return digits === undefined ? undefined : digits.replace(/^0+(?=\d)/, '');
}

/** The v2 id of NSRDB location `149190`: `3-G-0149190` (at least 7 digits, zero-padded). */
export function nsrdbV2Id(locationId: string | number): string {
  return `${ID_PREFIX.nsrdb}-G-${String(locationId).padStart(LOCATION_ID_DIGITS, '0')}`;
}

/**
 * The v2 id of a catalog record that has none (a catalog written before `id_v2` existed), by the
 * rule the pipeline follows: the v1 id, except for an nsrdb cell whose header holds a numeric
 * location id (every real NSRDB PSM file), whose v2 id is `3-G-<location id>`.
 */
export function v2IdOf(station: { dataset: ClimateDataset; id: string; header_location: string }): string {
  if (station.dataset !== 'nsrdb') return station.id;
  const location = nsrdbLocationId(station.header_location);
  return location === undefined ? station.id : nsrdbV2Id(location);
}
