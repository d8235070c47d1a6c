// The NSRDB downloads' error wording (docs/api.md §9, docs/decisions.md §10). The documentation
// gives no message texts: these follow the solar group's (`'names' is required`) and name what the
// data holds where a request asks for more.
import type { ParamIssue } from '../params.ts';
import { solarMessage } from './solar-messages.ts';

/** A parameter's own problem, as the solar group words it; a bad `names` or `attributes` item lists the choices. */
export function nsrdbParamMessage(issue: ParamIssue): string {
  if (issue.kind === 'enum' && issue.allowed && issue.allowed.length > 2) return `'${issue.param}' must be one of ${issue.allowed.join(', ')}`;
  return solarMessage(issue);
}

export const NSRDB_WKT_NOT_A_POINT = "'wkt' must be a point, POINT(longitude latitude), with longitude from -180 to 180 and latitude from -90 to 90";

export const NSRDB_WKT_INVALID =
  "'wkt' must be POINT(longitude latitude), MULTIPOINT(longitude latitude, …) or POLYGON((longitude latitude, …)) with a closed ring, longitudes from -180 to 180 and latitudes from -90 to 90";

export const NSRDB_POLYGON_EMPTY = 'No NSRDB location lies inside the polygon';

export function nsrdbTooManySitesMessage(sites: number, most: number): string {
  return `The wkt names ${sites} sites: an archive holds at most ${most}`;
}

export const NSRDB_QUEUE_FULL = 'The request queue is full: try again later';

export const NSRDB_ARCHIVES_FULL = 'The archives kept here are full: try again later';

/** The .json form's acknowledgement: the documentation's words, except that this server sends no email. */
export function nsrdbArchiveMessage(email: string): string {
  return `File generation in progress. The download will be at downloadUrl when it is ready (this server sends no email; ${email} is kept with the request until the download is removed).`;
}

export const NSRDB_CSV_ONE_POINT = 'The .csv format gives one site: wkt must be a single POINT (MULTIPOINT and POLYGON are for the .json archive)';

export const NSRDB_CSV_ONE_NAME = "The .csv format gives one year: 'names' must be a single name";

export const NSRDB_EMAIL = "'email' must be an email address";

export function nsrdbIntervalMessage(intervals: readonly number[]): string {
  return `'interval' must be ${intervals.join(' or ')}: the data at this location holds ${intervals.map((minutes) => `${minutes}-minute`).join(' and ')} records`;
}

export function nsrdbAttributesMessage(missing: readonly string[], held: readonly string[]): string {
  return `'attributes' names what the data at this location does not hold: ${missing.join(', ')} (it holds ${held.join(', ')})`;
}

export const NSRDB_UTC_UNAVAILABLE = "'utc' cannot be true here: the data's time zone is not a whole number of records from UTC";

/** No nsrdb cell holds the point: the nearest is farther than its cell reaches (or there is none). */
export function nsrdbNoCellMessage(lon: number, lat: number, nearest: { distanceKm: number; reachKm: number } | undefined): string {
  const point = `POINT(${lon} ${lat})`;
  if (!nearest) return `No NSRDB data is available at ${point}: the data set holds no NSRDB location`;
  return `No NSRDB data is available at ${point}: the nearest NSRDB location is ${nearest.distanceKm.toFixed(1)} km away, and a location answers within ${nearest.reachKm.toFixed(1)} km (half its cell's diagonal)`;
}

/** The data query: no place to look at. */
export const NSRDB_PLACE_REQUIRED = "'wkt', 'lat' and 'lon', or 'address' is required";
