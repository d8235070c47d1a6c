// Every endpoint the server answers, and the paths of the real service it does not answer yet.
import { buildingResourceEndpoints } from './building-resources.ts';
import { dataQueryEndpoints } from './data-query.ts';
import { fuelStationEndpoints } from './fuel-stations.ts';
import { lastUpdatedEndpoint } from './fuel-stations-last-updated.ts';
import { pvwattsEndpoints } from './pvwatts.ts';
import type { Endpoint } from './types.ts';

// A new endpoint goes last: the hostile suite seeds each endpoint's requests by its place in this list.
export const endpoints: Endpoint[] = [...fuelStationEndpoints, ...buildingResourceEndpoints, ...dataQueryEndpoints, ...pvwattsEndpoints, lastUpdatedEndpoint];

/**
 * Paths of the real service that no endpoint here answers: the gateway's 404, as any unknown path,
 * and never read by a path with a parameter (`/v1/:id` would take `nearby-route` for a station id).
 * An endpoint that comes to answer one takes it off this list.
 */
export const unimplementedPaths = ['/api/alt-fuel-stations/v1/nearby-route'];
