// The climate store's hourly side: it reads every compression the writer may use back to the exact
// values written (including NaN and sub-hourly stations of several row groups), parses each shard's
// footer once, and refuses a catalog range that does not hold the station's row groups; the station
// cache's cap is a server setting (CLIMATE_CACHE_MB / --climate-cache-mb; the cache itself:
// byte-bounded-cache.test.ts).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { DataSetWriter } from '../../pipeline/dataset-writer.ts';
import type { StationDraft, StationInput } from '../../pipeline/datasets/climate-records.ts';
import { writeCatalog, writeClimate } from '../../pipeline/datasets/climate-writer.ts';
import { allocateHourly, generateWeather, HOURLY_COLUMNS } from '../../pipeline/sample/climate.ts';
import { nsrdbGridDrafts } from '../../pipeline/sample/climate-stations.ts';
import { readSettings } from '../settings.ts';
import { ClimateStore } from './climate.ts';
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
      assert.ok(Number.isNaN(weather.pres[0]!));
    }
    assert.equal(store.byId(drafts[1]!.id)!.records, 17520);
    assert.equal(store.indexedShards, 1, 'one shard, its footer parsed once');
    // A catalog range that does not hold the station's row groups is an error naming the file and station.
    const station = store.stations[2]!;
    await assert.rejects(
      store.weather({ ...station, hourly_bytes: station.hourly_bytes - 1 }),
      (error: Error) => error.message.includes(`climate station ${station.id}: bytes`) && /outside the station's row groups/.test(error.message),
    );
    await assert.rejects(store.weather({ ...station, hourly_row_group: 99 }), /row groups 99–99 are not in the file's/);
  });
}

test('the cache cap is a server setting: CLIMATE_CACHE_MB or --climate-cache-mb (megabytes, 256 by default)', () => {
  assert.equal(readSettings([], {}).climateCacheMb, 256);
  assert.equal(readSettings([], { CLIMATE_CACHE_MB: '64' }).climateCacheMb, 64);
  assert.equal(readSettings(['--climate-cache-mb', '0.5'], { CLIMATE_CACHE_MB: '64' }).climateCacheMb, 0.5, 'the flag wins over the environment');
  assert.equal(readSettings(['--climate-cache-mb=0'], {}).climateCacheMb, 0);
  assert.throws(() => readSettings([], { CLIMATE_CACHE_MB: 'lots' }), /CLIMATE_CACHE_MB must be a number of megabytes, not lots/);
  assert.throws(() => readSettings(['--climate-cache-mb=-1'], {}), /CLIMATE_CACHE_MB/);
});
