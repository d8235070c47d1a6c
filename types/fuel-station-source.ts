/* Generated from schemas/ by `npm run types` (json-schema-to-typescript). Do not edit. */

/**
 * A fuel station record as the pipeline reads it from an AFDC export (CSV, by header name: x-csv-header) or from the API's own JSON, after type conversion and before it is written to Parquet. Fields absent from a source are null.
 */
export interface FuelStationSource {
  /**
   * Unique station identifier.
   */
  id: number;
  /**
   * BD, CNG, E85, ELEC, HY, LNG, LPG, or RD (renewable diesel).
   */
  fuel_type_code: 'BD' | 'CNG' | 'E85' | 'ELEC' | 'HY' | 'LNG' | 'LPG' | 'RD';
  /**
   * Station name.
   */
  station_name: string;
  /**
   * Street address.
   */
  street_address: string | null;
  /**
   * Brief extra information on locating the station.
   */
  intersection_directions: string | null;
  /**
   * City.
   */
  city: string | null;
  /**
   * Two-character U.S. state or Canadian province code.
   */
  state: string | null;
  /**
   * 5-digit U.S. ZIP code, or Canadian postal code (real exports hold some partial ones, such as 'G9N 0').
   */
  zip: string | null;
  /**
   * Plus-4 part of a U.S. ZIP code.
   */
  plus4: string | null;
  /**
   * Station phone number.
   */
  station_phone: string | null;
  /**
   * E open, P planned, T temporarily unavailable.
   */
  status_code: 'E' | 'P' | 'T';
  /**
   * For planned stations, the expected opening date.
   */
  expected_date: string | null;
  /**
   * Who may use the station and other access information.
   */
  groups_with_access_code: string | null;
  /**
   * Hours of operation.
   */
  access_days_time: string | null;
  /**
   * Space-separated payment method codes.
   */
  cards_accepted: string | null;
  /**
   * For biodiesel stations, the blend levels offered.
   */
  bd_blends: string | null;
  /**
   * For CNG stations: Q quick fill, T timed fill, B both.
   */
  ng_fill_type_code: 'Q' | 'T' | 'B' | null;
  /**
   * For CNG stations, space-separated available pressures.
   */
  ng_psi: string | null;
  /**
   * Number of Level 1 EVSE.
   */
  ev_level1_evse_num: number | null;
  /**
   * Number of Level 2 EVSE.
   */
  ev_level2_evse_num: number | null;
  /**
   * Number of DC fast chargers.
   */
  ev_dc_fast_num: number | null;
  /**
   * Number and type of additional EVSE.
   */
  ev_other_evse: string | null;
  /**
   * EVSE network name.
   */
  ev_network: string | null;
  /**
   * Network web site.
   */
  ev_network_web: string | null;
  /**
   * Accuracy of latitude/longitude: GPS, or 200-0 ... 200-9.
   */
  geocode_status: string | null;
  /**
   * Latitude in degrees.
   */
  latitude: number;
  /**
   * Longitude in degrees.
   */
  longitude: number;
  /**
   * Date the details were last confirmed.
   */
  date_last_confirmed: string | null;
  /**
   * Time of the last update, ISO 8601 UTC ending in Z (exports write 'YYYY-MM-DD HH:MM:SS UTC').
   */
  updated_at: string;
  /**
   * P, T, FG, LG, SG or J.
   */
  owner_type_code: 'P' | 'T' | 'FG' | 'LG' | 'SG' | 'J' | null;
  /**
   * Id of the owning federal agency.
   */
  federal_agency_id: number | null;
  /**
   * Code of the owning federal agency.
   */
  federal_agency_code: string | null;
  /**
   * Name of the owning federal agency.
   */
  federal_agency_name: string | null;
  /**
   * Date the station began offering the fuel.
   */
  open_date: string | null;
  /**
   * Link to a site giving current hydrogen status.
   */
  hy_status_link: string | null;
  /**
   * Largest vehicle class: LD, MD or HD.
   */
  ng_vehicle_class: 'LD' | 'MD' | 'HD' | null;
  /**
   * Propane: primary (true) or secondary (false).
   */
  lpg_primary: boolean | null;
  /**
   * E85: has a blender pump.
   */
  e85_blender_pump: boolean | null;
  /**
   * Connector types (space-separated in CSV exports).
   */
  ev_connector_types: string[] | null;
  /**
   * US or CA.
   */
  country: 'US' | 'CA' | null;
  /**
   * public or private (modern exports). Derived from groups_with_access_code when absent.
   */
  access_code: 'public' | 'private' | null;
  /**
   * Access detail code, such as CREDIT_CARD_ALWAYS.
   */
  access_detail_code: string | null;
  /**
   * Facility type, such as HOTEL or UTILITY.
   */
  facility_type: string | null;
  /**
   * Electric stations: pricing information.
   */
  ev_pricing: string | null;
  /**
   * Whether access is restricted.
   */
  restricted_access: boolean | null;
  /**
   * Largest vehicle class: LD, MD or HD.
   */
  maximum_vehicle_class: 'LD' | 'MD' | 'HD' | null;
}
