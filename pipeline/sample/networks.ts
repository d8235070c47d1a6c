// The sample's EV charging networks (docs/decisions.md §3.12): what the electric-networks answer says of
// each network the sample's stations name (stations.ts draws them), as the real service's documentation
// shows those networks, with the sample's own twists: Volta and SemaConnect, whose stations the sample
// still has, are removed networks (each acquired by another), so that include_inactive has something
// to show. No random draw: the networks are a table, and what the table leaves out (the web site, the
// countries, the last import) comes from the stations (electric-networks.ts: networksOf), so they agree.
import type { NetworkRecord } from '../datasets/electric-networks.ts';

type Given = Pick<NetworkRecord, 'key'> & Partial<NetworkRecord>;

const listed = (key: string, evchart_key: string, name: string, date_added: string | null, import_type: string, more: Partial<NetworkRecord> = {}): Given => ({
  key,
  evchart_key,
  name,
  name_fr: name,
  date_added,
  date_removed: null,
  import_type,
  real_time_status_api: null,
  transition_network_key: null,
  transition_note: null,
  transition_timeframe: null,
  ...more,
});

// biome-ignore format: a table reads best packed
const SAMPLE_NETWORKS: Given[] = [
  listed('AMPUP', 'ampup', 'AmpUp', '2020-12-02', 'CSV'),
  listed('Blink Network', 'blink', 'Blink', '2013-01-01', 'API', { transition_note: 'SemaConnect' }),
  listed('ChargePoint Network', 'chargepoint', 'ChargePoint', '2013-01-01', 'API'),
  listed('EV Connect', 'ev_connect', 'EV Connect', '2016-03-01', 'API'),
  listed('EVgo Network', 'evgo', 'EVgo', '2013-01-01', 'API'),
  listed('Electrify America', 'electrify_america', 'Electrify America', '2018-06-14', 'API'),
  listed('FLO', 'flo', 'FLO', '2018-05-03', 'API'),
  listed('Non-Networked', 'non_networked', 'Non-Networked', null, 'Manual', { name_fr: 'Non-réseautés', url: null }),
  listed('SEMACHARGE', 'semaconnect', 'SemaConnect', '2013-01-01', 'API', {
    date_removed: '2023-05-31', transition_network_key: 'Blink Network', transition_timeframe: '2022-2023',
  }),
  listed('SHELL_RECHARGE', 'shell_recharge', 'Shell Recharge', '2022-09-12', 'API', { transition_note: 'Shell SKY, Volta, and Greenlots' }),
  listed('Tesla', 'tesla_supercharger', 'Tesla Supercharger', '2015-01-20', 'CSV'),
  listed('Tesla Destination', 'tesla_destination', 'Tesla Destination', '2018-08-13', 'CSV'),
  listed('Volta', 'volta', 'Volta', '2017-02-01', 'API', {
    date_removed: '2024-03-31', transition_network_key: 'SHELL_RECHARGE', transition_timeframe: 'Q1 2024',
  }),
];

/** The sample's networks as a source would give them: those of the table that its stations name. */
export function sampleNetworks(stations: Array<Record<string, unknown>>): Given[] {
  const named = new Set(stations.filter((station) => station.fuel_type_code === 'ELEC').map((station) => station.ev_network));
  return SAMPLE_NETWORKS.filter((network) => named.has(network.key));
}
