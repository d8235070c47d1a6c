import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EARTH_RADIUS_METRES, METRES_PER_DEGREE_LATITUDE } from '../../model/haversine.ts';
import { boxAround, CellGrid } from './geo-box.ts';

/** A point `metres` from (lat, lon) towards `bearingDeg` on the sphere (the direct geodesic problem). */
function destination(lat: number, lon: number, metres: number, bearingDeg: number): [number, number] {
  const rad = Math.PI / 180;
  const angle = metres / EARTH_RADIUS_METRES;
  const [phi, lambda, theta] = [lat * rad, lon * rad, bearingDeg * rad];
  const phi2 = Math.asin(Math.sin(phi) * Math.cos(angle) + Math.cos(phi) * Math.sin(angle) * Math.cos(theta));
  const lambda2 = lambda + Math.atan2(Math.sin(theta) * Math.sin(angle) * Math.cos(phi), Math.cos(angle) - Math.sin(phi) * Math.sin(phi2));
  return [phi2 / rad, ((((lambda2 / rad + 540) % 360) + 360) % 360) - 180];
}

function inBox(box: ReturnType<typeof boxAround>, lat: number, lon: number): boolean {
  if (lat < box.south - 1e-9 || lat > box.north + 1e-9) return false;
  return box.longitudes === 'all' || box.longitudes.some(([west, east]) => lon >= west - 1e-9 && lon <= east + 1e-9);
}

test('the box holds every point of its circle: at the equator, near the poles, across the antimeridian', () => {
  for (const [lat, lon] of [
    [0, 0],
    [40, -105],
    [-33.9, 151.2],
    [70, 179.5],
    [-70, -179.9],
    [89.5, 10],
    [-89.9, 0],
    [10, 180],
    [10, -180],
  ]) {
    for (const metres of [1, 1_000, 50_000, 500_000, 3_000_000, 9_000_000]) {
      const box = boxAround(lat, lon, metres / METRES_PER_DEGREE_LATITUDE);
      for (let bearing = 0; bearing < 360; bearing += 7.5) {
        const [pLat, pLon] = destination(lat, lon, metres * 0.999, bearing);
        assert.ok(inBox(box, pLat, pLon), `(${lat}, ${lon}) r=${metres} m: (${pLat}, ${pLon}) at ${bearing}° lies outside ${JSON.stringify(box)}`);
      }
    }
  }
});

test('a box across the antimeridian is two ranges within [-180, 180]; one over a pole is every longitude', () => {
  const widen = 2 / Math.cos((2 * Math.PI) / 180);
  assert.deepEqual(boxAround(0, 179, 2).longitudes, [
    [179 - widen, 180],
    [-180, 179 + widen - 360],
  ]);
  assert.deepEqual(boxAround(0, -179, 2).longitudes, [
    [-179 - widen + 360, 180],
    [-180, -179 + widen],
  ]);
  assert.deepEqual(boxAround(89, 0, 2), { south: 87, north: 90, longitudes: 'all' });
  assert.deepEqual(boxAround(-89, 0, 2), { south: -90, north: -87, longitudes: 'all' });
});

test('cells: the cover of a box is every cell any point in it falls in; latitude 90 and longitude 180 in the last cell', () => {
  const grid = new CellGrid(0.5);
  assert.equal(grid.cell(90, 180), (grid.rowCount - 1) * grid.stride + grid.columnCount - 1);
  assert.equal(grid.cell(-90, -180), 0);
  const box = boxAround(10, 179.9, 1);
  const listed = grid.cells(grid.cover(box));
  const cells = new Set(listed);
  assert.equal(cells.size, listed.length, 'no cell twice');
  for (let lat = box.south; lat <= box.north; lat += 0.05) {
    for (const [west, east] of box.longitudes as Array<[number, number]>) {
      for (let lon = west; lon <= east; lon += 0.05) assert.ok(cells.has(grid.cell(lat, lon)), `(${lat}, ${lon})`);
      assert.ok(cells.has(grid.cell(lat, east)));
    }
  }
});
