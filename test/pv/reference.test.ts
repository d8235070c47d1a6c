// Every case of the reference engine (ssc 2018.11.11.r4, the test data's pvwatts/reference/*.jsonl: docs/test-data.md §2.6)
// against the weather readers + model: monthly and annual outputs within 1e-6 relative (|x| ≤ 1e-9
// where the reference is 0, NaN equal to NaN), hourly arrays within 1e-6 × max(|ref|, 1), and the
// station information exactly. Prints the worst error per output.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { readWeatherFile } from '../../pipeline/readers/weather/index.ts';
import { prepareSite, simulate } from '../../pv/v5/index.ts';
import { assertOutputsMatch, readReferenceCases, skipWithoutReference, weatherDir, WorstErrors } from '../../harness/pv-v5-reference-cases.ts';

test('PVWatts v5 reproduces every reference case', { skip: skipWithoutReference }, async (t) => {
  const worst = new WorstErrors();
  let cases = 0;
  const referenceFiles = readReferenceCases();
  assert.ok(referenceFiles.length > 0, 'no reference files');

  for (const { weatherName, cases: references } of referenceFiles) {
    await t.test(weatherName, async (t) => {
      const site = prepareSite(await readWeatherFile(join(weatherDir, weatherName)));
      for (const reference of references) {
        cases++;
        await t.test(reference.label, () => {
          const expected = reference.outputs;
          const hourly = expected !== null && Array.isArray(expected.ac);
          const result = simulate(reference.inputs, site, { hourly });
          if (expected === null) {
            assert.equal(result.ok, false);
            if (!result.ok) assert.equal(result.error, reference.error);
            return;
          }
          assert.ok(result.ok, result.ok ? '' : result.error);
          const { solar_resource_file: _file, ...station } = reference.station_info;
          assert.deepEqual(result.station, station);
          assertOutputsMatch(expected, result.outputs as unknown as Record<string, ArrayLike<number>>, `${weatherName} ${reference.label}`, worst);
        });
      }
    });
  }

  t.diagnostic(`${cases} reference cases; worst error per output (relative; hourly: |Δ|/max(|ref|, 1)):`);
  for (const line of worst.lines()) t.diagnostic(line);
});
