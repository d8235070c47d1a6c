/* Generated from schemas/ by `npm run types` (json-schema-to-typescript). Do not edit. */

/**
 * Response of GET /api/solar/data_query/v2.{json,xml,csv}: as v1, plus weather_data_source on every entry and country on nsrdb entries; inputs echo api_key too when it was given as a query parameter (the v2 documentation example). all_stations as in v1 when all=1. Version 2 serves the same catalog as version 1 (one nsrdb dataset, no sub-datasets).
 */
export interface SolarDataQueryV2 {
  /**
   * Service version: 1.4.0.
   */
  version: '1.4.0';
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
    tmy2?: SolarV2Station | null;
    tmy3?: SolarV2Station | null;
    intl?: SolarV2Station | null;
    nsrdb?: SolarV2NsrdbCell | null;
    /**
     * Every station within radius, nearest first (ties by id), each with its dataset; only when all=1.
     */
    all_stations?: (SolarV2StationItem | SolarV2NsrdbItem)[];
  };
}
/**
 * A tmy2, tmy3 or intl station.
 */
export interface SolarV2Station {
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
   * Source of the weather data used in simulation (v2).
   */
  weather_data_source: string;
}
/**
 * An nsrdb grid cell.
 */
export interface SolarV2NsrdbCell {
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
   * Country (v2).
   */
  country: string | null;
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
   * Source of the weather data used in simulation (v2).
   */
  weather_data_source: string;
}
/**
 * A tmy2, tmy3 or intl station in all_stations.
 */
export interface SolarV2StationItem {
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
   * Source of the weather data used in simulation (v2).
   */
  weather_data_source: string;
  /**
   * The dataset the entry belongs to.
   */
  dataset: 'tmy2' | 'tmy3' | 'intl';
}
/**
 * An nsrdb grid cell in all_stations.
 */
export interface SolarV2NsrdbItem {
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
   * Country (v2).
   */
  country: string | null;
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
   * Source of the weather data used in simulation (v2).
   */
  weather_data_source: string;
  /**
   * The dataset the entry belongs to.
   */
  dataset: 'nsrdb';
}
