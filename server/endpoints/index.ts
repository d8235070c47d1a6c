// Every endpoint the server answers.
import { buildingResourceEndpoints } from './building-resources.ts';
import { dataQueryEndpoints } from './data-query.ts';
import { fuelStationEndpoints } from './fuel-stations.ts';
import { pvwattsEndpoints } from './pvwatts.ts';
import type { Endpoint } from './types.ts';

export const endpoints: Endpoint[] = [...fuelStationEndpoints, ...buildingResourceEndpoints, ...dataQueryEndpoints, ...pvwattsEndpoints];
