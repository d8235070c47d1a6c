// Today's fuel-station filters (docs/api.md §3.3), the current documentation's, on the list, nearest and
// nearby-route, on a data set built from the real composite AFDC export and the documentation's
// nearest example (the one real record with its network's station ids). Every count is held to a
// count made here from the raw export text, row by row, by what each filter means; every refused
// value to its 422, in JSON and in XML.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { convert } from 'xmlbuilder2';
import { buildQuietly, shared, sharedOrSkip, sourceDirWith, startTestServer, temporaryDir, withKey, type TestServer } from './support/helpers.ts';
import { geodesicMiles } from './support/geodesic.ts';
import { milesFromRoute } from './support/sphere.ts';
import { stationCounts } from './support/station-counts.ts';

type Row = Record<string, string>;
type Query = Record<string, string>;

/** The API's ev_network_ids.station, which no export has a column for; the documented record's, as a row's. */
const NETWORK_STATION_IDS = 'ev_network_ids.station';

const isFuel = (row: Row, fuel: string) => row['Fuel Type Code'] === fuel;
const words = (cell: string | undefined) => (cell ? cell.split(' ') : []);
const anyWord = (cell: string | undefined, values: string[]) => words(cell).some((word) => values.includes(word));
const upper = (values: string[]) => values.map((value) => value.toUpperCase());
const CLASS_RANK: Record<string, number> = { LD: 1, MD: 2, HD: 3 };
/** A station taking the smallest class asked for, or a larger one. */
const classAtLeast = (cell: string, values: string[]) => (CLASS_RANK[cell] ?? 0) >= Math.min(...upper(values).map((value) => CLASS_RANK[value]));

interface Filter {
  /** Whether an export row passes, given the parameter's comma list (and the whole query, for a parameter read with another). */
  passes: (row: Row, values: string[], query: Query) => boolean;
  /** Queries that give the filter, each counted on every search. */
  queries: Query[];
  /** A value the parameter refuses, and the 422's message (a function of the rows where the values allowed are the data's). */
  refused: [string, string | ((rows: Row[]) => string)];
  /** Only the list takes it. */
  listOnly?: true;
}

const allowed = (values: Iterable<string>) => `Allowed values: all, ${[...new Set(values)].filter(Boolean).sort().join(', ')}.`;

/** Every filter of today's documentation, by what it selects in the export's own columns. */
const FILTERS: Record<string, Filter> = {
  federal_agency: {
    passes: (row, codes) => upper(codes).includes(row['Federal Agency Code']),
    queries: [{ federal_agency: 'DOE' }, { federal_agency: 'don,DOI' }, { federal_agency: 'usace_cw', fuel_type: 'ELEC' }],
    refused: ['NOPE', (rows) => `The 'federal_agency' parameter has an invalid value 'NOPE'. ${allowed(rows.map((row) => row['Federal Agency Code']))}`],
  },
  ev_network_station_ids: {
    passes: (row, ids) => anyWord(row[NETWORK_STATION_IDS], ids),
    queries: [
      { ev_network_station_ids: 'USCPIL9075981' },
      { ev_network_station_ids: 'NOPE,USCPIL9075981', ev_network: 'ChargePoint Network' },
      { ev_network_station_ids: 'uscpil9075981' },
    ],
    refused: ['x'.repeat(101), "The 'ev_network_station_ids' parameter is too long (at most 100 characters)."],
  },
  ev_connector_type: {
    passes: (row, types, query) => {
      const has = (type: string) => words(row['EV Connector Types']).includes(type);
      return isFuel(row, 'ELEC') && (query.ev_connector_type_operator?.toUpperCase() === 'AND' ? upper(types).every(has) : upper(types).some(has));
    },
    queries: [{ ev_connector_type: 'CHADEMO' }, { ev_connector_type: 'tesla,NEMA515' }, { ev_connector_type: 'J3400' }],
    refused: [
      'CCS',
      "The 'ev_connector_type' parameter has an invalid value 'CCS'. Allowed values: all, NEMA1450, NEMA515, NEMA520, J1772, J1772COMBO, CHADEMO, TESLA, J3400.",
    ],
  },
  ev_connector_type_operator: {
    // It changes how ev_connector_type reads its list (above); alone it filters nothing.
    passes: () => true,
    queries: [
      { ev_connector_type: 'CHADEMO,J1772COMBO', ev_connector_type_operator: 'AND' },
      { ev_connector_type: 'J1772,TESLA', ev_connector_type_operator: 'and' },
      { ev_connector_type: 'CHADEMO,J1772COMBO', ev_connector_type_operator: 'OR' },
      { ev_connector_type_operator: 'AND' },
    ],
    refused: ['XOR', "The 'ev_connector_type_operator' parameter has an invalid value 'XOR'. Allowed values: OR, AND."],
  },
  country: {
    passes: (row, countries) => upper(countries).includes(row.Country),
    queries: [{ country: 'CA' }, { country: 'US,CA', fuel_type: 'LPG' }, { country: 'us' }],
    refused: ['MX', "The 'country' parameter has an invalid value 'MX'. Allowed values: all, US, CA."],
  },
  lpg_include_secondary: {
    passes: (row, [value]) => value.toLowerCase() !== 'false' || !isFuel(row, 'LPG') || row['LPG Primary'] === 'true',
    queries: [{ lpg_include_secondary: 'false' }, { lpg_include_secondary: 'FALSE', fuel_type: 'LPG' }],
    refused: ['true', "The 'lpg_include_secondary' parameter has an invalid value 'true'. Allowed values: all, false."],
  },
  hy_is_retail: {
    passes: (row, values) => isFuel(row, 'HY') && values.includes(row['Hydrogen Is Retail']),
    queries: [{ hy_is_retail: 'true' }, { hy_is_retail: 'true,false' }],
    refused: ['yes', "The 'hy_is_retail' parameter has an invalid value 'yes'. Allowed values: all, true, false."],
  },
  e85_has_blender_pump: {
    passes: (row) => isFuel(row, 'E85') && row['E85 Blender Pump'] === 'true',
    queries: [{ e85_has_blender_pump: 'true' }],
    refused: ['false', "The 'e85_has_blender_pump' parameter has an invalid value 'false'. Allowed values: all, true."],
  },
  cng_fill_type: {
    passes: (row, types) => isFuel(row, 'CNG') && upper(types).includes(row['CNG Fill Type Code']),
    queries: [{ cng_fill_type: 'Q' }, { cng_fill_type: 'b,T' }],
    refused: ['X', "The 'cng_fill_type' parameter has an invalid value 'X'. Allowed values: all, B, Q, T."],
  },
  cng_psi: {
    passes: (row, pressures) => isFuel(row, 'CNG') && anyWord(row['CNG PSI'], pressures),
    queries: [{ cng_psi: '3000' }, { cng_psi: '2400,3600' }],
    refused: ['5000', "The 'cng_psi' parameter has an invalid value '5000'. Allowed values: all, 2400, 3000, 3600."],
  },
  cng_vehicle_class: {
    passes: (row, classes) => isFuel(row, 'CNG') && classAtLeast(row['CNG Vehicle Class'], classes),
    queries: [{ cng_vehicle_class: 'HD' }, { cng_vehicle_class: 'md' }],
    refused: ['XL', "The 'cng_vehicle_class' parameter has an invalid value 'XL'. Allowed values: all, LD, MD, HD."],
  },
  lng_vehicle_class: {
    passes: (row, classes) => isFuel(row, 'LNG') && classAtLeast(row['LNG Vehicle Class'], classes),
    queries: [{ lng_vehicle_class: 'LD' }, { lng_vehicle_class: 'HD,MD' }],
    refused: ['XL', "The 'lng_vehicle_class' parameter has an invalid value 'XL'. Allowed values: all, LD, MD, HD."],
  },
  maximum_vehicle_class: {
    passes: (row, classes) => classAtLeast(row['Maximum Vehicle Class'], classes),
    queries: [{ maximum_vehicle_class: 'MD' }, { maximum_vehicle_class: 'HD,LD', fuel_type: 'ELEC' }, { maximum_vehicle_class: 'HD' }],
    refused: ['XL', "The 'maximum_vehicle_class' parameter has an invalid value 'XL'. Allowed values: all, LD, MD, HD."],
  },
  cng_has_rng: {
    passes: (row, [value]) => isFuel(row, 'CNG') && row['CNG Station Sells Renewable Natural Gas'] === value,
    queries: [{ cng_has_rng: 'true' }, { cng_has_rng: 'false' }],
    refused: ['Y', "The 'cng_has_rng' parameter has an invalid value 'Y'. Allowed values: all, true, false."],
  },
  lng_has_rng: {
    passes: (row, [value]) => isFuel(row, 'LNG') && row['LNG Station Sells Renewable Natural Gas'] === value,
    queries: [{ lng_has_rng: 'true' }, { lng_has_rng: 'false' }],
    refused: ['N', "The 'lng_has_rng' parameter has an invalid value 'N'. Allowed values: all, true, false."],
  },
  restricted_access: {
    passes: (row, [value]) => row['Restricted Access'] === value,
    queries: [{ restricted_access: 'true' }, { restricted_access: 'false', fuel_type: 'ELEC' }],
    refused: ['maybe', "The 'restricted_access' parameter has an invalid value 'maybe'. Allowed values: all, true, false."],
  },
  funding_sources: {
    passes: (row, sources) => isFuel(row, 'ELEC') && anyWord(row['Funding Sources'], upper(sources)),
    queries: [{ funding_sources: 'NEVI' }, { funding_sources: 'cfi,OTHER' }],
    refused: ['ARRA', "The 'funding_sources' parameter has an invalid value 'ARRA'. Allowed values: all, NEVI, CFI, EVC_RAA, CMAQ, CRP, OTHER."],
  },
  facility_type: {
    passes: (row, types) => isFuel(row, 'ELEC') && upper(types).includes(row['Facility Type']),
    queries: [{ facility_type: 'hotel,PAY_GARAGE' }, { facility_type: 'UTILITY' }],
    refused: ['MOON_BASE', (rows) => `The 'facility_type' parameter has an invalid value 'MOON_BASE'. ${allowed(rows.map((row) => row['Facility Type']))}`],
  },
  // No export carries charging units, nor does the documented record: no station is known to pass
  // (test/fuel-stations-charging-units.test.ts counts them where units are given).
  ev_power_kw_min: {
    passes: () => false,
    queries: [{ ev_power_kw_min: '0' }, { ev_power_kw_min: '50', fuel_type: 'ELEC' }],
    refused: ['-1', "The 'ev_power_kw_min' parameter must be greater than or equal to 0 (got '-1')."],
  },
  ev_power_kw_max: {
    passes: () => false,
    queries: [{ ev_power_kw_max: '1000' }, { ev_power_kw_max: '7.2', ev_power_kw_min: '6' }],
    refused: ['fast', "The 'ev_power_kw_max' parameter must be a number (got 'fast')."],
  },
  ids: {
    passes: (row, ids) => ids.map(Number).includes(Number(row.ID)),
    queries: [{ ids: '81,194116' }, { ids: '81,999999999', fuel_type: 'ELEC' }],
    refused: ['81,abc', "The 'ids' parameter must be an integer (got 'abc')."],
    listOnly: true,
  },
};

/** Filters whose every query selects nothing in these exports, and why. */
const NONE_IN_THE_EXPORTS: Record<string, string> = {
  hy_is_retail: 'the one hydrogen station of the exports has no retail flag',
  ev_power_kw_min: 'no export carries charging units: their power is unknown, not none',
  ev_power_kw_max: 'no export carries charging units: their power is unknown, not none',
};

/** The rows a query selects: every filter it gives (`all` selects everything), and `country` US unless it says otherwise. */
function select(rows: Row[], query: Query): Row[] {
  const withDefaults = { country: 'US', ...query };
  return rows.filter((row) =>
    Object.entries(withDefaults).every(([param, value]) => {
      if (param === 'fuel_type') return value.split(',').includes(row['Fuel Type Code']);
      if (param === 'ev_network') return isFuel(row, 'ELEC') && row['EV Network'] === value;
      const values = value.split(',');
      return values.some((v) => v.toLowerCase() === 'all') || FILTERS[param].passes(row, values, withDefaults);
    }),
  );
}

const outlets = (row: Row) => ['EV Level1 EVSE Num', 'EV Level2 EVSE Num', 'EV DC Fast Count'].reduce((sum, h) => sum + Number(row[h] || 0), 0);

interface Search {
  name: string;
  path: string;
  params: Query;
  /** Whether a row lies within the search's area. */
  within: (row: Row) => boolean;
}

const at = (row: Row) => [Number(row.Latitude), Number(row.Longitude)] as const;
/** A row's place in a search's area, measured once per row: every query of every filter asks again. */
function remembered(within: (row: Row) => boolean): (row: Row) => boolean {
  const known = new WeakMap<Row, boolean>();
  return (row) => {
    let inside = known.get(row);
    if (inside === undefined) known.set(row, (inside = within(row)));
    return inside;
  };
}
const nearest = (name: string, latitude: number, longitude: number, radius: number): Search => ({
  name: `nearest ${name}, ${radius} mi`,
  path: '/api/alt-fuel-stations/v1/nearest.json',
  params: { latitude: String(latitude), longitude: String(longitude), radius: String(radius), limit: '1' },
  within: remembered((row) => geodesicMiles(latitude, longitude, ...at(row)) <= radius),
});
/** A route of [latitude, longitude] points. */
const nearRoute = (name: string, route: Array<[number, number]>, distance: number): Search => ({
  name: `nearby-route ${name}, ${distance} mi`,
  path: '/api/alt-fuel-stations/v1/nearby-route.json',
  params: { route: `LINESTRING(${route.map(([latitude, longitude]) => `${longitude} ${latitude}`).join(', ')})`, distance: String(distance), limit: '1' },
  within: remembered((row) => milesFromRoute(...at(row), route) <= distance),
});

const LIST: Search = { name: 'list', path: '/api/alt-fuel-stations/v1.json', params: { limit: '1' }, within: () => true };
// biome-ignore format: one search a line
/** Every search a query is counted on: the whole list, circles around the exports' regions and the documented station, and routes through them. */
const SEARCHES: Search[] = [
  LIST,
  nearest('Albany', 42.6526, -73.7562, 250),
  nearest('Seattle', 47.6062, -122.3321, 150),
  nearest('the documented station', 39.743078, -105.152278, 5),
  nearRoute('Boston to Albany', [[42.3601, -71.0589], [42.2626, -71.8023], [42.1015, -72.5898], [42.6526, -73.7562]], 10),
  nearRoute('Seattle to Olympia', [[47.6062, -122.3321], [47.2529, -122.4443], [47.0379, -122.9007]], 20),
  nearRoute('Golden to Denver', [[39.75553, -105.22109], [39.72628, -105.20231], [39.72564, -105.0016], [39.73845, -104.98611]], 2),
];
const searchesFor = (filter: Filter) => (filter.listOnly ? [LIST] : SEARCHES);

/** The documented nearest example's station as an export row: its fields under the export's headers, through the shared header-to-field map. */
function exportRowOf(station: Record<string, any>): Row {
  // header, field, and a note whose commas are not always quoted
  const [, ...map] = parse(readFileSync(shared('data', 'afdc', 'csv_header_to_api_json_field.csv')), { relax_column_count: true }) as string[][];
  const row: Row = {};
  for (const [header, field] of map) {
    if (header.startsWith('(')) continue;
    const value = field.split('.').reduce((node, key) => node?.[key], station);
    row[header] = value === null || value === undefined ? '' : Array.isArray(value) ? value.join(' ') : String(value);
  }
  row[NETWORK_STATION_IDS] = station.ev_network_ids?.station?.join(' ') ?? '';
  return row;
}

describe("today's filters on the composite AFDC export and the documented station", {
  skip: sharedOrSkip('data', 'afdc') || sharedOrSkip('wire', 'samples'),
}, () => {
  let server: TestServer;
  let rows: Row[];

  before(async () => {
    const csv = shared('data', 'afdc', 'afdc_composite_75col.csv');
    const documented = shared('wire', 'samples', 'afs_nearest_docs2023.json');
    const stations = JSON.parse(readFileSync(documented, 'utf8')).fuel_stations as Array<Record<string, any>>;
    rows = [...(parse(readFileSync(csv), { columns: true, bom: true }) as Row[]), ...stations.map(exportRowOf)];
    const dataDir = temporaryDir('afdc-filters');
    await buildQuietly({ outDir: dataDir, sourceDir: sourceDirWith([csv, documented]) });
    server = await startTestServer(dataDir);
  });
  after(() => server?.dispose());

  const get = (path: string, params: Query) => server.get(withKey(`${path}?${new URLSearchParams(params)}`, server.key));

  for (const [param, filter] of Object.entries(FILTERS)) {
    for (const query of filter.queries) {
      test(`${JSON.stringify(query)}: total_results and station_counts of every search`, async () => {
        const selected = select(rows, query);
        for (const search of searchesFor(filter)) {
          const response = await get(search.path, { ...search.params, ...query });
          assert.equal(response.status, 200, `${search.name}: ${await response.clone().text()}`);
          const body = (await response.json()) as any;
          const expected = selected.filter(search.within);
          assert.equal(body.total_results, expected.length, `${param} on ${search.name}`);
          assert.deepEqual(
            body.station_counts,
            stationCounts(expected, (row) => row['Fuel Type Code'], outlets),
            `${param} on ${search.name}`,
          );
        }
      });
    }

    test(`${param}: a refused value is a 422 naming it, in JSON and XML`, async () => {
      const [value, message] = filter.refused;
      const expected = typeof message === 'string' ? message : message(rows);
      for (const search of searchesFor(filter)) {
        const json = await get(search.path, { ...search.params, [param]: value });
        assert.equal(json.status, 422, search.name);
        assert.deepEqual(await json.json(), { errors: [expected] }, search.name);
        const xml = await get(search.path.replace(/\.json$/, '.xml'), { ...search.params, [param]: value });
        assert.equal(xml.status, 422, search.name);
        assert.match(xml.headers.get('content-type')!, /^application\/xml/);
        const document = convert(await xml.text(), { format: 'object' }) as any;
        assert.deepEqual([document.response.errors.error].flat(), [expected], search.name);
      }
    });
  }

  test('every filter selects some stations and leaves out others, but those the exports give nothing to select', () => {
    for (const [param, filter] of Object.entries(FILTERS)) {
      const counts = filter.queries.map((query) => select(rows, query).length);
      if (param in NONE_IN_THE_EXPORTS) assert.deepEqual(new Set(counts), new Set([0]), param);
      else
        assert.ok(
          counts.some((count) => count > 0 && count < rows.length),
          param,
        );
    }
  });
});
