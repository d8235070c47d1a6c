/* Generated from schemas/ by `npm run types` (json-schema-to-typescript). Do not edit. */

/**
 * Response of GET /api/solar/data_query/v1.{json,xml,csv} (DECISIONS.md §4; the v1 documentation example): the closest station of each dataset within radius, null with a warning when there is none; with all=1, all_stations lists every station within radius, nearest first (ties by id), each with its dataset. A 422 has the same envelope with errors filled and outputs {}. inputs echo the request's lat, lon, radius and all parameters as given (the last of a repeated one), in request order; v1 does not echo api_key, and no other parameter is echoed.
 */
export interface SolarDataQueryV1 {
  /**
   * Service version: 1.3.1.
   */
  version: '1.3.1';
  /**
   * Warnings, e.g. 'No intl data found for lat=40.0 lon=-105.0' for each dataset with nothing in range.
   */
  warnings: string[];
  /**
   * Why the request failed (422), one message per problem; empty on success.
   */
  errors: string[];
  /**
   * Always empty.
   */
  metadata: {};
  /**
   * The request's parameters echoed as strings, in request order.
   */
  inputs: {
    [k: string]: string;
  };
  /**
   * One key per dataset, in the order tmy2, tmy3, intl, nsrdb (null when nothing is in range), then all_stations when all=1; empty on a 422.
   */
  outputs: {
    tmy2?: SolarV1Station | null;
    tmy3?: SolarV1Station | null;
    intl?: SolarV1Station | null;
    nsrdb?: SolarV1NsrdbCell | null;
    /**
     * Every station within radius, nearest first (ties by id), each with its dataset; only when all=1.
     */
    all_stations?: (SolarV1StationItem | SolarV1NsrdbItem)[];
  };
}
/**
 * A tmy2, tmy3 or intl station.
 */
export interface SolarV1Station {
  /**
   * Id within the dataset; the estimator's file_id takes it (0-<WBAN>, 1-<USAF>, 2-<id>, 3-<cell>).
   */
  id: string;
  /**
   * City (may be empty).
   */
  city: string;
  /**
   * State: full upper-case name for tmy2, tmy3 and intl; title case for nsrdb.
   */
  state: string;
  /**
   * Standard time offset from UTC, whole hours.
   */
  timezone: number;
  /**
   * Latitude, degrees north.
   */
  lat: number;
  /**
   * Longitude, degrees east.
   */
  lon: number;
  /**
   * Elevation, metres.
   */
  elevation: number;
  /**
   * Distance from the requested point, metres (haversine on a 6,371,008.8 m sphere, rounded).
   */
  distance: number;
}
/**
 * An nsrdb grid cell.
 */
export interface SolarV1NsrdbCell {
  /**
   * Id within the dataset; the estimator's file_id takes it (0-<WBAN>, 1-<USAF>, 2-<id>, 3-<cell>).
   */
  id: string;
  /**
   * City (may be empty).
   */
  city: string;
  /**
   * State: full upper-case name for tmy2, tmy3 and intl; title case for nsrdb.
   */
  state: string;
  /**
   * Latitude, degrees north.
   */
  lat: number;
  /**
   * Longitude, degrees east.
   */
  lon: number;
  /**
   * Distance from the requested point, metres (haversine on a 6,371,008.8 m sphere, rounded).
   */
  distance: number;
  /**
   * Standard time offset from UTC, whole hours.
   */
  timezone: number;
  /**
   * Elevation, metres.
   */
  elevation: number;
  /**
   * Grid resolution, km.
   */
  resolution: number;
}
/**
 * A tmy2, tmy3 or intl station in all_stations.
 */
export interface SolarV1StationItem {
  /**
   * Id within the dataset; the estimator's file_id takes it (0-<WBAN>, 1-<USAF>, 2-<id>, 3-<cell>).
   */
  id: string;
  /**
   * City (may be empty).
   */
  city: string;
  /**
   * State: full upper-case name for tmy2, tmy3 and intl; title case for nsrdb.
   */
  state: string;
  /**
   * Standard time offset from UTC, whole hours.
   */
  timezone: number;
  /**
   * Latitude, degrees north.
   */
  lat: number;
  /**
   * Longitude, degrees east.
   */
  lon: number;
  /**
   * Elevation, metres.
   */
  elevation: number;
  /**
   * Distance from the requested point, metres (haversine on a 6,371,008.8 m sphere, rounded).
   */
  distance: number;
  /**
   * The dataset the entry belongs to.
   */
  dataset: 'tmy2' | 'tmy3' | 'intl';
}
/**
 * An nsrdb grid cell in all_stations.
 */
export interface SolarV1NsrdbItem {
  /**
   * Id within the dataset; the estimator's file_id takes it (0-<WBAN>, 1-<USAF>, 2-<id>, 3-<cell>).
   */
  id: string;
  /**
   * City (may be empty).
   */
  city: string;
  /**
   * State: full upper-case name for tmy2, tmy3 and intl; title case for nsrdb.
   */
  state: string;
  /**
   * Latitude, degrees north.
   */
  lat: number;
  /**
   * Longitude, degrees east.
   */
  lon: number;
  /**
   * Distance from the requested point, metres (haversine on a 6,371,008.8 m sphere, rounded).
   */
  distance: number;
  /**
   * Standard time offset from UTC, whole hours.
   */
  timezone: number;
  /**
   * Elevation, metres.
   */
  elevation: number;
  /**
   * Grid resolution, km.
   */
  resolution: number;
  /**
   * The dataset the entry belongs to.
   */
  dataset: 'nsrdb';
}
