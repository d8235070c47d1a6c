import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatFloat, formatFloatDigits } from './numbers.ts';

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

test('floats with 16 significant digits print as the PVWatts v8 JSON example does (its XML shows the same doubles shortest)', () => {
  // pairs of the example's JSON and XML texts of one value
  const pairs = [
    ['321.3271515621691', '321.32715156216915'],
    ['461.0094975545317', '461.00949755453166'],
    ['40.44452828685269', '40.444528286852695'],
    ['144.41773091741', '144.41773091741'],
    ['3.604988741329917', '3.6049887413299166'],
    ['-105.2600021362305', '-105.26000213623047'],
    ['1635.640014648438', '1635.6400146484375'],
    ['40.0099983215332', '40.0099983215332'],
  ];
  for (const [json, xml] of pairs) {
    assert.equal(formatFloat(Number(xml)), xml);
    assert.equal(formatFloatDigits(Number(xml), 16), json);
  }
  assert.equal(formatFloatDigits(-7, 16), '-7.0');
  assert.equal(formatFloatDigits(0, 16), '0.0');
  assert.equal(formatFloatDigits(Number.NaN, 16), null);
});
