// Every data set the pipeline builds, in build order.
import { fuelStations } from './fuel-stations.ts';
import type { DatasetBuilder } from './types.ts';

export const datasetBuilders: DatasetBuilder[] = [fuelStations];
