// Distances between points on the globe: the haversine formula on a sphere of the mean Earth radius
// (6,371,008.8 m). The argument of asin is clamped to 1: for points nearly antipodal, rounding can
// carry it past 1, where asin has no value. server/data/haversine.ts writes the same computation as
// SQL, step for step (its test holds the two equal); the pipeline's sample uses it too.

export const EARTH_RADIUS_METRES = 6_371_008.8;
export const METRES_PER_MILE = 1609.344;
export const EARTH_RADIUS_MILES = EARTH_RADIUS_METRES / METRES_PER_MILE;
/** Half the Earth's circumference: no two points are farther apart. */
export const FARTHEST_METRES = Math.PI * EARTH_RADIUS_METRES;
export const METRES_PER_DEGREE_LATITUDE = (EARTH_RADIUS_METRES * Math.PI) / 180;

const RADIANS = Math.PI / 180;

/** The distance from (lat1, lon1) to (lat2, lon2), degrees, in the unit of `radius` (metres by default). */
export function haversine(lat1: number, lon1: number, lat2: number, lon2: number, radius = EARTH_RADIUS_METRES): number {
  const sinHalfLatitude = Math.sin(((lat2 - lat1) * RADIANS) / 2);
  const sinHalfLongitude = Math.sin(((lon2 - lon1) * RADIANS) / 2);
  const a = sinHalfLatitude * sinHalfLatitude + Math.cos(lat1 * RADIANS) * Math.cos(lat2 * RADIANS) * (sinHalfLongitude * sinHalfLongitude);
  return 2 * radius * Math.asin(Math.sqrt(Math.min(1, a)));
}
