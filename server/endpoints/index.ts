// Every endpoint the server answers.
import { buildingResourceEndpoints } from './building-resources.ts';
import { dataQueryEndpoints } from './data-query.ts';
import { fuelStationEndpoints } from './fuel-stations.ts';
import { lastUpdatedEndpoint } from './fuel-stations-last-updated.ts';
import { pvwattsEndpoints } from './pvwatts.ts';
import type { Endpoint } from './types.ts';

// A new endpoint goes last: the hostile suite seeds each endpoint's requests by its place in this list.
export const endpoints: Endpoint[] = [...fuelStationEndpoints, ...buildingResourceEndpoints, ...dataQueryEndpoints, ...pvwattsEndpoints, lastUpdatedEndpoint];
