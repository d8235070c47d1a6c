import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type Geocoded, geocode } from './index.ts';
import { mostPopulousPlaceIn } from './places.ts';
import { REGIONS } from './regions.ts';

const POSTAL_CODE = { value: 5, name: 'postal_code', types: ['postal_code'] };
const LOCALITY = { value: 4, name: 'locality', types: ['locality', 'political'] };
const REGION = { value: 2, name: 'administrative_area_level_1', types: ['administrative_area_level_1', 'political'] };

// Where a place is, by GeoNames (geonames.org/<id>), or by the landmark a postal code holds.
const DENVER = [39.73915, -104.9847]; // 5419384
const TORONTO = [43.70011, -79.4163]; // 6167865
const MONTREAL = [45.50884, -73.58781]; // 6077243
const NEW_YORK_CITY = [40.71427, -74.00597]; // 5128581
const SEATTLE = [47.60621, -122.33207]; // 5809844
const SPRINGFIELD_MISSOURI = [37.21533, -93.29824]; // 4409896, 166,810 people: Springfield MA has 154,341, IL 116,565
const PORTLAND_OREGON = [45.52345, -122.67621]; // 5746545, 632,309 people: Portland ME has 66,881
const KANSAS_CITY_MISSOURI = [39.09973, -94.57857]; // 4393217, 475,378 people: Kansas City KS has 151,306
const TORONTO_OHIO = [40.46423, -80.60091]; // 5174095
const LONDON_ONTARIO = [42.98339, -81.23304]; // 6058560, 346,765 people: London OH has 10,060
const GOLDEN_BRITISH_COLUMBIA = [51.29995, -116.9689]; // 5962582: Golden CO is the larger
const ST_JOHNS_NEWFOUNDLAND = [47.56494, -52.70931]; // 6324733
const SAINT_JOHN_NEW_BRUNSWICK = [45.27076, -66.05616]; // 6138517
const CN_TOWER = [43.6426, -79.3871]; // in M5V
const TORONTO_CITY_HALL = [43.6534, -79.3841]; // in M5H

function assertNear(answer: Geocoded | undefined, [latitude, longitude]: number[], degrees: number, location: string) {
  assert.ok(answer, `${location}: geocoded`);
  assert.ok(
    Math.abs(answer.latitude - latitude) <= degrees && Math.abs(answer.longitude - longitude) <= degrees,
    `${location}: ${answer.latitude}, ${answer.longitude} is within ${degrees}° of ${latitude}, ${longitude}`,
  );
}

function assertGeocoded(location: string, point: number[], precision: object, degrees = 0.01) {
  const answer = geocode(location);
  assertNear(answer, point, degrees, location);
  assert.deepEqual(answer!.precision, precision, location);
}

describe('geocode', () => {
  test('a ZIP code is its centroid, where the real service put it (80203 in 2018: 39.731179, -104.982637)', () => {
    assertGeocoded('80203', [39.731179, -104.982637], POSTAL_CODE);
    assertGeocoded('80203-1234', [39.731179, -104.982637], POSTAL_CODE);
  });

  test('a city alone is the most populous U.S. or Canadian place of that name', () => {
    assertGeocoded('Denver', DENVER, LOCALITY);
    assertGeocoded('toronto', TORONTO, LOCALITY);
    assertGeocoded('Springfield', SPRINGFIELD_MISSOURI, LOCALITY);
    assertGeocoded('Portland', PORTLAND_OREGON, LOCALITY);
    assertGeocoded('Kansas City', KANSAS_CITY_MISSOURI, LOCALITY);
    assertGeocoded('London', LONDON_ONTARIO, LOCALITY);
    assertGeocoded('New York City', NEW_YORK_CITY, LOCALITY);
    assertGeocoded('Montreal', MONTREAL, LOCALITY);
  });

  test('a country after the city keeps the search in it', () => {
    assertGeocoded('Toronto, Canada', TORONTO, LOCALITY);
    assertGeocoded('London, Canada', LONDON_ONTARIO, LOCALITY);
    assertGeocoded('Toronto, USA', TORONTO_OHIO, LOCALITY);
  });

  test('"City, ST" and "City, Province" in the U.S. and Canada, by code or name', () => {
    assertGeocoded('Denver, CO', DENVER, LOCALITY, 0.05);
    assertGeocoded('Toronto, ON', TORONTO, LOCALITY);
    assertGeocoded('Toronto Ontario', TORONTO, LOCALITY);
    assertGeocoded('Montréal, QC', MONTREAL, LOCALITY);
    assertGeocoded('Montreal, Québec', MONTREAL, LOCALITY);
    assertGeocoded('Golden, BC', GOLDEN_BRITISH_COLUMBIA, LOCALITY);
    assertGeocoded("St. John's, NL", ST_JOHNS_NEWFOUNDLAND, LOCALITY);
    assertGeocoded('St Johns, Newfoundland and Labrador', ST_JOHNS_NEWFOUNDLAND, LOCALITY);
    assertGeocoded('Saint John, NB', SAINT_JOHN_NEW_BRUNSWICK, LOCALITY);
    assertGeocoded('Toronto, ON, Canada', TORONTO, LOCALITY);
  });

  test("a Canadian postal code is its forward sortation area's centroid, typed whole or its first three characters alone", () => {
    for (const location of ['M5V', 'm5v', 'M5V 3L9', 'M5V3L9']) assertGeocoded(location, CN_TOWER, POSTAL_CODE, 0.05);
    assert.equal(geocode('Z9Z'), undefined, 'no forward sortation area begins with Z');
  });

  test('a latitude and longitude typed as the location is that point, geocoded by nobody: no precision', () => {
    assert.deepEqual(geocode('39.7392,-104.9903'), { latitude: 39.7392, longitude: -104.9903 });
    assert.deepEqual(geocode(' 45.5 , -73.6 '), { latitude: 45.5, longitude: -73.6 });
    assert.deepEqual(geocode('-33.87,151.21'), { latitude: -33.87, longitude: 151.21 });
    assert.equal(geocode('95,-105'), undefined, 'a latitude past 90 is no point');
    assert.equal(geocode('40,-181'), undefined, 'a longitude past 180 is no point');
  });

  test('an address is answered at its ZIP or postal code, else at its city, and the precision says which', () => {
    assertGeocoded('1617 Cole Blvd, Golden, CO 80401', [39.7305, -105.1915], POSTAL_CODE, 0.05); // NREL's campus is in 80401
    assertGeocoded('1000 Main St, Seattle, WA', SEATTLE, LOCALITY, 0.05);
    assertGeocoded('1000 Main St, Seattle', SEATTLE, LOCALITY);
    assertGeocoded('1000 Main St, Seattle, USA', SEATTLE, LOCALITY);
    assertGeocoded('100 Queen St W, Toronto, ON', TORONTO, LOCALITY);
    assertGeocoded('100 Queen St W, Toronto, ON M5H 2N2', TORONTO_CITY_HALL, POSTAL_CODE, 0.05);
  });

  test("a state or province alone is answered at its most populous place, at the state's precision", () => {
    assertGeocoded('Colorado', DENVER, REGION);
    assertGeocoded('Ontario', TORONTO, REGION);
    assertGeocoded('Quebec', MONTREAL, REGION);
    assertGeocoded('New York', NEW_YORK_CITY, REGION);
    assertGeocoded('Ontario, Canada', TORONTO, REGION);
    assert.deepEqual(geocode('Ontario, USA')?.precision, LOCALITY, 'in the U.S., Ontario is the Californian city');
    assert.equal(geocode('CO'), undefined, "a state's code alone is too often a word to be taken for it");
  });

  test("each province's most populous place is its largest city by Statistics Canada's census", () => {
    const largest = Object.fromEntries(REGIONS.filter((region) => region.country === 'CA').map((region) => [region.code, mostPopulousPlaceIn(region).name]));
    assert.deepEqual(largest, {
      AB: 'Calgary',
      BC: 'Vancouver',
      MB: 'Winnipeg',
      NB: 'Moncton',
      NL: "St. John's",
      NS: 'Halifax',
      ON: 'Toronto',
      PE: 'Charlottetown',
      QC: 'Montréal',
      SK: 'Saskatoon',
      YT: 'Whitehorse',
      NT: 'Yellowknife',
      NU: 'Iqaluit',
    });
    for (const region of REGIONS) assert.equal(mostPopulousPlaceIn(region).region, region, `${region.code} has places`);
  });

  test('what the gazetteers cannot place offline is not geocoded: a street alone, a place outside the U.S. and Canada', () => {
    for (const location of [
      'Cole Boulevard',
      'Main Street',
      '1617 Cole Blvd',
      'Paris, France',
      'London, England',
      'Berlin, Germany',
      'Mexico City',
      'Tokyo',
      'Nowhere',
      '',
      '   ',
      'constructor',
      '__proto__',
      'toString, CO',
    ]) {
      assert.equal(geocode(location), undefined, JSON.stringify(location));
    }
  });
});
