// nearby-route over HTTP on a data set built from the real Massachusetts and New York exports: the
// stations, order and distances of real routes held to an independent computation (vector math on
// the unit sphere: the nearest point of each great-circle arc), GET and POST (form, JSON) alike,
// every format, and bad input. The parameter schemas' filters are held together here too.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { convert } from 'xmlbuilder2';
import type { JsonSchema } from '../schemas/json-schema.ts';
import { schemaById, validatorFor } from '../schemas/registry.ts';
import { DataSet } from '../server/data/dataset.ts';
import { milesFromRoute } from './support/sphere.ts';
import { buildQuietly, shared, skipWithoutShared, sourceDirWith, startTestServer, temporaryDir, withKey, type TestServer } from './support/helpers.ts';

type Row = Record<string, string>;
const PATH = '/api/alt-fuel-stations/v1/nearby-route';

/** Miles from an export row's station to a route of [longitude, latitude] points (test/support/sphere.ts). */
function milesToRoute(row: Row, route: Array<[number, number]>): number {
  return milesFromRoute(
    Number(row.Latitude),
    Number(row.Longitude),
    route.map(([lon, lat]) => [lat, lon]),
  );
}

const wkt = (route: Array<[number, number]>) => `LINESTRING(${route.map(([lon, lat]) => `${lon} ${lat}`).join(', ')})`;

describe('nearby-route over HTTP, on the Massachusetts and New York exports', { skip: skipWithoutShared }, () => {
  let server: TestServer;
  /** The same data set, answering with the 2014 record. */
  let server2014: TestServer;
  let rows: Row[];
  let dataDir: string;
  const get = (query: string) => server.get(withKey(`${PATH}.json?${query}`, server.key));
  const json = async (query: string) => {
    const response = await get(query);
    assert.equal(response.status, 200, `${query.slice(0, 200)}: ${response.status}`);
    return response.json() as Promise<any>;
  };

  before(async () => {
    const dir = shared('data', 'afdc', 'raw_state_exports');
    const files = readdirSync(dir)
      .filter((name) => /^(MA|NY)_/.test(name))
      .map((name) => `${dir}/${name}`);
    rows = files.flatMap((file) => parse(readFileSync(file), { columns: true, bom: true, skip_empty_lines: true }) as Row[]);
    dataDir = temporaryDir('nearby-route');
    // The Excel-resaved MA export needs its unambiguous repairs (pipeline-fuel-stations.test.ts); no record is rejected.
    const { reports } = await buildQuietly({ outDir: dataDir, sourceDir: sourceDirWith(files), repair: true, allowInvalid: true });
    assert.equal(reports.fuel_stations.rejectedRecords, 0);
    server = await startTestServer(dataDir);
    server2014 = await startTestServer(dataDir, { stationRecord: '2014' });
  });
  after(async () => {
    await server?.dispose();
    await server2014?.dispose();
  });

  const routes: Array<[string, Array<[number, number]>, number]> = [
    [
      'Boston → Worcester → Springfield',
      [
        [-71.0589, 42.3601],
        [-71.8023, 42.2626],
        [-72.5898, 42.1015],
      ],
      2,
    ],
    [
      'Boston → Worcester → Springfield',
      [
        [-71.0589, 42.3601],
        [-71.8023, 42.2626],
        [-72.5898, 42.1015],
      ],
      5,
    ],
    [
      'Albany → Syracuse → Rochester → Buffalo',
      [
        [-73.7562, 42.6526],
        [-76.1474, 43.0481],
        [-77.6088, 43.1566],
        [-78.8784, 42.8864],
      ],
      3,
    ],
  ];
  for (const [name, route, distance] of routes) {
    test(`${name}, within ${distance} miles: the stations, their order and distances of an independent computation`, async () => {
      const expected = rows
        .map((row) => ({ id: Number(row.ID), distance: milesToRoute(row, route) }))
        .filter((station) => station.distance <= distance)
        .sort((a, b) => a.distance - b.distance || a.id - b.id);
      assert.ok(expected.length > 20, `${expected.length} stations`);
      const body = await json(`route=${encodeURIComponent(wkt(route))}&distance=${distance}`);
      assert.equal(body.total_results, expected.length);
      assert.deepEqual(
        body.fuel_stations.map((station: any) => station.id),
        expected.map((station) => station.id),
      );
      for (const [i, station] of (body.fuel_stations as any[]).entries())
        assert.ok(Math.abs(station.distance - expected[i].distance) <= 1e-5, `${station.id}: ${station.distance} mi, expected ${expected[i].distance}`);
      assert.equal(
        body.station_counts.fuels.ELEC.stations.total,
        expected.filter((s) => rows.find((r) => Number(r.ID) === s.id)!['Fuel Type Code'] === 'ELEC').length,
      );
      assert.deepEqual(Object.keys(body), ['station_locator_url', 'total_results', 'station_counts', 'fuel_stations']);
      assert.ok(validatorFor('/api/schemas/fuel-stations-nearby-route-current.schema.json')(body));
    });
  }

  const boston = wkt(routes[0][1]);

  test('a 1,000-point route 100 miles wide, with the default filters, searches within 64 MB of DuckDB memory', async () => {
    // Albany to Boston and back, 1,000 points. A plan that builds its hash table on the pairs of a
    // station and an arc (millions here) needs several hundred MB; DuckDB without a place to spill
    // fails past its memory limit.
    const route = Array.from({ length: 1000 }, (_, k) => {
      const t = k < 500 ? k / 499 : (999 - k) / 499;
      return { latitude: 42.65 + (42.36 - 42.65) * t + 0.2 * Math.sin(k / 15), longitude: -73.75 + (-71.06 + 73.75) * t };
    });
    const bounded = await DataSet.open(dataDir);
    try {
      await bounded.db.execute(`SET memory_limit = '64MB'`);
      await bounded.db.execute(`SET temp_directory = ''`);
      const matches = await bounded.stations.nearRoute(route, 100, { countries: ['US'], status: ['E'] }, { offset: 0 });
      assert.ok(matches.total > 1000, `${matches.total} stations`);
    } finally {
      bounded.close();
    }
  });

  test('limit and offset page the same order; offset is in the envelope only when given', async () => {
    const all = await json(`route=${encodeURIComponent(boston)}`);
    const page = await json(`route=${encodeURIComponent(boston)}&limit=7&offset=5&fuel_type=ELEC`);
    const elec = all.fuel_stations.filter((station: any) => station.fuel_type_code === 'ELEC');
    assert.deepEqual(
      page.fuel_stations.map((s: any) => s.id),
      elec.slice(5, 12).map((s: any) => s.id),
    );
    assert.deepEqual(Object.keys(page), ['station_locator_url', 'total_results', 'station_counts', 'offset', 'fuel_stations']);
    assert.equal(page.offset, 5);
    assert.equal(page.total_results, elec.length);
    assert.equal((await json(`route=${encodeURIComponent(boston)}&limit=0`)).fuel_stations.length, 0);
  });

  test('GET, POST with a form and POST with JSON answer the same bytes; query and body parameters merge', async () => {
    const parameters = { route: boston, distance: '3', fuel_type: 'ELEC,CNG', limit: '20' };
    const byGet = await (await get(new URLSearchParams(parameters).toString())).text();
    const byForm = await server.get(withKey(`${PATH}.json`, server.key), { method: 'POST', body: new URLSearchParams(parameters) });
    assert.equal(byForm.status, 200);
    assert.equal(await byForm.text(), byGet);
    const byJson = await server.get(withKey(`${PATH}.json?limit=20`, server.key), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ route: boston, distance: 3, fuel_type: ['ELEC', 'CNG'] }),
    });
    assert.equal(byJson.status, 200);
    assert.equal(await byJson.text(), byGet);
    const twice = await server.get(withKey(`${PATH}.json?distance=3`, server.key), { method: 'POST', body: new URLSearchParams(parameters) });
    assert.equal(twice.status, 422);
    assert.deepEqual(await twice.json(), { errors: ["The 'distance' parameter was given more than once."] });
  });

  test('every format answers', async () => {
    const query = `route=${encodeURIComponent(boston)}&distance=1&limit=3`;
    const types = {
      json: 'application/json',
      xml: 'application/xml',
      csv: 'text/csv',
      geojson: 'application/geo+json',
      kml: 'application/vnd.google-earth.kml+xml',
    };
    for (const [format, type] of Object.entries(types)) {
      const response = await server.get(withKey(`${PATH}.${format}?${query}`, server.key));
      assert.equal(response.status, 200, format);
      assert.ok(response.headers.get('content-type')!.startsWith(type), format);
    }
    const csv = parse(await (await server.get(withKey(`${PATH}.csv?${query}`, server.key))).text(), { columns: true }) as Row[];
    assert.equal(csv.length, 3);
    assert.ok(Number(csv[0].Distance) <= 1 && Number(csv[0]['Distance (km)']) > Number(csv[0].Distance));
    const geojson = (await (await server.get(withKey(`${PATH}.geojson?${query}`, server.key))).json()) as any;
    assert.equal(geojson.features.length, 3);
    assert.ok(validatorFor('/api/schemas/fuel-stations-geojson-nearby-route-current.schema.json')(geojson));
  });

  /** The body of a 200 answer of `on` in a format, as text. */
  const answer = async (on: TestServer, format: string, query: string, init?: RequestInit) => {
    const response = await on.get(withKey(`${PATH}.${format}?${query}`, on.key), init);
    assert.equal(response.status, 200, `${format} ${query.slice(0, 100)}`);
    return { type: response.headers.get('content-type')!, text: await response.text() };
  };
  const ENVELOPE = ['station_locator_url', 'total_results', 'station_counts'];
  /** Whether a body is valid against a schema (a plain boolean: the validator's type guard would narrow the body). */
  const valid = (schemaId: string, body: unknown): boolean => validatorFor(schemaId)(body);

  for (const [generation, suffix] of [
    ['current', '-current'],
    ['2014', ''],
  ] as const) {
    test(`return_type=ids (${generation}): the ids of return_type=all in its order, in the documented envelope, in JSON, XML, CSV and GeoJSON`, async () => {
      const on = generation === 'current' ? server : server2014;
      const base = `route=${encodeURIComponent(wkt(routes[0][1]))}&distance=3&fuel_type=ELEC,CNG,E85`;
      const all = JSON.parse((await answer(on, 'json', base)).text);
      const ids = all.fuel_stations.map((station: any) => station.id);
      assert.ok(ids.length > 50, `${ids.length} stations`);
      assert.ok(new Set(all.fuel_stations.map((station: any) => station.distance)).size > 1);

      // JSON: the envelope of return_type=all, the ids in fuel_station_ids instead of the records (as a real client reads them).
      const json = JSON.parse((await answer(on, 'json', `${base}&return_type=ids`)).text);
      assert.deepEqual(Object.keys(json), [...ENVELOPE, 'fuel_station_ids']);
      assert.deepEqual(json.fuel_station_ids, ids);
      for (const key of ENVELOPE) assert.deepEqual(json[key], all[key], key);
      assert.ok(valid(`/api/schemas/fuel-stations-nearby-route-ids${suffix}.schema.json`, json));
      assert.ok(valid(`/api/schemas/fuel-stations-nearby-route-answer${suffix}.schema.json`, json));
      assert.ok(valid(`/api/schemas/fuel-stations-nearby-route-answer${suffix}.schema.json`, all));
      assert.equal(valid(`/api/schemas/fuel-stations-nearby-route-ids${suffix}.schema.json`, all), false);

      // A page: the same slice of the same order, offset in the envelope as with return_type=all.
      const page = JSON.parse((await answer(on, 'json', `${base}&return_type=IDS&limit=7&offset=5`)).text);
      assert.deepEqual(Object.keys(page), [...ENVELOPE, 'offset', 'fuel_station_ids']);
      assert.deepEqual(page.fuel_station_ids, ids.slice(5, 12));
      assert.equal(page.total_results, all.total_results);

      // XML: Rails' list of the ids under the same root.
      const xml = (await answer(on, 'xml', `${base}&return_type=ids`)).text;
      const parsed = convert(xml, { format: 'object' }) as any;
      assert.deepEqual(Object.keys(parsed.response), ['station-locator-url', 'total-results', 'station-counts', 'fuel-station-ids']);
      assert.equal(parsed.response['fuel-station-ids']['@type'], 'array');
      assert.deepEqual([parsed.response['fuel-station-ids']['fuel-station-id']].flat().map(Number), ids);
      assert.match(xml, /^ {4}<fuel-station-id>\d+<\/fuel-station-id>$/m);

      // CSV: one ID column, a row per station.
      const csv = (await answer(on, 'csv', `${base}&return_type=ids`)).text;
      assert.deepEqual(parse(csv, { columns: false }), [['ID'], ...ids.map((id: number) => [String(id)])]);

      // GeoJSON: the features of return_type=all, each with its id alone in properties.
      const allGeo = JSON.parse((await answer(on, 'geojson', base)).text);
      const geo = JSON.parse((await answer(on, 'geojson', `${base}&return_type=ids`)).text);
      assert.ok(valid(`/api/schemas/fuel-stations-geojson-nearby-route-ids${suffix}.schema.json`, geo));
      assert.ok(valid(`/api/schemas/fuel-stations-geojson-nearby-route-answer${suffix}.schema.json`, geo));
      assert.deepEqual(geo, { ...allGeo, features: allGeo.features.map((feature: any) => ({ ...feature, properties: { id: feature.properties.id } })) });
      assert.deepEqual(
        geo.features.map((feature: any) => feature.properties.id),
        ids,
      );

      // KML: no form for ids, so the JSON answer, as for errors; the OpenAPI document says so
      const kml = await answer(on, 'kml', `${base}&return_type=ids`);
      assert.ok(kml.type.startsWith('application/json'), kml.type);
      assert.deepEqual(JSON.parse(kml.text), json);
      const openapi = (await (await on.get('/api/openapi.json')).json()) as any;
      const kmlAnswers = openapi.paths[`${PATH}.kml`].get.responses['200'].content;
      assert.deepEqual(Object.keys(kmlAnswers).sort(), ['application/json', 'application/vnd.google-earth.kml+xml']);
      const idsSchema = kmlAnswers['application/json'].schema.$ref.replace('#/components/schemas/', '');
      assert.equal(openapi.components.schemas[idsSchema]['x-schema-url'], `/api/schemas/fuel-stations-nearby-route-ids${suffix}.schema.json`);

      // POST: the same bytes.
      const posted = await answer(on, 'json', '', { method: 'POST', body: new URLSearchParams(`${base}&return_type=ids`) });
      assert.equal(posted.text, JSON.stringify(json));
    });
  }

  test('return_type takes all or ids, nothing else', async () => {
    const response = await get(`route=${encodeURIComponent(boston)}&return_type=full`);
    assert.equal(response.status, 422);
    assert.deepEqual(await response.json(), { errors: ["The 'return_type' parameter has an invalid value 'full'. Allowed values: all, ids."] });
  });

  test('422s: a malformed route, too many points, a distance out of range, a bad filter, no route', async () => {
    const errors = async (query: string) => {
      const response = await get(query);
      assert.equal(response.status, 422, query.slice(0, 100));
      return ((await response.json()) as { errors: string[] }).errors;
    };
    assert.match((await errors('route=POINT(1%202)'))[0], /must be a WKT LINESTRING/);
    assert.match((await errors(`route=${encodeURIComponent('LINESTRING(-71 42, -72 abc)')}`))[0], /invalid point 2 '-72 abc'/);
    assert.match((await errors(`route=${encodeURIComponent('LINESTRING(-71 42, -72 95)')}`))[0], /point 2: its latitude must be between -90 and 90/);
    assert.match((await errors(`route=${encodeURIComponent('LINESTRING(-71 42)')}`))[0], /at least 2 points/);
    const long = wkt(Array.from({ length: 1001 }, (_, i): [number, number] => [-71 - i / 1000, 42]));
    const tooMany = await server.get(withKey(`${PATH}.json`, server.key), { method: 'POST', body: new URLSearchParams({ route: long }) });
    assert.equal(tooMany.status, 422);
    assert.match(((await tooMany.json()) as any).errors[0], /has 1001 points: at most 1000/);
    assert.deepEqual(await errors(`route=${encodeURIComponent(boston)}&distance=-1`), ["The 'distance' parameter must be between 0 and 100 (got '-1')."]);
    assert.deepEqual(await errors(`route=${encodeURIComponent(boston)}&distance=100.5`), ["The 'distance' parameter must be between 0 and 100 (got '100.5')."]);
    assert.match((await errors(`route=${encodeURIComponent(boston)}&fuel_type=XX`))[0], /'fuel_type' parameter has an invalid value 'XX'/);
    assert.deepEqual(await errors('distance=2'), ["The 'route' parameter is required."]);
  });

  test('a body over the limit is a 413, and an unreadable one a 422, never a 500', async () => {
    const huge = await server.get(withKey(`${PATH}.json`, server.key), { method: 'POST', body: new URLSearchParams({ route: 'x'.repeat(200_000) }) });
    assert.equal(huge.status, 413);
    assert.deepEqual(await huge.json(), { errors: ['The request body is too large: at most 128 KB.'] });
    const broken = await server.get(withKey(`${PATH}.json`, server.key), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"route": ',
    });
    assert.equal(broken.status, 422);
    const text = await server.get(withKey(`${PATH}.json`, server.key), { method: 'POST', body: JSON.stringify({ route: boston }) });
    assert.equal(text.status, 422);
    assert.match(((await text.json()) as any).errors[0], /must be a form .* or JSON/);
    const nested = await server.get(withKey(`${PATH}.json`, server.key), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"route": {"a": 1}}',
    });
    assert.equal(nested.status, 422);
  });

  test('/v1/nearby-route is never a station id', async () => {
    const response = await server.get(withKey(`${PATH}.json`, server.key));
    assert.equal(response.status, 422);
    assert.deepEqual(await response.json(), { errors: ["The 'route' parameter is required."] });
  });
});

test('every filter of the list is a parameter of nearest and nearby-route, referring to the list’s own', () => {
  const propertiesOf = (id: string) => schemaById(id).properties as Record<string, JsonSchema>;
  const list = propertiesOf('/api/schemas/params/fuel-stations-list.params.schema.json');
  // ids: the documentation lists it for the list alone; response_format (no filter) for the list and nearest
  const own = new Set(['limit', 'format', 'api_key', 'ids']);
  const nearest = '/api/schemas/params/fuel-stations-nearest.params.schema.json';
  const nearbyRoute = '/api/schemas/params/fuel-stations-nearby-route.params.schema.json';
  assert.equal(propertiesOf(nearbyRoute).response_format, undefined);
  for (const id of [nearest, nearbyRoute]) {
    const properties = propertiesOf(id);
    for (const name of Object.keys(list).filter((name) => !own.has(name) && !(id === nearbyRoute && name === 'response_format')))
      assert.deepEqual(properties[name], { $ref: `fuel-stations-list.params.schema.json#/properties/${name}` }, `${id}: ${name}`);
  }
});
