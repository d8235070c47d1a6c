// The estimator's numbers on real weather: the ten weather files of the test data's pvwatts/weather (docs/test-data.md §2.5) built
// through the pipeline's climate source layout (climate/tmy2, tmy3, intl, nsrdb), then every
// reference case of the test data's pvwatts/reference (§2.6) asked of /api/pvwatts/v6 by file_id. Each answer
// must equal `simulate` run directly on the file as the weather reader reads it (an independent
// path: no Parquet, no cache), and the reference engine's outputs within the reference test's
// tolerance; station_info must be the reference's.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { readWeatherFile } from '../pipeline/readers/weather/index.ts';
import { prepareSite, simulate, type PvSystem } from '../pv/v5/index.ts';
import { startTestServer, temporaryDir, withKey, buildQuietly, type TestServer } from './support/helpers.ts';
import {
  hourlyError,
  linkWeatherSources,
  readReferenceCases,
  skipWithoutReference,
  REFERENCE_TOLERANCE,
  summaryError,
  WEATHER_SOURCE_FOLDERS,
  weatherDir,
} from '../harness/pv-v5-reference-cases.ts';

const skip = skipWithoutReference;

let server: TestServer;

before(async () => {
  if (skip) return;
  const source = temporaryDir('pvwatts-source');
  linkWeatherSources(source);
  const dataDir = temporaryDir('pvwatts-real');
  await buildQuietly({ outDir: dataDir, sourceDir: source });
  server = await startTestServer(dataDir);
});

after(async () => {
  await server?.dispose();
});

/** The query of a reference case; array type 4 has no tilt or azimuth in ssc, but the API requires them (unused). */
function queryOf(inputs: PvSystem, hourly: boolean): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries({ tilt: 0, azimuth: 180, ...inputs })) params.set(name, String(value));
  if (hourly) params.set('timeframe', 'hourly');
  return params.toString();
}

test('every reference case through the endpoint: simulate’s own numbers, within 1e-6 of the reference engine, with its station_info', { skip }, async (t) => {
  const stations = server.data.dataSet.climate.stations;
  let cases = 0;
  let worstMonthly = 0;
  let worstHourly = 0;
  for (const { weatherName, cases: references } of readReferenceCases()) {
    const folder = WEATHER_SOURCE_FOLDERS[weatherName];
    assert.ok(folder, `${weatherName} has a source folder`);
    const station = stations.find((candidate) => candidate.source_file === `climate/${folder}/${weatherName}`);
    assert.ok(station, `a station was built from ${weatherName}`);
    assert.equal(station.dataset, folder);
    const site = prepareSite(await readWeatherFile(join(weatherDir, weatherName)));
    await t.test(weatherName, async () => {
      for (const reference of references) {
        const expected = reference.outputs;
        assert.ok(expected, `${reference.label}: the reference engine ran`);
        const hourly = Array.isArray(expected.ac);
        const response = await server.get(
          withKey(`/api/pvwatts/v6.json?file_id=${encodeURIComponent(station.id)}&${queryOf(reference.inputs, hourly)}`, server.key),
        );
        const answer = (await response.json()) as any;
        assert.equal(response.status, 200, `${reference.label}: ${JSON.stringify(answer.errors)}`);
        cases++;

        // station_info: ssc's header values as the reference reports them; nsrdb as the real service printed it
        const { solar_resource_file: referenceFile, ...header } = reference.station_info;
        const info = answer.station_info;
        assert.equal(info.solar_resource_file, referenceFile);
        assert.equal(info.distance, 0);
        for (const key of ['lat', 'lon', 'elev', 'tz']) assert.equal(info[key], header[key], key);
        if (folder === 'nsrdb') assert.deepEqual([info.location, info.city, info.state], ['None', station.city, station.state]);
        else assert.deepEqual([info.location, info.city, info.state], [header.location, header.city, header.state]);

        // the same numbers as simulate on the file as read (JSON round-trips doubles exactly, but
        // writes -0 as 0: a weather file's "-0" irradiance)
        const direct = simulate({ tilt: 0, azimuth: 180, ...reference.inputs }, site, { hourly });
        assert.ok(direct.ok);
        for (const [name, value] of Object.entries(direct.outputs)) {
          const values = typeof value === 'number' ? [value] : Array.from(value as ArrayLike<number>);
          const ours = ([] as Array<number | null>).concat(answer.outputs[name]);
          assert.deepEqual(
            ours,
            values.map((v) => (Number.isNaN(v) ? null : v === 0 ? 0 : v)),
            `${reference.label} ${name}`,
          );
        }

        // the reference engine's numbers, within the reference test's tolerance
        for (const [name, value] of Object.entries(expected)) {
          const ours = ([] as number[]).concat(answer.outputs[name]);
          const theirs = ([] as number[]).concat(value);
          assert.equal(ours.length, theirs.length, `${reference.label} ${name}`);
          const perHour = theirs.length > 12;
          for (let i = 0; i < theirs.length; i++) {
            const error = perHour ? hourlyError(ours[i]!, theirs[i]!) : summaryError(ours[i]!, theirs[i]!);
            if (perHour) worstHourly = Math.max(worstHourly, error);
            else worstMonthly = Math.max(worstMonthly, error);
            assert.ok(error <= REFERENCE_TOLERANCE, `${reference.label} ${name}[${i}]: ${ours[i]} vs ${theirs[i]}`);
          }
        }
      }
    });
  }
  assert.equal(cases, 410);
  t.diagnostic(`${cases} cases; worst relative error: monthly/annual ${worstMonthly.toExponential(2)}, hourly ${worstHourly.toExponential(2)}`);
});

test('lat/lon: Miami’s base case from the tmy2 station nearest its coordinates, within 1e-6 of the reference', { skip }, async () => {
  const reference = readReferenceCases('12839.tm2')[0]!.cases[0]!;
  assert.equal(reference.label, 'base_fixed_open_rack');
  const response = await server.get(withKey(`/api/pvwatts/v6.json?lat=25.79&lon=-80.27&dataset=tmy2&${queryOf(reference.inputs, false)}`, server.key));
  const answer = (await response.json()) as any;
  assert.equal(response.status, 200, JSON.stringify(answer.errors));
  assert.equal(answer.station_info.location, '12839');
  assert.equal(answer.station_info.solar_resource_file, '12839.tm2');
  assert.ok(answer.station_info.distance > 0 && answer.station_info.distance < 2000, String(answer.station_info.distance));
  const expected = reference.outputs!.ac_monthly as number[];
  for (const [month, value] of (answer.outputs.ac_monthly as number[]).entries()) {
    assert.ok(summaryError(value, expected[month]!) <= REFERENCE_TOLERANCE, `${month}: ${value} vs ${expected[month]}`);
  }
  assert.ok(summaryError(answer.outputs.ac_annual, reference.outputs!.ac_annual as number) <= REFERENCE_TOLERANCE);
});
