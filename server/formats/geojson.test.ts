// The GeoJSON renderer: Point features at [longitude, latitude], the record as properties, the
// envelope's members beside `features`, streamed in batches like the JSON list, valid against its
// schema; an error asked for as GeoJSON is plain JSON.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bodyText, stationRecord, streamedStationList } from '../../test/support/records.ts';
import { validatorFor } from '../../schemas/registry.ts';
import { features, pointFeature } from './geojson.ts';
import { render } from './render.ts';
import { RowStream } from './rows.ts';
import { fuelStationViews } from './views/fuel-stations.ts';

test('a record becomes a Point feature at [longitude, latitude], with its id, and the record itself as properties', () => {
  const record = stationRecord(7, 39.5, -105.25);
  assert.deepEqual(pointFeature(record, { id: 'id', latitude: 'latitude', longitude: 'longitude' }), {
    type: 'Feature',
    id: 7,
    geometry: { type: 'Point', coordinates: [-105.25, 39.5] },
    properties: record,
  });
  const nowhere = { ...record, latitude: null };
  assert.equal(pointFeature(nowhere, { id: 'id', latitude: 'latitude', longitude: 'longitude' }).geometry, null);
});

test('features of a RowStream are a RowStream with the same batches', async () => {
  const toFeature = (record: Record<string, unknown>) => pointFeature(record, { id: 'id', latitude: 'latitude', longitude: 'longitude' });
  const batches = [[stationRecord(1, 1, 2), stationRecord(2, 3, 4)], [stationRecord(3, 5, 6)]];
  const streamed = features(
    new RowStream(
      (async function* () {
        yield* batches;
      })(),
    ),
    toFeature,
  );
  assert.ok(streamed instanceof RowStream);
  const seen: number[][] = [];
  for await (const batch of streamed.batches) seen.push(batch.map((feature) => feature.id as number));
  assert.deepEqual(seen, [[1, 2], [3]]);
  assert.deepEqual(features([stationRecord(9, 1, 2)], toFeature), [toFeature(stationRecord(9, 1, 2))]);
});

test('the list as GeoJSON: type, foreign members, then features streamed batch by batch; valid against its schema', async () => {
  const { count, all, data } = streamedStationList();
  const rendered = render({ view: fuelStationViews.list, data }, 'geojson');
  assert.equal(rendered.contentType, 'application/geo+json; charset=utf-8');
  const { text: body, chunks } = await bodyText(rendered.body);
  assert.ok(chunks >= 4, `streamed in ${chunks} chunks`);
  const parsed = JSON.parse(body);
  assert.deepEqual(Object.keys(parsed), ['type', 'station_locator_url', 'total_results', 'features']);
  assert.equal(parsed.total_results, 9999);
  assert.equal(parsed.features.length, count);
  assert.deepEqual(parsed.features[1].geometry.coordinates, [all[1].longitude, all[1].latitude]);
  assert.deepEqual(parsed.features[1].properties, JSON.parse(JSON.stringify(all[1])));
  const validate = validatorFor('/api/schemas/fuel-stations-geojson.schema.json');
  assert.ok(validate(parsed as object), JSON.stringify(validate.errors));
  // Key order of each station follows the JSON writer (the schema), whatever the record's own order.
  const json = JSON.parse(
    await bodyText(render({ view: fuelStationViews.list, data: { ...data, fuel_stations: all.slice(0, 3) } }, 'json').body).then((r) => r.text),
  );
  assert.deepEqual(Object.keys(parsed.features[0].properties), Object.keys(json.fuel_stations[0]));
});

test('nearest as GeoJSON keeps its envelope members; an error as GeoJSON is JSON', async () => {
  const data = {
    latitude: 39.7,
    longitude: -105,
    station_locator_url: 'u',
    total_results: 1,
    station_counts: { total: 1, fuels: {} },
    offset: 0,
    fuel_stations: [stationRecord(5, 39.8, -105.1, { distance: 1.5 })],
  };
  const { text: body } = await bodyText(render({ view: fuelStationViews.nearest, data }, 'geojson').body);
  const parsed = JSON.parse(body);
  assert.deepEqual(Object.keys(parsed), ['type', 'latitude', 'longitude', 'station_locator_url', 'total_results', 'offset', 'features']);
  assert.equal(parsed.features[0].properties.distance, 1.5);
  assert.ok(validatorFor('/api/schemas/fuel-stations-geojson-nearest.schema.json')(parsed as object));

  const error = render({ view: fuelStationViews.errors, status: 422, data: { errors: ['bad'] } }, 'geojson');
  assert.equal(error.contentType, 'application/json; charset=utf-8');
  assert.equal((await bodyText(error.body)).text, '{"errors":["bad"]}');
});
