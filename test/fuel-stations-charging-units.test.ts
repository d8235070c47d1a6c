// EV charging units (docs/decisions.md §3.3): the `ev_charging_units` of today's record, the `ev_power_kw_min` and
// `ev_power_kw_max` filters, and `response_format=compact`. Counts are held to counts made here from
// the seeded sample's own source rows (generateStations, the very rows the build writes), by what the
// filters mean: an electric station with a port whose power is within the bounds, both of them for
// the same port. A JSON source written for this (test/fixtures/afs-charging-units) goes through the
// pipeline's JSON reader: units as given, `[]` as given, none where the source says nothing.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { convert } from 'xmlbuilder2';
import { schemaById, validatorFor } from '../schemas/registry.ts';
import { generateStations } from '../pipeline/sample/stations.ts';
import { geodesicMiles } from './support/geodesic.ts';
import { buildQuietly, sourceDirWith, startTestServer, temporaryDir, withKey, type TestServer } from './support/helpers.ts';
import { milesFromRoute } from './support/sphere.ts';
import { stationCounts } from './support/station-counts.ts';
import { sampleDataSet } from './support/sample-data-set.ts';

type Json = Record<string, any>;
type Query = Record<string, string>;
interface Unit {
  network: string | null;
  connectors: Record<string, { power_kw: number | null; port_count: number }>;
  port_count: number | null;
  charging_level: string | null;
  funding_sources: string[];
}

const SEED = 1;
const STATIONS = 2000;
const UNIT_FIELDS = ['network', 'connectors', 'port_count', 'charging_level', 'funding_sources'];

/** The powers of a station's ports: each connector type with ports and a reported power. */
const portPowers = (units: Unit[] | null) =>
  (units ?? [])
    .flatMap((unit) => Object.values(unit.connectors).filter((connector) => connector.port_count > 0 && connector.power_kw !== null))
    .map((c) => c.power_kw!);

/** Whether a source row passes the power bounds of a query: one port within both (`samePort`), or each bound met by some port. */
function passesPower(row: Json, query: Query, samePort = true): boolean {
  if (query.ev_power_kw_min === undefined && query.ev_power_kw_max === undefined) return true;
  const [min, max] = [Number(query.ev_power_kw_min ?? -Infinity), Number(query.ev_power_kw_max ?? Infinity)];
  const powers = portPowers(row.ev_charging_units);
  if (row.fuel_type_code !== 'ELEC') return false;
  return samePort ? powers.some((kw) => kw >= min && kw <= max) : powers.some((kw) => kw >= min) && powers.some((kw) => kw <= max);
}

/** The rows a query selects: its power bounds, its fuel types, and country US unless it says otherwise. */
function select(rows: Json[], query: Query): Json[] {
  const countries = (query.country ?? 'US').split(',');
  const fuels = query.fuel_type?.split(',');
  return rows.filter(
    (row) => (countries.includes('all') || countries.includes(row.country)) && (!fuels || fuels.includes(row.fuel_type_code)) && passesPower(row, query),
  );
}

const outlets = (row: Json) => (row.ev_level1_evse_num ?? 0) + (row.ev_level2_evse_num ?? 0) + (row.ev_dc_fast_num ?? 0);

interface Search {
  name: string;
  path: string;
  params: Query;
  within: (row: Json) => boolean;
}

const LIST: Search = { name: 'list', path: '/api/alt-fuel-stations/v1', params: { limit: '3' }, within: () => true };
const nearest = (name: string, latitude: number, longitude: number, radius: number): Search => ({
  name: `nearest ${name}, ${radius} mi`,
  path: '/api/alt-fuel-stations/v1/nearest',
  params: { latitude: String(latitude), longitude: String(longitude), radius: String(radius), limit: '3' },
  within: (row) => geodesicMiles(latitude, longitude, row.latitude, row.longitude) <= radius,
});
/** A route of [latitude, longitude] points. */
const nearRoute = (name: string, route: Array<[number, number]>, distance: number): Search => ({
  name: `nearby-route ${name}, ${distance} mi`,
  path: '/api/alt-fuel-stations/v1/nearby-route',
  params: { route: `LINESTRING(${route.map(([latitude, longitude]) => `${longitude} ${latitude}`).join(', ')})`, distance: String(distance), limit: '3' },
  within: (row) => milesFromRoute(row.latitude, row.longitude, route) <= distance,
});

// biome-ignore format: one search a line
const SEARCHES: Search[] = [
  LIST,
  nearest('Los Angeles', 34.0522, -118.2437, 150),
  nearest('New York', 40.7128, -74.006, 300),
  nearRoute('San Diego to Sacramento', [[32.7157, -117.1611], [34.0522, -118.2437], [36.7378, -119.7871], [38.5816, -121.4944]], 40),
];

// biome-ignore format: one query a line
/** Power bounds as clients give them: a floor, a ceiling, both (a port within both), and both with other filters. */
const POWER_QUERIES: Query[] = [
  { ev_power_kw_min: '150' },
  { ev_power_kw_min: '0' },
  { ev_power_kw_max: '7' },
  { ev_power_kw_max: '1.4' },
  { ev_power_kw_min: '7', ev_power_kw_max: '7.2' },
  { ev_power_kw_min: '60', ev_power_kw_max: '100' },
  // no port of the sample lies between 7.7 and 9.6 kW, though most stations with fast ports also have slow ones
  { ev_power_kw_min: '8', ev_power_kw_max: '9' },
  { ev_power_kw_min: '50', ev_power_kw_max: '50', fuel_type: 'ELEC,CNG', country: 'all' },
];

const COMPACT_KEYS = ['id', 'fuel_type_code', 'latitude', 'longitude'];

describe('EV charging units on the seeded sample', () => {
  let server: TestServer;
  let server2014: TestServer;
  let rows: Json[];

  before(async () => {
    rows = generateStations(SEED, STATIONS);
    const { dataDir } = await sampleDataSet({ seed: SEED, stations: STATIONS });
    server = await startTestServer(dataDir);
    server2014 = await startTestServer(dataDir, { stationRecord: '2014' });
  });
  after(async () => {
    await server?.dispose();
    await server2014?.dispose();
  });

  const get = async (on: TestServer, path: string, params: Query) => {
    const response = await on.get(withKey(`${path}?${new URLSearchParams(params)}`, on.key));
    assert.equal(response.status, 200, `${path}?${new URLSearchParams(params)}: ${await response.clone().text()}`);
    return response;
  };
  const json = async (path: string, params: Query, on = server): Promise<Json> => (await get(on, `${path}.json`, params)).json() as Promise<Json>;
  const text = async (path: string, params: Query, on = server) => (await get(on, path, params)).text();

  for (const query of POWER_QUERIES) {
    test(`${JSON.stringify(query)}: total_results and station_counts of the list, two circles and a route`, async () => {
      for (const search of SEARCHES) {
        const body = await json(search.path, { ...search.params, ...query });
        const expected = select(rows, query).filter(search.within);
        assert.equal(body.total_results, expected.length, search.name);
        assert.deepEqual(
          body.station_counts,
          stationCounts(expected, (row) => row.fuel_type_code, outlets),
          search.name,
        );
      }
    });
  }

  test('the power filters select some stations and leave out others, and both bounds hold for the same port', () => {
    for (const query of POWER_QUERIES.slice(0, -1)) {
      const count = select(rows, query).length;
      if (query.ev_power_kw_min === '8') assert.equal(count, 0);
      else assert.ok(count > 0 && count < rows.length, JSON.stringify(query));
    }
    // Read as "a port at least min and a port at most max", 8–9 kW would select most stations with ports of both kinds.
    const eachBound = rows.filter((row) => passesPower(row, { ev_power_kw_min: '8', ev_power_kw_max: '9' }, false)).length;
    assert.ok(eachBound > 100, `${eachBound}`);
  });

  test('the units of an electric station in every format; none for the others; the CSV keeps its 74 columns', async () => {
    const electric = rows.find((row) => row.fuel_type_code === 'ELEC' && row.ev_charging_units.some((unit: Unit) => Object.keys(unit.connectors).length > 1))!;
    const other = rows.find((row) => row.fuel_type_code === 'CNG')!;
    const path = `/api/alt-fuel-stations/v1/${electric.id}`;

    const record = (await json(path, {})).alt_fuel_station;
    assert.deepEqual(record.ev_charging_units, electric.ev_charging_units);
    assert.deepEqual(Object.keys(record).slice(-1), ['ev_charging_units'], 'the last key of the record');
    for (const unit of record.ev_charging_units) assert.deepEqual(Object.keys(unit), UNIT_FIELDS);
    assert.ok(validatorFor('/api/schemas/fuel-station-by-id-current.schema.json')({ alt_fuel_station: record }));
    const otherRecord = (await json(`/api/alt-fuel-stations/v1/${other.id}`, {})).alt_fuel_station;
    assert.equal('ev_charging_units' in otherRecord, false);

    // XML: an element per unit, its connectors' types as element names.
    const xml = convert(await text(`${path}.xml`, {}), { format: 'object' }) as Json;
    const xmlUnits = [xml['alt-fuel-station']['ev-charging-units']['ev-charging-unit']].flat();
    assert.equal(xmlUnits.length, electric.ev_charging_units.length);
    electric.ev_charging_units.forEach((unit: Unit, i: number) => {
      const element = xmlUnits[i];
      assert.equal(element['charging-level'], unit.charging_level);
      assert.equal(element['port-count'], String(unit.port_count));
      assert.deepEqual(Object.keys(element.connectors), Object.keys(unit.connectors));
      for (const [type, connector] of Object.entries(unit.connectors))
        assert.deepEqual(element.connectors[type], {
          'power-kw': connector.power_kw === null ? { '@nil': 'true' } : String(connector.power_kw).replace(/^(\d+)$/, '$1.0'),
          'port-count': String(connector.port_count),
        });
    });
    assert.doesNotMatch(await text(`/api/alt-fuel-stations/v1/${other.id}.xml`, {}), /charging-unit/);

    // GeoJSON and KML carry the record as JSON writes it.
    const geojson = (await get(server, '/api/alt-fuel-stations/v1.geojson', { ids: String(electric.id) }).then((r) => r.json())) as Json;
    assert.deepEqual(geojson.features[0].properties.ev_charging_units, electric.ev_charging_units);
    const kml = await text(`${path}.kml`, {});
    const data = /<Data name="ev_charging_units"><value>(.*?)<\/value><\/Data>/.exec(kml)?.[1];
    assert.deepEqual(JSON.parse(data!.replace(/&quot;/g, '"').replace(/&amp;/g, '&')), electric.ev_charging_units);

    const csv = parse(await text('/api/alt-fuel-stations/v1.csv', { ids: String(electric.id) })) as string[][];
    assert.deepEqual(csv[0], schemaById('/api/schemas/fuel-station-current.schema.json')['x-csv-columns']);
    assert.equal(csv[0].length, 74);
  });

  test('STATION_RECORD=2014: no units in the record; the power filters still filter; compact is the whole record', async () => {
    const electric = rows.find((row) => row.fuel_type_code === 'ELEC')!;
    const record = (await json(`/api/alt-fuel-stations/v1/${electric.id}`, {}, server2014)).alt_fuel_station;
    assert.equal('ev_charging_units' in record, false);
    assert.ok(validatorFor('/api/schemas/fuel-station-by-id.schema.json')({ alt_fuel_station: record }));
    const query = { ev_power_kw_min: '60', ev_power_kw_max: '100', limit: '3' };
    assert.equal((await json('/api/alt-fuel-stations/v1', query, server2014)).total_results, select(rows, { ...query, country: 'all' }).length);
    // The 2014 service had no response_format: the whole record.
    const compact = await json('/api/alt-fuel-stations/v1', { ...query, response_format: 'compact' }, server2014);
    assert.deepEqual(compact, await json('/api/alt-fuel-stations/v1', query, server2014));
  });

  describe('response_format=compact', () => {
    const searches = [LIST, SEARCHES[1]];

    test('JSON: the same envelope and stations, each its id, fuel type and point alone', async () => {
      for (const search of searches) {
        const params = { ...search.params, limit: '20', ev_power_kw_min: '50' };
        const whole = await json(search.path, params);
        const compact = await json(search.path, { ...params, response_format: 'compact' });
        const { fuel_stations: stations, ...envelope } = compact;
        const { fuel_stations: wholeStations, ...wholeEnvelope } = whole;
        assert.deepEqual(envelope, wholeEnvelope, search.name);
        assert.deepEqual(
          stations,
          wholeStations.map((station: Json) => Object.fromEntries(COMPACT_KEYS.map((key) => [key, station[key]]))),
          search.name,
        );
        for (const station of stations) assert.deepEqual(Object.keys(station), COMPACT_KEYS);
        const schema = search === LIST ? 'fuel-stations-list-compact-current' : 'fuel-stations-nearest-compact-current';
        assert.ok(validatorFor(`/api/schemas/${schema}.schema.json`)(compact), search.name);
        // in any case, as every code
        assert.deepEqual(await json(search.path, { ...params, response_format: 'COMPACT' }), compact);
      }
    });

    test('XML, CSV, GeoJSON and KML: the four fields, in the same order, for the same stations', async () => {
      for (const search of searches) {
        const params = { ...search.params, limit: '5', response_format: 'compact' };
        const stations = (await json(search.path, params)).fuel_stations as Json[];
        assert.equal(stations.length, 5);

        const xml = convert(await text(`${search.path}.xml`, params), { format: 'object' }) as Json;
        const elements = xml.response['fuel-stations']['fuel-station'] as Json[];
        assert.deepEqual(
          elements.map((element) => Object.keys(element)),
          stations.map(() => ['id', 'fuel-type-code', 'latitude', 'longitude']),
        );
        assert.deepEqual(
          elements.map((element) => Number(element.id)),
          stations.map((station) => station.id),
        );

        const csv = await text(`${search.path}.csv`, params);
        const lines = csv.trimEnd().split('\n');
        assert.equal(lines[0], 'ID,Fuel Type Code,Latitude,Longitude');
        assert.deepEqual(
          lines.slice(1).map((line) => line.split(',').map((cell, i) => (i === 1 ? cell : Number(cell)))),
          stations.map((station) => COMPACT_KEYS.map((key) => station[key])),
        );

        const geojson = (await get(server, `${search.path}.geojson`, params).then((r) => r.json())) as Json;
        assert.deepEqual(
          geojson.features.map((feature: Json) => feature.properties),
          stations,
        );
        const schema = search === LIST ? 'fuel-stations-geojson-compact-current' : 'fuel-stations-geojson-nearest-compact-current';
        assert.ok(validatorFor(`/api/schemas/${schema}.schema.json`)(geojson), search.name);

        // KML: a Placemark named by the id (a compact record has no name), the four fields as Data.
        const kml = await text(`${search.path}.kml`, params);
        const placemarks = kml.split('<Placemark>').slice(1);
        assert.deepEqual(
          placemarks.map((placemark) => /<name>(.*)<\/name>/.exec(placemark)?.[1]),
          stations.map((station) => String(station.id)),
        );
        assert.deepEqual(
          placemarks.map((placemark) => [...placemark.matchAll(/<Data name="([^"]+)">/g)].map((match) => match[1])),
          stations.map(() => COMPACT_KEYS),
        );
      }
    });

    test('nearby-route, which the documentation gives no response_format, ignores it', async () => {
      const route = SEARCHES[3];
      const params = { ...route.params, limit: '2' };
      assert.deepEqual(await json(route.path, { ...params, response_format: 'compact' }), await json(route.path, params));
    });
  });
});

describe('EV charging units read from the API JSON', () => {
  let server: TestServer;
  const fixture = join(import.meta.dirname, 'fixtures', 'afs-charging-units', 'stations.json');

  before(async () => {
    const dataDir = temporaryDir('charging-units-json');
    await buildQuietly({ outDir: dataDir, sourceDir: sourceDirWith([fixture]) });
    server = await startTestServer(dataDir);
  });
  after(() => server?.dispose());

  const body = async (path: string) => {
    const response = await server.get(withKey(path, server.key));
    assert.equal(response.status, 200, path);
    return response.text();
  };

  test('the units as the source gives them, `[]` when it gives none, absent when it says nothing', async () => {
    const units = JSON.parse(await body('/api/alt-fuel-stations/v1/300001.json')).alt_fuel_station.ev_charging_units;
    const text = await body('/api/alt-fuel-stations/v1/300001.json');
    // JSON writes the source's numbers as floats (150.0 stays 150.0) and its nulls as nulls.
    assert.equal(
      text.slice(text.indexOf('"ev_charging_units":') + '"ev_charging_units":'.length, -2),
      '[{"network":"ChargePoint Network","connectors":{"J1772":{"power_kw":6.6,"port_count":2}},"port_count":2,"charging_level":"2","funding_sources":[]},' +
        '{"network":"ChargePoint Network","connectors":{"CHADEMO":{"power_kw":62.5,"port_count":1},"J1772COMBO":{"power_kw":150.0,"port_count":1}},"port_count":1,"charging_level":"dc_fast","funding_sources":["NEVI"]},' +
        '{"network":"ChargePoint Network","connectors":{"J3400":{"power_kw":null,"port_count":1}},"port_count":1,"charging_level":"dc_fast","funding_sources":[]},' +
        '{"network":null,"connectors":{"NEMA520":{"power_kw":500.0,"port_count":0}},"port_count":0,"charging_level":"legacy","funding_sources":[]}]',
    );
    assert.equal(units.length, 4);
    assert.deepEqual(JSON.parse(await body('/api/alt-fuel-stations/v1/300002.json')).alt_fuel_station.ev_charging_units, []);
    for (const id of [300003, 300004])
      assert.equal('ev_charging_units' in JSON.parse(await body(`/api/alt-fuel-stations/v1/${id}.json`)).alt_fuel_station, false);
    assert.match(await body('/api/alt-fuel-stations/v1/300002.xml'), /<ev-charging-units\/>/);
    assert.match(await body('/api/alt-fuel-stations/v1/300001.xml'), /<power-kw nil="true"\/>/);
  });

  test('the power filters: ports with a reported power only, a connector without ports none, a station whose units are unknown never', async () => {
    const ids = async (query: string) =>
      (JSON.parse(await body(`/api/alt-fuel-stations/v1.json?${query}`)).fuel_stations as Json[]).map((station) => station.id);
    assert.deepEqual(await ids('ev_power_kw_min=0'), [300001]);
    assert.deepEqual(await ids('ev_power_kw_min=100'), [300001]);
    assert.deepEqual(await ids('ev_power_kw_max=6.6'), [300001]);
    assert.deepEqual(await ids('ev_power_kw_min=62.5&ev_power_kw_max=62.5'), [300001]);
    assert.deepEqual(await ids('ev_power_kw_min=200'), [], 'the 500 kW connector has no port');
    assert.deepEqual(await ids('ev_power_kw_min=7&ev_power_kw_max=60'), [], 'no one port between 7 and 60 kW');
    assert.deepEqual(await ids('ev_power_kw_max=1000&fuel_type=ELEC,CNG'), [300001]);
  });
});
