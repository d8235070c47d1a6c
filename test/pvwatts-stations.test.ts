// The estimator's in-memory nearest-station search (server/data/pv-stations.ts) against the climate
// store's SQL search (ClimateStore.nearestIn) over the seeded sample's catalog: the same station and
// distance for seeded random points all over the world, every dataset, radii 0, 100 and 2000 miles,
// the poles and the antimeridian included.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Random } from '../pipeline/sample/random.ts';
import { CLIMATE_DATASETS, type ClimateStore } from '../server/data/climate.ts';
import { DataSet } from '../server/data/dataset.ts';
import { StationIndex } from '../server/data/pv-stations.ts';
import { sampleDataSet } from './support/sample-data-set.ts';

let dataSet: DataSet;
let climate: ClimateStore;

before(async () => {
  const { dataDir: dir } = await sampleDataSet({ seed: 1, stations: 300 });
  dataSet = await DataSet.open(dir);
  climate = dataSet.climate;
});

after(() => dataSet?.close());

test('the in-memory search finds the station and distance the SQL search finds', async () => {
  const index = new StationIndex(climate.stations);
  const random = new Random(11);
  const points: Array<[number, number]> = [
    [90, 0],
    [-90, 0],
    [89.9, 179.9],
    [0, 180],
    [0, -180],
    [51.5, -0.1],
    [40, -105],
    [21.3, -157.9],
    [64.8, -147.7],
    [-33.9, 151.2],
  ];
  for (let i = 0; i < 80; i++) points.push([random.between(-90, 90), random.between(-180, 180)]);
  for (let i = 0; i < 60; i++) points.push([random.between(25, 49), random.between(-125, -67)]);
  let found = 0;
  for (const [lat, lon] of points) {
    for (const dataset of CLIMATE_DATASETS) {
      for (const radius of [0, 100, 2000]) {
        const expected = await climate.nearestIn(dataset, lat, lon, radius);
        const actual = index.nearestIn(dataset, lat, lon, radius);
        const where = `${dataset} ${lat},${lon} radius ${radius}`;
        if (expected === null) {
          assert.equal(actual, null, where);
          continue;
        }
        assert.ok(actual, where);
        found++;
        assert.equal(actual.station.id, expected.station.id, where);
        assert.equal(actual.distanceMetres, expected.distanceMetres, where);
        assert.ok(Math.abs(actual.distance - expected.distance) < 1e-6, where);
      }
    }
  }
  assert.ok(found > 800, `${found} stations compared`);
});
