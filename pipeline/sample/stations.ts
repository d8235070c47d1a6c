// The sample's fuel stations: a realistic national set at real places (ZIP centroids from the
// `zipcodes` gazetteer), with fuel types, statuses, access, payment, owners, federal agencies,
// EV networks and charging levels in shares like the real AFDC data, and nulls where it has them.
// Not real stations: the manifest and /health say so.
import { zipCodes } from '../../model/zip-codes.ts';
import { MILITARY_MAIL_STATES } from '../datasets/station-places.ts';
import { seedProblem, stationsProblem } from './options.ts';
import { Random, randomDate } from './random.ts';
import { chargingUnits, chargingUnitsRandom } from './charging-units.ts';
import { currentDetails, detailsRandom } from './station-details.ts';

type Station = Record<string, unknown>;

export interface Place {
  zip: string;
  city: string;
  state: string;
  country: 'US' | 'CA';
  latitude: number;
  longitude: number;
}

const STATUS_SHARES = { E: 0.95, P: 0.03, T: 0.02 };
const OWNER_TYPE_SHARES = { P: 0.62, LG: 0.12, T: 0.06, SG: 0.05, FG: 0.08, J: 0.07 };
const FILL_TYPE_SHARES = { Q: 0.8, T: 0.1, B: 0.1 };
const GEOCODE_STATUS_SHARES = { GPS: 0.85, '200-9': 0.09, '200-8': 0.05, '200-6': 0.01 };
const VEHICLE_CLASS_SHARES = { LD: 0.2, MD: 0.3, HD: 0.5 };
const FUEL_SHARES = { ELEC: 0.835, E85: 0.06, LPG: 0.045, CNG: 0.022, BD: 0.012, RD: 0.012, LNG: 0.006, HY: 0.008 };

/** Shares of stations by state, roughly as in the real data; other states share what is left. */
// biome-ignore format: a table reads best packed
const STATE_SHARES: Record<string, number> = {
  CA: 0.26, NY: 0.055, FL: 0.05, TX: 0.05, MA: 0.04, WA: 0.032, GA: 0.025, CO: 0.025, IL: 0.025, NC: 0.025,
  PA: 0.025, MD: 0.022, NJ: 0.02, VA: 0.02, OH: 0.02, MI: 0.02, MN: 0.018, AZ: 0.018, OR: 0.016, MO: 0.015,
  TN: 0.013, WI: 0.013, IN: 0.012, CT: 0.012, UT: 0.012, SC: 0.01,
};
const OTHER_STATE_SHARE = 0.004;
const CANADA_SHARE = 0.02;
const PROVINCES: Record<string, string> = { Ontario: 'ON', Quebec: 'QC', 'British Columbia': 'BC', Alberta: 'AB' };

// biome-ignore format: a table reads best packed
const EV_NETWORKS = {
  'ChargePoint Network': 0.42, 'Non-Networked': 0.12, 'Tesla Destination': 0.07, Tesla: 0.05, 'Blink Network': 0.06,
  SHELL_RECHARGE: 0.04, 'EV Connect': 0.035, 'EVgo Network': 0.035, 'Electrify America': 0.03, AMPUP: 0.025, FLO: 0.025, Volta: 0.02, SEMACHARGE: 0.03,
};
// biome-ignore format: a table reads best packed
const NETWORK_PHONES: Record<string, string> = {
  'ChargePoint Network': '888-758-4389', 'Blink Network': '888-998-2546', Tesla: '877-798-3752', 'Tesla Destination': '877-798-3752',
  'EVgo Network': '877-494-3833', 'Electrify America': '833-632-2778', SHELL_RECHARGE: '855-900-7584', 'EV Connect': '866-816-7584',
};
// biome-ignore format: a table reads best packed
const NETWORK_WEBS: Record<string, string> = {
  'ChargePoint Network': 'http://www.chargepoint.com/', 'Blink Network': 'http://www.blinknetwork.com/', Tesla: 'http://www.teslamotors.com/supercharger',
  'EVgo Network': 'http://www.evgo.com/', 'Electrify America': 'http://www.electrifyamerica.com/', SHELL_RECHARGE: 'https://shellrecharge.com/',
};

/**
 * Federal agencies of the service description: id, code and name as the real exports write them (the
 * codes of agencies absent from the real exports are their usual abbreviations).
 */
const FEDERAL_AGENCIES: Array<[number, string, string]> = [
  [3, 'DOD', 'Defense Agencies'],
  [4, 'USDA', 'U.S. Department of Agriculture'],
  [5, 'DAF', 'Department of Air Force'],
  [6, 'DA', 'Department of Army'],
  [7, 'DOC', 'Department of Commerce'],
  [8, 'DOE', 'U.S. Department of Energy'],
  [9, 'HHS', 'Department of Health and Human Services'],
  [10, 'DHS', 'Department of Homeland Security'],
  [12, 'DOJ', 'Department of Justice'],
  [14, 'DON', 'Department of Navy'],
  [16, 'DOI', 'Department of the Interior'],
  [17, 'DOT', 'Department of Transportation'],
  [19, 'VA', 'Department of Veterans Affairs'],
  [20, 'EPA', 'U.S. Environmental Protection Agency'],
  [22, 'NASA', 'National Aeronautics and Space Administration'],
  [23, 'SI', 'Smithsonian Institution'],
  [24, 'SSA', 'Social Security Administration'],
  [25, 'USPS', 'United States Postal Service'],
  [26, 'USMC', 'Marine Corps'],
];

const STREETS = [
  'Main',
  'Oak',
  'Maple',
  'Cedar',
  'Pine',
  'Elm',
  'Washington',
  'Lake',
  'Hill',
  'Park',
  'Lincoln',
  'Jefferson',
  'Church',
  'Market',
  'Broadway',
  'Center',
  'Highland',
  'Sunset',
  'River',
  'Airport',
  'Commerce',
  'Industrial',
  'Madison',
  'Franklin',
  'Jackson',
  'Union',
  'Spring',
  'Mill',
  'Harbor',
  'Valley',
];
const SUFFIXES = ['St', 'Ave', 'Blvd', 'Rd', 'Dr', 'Ln', 'Way', 'Pkwy', 'Ct', 'Hwy'];
const ELEC_HOSTS = [
  'Walmart',
  'Whole Foods Market',
  'Target',
  'Hampton Inn',
  'Marriott',
  'Hilton Garden Inn',
  'City Hall',
  'Public Library',
  'Community College',
  'Medical Center',
  'Town Center Garage',
  'Nissan Dealer',
  'Ford Dealer',
  "Kohl's",
  'Safeway',
  'Kroger',
  'Office Park',
  'University Parking',
  'Transit Center',
  'Apartments',
];
const HOSTS_BY_FUEL: Record<string, string[]> = {
  CNG: ['Clean Energy', 'Trillium', "Love's", 'City Fleet Yard', 'Gas Company Service Center'],
  LNG: ['Clean Energy', 'Shell', "Love's"],
  LPG: ['U-Haul', 'AmeriGas', 'Ferrellgas', 'Suburban Propane', 'Tractor Supply'],
  E85: ['Kum & Go', "Casey's", 'Murphy USA', 'Sheetz', 'Speedway', 'Cenex'],
  BD: ['Pacific Pride', 'Fleet Depot', 'Co-op Fuel'],
  RD: ['Pacific Pride', 'Propel Fuels', 'Fleet Depot'],
  HY: ['True Zero', 'Shell', 'Iwatani'],
};
const PUBLIC_ACCESS = { Public: 0.8, 'Public - Credit card at all times': 0.1, 'Public - Call ahead': 0.05, 'Public - Card key at all times': 0.05 };
const PRIVATE_ACCESS = { Private: 0.6, 'Private - Government only': 0.2, 'Private - Fleet customers only': 0.15, 'Private - Call ahead': 0.05 };
// biome-ignore format: a table reads best packed
const HOURS = { '24 hours daily': 0.7, 'Dealership business hours': 0.06, 'Contact station for hours of availability': 0.06, '7am-7pm M-F': 0.06, '6am-10pm daily': 0.06, '8am-6pm M-Sat': 0.06 };
const CARD_SETS = [
  'A D M V',
  'A Cash D M V',
  'A D Debit M V',
  'A Cash Checks D M V',
  'A D M V FuelMan Voyager Wright_Exp',
  'CleanEnergy D FuelMan M V Voyager Wright_Exp',
  'A CFN D M V',
  'Cash Checks',
  'A Comdata D M V Voyager',
  'A D GasCard M V',
];

/**
 * Gazetteer entries that are not places a station can be at: military mail (APO/FPO, some at the
 * South Pole) and codes the gazetteer marks "Reserved" (Canada's H0H, Santa Claus at the North Pole).
 */
function isPlace(entry: { state: string; city: string }): boolean {
  return !MILITARY_MAIL_STATES.has(entry.state) && !/^reserved\b/i.test(entry.city);
}

/** How far a station is drawn from its place, in degrees of latitude and of longitude: one deviation of a normal jitter. */
export const PLACE_JITTER_DEG = 0.02;

/** The places stations stand at (ZIP and postal-code centroids), by state, and by `CA:<province>` for Canada. */
export function placesByState(): Map<string, Place[]> {
  const places = new Map<string, Place[]>();
  const codes = zipCodes();
  for (const code of Object.keys(codes).sort()) {
    const entry = codes[code]!;
    const canadian = entry.country !== 'US';
    const state = canadian ? PROVINCES[entry.state] : entry.state;
    if (!state || !isPlace(entry) || !Number.isFinite(entry.latitude) || !Number.isFinite(entry.longitude)) continue;
    if (!canadian && !/^\d{5}$/.test(code)) continue;
    const key = canadian ? `CA:${state}` : state;
    if (!places.has(key)) places.set(key, []);
    places.get(key)!.push({ zip: code, city: entry.city, state, country: canadian ? 'CA' : 'US', latitude: entry.latitude, longitude: entry.longitude });
  }
  return places;
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

function phone(random: Random): string {
  return `${random.int(201, 989)}-${random.int(200, 999)}-${String(random.int(0, 9999)).padStart(4, '0')}`;
}

function canadianPostalCode(random: Random, fsa: string): string {
  const letters = 'ABCEGHJKLMNPRSTVWXYZ';
  return `${fsa} ${random.int(0, 9)}${random.pick([...letters])}${random.int(0, 9)}`;
}

function timestamp(random: Random, from: string, to: string): string {
  const seconds = random.int(0, 86_399);
  const two = (value: number) => String(value).padStart(2, '0');
  const time = `${two(Math.floor(seconds / 3600))}:${two(Math.floor(seconds / 60) % 60)}:${two(seconds % 60)}`;
  return `${randomDate(random, from, to)}T${time}Z`;
}

export function generateStations(seed: number, count: number): Station[] {
  const problems = [seedProblem(seed), stationsProblem(count)].filter(Boolean);
  if (problems.length) throw new RangeError(`generateStations: ${problems.join('; ')}`);
  const random = new Random(seed);
  const detailRandom = detailsRandom(seed);
  const unitRandom = chargingUnitsRandom(seed);
  const places = placesByState();
  const usStates = [...places.keys()].filter((key) => !key.startsWith('CA:'));
  const stateWeights: Record<string, number> = {};
  for (const state of usStates) stateWeights[state] = STATE_SHARES[state] ?? OTHER_STATE_SHARE;
  const provinces = [...places.keys()].filter((key) => key.startsWith('CA:'));

  const stations: Station[] = [];
  for (let index = 0; index < count; index++) {
    const stateKey = random.chance(CANADA_SHARE) ? random.pick(provinces) : random.weighted(stateWeights);
    const place = random.pick(places.get(stateKey)!);
    const drawn = station(random, 1000 + index * 3 + random.int(0, 2), place);
    const detailed = Object.assign(drawn, currentDetails(detailRandom, drawn));
    detailed.ev_charging_units = chargingUnits(unitRandom, detailed);
    stations.push(detailed);
  }
  return stations;
}

function station(random: Random, id: number, place: Place): Station {
  const fuel = random.weighted(FUEL_SHARES);
  const status = random.weighted(STATUS_SHARES);
  const isPrivate = random.chance(fuel === 'CNG' || fuel === 'BD' || fuel === 'RD' ? 0.35 : 0.1);
  const network = fuel === 'ELEC' ? random.weighted(EV_NETWORKS) : null;
  const networked = network !== null && network !== 'Non-Networked';
  const host = fuel === 'ELEC' ? random.pick(ELEC_HOSTS) : random.pick(HOSTS_BY_FUEL[fuel]);
  const ownerType = networked && random.chance(0.75) ? null : random.weighted(OWNER_TYPE_SHARES);
  const agency = ownerType === 'FG' ? random.pick(FEDERAL_AGENCIES) : null;
  const updatedAt = timestamp(random, '2021-03-01', '2025-11-14');
  const openDate =
    fuel === 'LPG' ? null : random.chance(0.9) ? randomDate(random, fuel === 'ELEC' ? '2011-01-01' : '1995-01-01', updatedAt.slice(0, 10)) : null;
  const dcFast =
    fuel === 'ELEC' && (network === 'Tesla' || network === 'Electrify America' || network === 'EVgo Network' || random.chance(0.08)) ? random.int(1, 12) : null;
  const level2 = fuel === 'ELEC' && (dcFast === null || random.chance(0.2)) ? random.int(1, 20) : null;
  const level1 = fuel === 'ELEC' && (random.chance(0.04) || (level2 === null && dcFast === null)) ? random.int(1, 4) : null;
  const connectors =
    fuel !== 'ELEC'
      ? null
      : [
          ...(level1 !== null ? ['NEMA520'] : []),
          ...(level2 !== null ? [network?.startsWith('Tesla') ? 'TESLA' : 'J1772'] : []),
          ...(dcFast !== null ? (network === 'Tesla' ? ['TESLA'] : random.chance(0.5) ? ['CHADEMO', 'J1772COMBO'] : ['J1772COMBO']) : []),
        ];
  const access = isPrivate ? random.weighted(PRIVATE_ACCESS) : random.weighted(PUBLIC_ACCESS);
  const latitude = round(place.latitude + random.normal(0, PLACE_JITTER_DEG), 6);
  const longitude = round(place.longitude + random.normal(0, PLACE_JITTER_DEG), 6);
  const isCng = fuel === 'CNG';
  return {
    id,
    fuel_type_code: fuel,
    station_name: `${host} - ${place.city}`,
    street_address: `${random.int(1, 9999)} ${random.pick(STREETS)} ${random.pick(SUFFIXES)}`,
    intersection_directions: random.chance(0.3)
      ? random.pick(['Parking lot', 'Level P2', 'Near main entrance', 'Rear parking lot', `${random.pick(STREETS)} ${random.pick(SUFFIXES)} exit`])
      : null,
    city: place.city,
    state: place.state,
    zip: place.country === 'CA' ? canadianPostalCode(random, place.zip) : place.zip,
    plus4: place.country === 'US' && random.chance(0.02) ? String(random.int(1, 9999)).padStart(4, '0') : null,
    station_phone: network && NETWORK_PHONES[network] ? NETWORK_PHONES[network] : random.chance(0.9) ? phone(random) : null,
    status_code: status,
    expected_date: status === 'P' || (status === 'T' && random.chance(0.5)) ? randomDate(random, '2025-12-01', '2027-06-30') : null,
    groups_with_access_code: status === 'T' ? `TEMPORARILY UNAVAILABLE (${isPrivate ? 'Private' : 'Public'})` : access,
    access_days_time: random.chance(0.92) ? random.weighted(HOURS) : null,
    cards_accepted: fuel === 'ELEC' ? (random.chance(0.15) ? random.pick(CARD_SETS.slice(0, 3)) : null) : random.pick(CARD_SETS),
    bd_blends: fuel === 'BD' ? random.pick(['B20', 'B99', 'B100', 'B5-B20', 'B20 in summer, B5 in winter']) : null,
    ng_fill_type_code: isCng ? random.weighted(FILL_TYPE_SHARES) : null,
    ng_psi: isCng ? random.pick(['3600', '3000 3600', '3000']) : null,
    ev_level1_evse_num: level1,
    ev_level2_evse_num: level2,
    ev_dc_fast_num: dcFast,
    ev_other_evse: null,
    ev_network: network,
    ev_network_web: network ? (NETWORK_WEBS[network] ?? null) : null,
    geocode_status: random.weighted(GEOCODE_STATUS_SHARES),
    latitude,
    longitude,
    date_last_confirmed: random.chance(0.97) ? randomDate(random, '2020-01-01', updatedAt.slice(0, 10)) : null,
    updated_at: updatedAt,
    owner_type_code: ownerType,
    federal_agency_id: agency ? agency[0] : null,
    federal_agency_code: agency ? agency[1] : null,
    federal_agency_name: agency ? agency[2] : null,
    open_date: openDate,
    hy_status_link: fuel === 'HY' ? 'https://h2stationmaps.com/' : null,
    ng_vehicle_class: isCng || fuel === 'LNG' ? random.weighted(VEHICLE_CLASS_SHARES) : null,
    lpg_primary: fuel === 'LPG' ? random.chance(0.4) : null,
    e85_blender_pump: fuel === 'E85' ? random.chance(0.25) : null,
    ev_connector_types: connectors,
    country: place.country,
    access_code: isPrivate ? 'private' : 'public',
    access_detail_code: null,
    facility_type:
      fuel === 'ELEC' && random.chance(0.3)
        ? random.pick(['HOTEL', 'PAY_GARAGE', 'CAR_DEALER', 'PARKING_LOT', 'OFFICE_BLDG', 'SHOPPING_CENTER', 'MUNI_GOV'])
        : null,
    ev_pricing: fuel === 'ELEC' && random.chance(0.2) ? random.pick(['Free', '$0.25 per kWh', '$2.00 per hour', '$0.48 per kWh']) : null,
    restricted_access: random.chance(0.3) ? isPrivate : null,
    maximum_vehicle_class: isCng || fuel === 'LNG' ? random.weighted(VEHICLE_CLASS_SHARES) : null,
  };
}
