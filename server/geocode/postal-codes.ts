// The `zipcodes` gazetteer: the centroids of U.S. ZIP codes and of Canada's forward sortation areas
// (a postal code's first three characters), and the U.S. cities the ZIP codes are filed under.
import zipcodes from 'zipcodes';
import type { Country, Region } from './regions.ts';

export interface Point {
  latitude: number;
  longitude: number;
  /** The country the gazetteer files the place under. */
  country: Country;
}

/** A five-digit ZIP code (ZIP+4 too) standing alone or among other words. */
export const US_ZIP = /(?:^|[^\d])(\d{5})(?:-\d{4})?(?![\d])/;
const CANADIAN_POSTAL_CODE = /\b([A-Za-z]\d[A-Za-z])\s?\d[A-Za-z]\d\b/;
const FORWARD_SORTATION_AREA = /^[A-Za-z]\d[A-Za-z]$/;

function pointOf(entry: zipcodes.ZipCode | undefined): Point | undefined {
  return entry && { latitude: entry.latitude, longitude: entry.longitude, country: entry.country === 'Canada' ? 'CA' : 'US' };
}

/** The first known U.S. ZIP code in the location, else its Canadian postal code (at its forward sortation area's centroid). */
export function postalCodePoint(location: string): Point | undefined {
  const zip = US_ZIP.exec(location);
  const canadian = CANADIAN_POSTAL_CODE.exec(location);
  return pointOf(zip ? zipcodes.lookup(zip[1]) : undefined) ?? pointOf(canadian ? zipcodes.lookup(canadian[1].toUpperCase()) : undefined);
}

/** A forward sortation area typed alone: `M5V`. */
export function forwardSortationAreaPoint(location: string): Point | undefined {
  return FORWARD_SORTATION_AREA.test(location) ? pointOf(zipcodes.lookup(location.toUpperCase())) : undefined;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

const cityKey = (state: string, city: string) => `${state}|${city.toUpperCase()}`;

/**
 * The ZIP codes filed under each state and city, as zipcodes' lookupByName finds them; it reads the
 * state's every ZIP code at each call, and a location of 250 state codes made 3,000 such calls (95 ms).
 */
const zipCodesOfCity = new Map<string, zipcodes.ZipCode[]>();
for (const entry of Object.values(zipcodes.codes)) {
  const key = cityKey(entry.state, entry.city);
  const filed = zipCodesOfCity.get(key);
  if (filed) filed.push(entry);
  else zipCodesOfCity.set(key, [entry]);
}

/** A U.S. city that ZIP codes are filed under, at the median of their centroids: a stray far-off ZIP code of the same name does not move it. */
export function zipCodesCityPoint(city: string, region: Region): Point | undefined {
  const matches = zipCodesOfCity.get(cityKey(region.code, city));
  if (!matches) return undefined;
  return { latitude: round(median(matches.map((m) => m.latitude))), longitude: round(median(matches.map((m) => m.longitude))), country: region.country };
}
