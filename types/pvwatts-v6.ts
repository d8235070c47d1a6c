/* Generated from schemas/ by `npm run types` (json-schema-to-typescript). Do not edit. */

/**
 * Warnings (none at present on success).
 */
export type PvwattsV6Warnings = string[];
/**
 * Service version, as the v6 documentation prints it.
 */
export type PvwattsV6Version = '1.4.0';

/**
 * Response of GET /api/pvwatts/v6.{json,xml} and /api/pv-estimator/v6 (service.md; DECISIONS.md §5; the v6 documentation example and the 2021 wire response): the PVWatts v5 model run for the system on the station's weather. Every number of station_info and outputs is a single-precision value widened to double, written shortest-roundtrip; a value the model gives as NaN (a 1-axis array with gcr 0) is null. A 422 is PvwattsV6Errors.
 */
export interface PvwattsV6 {
  inputs: PvwattsV6Inputs;
  /**
   * Empty on success.
   *
   * @maxItems 0
   */
  errors: [];
  warnings: PvwattsV6Warnings;
  version: PvwattsV6Version;
  ssc_info: PvwattsV6SscInfo;
  /**
   * The climate station simulated on: ssc's location outputs from the weather file header, the file name and the distance from the requested point.
   */
  station_info: {
    /**
     * Latitude of the weather file header, degrees (single precision).
     */
    lat: number;
    /**
     * Longitude of the weather file header, degrees (single precision).
     */
    lon: number;
    /**
     * Elevation of the weather file header, metres (single precision).
     */
    elev: number;
    /**
     * Time zone of the weather file header, hours from UTC (a float: -7.0).
     */
    tz: number;
    /**
     * Station id of the weather file header (WBAN, USAF, station id); "None" for nsrdb, as the real service printed it.
     */
    location: string;
    /**
     * City of the header as read (TMY3 keeps its quotes); for nsrdb the solar dataset query's city ("").
     */
    city: string;
    /**
     * State of the header as read (CO); for nsrdb the solar dataset query's state (Colorado).
     */
    state: string;
    /**
     * Name of the weather file (94018.tm2, W10502N4001.csv); for the synthetic sample, the name a real file of that station would have.
     */
    solar_resource_file: string;
    /**
     * Distance from the requested point to the station, metres (0 for file_id requests).
     */
    distance: number;
  };
  /**
   * Monthly and annual results; with timeframe=hourly also the hourly arrays.
   */
  outputs: {
    /**
     * AC system output per month, kWhac: 12 values, January first.
     */
    ac_monthly: (number | null)[];
    /**
     * Plane-of-array irradiation per month, kWh/m²: 12 values.
     */
    poa_monthly: (number | null)[];
    /**
     * Mean daily plane-of-array irradiation per month, kWh/m²/day: 12 values.
     */
    solrad_monthly: (number | null)[];
    /**
     * DC array output per month, kWhdc: 12 values.
     */
    dc_monthly: (number | null)[];
    /**
     * Annual AC system output, kWhac.
     */
    ac_annual: number | null;
    /**
     * Annual solar radiation: the mean of the 12 monthly values, kWh/m²/day.
     */
    solrad_annual: number | null;
    /**
     * AC output over DC nameplate × 8760 h, percent.
     */
    capacity_factor: number | null;
    /**
     * Hourly (timeframe=hourly only): AC output, Wac; one value per weather record (8760 for an hourly file).
     */
    ac?: (number | null)[];
    /**
     * Hourly (timeframe=hourly only): Plane-of-array irradiance (after shading, before cover loss), W/m²; one value per weather record (8760 for an hourly file).
     */
    poa?: (number | null)[];
    /**
     * Hourly (timeframe=hourly only): Beam normal irradiance of the weather file, W/m²; one value per weather record (8760 for an hourly file).
     */
    dn?: (number | null)[];
    /**
     * Hourly (timeframe=hourly only): DC output, Wdc; one value per weather record (8760 for an hourly file).
     */
    dc?: (number | null)[];
    /**
     * Hourly (timeframe=hourly only): Diffuse horizontal irradiance of the weather file, W/m²; one value per weather record (8760 for an hourly file).
     */
    df?: (number | null)[];
    /**
     * Hourly (timeframe=hourly only): Ambient temperature, °C; one value per weather record (8760 for an hourly file).
     */
    tamb?: (number | null)[];
    /**
     * Hourly (timeframe=hourly only): Module temperature (ambient at night), °C; one value per weather record (8760 for an hourly file).
     */
    tcell?: (number | null)[];
    /**
     * Hourly (timeframe=hourly only): Wind speed of the weather file, m/s; one value per weather record (8760 for an hourly file).
     */
    wspd?: (number | null)[];
  };
}
/**
 * The request's parameters echoed as strings, in request order (the last of a repeated one); api_key and format are not echoed, nor parameters the endpoint does not take.
 */
export interface PvwattsV6Inputs {
  [k: string]: string;
}
/**
 * The simulation engine: ours, not NREL's SAM Simulation Core. version is the engine's own integer version; build names it.
 */
export interface PvwattsV6SscInfo {
  version: number;
  build: string;
}
