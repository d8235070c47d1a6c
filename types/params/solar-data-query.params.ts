/* Generated from schemas/ by `npm run types` (json-schema-to-typescript). Do not edit. */

/**
 * Query parameters of GET /api/solar/data_query/v1.{json,xml,csv} and /v2 (service.md). all=1 also needs radius > 0 (checked by the endpoint).
 */
export interface SolarDataQueryParameters {
  /**
   * Latitude, -90 to 90.
   */
  lat: number;
  /**
   * Longitude, -180 to 180.
   */
  lon: number;
  /**
   * Search radius in miles, 0 to 2000; 0 returns the closest station of each dataset whatever its distance.
   */
  radius?: number;
  /**
   * 1 also returns every station within radius (all_stations); 0 or 1.
   */
  all?: 0 | 1;
  /**
   * Response format when the path has no extension.
   */
  format?: 'json' | 'xml' | 'csv';
  /**
   * API key (also accepted in the X-Api-Key header or as the basic-auth user name).
   */
  api_key?: string;
}
