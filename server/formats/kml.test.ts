// The KML renderer, read back by a well-kept KML reader (@tmcw/togeojson, over @xmldom/xmldom's
// parser with every error fatal) and checked against KML 2.2's element order: one Placemark per
// record, named, with its fields as ExtendedData in the JSON writer's key order and a Point at
// longitude,latitude; the envelope's members as the Document's ExtendedData; streamed in batches
// like the XML list; text escaped so that it reads back as it was; an error asked for as KML is JSON.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bodyText, stationRecord, streamedStationList } from '../../test/support/records.ts';
import { kml } from '@tmcw/togeojson';
import { documentMembers, parseKml } from '../../test/support/kml.ts';
import { kmlProblem } from '../../test/hostile/checks.ts';
import { compileKml } from './kml.ts';
import { render } from './render.ts';
import { fuelStationViews } from './views/fuel-stations.ts';

/** A strict XML 1.0 parse: every error fatal (xmldom's warnings are about text, such as a U+FFFD), XML 1.0's line ends (not XML 1.1's). */

async function renderKml(view: (typeof fuelStationViews)[keyof typeof fuelStationViews], data: unknown) {
  const rendered = render({ view, data }, 'kml');
  const { text: body, chunks } = await bodyText(rendered.body);
  assert.equal(kmlProblem(body), undefined, body.slice(0, 400));
  const document = parseKml(body);
  return { contentType: rendered.contentType, body, chunks, document, features: kml(document).features };
}

test('the list as KML: the Document’s members, then one Placemark per station, streamed batch by batch', async () => {
  const { count, all, data } = streamedStationList();
  const { contentType, chunks, document, features } = await renderKml(fuelStationViews.list, data);
  assert.equal(contentType, 'application/vnd.google-earth.kml+xml; charset=utf-8');
  assert.ok(chunks >= 4, `streamed in ${chunks} chunks`);
  assert.equal(document.documentElement!.namespaceURI, 'http://www.opengis.net/kml/2.2');
  assert.deepEqual(documentMembers(document), { station_locator_url: 'https://afdc.energy.gov/stations/', total_results: '9999' });
  assert.equal(features.length, count);
  assert.deepEqual(features[1].geometry, { type: 'Point', coordinates: [all[1].longitude, all[1].latitude] });
  // Key order of each station follows the JSON writer (the schema), whatever the record's own order.
  const json = JSON.parse((await bodyText(render({ view: fuelStationViews.list, data: { ...data, fuel_stations: all.slice(0, 2) } }, 'json').body)).text);
  assert.deepEqual(Object.keys(features[1].properties!), ['name', ...Object.keys(json.fuel_stations[1])]);
  assert.equal(features[1].properties!.name, 'Station 1001');
  assert.equal(features[1].properties!.federal_agency, '{"id":3,"name":"Defense Agencies"}');
});

test('values: strings as they are, floats with their ".0", null empty, objects as their JSON; text reads back as written, but for what XML cannot carry', async () => {
  const hostile = 'Mon–Fri <8am & "late"> ]]>\r\nSat\ttoo';
  const record = stationRecord(7, 40, -105.5, {
    access_days_time: hostile,
    station_name: 'Bell\u0007 & \uD800Whistle',
    ev_level2_evse_num: 4,
    lpg_primary: false,
    distance: 1.5,
    federal_agency: { id: 9, name: 'A & B' },
  });
  const { features } = await renderKml(fuelStationViews.nearest, {
    latitude: 40,
    longitude: -105,
    station_locator_url: 'u',
    total_results: 1,
    station_counts: { total: 1, fuels: {} },
    offset: 0,
    fuel_stations: [record],
  });
  const properties = features[0].properties!;
  assert.equal(properties.name, 'Bell\uFFFD & \uFFFDWhistle');
  assert.equal(properties.access_days_time, hostile);
  assert.equal(properties.latitude, '40.0');
  assert.equal(properties.ev_level2_evse_num, '4');
  assert.equal(properties.lpg_primary, 'false');
  assert.equal(properties.ev_level1_evse_num, '');
  assert.equal(properties.distance, '1.5');
  assert.equal(properties.federal_agency, '{"id":9,"name":"A & B"}');
  assert.deepEqual(features[0].geometry, { type: 'Point', coordinates: [-105.5, 40] });
});

test('nearest: its members in the Document’s ExtendedData (precision as its JSON, absent ones left out); a station without a location has no Point', async () => {
  const data = {
    latitude: 39.7,
    longitude: -105,
    precision: { value: 5, name: 'postal_code', types: ['postal_code'] },
    station_locator_url: 'u',
    total_results: 2,
    station_counts: { total: 2, fuels: {} },
    offset: 0,
    fuel_stations: [stationRecord(5, 39.8, -105.1, { distance: 1.5 }), stationRecord(6, null, null, { distance: 0 })],
  };
  const { document, features } = await renderKml(fuelStationViews.nearest, data);
  assert.deepEqual(documentMembers(document), {
    latitude: '39.7',
    longitude: '-105.0',
    precision: '{"value":5,"name":"postal_code","types":["postal_code"]}',
    station_locator_url: 'u',
    total_results: '2',
    offset: '0',
  });
  assert.deepEqual(
    features.map((feature) => feature.geometry),
    [{ type: 'Point', coordinates: [-105.1, 39.8] }, null],
  );
  const { document: withoutPrecision } = await renderKml(fuelStationViews.nearest, { ...data, precision: undefined });
  assert.equal('precision' in documentMembers(withoutPrecision), false);
});

test('by id: a Document of one Placemark, without members', async () => {
  const { document, features } = await renderKml(fuelStationViews.byId, { alt_fuel_station: stationRecord(81, 42.36, -71.02) });
  assert.deepEqual(documentMembers(document), {});
  assert.equal(features.length, 1);
  assert.equal(features[0].properties!.id, '81');
  assert.deepEqual(features[0].geometry, { type: 'Point', coordinates: [-71.02, 42.36] });
});

test('keys a record’s schema does not name (additionalProperties) follow the named ones, as the JSON writer writes them', () => {
  const write = compileKml(
    {
      kind: 'object',
      fields: [{ name: 'place', shape: { kind: 'object', fields: [{ name: 'title', shape: { kind: 'string' } }], rest: { kind: 'any' } } }],
    },
    { members: [], records: 'place', keys: { name: 'title', latitude: 'lat', longitude: 'lon' } },
  );
  const document = parseKml(write({ place: { lon: -1.5, extra: [1, 'a'], title: 'T', lat: 2 } }, []));
  const [feature] = kml(document).features;
  assert.deepEqual(feature.properties, { name: 'T', title: 'T', lon: '-1.5', extra: '[1,"a"]', lat: '2' });
  assert.deepEqual(feature.geometry, { type: 'Point', coordinates: [-1.5, 2] });
});

test('an error asked for as KML is JSON, as for GeoJSON', async () => {
  const error = render({ view: fuelStationViews.errors, status: 404, data: { errors: ['not found'] } }, 'kml');
  assert.equal(error.status, 404);
  assert.equal(error.contentType, 'application/json; charset=utf-8');
  assert.equal((await bodyText(error.body)).text, '{"errors":["not found"]}');
});
