// build:data over the real weather files of the test data (docs/test-data.md §2.3, §2.5): every file builds; each station's stored
// values are the file's own numbers (read here independently, field by field, and compared with the
// reader's whole parse); its v1 and v2 ids (an NSRDB file's v2 id from its header's Location ID); the
// catalog's header fields match the TMY2 and TMY3 station lists; the store's hourly reads (hyparquet,
// by the catalog's row-group index) return exactly what DuckDB reads; a malformed file is reported
// with its file and line and never half ingested, and a second file of the same id is refused.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { test } from 'node:test';
import { gunzipSync, gzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { DuckDBInstance } from '../model/duckdb.ts';
import { KEPT_ENTRIES } from '../pipeline/datasets/climate-sample-cache.ts';
import { BuildFailed, describeIssue } from '../pipeline/issues.ts';
import { readWeatherFile } from '../pipeline/readers/weather/index.ts';
import { Database } from '../server/data/database.ts';
import { ClimateStore, type ClimateStation } from '../server/data/climate.ts';
import { DEFAULT_CACHE_MB } from '../server/data/stores.ts';
import { buildQuietly, shared, skipWithoutShared, temporaryDir } from './support/helpers.ts';

type Dataset = 'tmy2' | 'tmy3' | 'intl' | 'nsrdb';

/** Every real weather file, by the source folder it goes in. */
function realFiles(): Record<Dataset, string[]> {
  const climate = (...parts: string[]) => shared('data', 'climate', 'weather', ...parts);
  const pvwatts = (name: string) => shared('pvwatts', 'weather', name);
  const list = (dir: string) =>
    readdirSync(dir)
      .sort()
      .map((name) => join(dir, name));
  return {
    tmy2: [...list(climate('tmy2')), pvwatts('12839.tm2'), pvwatts('daggett_23161.tm2')],
    tmy3: [...list(climate('tmy3')), pvwatts('703165TY.csv'), pvwatts('723170TYA.CSV')],
    intl: [...list(climate('intl')), pvwatts('NLD_Amsterdam062400_IWEC.epw'), pvwatts('tmy_45.000_8.000_2005_2023.epw'), pvwatts('USA_AZ_Phoenix_TMY2.csv')],
    nsrdb: [
      pvwatts('phoenix_az_33.450495_-111.983688_psmv3_60_tmy.csv'),
      pvwatts('des_moines_ia_41.586835_-93.624959_psmv3_60_tmy.csv'),
      pvwatts('fargo_nd_46.9_-96.8_mts1_60_tmy.csv'),
    ],
  };
}

function sourceDir(files: Partial<Record<Dataset, string[]>>): string {
  const dir = temporaryDir('climate-source');
  for (const [dataset, paths] of Object.entries(files)) {
    mkdirSync(join(dir, 'climate', dataset), { recursive: true });
    for (const path of paths) symlinkSync(path, join(dir, 'climate', dataset, basename(path)));
  }
  return dir;
}

function fileText(path: string): string {
  const bytes = readFileSync(path);
  return (path.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
}

interface Expected {
  month: number;
  day: number;
  ghi: number;
  dni: number;
  dhi: number;
  tdry: number;
  wspd: number;
}

/**
 * Record `index` of a file read straight from its text (independently of the readers): TMY2 by the
 * manual's fixed columns, TMY3 and EPW by field position, SAM CSV by column name.
 */
function expectedRecord(path: string, index: number): Expected {
  const lines = fileText(path)
    .split('\n')
    .map((line) => line.replace(/\r$/, ''));
  const name = basename(path).replace(/\.gz$/, '').toLowerCase();
  const f = Math.fround;
  if (name.endsWith('.tm2') || name.endsWith('.tmy2')) {
    const line = lines[1 + index]!;
    const at = (from: number, to: number) => Number(line.slice(from, to).trim());
    return { month: at(3, 5), day: at(5, 7), ghi: at(17, 21), dni: at(23, 27), dhi: at(29, 33), tdry: f(at(67, 71) / 10), wspd: f(at(95, 98) / 10) };
  }
  if (name.endsWith('.epw')) {
    const fields = lines[8 + index]!.split(',');
    return {
      month: Number(fields[1]),
      day: Number(fields[2]),
      ghi: f(Number(fields[13])),
      dni: f(Math.abs(Number(fields[14]))),
      dhi: f(Number(fields[15])),
      tdry: f(Number(fields[6])),
      wspd: f(Number(fields[21])),
    };
  }
  const first = lines[0]!.split(',');
  if (first.length === 7) {
    const fields = lines[2 + index]!.split(',');
    const [month, day] = fields[0]!.split('/').map(Number);
    return {
      month: month!,
      day: day!,
      ghi: f(Number(fields[4])),
      dni: f(Number(fields[7])),
      dhi: f(Number(fields[10])),
      tdry: f(Number(fields[31])),
      wspd: f(Number(fields[46])),
    };
  }
  const columns = lines[2]!.split(',').map((column) => column.trim().toLowerCase());
  const fields = lines[3 + index]!.split(',');
  const value = (...names: string[]) => f(Number(fields[columns.findIndex((column) => names.includes(column))]));
  return {
    month: value('month'),
    day: value('day'),
    ghi: value('ghi'),
    dni: value('dni'),
    dhi: value('dhi'),
    tdry: value('temperature', 'tdry'),
    wspd: value('wind speed', 'wspd'),
  };
}

async function openStore(dir: string): Promise<{ store: ClimateStore; db: Database }> {
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
  const db = await Database.open();
  return { store: await ClimateStore.load(db, dir, manifest, { cacheBytes: DEFAULT_CACHE_MB.climate * 1024 * 1024 }), db };
}

test('every real weather file builds, and each station holds the file’s own numbers', { skip: skipWithoutShared }, async (t) => {
  const files = realFiles();
  const out = temporaryDir('climate-real');
  const { reports, manifest } = await buildQuietly({ outDir: out, sourceDir: sourceDir(files) });
  const report = reports.climate!;
  assert.deepEqual(report.problems.map(describeIssue), []);
  assert.equal(report.rejectedRecords, 0);
  const total = Object.values(files).reduce((sum, list) => sum + list.length, 0);
  assert.equal(total, 104);
  assert.equal(manifest.sources.filter((source) => source.path.startsWith('climate/')).length, total);
  const { store, db } = await openStore(out);
  t.after(() => db.close());
  assert.equal(store.size, total);
  for (const dataset of ['tmy2', 'tmy3', 'intl', 'nsrdb'] as const) assert.equal(store.count(dataset), files[dataset].length, dataset);

  for (const [dataset, paths] of Object.entries(files) as Array<[Dataset, string[]]>) {
    for (const path of paths) {
      const sourceFile = `climate/${dataset}/${basename(path)}`;
      const station = store.stations.find((candidate) => candidate.source_file === sourceFile);
      assert.ok(station, `no station from ${sourceFile}`);
      const weather = await store.weather(station);
      // The reader's whole parse, column by column and the header, is what the store gives back.
      const read = await readWeatherFile(path);
      for (const column of ['year', 'month', 'day', 'hour', 'minute', 'ghi', 'dni', 'dhi', 'tdry', 'wspd', 'alb', 'pres', 'tdew'] as const) {
        assert.deepEqual(weather[column], read[column], `${sourceFile}: ${column}`);
      }
      assert.deepEqual(weather.header, read.header, `${sourceFile}: header`);
      assert.equal(weather.hasMinuteColumn, read.hasMinuteColumn);
      assert.equal(weather.stepSeconds, read.stepSeconds);
      assert.equal(weather.length, read.length);
      // And a few records against the text itself.
      for (const index of [0, 13, 500, 1000]) {
        const expected = expectedRecord(path, index);
        const actual = {
          month: weather.month[index],
          day: weather.day[index],
          ghi: weather.ghi[index],
          dni: Math.abs(weather.dni[index]!),
          dhi: weather.dhi[index],
          tdry: weather.tdry[index],
          wspd: weather.wspd[index],
        };
        assert.deepEqual(actual, expected, `${sourceFile} record ${index}`);
      }
    }
  }

  // Ids, and the names the catalog prints.
  const byId = (id: string) => store.byId(id)!;
  assert.equal(byId('1-724699').city, 'BROOMFIELD/JEFFCO [BOULDER - SURFRAD]');
  assert.equal(byId('1-724699').state, 'COLORADO');
  assert.equal(byId('1-724699').header_city, '"BROOMFIELD/JEFFCO [BOULDER - SURFRAD]"');
  assert.equal(byId('0-94018').city, 'BOULDER');
  assert.equal(byId('0-94018').lat, 40.0167);
  assert.equal(byId('0-23161').city, 'DAGGETT');
  assert.equal(byId('2-062400').city, 'AMSTERDAM');
  assert.equal(byId('2-062400').country, 'NLD');
  assert.equal(byId('2-weather_noLineEnding').state, '');
  assert.equal(byId('2-tmy_45.000_8.000_2005_2023').header_location, 'unknown');
  // nsrdb: v1 ids name the cell by its place, v2 ids by the header's NSRDB location id
  const phoenix = byId('3-W111N033-W11198N3345');
  assert.deepEqual([phoenix.state, phoenix.country, phoenix.city, phoenix.resolution, phoenix.id_v2], ['Arizona', 'United States', '', 4, '3-G-0078208']);
  assert.deepEqual(
    [byId('3-W093N041-W09362N4157').id_v2, byId('3-W093N041-W09362N4157').state, byId('3-W096N046-W09680N4690').state],
    ['3-G-0757516', 'Iowa', 'North Dakota'],
  );
  assert.equal(store.byV2Id('3-G-0014914'), byId('3-W096N046-W09680N4690'));
  assert.equal(phoenix.has_minute_column, true);
  assert.equal(byId('0-94018').has_minute_column, false);
  for (const station of store.stations) {
    assert.equal(store.byId(station.id), station);
    assert.equal(store.byV2Id(station.id_v2), station);
    if (station.dataset !== 'nsrdb') {
      assert.equal(station.id_v2, station.id, `${station.source_file}: one id for both versions`);
      continue;
    }
    // the v2 id is `3-G-` and the file's own Location ID (read here from its text), 7 digits
    const [names, values] = fileText(shared('pvwatts', 'weather', basename(station.source_file))).split('\n');
    const locationId = values!.split(',')[names!.split(',').indexOf('Location ID')]!;
    assert.equal(station.id_v2, `3-G-${locationId.padStart(7, '0')}`, station.source_file);
    assert.equal(store.byV2Id(station.id), undefined, `${station.id} is a v1 id only`);
    assert.equal(store.byId(station.id_v2), undefined, `${station.id_v2} is a v2 id only`);
  }
});

test('nsrdb ids: a file without a numeric location id keeps its name as its v2 id; a second file of an id is refused', {
  skip: skipWithoutShared,
}, async (t) => {
  const source = temporaryDir('climate-ids');
  const folder = join(source, 'climate', 'nsrdb');
  mkdirSync(folder, { recursive: true });
  const desMoines = shared('pvwatts', 'weather', 'des_moines_ia_41.586835_-93.624959_psmv3_60_tmy.csv');
  const phoenix = shared('pvwatts', 'weather', 'phoenix_az_33.450495_-111.983688_psmv3_60_tmy.csv');
  symlinkSync(phoenix, join(folder, 'phoenix.csv'));
  // another Location ID at the same place: the same v1 id
  writeFileSync(join(folder, 'phoenix_again.csv'), fileText(phoenix).replace(/^(NSRDB,)78208,/m, '$178212,'));
  // no Location ID, a little further north
  writeFileSync(join(folder, 'no_location.csv'), fileText(desMoines).replace(/^NSRDB,757516,-,-,-,41.57,/m, 'NSRDB,-,-,-,-,41.61,'));
  let failure: BuildFailed | undefined;
  try {
    await buildQuietly({ outDir: temporaryDir('climate-ids-out'), sourceDir: source });
  } catch (error) {
    assert.ok(error instanceof BuildFailed, String(error));
    failure = error;
  }
  assert.deepEqual(failure?.issues.map(describeIssue), [
    'climate/nsrdb/phoenix_again.csv: id = "3-W111N033-W11198N3345": id 3-W111N033-W11198N3345 was already read from climate/nsrdb/phoenix.csv',
  ]);
  const out = temporaryDir('climate-ids-allowed');
  await buildQuietly({ outDir: out, sourceDir: source, allowInvalid: true });
  const { store, db } = await openStore(out);
  t.after(() => db.close());
  assert.deepEqual(
    store.stations.map((station) => [station.source_file, station.id, station.id_v2]),
    [
      ['climate/nsrdb/no_location.csv', '3-W093N041-W09362N4161', '3-no_location'],
      ['climate/nsrdb/phoenix.csv', '3-W111N033-W11198N3345', '3-G-0078208'],
    ],
  );
});

test('the catalog’s header fields match the TMY3 and TMY2 station lists', { skip: skipWithoutShared }, async (t) => {
  const files = realFiles();
  const out = temporaryDir('climate-lists');
  await buildQuietly({ outDir: out, sourceDir: sourceDir({ tmy2: files.tmy2, tmy3: files.tmy3 }) });
  const { store, db } = await openStore(out);
  t.after(() => db.close());
  const stateNames: Record<string, string> = {
    AK: 'ALASKA',
    CO: 'COLORADO',
    HI: 'HAWAII',
    NC: 'NORTH CAROLINA',
    WA: 'WASHINGTON',
    CA: 'CALIFORNIA',
    FL: 'FLORIDA',
    NY: 'NEW YORK',
  };
  const tmy3 = parse(readFileSync(shared('data', 'climate', 'tmy3_stations.csv')), { columns: true }) as Record<string, string>[];
  let compared = 0;
  for (const row of tmy3) {
    const station = store.byId(`1-${row.usaf}`);
    if (!station) continue;
    compared++;
    assert.equal(station.lat, Number(row.latitude), `${row.usaf} lat`);
    assert.equal(station.lon, Number(row.longitude), `${row.usaf} lon`);
    assert.equal(station.timezone, Number(row.timezone), `${row.usaf} tz`);
    assert.equal(station.elevation, Number(row.elevation_m), `${row.usaf} elevation`);
    assert.equal(station.header_tz, Number(row.timezone));
    assert.equal(station.header_lat, Math.fround(Number(row.latitude)), `${row.usaf}: the header latitude is the single-precision value`);
    assert.equal(station.city, row.header_name);
    if (stateNames[row.state!]) assert.equal(station.state, stateNames[row.state!]);
  }
  assert.equal(compared, 48);
  const tmy2 = parse(readFileSync(shared('data', 'climate', 'tmy2_stations.csv')), { columns: true }) as Record<string, string>[];
  compared = 0;
  for (const row of tmy2) {
    const station = store.byId(`0-${row.wban}`);
    if (!station) continue;
    compared++;
    assert.equal(station.lat, Number(row.latitude), `${row.wban} lat`);
    assert.equal(station.lon, Number(row.longitude), `${row.wban} lon`);
    assert.equal(station.timezone, Number(row.timezone));
    assert.equal(station.elevation, Number(row.elevation_m));
    assert.equal(station.city, row.city!.replace(/_/g, ' '), 'TMY2 headers write spaces as underscores; the catalog prints spaces (COLORADO SPRINGS)');
    if (stateNames[row.state!]) assert.equal(station.state, stateNames[row.state!]);
  }
  assert.ok(compared >= 45, `compared ${compared} TMY2 stations`);
});

test('the store’s hourly reads give exactly what DuckDB reads from the hourly Parquet', { skip: skipWithoutShared }, async (t) => {
  const files = realFiles();
  const out = temporaryDir('climate-duckdb');
  const { manifest } = await buildQuietly({ outDir: out, sourceDir: sourceDir({ tmy3: files.tmy3.slice(0, 6), intl: files.intl, nsrdb: files.nsrdb }) });
  const { store, db } = await openStore(out);
  t.after(() => db.close());
  const duck = await (await DuckDBInstance.create(':memory:')).connect();
  const columns = ['year', 'month', 'day', 'hour', 'minute', 'ghi', 'dni', 'dhi', 'tdry', 'wspd', 'alb', 'pres', 'tdew'] as const;
  const rowGroups = new Map<string, number>();
  for (const station of store.stations as ClimateStation[]) {
    const path = join(out, manifest.datasets.climate!.files[station.hourly_file]!.path);
    const reader = await duck.runAndReadAll(`SELECT ${columns.join(', ')} FROM read_parquet('${path}') WHERE station = ${station.station_index}`);
    const expected = reader.getColumnsJS() as number[][];
    const weather = await store.weather(station);
    for (const [i, column] of columns.entries()) assert.deepEqual(Array.from(weather[column]), expected[i], `${station.id} ${column}`);
    const groups = await duck.runAndReadAll(
      `SELECT count(*)::INTEGER AS n, min(row_group_num_rows)::INTEGER AS rows FROM parquet_metadata('${path}') WHERE path_in_schema = 'station' AND stats_min = '${station.station_index}' AND stats_max = '${station.station_index}'`,
    );
    const [row] = groups.getRowObjectsJS();
    assert.deepEqual(row, { n: station.records / 8760, rows: 8760 }, `${station.id}: one 8760-row row group per station-year`);
    rowGroups.set(station.id, station.hourly_row_group);
  }
  assert.equal(rowGroups.size, store.size);
});

test('a malformed file is reported with its file and line, and nothing of it is written', { skip: skipWithoutShared }, async (t) => {
  const files = realFiles();
  const source = temporaryDir('climate-bad');
  mkdirSync(join(source, 'climate', 'tmy3'), { recursive: true });
  mkdirSync(join(source, 'climate', 'tmy2'), { recursive: true });
  const good = files.tmy3[0]!;
  copyFileSync(good, join(source, 'climate', 'tmy3', basename(good)));
  // A TMY3 file whose record on line 1203 lost its date.
  const lines = fileText(files.tmy3[1]!).split('\n');
  lines[1202] = lines[1202]!.replace(/^\d\d\/\d\d\/\d{4}/, '0112-1990');
  writeFileSync(join(source, 'climate', 'tmy3', '999999TYA.CSV.gz'), gzipSync(lines.join('\n')));
  // A TMY2 file cut short.
  const tmy2 = fileText(files.tmy2[0]!).split('\n');
  writeFileSync(join(source, 'climate', 'tmy2', '00001.tm2'), `${tmy2.slice(0, 5000).join('\n')}\n`);
  // A TMY3 file with an impossible month on line 40.
  const monthLines = fileText(files.tmy3[2]!).split('\n');
  monthLines[39] = monthLines[39]!.replace(/^\d\d\//, '13/');
  writeFileSync(join(source, 'climate', 'tmy3', '888888TYA.CSV'), monthLines.join('\n'));

  let failure: BuildFailed | undefined;
  try {
    await buildQuietly({ outDir: temporaryDir('climate-bad-out'), sourceDir: source });
  } catch (error) {
    assert.ok(error instanceof BuildFailed, String(error));
    failure = error;
  }
  assert.ok(failure, 'the build should fail');
  const messages = failure.issues.map(describeIssue);
  assert.equal(messages.length, 3, messages.join('\n'));
  assert.ok(
    messages.some((m) => m.startsWith('climate/tmy3/999999TYA.CSV.gz:1203: ') && /date/.test(m)),
    messages.join('\n'),
  );
  assert.ok(
    messages.some((m) => m.startsWith('climate/tmy2/00001.tm2:') && /end of file/.test(m)),
    messages.join('\n'),
  );
  assert.ok(
    messages.some((m) => m.startsWith('climate/tmy3/888888TYA.CSV:40: month = 13:')),
    messages.join('\n'),
  );

  // With --allow-invalid the good file builds alone, and the rejects file names the others.
  const out = temporaryDir('climate-bad-allowed');
  const { manifest } = await buildQuietly({ outDir: out, sourceDir: source, allowInvalid: true });
  const { store, db } = await openStore(out);
  t.after(() => db.close());
  assert.deepEqual(
    store.stations.map((station) => station.source_file),
    [`climate/tmy3/${basename(good)}`],
  );
  const rejects = readFileSync(join(out, manifest.datasets.climate!.rejects_file!), 'utf8').trim().split('\n');
  assert.equal(rejects.length, 3);
  const hourlyRows = Object.entries(manifest.datasets.climate!.files)
    .filter(([key]) => key.startsWith('hourly-'))
    .reduce((sum, [, file]) => sum + file.rows, 0);
  assert.equal(hourlyRows, 8760, 'no row of a rejected file is written');
});

test('the sample: the same seed gives the same bytes, built fresh or taken from the sample cache; two builds at once generate it once', async (t) => {
  const cache = temporaryDir('climate-cache');
  const previous = process.env.CLIMATE_SAMPLE_CACHE;
  t.after(() => (previous === undefined ? delete process.env.CLIMATE_SAMPLE_CACHE : (process.env.CLIMATE_SAMPLE_CACHE = previous)));
  // Entries of other seeds (or of older code), used from one to KEPT_ENTRIES hours ago.
  const older = Array.from({ length: KEPT_ENTRIES }, (_, i) => {
    const name = createHash('sha256').update(String(i)).digest('hex').slice(0, 24);
    mkdirSync(join(cache, name), { recursive: true });
    const used = new Date(Date.now() - (i + 1) * 3_600_000);
    utimesSync(join(cache, name), used, used);
    return name;
  });
  const build = async (cacheSetting: string) => {
    process.env.CLIMATE_SAMPLE_CACHE = cacheSetting;
    const outDir = temporaryDir('climate-sample');
    const { manifest } = await buildQuietly({ outDir, sample: { seed: 77, stations: 10, nsrdbSpacingDeg: 8, climatePlaces: 10 } });
    return { outDir, files: manifest.datasets.climate!.files };
  };
  const [first, second] = await Promise.all([build(cache), build(cache)]);
  const entries = readdirSync(cache);
  const entry77 = entries.find((name) => !older.includes(name))!;
  assert.ok(entry77, 'the build filled the cache');
  assert.deepEqual(second.files, first.files);
  // One build generated the entry and the other waited for it: both hold its very files (hard links).
  const hourly = Object.values(first.files).filter((file) => file.path.includes('hourly'));
  assert.ok(hourly.length >= 1);
  for (const file of hourly) {
    const inode = statSync(join(cache, entry77, file.path)).ino;
    assert.equal(statSync(join(first.outDir, file.path)).ino, inode, `${file.path} of the first build`);
    assert.equal(statSync(join(second.outDir, file.path)).ino, inode, `${file.path} of the second build`);
  }
  assert.deepEqual((await build('off')).files, first.files, 'a fresh build gives the same bytes');
  assert.ok(Object.keys(first.files).length >= 2);

  // The cache keeps the KEPT_ENTRIES used last: the new one, and all but the oldest of the others.
  assert.equal(entries.length, KEPT_ENTRIES);
  assert.deepEqual(new Set(entries), new Set([entry77, ...older.slice(0, KEPT_ENTRIES - 1)]));
  assert.ok(!entries.some((name) => name.endsWith('.lock')), 'no lock is left behind');
});
