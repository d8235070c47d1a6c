// Every endpoint the server answers, and the paths of the real service it does not answer yet.
import { buildingResourceEndpoints } from './building-resources.ts';
import { dataQueryEndpoints } from './data-query.ts';
import { fuelStationEndpoints } from './fuel-stations.ts';
import { electricNetworksEndpoint } from './fuel-stations-electric-networks.ts';
import { evChargingUnitsEndpoint } from './fuel-stations-ev-charging-units.ts';
import { lastUpdatedEndpoint } from './fuel-stations-last-updated.ts';
import { nearbyRouteEndpoint } from './fuel-stations-nearby-route.ts';
import { nsrdbDataQueryEndpoint } from './nsrdb-data-query.ts';
import { nsrdbDownloadEndpoints } from './nsrdb-downloads.ts';
import { pvwattsEndpoints } from './pvwatts.ts';
import { pvwattsV8Endpoint } from './pvwatts-v8.ts';
import { solarResourceEndpoint } from './solar-resource.ts';
import type { StationRecordGeneration } from '../formats/views/fuel-stations.ts';
import type { Endpoint } from './types.ts';

/**
 * The endpoints of a deployment, whose fuel-station endpoints answer with its STATION_RECORD. A new
 * endpoint goes last: the hostile suite seeds each endpoint's requests by its place in this list.
 */
export function endpointsFor(stationRecord: StationRecordGeneration): Endpoint[] {
  return [
    ...fuelStationEndpoints(stationRecord),
    ...buildingResourceEndpoints,
    ...dataQueryEndpoints,
    ...pvwattsEndpoints,
    lastUpdatedEndpoint,
    nearbyRouteEndpoint(stationRecord),
    pvwattsV8Endpoint,
    electricNetworksEndpoint,
    evChargingUnitsEndpoint(stationRecord),
    solarResourceEndpoint,
    ...nsrdbDownloadEndpoints,
    nsrdbDataQueryEndpoint,
  ];
}

/** The endpoints of a default deployment (STATION_RECORD=current). */
export const endpoints = endpointsFor('current');

/**
 * Paths of the real service that no endpoint here answers: the gateway's 404, as any unknown path,
 * and never read by a path with a parameter (`/v1/:id` would take `nearby-route` for a station id).
 * An endpoint that comes to answer one takes it off this list.
 */
export const unimplementedPaths: string[] = [];
