// /api/pvwatts/v8 over the seeded sample, in-process: the documentation's JSON and XML examples
// (test/fixtures/pvwatts-v8-docs: key orders, value kinds, the inputs echo byte for byte, 16-digit
// JSON doubles), the hourly arrays, the albedo and soiling parameters, defaults, file_id (solar
// dataset query v2 ids; v1 ids refused), JSONP, and every parameter's 422. The numbers themselves are
// checked in pvwatts-v8-reference.test.ts, on real weather files built through the pipeline.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { validatorFor } from '../schemas/registry.ts';
import { startTestServer, withKey, type TestServer } from './support/helpers.ts';
import { sampleDataSet } from './support/sample-data-set.ts';

let server: TestServer;
const OK_SCHEMA = '/api/schemas/pvwatts-v8.schema.json';
const ERRORS_SCHEMA = '/api/schemas/pvwatts-v8-errors.schema.json';
const docsDir = join(import.meta.dirname, 'fixtures', 'pvwatts-v8-docs');
/** The documentation example's request (its link), DEMO_KEY first as there. */
const DOCS_QUERY =
  'api_key=DEMO_KEY&azimuth=180&system_capacity=4&losses=14&array_type=1&module_type=0&gcr=0.4&dc_ac_ratio=1.2&inv_eff=96.0&radius=0&dataset=nsrdb&tilt=10&lat=40&lon=-105&soiling=12|4|45|23|9|99|67|12.54|54|9|0|7.6&albedo=0.3&bifaciality=0.7';
const SYSTEM = 'system_capacity=4&module_type=0&losses=14&array_type=1&tilt=20&azimuth=180';
const MONTHLY = ['ac_monthly', 'poa_monthly', 'solrad_monthly', 'dc_monthly', 'ac_annual', 'solrad_annual', 'capacity_factor'];
const HOURLY = ['ac', 'poa', 'dn', 'dc', 'df', 'tamb', 'tcell', 'wspd', 'alb'];
const ERROR_ENVELOPE = ['inputs', 'errors', 'warnings', 'version', 'ssc_info', 'outputs'];
/** ssc's warning for a bifacial roof-mounted array, added after the documentation's example was made (ssc 30e80e72, 2023-02-08). */
const ROOF_BIFACIAL_WARNING =
  'The Fixed Roof Mount array type is not appropriate for bifacial modules because it assumes there is no space between the back of the array and the roof surface.';

const keysOf = (value: unknown) => Object.keys(value as object);

async function get(path: string): Promise<{ status: number; body: string; type: string | null }> {
  const response = await server.get(path.includes('api_key=') ? path : withKey(path, server.key));
  return { status: response.status, body: await response.text(), type: response.headers.get('content-type') };
}

async function getJson(path: string): Promise<{ status: number; json: any; body: string }> {
  const { status, body } = await get(path);
  return { status, json: JSON.parse(body), body };
}

before(async () => {
  const { dataDir } = await sampleDataSet({ seed: 1, stations: 500 });
  server = await startTestServer(dataDir);
});

after(async () => {
  await server?.dispose();
});

/** JSON text without the whitespace between its tokens (strings kept as they are). */
function compact(text: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (inString) {
      out += char;
      if (char === '\\') out += text[++i];
      else if (char === '"') inString = false;
    } else if (char === '"') {
      inString = true;
      out += char;
    } else if (!/\s/.test(char)) out += char;
  }
  return out;
}

/** The significant digits of a number's text. */
function significantDigits(text: string): number {
  const digits = text.replace(/^-/, '').replace(/e.*$/, '').replace('.', '').replace(/^0+/, '');
  return text.endsWith('.0') ? digits.length - 1 : digits.length;
}

/** The XML with text and indentation removed: element names, attributes and nesting only. */
function skeleton(xml: string): string[] {
  return xml
    .split('\n')
    .map((line) => line.trim().replace(/>[^<]*</, '><'))
    .filter(Boolean);
}

test('JSON: the documentation example’s envelope, key for key and kind for kind; inputs byte for byte', async () => {
  const docText = readFileSync(join(docsDir, 'example.json'), 'utf8');
  const doc = JSON.parse(docText);
  const { status, json, body } = await getJson(`/api/pvwatts/v8.json?${DOCS_QUERY}`);
  assert.equal(status, 200, body);
  assert.equal(validatorFor(OK_SCHEMA)(json), true);
  assert.deepEqual(keysOf(json), keysOf(doc));
  // inputs: request order, api_key included, soiling as its floats, albedo (one value) a string
  const docCompact = compact(docText);
  const inputsText = docCompact.slice(0, docCompact.indexOf(',"errors"'));
  assert.ok(body.startsWith(inputsText), body.slice(0, inputsText.length));
  assert.deepEqual(json.errors, []);
  assert.deepEqual(json.warnings, [ROOF_BIFACIAL_WARNING]);
  assert.equal(json.version, '8.0.0');
  assert.deepEqual(keysOf(json.ssc_info), keysOf(doc.ssc_info));
  assert.equal(json.ssc_info.module, 'pvwattsv8');
  assert.ok(Number.isInteger(json.ssc_info.version));
  assert.match(json.ssc_info.build, /nrel-compat .*PVWatts v8/);
  // station_info: no distance, the data source; the nsrdb cell as the example prints it
  assert.deepEqual(keysOf(json.station_info), keysOf(doc.station_info));
  for (const key of keysOf(doc.station_info)) assert.equal(typeof json.station_info[key], typeof doc.station_info[key], key);
  assert.match(json.station_info.location, /^\d+$/);
  assert.equal(json.station_info.solar_resource_file, `${json.station_info.location}.csv`);
  assert.equal(json.station_info.city, '');
  assert.equal(json.station_info.state, 'Colorado');
  assert.equal(json.station_info.weather_data_source, doc.station_info.weather_data_source);
  assert.match(body, /"tz":-7\.0,"location":"\d+"/);
  assert.deepEqual(keysOf(json.outputs), keysOf(doc.outputs));
  // every double written with at most 16 significant digits, as the example's
  const outputsText = body.slice(body.indexOf('"outputs":'));
  for (const number of outputsText.match(/-?\d[\d.e+-]*/g) ?? []) assert.ok(significantDigits(number) <= 16, number);
  for (const key of MONTHLY.slice(0, 4)) assert.equal(json.outputs[key].length, 12, key);
  // a 4 kW system with these losses (soiling up to 99% in June, as the example): the example's 4,131 kWh is in range
  assert.ok(json.outputs.ac_annual > 2500 && json.outputs.ac_annual < 6500, String(json.outputs.ac_annual));
  assert.ok(json.outputs.ac_monthly[5] < json.outputs.ac_monthly[4] / 5, 'June is 99% soiled');
});

test('XML: the documentation example’s elements, attributes and nesting; its doubles shortest-roundtrip', async () => {
  // the example's `<lat>40</lat>,` is the page's typo (see the fixture's README)
  const doc = readFileSync(join(docsDir, 'example.xml'), 'utf8').replaceAll('</lat>,', '</lat>').replaceAll('</lon>,', '</lon>');
  const { status, body, type } = await get(`/api/pvwatts/v8.xml?${DOCS_QUERY}`);
  assert.equal(status, 200);
  assert.equal(type, 'application/xml; charset=utf-8');
  // the warnings aside (the example predates ssc's bifacial roof warning)
  const ours = body.replace(/<warnings type="array">\n.*\n {2}<\/warnings>/, '<warnings type="array"/>');
  assert.ok(body.includes(`<warnings type="array">\n    <warning>${ROOF_BIFACIAL_WARNING}</warning>\n  </warnings>`));
  assert.deepEqual(skeleton(ours), skeleton(doc));
  // the inputs, byte for byte
  const inputs = (xml: string) => xml.slice(0, xml.indexOf('</inputs>'));
  assert.equal(inputs(body), inputs(doc).replace(/\n {4}/g, '\n    '));
  assert.ok(body.includes('\n  <version>8.0.0</version>\n  <ssc-info>\n    <version type="integer">1</version>\n'));
  assert.ok(body.includes('    <module>pvwattsv8</module>\n  </ssc-info>\n'));
  assert.match(body, /<tz type="float">-7\.0<\/tz>\n {4}<location>\d+<\/location>\n {4}<city><\/city>\n {4}<state>Colorado<\/state>\n/);
  // the same doubles as the JSON's, shortest-roundtrip
  const { json } = await getJson(`/api/pvwatts/v8.json?${DOCS_QUERY}`);
  const monthly = [...body.matchAll(/<ac-monthly type="float">([^<]+)</g)].map((match) => Number(match[1]));
  for (const [month, value] of monthly.entries()) assert.equal(Number(value.toPrecision(16)), json.outputs.ac_monthly[month]);
  for (const match of body.matchAll(/type="float">([^<]+)</g)) assert.equal(String(Number(match[1])).replace(/^(-?\d+)$/, '$1.0'), match[1]);
});

test('timeframe=hourly: the nine hourly arrays of 8760 values, alb the albedo used', async () => {
  const { status, json } = await getJson(`/api/pvwatts/v8.json?${SYSTEM}&lat=40&lon=-105&timeframe=hourly&albedo=0.3`);
  assert.equal(status, 200);
  assert.equal(validatorFor(OK_SCHEMA)(json), true);
  assert.deepEqual(keysOf(json.outputs), [...MONTHLY, ...HOURLY]);
  for (const name of HOURLY) assert.equal(json.outputs[name].length, 8760, name);
  const { ac, dc, poa, dn, df, tcell, tamb, alb } = json.outputs;
  assert.ok(alb.every((value: number) => value === 0.3));
  for (let hour = 0; hour < 8760; hour++) {
    // no light, no power; the cell at ambient where the sun is down (ssc keeps 0 °C for a sun-up hour without light)
    if (poa[hour] === 0) assert.ok(ac[hour] <= 0 && dc[hour] === 0, String(hour));
    if (dn[hour] === 0 && df[hour] === 0 && tcell[hour] !== 0) assert.equal(tcell[hour], tamb[hour], String(hour));
    assert.ok(ac[hour] <= dc[hour] + 1e-9);
  }
  // the monthly sums are the hourly ones (Wh to kWh)
  const january = ac.slice(0, 744).reduce((sum: number, value: number) => sum + value, 0) / 1000;
  assert.ok(Math.abs(january - json.outputs.ac_monthly[0]) / json.outputs.ac_monthly[0] < 1e-12);
  const monthly = (await getJson(`/api/pvwatts/v8.json?${SYSTEM}&lat=40&lon=-105&albedo=0.3`)).json;
  for (const key of MONTHLY) assert.deepEqual(json.outputs[key], monthly.outputs[key], key);
});

test('albedo: one value or twelve, used instead of the weather file’s unless use_wf_albedo=1; soiling: monthly losses', async () => {
  const base = `${SYSTEM.replace('array_type=1', 'array_type=0')}&lat=40&lon=-105&bifaciality=0.8&timeframe=hourly`;
  const one = (await getJson(`/api/pvwatts/v8.json?${base}&albedo=0.5`)).json;
  const twelve = (await getJson(`/api/pvwatts/v8.json?${base}&albedo=${Array(12).fill(0.5).join('|')}`)).json;
  assert.deepEqual(one.outputs, twelve.outputs);
  assert.deepEqual(twelve.inputs.albedo, Array(12).fill(0.5));
  const monthlyAlbedo = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.15, 0.25, 0.35];
  const byMonth = (await getJson(`/api/pvwatts/v8.json?${base}&albedo=${monthlyAlbedo.join('|')}`)).json;
  assert.equal(byMonth.outputs.alb[0], 0.1);
  assert.equal(byMonth.outputs.alb[8759], 0.35);
  assert.equal(byMonth.outputs.alb[744], 0.2);
  // more reflective ground, more rear-side irradiance: more energy from a bifacial array
  const dark = (await getJson(`/api/pvwatts/v8.json?${base}&albedo=0.1`)).json;
  assert.ok(one.outputs.ac_annual > dark.outputs.ac_annual * 1.02);
  // use_wf_albedo=1: the weather file's albedo where valid (0.2 elsewhere), whatever albedo says
  const weatherFile = (await getJson(`/api/pvwatts/v8.json?${base}&albedo=0.5&use_wf_albedo=1`)).json;
  const noAlbedo = (await getJson(`/api/pvwatts/v8.json?${base}`)).json;
  assert.deepEqual(weatherFile.outputs.alb, noAlbedo.outputs.alb);
  assert.notDeepEqual(weatherFile.outputs.alb, one.outputs.alb);
  // soiling: 100% in July leaves July's plane of array dark, the other months as without soiling
  const soiling = Array(12).fill(0);
  soiling[6] = 100;
  const soiled = (await getJson(`/api/pvwatts/v8.json?${base}&albedo=0.5&soiling=${soiling.join('|')}`)).json;
  assert.ok(soiled.outputs.poa_monthly[6] < one.outputs.poa_monthly[6] * 0.5);
  assert.equal(soiled.outputs.poa_monthly[0], one.outputs.poa_monthly[0]);
  const allSoiled = (await getJson(`/api/pvwatts/v8.json?${base}&albedo=0.5&soiling=3`)).json;
  const threeEach = (await getJson(`/api/pvwatts/v8.json?${base}&albedo=0.5&soiling=${Array(12).fill(3).join('|')}`)).json;
  assert.deepEqual(allSoiled.outputs, threeEach.outputs);
});

test('defaults: dc_ac_ratio 1.2, gcr 0.4, inv_eff 96, dataset nsrdb, radius 100; bifaciality 0 is a monofacial module', async () => {
  const plain = (await getJson(`/api/pvwatts/v8.json?${SYSTEM}&lat=40&lon=-105`)).json;
  const explicit = (await getJson(`/api/pvwatts/v8.json?${SYSTEM}&lat=40&lon=-105&dc_ac_ratio=1.2&gcr=0.4&inv_eff=96&dataset=nsrdb&radius=100&bifaciality=0`))
    .json;
  assert.deepEqual(explicit.outputs, plain.outputs);
  assert.deepEqual(explicit.station_info, plain.station_info);
  const ssc = (await getJson(`/api/pvwatts/v8.json?${SYSTEM}&lat=40&lon=-105&dc_ac_ratio=1.1`)).json;
  assert.notDeepEqual(ssc.outputs.ac_monthly, plain.outputs.ac_monthly);
});

test('file_id: the solar dataset query v2’s ids; v1’s nsrdb ids are v6’s, and v8 does not know them', async () => {
  const v1 = (await getJson('/api/solar/data_query/v1.json?lat=40&lon=-105&radius=0')).json.outputs;
  const v2 = (await getJson('/api/solar/data_query/v2.json?lat=40&lon=-105&radius=0')).json.outputs;
  assert.match(v2.nsrdb.id, /^3-G-\d{7}$/);
  assert.notEqual(v1.nsrdb.id, v2.nsrdb.id);
  const byPoint = (await getJson(`/api/pvwatts/v8.json?${SYSTEM}&lat=40&lon=-105&radius=0`)).json;
  const byFile = (await getJson(`/api/pvwatts/v8.json?${SYSTEM}&file_id=${v2.nsrdb.id}`)).json;
  assert.deepEqual(byFile.outputs, byPoint.outputs);
  assert.deepEqual(byFile.station_info, byPoint.station_info);
  assert.equal(`3-G-${byFile.station_info.location.padStart(7, '0')}`, v2.nsrdb.id);
  const refused = await getJson(`/api/pvwatts/v8.json?${SYSTEM}&file_id=${v1.nsrdb.id}`);
  assert.equal(refused.status, 422);
  assert.deepEqual(refused.json.errors, [`Unable to load data file for file_id specified: "${v1.nsrdb.id}"`]);
  // v6 the other way round
  assert.equal((await getJson(`/api/pvwatts/v6.json?${SYSTEM}&file_id=${v1.nsrdb.id}`)).status, 200);
  assert.equal((await getJson(`/api/pvwatts/v6.json?${SYSTEM}&file_id=${v2.nsrdb.id}`)).status, 422);
  // tmy2, tmy3 and intl ids are the same in both versions, and both estimators take them
  for (const dataset of ['tmy2', 'tmy3', 'intl']) {
    if (v2[dataset] === null) continue;
    assert.equal(v2[dataset].id, v1[dataset].id);
    assert.equal((await getJson(`/api/pvwatts/v8.json?${SYSTEM}&file_id=${v2[dataset].id}`)).status, 200, dataset);
  }
});

test('JSONP: callback wraps the JSON answer and its 422s', async () => {
  const query = `${SYSTEM}&lat=40&lon=-105`;
  const wrapped = await get(`/api/pvwatts/v8.json?${query}&callback=show`);
  assert.equal(wrapped.status, 200);
  assert.equal(wrapped.type, 'application/javascript; charset=utf-8');
  assert.ok(wrapped.body.startsWith('show({"inputs":{') && wrapped.body.endsWith(');'));
  const refused = await get('/api/pvwatts/v8.json?lat=40&callback=cb');
  assert.equal(refused.status, 422);
  // api_key is echoed, as the documentation's example shows
  assert.ok(refused.body.startsWith(`cb({"inputs":{"lat":"40","callback":"cb","api_key":"${server.key}"},"errors":["`), refused.body);
});

test('422: every failing parameter, in the parameters’ order, in the envelope without station_info', async () => {
  const cases: Array<[string, string[]]> = [
    [
      'lat=40',
      [
        "'system_capacity' is required",
        "'module_type' is required",
        "'losses' is required",
        "'array_type' is required",
        "'tilt' is required",
        "'azimuth' is required",
        "'lon' is required",
      ],
    ],
    [`${SYSTEM}&lat=40&lon=-105&gcr=0`, ["'gcr' must be between 0.01 and 0.99"]],
    [`${SYSTEM}&lat=40&lon=-105&gcr=1`, ["'gcr' must be between 0.01 and 0.99"]],
    [`${SYSTEM}&lat=40&lon=-105&bifaciality=1.5`, ["'bifaciality' must be between 0 and 1"]],
    [`${SYSTEM}&lat=40&lon=-105&use_wf_albedo=2`, ["'use_wf_albedo' must be 0 or 1"]],
    [`${SYSTEM}&lat=40&lon=-105&albedo=1`, ["'albedo' must be greater than 0 and less than 1"]],
    [`${SYSTEM}&lat=40&lon=-105&albedo=0.2|0.3`, ["'albedo' must be 1 or 12 values separated by |"]],
    [`${SYSTEM}&lat=40&lon=-105&soiling=${Array(13).fill(1).join('|')}`, ["'soiling' must be 1 or 12 values separated by |"]],
    [`${SYSTEM}&lat=40&lon=-105&soiling=${Array(12).fill(101).join('|')}`, ["'soiling' must be between 0 and 100"]],
    [`${SYSTEM}&lat=40&lon=-105&soiling=a|b`, ["'soiling' must be 1 or 12 values separated by |"]],
    [
      `${SYSTEM.replace('losses=14', 'losses=100')}&lat=40&lon=-105&inv_eff=99.6`,
      ["'losses' must be between -5 and 99", "'inv_eff' must be between 90 and 99.5"],
    ],
    [`${SYSTEM}&file_id=3-G-0000001&dataset=nsrdb`, ["'dataset' must not be passed with 'file_id'"]],
    [`${SYSTEM}&file_id=0-99999`, ['Unable to load data file for file_id specified: "0-99999"']],
    [`${SYSTEM}&lat=40&lon=-105&dataset=tmy2&radius=1`, ['No tmy2 weather data found within 1 miles of lat=40.0 lon=-105.0']],
  ];
  for (const [query, errors] of cases) {
    const { status, json } = await getJson(`/api/pvwatts/v8.json?${query}`);
    assert.equal(status, 422, query);
    assert.equal(validatorFor(ERRORS_SCHEMA)(json), true, query);
    assert.deepEqual(keysOf(json), ERROR_ENVELOPE);
    assert.deepEqual(json.errors, errors, query);
    assert.deepEqual(json.outputs, {});
  }
  const xml = await get(`/api/pvwatts/v8.xml?${SYSTEM}&lat=40&lon=-105&gcr=0`);
  assert.equal(xml.status, 422);
  assert.ok(xml.body.includes('<errors type="array">\n    <error>\'gcr\' must be between 0.01 and 0.99</error>\n  </errors>'));
  assert.ok(xml.body.includes('<outputs>\n  </outputs>'));
});
