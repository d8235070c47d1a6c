// Every case of the PVWatts v8 reference engine (ssc pvwattsv8 at 2025.4.16.r0.ssc.302, built from
// source: test/pv/v8-reference/README.md), twice:
// - the model: simulateV8 on the weather file as the reader reads it, against the engine: monthly and
//   annual outputs within 1e-6 relative, hourly arrays within 1e-6 × max(|ref|, 1), ssc's errors,
//   warnings and station information exactly;
// - through HTTP: the 14 real weather files built through the pipeline's climate source layout
//   (climate/tmy2, tmy3, intl, nsrdb), then cases asked of /api/pvwatts/v8 by file_id (the
//   station's solar dataset query v2 id). Each answer must be the model's own numbers just computed
//   (an independent path: no Parquet, no cache; JSON writes 16 significant digits), so within the
//   same tolerance of the engine; station_info must be ssc's.
//   The endpoint's estimate is the model run on the site the server prepared from Parquet with the
//   system it parsed from the query. So the site is compared with the file's, every array to the
//   bit; and the cases asked are a cover (`httpCover`): every weather file with every array type,
//   monofacial and bifacial, monthly and hourly, refused or not, and every value of every input.
//   Every other case's answer follows from those two (about a quarter of the cases; asking all 784
//   took half of the file's time).
// Prints the worst error per output of each.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { readWeatherFile } from '../pipeline/readers/weather/index.ts';
import type { ClimateStation } from '../server/data/climate.ts';
import { simulateV8, prepareSiteV8, type SiteV8 } from '../pv/v8/index.ts';
import { pvwattsV8 } from '../server/data/pv-models.ts';
import { assertOutputsMatch, WorstErrors } from '../harness/pv-v5-reference-cases.ts';
import {
  linkV8WeatherSources,
  readV8ReferenceFiles,
  skipWithoutV8Weather,
  v8SourceFolder,
  v8System,
  v8WeatherPath,
  type V8Inputs,
  type V8ReferenceCase,
} from '../harness/pv-v8-reference-cases.ts';
import { buildQuietly, startTestServer, temporaryDir, withKey, type TestServer } from './support/helpers.ts';

const skip = skipWithoutV8Weather;
let server: TestServer;

before(async () => {
  if (skip) return;
  const source = temporaryDir('pvwatts-v8-source');
  linkV8WeatherSources(source);
  const dataDir = temporaryDir('pvwatts-v8-real');
  await buildQuietly({ outDir: dataDir, sourceDir: source });
  server = await startTestServer(dataDir);
});

after(async () => {
  await server?.dispose();
});

/** The query of a case; array type 4 has no tilt or azimuth in ssc, but the API requires them (unused). */
function queryOf(inputs: V8Inputs, hourly: boolean): string {
  const { adjust_constant: _availability, ...parameters } = inputs;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries({ tilt: 0, azimuth: 180, ...parameters }))
    params.set(name, Array.isArray(value) ? value.join('|') : String(value));
  if (hourly) params.set('timeframe', 'hourly');
  return params.toString();
}

/** What decides how a case runs: its weather file, array type, faces, timeframe and whether ssc refused it. */
function runKind(reference: V8ReferenceCase): string {
  const { array_type: arrayType, bifaciality } = reference.inputs;
  return [reference.weather, arrayType, Number(bifaciality ?? 0) > 0, reference.outputs?.ac !== undefined, reference.outputs === null].join('|');
}

/**
 * The cases asked through HTTP, in their files' order: each that brings a run kind (`runKind`) or an
 * input value not asked yet.
 */
function httpCover(references: V8ReferenceCase[]): Set<V8ReferenceCase> {
  const seen = new Set<string>();
  const cover = new Set<V8ReferenceCase>();
  for (const reference of references) {
    const keys = [runKind(reference), ...Object.entries(reference.inputs).map(([name, value]) => `${name}=${JSON.stringify(value)}`)];
    if (keys.every((key) => seen.has(key))) continue;
    for (const key of keys) seen.add(key);
    cover.add(reference);
  }
  return cover;
}

/** Fails unless the two prepared sites hold the same values, every array to the bit; station fields apart (asserted per case). */
function assertSameSite(actual: SiteV8, expected: SiteV8, label: string): void {
  for (const [name, value] of Object.entries(expected)) {
    if (name === 'station') continue;
    const other = (actual as unknown as Record<string, unknown>)[name];
    if (ArrayBuffer.isView(value)) {
      assert.ok(ArrayBuffer.isView(other) && other.constructor === value.constructor, `${label}: ${name} is not a ${value.constructor.name}`);
      const bytes = (view: ArrayBufferView) => Buffer.from(view.buffer, view.byteOffset, view.byteLength);
      assert.ok(bytes(other).equals(bytes(value)), `${label}: ${name} differs from the file's`);
    } else assert.deepEqual(other, value, `${label}: ${name}`);
  }
}

/** A double as the JSON answer writes it: 16 significant digits (the v8 documentation's JSON), null for NaN. */
function as16Digits(value: number): number | null {
  return Number.isNaN(value) ? null : value === 0 ? 0 : Number(value.toPrecision(16));
}

test('every v8 reference case of ssc 2025.4.16: the model within its tolerance, and the endpoint giving the model’s own numbers', { skip }, async (t) => {
  const stations = server.data.dataSet.climate.stations;
  const worstModel = new WorstErrors();
  const worstHttp = new WorstErrors();
  let cases = 0;
  let refused = 0;
  let asked = 0;
  const sites = new Map<string, SiteV8>();
  const files = readV8ReferenceFiles();
  assert.ok(files.length > 0, 'no reference files');
  const cover = httpCover(files.flatMap(({ cases }) => cases));
  for (const { file, cases: references } of files) {
    await t.test(file, async (t) => {
      for (const reference of references) {
        const folder = v8SourceFolder(reference.weather);
        const station: ClimateStation | undefined = stations.find((candidate) => candidate.source_file === `climate/${folder}/${reference.weather}`);
        assert.ok(station, `a station was built from ${reference.weather}`);
        const path = v8WeatherPath(reference);
        let site = sites.get(path);
        if (site === undefined) {
          site = prepareSiteV8(await readWeatherFile(path));
          sites.set(path, site);
          // the site the endpoint runs on: the station's weather read from Parquet and prepared
          assertSameSite((await server.data.dataSet.pvSites.entry(station, pvwattsV8)).site, site, reference.weather);
        }
        cases++;
        await t.test(reference.label, async () => {
          const expected = reference.outputs;
          const hourly = expected?.ac !== undefined;
          // the model, on the file as read (array type 4 ignores the tilt and azimuth the API requires)
          const direct = simulateV8(v8System({ tilt: 0, azimuth: 180, ...reference.inputs }), site, { hourly });
          if (expected === null) assert.deepEqual(direct.ok ? undefined : direct.error, reference.error);
          else {
            assert.ok(direct.ok, direct.ok ? '' : direct.error);
            assert.deepEqual(direct.warnings, reference.warnings);
            assert.deepEqual(direct.station, reference.station_info);
            assertOutputsMatch(expected, direct.outputs as unknown as Record<string, ArrayLike<number>>, `${reference.weather} ${reference.label}`, worstModel);
          }

          // the endpoint
          if (!cover.has(reference)) return;
          asked++;
          const response = await server.get(
            withKey(`/api/pvwatts/v8.json?file_id=${encodeURIComponent(station.id_v2)}&${queryOf(reference.inputs, hourly)}`, server.key),
          );
          const answer = (await response.json()) as any;
          if (expected === null) {
            // ssc refused the case (a gcr beyond its bounds): the API's own check refuses it first
            assert.equal(response.status, 422, reference.label);
            assert.ok(answer.errors.length > 0);
            refused++;
            return;
          }
          assert.equal(response.status, 200, `${reference.label}: ${JSON.stringify(answer.errors)}`);
          assert.deepEqual(answer.warnings, reference.warnings, reference.label);

          const info = answer.station_info;
          for (const key of ['lat', 'lon', 'elev', 'tz'] as const) assert.equal(info[key], as16Digits(reference.station_info![key]), key);
          assert.equal(info.location, reference.station_info!.location);
          if (folder === 'nsrdb') assert.deepEqual([info.city, info.state], [station.city, station.state]);
          else assert.deepEqual([info.city, info.state], [reference.station_info!.city, reference.station_info!.state]);
          assert.equal(info.solar_resource_file, reference.weather.replace(/\.gz$/, ''));
          assert.equal(info.weather_data_source, station.weather_data_source);

          if (!direct.ok) return;
          for (const [name, value] of Object.entries(direct.outputs)) {
            const values = typeof value === 'number' ? [value] : Array.from(value as ArrayLike<number>);
            assert.deepEqual(([] as Array<number | null>).concat(answer.outputs[name]), values.map(as16Digits), `${reference.label} ${name}`);
          }
          assertOutputsMatch(expected, answer.outputs, `${reference.weather} ${reference.label}`, worstHttp);
        });
      }
    });
  }
  assert.equal(cases, 784);
  t.diagnostic(`${cases} reference cases; worst error per output of the model (relative; hourly: |Δ|/max(|ref|, 1)):`);
  for (const line of worstModel.lines()) t.diagnostic(line);
  assert.equal(asked, cover.size);
  t.diagnostic(
    `${asked} cases through HTTP (${refused} refused as ssc refused them), covering ${new Set([...cover].map(runKind)).size} run kinds; worst error per output:`,
  );
  for (const line of worstHttp.lines()) t.diagnostic(line);
});
