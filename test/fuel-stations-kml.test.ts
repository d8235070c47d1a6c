// The fuel-station answers as KML over HTTP, on a sample built by the real pipeline: every KML answer
// is well-formed KML 2.2 (test/hostile's checker: namespace, and each element where KML 2.2's schema
// puts it) and, read back by a well-kept KML reader (@tmcw/togeojson over @xmldom/xmldom), holds the
// same stations, points, fields and envelope members as the GeoJSON (or JSON) answer to the same
// request. Errors asked for as KML are JSON. The whole sample as KML streams while other requests
// are answered.
//
// Not validated against the KML 2.2 XSD (ogckml22.xsd): no package of the registries this project
// installs from ships it (npm's ogc-schemas has only the Jsonix mappings and JSON Schemas made from
// it; Debian's pykml and fastkml packages leave it out), so test/hostile checks the order its
// sequences require.
import assert from 'node:assert/strict';
import { isDeepStrictEqual } from 'node:util';
import { after, before, describe, test } from 'node:test';
import { Worker } from 'node:worker_threads';
import { kml } from '@tmcw/togeojson';
import { documentMembers, parseKml } from './support/kml.ts';
import type { Feature, Geometry } from 'geojson';
import { kmlProblem } from './hostile/checks.ts';
import { SMALL_CLIMATE, startTestServer, withKey, type TestServer } from './support/helpers.ts';
import { sampleDataSet } from './support/sample-data-set.ts';

type Json = { [key: string]: any };

const KML_TYPE = 'application/vnd.google-earth.kml+xml; charset=utf-8';
const SAMPLE_STATIONS = 5_000;

/** A strict XML 1.0 parse: every error fatal (xmldom's warnings are about text, such as a U+FFFD), XML 1.0's line ends (not XML 1.1's). */

/** Whether a KML value's text says what the JSON answer holds: a string as it is, a number or boolean as its text, an object as its JSON, null as nothing. */
function sameValue(text: string | undefined, value: unknown): boolean {
  if (text === undefined) return false;
  if (value === null) return text === '';
  if (typeof value === 'number') return text !== '' && Number(text) === value;
  if (typeof value === 'boolean') return text === String(value);
  if (typeof value === 'object') return isDeepStrictEqual(JSON.parse(text), value);
  return text === value;
}

/** Asserts that each KML value holds the JSON's value under the same name, and that there are no others. */
function assertSameValues(kmlValues: Record<string, string>, json: Json, context: string): void {
  const present = Object.entries(json).filter(([, value]) => value !== undefined);
  assert.deepEqual(
    Object.keys(kmlValues),
    present.map(([name]) => name),
    context,
  );
  for (const [name, value] of present) assert.ok(sameValue(kmlValues[name], value), `${context} ${name}: ${kmlValues[name]} for ${JSON.stringify(value)}`);
}

/** Asserts that a KML placemark, read back as a feature, is the GeoJSON feature of the same station. */
function assertSameStation(placemark: Feature<Geometry | null>, feature: { geometry: unknown; properties: Json }, context: string): void {
  const { name, ...data } = placemark.properties as Record<string, string>;
  assert.equal(name, feature.properties.station_name, `${context}: name`);
  assert.deepEqual(placemark.geometry, feature.geometry, `${context}: point`);
  assertSameValues(data, feature.properties, context);
}

describe('fuel stations as KML', () => {
  let server: TestServer;
  let stationId: number;
  let sampleSize: number;

  /** A KML answer, checked as KML 2.2 and read back. */
  const getKml = async (path: string) => {
    const response = await server.get(withKey(path, server.key));
    const body = await response.text();
    assert.equal(response.status, 200, `${path}: ${body.slice(0, 300)}`);
    assert.equal(response.headers.get('content-type'), KML_TYPE, path);
    assert.equal(kmlProblem(body), undefined, path);
    const document = parseKml(body);
    return { members: documentMembers(document), placemarks: kml(document).features };
  };
  const getJson = async (path: string): Promise<Json> => (await server.get(withKey(path, server.key))).json() as Promise<Json>;

  before(async () => {
    const { dataDir } = await sampleDataSet({ seed: 1, stations: SAMPLE_STATIONS, ...SMALL_CLIMATE });
    server = await startTestServer(dataDir);
    const first = await getJson('/api/alt-fuel-stations/v1.json?limit=1');
    stationId = first.fuel_stations[0].id;
    sampleSize = first.total_results;
  });
  after(() => server?.dispose());

  for (const [path, query] of [
    ['/api/alt-fuel-stations/v1', 'fuel_type=ELEC,E85&limit=40'],
    ['/api/alt-fuel-stations/v1/nearest', 'location=Denver, CO&radius=50&limit=25'],
    ['/api/alt-fuel-stations/v1/nearest', 'latitude=40.0&longitude=-105.3&radius=100&ev_charging_level=dc_fast&offset=2&limit=30'],
  ] as const) {
    test(`${path}.kml?${query}: the stations, points, fields and metadata (but the counts) of the GeoJSON answer`, async () => {
      const geojson = await getJson(`${path}.geojson?${query}`);
      const { members, placemarks } = await getKml(`${path}.kml?${query}`);
      const { features, metadata } = geojson;
      const { station_counts: _counts, ...documentMembers } = metadata;
      assert.ok(features.length > 5, `${path}?${query}: enough stations to compare`);
      assertSameValues(members, documentMembers, 'the Document');
      assert.equal(placemarks.length, features.length);
      for (const [i, placemark] of placemarks.entries()) assertSameStation(placemark, features[i], `station ${features[i].properties.id}`);
    });
  }

  test('by id: one Placemark, the JSON answer’s station, without members', async () => {
    const { alt_fuel_station: station } = await getJson(`/api/alt-fuel-stations/v1/${stationId}.json`);
    const { members, placemarks } = await getKml(`/api/alt-fuel-stations/v1/${stationId}.kml`);
    assert.deepEqual(members, {});
    assert.equal(placemarks.length, 1);
    assertSameStation(placemarks[0], { geometry: { type: 'Point', coordinates: [station.longitude, station.latitude] }, properties: station }, 'by id');
  });

  test('a path without an extension answers KML for format=kml', async () => {
    assert.equal((await getKml(`/api/alt-fuel-stations/v1/${stationId}?format=kml`)).placemarks.length, 1);
    assert.equal((await getKml('/api/alt-fuel-stations/v1?format=kml&limit=2')).placemarks.length, 2);
    assert.equal((await getKml('/api/alt-fuel-stations/v1/nearest?format=KML&location=80203&limit=3')).placemarks.length, 3);
  });

  test('errors asked for as KML are JSON: the endpoint’s 422 and 404, and the gateway’s 403', async () => {
    for (const [path, status, message] of [
      ['/api/alt-fuel-stations/v1.kml?limit=0', 422, /'limit'/],
      ['/api/alt-fuel-stations/v1/nearest.kml?radius=5', 422, /'location'/],
      ['/api/alt-fuel-stations/v1/999999999.kml', 404, /A station for the given ID could not be found\./],
    ] as const) {
      const response = await server.get(withKey(path, server.key));
      assert.equal(response.status, status, path);
      assert.equal(response.headers.get('content-type'), 'application/json; charset=utf-8', path);
      assert.match(((await response.json()) as Json).errors.join(' '), message, path);
    }
    const noKey = await server.get('/api/alt-fuel-stations/v1.kml');
    assert.equal(noKey.status, 403);
    assert.equal(((await noKey.json()) as Json).error.code, 'API_KEY_MISSING');
  });

  test('the whole sample as KML streams: other requests are answered meanwhile, and every station arrives', async () => {
    const path = withKey('/api/alt-fuel-stations/v1.kml', server.key);
    const list = readInWorker(`${server.url}${path}`);
    await list.started;
    let streaming = true;
    const ended = list.ended.finally(() => (streaming = false));
    let answeredWhileStreaming = 0;
    while (streaming) {
      for (const small of ['/health', withKey('/api/alt-fuel-stations/v1/nearest.kml?latitude=39.74&longitude=-104.99&limit=1', server.key)]) {
        const response = await server.get(small);
        assert.equal(response.status, 200, small);
        await response.arrayBuffer();
      }
      if (streaming) answeredWhileStreaming++;
    }
    const { placemarks, tail } = await ended;
    // A server that writes a whole list before it reads another request answers none of them.
    assert.ok(answeredWhileStreaming >= 5, `${answeredWhileStreaming} pairs of small requests were answered while the list streamed`);
    assert.equal(placemarks, sampleSize);
    assert.ok(tail.endsWith('  </Document>\n</kml>\n'), `the document ends with ${JSON.stringify(tail)}`);
  });
});

/**
 * Reads a URL as fast as it can on another thread, as a client in its own process would (a reader on
 * the server's thread could only read while the server lets the event loop go), counting Placemarks.
 */
function readInWorker(url: string): { started: Promise<void>; ended: Promise<{ placemarks: number; tail: string }> } {
  const source = `
    const http = require('node:http');
    const { parentPort, workerData } = require('node:worker_threads');
    http.get(workerData, (res) => {
      let placemarks = 0;
      let tail = '';
      res.setEncoding('utf8');
      res.once('data', () => parentPort.postMessage({ started: true }));
      res.on('data', (chunk) => {
        // the tail before the chunk is shorter than '<Placemark>': no Placemark is counted twice
        const text = tail.slice(-10) + chunk;
        placemarks += text.split('<Placemark>').length - 1;
        tail = (tail + chunk).slice(-64);
      });
      res.on('end', () => parentPort.postMessage({ placemarks, tail }));
    });`;
  const worker = new Worker(source, { eval: true, workerData: url });
  let started!: () => void;
  let ended!: (result: { placemarks: number; tail: string }) => void;
  const read = {
    started: new Promise<void>((resolve) => (started = resolve)),
    ended: new Promise<{ placemarks: number; tail: string }>((resolve) => (ended = resolve)),
  };
  worker.on('message', (message: { started?: true; placemarks: number; tail: string }) => {
    if (message.started) return started();
    ended(message);
    void worker.terminate();
  });
  return read;
}
