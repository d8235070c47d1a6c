// Offline geocoding of the nearest endpoint's `location`, the way people type one. The forms are tried
// in the order of `geocode` below; the first that matches answers, with the precision record of what
// it matched. Two gazetteers: `zipcodes` (ZIP codes, Canada's forward sortation areas, the cities ZIP
// codes are filed under) answers first, as it always has; GeoNames' places (`places.ts`) then answer
// what it cannot: cities alone, Canadian cities, states and provinces alone.
import { mostPopulousPlaceIn, mostPopulousPlaceNamed } from './places.ts';
import { forwardSortationAreaPoint, type Point, postalCodePoint, US_ZIP, zipCodesCityPoint } from './postal-codes.ts';
import { type Country, MOST_WORDS_IN_A_REGION_NAME, type Region, regionNamed, regionNamedInFull } from './regions.ts';

export interface Precision {
  value: number;
  name: string;
  types: string[];
}

export interface Geocoded {
  latitude: number;
  longitude: number;
  /** Absent when the location was a latitude and longitude: nothing was geocoded. */
  precision?: Precision;
  /** The country of the place found (the nearest answer's `location_country`); absent as precision is. */
  country?: Country;
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
  region: { value: 2, name: 'administrative_area_level_1', types: ['administrative_area_level_1', 'political'] },
} satisfies Record<string, Precision>;

function at(point: Point | undefined, precision: Precision): Geocoded | undefined {
  return point && { latitude: point.latitude, longitude: point.longitude, precision, country: point.country };
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
 * "Golden, CO", "Golden CO", "1617 Cole Blvd, Golden, Colorado 80401, USA", "Toronto, Ontario": the
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

const gazetteerCityPoint = (city: string, region: Region) => mostPopulousPlaceNamed(city, { region });

const COUNTRIES = new Map<string, Country>([
  ['usa', 'US'],
  ['us', 'US'],
  ['united states', 'US'],
  ['united states of america', 'US'],
  ['canada', 'CA'],
]);

/** "Toronto, Canada": the location before its last comma, in that country. */
function withoutCountry(location: string): { rest: string; country?: Country } {
  const comma = location.lastIndexOf(',');
  const country =
    comma < 0
      ? undefined
      : COUNTRIES.get(
          location
            .slice(comma + 1)
            .replace(/\./g, '')
            .trim()
            .toLowerCase(),
        );
  return country ? { rest: location.slice(0, comma).trim(), country } : { rest: location };
}

/** "Colorado", "Ontario": the state's or province's most populous place, where a search near a whole state is best begun. */
function regionAlone(location: string): Geocoded | undefined {
  const { rest, country } = withoutCountry(location);
  const region = regionNamedInFull(rest);
  return region && (!country || region.country === country) ? at(mostPopulousPlaceIn(region), PRECISION.region) : undefined;
}

/** "Denver", "Springfield", "Toronto, Canada": the most populous U.S. or Canadian place of that name. */
function cityAlone(location: string): Geocoded | undefined {
  const { rest, country } = withoutCountry(location);
  return at(mostPopulousPlaceNamed(rest, { country }), PRECISION.locality);
}

/** "1000 Main St, Seattle": a house number and a street, then a city without its state. */
function cityOfAddress(location: string): Geocoded | undefined {
  const { rest, country } = withoutCountry(location);
  const parts = rest.split(',').map((part) => part.trim());
  if (parts.length < 2 || !/^\d/.test(parts[0])) return undefined;
  return at(mostPopulousPlaceNamed(parts.at(-1)!, { country }), PRECISION.locality);
}

export function geocode(location: string): Geocoded | undefined {
  const text = location.trim();
  if (text === '') return undefined;
  return (
    typedPoint(text) ??
    at(postalCodePoint(text), PRECISION.postalCode) ??
    at(cityAndRegion(text, zipCodesCityPoint), PRECISION.locality) ??
    at(forwardSortationAreaPoint(text), PRECISION.postalCode) ??
    at(cityAndRegion(text, gazetteerCityPoint), PRECISION.locality) ??
    regionAlone(text) ??
    cityAlone(text) ??
    cityOfAddress(text)
  );
}
