// The solar resource's tilt at latitude is PVWatts v8's own plane-of-array irradiance
// (docs/api.md §8): on real weather files built through the pipeline's climate source layout,
// the stored averages equal simulateV8's solrad_monthly and solrad_annual for a roof-mounted array at
// tilt |lat| facing the equator, run on the file as read; planeOfArrayV8 (what the pipeline runs)
// equals the reference engine's solrad where the engine ran a fixed array (its cases' tilt is 20°,
// close to these stations' latitudes); DNI and GHI averages equal DuckDB's sums over the hourly Parquet.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { DuckDBInstance, type DuckDBConnection } from '../../model/duckdb.ts';
import { latitudeTiltSystem } from '../../pipeline/datasets/climate-solar-resource-rows.ts';
import { readWeatherFile } from '../../pipeline/readers/weather/index.ts';
import { planeOfArrayV8, prepareSiteV8, simulateV8, type SiteV8 } from '../../pv/v8/index.ts';
import { buildQuietly, temporaryDir } from '../support/helpers.ts';
import { skipWithoutV8Weather, v8ReferenceCases, v8SourceFolder, v8System, v8WeatherPath, type V8ReferenceCase } from '../../harness/pv-v8-reference-cases.ts';

const skip = skipWithoutV8Weather;
/** A few files of each kind: TMY3 (Honolulu, 21.3° N), EPW (17.1° N), TMY2, NSRDB PSM v3: the first two have fixed-array engine cases near their latitude. */
const FILES = ['911820TYA.CSV.gz', 'weather_noLineEnding.epw', 'daggett_23161.tm2', 'phoenix_az_33.450495_-111.983688_psmv3_60_tmy.csv'];
const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

interface Stored {
  id: string;
  source_file: string;
  header_lat: number;
  station_index: number;
  hourly_file: string;
  rows: Array<{ month: number; avg_dni: number; avg_ghi: number; avg_lat_tilt: number; tilt: number; azimuth: number }>;
}

let dataDir: string;
let manifest: any;
let db: DuckDBConnection;
const stored = new Map<string, Stored>();
const cases = new Map<string, V8ReferenceCase>();
const sites = new Map<string, SiteV8>();

before(async () => {
  if (skip) return;
  const source = temporaryDir('solar-resource-source');
  for (const weather of FILES) {
    const reference = [...v8ReferenceCases(weather)][0]!;
    cases.set(weather, reference);
    const folder = join(source, 'climate', v8SourceFolder(weather));
    mkdirSync(folder, { recursive: true });
    symlinkSync(v8WeatherPath(reference), join(folder, weather));
  }
  dataDir = temporaryDir('solar-resource-real');
  await buildQuietly({ outDir: dataDir, sourceDir: source });
  manifest = JSON.parse(readFileSync(join(dataDir, 'manifest.json'), 'utf8'));
  const files = manifest.datasets.climate.files;
  db = await (await DuckDBInstance.create(':memory:')).connect();
  const catalog = (
    await db.runAndReadAll(`SELECT id, source_file, header_lat, station_index, hourly_file FROM read_parquet('${join(dataDir, files.stations.path)}')`)
  ).getRowObjectsJS() as unknown as Stored[];
  const rows = (await db.runAndReadAll(`SELECT * FROM read_parquet('${join(dataDir, files.solar_resource.path)}') ORDER BY id, month`)).getRowObjectsJS();
  for (const station of catalog) {
    const weather = FILES.find((file) => station.source_file.endsWith(`/${file}`))!;
    stored.set(weather, { ...station, rows: rows.filter((row) => row.id === station.id) as Stored['rows'] });
  }
  for (const weather of FILES) sites.set(weather, prepareSiteV8(await readWeatherFile(v8WeatherPath(cases.get(weather)!))));
});

test('the stored tilt at latitude is simulateV8’s solrad for a roof array at tilt |lat| facing the equator, on the file as read', { skip }, () => {
  assert.equal(stored.size, FILES.length);
  for (const weather of FILES) {
    const station = stored.get(weather)!;
    assert.equal(station.rows.length, 13, weather);
    const site = sites.get(weather)!;
    const system = latitudeTiltSystem(site.station.lat);
    assert.equal(system.array_type, 1);
    assert.equal(system.tilt, Math.abs(station.header_lat));
    assert.equal(system.azimuth, station.header_lat >= 0 ? 180 : 0);
    const result = simulateV8(system, site);
    assert.ok(result.ok, weather);
    assert.equal(station.rows[0]!.avg_lat_tilt, result.outputs.solrad_annual, `${weather} annual`);
    for (let m = 0; m < 12; m++) assert.equal(station.rows[m + 1]!.avg_lat_tilt, result.outputs.solrad_monthly[m], `${weather} month ${m + 1}`);
    assert.deepEqual(
      station.rows.map((row) => [row.tilt, row.azimuth]),
      Array(13).fill([system.tilt, system.azimuth]),
    );
    // the tilt matters: a horizontal plane's irradiance is the GHI, and at these latitudes a tilted one gets more in winter
    assert.ok(station.rows[1]!.avg_lat_tilt > station.rows[1]!.avg_ghi * 1.05, `${weather}: January tilted above horizontal`);
  }
});

test('planeOfArrayV8 equals the reference engine’s solrad on its fixed-array cases, and simulateV8’s', { skip }, () => {
  let compared = 0;
  for (const weather of FILES) {
    for (const reference of v8ReferenceCases(weather)) {
      if (reference.outputs === null || (reference.inputs.array_type !== 0 && reference.inputs.array_type !== 1)) continue;
      const system = v8System(reference.inputs);
      const site = sites.get(weather)!;
      const poa = planeOfArrayV8(system, site);
      assert.ok(poa.ok, `${weather} ${reference.label}`);
      // simulateV8 adds the module, whose solvers are most of a year's time: compared on the cases whose POA differs
      if (['fixed_roof', 'fixed_open_rack', 'albedo_monthly', 'soiling_docs', 'gcr_099_open_rack'].includes(reference.label)) {
        const full = simulateV8(system, site);
        assert.ok(full.ok);
        assert.deepEqual(poa.outputs.solrad_monthly, full.outputs.solrad_monthly, reference.label);
        assert.equal(poa.outputs.solrad_annual, full.outputs.solrad_annual, reference.label);
        assert.deepEqual(poa.outputs.poa_monthly, full.outputs.poa_monthly, reference.label);
      }
      const expected = reference.outputs;
      const close = (ours: number, theirs: number, what: string) =>
        assert.ok(Math.abs(ours - theirs) <= 1e-6 * Math.max(Math.abs(theirs), 1), `${weather} ${reference.label} ${what}: ${ours} vs engine ${theirs}`);
      close(poa.outputs.solrad_annual, expected.solrad_annual, 'solrad_annual');
      poa.outputs.solrad_monthly.forEach((value, m) => {
        close(value, expected.solrad_monthly[m]!, `solrad_monthly[${m}]`);
      });
      compared++;
    }
  }
  // 911820TYA and weather_noLineEnding each have their fixed-array cases (roof mount, open rack, bifacial, albedo, soiling)
  assert.ok(compared >= 40, `${compared} cases compared`);
});

test('DNI and GHI averages equal DuckDB’s monthly sums over the hourly Parquet', { skip }, async () => {
  for (const weather of FILES) {
    const station = stored.get(weather)!;
    const path = join(dataDir, manifest.datasets.climate.files[station.hourly_file].path);
    const sums = (
      await db.runAndReadAll(
        `SELECT month::INTEGER AS month, sum(CASE WHEN dni > 0 THEN dni::DOUBLE ELSE 0 END) AS dni, sum(CASE WHEN ghi > 0 THEN ghi::DOUBLE ELSE 0 END) AS ghi
         FROM read_parquet('${path}') WHERE station = ${station.station_index} GROUP BY ALL ORDER BY month`,
      )
    ).getRowObjectsJS() as Array<{ month: number; dni: number; ghi: number }>;
    assert.equal(sums.length, 12, weather);
    const dni = sums.map((row) => row.dni / 1000 / DAYS[row.month - 1]!);
    const ghi = sums.map((row) => row.ghi / 1000 / DAYS[row.month - 1]!);
    const close = (ours: number, theirs: number, what: string) =>
      assert.ok(Math.abs(ours - theirs) <= 1e-12 * theirs, `${weather} ${what}: ${ours} vs ${theirs}`);
    for (let m = 0; m < 12; m++) {
      close(station.rows[m + 1]!.avg_dni, dni[m]!, `dni ${m + 1}`);
      close(station.rows[m + 1]!.avg_ghi, ghi[m]!, `ghi ${m + 1}`);
    }
    close(station.rows[0]!.avg_dni, dni.reduce((a, b) => a + b) / 12, 'dni annual');
    close(station.rows[0]!.avg_ghi, ghi.reduce((a, b) => a + b) / 12, 'ghi annual');
    assert.ok(station.rows[0]!.avg_ghi > 3 && station.rows[0]!.avg_ghi < 8, `${weather}: a plausible annual GHI`);
  }
});
