// The climate datasets, in the order the data query prints them: the `dataset` enum of the climate
// station schema, read from it so that the pipeline and the server never write the list again.
import { schemaById } from '../schemas/registry.ts';
import type { ClimateStation } from '../types/schemas.ts';

export type ClimateDataset = ClimateStation['dataset'];

const datasetProperty = (schemaById('/api/schemas/climate-station.schema.json').properties as Record<string, { enum: ClimateDataset[] }>).dataset;

export const CLIMATE_DATASETS: readonly ClimateDataset[] = Object.freeze([...datasetProperty.enum]);
