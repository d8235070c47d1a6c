/* Generated from schemas/ by `npm run types` (json-schema-to-typescript). Do not edit. */

/**
 * Query parameters of GET /api/pvwatts/v6.{json,xml} (also /api/pv-estimator/v6) (service.md; DECISIONS.md §5). The location is either lat and lon (with dataset and radius: the nearest station of that dataset) or file_id (an id from the solar dataset query v1); lat and lon are required unless file_id is given, and dataset must not be given with file_id (checked by the endpoint). Every failing parameter is listed in a 422.
 */
export interface PvwattsV6Parameters {
  /**
   * Nameplate DC capacity, kW: 0.05 to 500000.
   */
  system_capacity: number;
  /**
   * Module type: 0 standard, 1 premium, 2 thin film.
   */
  module_type: 0 | 1 | 2;
  /**
   * System losses, percent: -5 to 99.
   */
  losses: number;
  /**
   * Array type: 0 fixed open rack, 1 fixed roof mounted, 2 1-axis, 3 1-axis backtracking, 4 2-axis.
   */
  array_type: 0 | 1 | 2 | 3 | 4;
  /**
   * Tilt angle, degrees from horizontal: 0 to 90 (the axis tilt for 1-axis arrays; required but unused for 2-axis arrays).
   */
  tilt: number;
  /**
   * Azimuth angle, degrees clockwise from north: 0 up to but not including 360 (the axis azimuth for 1-axis arrays; required but unused for 2-axis arrays).
   */
  azimuth: number;
  /**
   * Latitude of the location, -90 to 90; required unless file_id is given.
   */
  lat?: number;
  /**
   * Longitude of the location, -180 to 180; required unless file_id is given.
   */
  lon?: number;
  /**
   * A climate station id from the solar dataset query v1 (0-<WBAN>, 1-<USAF>, 2-<id>, 3-<location id>): simulate on that station's weather instead of the one nearest lat/lon. Not to be given with dataset.
   */
  file_id?: string;
  /**
   * Climate dataset searched for the station nearest lat/lon: nsrdb, tmy2, tmy3 or intl. Not to be given with file_id.
   */
  dataset?: 'nsrdb' | 'tmy2' | 'tmy3' | 'intl';
  /**
   * Search radius, miles; 0 uses the closest station whatever its distance.
   */
  radius?: number;
  /**
   * monthly, or hourly: also the hourly outputs (ac, poa, dn, dc, df, tamb, tcell, wspd; one value per weather record, 8760 for an hourly file).
   */
  timeframe?: 'monthly' | 'hourly';
  /**
   * DC to AC ratio; must be positive.
   */
  dc_ac_ratio?: number;
  /**
   * Ground coverage ratio, 0 to 3 (used by 1-axis arrays).
   */
  gcr?: number;
  /**
   * Inverter efficiency at rated power, percent: 90 to 99.5.
   */
  inv_eff?: number;
  /**
   * JSONP (JSON format only): the name of the JavaScript function to call with the JSON (letters, digits, _, $ and dots, not starting with a digit; at most 64 characters).
   */
  callback?: string;
  /**
   * Response format when the path has no extension.
   */
  format?: 'json' | 'xml';
  /**
   * API key (also accepted in the X-Api-Key header or as the basic-auth user name).
   */
  api_key?: string;
}
