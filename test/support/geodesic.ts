// Distances on the WGS 84 ellipsoid, from GeographicLib (Karney's algorithms, the
// geographiclib-geodesic package), apart from the server's SQL (Vincenty's method): what today's
// nearest answers are held to. test/support/sphere.ts keeps the mean sphere's, for the 2014
// generation, nearby-route and the climate-station searches.
import geodesic from 'geographiclib-geodesic';

const METRES_PER_MILE = 1609.344;

/** The geodesic between two points on the WGS 84 ellipsoid, in miles. */
export function geodesicMiles(lat1: number, lon1: number, lat2: number, lon2: number): number {
  return geodesic.Geodesic.WGS84.Inverse(lat1, lon1, lat2, lon2).s12! / METRES_PER_MILE;
}
