// The sample's climate catalog: tmy2, tmy3 and intl stations at the real places of the station
// lists (climate-places.csv), and an nsrdb grid over the contiguous U.S. Each gets its own weather
// seed, drawn in catalog order from the build's seed, so the same seed gives the same data. The
// nsrdb cells are numbered in grid order; the number stands for an NSRDB location id (their v2 ids,
// `3-G-0000001`), their v1 ids name them by place (`3-W105N040-W10502N4001`).
import { nsrdbCellName, nsrdbV1Id, nsrdbV2Id } from '../../model/climate-ids.ts';
import type { ClimateStation } from '../../types/schemas.ts';
import { AUSTRALIAN_STATES, CANADIAN_PROVINCES, nearestZipPlace, realPlaces, US_STATES, WEATHER_DATA_SOURCE, type Place } from './climate-places.ts';
import { DEFAULT_NSRDB_SPACING_DEG, type SampleOptions } from './options.ts';
import { Random } from './random.ts';

type Draft = Omit<ClimateStation, 'station_index' | 'hourly_file' | 'hourly_row_group' | 'hourly_offset' | 'hourly_bytes'>;

/** The contiguous U.S., where the sample's nsrdb grid lies. */
export const CONUS = { south: 24.5, north: 49.5, west: -125, east: -66.5 } as const;
const KM_PER_DEGREE = 111.32;

export interface SampleStation {
  draft: Draft;
  weatherSeed: number;
}

function hourlyMode(): Pick<Draft, 'has_minute_column' | 'step_seconds' | 'records'> {
  return { has_minute_column: false, step_seconds: 3600, records: 8760 };
}

/** Ruby-style rounding, half away from zero. */
const roundHalfAway = (value: number) => Math.sign(value) * Math.round(Math.abs(value));

function stationDraft(place: Place, seed: number): Draft {
  const source = `sample:${place.dataset}:${seed}`;
  if (place.dataset === 'intl') {
    const provinces = place.country === 'CAN' ? CANADIAN_PROVINCES : place.country === 'AUS' ? AUSTRALIAN_STATES : {};
    const timezone = roundHalfAway(place.lon / 15);
    const id = `2-${place.code}-${place.source.toLowerCase()}`;
    return {
      dataset: 'intl',
      id,
      id_v2: id,
      city: place.city.toUpperCase(),
      state: (provinces[place.state] ?? '').toUpperCase(),
      country: place.country,
      lat: place.lat,
      lon: place.lon,
      timezone,
      elevation: 0,
      resolution: null,
      weather_data_source: WEATHER_DATA_SOURCE.intl,
      source_file: source,
      format: 'sam-csv',
      header_location: place.code,
      header_city: place.city,
      header_state: place.state || '-',
      header_country: place.country,
      header_source: place.source,
      header_lat: place.lat,
      header_lon: place.lon,
      header_tz: timezone,
      header_elev: 0,
      ...hourlyMode(),
    };
  }
  const tmy2 = place.dataset === 'tmy2';
  const id = `${tmy2 ? 0 : 1}-${place.code}`;
  return {
    dataset: place.dataset,
    id,
    id_v2: id,
    city: place.city.toUpperCase(),
    state: (US_STATES[place.state] ?? place.state).toUpperCase(),
    country: 'United States',
    lat: place.lat,
    lon: place.lon,
    timezone: roundHalfAway(place.timezone!),
    elevation: roundHalfAway(place.elevation!),
    resolution: null,
    weather_data_source: WEATHER_DATA_SOURCE[place.dataset],
    source_file: source,
    format: place.dataset,
    header_location: place.code,
    header_city: tmy2 ? place.city.replace(/ /g, '_') : place.city,
    header_state: place.state,
    header_country: null,
    header_source: null,
    header_lat: place.lat,
    header_lon: place.lon,
    header_tz: place.timezone!,
    header_elev: place.elevation!,
    ...hourlyMode(),
  };
}

/** `W105N040-W10502N4001`: the 1° tile and the cell, named by longitude and latitude (v1 documentation). */
export const nsrdbCellId = nsrdbCellName;

/** The TMY3 place nearest to a point (its time zone and elevation stand in for the cell's). */
function nearestTmy3(lat: number, lon: number, tmy3: Place[]): Place {
  let best = tmy3[0]!;
  let bestScore = Infinity;
  const cosLat = Math.cos((lat * Math.PI) / 180);
  for (const place of tmy3) {
    const dLat = place.lat - lat;
    const dLon = (place.lon - lon) * cosLat;
    const score = dLat * dLat + dLon * dLon;
    if (score < bestScore) {
      bestScore = score;
      best = place;
    }
  }
  return best;
}

export interface GridOptions {
  spacingDeg: number;
  /** Keep only cells within reach of a U.S. ZIP-code centroid (land); default true. */
  landOnly?: boolean;
  /** Stop after this many cells. */
  limit?: number;
  /** The area to cover; default CONUS. */
  box?: { south: number; north: number; west: number; east: number };
  seedLabel?: string;
}

/**
 * nsrdb cells on a regular grid (cell centres at box edge + spacing/2 + k·spacing), numbered 1, 2, 3, …
 * in grid order (rows from the south, each row from the west): the number is the cell's location id
 * (header station id, v2 id `3-G-0000001`).
 */
export function nsrdbGridDrafts(options: GridOptions): Draft[] {
  return [...nsrdbGridCells(options)];
}

/** The cells of `nsrdbGridDrafts` one at a time, for grids too large to hold as records (a national grid's 2,000,000). */
export function* nsrdbGridCells(options: GridOptions): Generator<Draft> {
  const { spacingDeg, landOnly = true, box = CONUS } = options;
  if (!(spacingDeg >= 0.01)) throw new Error(`nsrdb grid spacing must be at least 0.01°, not ${spacingDeg}`);
  const tmy3 = realPlaces().filter((place) => place.dataset === 'tmy3');
  const reach = Math.max(50_000, 0.75 * spacingDeg * KM_PER_DEGREE * 1000);
  let cells = 0;
  // Cells 0.02° or more apart are never named alike (their hundredths differ); closer ones may be.
  const seen = spacingDeg < 0.02 ? new Set<string>() : undefined;
  for (let lat = box.south + spacingDeg / 2; lat < box.north; lat += spacingDeg) {
    for (let lon = box.west + spacingDeg / 2; lon < box.east; lon += spacingDeg) {
      const cellLat = Math.round(lat * 100) / 100;
      const cellLon = Math.round(lon * 100) / 100;
      const place = nearestZipPlace(cellLat, cellLon, reach);
      if (landOnly && place?.country !== 'United States') continue;
      const id = nsrdbV1Id(cellLat, cellLon);
      if (seen?.has(id)) continue;
      seen?.add(id);
      const location = ++cells;
      const near = nearestTmy3(cellLat, cellLon, tmy3);
      const timezone = near.timezone!;
      yield {
        dataset: 'nsrdb',
        id,
        id_v2: nsrdbV2Id(location),
        city: '',
        state: place?.country === 'United States' ? place.state : '',
        country: place?.country ?? null,
        lat: cellLat,
        lon: cellLon,
        timezone: roundHalfAway(timezone),
        elevation: roundHalfAway(near.elevation!),
        resolution: Math.round(spacingDeg * KM_PER_DEGREE),
        weather_data_source: WEATHER_DATA_SOURCE.nsrdb,
        source_file: `sample:nsrdb:${options.seedLabel ?? 'grid'}`,
        format: 'sam-csv',
        header_location: String(location),
        header_city: '-',
        header_state: '-',
        header_country: '-',
        header_source: 'NSRDB',
        header_lat: cellLat,
        header_lon: cellLon,
        header_tz: timezone,
        header_elev: near.elevation!,
        ...hourlyMode(),
      };
      if (options.limit !== undefined && cells >= options.limit) return;
    }
  }
}

/** `count` of `places`, spread evenly over the list (its first, and every (length / count)th after). */
function spreadOver<T>(places: T[], count: number): T[] {
  return Array.from({ length: count }, (_, i) => places[Math.floor((i * places.length) / count)]!);
}

/**
 * The whole sample catalog in catalog order (tmy2, tmy3, intl by list order, then the nsrdb grid
 * west to east, south to north), each with a weather seed drawn from `seed`. `climatePlaces` of
 * the station lists' places get a station (all of them when undefined).
 */
export function sampleClimateStations(
  seed: number,
  { nsrdbSpacingDeg = DEFAULT_NSRDB_SPACING_DEG, climatePlaces }: Pick<SampleOptions, 'nsrdbSpacingDeg' | 'climatePlaces'> = {},
): SampleStation[] {
  const random = new Random(seed ^ 0x5eed_c11a);
  const places = climatePlaces === undefined ? realPlaces() : spreadOver(realPlaces(), climatePlaces);
  const drafts = [...places.map((place) => stationDraft(place, seed)), ...nsrdbGridDrafts({ spacingDeg: nsrdbSpacingDeg, seedLabel: String(seed) })];
  return drafts.map((draft) => ({ draft, weatherSeed: random.int(0, 0x7fff_ffff) }));
}
