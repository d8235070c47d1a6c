// Every case of the reference engine (ssc 2018.11.11.r4, ../shared/pvwatts/reference/*.jsonl)
// against the weather readers + model: monthly and annual outputs within 1e-6 relative (|x| ≤ 1e-9
// where the reference is 0, NaN equal to NaN), hourly arrays within 1e-6 × max(|ref|, 1), and the
// station information exactly. Prints the worst error per output.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { readWeatherFile } from '../../pipeline/readers/weather/index.ts';
import { prepareSite, simulate } from '../../server/pv/index.ts';
import { hourlyError, readReferenceCases, skipWithoutReference, REFERENCE_TOLERANCE, summaryError, weatherDir } from './reference-cases.ts';

interface Worst {
  error: number;
  where: string;
}

test('PVWatts v5 reproduces every reference case', { skip: skipWithoutReference }, async (t) => {
  const worst = new Map<string, Worst>();
  const worstSoFar = (output: string) => worst.get(output)?.error ?? -1;
  const note = (output: string, error: number, where: string) => {
    const current = worst.get(output);
    if (current === undefined || error > current.error) worst.set(output, { error, where });
  };
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
          const outputs = result.outputs as unknown as Record<string, number | ArrayLike<number>>;
          for (const [name, value] of Object.entries(expected)) {
            const actual = outputs[name];
            assert.ok(actual !== undefined, `missing output ${name}`);
            const where = `${weatherName} ${reference.label}`;
            if (typeof value === 'number') {
              const error = summaryError(actual as number, value);
              note(name, error, where);
              assert.ok(error <= REFERENCE_TOLERANCE, `${name}: ${actual} vs ${value}`);
              continue;
            }
            const values = actual as ArrayLike<number>;
            assert.equal(values.length, value.length, `${name} length`);
            const perValue = value.length === 12 ? summaryError : hourlyError;
            for (let i = 0; i < value.length; i++) {
              const error = perValue(values[i]!, value[i]!);
              if (error > worstSoFar(name)) note(name, error, `${where} [${i}]`);
              if (!(error <= REFERENCE_TOLERANCE)) assert.fail(`${name}[${i}]: ${values[i]} vs ${value[i]}`);
            }
          }
        });
      }
    });
  }

  t.diagnostic(`${cases} reference cases; worst error per output (relative; hourly: |Δ|/max(|ref|, 1)):`);
  for (const [name, { error, where }] of [...worst].sort(([a], [b]) => a.localeCompare(b))) {
    t.diagnostic(`  ${name.padEnd(16)} ${error.toExponential(2).padStart(9)}  ${where}`);
  }
});
