/* Generated from schemas/ by `npm run types` (json-schema-to-typescript). Do not edit. */

/**
 * Response of GET /api/alt-fuel-stations/v1/nearest.geojson: an RFC 7946 FeatureCollection of the stations in ascending distance, each station record (with distance in miles) in properties; the nearest envelope's latitude, longitude, precision, station_locator_url, total_results and offset are foreign members.
 */
export interface FuelStationsNearestGeoJson {
  type: 'FeatureCollection';
  /**
   * The given latitude, or the geocoded one of location.
   */
  latitude: number;
  /**
   * The given longitude, or the geocoded one of location.
   */
  longitude: number;
  precision?: Precision;
  /**
   * URL of the web application that supplies the data.
   */
  station_locator_url: string;
  /**
   * All matching stations, regardless of limit.
   */
  total_results: number;
  offset: number;
  features: FuelStationFeature[];
}
/**
 * How location was geocoded; absent when latitude and longitude were given.
 */
export interface Precision {
  /**
   * Numeric accuracy code (5 postal code, 4 locality, 8 address).
   */
  value: number;
  /**
   * Textual accuracy code, such as postal_code or locality.
   */
  name: string;
  /**
   * Address component types of the match.
   */
  types: string[];
}
/**
 * One station: a GeoJSON Feature whose id is the station id.
 */
export interface FuelStationFeature {
  type: 'Feature';
  /**
   * The station id.
   */
  id: number;
  geometry: GeoJsonPoint | null;
  properties: FuelStation;
}
/**
 * A GeoJSON Point: [longitude, latitude] in WGS 84 degrees.
 */
export interface GeoJsonPoint {
  type: 'Point';
  /**
   * [longitude, latitude].
   *
   * @minItems 2
   * @maxItems 2
   */
  coordinates: [number, number];
}
/**
 * A fuel station as the alt-fuel-stations v1 endpoints return it. Key order is the wire order; federal_agency is absent when no federal agency owns the station; distance appears only in nearest results.
 */
export interface FuelStation {
  /**
   * Hours of operation.
   */
  access_days_time: string | null;
  /**
   * For biodiesel stations, the blend levels offered.
   */
  bd_blends: string | null;
  /**
   * Space-separated list of payment method codes.
   */
  cards_accepted: string | null;
  /**
   * City.
   */
  city: string | null;
  /**
   * Date the details were last confirmed (YYYY-MM-DD).
   */
  date_last_confirmed: string | null;
  /**
   * For planned stations, the date the station is expected to open (YYYY-MM-DD).
   */
  expected_date: string | null;
  /**
   * Fuel type: BD, CNG, E85, ELEC, HY, LNG, LPG, or RD (renewable diesel).
   */
  fuel_type_code: 'BD' | 'CNG' | 'E85' | 'ELEC' | 'HY' | 'LNG' | 'LPG' | 'RD';
  /**
   * Accuracy rating of latitude/longitude: GPS or 200-0 ... 200-9.
   */
  geocode_status: string | null;
  /**
   * Who may use the station and other access information.
   */
  groups_with_access_code: string | null;
  /**
   * Hydrogen stations: link to a site giving current status.
   */
  hy_status_link: string | null;
  /**
   * Brief extra information on locating the station.
   */
  intersection_directions: string | null;
  /**
   * Latitude, -90 to 90.
   */
  latitude: number;
  /**
   * Longitude, -180 to 180.
   */
  longitude: number;
  /**
   * Date the station began offering the fuel (YYYY-MM-DD).
   */
  open_date: string | null;
  /**
   * Owner type: P, T, FG, LG, SG or J.
   */
  owner_type_code: 'P' | 'T' | 'FG' | 'LG' | 'SG' | 'J' | null;
  /**
   * Plus-4 part of a U.S. ZIP code.
   */
  plus4: string | null;
  /**
   * Station name.
   */
  station_name: string;
  /**
   * Station phone number.
   */
  station_phone: string | null;
  /**
   * E open, P planned, T temporarily unavailable.
   */
  status_code: 'E' | 'P' | 'T';
  /**
   * Street address.
   */
  street_address: string | null;
  /**
   * ZIP or postal code.
   */
  zip: string | null;
  /**
   * Two-character U.S. state or Canadian province code.
   */
  state: string | null;
  /**
   * For CNG stations: Q quick fill, T timed fill, B both.
   */
  ng_fill_type_code: string | null;
  /**
   * For CNG stations, space-separated list of available PSI pressures.
   */
  ng_psi: string | null;
  /**
   * For CNG and LNG stations, the largest vehicle class: LD, MD or HD.
   */
  ng_vehicle_class: string | null;
  /**
   * For E85 stations: whether the station has a blender pump.
   */
  e85_blender_pump: boolean | null;
  /**
   * Electric stations: number of Level 1 EVSE.
   */
  ev_level1_evse_num: number | null;
  /**
   * Electric stations: number of Level 2 EVSE.
   */
  ev_level2_evse_num: number | null;
  /**
   * Electric stations: number of DC fast chargers.
   */
  ev_dc_fast_num: number | null;
  /**
   * Electric stations: number and type of additional EVSE.
   */
  ev_other_evse: string | null;
  /**
   * Electric stations: EVSE network name.
   */
  ev_network: string | null;
  /**
   * Electric stations: network web site.
   */
  ev_network_web: string | null;
  /**
   * For propane stations: primary (true) or secondary (false).
   */
  lpg_primary: boolean | null;
  /**
   * Unique station identifier.
   */
  id: number;
  /**
   * Time of the last update, ISO 8601 UTC ending in Z.
   */
  updated_at: string;
  /**
   * Nearest endpoint only: distance in miles from the given location, rounded to 5 decimals.
   */
  distance?: number;
  /**
   * Present only when a federal agency owns the station.
   */
  federal_agency?: {
    /**
     * Federal agency id.
     */
    id: number;
    /**
     * Federal agency name.
     */
    name: string;
  };
}
