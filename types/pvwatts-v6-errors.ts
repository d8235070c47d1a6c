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
 * A 422 of the estimator (DECISIONS.md §5; the v5 error sample): the envelope with errors filled, no station_info, and outputs {} (XML <outputs>\n  </outputs>). One message per failing parameter, e.g. 'inv_eff' must be between 90 and 99.5; or the location's problem (Unable to load data file for file_id specified: "0-99999"; no station within radius).
 */
export interface PvwattsV6Errors {
  inputs: PvwattsV6Inputs;
  /**
   * Why the request failed, one message per problem.
   *
   * @minItems 1
   */
  errors: [string, ...string[]];
  warnings: PvwattsV6Warnings;
  version: PvwattsV6Version;
  ssc_info: PvwattsV6SscInfo;
  /**
   * Always empty.
   */
  outputs: {};
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
