/* Generated from schemas/ by `npm run types` (json-schema-to-typescript). Do not edit. */

/**
 * Counts over every station matching the filters (limit ignored). ELEC.total counts charging outlets, ELEC.stations.total counts stations; total is the sum of the fuels' totals.
 */
export interface StationCounts {
  total: number;
  fuels: {
    BD: FuelCount;
    E85: FuelCount;
    ELEC: ElecCount;
    HY: FuelCount;
    LNG: FuelCount;
    CNG: FuelCount;
    LPG: FuelCount;
    RD: FuelCount;
  };
}
export interface FuelCount {
  total: number;
}
export interface ElecCount {
  /**
   * Charging outlets.
   */
  total: number;
  stations: {
    total: number;
  };
}
