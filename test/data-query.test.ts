// /api/solar/data_query/v1 and /v2 over the seeded sample, in-process: shapes against the
// documentation samples (key orders, value kinds, XML form), the nearest station and distance of
// every dataset against an independent haversine search over the station lists, edge cases (poles,
// the antimeridian, radius 0 and 2000, all=1), and the 422s.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { DuckDBInstance } from '../model/duckdb.ts';
import { Random } from '../pipeline/sample/random.ts';
import { validatorFor } from '../schemas/registry.ts';
import { readShared, shared, skipWithoutShared, startTestServer, withKey, type TestServer } from './support/helpers.ts';
import { haversineMetres } from './support/sphere.ts';
import { sampleDataSet } from './support/sample-data-set.ts';

let server: TestServer;
let dataDir: string;

interface Point {
  id: string;
  dataset: 'tmy2' | 'tmy3' | 'intl' | 'nsrdb';
  lat: number;
  lon: number;
}

let points: Point[] = [];

/** Haversine metres on the 6,371,008.8 m sphere: our own, for the independent search. */
function listPoints(): Point[] {
  const rows = (file: string) => parse(readFileSync(shared('data', 'climate', file)), { columns: true }) as Record<string, string>[];
  return [
    ...rows('tmy2_stations.csv').map((row) => ({ id: `0-${row.wban}`, dataset: 'tmy2' as const, lat: Number(row.latitude), lon: Number(row.longitude) })),
    ...rows('tmy3_stations.csv').map((row) => ({ id: `1-${row.usaf}`, dataset: 'tmy3' as const, lat: Number(row.latitude), lon: Number(row.longitude) })),
    ...rows('intl_candidates_iwec_swera_cwec_dedup.csv').map((row) => ({
      id: `2-${row.wmo}-${row.source!.toLowerCase()}`,
      dataset: 'intl' as const,
      lat: Number(row.latitude),
      lon: Number(row.longitude),
    })),
  ];
}

/** The sample's nsrdb cells, read from the catalog Parquet by DuckDB (the grid is in no list). */
async function nsrdbPoints(dir: string): Promise<Point[]> {
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
  const db = await (await DuckDBInstance.create(':memory:')).connect();
  const reader = await db.runAndReadAll(
    `SELECT id, lat, lon FROM read_parquet('${join(dir, manifest.datasets.climate.files.stations.path)}') WHERE dataset = 'nsrdb'`,
  );
  return (reader.getRowObjectsJS() as Array<{ id: string; lat: number; lon: number }>).map((row) => ({ ...row, dataset: 'nsrdb' as const }));
}

function independent(lat: number, lon: number, radiusMiles: number) {
  const limit = radiusMiles === 0 ? Infinity : radiusMiles * 1609.344;
  const ranked = points
    .map((point) => ({ point, distance: haversineMetres(lat, lon, point.lat, point.lon) }))
    .filter((entry) => entry.distance <= limit)
    .sort((a, b) => a.distance - b.distance || (a.point.id < b.point.id ? -1 : 1));
  const nearest: Record<string, { id: string; distance: number } | null> = { tmy2: null, tmy3: null, intl: null, nsrdb: null };
  for (const { point, distance } of ranked) nearest[point.dataset] ??= { id: point.id, distance };
  return { nearest, all: ranked };
}

async function get(path: string): Promise<{ status: number; body: string; type: string | null }> {
  const response = await server.get(withKey(path, server.key));
  return { status: response.status, body: await response.text(), type: response.headers.get('content-type') };
}

async function getJson(path: string): Promise<{ status: number; json: any }> {
  const { status, body } = await get(path);
  return { status, json: JSON.parse(body) };
}

before(async () => {
  if (skipWithoutShared) return;
  ({ dataDir } = await sampleDataSet({ seed: 1, stations: 500 }));
  server = await startTestServer(dataDir);
  points = [...listPoints(), ...(await nsrdbPoints(dataDir))];
});

after(async () => {
  await server?.dispose();
});

const keysOf = (value: unknown) => Object.keys(value as object);

test('v1: the documentation example’s shape, key for key, and its stations', { skip: skipWithoutShared }, async () => {
  const doc = JSON.parse(readShared('wire', 'samples', 'solar_dq_v1_docs.json'));
  const { status, json } = await getJson('/api/solar/data_query/v1.json?lat=40&lon=-105&radius=50&all=1');
  assert.equal(status, 200);
  assert.equal(validatorFor('/api/schemas/solar-data-query-v1.schema.json')(json), true);
  assert.deepEqual(keysOf(json), keysOf(doc));
  assert.equal(json.version, '1.3.1');
  assert.deepEqual(json.metadata, {});
  assert.deepEqual(json.inputs, doc.inputs);
  assert.deepEqual(keysOf(json.outputs), keysOf(doc.outputs));
  assert.deepEqual(keysOf(json.outputs.tmy2), keysOf(doc.outputs.tmy2));
  assert.deepEqual(keysOf(json.outputs.tmy3), keysOf(doc.outputs.tmy3));
  // The sample's stations are the real places: the documented ids and names come back.
  for (const dataset of ['tmy2', 'tmy3']) {
    const ours = json.outputs[dataset];
    const theirs = doc.outputs[dataset];
    assert.deepEqual([ours.id, ours.city, ours.state, ours.timezone], [theirs.id, theirs.city, theirs.state, theirs.timezone], dataset);
  }
  // The documented distances are not reproducible from the documented coordinates (docs/decisions.md §4.2):
  // tmy3 is within 0.8 % of ours.
  assert.ok(Math.abs(json.outputs.tmy3.distance - doc.outputs.tmy3.distance) / doc.outputs.tmy3.distance < 0.008);
  assert.equal(json.outputs.intl, null);
  assert.ok(json.warnings.includes('No intl data found for lat=40.0 lon=-105.0'));
  // all_stations: every tmy3 station of the documented list, nearest first; items end with dataset.
  const tmy3Ids = json.outputs.all_stations.filter((item: any) => item.dataset === 'tmy3').map((item: any) => item.id);
  assert.deepEqual(
    tmy3Ids,
    doc.outputs.all_stations.filter((item: any) => item.dataset === 'tmy3').map((item: any) => item.id),
  );
  for (const item of json.outputs.all_stations) {
    const documented = doc.outputs.all_stations.find((candidate: any) => candidate.dataset === item.dataset);
    if (documented) assert.deepEqual(keysOf(item), keysOf(documented), `all_stations ${item.dataset} key order`);
  }
  const distances = json.outputs.all_stations.map((item: any) => item.distance);
  assert.deepEqual(
    distances,
    [...distances].sort((a, b) => a - b),
  );
});

test('v1: an nsrdb entry and an nsrdb all_stations item have the nsrdb key order; floats print as floats', { skip: skipWithoutShared }, async () => {
  const doc = JSON.parse(readShared('wire', 'samples', 'solar_dq_v1_docs.json'));
  const { body } = await get('/api/solar/data_query/v1.json?lat=37.5&lon=-104&radius=100&all=1');
  const json = JSON.parse(body);
  assert.deepEqual(keysOf(json.outputs.nsrdb), keysOf(doc.outputs.nsrdb));
  const item = json.outputs.all_stations.find((candidate: any) => candidate.dataset === 'nsrdb');
  assert.deepEqual(keysOf(item), keysOf(doc.outputs.all_stations[0]));
  // The sample's 2° grid has a cell at exactly 37.5, -104.0: floats keep their ".0", integers do not.
  assert.match(
    body,
    /"nsrdb":\{"id":"3-W104N037-W10400N3750","city":"","state":"Colorado","lat":37\.5,"lon":-104\.0,"distance":0,"timezone":-7,"elevation":\d+,"resolution":223\}/,
  );
});

test('v2: the documentation example’s shape, inputs with api_key, weather_data_source and country', { skip: skipWithoutShared }, async () => {
  const doc = JSON.parse(readShared('wire', 'samples', 'solar_dq_v2_docs.json'));
  const response = await server.get(`/api/solar/data_query/v2.json?api_key=${server.key}&lat=40&lon=-105&radius=0`);
  const json = (await response.json()) as any;
  assert.equal(validatorFor('/api/schemas/solar-data-query-v2.schema.json')(json), true);
  assert.deepEqual(keysOf(json), keysOf(doc));
  assert.equal(json.version, '1.4.0');
  assert.deepEqual(json.warnings, []);
  assert.deepEqual(json.inputs, { ...doc.inputs, api_key: server.key });
  assert.deepEqual(keysOf(json.inputs), keysOf(doc.inputs));
  for (const dataset of ['tmy2', 'tmy3', 'intl', 'nsrdb']) {
    assert.deepEqual(keysOf(json.outputs[dataset]), keysOf(doc.outputs[dataset]), dataset);
    assert.equal(json.outputs[dataset].weather_data_source, doc.outputs[dataset].weather_data_source);
  }
  assert.equal(json.outputs.nsrdb.country, 'United States');
  assert.equal(json.outputs.tmy3.id, '1-724699');
  // v1 never echoes the key.
  const v1 = (await (await server.get(`/api/solar/data_query/v1.json?api_key=${server.key}&lat=40&lon=-105`)).json()) as any;
  assert.deepEqual(v1.inputs, { lat: '40', lon: '-105' });
});

/** The XML with text and indentation removed: element names, attributes and nesting only. */
function skeleton(xml: string): string[] {
  return xml
    .split('\n')
    .map((line) => line.trim().replace(/>[^<]*</, '><'))
    .filter(Boolean);
}

test('XML: Rails to_xml as the documentation shows (types, nil, empty hash, 2-space indentation)', { skip: skipWithoutShared }, async () => {
  const { body, type } = await get('/api/solar/data_query/v2.xml?lat=40&lon=-105&radius=0');
  assert.equal(type, 'application/xml; charset=utf-8');
  const doc = readShared('wire', 'samples', 'solar_dq_v2_docs.xml');
  const ours = skeleton(body).filter((line) => !/^<\/?api-key/.test(line));
  assert.deepEqual(
    ours,
    skeleton(doc).filter((line) => !/^<\/?api-key/.test(line)),
  );
  assert.ok(
    body.startsWith(
      '<?xml version="1.0" encoding="UTF-8"?>\n<response>\n  <version>1.4.0</version>\n  <warnings type="array"/>\n  <errors type="array"/>\n  <metadata>\n  </metadata>\n',
    ),
  );

  const v1 = (await get('/api/solar/data_query/v1.xml?lat=40&lon=-105&radius=50&all=1')).body;
  const v1Doc = readShared('wire', 'samples', 'solar_dq_v1_docs.xml');
  assert.ok(v1.includes('    <intl nil="true"/>\n'));
  assert.ok(v1.includes('  <warnings type="array">\n    <warning>No intl data found for lat=40.0 lon=-105.0</warning>\n'));
  // Every element line of ours (without text) appears in the documented v1 XML.
  const known = new Set(skeleton(v1Doc));
  for (const line of skeleton(v1)) if (!/^<\/?(nsrdb|resolution)/.test(line)) assert.ok(known.has(line), line);
  assert.match(v1, /\n {4}<all-stations type="array">\n {6}<all-station>\n {8}<id>0-94018<\/id>/);
});

test('CSV: one row per returned station with the decided columns', { skip: skipWithoutShared }, async () => {
  const { body, type, status } = await get('/api/solar/data_query/v2.csv?lat=40&lon=-105&radius=0');
  assert.equal(status, 200);
  assert.equal(type, 'text/csv; charset=utf-8');
  const rows = parse(body, { columns: true }) as Record<string, string>[];
  assert.equal(body.split('\n')[0], 'dataset,id,city,state,country,lat,lon,timezone,elevation,distance,resolution,weather_data_source');
  assert.deepEqual(
    rows.map((row) => row.dataset),
    ['tmy2', 'tmy3', 'intl', 'nsrdb'],
  );
  assert.equal(rows[1]!.id, '1-724699');
  assert.equal(rows[0]!.resolution, '');
  const all = parse((await get('/api/solar/data_query/v1.csv?lat=40&lon=-105&radius=60&all=1')).body, { columns: true }) as Record<string, string>[];
  const json = (await getJson('/api/solar/data_query/v1.json?lat=40&lon=-105&radius=60&all=1')).json;
  assert.deepEqual(
    all.map((row) => row.id),
    json.outputs.all_stations.map((item: any) => item.id),
  );
  // v1's entries have no weather_data_source; its CSV rows do: they are the catalog's records
  assert.ok(json.outputs.all_stations.every((item: any) => item.weather_data_source === undefined));
  assert.ok(all.length > 0 && all.every((row) => row.weather_data_source !== ''));
});

test('random points: each dataset’s station and distance equal an independent search over the station lists', { skip: skipWithoutShared }, async () => {
  const random = new Random(99);
  const radii = [0, 10, 50, 100, 250, 1000, 2000];
  for (let i = 0; i < 80; i++) {
    const us = i % 2 === 0;
    const lat = us ? random.between(24, 50) : random.between(-90, 90);
    const lon = us ? random.between(-125, -66) : random.between(-180, 180);
    const radius = radii[i % radii.length]!;
    const query = `lat=${lat.toFixed(4)}&lon=${lon.toFixed(4)}&radius=${radius}`;
    const { json } = await getJson(`/api/solar/data_query/v1.json?${query}`);
    const expected = independent(Number(lat.toFixed(4)), Number(lon.toFixed(4)), radius);
    for (const dataset of ['tmy2', 'tmy3', 'intl', 'nsrdb']) {
      const want = expected.nearest[dataset];
      const got = json.outputs[dataset];
      if (want === null) {
        assert.equal(got, null, `${query} ${dataset}`);
        assert.ok(json.warnings.some((warning: string) => warning.startsWith(`No ${dataset} data found for lat=`)));
        continue;
      }
      assert.equal(got?.id, want.id, `${query} ${dataset}`);
      assert.ok(Math.abs(got.distance - want.distance) <= 1, `${query} ${dataset}: ${got.distance} vs ${want.distance}`);
    }
  }
});

test('all=1: all_stations is exactly the stations within radius, nearest first', { skip: skipWithoutShared }, async () => {
  const random = new Random(7);
  for (let i = 0; i < 12; i++) {
    const lat = Number(random.between(26, 48).toFixed(3));
    const lon = Number(random.between(-122, -70).toFixed(3));
    const radius = [30, 120, 400][i % 3]!;
    const { json } = await getJson(`/api/solar/data_query/v1.json?lat=${lat}&lon=${lon}&radius=${radius}&all=1`);
    const expected = independent(lat, lon, radius).all;
    const ids = json.outputs.all_stations.map((item: any) => item.id);
    // Equal as sets; in order up to distances that round alike.
    assert.deepEqual([...ids].sort(), expected.map((entry) => entry.point.id).sort(), `${lat},${lon} r=${radius}`);
    for (const [k, item] of (json.outputs.all_stations as any[]).entries()) assert.ok(Math.abs(item.distance - expected[k]!.distance) <= 1);
  }
});

test('edge cases: the poles, the antimeridian, radius 0 and 2000', { skip: skipWithoutShared }, async () => {
  for (const [lat, lon] of [
    [90, 0],
    [-90, 0],
    [89.99, 179.99],
    [51.9, 179.9],
    [51.9, -179.9],
    [-17, 179.5],
    [0, -180],
    [0, 180],
  ] as const) {
    for (const radius of [0, 300, 2000]) {
      const { status, json } = await getJson(`/api/solar/data_query/v1.json?lat=${lat}&lon=${lon}&radius=${radius}`);
      assert.equal(status, 200);
      const expected = independent(lat, lon, radius);
      for (const dataset of ['tmy2', 'tmy3', 'intl', 'nsrdb']) {
        assert.equal(json.outputs[dataset]?.id ?? null, expected.nearest[dataset]?.id ?? null, `${lat},${lon} r=${radius} ${dataset}`);
      }
    }
  }
  // Adak (51.883, -176.65) is ~233 km from 51.9, 179.9, across the antimeridian.
  const across = (await getJson('/api/solar/data_query/v1.json?lat=51.9&lon=179.9&radius=200')).json;
  assert.equal(across.outputs.tmy3.id, '1-704540');
  // radius=0: every dataset answers, however far.
  const far = (await getJson('/api/solar/data_query/v2.json?lat=-45&lon=170&radius=0')).json;
  for (const dataset of ['tmy2', 'tmy3', 'intl', 'nsrdb']) assert.notEqual(far.outputs[dataset], null, dataset);
  // all=1 with radius 2000 from the middle of the country: thousands of stations, sorted.
  const wide = (await getJson('/api/solar/data_query/v1.json?lat=39&lon=-98&radius=2000&all=1')).json;
  assert.equal(wide.outputs.all_stations.length, independent(39, -98, 2000).all.length);
  assert.ok(wide.outputs.all_stations.length > 1000);
});

test('422: every invalid or missing parameter has its message, in the full envelope', { skip: skipWithoutShared }, async () => {
  const cases: Array<[string, string[]]> = [
    ['', ["'lat' is required", "'lon' is required"]],
    ['lat=40', ["'lon' is required"]],
    ['lat=abc&lon=-105', ["'lat' must be a number"]],
    ['lat=40&lon=200', ["'lon' must be between -180 and 180"]],
    ['lat=-90.5&lon=0', ["'lat' must be between -90 and 90"]],
    ['lat=40&lon=-105&radius=2001', ["'radius' must be between 0 and 2000"]],
    ['lat=40&lon=-105&radius=-1', ["'radius' must be between 0 and 2000"]],
    ['lat=40&lon=-105&radius=1.5', ["'radius' must be an integer"]],
    ['lat=40&lon=-105&all=2', ["'all' must be 0 or 1"]],
    ['lat=40&lon=-105&all=1&radius=0', ["'radius' must be greater than 0 when 'all' is 1"]],
    ['lat=40&lon=-105&all=1', []],
    ['lat=40&lat=41&lon=-105', ["'lat' must be given only once"]],
    ['lat=40&lon=', ["'lon' must not be empty"]],
    ['lat=40&lon=-105&format=xml', []],
  ];
  for (const [query, messages] of cases) {
    const { status, json } = await getJson(`/api/solar/data_query/v1.json?${query}`);
    if (messages.length === 0) {
      assert.equal(status, 200, query);
      continue;
    }
    assert.equal(status, 422, query);
    assert.deepEqual(json.errors, messages, query);
    assert.deepEqual(keysOf(json), ['version', 'warnings', 'errors', 'metadata', 'inputs', 'outputs']);
    assert.deepEqual(json.outputs, {});
    assert.equal(validatorFor('/api/schemas/solar-data-query-v1.schema.json')(json), true);
  }
  const xml = await get('/api/solar/data_query/v2.xml?lat=40&radius=0&all=1');
  assert.equal(xml.status, 422);
  assert.ok(
    xml.body.includes(
      "  <errors type=\"array\">\n    <error>'lon' is required</error>\n    <error>'radius' must be greater than 0 when 'all' is 1</error>\n  </errors>\n",
    ),
  );
  assert.ok(xml.body.includes('  <outputs>\n  </outputs>\n'));
  const csv = await get('/api/solar/data_query/v1.csv?lat=95&lon=0');
  assert.equal(csv.status, 422);
  assert.equal(csv.body, "Error\n'lat' must be between -90 and 90\n");
});

test('v1 prints v1 ids and v2 v2 ids, in JSON, XML and CSV: different for nsrdb cells, the same for the others', { skip: skipWithoutShared }, async () => {
  const store = server.data.dataSet.climate;
  const query = 'lat=40&lon=-105&radius=400&all=1';
  const v1 = (await getJson(`/api/solar/data_query/v1.json?${query}`)).json;
  const v2 = (await getJson(`/api/solar/data_query/v2.json?${query}`)).json;
  for (const dataset of ['tmy2', 'tmy3', 'intl', 'nsrdb']) {
    if (v1.outputs[dataset] === null) continue;
    const [id1, id2] = [v1.outputs[dataset].id, v2.outputs[dataset].id];
    if (dataset === 'nsrdb') {
      assert.match(id1, /^3-[EW]\d{3}[NS]\d{3}-[EW]\d{5}[NS]\d{4}$/);
      assert.match(id2, /^3-G-\d{7}$/);
    } else assert.equal(id2, id1, dataset);
    assert.equal(store.byV2Id(id2), store.byId(id1), `${id1} and ${id2} are one station`);
  }
  const ids1 = v1.outputs.all_stations.map((item: any) => item.id);
  const ids2 = v2.outputs.all_stations.map((item: any) => item.id);
  assert.ok(v1.outputs.all_stations.filter((item: any) => item.dataset === 'nsrdb').length >= 3);
  assert.deepEqual(
    ids2,
    ids1.map((id: string) => store.byId(id)!.id_v2),
    'the same stations in the same order, each under its v2 id',
  );
  assert.ok(v2.outputs.all_stations.every((item: any) => (item.dataset === 'nsrdb') === item.id.startsWith('3-G-')));
  // XML and CSV print the same ids as JSON
  const xmlIds = (xml: string) => [...xml.matchAll(/<id>([^<]*)<\/id>/g)].map((match) => match[1]);
  const outputIds = (json: any) => [
    ...['tmy2', 'tmy3', 'intl', 'nsrdb'].flatMap((dataset) => json.outputs[dataset]?.id ?? []),
    ...json.outputs.all_stations.map((item: any) => item.id),
  ];
  assert.deepEqual(xmlIds((await get(`/api/solar/data_query/v1.xml?${query}`)).body), outputIds(v1));
  assert.deepEqual(xmlIds((await get(`/api/solar/data_query/v2.xml?${query}`)).body), outputIds(v2));
  const csvIds = async (version: number) =>
    (parse((await get(`/api/solar/data_query/v${version}.csv?${query}`)).body, { columns: true }) as Record<string, string>[]).map((row) => row.id);
  assert.deepEqual(await csvIds(1), ids1);
  assert.deepEqual(await csvIds(2), ids2);
  const nearest2 = parse((await get('/api/solar/data_query/v2.csv?lat=40&lon=-105&radius=0')).body, { columns: true }) as Record<string, string>[];
  assert.equal(
    nearest2.find((row) => row.dataset === 'nsrdb')!.id,
    (await getJson('/api/solar/data_query/v2.json?lat=40&lon=-105&radius=0')).json.outputs.nsrdb.id,
  );
});

test('ids are usable as the estimators’ file_id: each names one station whose hours can be read', { skip: skipWithoutShared }, async () => {
  const { json } = await getJson('/api/solar/data_query/v2.json?lat=40&lon=-105&radius=0');
  const store = server.data.dataSet.climate;
  for (const dataset of ['tmy2', 'tmy3', 'intl', 'nsrdb']) {
    const station = store.byV2Id(json.outputs[dataset].id);
    assert.ok(station, dataset);
    const weather = await store.weather(station);
    assert.equal(weather.length, 8760);
    assert.equal(weather.header.lat, station.header_lat);
    assert.ok(weather.ghi.some((value) => value > 500));
  }
});

test('/health reports the climate station cache: its cap (CLIMATE_CACHE_MB) and what it holds', { skip: skipWithoutShared }, async () => {
  const store = server.data.dataSet.climate;
  const first = await store.weather('1-724699');
  const again = await store.weather('1-724699');
  assert.equal(again, first, 'a cached station is the same object');
  const health = (await (await server.get('/health')).json()) as any;
  assert.equal(health.climate_cache.max_bytes, 256 * 1024 * 1024);
  assert.ok(health.climate_cache.stations >= 1 && health.climate_cache.hits >= 1 && health.climate_cache.bytes >= 13 * 8760 * 4);
});
