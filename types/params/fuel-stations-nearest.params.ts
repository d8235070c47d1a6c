/* Generated from schemas/ by `npm run types` (json-schema-to-typescript). Do not edit. */

/**
 * Station status codes to include (comma list): E open, P planned, T temporarily unavailable.
 */
export type Status = ('all' | 'E' | 'P' | 'T')[];
/**
 * Fuel types to include (comma list).
 */
export type FuelType = ('all' | 'BD' | 'CNG' | 'E85' | 'ELEC' | 'HY' | 'LNG' | 'LPG' | 'RD')[];
/**
 * Stations accepting any of these payment codes (comma list).
 */
export type CardsAccepted = (
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
export type OwnerType = ('all' | 'P' | 'T' | 'FG' | 'LG' | 'SG' | 'J')[];
/**
 * Ids of owning federal agencies (comma list), or all.
 */
export type FederalAgencyId = (number | 'all')[];
/**
 * EV charging networks to include (comma list; names as in the data, any case); restricts to electric stations.
 */
export type EvNetwork = string[];
/**
 * Electric stations with at least one outlet of a level (comma list): 1, 2, dc_fast.
 */
export type EvChargingLevel = ('all' | '1' | '2' | 'dc_fast')[];
/**
 * Two-character state or province codes (comma list).
 */
export type State = string[];
/**
 * 5-digit ZIP codes (comma list).
 */
export type Zip = string[];

/**
 * Query parameters of GET /api/alt-fuel-stations/v1/nearest.{json,xml,csv}.
 */
export interface FuelStationsNearestParameters {
  /**
   * A free-form location: a ZIP code, 'City, ST', or an address that contains either. Either location, or both latitude and longitude, is required.
   */
  location?: string;
  /**
   * Latitude, -90 to 90.
   */
  latitude?: number;
  /**
   * Longitude, -180 to 180.
   */
  longitude?: number;
  /**
   * Search radius in miles: a number from 0, or infinite.
   */
  radius?: number | 'infinite';
  status?: Status;
  /**
   * Stations with public or private access.
   */
  access?: 'all' | 'public' | 'private';
  fuel_type?: FuelType;
  cards_accepted?: CardsAccepted;
  owner_type?: OwnerType;
  federal_agency_id?: FederalAgencyId;
  ev_network?: EvNetwork;
  ev_charging_level?: EvChargingLevel;
  state?: State;
  zip?: Zip;
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
  /**
   * Results to skip, for paging with limit.
   */
  offset?: number;
}
