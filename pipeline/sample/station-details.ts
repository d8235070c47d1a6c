// The sample station's fields that only today's record has (the 75-column export's per-fuel details,
// French texts, funding, network ids), from what stations.ts already drew for it. They come from a
// random stream of their own, so that adding them left every earlier field of every station as it was.
import { Random } from './random.ts';

type Station = Record<string, unknown>;

const FRENCH_ACCESS: Record<string, string> = { Public: 'Public', Private: 'Privé' };
const RENEWABLE_SOURCES = ['NONE', 'SOLAR', 'WIND', 'HYDRO'];
const NETWORK_ID_PREFIXES: Record<string, string> = { 'ChargePoint Network': 'USCPIL', 'Blink Network': 'USBLNK', 'EV Connect': 'USEVC' };
const FUNDING_SOURCES = ['NEVI', 'CFI', 'EVC_RAA', 'CMAQ', 'CRP', 'OTHER'];
const NATIONAL_PARK_UNITS: Record<string, string[]> = {
  WA: ['Olympic National Park', 'Mount Rainier National Park'],
  CA: ['Yosemite National Park', 'Joshua Tree National Park'],
  CO: ['Rocky Mountain National Park'],
  MA: ['Cape Cod National Seashore'],
};

/** A stream of its own per sample seed (the station draws use `seed`). */
export function detailsRandom(seed: number): Random {
  return new Random((seed ^ 0x5eed) >>> 0);
}

export function currentDetails(random: Random, station: Station): Station {
  const fuel = station.fuel_type_code as string;
  const network = station.ev_network as string | null;
  const isCng = fuel === 'CNG';
  const isLng = fuel === 'LNG';
  const networkPrefix = network ? NETWORK_ID_PREFIXES[network] : undefined;
  const posts = networkPrefix ? Math.max(1, (station.ev_level2_evse_num as number | null) ?? 1) : 0;
  const parkUnits = NATIONAL_PARK_UNITS[station.state as string];
  return {
    intersection_directions_fr: null,
    access_days_time_fr: station.access_days_time === '24 hours daily' && random.chance(0.3) ? '24 heures par jour' : null,
    bd_blends_fr: null,
    groups_with_access_code_fr: FRENCH_ACCESS[station.groups_with_access_code as string] ?? null,
    hy_is_retail: fuel === 'HY' ? random.chance(0.8) : null,
    cng_dispenser_num: isCng ? random.int(1, 4) : null,
    cng_renewable_source: isCng && random.chance(0.5) ? random.pick(RENEWABLE_SOURCES) : null,
    cng_total_compression: isCng && random.chance(0.4) ? random.int(3, 90) * 10 : null,
    cng_total_storage: isCng && random.chance(0.3) ? random.int(5, 80) * 1000 : null,
    lng_renewable_source: isLng && random.chance(0.5) ? random.pick(RENEWABLE_SOURCES) : null,
    e85_other_ethanol_blends: fuel === 'E85' && random.chance(0.2) ? random.pick([['E15'], ['E15', 'E20-E25', 'E30-E35']]) : null,
    ev_pricing_fr: null,
    lpg_nozzle_types: fuel === 'LPG' ? random.pick([['ACME'], ['ACME', 'QUICK_CONNECT'], ['QUICK_CONNECT']]) : null,
    hy_pressures: fuel === 'HY' ? random.pick([['700'], ['350', '700']]) : null,
    hy_standards: fuel === 'HY' ? ['SAE_J2601'] : null,
    cng_fill_type_code: isCng ? station.ng_fill_type_code : null,
    cng_psi: isCng ? station.ng_psi : null,
    cng_vehicle_class: isCng ? station.ng_vehicle_class : null,
    lng_vehicle_class: isLng ? station.ng_vehicle_class : null,
    ev_renewable_source: fuel === 'ELEC' && random.chance(0.03) ? random.pick(RENEWABLE_SOURCES) : null,
    rd_blends: fuel === 'RD' ? random.pick(['RD55', 'RD99', 'RD100']) : null,
    rd_blends_fr: null,
    rd_blended_with_biodiesel: fuel === 'RD' ? (random.chance(0.9) ? 'Y' : 'N') : null,
    rd_max_biodiesel_level: fuel === 'RD' && random.chance(0.9) ? '20' : null,
    nps_unit_name: parkUnits && random.chance(0.01) ? random.pick(parkUnits) : null,
    cng_has_rng: isCng && random.chance(0.7) ? random.chance(0.7) : null,
    lng_has_rng: isLng && random.chance(0.7) ? random.chance(0.5) : null,
    ev_workplace_charging: fuel === 'ELEC' ? random.chance(0.02) : null,
    funding_sources: fuel === 'ELEC' && random.chance(0.005) ? [random.pick(FUNDING_SOURCES)] : null,
    ev_network_station_ids: networkPrefix ? [`${networkPrefix}${random.int(1_000_000, 9_999_999)}`] : null,
    ev_network_post_ids: networkPrefix ? Array.from({ length: posts }, () => String(random.int(1_000_000, 99_999_999))) : null,
  };
}
