// The fuel-station renderers against the real service's own bytes: the 2014 documentation
// examples (the generation of the record docs/decisions.md §3.2 calls 2014) and the 2018-2022 wire captures.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { render, type ApiResult } from '../server/formats/render.ts';
import { fuelStationViews as views } from '../server/formats/views/fuel-stations.ts';
import { buildQuietly, readShared, shared, skipWithoutShared, sourceDirWith, startTestServer, temporaryDir, withKey } from './support/helpers.ts';

async function bytes(result: ApiResult, format: 'json' | 'xml' | 'csv'): Promise<string> {
  let out = '';
  for await (const chunk of render(result, format).body) out += chunk;
  return out;
}

const sample = (name: string) => readShared('wire', 'samples', name);

test('list: XML is byte for byte the 2014 documentation example', { skip: skipWithoutShared }, async () => {
  const docs = JSON.parse(sample('afs_all_docs2014.json'));
  const data = { station_locator_url: docs.station_locator_url, total_results: docs.total_results, fuel_stations: docs.fuel_stations };
  assert.equal(await bytes({ view: views.list, data }, 'xml'), sample('afs_all_docs2014.xml'));
});

test('list: CSV is byte for byte the 2014 documentation example', { skip: skipWithoutShared }, async () => {
  const docs = JSON.parse(sample('afs_all_docs2014.json'));
  assert.equal(await bytes({ view: views.list, data: { ...docs, station_counts: undefined } }, 'csv'), sample('afs_all_docs2014.csv'));
});

test('list: JSON is compact, with the documented values, record keys in the XML order', { skip: skipWithoutShared }, async () => {
  const docs = JSON.parse(sample('afs_all_docs2014.json'));
  const json = await bytes({ view: views.list, data: docs }, 'json');
  assert.ok(!/\n|": /.test(json), 'compact');
  const parsed = JSON.parse(json);
  assert.deepEqual(Object.keys(parsed), ['station_locator_url', 'total_results', 'fuel_stations']);
  assert.deepEqual(parsed.fuel_stations, docs.fuel_stations);
  const xmlOrder = [
    ...sample('afs_all_docs2014.xml')
      .split('</fuel-station>')[0]
      .matchAll(/^ {6}<([a-z0-9-]+)/gm),
  ].map((m) => m[1].replace(/-/g, '_'));
  assert.deepEqual(Object.keys(parsed.fuel_stations[0]), xmlOrder);
});

test('by id: XML and CSV are byte for byte the 2014 documentation examples; JSON wraps alt_fuel_station', { skip: skipWithoutShared }, async () => {
  const docs = JSON.parse(sample('afs_get_docs2014.json'));
  const result = { view: views.byId, data: docs };
  assert.equal(await bytes(result, 'xml'), sample('afs_get_docs2014.xml'));
  assert.equal(await bytes(result, 'csv'), sample('afs_get_docs2014.csv'));
  const json = JSON.parse(await bytes(result, 'json'));
  assert.deepEqual(json, docs);
  assert.deepEqual(Object.keys(json.alt_fuel_station).slice(-2), ['updated_at', 'federal_agency']);
});

test('nearest: XML is the 2014 documentation example; precision in the wire order of 2018', { skip: skipWithoutShared }, async () => {
  const docs = JSON.parse(sample('afs_nearest_docs2014.json'));
  const xml = await bytes({ view: views.nearest, data: docs }, 'xml');
  const withoutPrecision = (text: string) => text.replace(/ *<precision>[\s\S]*<\/precision>\n/, '');
  assert.equal(withoutPrecision(xml), withoutPrecision(sample('afs_nearest_docs2014.xml')));
  const wire = sample('afs_nearest_ok_2018_noext_default.xml');
  const wirePrecision = { value: 5, name: 'postal_code', types: ['postal_code'] };
  const ours = await bytes({ view: views.nearest, data: { ...docs, precision: wirePrecision } }, 'xml');
  const block = (text: string) => /<precision>[\s\S]*?<\/precision>/.exec(text)![0].replace(/\n\s*/g, '');
  assert.equal(block(ours), block(wire));
});

test('nearest: CSV is byte for byte the 2014 documentation example (Distance after ID)', { skip: skipWithoutShared }, async () => {
  const docs = JSON.parse(sample('afs_nearest_docs2014.json'));
  assert.equal(await bytes({ view: views.nearest, data: docs }, 'csv'), sample('afs_nearest_docs2014.csv'));
});

test('nearest: JSON envelope keys and precision bytes as on the wire in 2018', { skip: skipWithoutShared }, async () => {
  const wire = JSON.parse(sample('afs_nearest_ok_2018.json'));
  const data = { ...wire, fuel_stations: [] };
  const json = await bytes({ view: views.nearest, data }, 'json');
  const expectedKeys = Object.keys(wire).filter((key) => key !== 'location_country');
  assert.deepEqual(Object.keys(JSON.parse(json)), expectedKeys);
  assert.ok(json.includes('"precision":{"value":5,"name":"postal_code","types":["postal_code"]}'));
  const wireCounts = sample('afs_nearest_ok_2018.json').match(/"station_counts":\{.*?\}\}\}/)![0];
  const counts = { ...wire.station_counts, fuels: { ...wire.station_counts.fuels, RD: { total: 0 } } };
  const ours = (await bytes({ view: views.nearest, data: { ...data, station_counts: counts } }, 'json')).match(/"station_counts":\{.*?\}\}\}/)![0];
  assert.equal(ours, wireCounts.replace('"LPG":{"total":8}}}', '"LPG":{"total":8},"RD":{"total":0}}}'));
});

test('errors: the 422 body of 2022, byte for byte', { skip: skipWithoutShared }, async () => {
  const wire = sample('afs_nearest_422_2022.json');
  assert.equal(await bytes({ view: views.errors, data: JSON.parse(wire), status: 422 }, 'json'), wire);
});

test('STATION_RECORD=2014 over HTTP: the list is the 2014 examples byte for byte (its stations, in XML and JSON; the whole CSV)', {
  skip: skipWithoutShared,
}, async () => {
  const dataDir = temporaryDir('afs-2014');
  await buildQuietly({ outDir: dataDir, sourceDir: sourceDirWith([shared('wire', 'samples', 'afs_all_docs2014.json')]) });
  const server = await startTestServer(dataDir, { stationRecord: '2014' });
  try {
    const get = async (path: string) => (await server.get(withKey(path, server.key))).text();
    assert.equal(await get('/api/alt-fuel-stations/v1.csv'), sample('afs_all_docs2014.csv'));
    const stations = (xml: string) => xml.slice(xml.indexOf('  <fuel-stations'));
    assert.equal(stations(await get('/api/alt-fuel-stations/v1.xml')), stations(sample('afs_all_docs2014.xml')));
    const docs = JSON.parse(sample('afs_all_docs2014.json'));
    const json = JSON.parse(await get('/api/alt-fuel-stations/v1.json'));
    assert.deepEqual(json.fuel_stations, docs.fuel_stations);
  } finally {
    await server.dispose();
  }
});
