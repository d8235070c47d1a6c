// The sample's EV charging units (ev_charging_units, as the AFDC API's JSON gives them): for each
// electric station, units whose ports add up to its Level 1, Level 2 and DC fast counts, with the
// connectors stations.ts drew for each level and a power typical of the connector at that level.
// They come from a random stream of their own, so that adding them left every other field of every
// station as it was.
import { Random } from './random.ts';

type Station = Record<string, unknown>;

interface Connector {
  power_kw: number | null;
  port_count: number;
}

export interface ChargingUnit {
  network: string | null;
  connectors: Record<string, Connector>;
  port_count: number;
  charging_level: '1' | '2' | 'dc_fast';
  funding_sources: string[];
}

/** Power in kW by connector type at a charging level, with the share of units that have it. */
// biome-ignore format: a table reads best packed
const POWER_KW: Record<string, Record<string, Record<string, number>>> = {
  '1': { NEMA520: { '1.4': 0.5, '1.9': 0.5 } },
  '2': {
    J1772: { '6.2': 0.1, '6.6': 0.35, '7.2': 0.25, '7.7': 0.1, '9.6': 0.1, '11.5': 0.05, '19.2': 0.05 },
    TESLA: { '7.7': 0.2, '11.5': 0.6, '17.2': 0.2 },
  },
  dc_fast: {
    J1772COMBO: { '50': 0.4, '62.5': 0.15, '150': 0.25, '350': 0.2 },
    CHADEMO: { '50': 0.8, '62.5': 0.2 },
    TESLA: { '72': 0.2, '150': 0.3, '250': 0.5 },
  },
};
/** Networks that build only fast units of one power class (their CCS ports). */
const HIGH_POWER_NETWORKS: Record<string, Record<string, number>> = {
  'Electrify America': { '150': 0.5, '350': 0.5 },
  'EVgo Network': { '100': 0.4, '350': 0.6 },
};
/** The share of units whose power the network never reported. */
const UNREPORTED_POWER = 0.02;

/** A stream of its own per sample seed (the station draws use `seed`, their details detailsRandom's). */
export function chargingUnitsRandom(seed: number): Random {
  return new Random((seed ^ 0xc4a26e) >>> 0);
}

function power(random: Random, level: string, connector: string, network: string | null): number | null {
  if (random.chance(UNREPORTED_POWER)) return null;
  const shares = (level === 'dc_fast' && connector === 'J1772COMBO' && network ? HIGH_POWER_NETWORKS[network] : undefined) ?? POWER_KW[level][connector];
  return Number(random.weighted(shares));
}

/**
 * One level's units: `ports` in all, a Level 2 unit holding one or two ports (most are dual), a
 * Level 1 or DC fast unit one. A DC fast port with two connector types (CHAdeMO and CCS) has both
 * on the unit, a port each: either plug charges through it.
 */
function levelUnits(random: Random, station: Station, level: ChargingUnit['charging_level'], ports: number, connectorTypes: string[]): ChargingUnit[] {
  const network = station.ev_network as string | null;
  const units: ChargingUnit[] = [];
  let left = ports;
  while (left > 0) {
    const portCount = level === '2' && left >= 2 && random.chance(0.7) ? 2 : 1;
    left -= portCount;
    const connectors: Record<string, Connector> = {};
    for (const type of connectorTypes) connectors[type] = { power_kw: power(random, level, type, network), port_count: portCount };
    units.push({ network, connectors, port_count: portCount, charging_level: level, funding_sources: (station.funding_sources as string[] | null) ?? [] });
  }
  return units;
}

/** The charging units of a drawn station (its counts, connectors, network and funding), or null for a station that is not electric. */
export function chargingUnits(random: Random, station: Station): ChargingUnit[] | null {
  if (station.fuel_type_code !== 'ELEC') return null;
  // What stations.ts drew: NEMA520 at Level 1, J1772 or TESLA at Level 2, CHAdeMO and CCS (or Tesla's own) at DC fast.
  const drawn = station.ev_connector_types as string[];
  const ofLevel2 = drawn.filter((type) => type === 'J1772' || type === 'TESLA').slice(0, 1);
  const ofDcFast = drawn.filter((type) => type === 'CHADEMO' || type === 'J1772COMBO');
  return [
    ...levelUnits(random, station, '1', (station.ev_level1_evse_num as number | null) ?? 0, ['NEMA520']),
    ...levelUnits(random, station, '2', (station.ev_level2_evse_num as number | null) ?? 0, ofLevel2),
    ...levelUnits(random, station, 'dc_fast', (station.ev_dc_fast_num as number | null) ?? 0, ofDcFast.length ? ofDcFast : ['TESLA']),
  ];
}
