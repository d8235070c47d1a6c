// Offline geocoding of the nearest endpoint's `location`, the way people type one. The forms are tried
// in the order of `geocode` below; the first that matches answers, with the precision record of what
// it matched, from the `zipcodes` gazetteer (ZIP codes, Canada's forward sortation areas, the cities
// ZIP codes are filed under).
import { forwardSortationAreaPoint, type Point, postalCodePoint, US_ZIP, zipCodesCityPoint } from './postal-codes.ts';
import { MOST_WORDS_IN_A_REGION_NAME, type Region, regionNamed } from './regions.ts';

export interface Precision {
  value: number;
  name: string;
  types: string[];
}

export interface Geocoded extends Point {
  /** Absent when the location was a latitude and longitude: nothing was geocoded. */
  precision?: Precision;
}

/**
 * The real service's scale is its geocoder's accuracy (1 country, 2 state, 3 county, 4 town, 5 postal
 * code, 6 street, 7 intersection, 8 address, 9 premise) named by the type of the match: the wire shows
 * 8 `address` (2014), 5 `postal_code` (2018), 9 `premise` (2022). An address is answered at the ZIP code
 * or the city found in it, and says so.
 */
const PRECISION = {
  postalCode: { value: 5, name: 'postal_code', types: ['postal_code'] },
  locality: { value: 4, name: 'locality', types: ['locality', 'political'] },
} satisfies Record<string, Precision>;

function at(point: Point | undefined, precision: Precision): Geocoded | undefined {
  return point && { latitude: point.latitude, longitude: point.longitude, precision };
}

const TYPED_POINT = /^([+-]?\d+(?:\.\d+)?)\s*,\s*([+-]?\d+(?:\.\d+)?)$/;

/** `39.7392,-104.9903`: the point as typed. */
function typedPoint(location: string): Geocoded | undefined {
  const match = TYPED_POINT.exec(location);
  if (!match) return undefined;
  const latitude = Number(match[1]);
  const longitude = Number(match[2]);
  return Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180 ? { latitude, longitude } : undefined;
}

/**
 * "Golden, CO", "Golden CO", "1617 Cole Blvd, Golden, Colorado 80401, USA": the
 * city is the words before the state or province, found by `findCity`.
 */
function cityAndRegion(location: string, findCity: (city: string, region: Region) => Point | undefined): Point | undefined {
  const words = location
    .replace(/\b(USA|U\.S\.A\.|United States( of America)?)\b\.?/gi, ' ')
    .replace(US_ZIP, ' ')
    .split(/[\s,]+/)
    .filter(Boolean);
  for (let end = words.length; end > 0; end--) {
    for (let regionWords = MOST_WORDS_IN_A_REGION_NAME; regionWords >= 1; regionWords--) {
      if (end - regionWords < 1) continue;
      const region = regionNamed(words.slice(end - regionWords, end).join(' '));
      if (!region) continue;
      for (let cityWords = Math.min(4, end - regionWords); cityWords >= 1; cityWords--) {
        const point = findCity(words.slice(end - regionWords - cityWords, end - regionWords).join(' '), region);
        if (point) return point;
      }
    }
  }
  return undefined;
}

export function geocode(location: string): Geocoded | undefined {
  const text = location.trim();
  if (text === '') return undefined;
  return (
    typedPoint(text) ??
    at(postalCodePoint(text), PRECISION.postalCode) ??
    at(cityAndRegion(text, zipCodesCityPoint), PRECISION.locality) ??
    at(forwardSortationAreaPoint(text), PRECISION.postalCode)
  );
}
