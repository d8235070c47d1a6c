/* Generated from schemas/ by `npm run types` (json-schema-to-typescript). Do not edit. */

/**
 * Query parameters of GET /api/alt-fuel-stations/v1.{json,xml,csv}.
 */
export interface FuelStationsListParameters {
  /**
   * Station status codes to include (comma list): E open, P planned, T temporarily unavailable.
   */
  status?: ('all' | 'E' | 'P' | 'T')[];
  /**
   * Stations with public or private access.
   */
  access?: 'all' | 'public' | 'private';
  /**
   * Fuel types to include (comma list).
   */
  fuel_type?: ('all' | 'BD' | 'CNG' | 'E85' | 'ELEC' | 'HY' | 'LNG' | 'LPG' | 'RD')[];
  /**
   * Stations accepting any of these payment codes (comma list).
   */
  cards_accepted?: (
    | 'all'
    | 'A'
    | 'D'
    | 'M'
    | 'V'
    | 'Cash'
    | 'Checks'
    | 'CFN'
    | 'CleanEnergy'
    | 'Comdata'
    | 'FuelMan'
    | 'GasCard'
    | 'PacificPride'
    | 'PHH'
    | 'Proprietor'
    | 'Speedway'
    | 'TCH'
    | 'Tchek'
    | 'Trillium'
    | 'Voyager'
    | 'Wright_Exp'
    | 'FleetOne'
    | 'EFS'
    | 'Debit'
    | 'CREDIT'
    | 'ACCOUNT_BALANCE'
    | 'ALLIANCE'
    | 'ANDROID_PAY'
    | 'APPLE_PAY'
    | 'ARI'
  )[];
  /**
   * Owner types to include (comma list): P private, T utility, FG federal, LG local, SG state government, J jointly owned.
   */
  owner_type?: ('all' | 'P' | 'T' | 'FG' | 'LG' | 'SG' | 'J')[];
  /**
   * Ids of owning federal agencies (comma list), or all.
   */
  federal_agency_id?: (number | 'all')[];
  /**
   * EV charging networks to include (comma list; names as in the data, any case); restricts to electric stations.
   */
  ev_network?: string[];
  /**
   * Electric stations with at least one outlet of a level (comma list): 1, 2, dc_fast.
   */
  ev_charging_level?: ('all' | '1' | '2' | 'dc_fast')[];
  /**
   * Two-character state or province codes (comma list).
   */
  state?: string[];
  /**
   * 5-digit ZIP codes (comma list).
   */
  zip?: string[];
  /**
   * The most stations to return: a positive integer, or all.
   */
  limit?: number | 'all';
  /**
   * Response format when the path has no extension.
   */
  format?: 'json' | 'xml' | 'csv' | 'geojson';
  /**
   * API key (also accepted in the X-Api-Key header or as the basic-auth user name).
   */
  api_key?: string;
}
