import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatFloat } from './numbers.ts';

test('floats print as Ruby and Python print them: shortest round-trip text, .0 when integral', () => {
  assert.equal(formatFloat(-7), '-7.0');
  assert.equal(formatFloat(40), '40.0');
  assert.equal(formatFloat(0), '0.0');
  assert.equal(formatFloat(Math.fround(474.4326171875)), '474.4326171875');
  assert.equal(formatFloat(Math.fround(40.01)), '40.0099983215332');
  assert.equal(formatFloat(0.92673), '0.92673');
  assert.equal(formatFloat(1e21), '1e+21');
  assert.equal(formatFloat(Number.NaN), null);
  assert.equal(formatFloat(Infinity), null);
});
