// One haversine, in JS and in SQL: known distances (the same point, the poles, antipodes, a quarter
// of the equator, a degree of latitude), an independent formula (the chord between unit vectors),
// and the SQL expression equal to the JS function over many points, in metres and in miles: printed
// as data_query prints (whole metres) and nearest prints (miles to 5 decimals), the same from either,
// except within a kilometre of the antipode, where their last-bit differences grow to decimetres.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { DOUBLE, LIST, listValue } from '../../model/duckdb.ts';
import { Random } from '../../pipeline/sample/random.ts';
import { Database } from './database.ts';
import { EARTH_RADIUS_METRES, EARTH_RADIUS_MILES, FARTHEST_METRES, haversine, haversineSql, METRES_PER_DEGREE_LATITUDE, METRES_PER_MILE } from './haversine.ts';

type Pair = [lat1: number, lon1: number, lat2: number, lon2: number];

let db: Database;
before(async () => (db = await Database.open()));
after(() => db.close());

const antipodeOf = (lat: number, lon: number): [number, number] => [-lat, lon > 0 ? lon - 180 : lon + 180];

/** Pairs all over the globe, and where formulas go wrong: the poles, the antimeridian, the same point, antipodes, near misses. */
function pairs(): Pair[] {
  const random = new Random(2024);
  const list: Pair[] = [];
  const point = (): [number, number] => [random.between(-90, 90), random.between(-180, 180)];
  for (let i = 0; i < 20_000; i++) list.push([...point(), ...point()]);
  for (let i = 0; i < 2_000; i++) {
    const [lat, lon] = point();
    const offset = 10 ** random.between(-12, 0);
    const [antiLat, antiLon] = antipodeOf(lat, lon);
    list.push(
      [lat, lon, lat, lon],
      [lat, lon, antiLat, antiLon],
      [lat, lon, antiLat + offset * random.between(-1, 1), antiLon + offset * random.between(-1, 1)],
    );
    list.push([lat, lon, lat + offset * random.between(-1, 1), lon + offset * random.between(-1, 1)]);
  }
  for (const pole of [90, -90]) {
    for (const lon of [-180, -90, 0, 33.3, 180]) {
      list.push([pole, lon, pole, 0], [pole, lon, -pole, 45], [pole, lon, ...point()], [...point(), pole, lon]);
    }
  }
  for (const lat of [-89.9, -45, 0, 12.5, 60, 89.9]) list.push([lat, 180, lat, -180], [lat, 179.9999, lat, -179.9999], [lat, -180, -lat, 0]);
  return list;
}

/** The unit vector of a point. */
function unit(lat: number, lon: number): [number, number, number] {
  const φ = (lat * Math.PI) / 180;
  const λ = (lon * Math.PI) / 180;
  return [Math.cos(φ) * Math.cos(λ), Math.cos(φ) * Math.sin(λ), Math.sin(φ)];
}

test('known distances: the same point, the poles, antipodes, a quarter of the equator, a degree of latitude', () => {
  assert.equal(haversine(40, -105, 40, -105), 0);
  assert.ok(haversine(90, 0, 90, 123) < 1e-6, 'every longitude of a pole is the pole');
  assert.ok(haversine(0, 180, 0, -180) < 1e-6, 'longitude 180 is longitude -180');
  assert.equal(haversine(90, 0, -90, 0), FARTHEST_METRES);
  assert.equal(FARTHEST_METRES, Math.PI * 6_371_008.8);
  // short of it by rounding, as every formula with asin is near its argument 1
  assert.ok(Math.abs(haversine(10, 20, -10, -160) - FARTHEST_METRES) < 1);
  assert.ok(Math.abs(haversine(0, 0, 0, 90) - FARTHEST_METRES / 2) < 1e-6);
  assert.ok(Math.abs(haversine(10, 7, 11, 7) - METRES_PER_DEGREE_LATITUDE) < 1e-6);
  assert.ok(
    Math.abs(haversine(39.7392, -104.9903, 40.7128, -74.006, EARTH_RADIUS_MILES) - haversine(39.7392, -104.9903, 40.7128, -74.006) / METRES_PER_MILE) < 1e-9,
    'miles are metres / 1609.344',
  );
  assert.equal(haversine(1, 2, 3, 4), haversine(3, 4, 1, 2));
});

test('the JS function agrees with an independent formula (the chord between unit vectors) away from antipodes', () => {
  for (const [lat1, lon1, lat2, lon2] of pairs()) {
    const distance = haversine(lat1, lon1, lat2, lon2);
    if (FARTHEST_METRES - distance < 100_000) continue; // near antipodes the chord formula loses its precision
    const [a, b] = [unit(lat1, lon1), unit(lat2, lon2)];
    const chord = Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
    const expected = 2 * EARTH_RADIUS_METRES * Math.asin(chord / 2);
    assert.ok(Math.abs(distance - expected) < 1e-5, `${lat1},${lon1} → ${lat2},${lon2}: ${distance} vs ${expected}`);
  }
});

for (const [unitName, radius, perMetre] of [
  ['metres', EARTH_RADIUS_METRES, 1],
  ['miles', EARTH_RADIUS_MILES, 1 / METRES_PER_MILE],
] as const) {
  test(`the SQL expression gives the JS function's distance, in ${unitName}`, async () => {
    const list = pairs();
    const column = (i: number) => ({ value: listValue(list.map((pair) => pair[i]!)), type: LIST(DOUBLE) });
    const result = await db.query(
      `SELECT ${haversineSql({ lat: 'lat1', lon: 'lon1' }, { lat: 'lat2', lon: 'lon2' }, radius)} AS distance
       FROM (SELECT unnest($1) AS lat1, unnest($2) AS lon1, unnest($3) AS lat2, unnest($4) AS lon2)`,
      [column(0), column(1), column(2), column(3)],
    );
    assert.equal(result.distance!.length, list.length);
    list.forEach(([lat1, lon1, lat2, lon2], i) => {
      const where = `${lat1},${lon1} → ${lat2},${lon2}`;
      const sql = result.distance![i] as number;
      const js = haversine(lat1, lon1, lat2, lon2, radius);
      // DuckDB's sin and cos (the C library's) and V8's may differ in their last bit. asin amplifies
      // that near antipodes, where its argument nears 1: by about 0.04 m² / (metres short of the antipode).
      const shortOfAntipode = FARTHEST_METRES - Math.min(sql, js) / perMetre;
      const tolerance = Math.max(1e-6, 0.1 / shortOfAntipode) * perMetre;
      assert.ok(Math.abs(sql - js) <= tolerance, `${where}: SQL ${sql}, JS ${js}`);
      if (shortOfAntipode < 1000) return;
      if (unitName === 'metres') assert.equal(Math.round(sql), Math.round(js), `${where}: whole metres`);
      else assert.equal(sql.toFixed(5), js.toFixed(5), `${where}: miles to 5 decimals`);
    });
  });
}
