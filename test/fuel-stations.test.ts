// The fuel-station endpoints over HTTP, on a data set built from the real composite AFDC export,
// checked against independent computations over the same CSV: counts per filter (today's own, those
// the 2014 service lacked, in fuel-stations-filters.test.ts), distances and order (today's on the
// WGS 84 ellipsoid, from GeographicLib; the 2014 generation's haversine on the mean sphere), records
// by id, and bad input of every kind on every parameter.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { convert } from 'xmlbuilder2';
import { validatorFor } from '../schemas/registry.ts';
import { buildQuietly, shared, skipWithoutShared, sourceDirWith, startTestServer, temporaryDir, withKey, type TestServer } from './support/helpers.ts';
import { geodesicMiles } from './support/geodesic.ts';
import { haversineMiles } from './support/sphere.ts';

type Row = Record<string, string>;

const accessOf = (row: Row) => row['Access Code'] || (row['Groups With Access Code'].toLowerCase().startsWith('private') ? 'private' : 'public');
const outlets = (row: Row) => ['EV Level1 EVSE Num', 'EV Level2 EVSE Num', 'EV DC Fast Count'].reduce((sum, h) => sum + Number(row[h] || 0), 0);

/** Which CSV rows a query's filters select, computed from the export's own columns. */
const filters: Record<string, (row: Row, values: string[]) => boolean> = {
  status: (row, values) => values.includes(row['Status Code']),
  access: (row, values) => values.includes(accessOf(row)),
  fuel_type: (row, values) => values.includes(row['Fuel Type Code']),
  cards_accepted: (row, values) =>
    row['Cards Accepted']
      .toLowerCase()
      .split(' ')
      .some((code) => values.map((v) => v.toLowerCase()).includes(code)),
  owner_type: (row, values) => values.includes(row['Owner Type Code']),
  federal_agency_id: (row, values) => values.includes(row['Federal Agency ID']),
  ev_network: (row, values) => row['Fuel Type Code'] === 'ELEC' && values.map((v) => v.toLowerCase()).includes(row['EV Network'].toLowerCase()),
  ev_charging_level: (row, values) =>
    row['Fuel Type Code'] === 'ELEC' &&
    values.some((level) => Number(row[{ '1': 'EV Level1 EVSE Num', '2': 'EV Level2 EVSE Num', dc_fast: 'EV DC Fast Count' }[level]!] || 0) > 0),
  state: (row, values) => values.map((v) => v.toUpperCase()).includes(row.State),
  zip: (row, values) => values.includes(row.ZIP),
};

function select(rows: Row[], query: Record<string, string>): Row[] {
  return rows.filter((row) => Object.entries(query).every(([param, value]) => !filters[param] || value === 'all' || filters[param](row, value.split(','))));
}

describe('fuel stations over HTTP, on the composite AFDC export', { skip: skipWithoutShared }, () => {
  let server: TestServer;
  /** The same data set, answering with the 2014 record. */
  let server2014: TestServer;
  let rows: Row[];
  const json = async (path: string) => {
    const response = await server.get(withKey(path, server.key));
    assert.equal(response.status, 200, `${path}: ${response.status}`);
    return response.json() as Promise<any>;
  };

  before(async () => {
    const csv = shared('data', 'afdc', 'afdc_composite_75col.csv');
    rows = parse(readFileSync(csv), { columns: true, bom: true });
    const dataDir = temporaryDir('afdc');
    await buildQuietly({ outDir: dataDir, sourceDir: sourceDirWith([csv]) });
    server = await startTestServer(dataDir);
    server2014 = await startTestServer(dataDir, { stationRecord: '2014' });
  });
  after(async () => {
    await server?.dispose();
    await server2014?.dispose();
  });

  const queries: Array<Record<string, string>> = [
    {},
    { fuel_type: 'ELEC' },
    { fuel_type: 'E85,LPG,RD' },
    { status: 'T' },
    { status: 'E,P' },
    { access: 'private' },
    { access: 'public', fuel_type: 'CNG' },
    { cards_accepted: 'A,Cash' },
    { cards_accepted: 'voyager' },
    { owner_type: 'FG' },
    { owner_type: 'LG,SG' },
    { federal_agency_id: '8,14' },
    { ev_network: 'ChargePoint Network' },
    { ev_network: 'tesla,Tesla Destination' },
    { ev_charging_level: 'dc_fast' },
    { ev_charging_level: '1,2', state: 'WA' },
    { state: 'ma' },
    { state: 'NY,TX', fuel_type: 'ELEC', ev_charging_level: '2' },
    { zip: '02128,98101' },
    { fuel_type: 'all', status: 'all', cards_accepted: 'all' },
  ];

  for (const query of queries) {
    test(`list total_results and station_counts: ${JSON.stringify(query)}`, async () => {
      const body = await json(`/api/alt-fuel-stations/v1.json?${new URLSearchParams({ ...query, limit: '3' })}`);
      const expected = select(rows, query);
      assert.equal(body.total_results, expected.length);
      assert.equal(body.fuel_stations.length, Math.min(3, expected.length));
      const elec = expected.filter((row) => row['Fuel Type Code'] === 'ELEC');
      assert.equal(body.station_counts.fuels.ELEC.stations.total, elec.length);
      assert.equal(
        body.station_counts.fuels.ELEC.total,
        elec.reduce((sum, row) => sum + outlets(row), 0),
      );
      assert.equal(body.station_counts.fuels.LPG.total, expected.filter((row) => row['Fuel Type Code'] === 'LPG').length);
      assert.ok(validatorFor('/api/schemas/fuel-stations-list-current.schema.json')(body));
    });
  }

  const points: Array<[string, number, number, string]> = [
    ['Boston', 42.3601, -71.0589, '5'],
    ['Seattle', 47.6062, -122.3321, '12.5'],
    ['Austin', 30.2672, -97.7431, '50'],
    ['Albany', 42.6526, -73.7562, '500'],
    ['nowhere near', 10, 10, '100'],
  ];
  for (const [name, latitude, longitude, radius] of points) {
    test(`nearest ${name}, radius ${radius}: the stations, order and distances of an independent geodesic (GeographicLib)`, async () => {
      const body = await json(`/api/alt-fuel-stations/v1/nearest.json?latitude=${latitude}&longitude=${longitude}&radius=${radius}&limit=25&offset=2`);
      const expected = rows
        .map((row) => ({ id: Number(row.ID), distance: geodesicMiles(latitude, longitude, Number(row.Latitude), Number(row.Longitude)) }))
        .filter((station) => station.distance <= Number(radius))
        .sort((a, b) => a.distance - b.distance || a.id - b.id);
      assert.equal(body.total_results, expected.length);
      assert.equal(body.offset, 2);
      assert.deepEqual(
        body.fuel_stations.map((s: any) => s.id),
        expected.slice(2, 27).map((s) => s.id),
      );
      for (const [i, station] of (body.fuel_stations as any[]).entries()) {
        assert.ok(Math.abs(station.distance - expected[i + 2].distance) <= 5e-6, `distance of ${station.id}`);
      }
      assert.deepEqual([body.latitude, body.longitude], [latitude, longitude]);
      assert.equal(body.precision, undefined);
      assert.ok(validatorFor('/api/schemas/fuel-stations-nearest-current.schema.json')(body));
    });
  }

  test('nearest: the radius keeps what the ellipsoid puts inside it, where the sphere would not, and reports the distance it filtered on', async () => {
    const [latitude, longitude, radius] = [42.6526, -73.7562, 150];
    const at = (row: Row) => [Number(row.Latitude), Number(row.Longitude)] as const;
    const inside = rows.filter((row) => geodesicMiles(latitude, longitude, ...at(row)) <= radius);
    const onlyEllipsoid = inside.filter((row) => haversineMiles(latitude, longitude, ...at(row)) > radius);
    const onlySphere = rows.filter(
      (row) => haversineMiles(latitude, longitude, ...at(row)) <= radius && geodesicMiles(latitude, longitude, ...at(row)) > radius,
    );
    assert.ok(onlyEllipsoid.length > 0 || onlySphere.length > 0, 'stations the two measures disagree on');
    const body = await json(`/api/alt-fuel-stations/v1/nearest.json?latitude=${latitude}&longitude=${longitude}&radius=${radius}&limit=all`);
    assert.deepEqual(new Set(body.fuel_stations.map((station: any) => station.id)), new Set(inside.map((row) => Number(row.ID))));
    assert.ok(body.fuel_stations.every((station: any) => station.distance <= radius));
    assert.ok(body.fuel_stations.at(-1).distance > radius - 1);
  });

  test('nearest under STATION_RECORD=2014: distances on the mean sphere, as before', async () => {
    const [latitude, longitude, radius] = [42.6526, -73.7562, 150];
    const response = await server2014.get(
      withKey(`/api/alt-fuel-stations/v1/nearest.json?latitude=${latitude}&longitude=${longitude}&radius=${radius}&limit=all`, server2014.key),
    );
    const body = (await response.json()) as any;
    const expected = rows
      .map((row) => ({ id: Number(row.ID), distance: haversineMiles(latitude, longitude, Number(row.Latitude), Number(row.Longitude)) }))
      .filter((station) => station.distance <= radius)
      .sort((a, b) => a.distance - b.distance || a.id - b.id);
    assert.deepEqual(
      body.fuel_stations.map((station: any) => station.id),
      expected.map((station) => station.id),
    );
    for (const [i, station] of (body.fuel_stations as any[]).entries())
      assert.ok(Math.abs(station.distance - expected[i].distance) <= 5e-6, `distance of ${station.id}`);
  });

  const nearestQueries: Array<[number, number, number, Record<string, string>]> = [
    [47.6062, -122.3321, 25, { fuel_type: 'ELEC', ev_charging_level: 'dc_fast' }],
  ];
  for (const [latitude, longitude, radius, query] of nearestQueries) {
    test(`nearest with filters counts only the matching stations within the radius: ${JSON.stringify(query)}`, async () => {
      const search = new URLSearchParams({ latitude: String(latitude), longitude: String(longitude), radius: String(radius), limit: 'all', ...query });
      const body = await json(`/api/alt-fuel-stations/v1/nearest.json?${search}`);
      const expected = select(rows, query).filter((row) => geodesicMiles(latitude, longitude, Number(row.Latitude), Number(row.Longitude)) <= radius);
      assert.ok(expected.length > 0, 'a query that selects something');
      assert.equal(body.total_results, expected.length);
      assert.equal(body.fuel_stations.length, expected.length);
    });
  }

  test('nearest geocodes a ZIP code and "City, ST", and says how', async () => {
    const byZip = await json('/api/alt-fuel-stations/v1/nearest.json?location=02128&radius=2');
    assert.deepEqual(byZip.precision, { value: 5, name: 'postal_code', types: ['postal_code'] });
    assert.ok(Math.abs(byZip.latitude - 42.36) < 0.05 && Math.abs(byZip.longitude + 71.03) < 0.05);
    assert.ok(
      byZip.fuel_stations.some((s: any) => s.id === 81),
      'the Logan airport CNG station is within 2 miles of East Boston',
    );
    const byCity = await json(`/api/alt-fuel-stations/v1/nearest.json?location=${encodeURIComponent('1000 Main St, Seattle, WA')}`);
    assert.deepEqual(byCity.precision, { value: 4, name: 'locality', types: ['locality', 'political'] });
    assert.ok(Math.abs(byCity.latitude - 47.6) < 0.1);
    const both = await json('/api/alt-fuel-stations/v1/nearest.json?location=02128&latitude=47.6&longitude=-122.3');
    assert.equal(both.latitude, 47.6, 'latitude and longitude win over location');
  });

  test('by id: the record of the export; an unknown id is a 404 in the requested format', async () => {
    const row = rows.find((r) => r.ID === '81')!;
    const body = await json('/api/alt-fuel-stations/v1/81.json');
    assert.equal(body.alt_fuel_station.station_name, row['Station Name']);
    assert.equal(body.alt_fuel_station.updated_at, row['Updated At'].replace(' ', 'T').replace(' UTC', 'Z'));
    assert.ok(validatorFor('/api/schemas/fuel-station-by-id-current.schema.json')(body));
    for (const [format, type] of [
      ['json', 'application/json'],
      ['xml', 'application/xml'],
      ['csv', 'text/csv'],
    ]) {
      const response = await server.get(withKey(`/api/alt-fuel-stations/v1/999999999.${format}`, server.key));
      assert.equal(response.status, 404);
      assert.match(response.headers.get('content-type')!, new RegExp(`^${type}`));
      assert.match(await response.text(), /A station for the given ID could not be found\./);
    }
  });

  test('by id: the id is read as its path-parameter schema says (an integer from 1 to 999999999); any other id is the same 404', async () => {
    assert.equal((await json('/api/alt-fuel-stations/v1/0081.json')).alt_fuel_station.id, 81);
    for (const id of ['0', '-81', '1000000000', '99999999999999999999', 'abc', '1e3', '81%2E0', '0x51', '%2081', 'toString']) {
      const response = await server.get(withKey(`/api/alt-fuel-stations/v1/${id}.json`, server.key));
      assert.equal(response.status, 404, id);
      assert.deepEqual(await response.json(), { errors: ['A station for the given ID could not be found.'] }, id);
    }
  });

  test('formats: XML by default, format= without an extension, an unknown extension is a 404 in JSON', async () => {
    const plain = await server.get(withKey('/api/alt-fuel-stations/v1/nearest?location=02128&limit=1', server.key));
    assert.equal(plain.headers.get('content-type'), 'application/xml; charset=utf-8');
    assert.match(await plain.text(), /^<\?xml version="1.0" encoding="UTF-8"\?>\n<response>\n {2}<latitude>/);
    const viaParameter = await server.get(withKey('/api/alt-fuel-stations/v1/nearest?format=json&location=02128&limit=1', server.key));
    assert.equal(viaParameter.headers.get('content-type'), 'application/json; charset=utf-8');
    const unknown = await server.get(withKey('/api/alt-fuel-stations/v1/nearest.zzz?location=02128', server.key));
    assert.equal(unknown.status, 404);
    assert.equal(((await unknown.json()) as any).error.code, 'NOT_FOUND');
    const csv = await server.get(withKey('/api/alt-fuel-stations/v1.csv?state=MA&fuel_type=CNG', server.key));
    const table = parse(await csv.text(), { columns: true }) as Row[];
    assert.equal(table.length, select(rows, { state: 'MA', fuel_type: 'CNG' }).length);
    const xml = await server.get(withKey('/api/alt-fuel-stations/v1.xml?state=MA&fuel_type=CNG', server.key));
    const document = convert(await xml.text(), { format: 'object' }) as any;
    assert.equal(Number(document.response['total-results']), table.length);
    assert.equal(plain.headers.get('access-control-allow-origin'), '*');
  });

  test('the full list streams every station, in JSON, XML and CSV', async () => {
    const body = await json('/api/alt-fuel-stations/v1.json');
    assert.equal(body.fuel_stations.length, rows.length);
    assert.deepEqual(new Set(body.fuel_stations.map((s: any) => s.id)), new Set(rows.map((r) => Number(r.ID))));
    const csv = parse(await (await server.get(withKey('/api/alt-fuel-stations/v1.csv', server.key))).text(), { columns: true });
    assert.equal(csv.length, rows.length);
    const xml = await (await server.get(withKey('/api/alt-fuel-stations/v1.xml', server.key))).text();
    assert.equal(xml.match(/<fuel-station>/g)!.length, rows.length);
  });

  describe('bad input gets a 4xx in the requested format, never a 5xx', () => {
    const bad = {
      'wrong type': 'abc',
      'out of range': '-1000',
      empty: '',
      'very long': 'x'.repeat(5000),
      unicode: 'ÉLEC✓ 東京',
      sql: "' OR 1=1; DROP TABLE fuel_stations; --",
      xml: '<a href="x">&amp;</a>]]>',
      zero: '0',
    };
    const parameters = [
      'status',
      'access',
      'fuel_type',
      'cards_accepted',
      'owner_type',
      'federal_agency_id',
      'federal_agency',
      'ev_network',
      'ev_charging_level',
      'state',
      'zip',
      'ev_connector_type',
      'ev_connector_type_operator',
      'country',
      'lpg_include_secondary',
      'hy_is_retail',
      'e85_has_blender_pump',
      'cng_fill_type',
      'cng_psi',
      'cng_vehicle_class',
      'lng_vehicle_class',
      'maximum_vehicle_class',
      'cng_has_rng',
      'lng_has_rng',
      'restricted_access',
      'funding_sources',
      'facility_type',
      'limit',
      'latitude',
      'longitude',
      'radius',
      'offset',
      'location',
    ];
    const contentTypes = { json: 'application/json', xml: 'application/xml', csv: 'text/csv' };
    for (const parameter of parameters) {
      test(parameter, async () => {
        for (const [kind, value] of Object.entries(bad)) {
          const fixed = parameter === 'location' ? '' : parameter === 'latitude' || parameter === 'longitude' ? '' : 'latitude=42.36&longitude=-71.06&';
          for (const format of ['json', 'xml', 'csv'] as const) {
            const path = `/api/alt-fuel-stations/v1/nearest.${format}?${fixed}${parameter}=${encodeURIComponent(value)}`;
            const response = await server.get(withKey(path, server.key));
            const text = await response.text();
            const acceptable = response.status === 200 && ['limit', 'offset', 'radius'].includes(parameter) && kind === 'zero';
            if (acceptable) continue;
            if (parameter === 'location' && (kind === 'zero' || kind === 'out of range')) {
              assert.equal(response.status, 422, `${kind} ${path}`);
              continue;
            }
            assert.ok(response.status >= 400 && response.status < 500, `${parameter} ${kind} (${format}): ${response.status} ${text.slice(0, 200)}`);
            assert.match(response.headers.get('content-type')!, new RegExp(`^${contentTypes[format]}`), `${parameter} ${kind} ${format}`);
            if (format === 'json') assert.ok(Array.isArray(JSON.parse(text).errors));
            if (format === 'xml') assert.ok(convert(text, { format: 'object' }));
            if (format === 'csv') assert.ok(parse(text).length >= 2);
          }
        }
        const repeated = await server.get(
          withKey(`/api/alt-fuel-stations/v1/nearest.json?latitude=42.36&longitude=-71.06&${parameter}=1&${parameter}=2`, server.key),
        );
        assert.equal(repeated.status, 422, `${parameter} repeated`);
        assert.match(((await repeated.json()) as any).errors.join(' '), new RegExp(`'${parameter}'`));
      });
    }

    test('messages name the parameter and, for an unknown value, the values allowed', async () => {
      const response = await server.get(withKey('/api/alt-fuel-stations/v1.json?fuel_type=ELEC,XX&limit=0', server.key));
      assert.equal(response.status, 422);
      const { errors } = (await response.json()) as { errors: string[] };
      assert.deepEqual(errors, [
        "The 'limit' parameter has an invalid value '0': The most stations to return: an integer from 1 to 2147483647, or all.",
        "The 'fuel_type' parameter has an invalid value 'XX'. Allowed values: all, BD, CNG, E85, ELEC, HY, LNG, LPG, RD.",
      ]);
      assert.equal(response.headers.get('x-ratelimit-limit'), '1000000', '422s carry the rate-limit headers');
      const missing = await server.get(withKey('/api/alt-fuel-stations/v1/nearest?format=json&location=', server.key));
      assert.equal(await missing.text(), readFileSync(shared('wire', 'samples', 'afs_nearest_422_2022.json'), 'utf8'));
      const nowhere = await server.get(withKey(`/api/alt-fuel-stations/v1/nearest.json?location=${'Nowhere '.repeat(10)}`, server.key));
      assert.equal(nowhere.status, 422);
      assert.deepEqual(((await nowhere.json()) as any).errors, [
        `The location '${'Nowhere '.repeat(10).slice(0, 57)}...' could not be geocoded: give a ZIP code, 'City, ST', or an address that contains either.`,
      ]);
    });
  });
});
