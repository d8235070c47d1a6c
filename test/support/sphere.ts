// Distances on the mean sphere (6371.0088 km), written here apart from the server's, so that tests
// hold the server's nearest, nearby-route and climate-station searches to an independent computation.

const EARTH_RADIUS_METRES = 6_371_008.8;
export const EARTH_RADIUS_MILES = EARTH_RADIUS_METRES / 1609.344;

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** The central angle between two points, in radians. */
function haversineRadians(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const a = Math.sin(toRadians(lat2 - lat1) / 2) ** 2 + Math.cos(toRadians(lat1)) * Math.cos(toRadians(lat2)) * Math.sin(toRadians(lon2 - lon1) / 2) ** 2;
  return 2 * Math.asin(Math.sqrt(a));
}

export const haversineMiles = (lat1: number, lon1: number, lat2: number, lon2: number) => EARTH_RADIUS_MILES * haversineRadians(lat1, lon1, lat2, lon2);
export const haversineMetres = (lat1: number, lon1: number, lat2: number, lon2: number) => EARTH_RADIUS_METRES * haversineRadians(lat1, lon1, lat2, lon2);

type Vector = [number, number, number];

const unit = (latitude: number, longitude: number): Vector => [
  Math.cos(toRadians(latitude)) * Math.cos(toRadians(longitude)),
  Math.cos(toRadians(latitude)) * Math.sin(toRadians(longitude)),
  Math.sin(toRadians(latitude)),
];
const dot = (u: Vector, v: Vector) => u[0] * v[0] + u[1] * v[1] + u[2] * v[2];
const cross = (u: Vector, v: Vector): Vector => [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
const angle = (u: Vector, v: Vector) => Math.atan2(Math.hypot(...cross(u, v)), dot(u, v));

/**
 * Miles from a point to a route of [latitude, longitude] points, each step the shorter great-circle
 * arc: across to the arc where the point's foot on the arc's great circle lies within it, else to
 * the nearer end.
 */
export function milesFromRoute(latitude: number, longitude: number, route: Array<[number, number]>): number {
  const p = unit(latitude, longitude);
  let least = Number.POSITIVE_INFINITY;
  for (let i = 1; i < route.length; i++) {
    const [a, b] = [unit(...route[i - 1]), unit(...route[i])];
    const normal = cross(a, b);
    const length = Math.hypot(...normal);
    const n: Vector = [normal[0] / length, normal[1] / length, normal[2] / length];
    const foot = cross(cross(n, p), n);
    const within = dot(cross(a, foot), n) >= 0 && dot(cross(foot, b), n) >= 0;
    const radians = within ? Math.abs(Math.asin(Math.max(-1, Math.min(1, dot(p, n))))) : Math.min(angle(p, a), angle(p, b));
    least = Math.min(least, radians * EARTH_RADIUS_MILES);
  }
  return least;
}
