// Every case of the PVWatts v8 reference engine (ssc pvwattsv8 at 2025.4.16.r0.ssc.302, built from
// source: test/pv/v8-reference/README.md) against the weather readers + the v8 model: monthly and
// annual outputs within 1e-6 relative, hourly arrays within 1e-6 × max(|ref|, 1), ssc's errors,
// warnings and station information exactly. Prints the worst error per output.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readWeatherFile } from '../../pipeline/readers/weather/index.ts';
import { prepareSiteV8, simulateV8 } from '../../pv/v8/index.ts';
import { assertOutputsMatch, WorstErrors } from '../../harness/pv-v5-reference-cases.ts';
import { readV8ReferenceFiles, skipWithoutV8Weather, v8System, v8WeatherPath } from '../../harness/pv-v8-reference-cases.ts';

test('PVWatts v8 reproduces every reference case of ssc 2025.4.16', { skip: skipWithoutV8Weather }, async (t) => {
  const worst = new WorstErrors();
  let cases = 0;
  const files = readV8ReferenceFiles();
  assert.ok(files.length > 0, 'no reference files');
  const sites = new Map<string, ReturnType<typeof prepareSiteV8>>();

  for (const { file, cases: references } of files) {
    await t.test(file, async (t) => {
      for (const reference of references) {
        const path = v8WeatherPath(reference);
        let site = sites.get(path);
        if (site === undefined) {
          site = prepareSiteV8(await readWeatherFile(path));
          sites.set(path, site);
        }
        cases++;
        await t.test(reference.label, () => {
          const expected = reference.outputs;
          const result = simulateV8(v8System(reference.inputs), site, { hourly: expected?.ac !== undefined });
          if (expected === null) {
            assert.equal(result.ok, false);
            if (!result.ok) assert.equal(result.error, reference.error);
            return;
          }
          assert.ok(result.ok, result.ok ? '' : result.error);
          assert.deepEqual(result.warnings, reference.warnings);
          assert.deepEqual(result.station, reference.station_info);
          assertOutputsMatch(expected, result.outputs as unknown as Record<string, ArrayLike<number>>, `${reference.weather} ${reference.label}`, worst);
        });
      }
    });
  }

  t.diagnostic(`${cases} reference cases; worst error per output (relative; hourly: |Δ|/max(|ref|, 1)):`);
  for (const line of worst.lines()) t.diagnostic(line);
});
