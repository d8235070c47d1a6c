import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type Geocoded, geocode } from './index.ts';

const POSTAL_CODE = { value: 5, name: 'postal_code', types: ['postal_code'] };
const LOCALITY = { value: 4, name: 'locality', types: ['locality', 'political'] };

// Where a place is, by GeoNames (geonames.org/<id>), or by the landmark a postal code holds.
const DENVER = [39.73915, -104.9847]; // 5419384
const SEATTLE = [47.60621, -122.33207]; // 5809844
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

  test('"City, ST", and an address answered at its ZIP or postal code, else at its city: the precision says which', () => {
    assertGeocoded('1617 Cole Blvd, Golden, CO 80401', [39.7305, -105.1915], POSTAL_CODE, 0.05); // NREL's campus is in 80401
    assertGeocoded('1000 Main St, Seattle, WA', SEATTLE, LOCALITY, 0.05);
    assertGeocoded('Denver, CO', DENVER, LOCALITY, 0.05);
    assertGeocoded('100 Queen St W, Toronto, ON M5H 2N2', TORONTO_CITY_HALL, POSTAL_CODE, 0.05);
  });

  test('what the gazetteer cannot place offline is not geocoded: a street alone, a place outside the U.S. and Canada', () => {
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
