import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { EARTH_RADIUS_MILES, haversine } from '../../model/haversine.ts';
import { Database } from './database.ts';
import { areAntipodes, nearRouteSql, type RoutePoint } from './route-distance.ts';
import { Sql } from './sql.ts';

type Station = { id: number; latitude: number; longitude: number };

/** Every point of the arc from a to b, as `t` goes from 0 to 1: the chord's point at t, pushed out onto the sphere. */
function alongArc(a: RoutePoint, b: RoutePoint): (t: number) => RoutePoint {
  const vector = (p: RoutePoint) => {
    const [phi, lambda] = [(p.latitude * Math.PI) / 180, (p.longitude * Math.PI) / 180];
    return [Math.cos(phi) * Math.cos(lambda), Math.cos(phi) * Math.sin(lambda), Math.sin(phi)];
  };
  const [u, v] = [vector(a), vector(b)];
  return (t) => {
    const [x, y, z] = u.map((c, k) => c + t * (v[k] - c));
    return { latitude: (Math.atan2(z, Math.hypot(x, y)) * 180) / Math.PI, longitude: (Math.atan2(y, x) * 180) / Math.PI };
  };
}

/**
 * The distance from a station to a route, by search rather than geometry: along each arc, a
 * golden-section search of the haversine distance (which has at most one minimum inside an arc
 * shorter than half the globe), and the arc's ends.
 */
function referenceMiles(station: Station, route: RoutePoint[]): number {
  const miles = (p: RoutePoint) => haversine(station.latitude, station.longitude, p.latitude, p.longitude, EARTH_RADIUS_MILES);
  let best = Math.min(...route.map(miles));
  for (let i = 1; i < route.length; i++) {
    const at = alongArc(route[i - 1], route[i]);
    const ratio = (Math.sqrt(5) - 1) / 2;
    let [low, high] = [0, 1];
    for (let step = 0; step < 120; step++) {
      const [left, right] = [high - ratio * (high - low), low + ratio * (high - low)];
      if (miles(at(left)) < miles(at(right))) high = right;
      else low = left;
    }
    best = Math.min(best, miles(at((low + high) / 2)));
  }
  return best;
}

let db: Database;
before(async () => {
  db = await Database.open({ connections: 1 });
});

/** The stations within `distance` of the route by the SQL, by id. */
async function nearRoute(stations: Station[], route: RoutePoint[], distance: number, conditions: string[] = []): Promise<Map<number, number>> {
  await db.execute(
    `CREATE OR REPLACE TABLE test_stations AS SELECT * FROM (VALUES ${stations.map((s) => `(${s.id}, ${s.latitude}::DOUBLE, ${s.longitude}::DOUBLE)`).join(', ')}) t(id, latitude, longitude)`,
  );
  const sql = new Sql();
  const text = nearRouteSql(sql, route, distance, { table: 'test_stations', columns: ['id'], conditions });
  const result = await db.query(text, sql.params, { prepare: false });
  return new Map(result.id.map((id, i) => [id as number, result.distance[i] as number]));
}

/** A seeded stream of numbers in [0, 1) (mulberry32). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Stations scattered within `spread` degrees of the route's points. */
function scatter(route: RoutePoint[], count: number, spread: number, seed: number, firstId = 1): Station[] {
  const next = random(seed);
  return Array.from({ length: count }, (_, index) => {
    const near = route[Math.floor(next() * route.length)];
    const latitude = Math.max(-90, Math.min(90, near.latitude + (next() - 0.5) * 2 * spread));
    const longitude = ((((near.longitude + (next() - 0.5) * 2 * spread + 180) % 360) + 360) % 360) - 180;
    return { id: firstId + index, latitude, longitude };
  });
}

async function agreesWithReference(route: RoutePoint[], stations: Station[], distance: number) {
  const found = await nearRoute(stations, route, distance);
  for (const station of stations) {
    const expected = referenceMiles(station, route);
    if (Math.abs(expected - distance) < 1e-9) continue;
    if (expected < distance) {
      assert.ok(found.has(station.id), `station ${JSON.stringify(station)} at ${expected} mi is within ${distance} mi of the route`);
      assert.ok(Math.abs(found.get(station.id)! - expected) < 1e-7, `station ${station.id}: ${found.get(station.id)} mi, the reference says ${expected}`);
    } else assert.ok(!found.has(station.id), `station ${JSON.stringify(station)} at ${expected} mi is not within ${distance} mi`);
  }
  return found;
}

test('distances to a route across Massachusetts agree with a search along each arc, at every distance', async () => {
  const route = [
    { latitude: 42.3601, longitude: -71.0589 },
    { latitude: 42.2626, longitude: -71.8023 },
    { latitude: 42.1015, longitude: -72.5898 },
  ];
  const stations = scatter(route, 600, 0.6, 1);
  for (const distance of [0, 0.3, 5, 25, 100]) {
    const found = await agreesWithReference(route, stations, distance);
    if (distance >= 5) assert.ok(found.size > 20, `${found.size} stations within ${distance} mi`);
  }
});

test('a winding route of short steps, with repeated points', async () => {
  const next = random(7);
  const route: RoutePoint[] = [{ latitude: 47.6, longitude: -122.33 }];
  for (let i = 0; i < 150; i++) {
    const last = route.at(-1)!;
    route.push(next() < 0.1 ? { ...last } : { latitude: last.latitude + (next() - 0.3) * 0.01, longitude: last.longitude + (next() - 0.5) * 0.012 });
  }
  await agreesWithReference(route, scatter(route, 400, 0.08, 2), 2);
});

test('long arcs: one bulging north of both its ends, one across the antimeridian, one over the pole', async () => {
  const cases: RoutePoint[][] = [
    [
      { latitude: 40.7, longitude: -74 },
      { latitude: 34.05, longitude: -118.24 },
    ],
    [
      { latitude: 51.8, longitude: 178.5 },
      { latitude: 52.2, longitude: -176.6 },
      { latitude: 51, longitude: -179.9 },
    ],
    [
      { latitude: 88.5, longitude: 10 },
      { latitude: 89, longitude: -170 },
    ],
  ];
  for (const [index, route] of cases.entries()) {
    const stations = [...scatter(route, 300, 1.5, 10 + index), ...scatter([{ latitude: 42, longitude: -96 }], 100, 2, 20, 1000)];
    const found = await agreesWithReference(route, stations, 60);
    assert.ok(found.size > 0, `case ${index}`);
  }
});

test('a route of one point, repeated: the distance to that point', async () => {
  const point = { latitude: 39.74, longitude: -104.99 };
  const stations = scatter([point], 200, 0.2, 3);
  const found = await nearRoute(stations, [point, point, { ...point }], 10);
  for (const station of stations) {
    const expected = haversine(point.latitude, point.longitude, station.latitude, station.longitude, EARTH_RADIUS_MILES);
    assert.equal(found.has(station.id), expected <= 10);
    if (expected <= 10) assert.ok(Math.abs(found.get(station.id)! - expected) < 1e-9);
  }
});

test('the conditions filter the stations', async () => {
  const route = [
    { latitude: 0, longitude: 0 },
    { latitude: 0, longitude: 1 },
  ];
  const found = await nearRoute(scatter(route, 100, 0.1, 4), route, 10, ['id % 2 = 0']);
  assert.ok(found.size > 20);
  assert.ok([...found.keys()].every((id) => id % 2 === 0));
});

test('antipodes: no single shortest arc joins them', () => {
  assert.equal(areAntipodes({ latitude: 10, longitude: 20 }, { latitude: -10, longitude: -160 }), true);
  assert.equal(areAntipodes({ latitude: 90, longitude: 0 }, { latitude: -90, longitude: 45 }), true);
  assert.equal(areAntipodes({ latitude: 10, longitude: 20 }, { latitude: -10, longitude: -159.9 }), false);
  assert.equal(areAntipodes({ latitude: 10, longitude: 20 }, { latitude: 10, longitude: 20 }), false);
});
