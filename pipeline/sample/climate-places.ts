// Places and names for the climate catalog: U.S. state, Canadian province and Australian state
// names by code, the real station places the sample uses (climate-places.csv, made from the station
// lists in the test data's data/climate (docs/test-data.md §2.3): tmy2_stations.csv, tmy3_stations.csv and the IWEC/SWERA/CWEC
// rows of intl_candidates_iwec_swera_cwec_dedup.csv; U.S.-government facts), and an offline
// reverse geocoder: the nearest ZIP-code centroid of the `zipcodes` gazetteer.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { haversine, METRES_PER_DEGREE_LATITUDE } from '../../model/haversine.ts';
import { zipCodes } from '../../model/zip-codes.ts';

/** What data_query v2 prints per dataset (the v2 documentation example). */
export const WEATHER_DATA_SOURCE = {
  tmy2: 'NSRDB 1961-1990 Archive TMY2',
  tmy3: 'NSRDB 1991-2005 Archive TMY3',
  intl: 'PVWatts International',
  nsrdb: 'NSRDB PSM V3 GOES tmy-2020 3.2.0',
} as const;

// biome-ignore format: a table reads best packed
export const US_STATES: Readonly<Record<string, string>> = {
  AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado', CT: 'Connecticut', DE: 'Delaware',
  DC: 'District of Columbia', FL: 'Florida', GA: 'Georgia', HI: 'Hawaii', ID: 'Idaho', IL: 'Illinois', IN: 'Indiana', IA: 'Iowa',
  KS: 'Kansas', KY: 'Kentucky', LA: 'Louisiana', ME: 'Maine', MD: 'Maryland', MA: 'Massachusetts', MI: 'Michigan', MN: 'Minnesota',
  MS: 'Mississippi', MO: 'Missouri', MT: 'Montana', NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire', NJ: 'New Jersey',
  NM: 'New Mexico', NY: 'New York', NC: 'North Carolina', ND: 'North Dakota', OH: 'Ohio', OK: 'Oklahoma', OR: 'Oregon',
  PA: 'Pennsylvania', RI: 'Rhode Island', SC: 'South Carolina', SD: 'South Dakota', TN: 'Tennessee', TX: 'Texas', UT: 'Utah',
  VT: 'Vermont', VA: 'Virginia', WA: 'Washington', WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming',
  PR: 'Puerto Rico', GU: 'Guam', VI: 'Virgin Islands', AS: 'American Samoa', MP: 'Northern Mariana Islands',
  // TMY2's code for its Pacific island stations (Guam and others).
  PI: 'Pacific Islands',
};

// biome-ignore format: a table reads best packed
export const CANADIAN_PROVINCES: Readonly<Record<string, string>> = {
  AB: 'Alberta', BC: 'British Columbia', MB: 'Manitoba', NB: 'New Brunswick', NF: 'Newfoundland', NL: 'Newfoundland and Labrador',
  NS: 'Nova Scotia', NT: 'Northwest Territories', NU: 'Nunavut', ON: 'Ontario', PE: 'Prince Edward Island', PQ: 'Quebec', QC: 'Quebec',
  SK: 'Saskatchewan', YT: 'Yukon',
};

// biome-ignore format: a table reads best packed
export const AUSTRALIAN_STATES: Readonly<Record<string, string>> = {
  ACT: 'Australian Capital Territory', NSW: 'New South Wales', NT: 'Northern Territory', QLD: 'Queensland', SA: 'South Australia',
  TAS: 'Tasmania', VIC: 'Victoria', WA: 'Western Australia',
};

/** A U.S. state code (or a full name in any case) as its full name, or undefined. */
export function usStateName(value: string): string | undefined {
  const trimmed = value.trim();
  const byCode = US_STATES[trimmed.toUpperCase()];
  if (byCode) return byCode;
  return Object.values(US_STATES).find((name) => name.toLowerCase() === trimmed.toLowerCase());
}

/** Title case for names written in capitals ("NEW MEXICO" -> "New Mexico"). */
export function titleCase(name: string): string {
  return name.toLowerCase().replace(/(^|[\s-])([a-z])/g, (_, before: string, letter: string) => before + letter.toUpperCase());
}

export interface Place {
  dataset: 'tmy2' | 'tmy3' | 'intl';
  /** WBAN (tmy2), USAF (tmy3) or WMO (intl). */
  code: string;
  city: string;
  /** State or province code as the list writes it ('' when none). */
  state: string;
  /** ISO 3166 alpha-3. */
  country: string;
  lat: number;
  lon: number;
  /** Undefined for intl places: the list has none. */
  timezone?: number;
  elevation?: number;
  /** TMY2, TMY3, IWEC, SWERA or CWEC. */
  source: string;
}

const here = dirname(fileURLToPath(import.meta.url));
let places: Place[] | undefined;

/** The real places of the station lists, in list order: 239 tmy2, 1,020 tmy3, 475 intl. */
export function realPlaces(): Place[] {
  if (places) return places;
  const rows = parse(readFileSync(join(here, 'climate-places.csv'), 'utf8'), { columns: true }) as Record<string, string>[];
  places = rows.map((row) => ({
    dataset: row.dataset as Place['dataset'],
    code: row.code!,
    city: row.city!,
    state: row.state!,
    country: row.country!,
    lat: Number(row.lat),
    lon: Number(row.lon),
    timezone: row.timezone === '' ? undefined : Number(row.timezone),
    elevation: row.elevation === '' ? undefined : Number(row.elevation),
    source: row.source!,
  }));
  return places;
}

const RAD = Math.PI / 180;

export interface ZipPlace {
  /** Full state or province name. */
  state: string;
  country: 'United States' | 'Canada';
  distanceMetres: number;
}

interface ZipPoint {
  lat: number;
  lon: number;
  state: string;
  country: ZipPlace['country'];
}

const BUCKET_DEGREES = 1;
/** The gazetteer's names for two territories. */
const CANADIAN_ZIP_STATES: Readonly<Record<string, string>> = { 'Northwest Territory': 'Northwest Territories', 'Nunavut Territory': 'Nunavut' };
let zipBuckets: Map<number, ZipPoint[]> | undefined;

function bucketKey(latIndex: number, lonIndex: number): number {
  return latIndex * 1000 + lonIndex;
}

function buckets(): Map<number, ZipPoint[]> {
  if (zipBuckets) return zipBuckets;
  zipBuckets = new Map();
  const codes = zipCodes();
  for (const code of Object.keys(codes).sort()) {
    const entry = codes[code]!;
    if (!Number.isFinite(entry.latitude) || !Number.isFinite(entry.longitude)) continue;
    const canadian = entry.country !== 'US';
    const state = canadian
      ? (CANADIAN_ZIP_STATES[entry.state] ?? (Object.values(CANADIAN_PROVINCES).includes(entry.state) ? entry.state : undefined))
      : US_STATES[entry.state];
    // Military codes (AA, AE, AP) and the odd Canadian district name are not places we can name.
    if (!state) continue;
    const point: ZipPoint = { lat: entry.latitude, lon: entry.longitude, state, country: canadian ? 'Canada' : 'United States' };
    const key = bucketKey(Math.floor(entry.latitude + 90), Math.floor(entry.longitude + 180));
    let list = zipBuckets.get(key);
    if (!list) zipBuckets.set(key, (list = []));
    list.push(point);
  }
  return zipBuckets;
}

/** Whether every point at least `degrees` of arc away is farther than `maxMetres` (with a margin far beyond rounding). */
const farther = (degrees: number, maxMetres: number) => degrees * METRES_PER_DEGREE_LATITUDE * 0.999 > maxMetres;

/**
 * The state (and country) of the nearest ZIP-code centroid within `maxMetres`, searching the
 * gazetteer's 1° buckets ring by ring, but those whose every point is farther (a bucket's latitude or
 * longitude gap bounds its distance from below); undefined when none is that close.
 */
export function nearestZipPlace(lat: number, lon: number, maxMetres = 100_000): ZipPlace | undefined {
  const index = buckets();
  const latIndex = Math.floor(lat + 90);
  const lonIndex = Math.floor(lon + 180);
  let best: ZipPlace | undefined;
  // Rings of buckets out to the search distance (1° of latitude is 111 km; longitude shrinks with cos(lat)).
  const latRings = Math.ceil(maxMetres / 111_000 / BUCKET_DEGREES) + 1;
  const lonRings = Math.min(180, Math.ceil(latRings / Math.max(0.05, Math.cos(Math.min(89, Math.abs(lat)) * RAD))));
  const cosLat = Math.cos(lat * RAD);
  for (let dLat = -latRings; dLat <= latRings; dLat++) {
    const south = latIndex + dLat - 90;
    if (farther(Math.max(0, south - lat, lat - south - BUCKET_DEGREES), maxMetres)) continue;
    for (let dLon = -lonRings; dLon <= lonRings; dLon++) {
      const west = lonIndex + dLon - 180;
      const lonGap = Math.max(0, west - lon, lon - west - BUCKET_DEGREES);
      // a point lonGap° of longitude away is at least asin(cos(lat) · sin(lonGap)) away (its distance to that meridian's great circle)
      if (lonGap + BUCKET_DEGREES <= 90 && farther(Math.asin(cosLat * Math.sin(lonGap * RAD)) / RAD, maxMetres)) continue;
      const list = index.get(bucketKey(latIndex + dLat, (((lonIndex + dLon) % 360) + 360) % 360));
      if (!list) continue;
      for (const point of list) {
        const distance = haversine(lat, lon, point.lat, point.lon);
        if (distance <= maxMetres && (!best || distance < best.distanceMetres)) best = { state: point.state, country: point.country, distanceMetres: distance };
      }
    }
  }
  return best;
}
