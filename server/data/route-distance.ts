// How far stations are from a route, in SQL. A route is a line of points on the globe; each step
// between two consecutive points is the shorter great-circle arc between them, and a station's
// distance to the route is its great-circle distance to the nearest point of the nearest arc: the
// cross-track distance when its projection onto the arc's great circle falls within the arc, else
// the distance to the nearer end. Points are unit vectors, so neither the poles nor the antimeridian
// are a special case.
//
// Only the route's points reach DuckDB, as two bound lists (each value bound costs about a
// microsecond: per-arc figures computed here would cost more to send than to compute there). The
// query cuts each arc into pieces no longer than the search's reach, covers the ball around each
// piece that holds every point within the search distance of it with cubes of a 3D grid (side: the
// reach), pairs each station with the arcs whose cubes hold it, measures each pair and keeps each
// station's least distance.
import { DOUBLE, LIST, listValue } from '../../model/duckdb.ts';
import { EARTH_RADIUS_MILES } from './haversine.ts';
import { type Sql, whereAll } from './sql.ts';

export interface RoutePoint {
  latitude: number;
  longitude: number;
}

/** Below this sine of the angle between two points (about 6 µm), they are one point, or antipodes. */
const COINCIDENT = 1e-12;
/** Pieces and cells no smaller than half a mile: a search of distance 0 still covers few cells. */
const MIN_REACH_MILES = 0.5;
/**
 * The most pieces a route is cut into, so that a route of long arcs cannot make millions: a longer
 * route gets longer pieces (and so more candidates per piece).
 */
const MAX_PIECES = 20_000;

const RADIANS = Math.PI / 180;

/** Whether two points are antipodes (to within 1e-12 radians): no single shortest arc joins them. */
export function areAntipodes(a: RoutePoint, b: RoutePoint): boolean {
  const [u, v] = [unitVector(a), unitVector(b)];
  const cross = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
  return u[0] * v[0] + u[1] * v[1] + u[2] * v[2] < 0 && Math.hypot(...cross) < COINCIDENT;
}

function unitVector({ latitude, longitude }: RoutePoint): [number, number, number] {
  const phi = latitude * RADIANS;
  const lambda = longitude * RADIANS;
  return [Math.cos(phi) * Math.cos(lambda), Math.cos(phi) * Math.sin(lambda), Math.sin(phi)];
}

/** The route's length in radians, along its arcs. */
function routeAngle(route: readonly RoutePoint[]): number {
  let total = 0;
  for (let i = 1; i < route.length; i++) {
    const [a, b] = [unitVector(route[i - 1]), unitVector(route[i])];
    total += 2 * Math.asin(Math.min(1, Math.hypot(b[0] - a[0], b[1] - a[1], b[2] - a[2]) / 2));
  }
  return total;
}

/**
 * A SELECT of the rows of `stations.table` that satisfy `stations.conditions` and lie within
 * `distanceMiles` of the route (at least two points, no two consecutive ones antipodes):
 * `stations.columns`, then `distance`, the miles to the route. The table has `latitude` and
 * `longitude` in degrees.
 */
export function nearRouteSql(
  sql: Sql,
  route: readonly RoutePoint[],
  distanceMiles: number,
  stations: { table: string; columns: readonly string[]; conditions: readonly string[] },
): string {
  const n = (value: number) => sql.number(value);
  const points = (name: 'latitude' | 'longitude') => sql.bind(`route_${name}`, { value: listValue(route.map((point) => point[name])), type: LIST(DOUBLE) });
  const within = distanceMiles / EARTH_RADIUS_MILES;
  const reach = Math.max(within, MIN_REACH_MILES / EARTH_RADIUS_MILES, routeAngle(route) / MAX_PIECES);
  // Cubes of side `reach`; a cube's index per axis counts from the one that holds -1.
  const offset = Math.ceil(1 / reach) + 1;
  const side = 2 * offset + 1;
  const cell = (x: string, y: string, z: string) => `((${x} + ${n(offset)}) * ${n(side * side)} + (${y} + ${n(offset)}) * ${n(side)} + ${z} + ${n(offset)})`;
  const index = (coordinate: string) => `floor((${coordinate}) / ${n(reach)})::BIGINT`;
  const vector = (prefix: string) =>
    `cos(radians(latitude)) * cos(radians(longitude)) AS ${prefix}x, cos(radians(latitude)) * sin(radians(longitude)) AS ${prefix}y, sin(radians(latitude)) AS ${prefix}z`;
  const dot = (a: string, b: string) => `(${a}x * ${b}x + ${a}y * ${b}y + ${a}z * ${b}z)`;
  const chord = (a: string, b: string) => `sqrt((${a}x - ${b}x) * (${a}x - ${b}x) + (${a}y - ${b}y) * (${a}y - ${b}y) + (${a}z - ${b}z) * (${a}z - ${b}z))`;
  const crossSql = (a: string, b: string, into: string) =>
    `${a}y * ${b}z - ${a}z * ${b}y AS ${into}x, ${a}z * ${b}x - ${a}x * ${b}z AS ${into}y, ${a}x * ${b}y - ${a}y * ${b}x AS ${into}z`;
  const columns = stations.columns.join(', ');

  return `WITH route AS (
      SELECT unnest(range(${n(route.length)})) AS point, unnest(${points('latitude')}) AS latitude, unnest(${points('longitude')}) AS longitude
    ), ends AS (
      SELECT point, ${vector('')} FROM route
    ), steps AS (
      -- a: where the arc starts, e: where it ends, c: a × e, m: along the midpoint, angle: its length
      SELECT a.point AS arc, a.x AS ax, a.y AS ay, a.z AS az, e.x AS ex, e.y AS ey, e.z AS ez
      FROM ends a JOIN ends e ON e.point = a.point + 1
    ), crossed AS (
      SELECT *, ${crossSql('a', 'e', 'c')}, ax + ex AS mx, ay + ey AS my, az + ez AS mz, 2 * asin(least(1, ${chord('a', 'e')} / 2)) AS angle FROM steps
    ), orthogonal AS (
      -- For a short arc a × e is a small difference of products that lost digits: its part along the
      -- midpoint is rounding alone (a true normal has none), and taking it away keeps the circle
      -- through the arc. Ends within 1e-12 radians are one point: the arc is measured as a point.
      SELECT *, sqrt(${dot('c', 'c')}) >= ${n(COINCIDENT)} AS circle, cx - k * mx AS ux, cy - k * my AS uy, cz - k * mz AS uz
      FROM (SELECT *, ${dot('c', 'm')} / ${dot('m', 'm')} AS k FROM crossed)
    ), normals AS (
      SELECT arc, ax, ay, az, ex, ey, ez, angle, circle,
             CASE WHEN circle THEN ux / norm ELSE 0 END AS nx, CASE WHEN circle THEN uy / norm ELSE 0 END AS ny, CASE WHEN circle THEN uz / norm ELSE 0 END AS nz
      FROM (SELECT *, sqrt(${dot('u', 'u')}) AS norm FROM orthogonal)
    ), arcs AS MATERIALIZED (
      -- f = n × a and t = e × n: a point whose projection onto the circle falls within the arc has
      -- p · f >= 0 (past the start) and p · t >= 0 (before the end).
      SELECT *, ${crossSql('n', 'a', 'f')}, ${crossSql('e', 'n', 't')} FROM normals
    ), pieces AS (
      -- Each arc cut into pieces no longer than the reach; a point within the search distance of a
      -- piece is within the piece's radius of its centre, at angle theta from a along the arc.
      SELECT arc, cos(theta) * ax + sin(theta) * fx AS ox, cos(theta) * ay + sin(theta) * fy AS oy, cos(theta) * az + sin(theta) * fz AS oz,
             ${n(within)} + angle / (2 * count) AS radius
      FROM (SELECT *, angle * (unnest(range(count::BIGINT)) + 0.5) / count AS theta
            FROM (SELECT *, CASE WHEN circle THEN greatest(1, ceil(angle / ${n(reach)})) ELSE 1 END AS count FROM arcs))
    ), arc_cells AS MATERIALIZED (
      -- The cubes of the box around each piece's ball, once per arc, each with its arc: the pairs then
      -- come from one join of few rows (the cells) with the stations. Joined with the arcs after the
      -- stations, the pairs (millions on a long route with a wide reach) could become the side DuckDB
      -- builds its hash table on: 300-500 MB per search.
      SELECT * FROM (
        SELECT DISTINCT arc, ${cell('i', 'j', 'k')} AS cell FROM (
          SELECT *, unnest(range(${index('oz - radius')}, ${index('oz + radius')} + 1)) AS k FROM (
            SELECT *, unnest(range(${index('oy - radius')}, ${index('oy + radius')} + 1)) AS j FROM (
              SELECT *, unnest(range(${index('ox - radius')}, ${index('ox + radius')} + 1)) AS i FROM pieces)))
      ) JOIN arcs USING (arc)
    ), candidates AS (
      SELECT ${columns}, px, py, pz, ${cell(index('px'), index('py'), index('pz'))} AS cell
      FROM (SELECT *, ${vector('p')} FROM ${stations.table} ${whereAll(stations.conditions.map((condition) => `(${condition})`))})
    ), pairs AS (
      -- Each pair's distance as the chord of its angle, which grows with the angle: the cross-track
      -- one within the arc (from its sine, s = |p · n|: 2 sin(θ/2) = s √(2 / (1 + √(1 - s²)))), else the
      -- chord to the nearer end.
      SELECT ${columns}, CASE WHEN circle AND ${dot('p', 'f')} >= 0 AND ${dot('p', 't')} >= 0
                              THEN sine * sqrt(2 / (1 + sqrt(1 - least(1, sine * sine))))
                              ELSE least(${chord('p', 'a')}, ${chord('p', 'e')}) END AS chord
      FROM (SELECT *, abs(${dot('p', 'n')}) AS sine FROM candidates JOIN arc_cells USING (cell))
    )
    -- The WHERE drops the pairs far off (with a margin for rounding); the HAVING decides.
    SELECT ${columns}, ${n(2 * EARTH_RADIUS_MILES)} * asin(least(1, min(chord) / 2)) AS distance FROM pairs
    WHERE chord <= ${n(2 * Math.sin(within / 2) + 1e-12)}
    GROUP BY ALL HAVING distance <= ${n(distanceMiles)}`;
}
