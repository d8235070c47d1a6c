// The `zipcodes` gazetteer: the centroids of U.S. ZIP codes and of Canada's forward sortation areas
// (a postal code's first three characters), and the U.S. cities the ZIP codes are filed under.
import type zipcodes from 'zipcodes';
import { type ZipCodes, zipCodesAsJson } from '../../model/zip-codes.ts';
import { readPackageOnce } from './package-data.ts';
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

interface PostalGazetteer {
  /** U.S. ZIP codes and Canadian forward sortation areas (upper case), at their centroids. */
  pointOf: Map<string, Point>;
  /** The centroids of the ZIP codes filed under each state and city (`cityKey`). */
  zipCodesOfCity: Map<string, Point[]>;
}

const cityKey = (state: string, city: string) => `${state}|${city.toUpperCase()}`;

/**
 * Read on first use (package-data.ts). The ZIP codes filed under each state and city are grouped
 * once, as zipcodes' lookupByName finds them: it reads the state's every ZIP code at each call, and
 * a location of 250 state codes made 3,000 such calls (95 ms).
 */
function loadGazetteer(): PostalGazetteer {
  const codes = zipCodesAsJson();
  return codes ? gazetteerOf(codes) : readPackageOnce<typeof zipcodes, PostalGazetteer>('zipcodes', ({ codes }) => gazetteerOf(codes));
}

function gazetteerOf(codes: ZipCodes): PostalGazetteer {
  const gazetteer: PostalGazetteer = { pointOf: new Map(), zipCodesOfCity: new Map() };
  for (const [code, entry] of Object.entries(codes)) {
    const point: Point = { latitude: entry.latitude, longitude: entry.longitude, country: entry.country === 'Canada' ? 'CA' : 'US' };
    gazetteer.pointOf.set(code, point);
    const key = cityKey(entry.state, entry.city);
    const filed = gazetteer.zipCodesOfCity.get(key);
    if (filed) filed.push(point);
    else gazetteer.zipCodesOfCity.set(key, [point]);
  }
  return gazetteer;
}

let loaded: PostalGazetteer | undefined;
const gazetteer = () => (loaded ??= loadGazetteer());

/** The first known U.S. ZIP code in the location, else its Canadian postal code (at its forward sortation area's centroid). */
export function postalCodePoint(location: string): Point | undefined {
  const zip = US_ZIP.exec(location);
  const canadian = CANADIAN_POSTAL_CODE.exec(location);
  const { pointOf } = gazetteer();
  return (zip ? pointOf.get(zip[1]) : undefined) ?? (canadian ? pointOf.get(canadian[1].toUpperCase()) : undefined);
}

/** A forward sortation area typed alone: `M5V`. */
export function forwardSortationAreaPoint(location: string): Point | undefined {
  return FORWARD_SORTATION_AREA.test(location) ? gazetteer().pointOf.get(location.toUpperCase()) : undefined;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** A U.S. city that ZIP codes are filed under, at the median of their centroids: a stray far-off ZIP code of the same name does not move it. */
export function zipCodesCityPoint(city: string, region: Region): Point | undefined {
  const matches = gazetteer().zipCodesOfCity.get(cityKey(region.code, city));
  if (!matches) return undefined;
  return { latitude: round(median(matches.map((m) => m.latitude))), longitude: round(median(matches.map((m) => m.longitude))), country: region.country };
}
