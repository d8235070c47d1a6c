// Distances between points on the globe in SQL: model/haversine.ts's haversine, written as an SQL
// expression step for step alike, so that DuckDB and JavaScript give the same number
// (haversine.test.ts holds them equal).
import { EARTH_RADIUS_METRES } from '../../model/haversine.ts';
import { sqlNumber } from './sql.ts';

export { EARTH_RADIUS_METRES, EARTH_RADIUS_MILES, FARTHEST_METRES, haversine, METRES_PER_DEGREE_LATITUDE, METRES_PER_MILE } from '../../model/haversine.ts';

/** A point in SQL: each coordinate an expression of degrees (a column, a placeholder, a literal). */
export interface SqlPoint {
  lat: string;
  lon: string;
}

/** `haversine` as an SQL expression, from one point to another. */
export function haversineSql(from: SqlPoint, to: SqlPoint, radius = EARTH_RADIUS_METRES): string {
  const a = `pow(sin(radians(${to.lat} - ${from.lat}) / 2), 2) + cos(radians(${from.lat})) * cos(radians(${to.lat})) * pow(sin(radians(${to.lon} - ${from.lon}) / 2), 2)`;
  return `2 * ${sqlNumber(radius)} * asin(sqrt(least(1, ${a})))`;
}
