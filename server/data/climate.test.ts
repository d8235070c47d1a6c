// The climate store's hourly side: it reads every compression the writer may use back to the exact
// values written (including NaN and sub-hourly stations of several row groups), parses each shard's
// footer once, and refuses a catalog range that does not hold the station's row groups; a station is
// found by its v1 id (byId, PVWatts v6) and by its v2 id (byV2Id, v8), an nsrdb v1 id never by the
// latter; a data set written before pres, tdew and the v2 ids were kept is still served; the station
// cache's cap is a server setting (CLIMATE_CACHE_MB / --climate-cache-mb; the cache itself:
// byte-bounded-cache.test.ts).
import assert from 'node:assert/strict';
import { mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { DuckDBInstance } from '../../model/duckdb.ts';
import { DataSetWriter, type Manifest } from '../../pipeline/dataset-writer.ts';
import type { StationDraft, StationInput } from '../../pipeline/datasets/climate-records.ts';
import { writeCatalog, writeClimate } from '../../pipeline/datasets/climate-writer.ts';
import { allocateHourly, generateWeather, HOURLY_COLUMNS } from '../../pipeline/sample/climate.ts';
import { nsrdbGridDrafts, sampleClimateStations } from '../../pipeline/sample/climate-stations.ts';
import { type ClimateStation, ClimateStore } from './climate.ts';
import { ClimateCatalog } from './climate-catalog.ts';
import { Database } from './database.ts';

function inputsFor(drafts: StationDraft[]): { inputs: StationInput[]; expected: Map<string, ReturnType<typeof allocateHourly>> } {
  const expected = new Map<string, ReturnType<typeof allocateHourly>>();
  const inputs = drafts.map((draft, i) => {
    let columns = generateWeather({ lat: draft.lat, lon: draft.lon, timezone: draft.timezone, elevation: draft.elevation }, i + 1);
    if (i === 1) {
      // Two years of half-hourly records: 17,520 records, two row groups; and a few NaN.
      draft = { ...draft, records: 17520, step_seconds: 1800, has_minute_column: true };
      const twice = allocateHourly(17520);
      for (const name of HOURLY_COLUMNS) {
        twice[name].set(columns[name], 0);
        twice[name].set(
          columns[name].map((value) => value + 1),
          8760,
        );
      }
      twice.ghi[7] = Number.NaN;
      twice.tdry[9000] = Number.NaN;
      columns = twice;
    }
    expected.set(draft.id, columns);
    return { draft, load: () => columns };
  });
  return { inputs, expected };
}

for (const compression of ['zstd', 'gzip', 'uncompressed'] as const) {
  test(`the store reads ${compression} shards back to the values written`, async (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'nrel-compat-climate-store-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    const drafts = nsrdbGridDrafts({ spacingDeg: 5, landOnly: false, limit: 5 });
    const { inputs, expected } = inputsFor(drafts);
    const writer = await DataSetWriter.open(dir);
    const result = await writeClimate(writer, inputs, { compression });
    await writeCatalog(writer, result.stations);
    const manifest = writer.commit({ schema_version: 1, generator: 'test', sample: true, notice: 'test' });
    writer.close();
    const db = await Database.open();
    t.after(() => db.close());
    const store = await ClimateStore.load(db, dir, manifest, { cacheBytes: 0 });
    assert.equal(store.size, 5);
    for (const station of store.stations) {
      const weather = await store.weather(station.id);
      for (const name of HOURLY_COLUMNS) assert.deepEqual(weather[name], expected.get(station.id)![name], `${station.id} ${name}`);
      assert.equal(weather.length, station.records);
      assert.ok(Number.isNaN(weather.twet[0]!), 'a column the table does not keep is NaN');
      // v1 and v2 ids: an nsrdb cell has one of each, and each finds it only by its own lookup
      assert.match(station.id_v2, /^3-G-\d{7}$/);
      assert.equal(store.byId(station.id), station);
      assert.equal(store.byV2Id(station.id_v2), station);
      assert.equal(store.byV2Id(station.id), undefined, `${station.id} is a v1 id only`);
      assert.equal(store.byId(station.id_v2), undefined, `${station.id_v2} is a v2 id only`);
    }
    assert.equal(store.byId(drafts[1]!.id)!.records, 17520);
    assert.equal(store.indexedShards, 1, 'one shard, its footer parsed once');
    // A catalog range that does not hold the station's row groups is an error naming the file and station.
    const station = store.stations[2]!;
    await assert.rejects(
      store.weather({ ...fieldsOf(station), hourly_bytes: station.hourly_bytes - 1 }),
      (error: Error) => error.message.includes(`climate station ${station.id}: bytes`) && /outside the station's row groups/.test(error.message),
    );
    await assert.rejects(store.weather({ ...fieldsOf(station), hourly_row_group: 99 }), /row groups 99–99 are not in the file's/);
  });
}

/** A catalog record's fields as an object of its own (a record is a view of its row, its fields getters of its class). */
function fieldsOf(station: ClimateStation): ClimateStation {
  const names = Object.getOwnPropertyNames(Object.getPrototypeOf(station)).filter((name) => name !== 'constructor');
  return Object.fromEntries(names.map((name) => [name, station[name as keyof ClimateStation]])) as unknown as ClimateStation;
}

/** Writes a climate data set of `drafts` (each with its generated weather) into a new folder. */
async function writeDataSet(
  t: { after(fn: () => void): void },
  drafts: StationDraft[],
  options: Parameters<typeof writeClimate>[2] = {},
): Promise<{ dir: string; manifest: Manifest; expected: Map<string, ReturnType<typeof allocateHourly>> }> {
  const dir = mkdtempSync(join(tmpdir(), 'nrel-compat-climate-store-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const expected = new Map<string, ReturnType<typeof allocateHourly>>();
  const inputs = drafts.map((draft, i) => {
    const columns = generateWeather({ lat: draft.lat, lon: draft.lon, timezone: draft.timezone, elevation: draft.elevation }, i + 1);
    expected.set(draft.id, columns);
    return { draft, load: () => columns };
  });
  const writer = await DataSetWriter.open(dir);
  const result = await writeClimate(writer, inputs, options);
  await writeCatalog(writer, result.stations);
  const manifest = writer.commit({ schema_version: 1, generator: 'test', sample: true, notice: 'test' });
  writer.close();
  return { dir, manifest, expected };
}

test('tmy2, tmy3 and intl stations have one id for both versions', async (t) => {
  const drafts = sampleClimateStations(3, { nsrdbSpacingDeg: 8 })
    .map(({ draft }) => draft)
    .filter((draft, i, all) => draft.dataset !== all[i - 1]?.dataset)
    .slice(0, 4);
  assert.deepEqual(
    drafts.map((draft) => draft.dataset),
    ['tmy2', 'tmy3', 'intl', 'nsrdb'],
  );
  const { dir, manifest } = await writeDataSet(t, drafts);
  const db = await Database.open();
  t.after(() => db.close());
  const store = await ClimateStore.load(db, dir, manifest, { cacheBytes: 0 });
  for (const station of store.stations) {
    assert.equal(store.byId(station.id), station);
    assert.equal(store.byV2Id(station.id_v2), station);
    if (station.dataset === 'nsrdb') assert.deepEqual([station.id_v2, store.byV2Id(station.id)], ['3-G-0000001', undefined]);
    else assert.equal(station.id_v2, station.id, station.dataset);
  }
});

test('a data set written before pres, tdew and the v2 ids were kept is served: those columns NaN, v2 ids by the same rule', async (t) => {
  const previousColumns = HOURLY_COLUMNS.filter((name) => name !== 'pres' && name !== 'tdew');
  const [real, sample, ...others] = nsrdbGridDrafts({ spacingDeg: 5, landOnly: false, limit: 3 });
  const drafts: StationDraft[] = [
    // a real NSRDB file as the previous version wrote it: `3-<location id>`
    { ...real!, id: '3-78208', header_location: '78208' },
    // a sample cell as the previous version wrote it: the cell's name for its header's station id
    { ...sample!, header_location: sample!.id.slice(2) },
    ...others,
  ];
  const { dir, manifest, expected } = await writeDataSet(t, drafts, { hourlyColumns: previousColumns });
  // and its catalog, without the id_v2 column
  const catalog = join(dir, manifest.datasets.climate!.files.stations!.path);
  const duck = await (await DuckDBInstance.create(':memory:')).connect();
  await duck.run(`COPY (SELECT * EXCLUDE (id_v2) FROM read_parquet('${catalog}')) TO '${catalog}.old' (FORMAT parquet)`);
  duck.closeSync();
  renameSync(`${catalog}.old`, catalog);

  const db = await Database.open();
  t.after(() => db.close());
  const store = await ClimateStore.load(db, dir, manifest, { cacheBytes: 64 * 1024 * 1024 });
  assert.deepEqual(
    store.stations.map((station) => [station.id, station.id_v2]),
    [
      [drafts[2]!.id, '3-G-0000003'],
      ['3-78208', '3-G-0078208'],
      [drafts[1]!.id, drafts[1]!.id],
    ].sort((a, b) => (a[0]! < b[0]! ? -1 : 1)),
  );
  assert.equal(store.byV2Id('3-G-0078208'), store.byId('3-78208'));
  assert.equal(store.byV2Id('3-78208'), undefined);
  for (const station of store.stations) {
    const weather = await store.weather(station);
    for (const name of previousColumns) assert.deepEqual(weather[name], expected.get(station.id)![name], `${station.id} ${name}`);
    assert.ok(weather.pres.every(Number.isNaN) && weather.tdew.every(Number.isNaN), 'pres and tdew are absent');
  }
  // the cache counts the columns read, not the shared NaN ones
  assert.equal(store.cacheStats().bytes, 3 * previousColumns.length * 8760 * 4);
});

test('a shard with chunks the direct decoder declines (Parquet v2’s BYTE_STREAM_SPLIT) is read by hyparquet, to the same values', async (t) => {
  const drafts = nsrdbGridDrafts({ spacingDeg: 5, landOnly: false, limit: 3 });
  const { dir, manifest, expected } = await writeDataSet(t, drafts);
  const files = manifest.datasets.climate!.files;
  const shard = join(dir, files['hourly-0000']!.path);
  const catalog = join(dir, files.stations!.path);
  const duck = await (await DuckDBInstance.create(':memory:')).connect();
  t.after(() => duck.closeSync());
  await duck.run(
    `COPY (SELECT * FROM read_parquet('${shard}')) TO '${shard}.v2' (FORMAT parquet, ROW_GROUP_SIZE 8760, PARQUET_VERSION V2, DICTIONARY_SIZE_LIMIT 1)`,
  );
  const encodings = await duck.runAndReadAll(`SELECT DISTINCT encodings FROM parquet_metadata('${shard}.v2') WHERE path_in_schema = 'ghi'`);
  assert.deepEqual(encodings.getRowObjectsJS(), [{ encodings: 'BYTE_STREAM_SPLIT' }]);
  // the catalog's byte ranges, for the rewritten shard
  await duck.run(`COPY (
      SELECT c.* REPLACE (r.first AS hourly_offset, (r.last - r.first)::INTEGER AS hourly_bytes)
      FROM read_parquet('${catalog}') c JOIN (
        SELECT row_group_id AS rg, min(coalesce(dictionary_page_offset, data_page_offset)) AS first,
               max(coalesce(dictionary_page_offset, data_page_offset) + total_compressed_size) AS last
        FROM parquet_metadata('${shard}.v2') GROUP BY row_group_id) r ON r.rg = c.hourly_row_group
    ) TO '${catalog}.v2' (FORMAT parquet)`);
  renameSync(`${shard}.v2`, shard);
  renameSync(`${catalog}.v2`, catalog);
  const db = await Database.open();
  t.after(() => db.close());
  const store = await ClimateStore.load(db, dir, manifest, { cacheBytes: 0 });
  assert.equal(store.size, 3);
  for (const station of store.stations) {
    const weather = await store.weather(station);
    for (const name of HOURLY_COLUMNS) assert.deepEqual(weather[name], expected.get(station.id)![name], `${station.id} ${name}`);
  }
});

test('the cache counts every hourly column a station holds', async (t) => {
  const { dir, manifest } = await writeDataSet(t, nsrdbGridDrafts({ spacingDeg: 5, landOnly: false, limit: 2 }));
  const db = await Database.open();
  t.after(() => db.close());
  const store = await ClimateStore.load(db, dir, manifest, { cacheBytes: 64 * 1024 * 1024 });
  for (const station of store.stations) {
    const weather = await store.weather(station);
    assert.ok(weather.pres.every((value) => value > 500 && value < 1100) && weather.tdew.every((value) => value > -60 && value < 40));
  }
  assert.equal(store.cacheStats().bytes, 2 * HOURLY_COLUMNS.length * 8760 * 4);
  assert.equal(HOURLY_COLUMNS.length, 13);
});

test('a catalog of more stations than one DuckDB chunk keeps each station its own hourly range', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'nrel-compat-climate-catalog-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  // 2,500 stations: DuckDB returns 2,048 rows a chunk; the catalog once read the second chunk's offsets wrong
  const drafts = nsrdbGridDrafts({ spacingDeg: 0.5, landOnly: false, limit: 2500 });
  assert.equal(drafts.length, 2500);
  const stations = drafts.map((draft, i) => ({
    ...draft,
    station_index: i,
    hourly_file: 'hourly-0000',
    hourly_row_group: i,
    hourly_offset: 4 + 50_000 * i,
    hourly_bytes: 40_000 + i,
  }));
  const writer = await DataSetWriter.open(dir);
  await writeCatalog(writer, stations);
  const manifest = writer.commit({ schema_version: 1, generator: 'test', sample: true, notice: 'test' });
  writer.close();
  const db = await Database.open();
  t.after(() => db.close());
  const catalog = await ClimateCatalog.load(db, join(dir, manifest.datasets.climate!.files.stations!.path));
  for (const station of stations) {
    const read = catalog.byId(station.id)!;
    assert.deepEqual(
      [Number(read.hourly_offset), read.hourly_bytes, read.hourly_row_group],
      [station.hourly_offset, station.hourly_bytes, station.hourly_row_group],
      station.id,
    );
  }
});
