// Today's station record (STATION_RECORD=current, the default) against the real service's own
// bytes: the 2023 documentation examples (JSON and CSV in the test data's wire/samples (docs/test-data.md §2.1), XML in
// test/fixtures/afs-docs-2023), each served from a data set built from the example's own records.
// The `get` and `nearest` examples are of an older vintage (2022) than the list's (2023-09): they
// lack the four fields added since (cng_has_rng, lng_has_rng, ev_workplace_charging, nps_unit_name),
// and their XML still wrote `rd-blends-en` and (get) an ISO `updated-at`; they are compared
// without those differences, which are named below. The 2014 samples prove that a client of the
// 2014 record reads today's: every key and element it knows is there, with values of its types.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { validatorFor } from '../schemas/registry.ts';
import {
  buildQuietly,
  readShared,
  shared,
  skipWithoutShared,
  sourceDirWith,
  startTestServer,
  temporaryDir,
  withKey,
  type TestServer,
} from './support/helpers.ts';

const sample = (name: string) => readShared('wire', 'samples', name);
const docsXml = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', 'afs-docs-2023', name), 'utf8');

/** The fields today's record gained after the 2022 examples were written. */
const NEWER_FIELDS = ['cng_has_rng', 'lng_has_rng', 'ev_workplace_charging', 'nps_unit_name'];
const NEWER_ELEMENTS = /^ *<(cng-has-rng|lng-has-rng|ev-workplace-charging|nps-unit-name)[ >/].*\n/gm;
const NEWER_COLUMNS = ['CNG Station Sells Renewable Natural Gas', 'LNG Station Sells Renewable Natural Gas', 'EV Workplace Charging', 'NPS Unit Name'];

function without(record: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([key]) => !keys.includes(key)));
}

/** A CSV text without some columns, rewritten by the same rules (the samples quote nothing). */
function csvWithout(text: string, headers: string[]): string {
  const rows: string[][] = parse(text, { relaxColumnCount: false });
  const keep = rows[0].map((header, i) => (headers.includes(header) ? -1 : i)).filter((i) => i >= 0);
  return `${rows.map((row) => keep.map((i) => row[i]).join(',')).join('\n')}\n`;
}

/** The `fuel_stations` (or `alt_fuel_station`) member's JSON text, cut from a compact answer. */
function memberText(json: string, member: string): string {
  const start = json.indexOf(`"${member}":`) + member.length + 3;
  return json.slice(start, -1);
}

/** A server on a data set built from one sample's records, answering with today's record. */
async function serveSample(name: string): Promise<TestServer> {
  const dataDir = temporaryDir('afs-2023');
  await buildQuietly({ outDir: dataDir, sourceDir: sourceDirWith([shared('wire', 'samples', name)]) });
  return startTestServer(dataDir);
}

describe("today's record, on the 2023 documentation examples' own records", { skip: skipWithoutShared }, () => {
  const servers: Record<string, TestServer> = {};
  const get = async (server: TestServer, path: string) => {
    const response = await server.get(withKey(path, server.key));
    assert.equal(response.status, 200, path);
    return response.text();
  };

  before(async () => {
    for (const kind of ['all', 'get', 'nearest']) servers[kind] = await serveSample(`afs_${kind}_docs2023.json`);
  });
  after(async () => {
    for (const server of Object.values(servers)) await server.dispose();
  });

  test('list: the records are byte for byte the JSON example, in an envelope of its keys', async () => {
    const docs = JSON.parse(sample('afs_all_docs2023.json'));
    const json = await get(servers.all, '/api/alt-fuel-stations/v1.json?fuel_type=E85,ELEC&state=CA&limit=2');
    assert.equal(memberText(json, 'fuel_stations'), JSON.stringify(docs.fuel_stations));
    assert.deepEqual(Object.keys(JSON.parse(json)), Object.keys(docs));
  });

  test('list: the CSV is byte for byte the CSV example (74 columns)', async () => {
    const csv = await get(servers.all, '/api/alt-fuel-stations/v1.csv?fuel_type=E85,ELEC&state=CA&limit=2');
    assert.equal(csv, sample('afs_all_docs2023.csv'));
    assert.equal(csv.split('\n')[0].split(',').length, 74);
  });

  test('list: the XML is byte for byte the XML example, but for the counts of the whole database', async () => {
    const ourCounts = /<total-results>[\s\S]*?<\/station-counts>/;
    const xml = await get(servers.all, '/api/alt-fuel-stations/v1.xml?fuel_type=E85,ELEC&state=CA&limit=2');
    const docs = docsXml('all.xml');
    assert.equal(xml.replace(ourCounts, ''), docs.replace(ourCounts, ''));
  });

  test('by id: the 2022 example, with the four fields added since (JSON, CSV, XML), `rd-blends` and the CSV-style updated-at of 2023 (XML)', async () => {
    const docs = JSON.parse(sample('afs_get_docs2023.json'));
    const json = JSON.parse(await get(servers.get, '/api/alt-fuel-stations/v1/1517.json'));
    assert.deepEqual(new Set(Object.keys(json.alt_fuel_station).filter((key) => NEWER_FIELDS.includes(key))), new Set(NEWER_FIELDS));
    assert.equal(JSON.stringify({ alt_fuel_station: without(json.alt_fuel_station, NEWER_FIELDS) }), JSON.stringify(docs));

    const csv = await get(servers.get, '/api/alt-fuel-stations/v1/1517.csv');
    assert.equal(csvWithout(csv, NEWER_COLUMNS), sample('afs_get_docs2023.csv'));

    const xml = await get(servers.get, '/api/alt-fuel-stations/v1/1517.xml');
    const isoUpdatedAt = (text: string) => text.replace('<updated-at>2022-02-10 19:42:29 UTC</updated-at>', '<updated-at>2022-02-10T19:42:29Z</updated-at>');
    assert.equal(isoUpdatedAt(xml).replace(NEWER_ELEMENTS, ''), docsXml('get.xml').replace('rd-blends-en', 'rd-blends'));
  });

  test('nearest: the record is the 2022 one plus the newer fields; its distances the example’s, to the last digit (on the WGS 84 ellipsoid)', async () => {
    const docs = JSON.parse(sample('afs_nearest_docs2023.json'));
    const query = 'latitude=39.743078&longitude=-105.152278&fuel_type=ELEC&limit=1';
    const json = JSON.parse(await get(servers.nearest, `/api/alt-fuel-stations/v1/nearest.json?${query}`));
    assert.deepEqual(Object.keys(json), Object.keys(docs), 'no precision or location_country for a latitude and longitude');
    const [ours, theirs] = [json.fuel_stations[0], docs.fuel_stations[0]];
    // 0.25756 mi and 0.4145 km, as the real service measures on the ellipsoid (the haversine on the mean sphere gave 0.25726 and 0.41401).
    assert.deepEqual([ours.distance, ours.distance_km], [0.25756, 0.4145]);
    assert.equal(JSON.stringify(without(ours, NEWER_FIELDS)), JSON.stringify(theirs));

    const xml = await get(servers.nearest, `/api/alt-fuel-stations/v1/nearest.xml?${query}`);
    const stations = (text: string) => text.slice(text.indexOf('<fuel-stations'));
    assert.equal(stations(xml).replace(NEWER_ELEMENTS, ''), stations(docsXml('nearest.xml')).replace('rd-blends-en', 'rd-blends'));

    const csv = await get(servers.nearest, `/api/alt-fuel-stations/v1/nearest.csv?${query}`);
    const header = (text: string) => text.split('\n')[0];
    assert.equal(header(csvWithout(csv, NEWER_COLUMNS)), header(sample('afs_nearest_docs2023.csv')), 'the 2023 CSV has no Distance column');
  });

  test('nearest from a location: location_country and precision after the point, as on the wire since 2019', async () => {
    const json = JSON.parse(await get(servers.nearest, '/api/alt-fuel-stations/v1/nearest.json?location=Toronto,%20ON&radius=infinite&limit=1'));
    assert.deepEqual(Object.keys(json).slice(0, 4), ['latitude', 'longitude', 'location_country', 'precision']);
    assert.equal(json.location_country, 'CA');
  });

  test('GeoJSON: the envelope in metadata and a Feature per station with the record in properties, as the documentation shows', async () => {
    const query = 'latitude=39.743078&longitude=-105.152278&fuel_type=ELEC&limit=1';
    const json = JSON.parse(await get(servers.nearest, `/api/alt-fuel-stations/v1/nearest.json?${query}`));
    const geojson = await get(servers.nearest, `/api/alt-fuel-stations/v1/nearest.geojson?${query}`);
    const { fuel_stations: stations, ...metadata } = json;
    const expected = {
      type: 'FeatureCollection',
      metadata,
      features: stations.map((station: any) => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [station.longitude, station.latitude] },
        properties: station,
      })),
    };
    assert.equal(geojson, JSON.stringify(expected));
  });
});

describe('nearest distances: those of real answers, to the last digit', { skip: skipWithoutShared }, () => {
  // Answers of 2018 (ten stations) and 2022 (one), each served from its own stations and asked at its own point.
  for (const name of ['afs_nearest_ok_2018.json', 'afs_nearest_ok_2022.json']) {
    test(name, async () => {
      const wire = JSON.parse(sample(name));
      const server = await serveSample(name);
      try {
        const query = `latitude=${wire.latitude}&longitude=${wire.longitude}&radius=infinite&limit=all&country=all`;
        const response = await server.get(withKey(`/api/alt-fuel-stations/v1/nearest.json?${query}`, server.key));
        const ours = new Map(((await response.json()) as any).fuel_stations.map((station: any) => [station.id, [station.distance, station.distance_km]]));
        assert.equal(ours.size, wire.fuel_stations.length);
        for (const station of wire.fuel_stations) assert.deepEqual(ours.get(station.id), [station.distance, station.distance_km], `station ${station.id}`);
      } finally {
        await server.dispose();
      }
    });
  }
});

describe('a client of the 2014 record reads the current one', { skip: skipWithoutShared }, () => {
  let server: TestServer;
  before(async () => {
    const dataDir = temporaryDir('afs-composite');
    await buildQuietly({ outDir: dataDir, sourceDir: sourceDirWith([shared('data', 'afdc', 'afdc_composite_75col.csv')]) });
    server = await startTestServer(dataDir);
  });
  after(() => server?.dispose());

  const body = async (path: string) => (await server.get(withKey(path, server.key))).text();

  test("JSON: every key of the 2014 examples' records is in every current record, with a value the 2014 schema accepts", async () => {
    const validate2014 = validatorFor('/api/schemas/fuel-station.schema.json');
    const keys2014 = new Set<string>();
    for (const name of ['afs_all_docs2014.json', 'afs_nearest_docs2014.json'])
      for (const record of JSON.parse(sample(name)).fuel_stations) for (const key of Object.keys(record)) keys2014.add(key);
    for (const key of Object.keys(JSON.parse(sample('afs_get_docs2014.json')).alt_fuel_station)) keys2014.add(key);

    const nearest = JSON.parse(await body('/api/alt-fuel-stations/v1/nearest.json?location=02128&radius=infinite&limit=300&owner_type=all'));
    const federal = JSON.parse(await body('/api/alt-fuel-stations/v1.json?owner_type=FG&limit=50'));
    const records = [...nearest.fuel_stations, ...federal.fuel_stations];
    assert.ok(federal.fuel_stations.length > 0 && records.length > 300);
    for (const record of records) {
      const as2014 = Object.fromEntries(Object.entries(record).filter(([key]) => keys2014.has(key)));
      const expectedKeys = [...keys2014].filter((key) => (key !== 'federal_agency' || record.federal_agency) && (key !== 'distance' || 'distance' in record));
      assert.deepEqual(new Set(Object.keys(as2014)), new Set(expectedKeys), `station ${record.id}`);
      if (as2014.federal_agency) as2014.federal_agency = { id: record.federal_agency.id, name: record.federal_agency.name };
      assert.ok(validate2014(as2014), `station ${record.id}: ${JSON.stringify(validate2014.errors)}`);
    }
  });

  test("XML: every element of the 2014 examples' station records is in every current station record", async () => {
    const elementsOf = (xml: string, record: string) =>
      new Set([...(xml.split(`</${record}>`)[0].split(`<${record}>`)[1] ?? '').matchAll(/^ {6}<([a-z0-9-]+)/gm)].map((m) => m[1]));
    const elements2014 = new Set([
      ...elementsOf(sample('afs_all_docs2014.xml'), 'fuel-station'),
      ...elementsOf(sample('afs_nearest_docs2014.xml'), 'fuel-station'),
    ]);
    const xml = await body('/api/alt-fuel-stations/v1/nearest.xml?location=02128&radius=infinite&limit=50');
    const stations = xml.split('<fuel-station>').slice(1);
    assert.equal(stations.length, 50);
    for (const station of stations) {
      const ours = new Set([...station.matchAll(/^ {6}<([a-z0-9-]+)/gm)].map((m) => m[1]));
      for (const element of elements2014) if (element !== 'federal-agency') assert.ok(ours.has(element), `<${element}> missing from ${[...ours]}`);
    }
  });
});
