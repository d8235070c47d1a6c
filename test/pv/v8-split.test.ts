// A PVWatts v8 run whose records are independent (monofacial fixed and 2-axis arrays) gives the same
// outputs, to the bit, when its records' power is computed in parts, in any order, each part with a
// model of its own: what lets a lone estimate use a second core (docs/pv-model.md §18). On every
// reference case of two real weather files.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readWeatherFile } from '../../pipeline/readers/weather/index.ts';
import { prepareSiteV8, simulateV8 } from '../../pv/v8/index.ts';
import { beginV8, endV8, type PvResultV8, recordsIndependentV8, recordsPowerV8 } from '../../pv/v8/simulate.ts';
import { skipWithoutV8Weather, v8ReferenceCases, v8System, v8WeatherPath } from '../../harness/pv-v8-reference-cases.ts';

const FILES = ['911820TYA.CSV.gz', 'phoenix_az_33.450495_-111.983688_psmv3_60_tmy.csv'];

/** A result's every number as bytes, with its status, error and warnings. */
function bytesOf(result: PvResultV8): string {
  const parts: string[] = [JSON.stringify({ ok: result.ok, error: 'error' in result ? result.error : null, warnings: result.warnings })];
  if (result.ok)
    for (const [name, value] of Object.entries(result.outputs)) {
      const numbers = ArrayBuffer.isView(value) ? (value as Float64Array) : Float64Array.from([value as number].flat());
      parts.push(`${name}:${Buffer.from(numbers.buffer, numbers.byteOffset, numbers.byteLength).toString('base64')}`);
    }
  return parts.join('\n');
}

test('records computed in three parts, by two models, the last part first, give every output of an independent run to the bit', {
  skip: skipWithoutV8Weather,
}, async () => {
  const arrayTypes = new Set<number>();
  let split = 0;
  for (const file of FILES) {
    const cases = [...v8ReferenceCases(file)];
    assert.ok(cases.length > 0, `no reference case on ${file}`);
    const site = prepareSiteV8(await readWeatherFile(v8WeatherPath(cases[0]!)));
    for (const reference of cases) {
      const system = v8System(reference.inputs);
      if (!recordsIndependentV8(system)) continue;
      const begun = beginV8(system, site);
      if (!('arrays' in begun)) continue;
      const n = site.records;
      const [a, b] = [Math.floor(n / 3), Math.floor((2 * n) / 3)];
      // one model takes the last part and then the first (as a thread claims blocks), another the middle
      const lastThenFirst = recordsPowerV8(system, site, begun.arrays, [
        [b, n],
        [0, a],
      ]);
      const middle = recordsPowerV8(system, site, begun.arrays, [[a, b]]);
      const parts = endV8(site, begun, lastThenFirst ?? middle, true);
      assert.equal(bytesOf(parts), bytesOf(simulateV8(system, site, { hourly: true })), reference.label);
      arrayTypes.add(system.array_type);
      split++;
    }
  }
  assert.deepEqual([...arrayTypes].sort(), [0, 1, 4], 'every independent array type');
  assert.ok(split >= 20, `${split} runs split`);
});
