// The catalog's in-memory search against every station measured: the same stations, the same
// distances (bit for bit), the same order, on a grid over the whole globe (the antimeridian and the
// poles included) beside the sample's stations.
import assert from 'node:assert/strict';
import { mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type TestContext, test } from 'node:test';
import { CLIMATE_DATASETS } from '../../model/climate-datasets.ts';
import { DuckDBInstance } from '../../model/duckdb.ts';
import { DataSetWriter } from '../../pipeline/dataset-writer.ts';
import { writeCatalog } from '../../pipeline/datasets/climate-writer.ts';
import { nsrdbGridDrafts, sampleClimateStations } from '../../pipeline/sample/climate-stations.ts';
import { Random } from '../../pipeline/sample/random.ts';
import type { ClimateStation } from '../../types/schemas.ts';
import { ClimateCatalog } from './climate-catalog.ts';
import { Database } from './database.ts';
import { FARTHEST_METRES, haversine, METRES_PER_MILE } from './haversine.ts';

/** The catalog file of `drafts` written as the pipeline writes it, in a folder removed after the test. */
async function catalogFile(
  t: TestContext,
  drafts: Array<Omit<ClimateStation, 'station_index' | 'hourly_file' | 'hourly_row_group' | 'hourly_offset' | 'hourly_bytes'>>,
): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'nrel-compat-climate-catalog-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const writer = await DataSetWriter.open(dir);
  await writeCatalog(
    writer,
    drafts.map((draft, i) => ({ ...draft, station_index: i, hourly_file: 'hourly-0000', hourly_row_group: i, hourly_offset: 4, hourly_bytes: 1 })),
  );
  const manifest = writer.commit({ schema_version: 1, generator: 'test', sample: true, notice: 'test' });
  writer.close();
  return join(dir, manifest.datasets.climate!.files.stations!.path);
}

test('nearest and within find what measuring every station finds', async (t) => {
  const drafts = [
    ...sampleClimateStations(1, { climatePlaces: 300, nsrdbSpacingDeg: 4 }).map(({ draft }) => draft),
    ...nsrdbGridDrafts({ spacingDeg: 7, landOnly: false, box: { south: -89, north: 89, west: -180, east: 180 }, seedLabel: 'globe' }).map((draft) => ({
      ...draft,
      id: `${draft.id}-globe`,
      id_v2: `${draft.id_v2}-globe`,
    })),
  ];
  const file = await catalogFile(t, drafts);
  const db = await Database.open();
  t.after(() => db.close());
  const catalog = await ClimateCatalog.load(db, file);
  const stations = catalog.stations;
  assert.equal(stations.length, drafts.length);

  const random = new Random(7);
  const points: Array<[number, number]> = [
    [40, -105],
    [89.9, 0],
    [-89.9, 170],
    [0.5, 179.99],
    [-10, -179.99],
    ...Array.from({ length: 150 }, (): [number, number] => [random.between(-90, 90), random.between(-180, 180)]),
  ];
  for (const [lat, lon] of points) {
    for (const radiusMiles of [0, 25, 100, 1000]) {
      const limit = radiusMiles === 0 ? FARTHEST_METRES : radiusMiles * METRES_PER_MILE;
      const measured = stations
        .map((station, row) => ({ station, row, distance: haversine(lat, lon, station.lat, station.lon) }))
        .filter(({ distance }) => distance <= limit)
        .sort((a, b) => a.distance - b.distance || a.row - b.row);
      const nearest = await catalog.nearest(lat, lon, radiusMiles);
      for (const dataset of CLIMATE_DATASETS) {
        const want = measured.find(({ station }) => station.dataset === dataset);
        const got = nearest[dataset];
        assert.deepEqual(
          got && [got.station.id, got.distance, got.distanceMetres],
          want ? [want.station.id, want.distance, Math.round(want.distance)] : null,
          `${lat}, ${lon}, ${radiusMiles} mi: ${dataset}`,
        );
      }
      if (radiusMiles === 0) continue;
      const within = await catalog.within(lat, lon, radiusMiles);
      assert.deepEqual(
        within.map(({ station, distance }) => [station.id, distance]),
        measured.map(({ station, distance }) => [station.id, distance]),
        `${lat}, ${lon}, ${radiusMiles} mi: within`,
      );
    }
  }
});

test('a station is found by its ids, as the same record, from a file in any order', async (t) => {
  const drafts = sampleClimateStations(1, { climatePlaces: 40, nsrdbSpacingDeg: 4 }).map(({ draft }) => draft);
  const file = await catalogFile(t, drafts);
  // a file out of the catalog's order (not one the pipeline writes) is read in it all the same
  const duck = await (await DuckDBInstance.create(':memory:')).connect();
  await duck.run(`COPY (SELECT * FROM read_parquet('${file}') ORDER BY id_v2 DESC) TO '${file}.reversed' (FORMAT parquet)`);
  duck.closeSync();
  renameSync(`${file}.reversed`, file);
  const db = await Database.open();
  t.after(() => db.close());
  const catalog = await ClimateCatalog.load(db, file);
  const ids = drafts.map((draft) => draft.id).sort();
  assert.deepEqual(
    catalog.stations.map((station) => station.id),
    [...drafts].sort((a, b) => CLIMATE_DATASETS.indexOf(a.dataset) - CLIMATE_DATASETS.indexOf(b.dataset) || (a.id < b.id ? -1 : 1)).map((draft) => draft.id),
  );
  for (const id of ids) {
    const station = catalog.byId(id)!;
    assert.equal(station.id, id);
    assert.equal(catalog.byV2Id(station.id_v2), station);
    assert.equal(catalog.stations.includes(station), true);
  }
  assert.equal(catalog.byId('3-nowhere'), undefined);
  assert.equal(catalog.byV2Id('3-G-9999999'), undefined);
});
