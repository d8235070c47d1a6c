// /api/pvwatts/v6 (and /api/pv-estimator/v6) over the seeded sample, in-process: shapes against the
// wire samples (key orders, value kinds, the documentation's JSON and XML), the hourly arrays,
// aliases, JSONP, the station picked for lat/lon against an independent nearest search, defaults,
// and every parameter's 422. The numbers themselves are checked in pvwatts-reference.test.ts, on
// real weather files built through the pipeline.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { validatorFor } from '../schemas/registry.ts';
import type { ClimateStation } from '../server/data/climate.ts';
import { v6ResourceFile } from '../server/endpoints/pvwatts.ts';
import { readShared, skipWithoutShared, startTestServer, withKey, type TestServer } from './support/helpers.ts';
import { haversineMetres } from './support/sphere.ts';
import { sampleDataSet } from './support/sample-data-set.ts';

let server: TestServer;
const OK_SCHEMA = '/api/schemas/pvwatts-v6.schema.json';
const ERRORS_SCHEMA = '/api/schemas/pvwatts-v6-errors.schema.json';
/** The documentation example's request, in the order its inputs list the parameters. */
const DOCS_QUERY = 'system_capacity=4&lat=40&lon=-105&azimuth=180&tilt=40&array_type=1&module_type=1&losses=10';
const SYSTEM = 'system_capacity=4&module_type=0&losses=14&array_type=1&tilt=20&azimuth=180';
const MONTHLY = ['ac_monthly', 'poa_monthly', 'solrad_monthly', 'dc_monthly', 'ac_annual', 'solrad_annual', 'capacity_factor'];
const HOURLY = ['ac', 'poa', 'dn', 'dc', 'df', 'tamb', 'tcell', 'wspd'];
const ENVELOPE = ['inputs', 'errors', 'warnings', 'version', 'ssc_info', 'station_info', 'outputs'];
const ERROR_ENVELOPE = ['inputs', 'errors', 'warnings', 'version', 'ssc_info', 'outputs'];

const keysOf = (value: unknown) => Object.keys(value as object);

async function get(path: string, init?: RequestInit): Promise<{ status: number; body: string; type: string | null; headers: Headers }> {
  const response = await server.get(withKey(path, server.key), init);
  return { status: response.status, body: await response.text(), type: response.headers.get('content-type'), headers: response.headers };
}

async function getJson(path: string): Promise<{ status: number; json: any; body: string }> {
  const { status, body } = await get(path);
  return { status, json: JSON.parse(body), body };
}

before(async () => {
  if (skipWithoutShared) return;
  const { dataDir } = await sampleDataSet({ seed: 1, stations: 500 });
  server = await startTestServer(dataDir);
});

after(async () => {
  await server?.dispose();
});

/** The XML with text and indentation removed: element names, attributes and nesting only. */
function skeleton(xml: string): string[] {
  return xml
    .split('\n')
    .map((line) => line.trim().replace(/>[^<]*</, '><'))
    .filter(Boolean);
}

test('JSON: the documentation example’s shape, key for key and kind for kind', { skip: skipWithoutShared }, async () => {
  const doc = JSON.parse(readShared('wire', 'samples', 'pvwatts_v6_docs.json'));
  const { status, json, body } = await getJson(`/api/pvwatts/v6.json?${DOCS_QUERY}`);
  assert.equal(status, 200, body);
  assert.equal(validatorFor(OK_SCHEMA)(json), true);
  assert.deepEqual(keysOf(json), keysOf(doc));
  assert.deepEqual(keysOf(json), ENVELOPE);
  // inputs: the request's parameters as strings, in request order (the documentation's own order)
  assert.deepEqual(json.inputs, doc.inputs);
  assert.deepEqual(keysOf(json.inputs), keysOf(doc.inputs));
  assert.deepEqual(json.errors, []);
  assert.deepEqual(json.warnings, []);
  assert.equal(json.version, doc.version);
  assert.deepEqual(keysOf(json.ssc_info), keysOf(doc.ssc_info));
  assert.ok(Number.isInteger(json.ssc_info.version) && typeof json.ssc_info.build === 'string');
  assert.match(json.ssc_info.build, /nrel-compat .*PVWatts v5/);
  assert.deepEqual(keysOf(json.station_info), keysOf(doc.station_info));
  for (const key of keysOf(doc.station_info)) assert.equal(typeof json.station_info[key], typeof doc.station_info[key], key);
  assert.ok(Number.isInteger(json.station_info.distance));
  // the nsrdb station as the real service printed it: location "None", city "", state in title case
  assert.equal(json.station_info.location, 'None');
  assert.equal(json.station_info.city, '');
  assert.equal(json.station_info.state, 'Colorado');
  assert.match(json.station_info.solar_resource_file, /^W\d{5}N\d{4}\.csv$/);
  // tz is a float (-7.0); lat, lon, elev single-precision values widened to double
  assert.match(body, /"station_info":\{"lat":[-\d.]+,"lon":[-\d.]+,"elev":[-\d.]+,"tz":-7\.0,"location":"None"/);
  for (const key of ['lat', 'lon', 'elev', 'tz']) assert.equal(Math.fround(json.station_info[key]), json.station_info[key], key);
  assert.deepEqual(keysOf(json.outputs), keysOf(doc.outputs));
  assert.deepEqual(keysOf(json.outputs), MONTHLY);
  for (const key of MONTHLY) {
    const values = [].concat(json.outputs[key]);
    assert.equal(values.length, Array.isArray(doc.outputs[key]) ? 12 : 1, key);
    for (const value of values) assert.ok(typeof value === 'number' && Math.fround(value) === value, `${key}: ${value} is a single-precision value`);
  }
  // plausible for a 4 kW premium roof system in Colorado (the documentation: 6,575 kWh)
  assert.ok(json.outputs.ac_annual > 5000 && json.outputs.ac_annual < 8500, String(json.outputs.ac_annual));
  // shortest round-trip printing, as the documentation (not the 16 digits of the 2021 wire)
  for (const value of json.outputs.ac_monthly) assert.ok(body.includes(String(value)));
});

test('XML: the documentation example’s elements, attributes and nesting; Rails’ 2-space form', { skip: skipWithoutShared }, async () => {
  const doc = readShared('wire', 'samples', 'pvwatts_v6_docs.xml');
  const { status, body, type } = await get(`/api/pvwatts/v6.xml?${DOCS_QUERY}`);
  assert.equal(status, 200);
  assert.equal(type, 'application/xml; charset=utf-8');
  assert.deepEqual(skeleton(body), skeleton(doc));
  assert.ok(body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<response>\n  <inputs>\n    <system-capacity>4</system-capacity>\n'));
  assert.ok(
    body.includes(
      '\n  <errors type="array"/>\n  <warnings type="array"/>\n  <version>1.4.0</version>\n  <ssc-info>\n    <version type="integer">1</version>\n',
    ),
  );
  assert.ok(body.includes('    <tz type="float">-7.0</tz>\n    <location>None</location>\n    <city></city>\n    <state>Colorado</state>\n'));
  assert.match(body, /\n {4}<ac-monthly type="array">\n {6}<ac-monthly type="float">[\d.]+<\/ac-monthly>\n/);
  // the same numbers as the JSON, printed the same way
  const { json } = await getJson(`/api/pvwatts/v6.json?${DOCS_QUERY}`);
  const monthly = [...body.matchAll(/<ac-monthly type="float">([^<]+)</g)].map((match) => match[1]);
  assert.deepEqual(monthly, json.outputs.ac_monthly.map(String));
  assert.ok(body.includes(`<capacity-factor type="float">${json.outputs.capacity_factor}</capacity-factor>`));

  // hourly: every item repeats its array's name (dn, tamb and wspd are not singularised)
  const hourly = (await get(`/api/pvwatts/v6.xml?${SYSTEM}&lat=40&lon=-105&timeframe=hourly`)).body;
  for (const name of HOURLY) {
    assert.ok(hourly.includes(`\n    <${name} type="array">\n      <${name} type="float">`), name);
    assert.equal(hourly.split(`<${name} type="float">`).length - 1, 8760, name);
  }
});

test('timeframe=hourly: the eight hourly arrays of 8760 values after the monthly outputs, in order', { skip: skipWithoutShared }, async () => {
  const { status, json } = await getJson(`/api/pvwatts/v6.json?${SYSTEM}&lat=40&lon=-105&timeframe=hourly`);
  assert.equal(status, 200);
  assert.equal(validatorFor(OK_SCHEMA)(json), true);
  assert.deepEqual(keysOf(json.outputs), [...MONTHLY, ...HOURLY]);
  for (const name of HOURLY) {
    assert.equal(json.outputs[name].length, 8760, name);
    for (const value of json.outputs[name]) assert.ok(typeof value === 'number' && Math.fround(value) === value, `${name}: ${value}`);
  }
  const { ac, dc, poa, tcell, tamb } = json.outputs;
  // night: no output, the cell at ambient; the monthly sums are the hourly ones
  for (let hour = 0; hour < 8760; hour++) {
    if (poa[hour] === 0) {
      assert.equal(ac[hour], 0);
      assert.equal(tcell[hour], tamb[hour]);
    }
    assert.ok(ac[hour] <= dc[hour] + 1e-9);
  }
  const january = ac.slice(0, 744).reduce((sum: number, value: number) => sum + value, 0) / 1000;
  assert.ok(Math.abs(january - json.outputs.ac_monthly[0]) / json.outputs.ac_monthly[0] < 1e-5);
  // the monthly part is the monthly answer's
  const monthly = (await getJson(`/api/pvwatts/v6.json?${SYSTEM}&lat=40&lon=-105`)).json;
  for (const key of MONTHLY) assert.deepEqual(json.outputs[key], monthly.outputs[key], key);
});

test('both paths, the format parameter and the default format answer the same; other formats are the gateway’s 404', { skip: skipWithoutShared }, async () => {
  const query = `${SYSTEM}&lat=35&lon=-90`;
  const canonical = await get(`/api/pvwatts/v6.json?${query}`);
  assert.equal(canonical.status, 200);
  for (const path of [`/api/pv-estimator/v6.json?${query}`, `/api/pvwatts/v6?${query}`, `/api/pv-estimator/v6?${query}&format=json`]) {
    const answer = await get(path);
    assert.equal(answer.status, 200, path);
    assert.equal(answer.type, 'application/json; charset=utf-8');
    // format is not echoed: it is not a parameter of the estimate
    assert.equal(answer.body, canonical.body, path);
  }
  const xml = await get(`/api/pv-estimator/v6?${query}&format=xml`);
  assert.equal(xml.type, 'application/xml; charset=utf-8');
  assert.equal(xml.body, (await get(`/api/pvwatts/v6.xml?${query}`)).body);
  for (const path of [`/api/pvwatts/v6.csv?${query}`, `/api/pvwatts/v6.jsonp?${query}`, `/api/pvwatts/v6?${query}&format=csv`]) {
    const answer = await get(path);
    assert.equal(answer.status, 404, path);
    assert.ok(answer.body.includes('NOT_FOUND'), path);
  }
  // an ETag on the answer, none on a 422
  assert.match(canonical.headers.get('etag') ?? '', /^W\//);
  assert.equal((await get('/api/pvwatts/v6.json?lat=40')).headers.get('etag'), null);
});

test('JSONP: callback wraps the JSON answer and its 422s; an invalid callback is a 422; XML ignores it', { skip: skipWithoutShared }, async () => {
  const query = `${SYSTEM}&lat=40&lon=-105`;
  const plain = await get(`/api/pvwatts/v6.json?${query}`);
  const wrapped = await get(`/api/pvwatts/v6.json?${query}&callback=app.show_$1`);
  assert.equal(wrapped.status, 200);
  assert.equal(wrapped.type, 'application/javascript; charset=utf-8');
  const inner = JSON.parse(wrapped.body.slice('app.show_$1('.length, -2));
  assert.ok(wrapped.body.startsWith('app.show_$1(') && wrapped.body.endsWith(');'));
  const expected = JSON.parse(plain.body);
  assert.deepEqual(inner, { ...expected, inputs: { ...expected.inputs, callback: 'app.show_$1' } });
  const refused = await get('/api/pvwatts/v6.json?lat=40&callback=cb');
  assert.equal(refused.status, 422);
  assert.ok(refused.body.startsWith('cb({"inputs":{"lat":"40","callback":"cb"},"errors":["'));
  for (const bad of ['1cb', 'a-b', 'alert(1)', 'x'.repeat(65), 'é']) {
    const answer = await getJson(`/api/pvwatts/v6.json?${query}&callback=${encodeURIComponent(bad)}`);
    assert.equal(answer.status, 422, bad);
    assert.deepEqual(answer.json.errors, [
      "'callback' must be a JavaScript function name: letters, digits, _, $ and dots, not starting with a digit, at most 64 characters",
    ]);
  }
  const xml = await get(`/api/pvwatts/v6.xml?${query}&callback=cb`);
  assert.equal(xml.status, 200);
  assert.ok(xml.body.startsWith('<?xml'));
});

/** Haversine metres on the 6,371,008.8 m sphere: our own, for the independent search. */
test('lat/lon: the nearest station of the dataset within radius, as an independent search finds it; radius 0; none in range is a 422', {
  skip: skipWithoutShared,
}, async () => {
  const stations: ClimateStation[] = server.data.dataSet.climate.stations;
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  let compared = 0;
  for (let i = 0; i < 60; i++) {
    // over the contiguous U.S. mostly, the rest of the world sometimes
    const inUs = i % 4 !== 0;
    const lat = Math.round((inUs ? 26 + random() * 22 : -60 + random() * 130) * 1000) / 1000;
    const lon = Math.round((inUs ? -123 + random() * 55 : -180 + random() * 360) * 1000) / 1000;
    const dataset = (['nsrdb', 'tmy2', 'tmy3', 'intl'] as const)[i % 4]!;
    const radius = i % 5 === 0 ? 0 : 100;
    const ranked = stations
      .filter((station) => station.dataset === dataset)
      .map((station) => ({ station, distance: haversineMetres(lat, lon, station.lat, station.lon) }))
      .sort((a, b) => a.distance - b.distance || (a.station.id < b.station.id ? -1 : 1));
    const nearest = ranked[0]!;
    const { status, json } = await getJson(`/api/pvwatts/v6.json?${SYSTEM}&lat=${lat}&lon=${lon}&dataset=${dataset}&radius=${radius}`);
    if (radius > 0 && nearest.distance > radius * 1609.344 + 1) {
      assert.equal(status, 422, `${lat},${lon} ${dataset}`);
      assert.deepEqual(json.errors, [`No ${dataset} weather data found within ${radius} miles of lat=${lat} lon=${lon}`.replace(/=(-?\d+)( |$)/g, '=$1.0$2')]);
      assert.equal(validatorFor(ERRORS_SCHEMA)(json), true);
      continue;
    }
    assert.equal(status, 200, `${lat},${lon} ${dataset}: ${JSON.stringify(json.errors)}`);
    assert.ok(Math.abs(json.station_info.distance - nearest.distance) <= 1, `${lat},${lon} ${dataset}: ${json.station_info.distance} vs ${nearest.distance}`);
    const candidates = ranked.filter((entry) => Math.abs(entry.distance - nearest.distance) <= 1).map((entry) => v6ResourceFile(entry.station));
    assert.ok(
      candidates.includes(json.station_info.solar_resource_file),
      `${lat},${lon} ${dataset}: ${json.station_info.solar_resource_file} not in ${candidates}`,
    );
    compared++;
  }
  assert.ok(compared >= 25, `${compared} stations compared`);
  // a point far from every tmy2 station: 422 within 100 miles, the closest one with radius 0
  const far = await getJson(`/api/pvwatts/v6.json?${SYSTEM}&lat=-45&lon=-30&dataset=tmy2`);
  assert.equal(far.status, 422);
  assert.deepEqual(far.json.errors, ['No tmy2 weather data found within 100 miles of lat=-45.0 lon=-30.0']);
  assert.deepEqual(keysOf(far.json), ERROR_ENVELOPE);
  const closest = await getJson(`/api/pvwatts/v6.json?${SYSTEM}&lat=-45&lon=-30&dataset=tmy2&radius=0`);
  assert.equal(closest.status, 200);
  assert.ok(closest.json.station_info.distance > 5_000_000);
});

test('file_id: the named station, at distance 0; the station of data_query v1’s answer; unknown ids are a 422', { skip: skipWithoutShared }, async () => {
  const query = (await getJson('/api/solar/data_query/v1.json?lat=40&lon=-105&radius=0')).json;
  for (const dataset of ['tmy2', 'tmy3', 'intl', 'nsrdb']) {
    const entry = query.outputs[dataset];
    const byId = await getJson(`/api/pvwatts/v6.json?${SYSTEM}&file_id=${encodeURIComponent(entry.id)}`);
    assert.equal(byId.status, 200, dataset);
    assert.equal(byId.json.station_info.distance, 0);
    const byPoint = await getJson(`/api/pvwatts/v6.json?${SYSTEM}&lat=40&lon=-105&dataset=${dataset}&radius=0`);
    assert.equal(byPoint.json.station_info.distance, entry.distance, dataset);
    assert.deepEqual({ ...byId.json.station_info, distance: entry.distance }, byPoint.json.station_info, dataset);
    assert.deepEqual(byId.json.outputs, byPoint.json.outputs, dataset);
    assert.equal(byId.json.station_info.location === 'None', dataset === 'nsrdb');
  }
  for (const id of ['0-99999', '3-nowhere', '日本', '0-94018 ']) {
    const answer = await getJson(`/api/pvwatts/v6.json?${SYSTEM}&file_id=${encodeURIComponent(id)}`);
    assert.equal(answer.status, 422, id);
    assert.deepEqual(answer.json.errors, [`Unable to load data file for file_id specified: ${JSON.stringify(id)}`]);
    assert.equal(answer.json.inputs.file_id, id);
  }
});

test('defaults: dataset nsrdb, radius 100, timeframe monthly, dc_ac_ratio 1.2 (not ssc’s 1.1), gcr 0.4, inv_eff 96', { skip: skipWithoutShared }, async () => {
  const implicit = (await getJson(`/api/pvwatts/v6.json?${SYSTEM}&lat=38&lon=-100`)).json;
  const explicit = (
    await getJson(`/api/pvwatts/v6.json?${SYSTEM}&lat=38&lon=-100&dataset=nsrdb&radius=100&timeframe=monthly&dc_ac_ratio=1.2&gcr=0.4&inv_eff=96`)
  ).json;
  assert.deepEqual(implicit.outputs, explicit.outputs);
  assert.deepEqual(implicit.station_info, explicit.station_info);
  assert.deepEqual(implicit.inputs, {
    system_capacity: '4',
    module_type: '0',
    losses: '14',
    array_type: '1',
    tilt: '20',
    azimuth: '180',
    lat: '38',
    lon: '-100',
  });
  const ssc = (await getJson(`/api/pvwatts/v6.json?${SYSTEM}&lat=38&lon=-100&dc_ac_ratio=1.1`)).json;
  assert.notDeepEqual(ssc.outputs.ac_monthly, implicit.outputs.ac_monthly);
  // gcr matters to 1-axis arrays only
  const oneAxis = `system_capacity=4&module_type=0&losses=14&array_type=2&tilt=0&azimuth=180&lat=38&lon=-100`;
  assert.deepEqual((await getJson(`/api/pvwatts/v6.json?${oneAxis}`)).json.outputs, (await getJson(`/api/pvwatts/v6.json?${oneAxis}&gcr=0.4`)).json.outputs);
  assert.notDeepEqual((await getJson(`/api/pvwatts/v6.json?${oneAxis}`)).json.outputs, (await getJson(`/api/pvwatts/v6.json?${oneAxis}&gcr=0.8`)).json.outputs);
  // every array type answers; tilt and azimuth are required for 2-axis too, and unused
  for (const arrayType of [0, 1, 2, 3, 4]) {
    const answer = await getJson(`/api/pvwatts/v6.json?system_capacity=4&module_type=2&losses=14&array_type=${arrayType}&tilt=30&azimuth=170&lat=38&lon=-100`);
    assert.equal(answer.status, 200, String(arrayType));
  }
  const twoAxis = (tilt: number, azimuth: number) =>
    getJson(`/api/pvwatts/v6.json?system_capacity=4&module_type=0&losses=14&array_type=4&tilt=${tilt}&azimuth=${azimuth}&lat=38&lon=-100`);
  assert.deepEqual((await twoAxis(0, 0)).json.outputs, (await twoAxis(60, 270)).json.outputs);
  // parameters in any order: the same estimate, inputs in the order given
  const reversed = (await getJson(`/api/pvwatts/v6.json?lon=-100&lat=38&azimuth=180&tilt=20&array_type=1&losses=14&module_type=0&system_capacity=4`)).json;
  assert.deepEqual(reversed.outputs, implicit.outputs);
  assert.deepEqual(keysOf(reversed.inputs), ['lon', 'lat', 'azimuth', 'tilt', 'array_type', 'losses', 'module_type', 'system_capacity']);
});

test('422: every invalid, missing, empty or repeated parameter is listed with its message, in the full envelope without station_info', {
  skip: skipWithoutShared,
}, async () => {
  const valid: Record<string, string> = {
    system_capacity: '4',
    module_type: '0',
    losses: '14',
    array_type: '1',
    tilt: '20',
    azimuth: '180',
    lat: '40',
    lon: '-105',
  };
  const queryWith = (changes: Record<string, string | string[] | undefined>) => {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries({ ...valid, ...changes })) {
      if (value === undefined) continue;
      for (const item of ([] as string[]).concat(value)) params.append(name, item);
    }
    return params.toString();
  };
  const cases: Array<[Record<string, string | string[] | undefined>, string[]]> = [
    [{ system_capacity: undefined }, ["'system_capacity' is required"]],
    [{ system_capacity: '0.04' }, ["'system_capacity' must be between 0.05 and 500000"]],
    [{ system_capacity: '500001' }, ["'system_capacity' must be between 0.05 and 500000"]],
    [{ system_capacity: 'four' }, ["'system_capacity' must be a number"]],
    [{ system_capacity: '４' }, ["'system_capacity' must be a number"]],
    [{ system_capacity: '' }, ["'system_capacity' must not be empty"]],
    [{ system_capacity: ['4', '5'] }, ["'system_capacity' must be given only once"]],
    [{ module_type: undefined }, ["'module_type' is required"]],
    [{ module_type: '3' }, ["'module_type' must be 0, 1 or 2"]],
    [{ module_type: '1.5' }, ["'module_type' must be an integer"]],
    [{ module_type: 'premium' }, ["'module_type' must be an integer"]],
    [{ losses: undefined }, ["'losses' is required"]],
    [{ losses: '-5.1' }, ["'losses' must be between -5 and 99"]],
    [{ losses: '99.5' }, ["'losses' must be between -5 and 99"]],
    [{ array_type: undefined }, ["'array_type' is required"]],
    [{ array_type: '5' }, ["'array_type' must be 0, 1, 2, 3 or 4"]],
    [{ array_type: '-1' }, ["'array_type' must be 0, 1, 2, 3 or 4"]],
    [{ tilt: undefined }, ["'tilt' is required"]],
    [{ tilt: '90.5' }, ["'tilt' must be between 0 and 90"]],
    [{ tilt: '-1' }, ["'tilt' must be between 0 and 90"]],
    [{ azimuth: undefined }, ["'azimuth' is required"]],
    [{ azimuth: '360' }, ["'azimuth' must be greater than or equal to 0 and less than 360"]],
    [{ azimuth: '-0.5' }, ["'azimuth' must be greater than or equal to 0 and less than 360"]],
    [{ azimuth: '359.99' }, []],
    [{ lat: undefined }, ["'lat' is required"]],
    [{ lon: undefined }, ["'lon' is required"]],
    [{ lat: undefined, lon: undefined }, ["'lat' is required", "'lon' is required"]],
    [{ lat: '90.1' }, ["'lat' must be between -90 and 90"]],
    [{ lon: '-180.5' }, ["'lon' must be between -180 and 180"]],
    [{ lat: 'north' }, ["'lat' must be a number"]],
    [{ lat: '' }, ["'lat' must not be empty"]],
    [{ dataset: 'tmy4' }, ["'dataset' must be nsrdb, tmy2, tmy3 or intl"]],
    [{ dataset: 'TMY3' }, []],
    [{ radius: '-1' }, ["'radius' must be greater than or equal to 0"]],
    [{ radius: '1.5' }, ["'radius' must be an integer"]],
    [{ timeframe: 'daily' }, ["'timeframe' must be monthly or hourly"]],
    [{ dc_ac_ratio: '0' }, ["'dc_ac_ratio' must be positive"]],
    [{ dc_ac_ratio: '-1.2' }, ["'dc_ac_ratio' must be positive"]],
    [{ dc_ac_ratio: '5' }, []],
    [{ gcr: '3.01' }, ["'gcr' must be between 0 and 3"]],
    [{ gcr: '-0.1' }, ["'gcr' must be between 0 and 3"]],
    [{ inv_eff: '89.9' }, ["'inv_eff' must be between 90 and 99.5"]],
    [{ inv_eff: '99.6' }, ["'inv_eff' must be between 90 and 99.5"]],
    [{ lat: undefined, lon: undefined, file_id: '0-94018', dataset: 'tmy2' }, ["'dataset' must not be passed with 'file_id'"]],
    [{ lat: undefined, lon: undefined, file_id: '' }, ["'file_id' must not be empty"]],
    [{ lat: undefined, lon: undefined, file_id: 'x'.repeat(201) }, ["'file_id' must be at most 200 characters"]],
    // everything wrong at once: every parameter listed, in the parameters' order
    [
      {
        system_capacity: '0',
        module_type: '9',
        losses: '100',
        array_type: 'x',
        tilt: '91',
        azimuth: '400',
        lat: '-91',
        lon: '181',
        dataset: 'x',
        radius: 'x',
        timeframe: 'x',
        dc_ac_ratio: '0',
        gcr: '4',
        inv_eff: '100',
      },
      [
        "'system_capacity' must be between 0.05 and 500000",
        "'module_type' must be 0, 1 or 2",
        "'losses' must be between -5 and 99",
        "'array_type' must be an integer",
        "'tilt' must be between 0 and 90",
        "'azimuth' must be greater than or equal to 0 and less than 360",
        "'lat' must be between -90 and 90",
        "'lon' must be between -180 and 180",
        "'dataset' must be nsrdb, tmy2, tmy3 or intl",
        "'radius' must be an integer",
        "'timeframe' must be monthly or hourly",
        "'dc_ac_ratio' must be positive",
        "'gcr' must be between 0 and 3",
        "'inv_eff' must be between 90 and 99.5",
      ],
    ],
  ];
  // the inv_eff message is the one the 2022 wire shows
  assert.equal(JSON.parse(readShared('wire', 'samples', 'pvwatts_v6_422_inv_eff_2022.txt')), "'inv_eff' must be between 90 and 99.5");
  for (const [changes, messages] of cases) {
    const query = queryWith(changes);
    const { status, json } = await getJson(`/api/pvwatts/v6.json?${query}`);
    if (messages.length === 0) {
      assert.equal(status, 200, `${query}: ${JSON.stringify(json.errors)}`);
      continue;
    }
    assert.equal(status, 422, query);
    assert.deepEqual(json.errors, messages, query);
    assert.deepEqual(keysOf(json), ERROR_ENVELOPE, query);
    assert.deepEqual(json.outputs, {});
    assert.deepEqual(json.warnings, []);
    assert.equal(json.version, '1.4.0');
    assert.equal(validatorFor(ERRORS_SCHEMA)(json), true, query);
    // inputs echo what was sent, as strings, api_key excepted
    const sent = new URLSearchParams(query);
    assert.deepEqual(keysOf(json.inputs), [...new Set(sent.keys())]);
    for (const [name, value] of Object.entries(json.inputs)) assert.equal(value, sent.getAll(name).at(-1));
  }
  // unknown parameters are ignored, and not echoed
  const extra = await getJson(`/api/pvwatts/v6.json?${queryWith({ color: 'blue' })}`);
  assert.equal(extra.status, 200);
  assert.equal(extra.json.inputs.color, undefined);

  // XML: the same messages, the empty hash of outputs, no station-info
  const xml = await get('/api/pvwatts/v6.xml?lat=40&tilt=100');
  assert.equal(xml.status, 422);
  assert.equal(
    xml.body,
    [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<response>',
      '  <inputs>',
      '    <lat>40</lat>',
      '    <tilt>100</tilt>',
      '  </inputs>',
      '  <errors type="array">',
      "    <error>'system_capacity' is required</error>",
      "    <error>'module_type' is required</error>",
      "    <error>'losses' is required</error>",
      "    <error>'array_type' is required</error>",
      "    <error>'tilt' must be between 0 and 90</error>",
      "    <error>'azimuth' is required</error>",
      "    <error>'lon' is required</error>",
      '  </errors>',
      '  <warnings type="array"/>',
      '  <version>1.4.0</version>',
      '  <ssc-info>',
      '    <version type="integer">1</version>',
      `    <build>${JSON.parse(extra.body).ssc_info.build}</build>`,
      '  </ssc-info>',
      '  <outputs>',
      '  </outputs>',
      '</response>',
      '',
    ].join('\n'),
  );
  // the structure of the real service's error XML (v5, 2016)
  const wire = skeleton(readShared('wire', 'samples', 'pvwatts_v5_error_2016.xml')).filter(
    (line) => !line.startsWith('<') || !/^<\/?(lat|lon|system-capacity|azimuth|timeframe|array-type|tilt|module-type|losses|dataset|radius)>/.test(line),
  );
  const ours = skeleton(xml.body).filter((line) => !/^<\/?(lat|tilt)>/.test(line) && !line.startsWith('<error>'));
  assert.deepEqual(
    ours,
    wire.filter((line) => !line.startsWith('<error>')),
  );
});

test('estimates asked together (worker threads when PV_WORKERS > 0) answer as when asked one by one', { skip: skipWithoutShared }, async () => {
  const queries = Array.from(
    { length: 24 },
    (_, i) =>
      `/api/pvwatts/v6.json?system_capacity=${1 + i}&module_type=${i % 3}&losses=14&array_type=${i % 5}&tilt=${10 + i}&azimuth=${150 + 3 * i}&lat=${35 + (i % 6)}&lon=${-100 - (i % 4)}`,
  );
  const together = await Promise.all(queries.map((query) => get(query)));
  for (const [i, query] of queries.entries()) {
    const alone = await get(query);
    assert.equal(together[i]!.status, 200, query);
    assert.equal(together[i]!.body, alone.body, query);
  }
});

test('/health reports the prepared-site cache beside the climate cache', { skip: skipWithoutShared }, async () => {
  await get(`/api/pvwatts/v6.json?${SYSTEM}&lat=40&lon=-105`);
  const health = (await (await server.get('/health')).json()) as any;
  for (const cache of [health.climate_cache, health.pv_site_cache]) {
    assert.deepEqual(keysOf(cache), ['max_bytes', 'bytes', 'stations', 'hits', 'misses']);
  }
  assert.ok(health.pv_site_cache.stations >= 1);
  assert.ok(health.pv_site_cache.bytes > 1_000_000 && health.pv_site_cache.bytes <= health.pv_site_cache.max_bytes);
  assert.ok(health.pv_site_cache.hits >= 1);
});
