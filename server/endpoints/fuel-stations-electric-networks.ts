// Alternative fuel stations v1, electric-networks: every EV charging network of the data set
// (docs/api.md §3.10, docs/decisions.md §3.12), after the entry that stands for all of them, sorted
// by name; those with stations in `country` (US by default), the active ones unless include_inactive.
// JSON only, as documented.
import type { FuelStationsElectricNetworksParameters } from '../../types/schemas.ts';
import type { View } from '../formats/render.ts';
import { parseParams } from '../params.ts';
import { ERRORS, FUEL_STATIONS_TAG, invalid } from './fuel-stations.ts';
import { fuelStationMessage } from './fuel-stations-messages.ts';
import type { Endpoint } from './types.ts';

const PARAMETERS = '/api/schemas/params/fuel-stations-electric-networks.params.schema.json';
const view: View = { schemaId: '/api/schemas/electric-networks.schema.json' };

/** The first entry, the ev_network filter's `all`, as the documentation's example has it. */
const ALL = { key: 'all', name: 'All', name_fr: 'Tous' };

export const electricNetworksEndpoint: Endpoint = {
  paths: ['/api/alt-fuel-stations/v1/electric-networks'],
  parameters: PARAMETERS,
  responses: { ok: view.schemaId, errors: { 422: ERRORS } },
  docs: { tag: FUEL_STATIONS_TAG, summary: 'Every EV charging network, sorted by name, after the entry that stands for all of them.', example: 'country=all' },
  formats: ['json'],
  defaultFormat: 'json',
  limitGroup: 'fuel-stations',
  async handle({ data, query }) {
    const { values, issues } = parseParams<FuelStationsElectricNetworksParameters>(PARAMETERS, query);
    if (issues.length) return invalid(issues.map(fuelStationMessage));
    const countries = values.country ?? ['US'];
    const networks = await data.evNetworks.list({
      countries: countries.includes('all') ? undefined : countries,
      includeInactive: values.include_inactive === 'true',
    });
    return { view, data: [ALL, ...networks] };
  },
};
