// PVWatts v8's numbers through HTTP: the 14 real weather files of the v8 reference cases built
// through the pipeline's climate source layout (climate/tmy2, tmy3, intl, nsrdb), then every case of
// test/pv/v8-reference asked of /api/pvwatts/v8 by file_id (the station's solar dataset query v2
// id). Each answer must equal simulateV8 run directly on the file as the weather reader reads it (an
// independent path: no Parquet, no cache; JSON writes 16 significant digits), and the reference
// engine's outputs within the reference test's tolerance; station_info must be ssc's.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { readWeatherFile } from '../pipeline/readers/weather/index.ts';
import type { ClimateStation } from '../server/data/climate.ts';
import { simulateV8, prepareSiteV8, type SiteV8 } from '../pv/v8/index.ts';
import { assertOutputsMatch, WorstErrors } from '../harness/pv-v5-reference-cases.ts';
import {
  linkV8WeatherSources,
  readV8ReferenceFiles,
  skipWithoutV8Weather,
  v8SourceFolder,
  v8System,
  v8WeatherPath,
  type V8Inputs,
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

/** A double as the JSON answer writes it: 16 significant digits (the v8 documentation's JSON), null for NaN. */
function as16Digits(value: number): number | null {
  return Number.isNaN(value) ? null : value === 0 ? 0 : Number(value.toPrecision(16));
}

test('every v8 reference case through the endpoint: simulateV8’s own numbers, within 1e-6 of the reference engine, with its station_info', {
  skip,
}, async (t) => {
  const stations = server.data.dataSet.climate.stations;
  const worst = new WorstErrors();
  let cases = 0;
  let refused = 0;
  const sites = new Map<string, SiteV8>();
  for (const { file, cases: references } of readV8ReferenceFiles()) {
    await t.test(file, async () => {
      for (const reference of references) {
        const folder = v8SourceFolder(reference.weather);
        const station: ClimateStation | undefined = stations.find((candidate) => candidate.source_file === `climate/${folder}/${reference.weather}`);
        assert.ok(station, `a station was built from ${reference.weather}`);
        const expected = reference.outputs;
        const hourly = expected?.ac !== undefined;
        const response = await server.get(
          withKey(`/api/pvwatts/v8.json?file_id=${encodeURIComponent(station.id_v2)}&${queryOf(reference.inputs, hourly)}`, server.key),
        );
        const answer = (await response.json()) as any;
        cases++;
        if (expected === null) {
          // ssc refused the case (a gcr beyond its bounds): the API's own check refuses it first
          assert.equal(response.status, 422, reference.label);
          assert.ok(answer.errors.length > 0);
          refused++;
          continue;
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

        // the same numbers as simulateV8 on the file as read
        const path = v8WeatherPath(reference);
        let site = sites.get(path);
        if (site === undefined) {
          site = prepareSiteV8(await readWeatherFile(path));
          sites.set(path, site);
        }
        const direct = simulateV8(v8System({ tilt: 0, azimuth: 180, ...reference.inputs }), site, { hourly });
        assert.ok(direct.ok);
        for (const [name, value] of Object.entries(direct.outputs)) {
          const values = typeof value === 'number' ? [value] : Array.from(value as ArrayLike<number>);
          assert.deepEqual(([] as Array<number | null>).concat(answer.outputs[name]), values.map(as16Digits), `${reference.label} ${name}`);
        }

        assertOutputsMatch(expected, answer.outputs, `${reference.weather} ${reference.label}`, worst);
      }
    });
  }
  assert.equal(cases, 784);
  t.diagnostic(`${cases} cases through HTTP (${refused} refused as ssc refused them); worst error per output (relative; hourly: |Δ|/max(|ref|, 1)):`);
  for (const line of worst.lines()) t.diagnostic(line);
});
