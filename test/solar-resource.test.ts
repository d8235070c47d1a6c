// /api/solar/solar_resource/v1 over the seeded sample, in-process: the documentation example's shape
// (keys, order, value kinds) in JSON and XML, the answering station against the solar dataset query's
// nearest, the values against the stored table and against DuckDB's sums over the hourly Parquet, the
// tilt at latitude against the PVWatts v8 endpoint's solrad on that station, address geocoding,
// JSONP, and the 422s in each format.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { DuckDBInstance, type DuckDBConnection } from '../model/duckdb.ts';
import { validatorFor } from '../schemas/registry.ts';
import { startTestServer, withKey, type TestServer } from './support/helpers.ts';
import { sampleDataSet } from './support/sample-data-set.ts';

const fixtures = join(import.meta.dirname, 'fixtures', 'solar-resource-v1-docs');
const docJson = JSON.parse(readFileSync(join(fixtures, 'example.json'), 'utf8'));
const docXml = readFileSync(join(fixtures, 'example.xml'), 'utf8');
const validate = validatorFor('/api/schemas/solar-resource-v1.schema.json');
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

let server: TestServer;
let dataDir: string;
let manifest: any;
let db: DuckDBConnection;

async function get(path: string, withApiKey = true): Promise<{ status: number; body: string; type: string | null }> {
  const response = await server.get(withApiKey ? withKey(path, server.key) : path, withApiKey ? undefined : { headers: { 'X-Api-Key': server.key } });
  return { status: response.status, body: await response.text(), type: response.headers.get('content-type') };
}

async function getJson(path: string): Promise<{ status: number; json: any }> {
  const { status, body } = await get(path);
  return { status, json: JSON.parse(body) };
}

/** The table the pipeline stored, for one station id: 13 rows, the year first. */
async function storedRows(id: string): Promise<Array<{ month: number; avg_dni: number; avg_ghi: number; avg_lat_tilt: number; tilt: number }>> {
  const path = join(dataDir, manifest.datasets.climate.files.solar_resource.path);
  return (await db.runAndReadAll(`SELECT * FROM read_parquet('${path}') WHERE id = '${id}' ORDER BY month`)).getRowObjectsJS() as any;
}

/** Element names, nesting and type attributes of an XML text, values left out (Rails' float text checked apart). */
function xmlSkeleton(xml: string): string[] {
  return [...xml.matchAll(/<(\/?)([a-z-]+)((?: [a-z]+="[^"]*")*)(\/?)>/g)].map((m) => `${m[1]}${m[2]}${m[3]}${m[4]}`);
}

before(async () => {
  ({ dataDir } = await sampleDataSet({ seed: 1, stations: 300 }));
  manifest = JSON.parse(readFileSync(join(dataDir, 'manifest.json'), 'utf8'));
  server = await startTestServer(dataDir);
  db = await (await DuckDBInstance.create(':memory:')).connect();
});

after(async () => {
  await server?.dispose();
});

const keysOf = (value: unknown) => Object.keys(value as object);

test('JSON: the documentation example’s keys, order and kinds; our station after sources', async () => {
  const { status, json } = await getJson('/api/solar/solar_resource/v1.json?lat=40&lon=-105');
  assert.equal(status, 200);
  assert.equal(validate(json), true, JSON.stringify(validate.errors));
  assert.deepEqual(keysOf(json), keysOf(docJson));
  assert.equal(json.version, docJson.version);
  assert.deepEqual(json.warnings, []);
  assert.deepEqual(json.errors, []);
  assert.deepEqual(keysOf(json.metadata), [...keysOf(docJson.metadata), 'station']);
  assert.equal(json.metadata.sources.length, 1);
  assert.equal(typeof json.metadata.sources[0], 'string');
  assert.deepEqual(keysOf(json.metadata.station), ['id', 'dataset', 'lat', 'lon', 'distance']);
  // inputs: api_key, lat, lon as given, strings, in request order (the request sends lat, lon, then api_key)
  assert.deepEqual(json.inputs, { lat: '40', lon: '-105', api_key: server.key });
  assert.deepEqual(keysOf(json.outputs), keysOf(docJson.outputs));
  for (const name of keysOf(docJson.outputs)) {
    assert.deepEqual(keysOf(json.outputs[name]), ['annual', 'monthly'], name);
    assert.deepEqual(keysOf(json.outputs[name].monthly), MONTHS, name);
    for (const value of [json.outputs[name].annual, ...Object.values(json.outputs[name].monthly)]) {
      assert.equal(typeof value, 'number');
      assert.equal(Math.round(value * 100) / 100, value, `${name}: 2 decimals`);
    }
  }
  // The documentation's request with api_key first echoes it first, as the example shows.
  const first = await server.get(`/api/solar/solar_resource/v1.json?api_key=${server.key}&lat=40&lon=-105`);
  assert.deepEqual(keysOf(((await first.json()) as any).inputs), keysOf(docJson.inputs));
});

test('XML: the documentation example’s elements, order and types, values as the JSON’s', async () => {
  const { status, body, type } = await get('/api/solar/solar_resource/v1.xml?lat=40&lon=-105');
  assert.equal(status, 200);
  assert.equal(type, 'application/xml; charset=utf-8');
  const { json } = await getJson('/api/solar/solar_resource/v1.json?lat=40&lon=-105');
  // our station is an addition after the documented sources
  const station = body.match(/\n {4}<station>\n[\s\S]*?\n {4}<\/station>/)?.[0];
  assert.ok(station, 'metadata has the station');
  assert.match(
    station,
    /<id>[^<]+<\/id>\n {6}<dataset>[a-z0-9]+<\/dataset>\n {6}<lat type="float">[-0-9.]+<\/lat>\n {6}<lon type="float">[-0-9.]+<\/lon>\n {6}<distance type="integer">\d+<\/distance>/,
  );
  // the inputs in the documentation's order: make the same request
  const same = (await get(`/api/solar/solar_resource/v1.xml?api_key=${server.key}&lat=40&lon=-105`, false)).body.replace(station, '');
  assert.deepEqual(xmlSkeleton(same), xmlSkeleton(docXml));
  assert.ok(body.startsWith('<?xml version="1.0"'));
  for (const name of ['avg_dni', 'avg_ghi', 'avg_lat_tilt']) {
    const element = name.replace(/_/g, '-');
    const block = body.match(new RegExp(`<${element}>([\\s\\S]*?)</${element}>`))![1]!;
    const annual = block.match(/<annual type="float">([^<]+)<\/annual>/)![1]!;
    assert.equal(Number(annual), json.outputs[name].annual);
    assert.match(annual, /^\d+\.\d{1,2}$/, 'Rails writes a float with its decimal point (5.0)');
    for (const month of MONTHS)
      assert.equal(Number(block.match(new RegExp(`<${month} type="float">([^<]+)</${month}>`))![1]), json.outputs[name].monthly[month]);
  }
});

test('the answering station is the nearest of the data query’s datasets, and the values are the stored table’s', async () => {
  for (const [lat, lon] of [
    [40, -105],
    [33.45, -112.07],
    [47.6, -122.3],
    [25.8, -80.2],
  ] as const) {
    const { json } = await getJson(`/api/solar/solar_resource/v1.json?lat=${lat}&lon=${lon}`);
    const query = (await getJson(`/api/solar/data_query/v2.json?lat=${lat}&lon=${lon}&radius=100`)).json;
    const nearest = Object.values(query.outputs)
      .filter((entry: any) => entry !== null)
      .sort((a: any, b: any) => a.distance - b.distance)[0] as any;
    assert.equal(json.metadata.station.id, nearest.id, `${lat},${lon}`);
    assert.equal(json.metadata.station.distance, nearest.distance);
    assert.deepEqual([json.metadata.station.lat, json.metadata.station.lon], [nearest.lat, nearest.lon]);
    assert.deepEqual(json.metadata.sources, [nearest.weather_data_source]);
    const station = server.data.dataSet.climate.byV2Id(nearest.id)!;
    const rows = await storedRows(station.id);
    assert.equal(rows.length, 13);
    const round = (value: number) => Math.round(value * 100) / 100;
    for (const [name, column] of [
      ['avg_dni', 'avg_dni'],
      ['avg_ghi', 'avg_ghi'],
      ['avg_lat_tilt', 'avg_lat_tilt'],
    ] as const) {
      assert.equal(json.outputs[name].annual, round(rows[0]![column]));
      MONTHS.forEach((month, m) => {
        assert.equal(json.outputs[name].monthly[month], round(rows[m + 1]![column]), `${name} ${month}`);
      });
    }
  }
});

test('DNI and GHI: the stored averages equal DuckDB’s sums over the station’s hourly Parquet', async () => {
  const { json } = await getJson('/api/solar/solar_resource/v1.json?lat=40&lon=-105');
  const station = server.data.dataSet.climate.byV2Id(json.metadata.station.id)!;
  const path = join(dataDir, manifest.datasets.climate.files[station.hourly_file].path);
  const sums = (
    await db.runAndReadAll(
      `SELECT month::INTEGER AS month, sum(greatest(dni::DOUBLE, 0)) AS dni, sum(greatest(ghi::DOUBLE, 0)) AS ghi
       FROM read_parquet('${path}') WHERE station = ${station.station_index} GROUP BY ALL ORDER BY month`,
    )
  ).getRowObjectsJS() as Array<{ month: number; dni: number; ghi: number }>;
  assert.equal(sums.length, 12);
  const rows = await storedRows(station.id);
  const close = (ours: number, theirs: number, what: string) => assert.ok(Math.abs(ours - theirs) <= 1e-12 * theirs, `${what}: ${ours} vs ${theirs}`);
  const dni = sums.map((row) => row.dni / 1000 / DAYS[row.month - 1]!);
  const ghi = sums.map((row) => row.ghi / 1000 / DAYS[row.month - 1]!);
  for (let m = 0; m < 12; m++) {
    close(rows[m + 1]!.avg_dni, dni[m]!, `dni ${m + 1}`);
    close(rows[m + 1]!.avg_ghi, ghi[m]!, `ghi ${m + 1}`);
  }
  close(rows[0]!.avg_dni, dni.reduce((a, b) => a + b) / 12, 'dni annual');
  close(rows[0]!.avg_ghi, ghi.reduce((a, b) => a + b) / 12, 'ghi annual');
});

test('the tilt at latitude is the PVWatts v8 endpoint’s solrad for a roof array at tilt |lat| facing the equator on that station', async () => {
  for (const [lat, lon] of [
    [40, -105],
    [-33.9, 151.2],
  ] as const) {
    const { json } = await getJson(`/api/solar/solar_resource/v1.json?lat=${lat}&lon=${lon}`);
    assert.equal(json.errors.length, 0, `${lat},${lon}: ${json.errors}`);
    const station = server.data.dataSet.climate.byV2Id(json.metadata.station.id)!;
    const rows = await storedRows(station.id);
    assert.equal(rows[0]!.tilt, Math.abs(station.header_lat));
    const azimuth = station.header_lat >= 0 ? 180 : 0;
    const v8 = (
      await getJson(
        `/api/pvwatts/v8.json?file_id=${station.id_v2}&system_capacity=4&module_type=0&losses=14&array_type=1&tilt=${rows[0]!.tilt}&azimuth=${azimuth}`,
      )
    ).json;
    assert.deepEqual(v8.errors, []);
    // v8's JSON writes 16 significant digits
    const digits16 = (value: number) => Number(value.toPrecision(16));
    assert.equal(digits16(rows[0]!.avg_lat_tilt), v8.outputs.solrad_annual);
    rows.slice(1).forEach((row, m) => {
      assert.equal(digits16(row.avg_lat_tilt), v8.outputs.solrad_monthly[m], `month ${m + 1}`);
    });
  }
});

test('address: geocoded as the fuel-station search’s location, echoed in inputs; lat and lon win over it', async () => {
  const { status, json } = await getJson('/api/solar/solar_resource/v1.json?address=Golden,%20CO');
  assert.equal(status, 200);
  assert.deepEqual(json.inputs, { address: 'Golden, CO', api_key: server.key });
  const byPoint = (await getJson('/api/solar/solar_resource/v1.json?lat=39.75&lon=-105.22')).json;
  assert.equal(json.metadata.station.id, byPoint.metadata.station.id);
  const both = (await getJson('/api/solar/solar_resource/v1.json?address=Miami,%20FL&lat=39.75&lon=-105.22')).json;
  assert.equal(both.metadata.station.id, byPoint.metadata.station.id);
  const unknown = await getJson('/api/solar/solar_resource/v1.json?address=nowhere%20at%20all');
  assert.equal(unknown.status, 422);
  assert.deepEqual(unknown.json.errors, [
    "The address 'nowhere at all' could not be geocoded: give a ZIP code, 'City, ST', or an address that contains either.",
  ]);
});

test('JSONP: a callback wraps the JSON, errors included; a bad callback is a 422', async () => {
  const ok = await get('/api/solar/solar_resource/v1.json?lat=40&lon=-105&callback=cb');
  assert.equal(ok.status, 200);
  assert.equal(ok.type, 'application/javascript; charset=utf-8');
  assert.match(ok.body, /^cb\(\{"version":"1\.0\.0",.*\}\);$/s);
  const error = await get('/api/solar/solar_resource/v1.json?lat=400&lon=-105&callback=cb');
  assert.equal(error.status, 422);
  assert.match(error.body, /^cb\(\{.*"errors":\["'lat' must be between -90 and 90"\].*\}\);$/s);
  const bad = await getJson('/api/solar/solar_resource/v1.json?lat=40&lon=-105&callback=1bad');
  assert.equal(bad.status, 422);
  assert.match(bad.json.errors[0], /^'callback' must be a JavaScript function name/);
});

test('422s in JSON and XML: every failing parameter, the envelope with metadata and outputs empty', async () => {
  const cases: Array<[string, string[]]> = [
    ['', ["'lat' is required", "'lon' is required"]],
    ['lat=40', ["'lon' is required"]],
    ['lat=abc&lon=-105', ["'lat' must be a number"]],
    ['lat=91&lon=181', ["'lat' must be between -90 and 90", "'lon' must be between -180 and 180"]],
    ['lat=40&lat=41&lon=-105', ["'lat' must be given only once"]],
    ['lat=&lon=-105', ["'lat' must not be empty"]],
    ['address=', ["'address' must not be empty"]],
    // mid-Pacific: no climate station within 100 miles
    ['lat=0&lon=-140', ['No solar resource data found within 100 miles of lat=0.0 lon=-140.0']],
  ];
  for (const [query, errors] of cases) {
    const { status, json } = await getJson(`/api/solar/solar_resource/v1.json?${query}`);
    assert.equal(status, 422, query);
    assert.equal(validate(json), true, query);
    assert.deepEqual(json.errors, errors, query);
    assert.deepEqual([json.version, json.warnings, json.metadata, json.outputs], ['1.0.0', [], {}, {}], query);
    const xml = await get(`/api/solar/solar_resource/v1.xml?${query}`);
    assert.equal(xml.status, 422, query);
    assert.equal(xml.type, 'application/xml; charset=utf-8');
    assert.deepEqual(
      [...xml.body.matchAll(/<error>([^<]*)<\/error>/g)].map((m) => m[1]!.replace(/&apos;|&#39;/g, "'")),
      errors,
      query,
    );
  }
  // an extension the endpoint does not offer is the gateway's 404
  assert.equal((await get('/api/solar/solar_resource/v1.csv?lat=40&lon=-105')).status, 404);
});
