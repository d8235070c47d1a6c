// Offline geocoding of the nearest endpoint's `location`: ZIP codes (and Canadian postal codes),
// "City, ST", and addresses that contain either, from the `zipcodes` gazetteer. The precision
// record says what matched, as the real service's geocoder reported it.
import zipcodes from 'zipcodes';

export interface Precision {
  value: number;
  name: string;
  types: string[];
}

export interface Geocoded {
  latitude: number;
  longitude: number;
  precision: Precision;
}

const POSTAL_CODE: Precision = { value: 5, name: 'postal_code', types: ['postal_code'] };
const LOCALITY: Precision = { value: 4, name: 'locality', types: ['locality', 'political'] };

const US_ZIP = /(?:^|[^\d])(\d{5})(?:-\d{4})?(?![\d])/;
const CANADIAN_POSTAL = /\b([A-Za-z]\d[A-Za-z])\s?\d[A-Za-z]\d\b/;

/** State (and province) codes by lower-case code or full name. */
const stateCodes = new Map<string, string>();
for (const [code, name] of Object.entries(zipcodes.states.abbr as unknown as Record<string, string>)) {
  stateCodes.set(code.toLowerCase(), code);
  stateCodes.set(name.toLowerCase(), code);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

function byPostalCode(location: string): Geocoded | undefined {
  const us = US_ZIP.exec(location);
  const entry = us ? zipcodes.lookup(us[1]) : undefined;
  if (entry) return { latitude: entry.latitude, longitude: entry.longitude, precision: POSTAL_CODE };
  const canadian = CANADIAN_POSTAL.exec(location);
  const fsa = canadian ? zipcodes.lookup(canadian[1].toUpperCase()) : undefined;
  if (fsa) return { latitude: fsa.latitude, longitude: fsa.longitude, precision: POSTAL_CODE };
  return undefined;
}

/** "Golden, CO", "Golden CO", "1617 Cole Blvd, Golden, Colorado 80401, USA": the city is the words before the state. */
function byCityAndState(location: string): Geocoded | undefined {
  const words = location
    .replace(/\b(USA|U\.S\.A\.|United States( of America)?)\b\.?/gi, ' ')
    .replace(US_ZIP, ' ')
    .split(/[\s,]+/)
    .filter(Boolean);
  for (let end = words.length; end > 0; end--) {
    for (const stateWords of [2, 1]) {
      if (end - stateWords < 1) continue;
      const state = stateCodes.get(
        words
          .slice(end - stateWords, end)
          .join(' ')
          .toLowerCase(),
      );
      if (!state) continue;
      for (let cityWords = Math.min(4, end - stateWords); cityWords >= 1; cityWords--) {
        const city = words.slice(end - stateWords - cityWords, end - stateWords).join(' ');
        const matches = zipcodes.lookupByName(city, state);
        if (matches.length > 0) {
          // The median of the city's ZIP centroids: a stray far-off ZIP of the same name does not move it.
          return { latitude: round(median(matches.map((m) => m.latitude))), longitude: round(median(matches.map((m) => m.longitude))), precision: LOCALITY };
        }
      }
    }
  }
  return undefined;
}

export function geocode(location: string): Geocoded | undefined {
  const trimmed = location.trim();
  if (trimmed === '') return undefined;
  return byPostalCode(trimmed) ?? byCityAndState(trimmed);
}
