// Alternative fuel stations v1, last-updated: when the served stations were last updated, that is
// the newest updated_at of the data set (null when it holds no station). JSON only, as documented.
import type { FuelStationsLastUpdated } from '../../types/schemas.ts';
import type { View } from '../formats/render.ts';
import { FUEL_STATIONS_TAG } from './fuel-stations.ts';
import type { Endpoint } from './types.ts';

const view: View = { schemaId: '/api/schemas/fuel-stations-last-updated.schema.json' };

export const lastUpdatedEndpoint: Endpoint = {
  paths: ['/api/alt-fuel-stations/v1/last-updated'],
  parameters: '/api/schemas/params/fuel-stations-last-updated.params.schema.json',
  // It cannot fail: no parameter to get wrong, and a data set without stations is `null`.
  responses: { ok: view.schemaId, errors: {} },
  docs: { tag: FUEL_STATIONS_TAG, summary: 'When the served stations were last updated: the newest updated_at of the data set.' },
  formats: ['json'],
  defaultFormat: 'json',
  // Drawn on the fuel-station endpoints' daily limit, as the list, nearest and by id are.
  limitGroup: 'fuel-stations',
  async handle({ data }) {
    return { view, data: { last_updated: data.stations.lastUpdated } satisfies FuelStationsLastUpdated };
  },
};
