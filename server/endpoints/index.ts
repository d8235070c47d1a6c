// Every endpoint the server answers.
import { fuelStationEndpoints } from './fuel-stations.ts';
import type { Endpoint } from './types.ts';

export const endpoints: Endpoint[] = [...fuelStationEndpoints];
