// Every data set the pipeline builds, in build order.
import { buildingResources } from './building-resources.ts';
import { climate } from './climate.ts';
import { fuelStations } from './fuel-stations.ts';
import type { DatasetBuilder } from './types.ts';

export const datasetBuilders: DatasetBuilder[] = [fuelStations, buildingResources, climate];
