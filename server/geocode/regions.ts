// The states (with the District of Columbia) and the provinces and territories that a location may
// name, by code or by name, and the admin1 code the GeoNames gazetteer files their places under.

export type Country = 'US' | 'CA';

export interface Region {
  /** The postal abbreviation: `CO`, `ON`. */
  code: string;
  country: Country;
  /** The names people type, the official one first. */
  names: string[];
  /** GeoNames' admin1 code: the postal abbreviation in the U.S., a number in Canada (admin1CodesASCII.txt). */
  geonamesAdmin1: string;
}

const state = (code: string, name: string): Region => ({ code, country: 'US', names: [name], geonamesAdmin1: code });
const province = (code: string, geonamesAdmin1: string, ...names: string[]): Region => ({ code, country: 'CA', names, geonamesAdmin1 });

// biome-ignore format: a table reads best one region a line
export const REGIONS: readonly Region[] = [
  state('AL', 'Alabama'), state('AK', 'Alaska'), state('AZ', 'Arizona'), state('AR', 'Arkansas'),
  state('CA', 'California'), state('CO', 'Colorado'), state('CT', 'Connecticut'), state('DE', 'Delaware'),
  state('DC', 'District of Columbia'), state('FL', 'Florida'), state('GA', 'Georgia'), state('HI', 'Hawaii'),
  state('ID', 'Idaho'), state('IL', 'Illinois'), state('IN', 'Indiana'), state('IA', 'Iowa'),
  state('KS', 'Kansas'), state('KY', 'Kentucky'), state('LA', 'Louisiana'), state('ME', 'Maine'),
  state('MD', 'Maryland'), state('MA', 'Massachusetts'), state('MI', 'Michigan'), state('MN', 'Minnesota'),
  state('MS', 'Mississippi'), state('MO', 'Missouri'), state('MT', 'Montana'), state('NE', 'Nebraska'),
  state('NV', 'Nevada'), state('NH', 'New Hampshire'), state('NJ', 'New Jersey'), state('NM', 'New Mexico'),
  state('NY', 'New York'), state('NC', 'North Carolina'), state('ND', 'North Dakota'), state('OH', 'Ohio'),
  state('OK', 'Oklahoma'), state('OR', 'Oregon'), state('PA', 'Pennsylvania'), state('RI', 'Rhode Island'),
  state('SC', 'South Carolina'), state('SD', 'South Dakota'), state('TN', 'Tennessee'), state('TX', 'Texas'),
  state('UT', 'Utah'), state('VT', 'Vermont'), state('VA', 'Virginia'), state('WA', 'Washington'),
  state('WV', 'West Virginia'), state('WI', 'Wisconsin'), state('WY', 'Wyoming'),
  province('AB', '01', 'Alberta'),
  province('BC', '02', 'British Columbia'),
  province('MB', '03', 'Manitoba'),
  province('NB', '04', 'New Brunswick'),
  province('NL', '05', 'Newfoundland and Labrador', 'Newfoundland'),
  province('NS', '07', 'Nova Scotia'),
  province('ON', '08', 'Ontario'),
  province('PE', '09', 'Prince Edward Island'),
  province('QC', '10', 'Quebec'),
  province('SK', '11', 'Saskatchewan'),
  province('YT', '12', 'Yukon', 'Yukon Territory'),
  province('NT', '13', 'Northwest Territories'),
  province('NU', '14', 'Nunavut'),
];

/** Accents and case aside: `québec` and `Quebec` are one name. */
function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

const byCode = new Map(REGIONS.map((region) => [folded(region.code), region]));
const byName = new Map(REGIONS.flatMap((region) => region.names.map((name) => [folded(name), region] as const)));

/** The most words a region's name has ("Newfoundland and Labrador"). */
export const MOST_WORDS_IN_A_REGION_NAME = Math.max(...REGIONS.flatMap((region) => region.names.map((name) => name.split(' ').length)));

/** The region that `text` names by its code or one of its names, in any case, with or without accents. */
export function regionNamed(text: string): Region | undefined {
  const key = folded(text.trim());
  return byCode.get(key) ?? byName.get(key);
}

/** The region that `text` names by one of its names: a code alone (`IN`, `OR`, `ON`) is too often a word. */
export function regionNamedInFull(text: string): Region | undefined {
  return byName.get(folded(text.trim()));
}
