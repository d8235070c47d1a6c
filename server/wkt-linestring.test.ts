import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readRoute } from './wkt-linestring.ts';

test('a LINESTRING of longitude latitude points, in any case and spacing, numbers as WKT writes them', () => {
  assert.deepEqual(readRoute('LINESTRING(-74.0 40.7, -87.63 41.87, -104.98 39.76)', 10), {
    points: [
      { longitude: -74, latitude: 40.7 },
      { longitude: -87.63, latitude: 41.87 },
      { longitude: -104.98, latitude: 39.76 },
    ],
  });
  assert.deepEqual(readRoute(' linestring (\n-71 42,-72.5e0 +43.25 ,.5 -0.5 ) ', 10), {
    points: [
      { longitude: -71, latitude: 42 },
      { longitude: -72.5, latitude: 43.25 },
      { longitude: 0.5, latitude: -0.5 },
    ],
  });
  assert.deepEqual(readRoute('LINESTRING(180 90, -180 -90.0)', 10), { problem: { kind: 'antipodes', index: 1 } });
});

test('what is not a LINESTRING of 2 to the most points is a problem, the first one found', () => {
  const problem = (text: string) => (readRoute(text, 3) as { problem: unknown }).problem;
  for (const text of [
    '',
    'POINT(1 2)',
    'LINESTRING EMPTY',
    'LINESTRING(1 2, 3 4',
    'LINESTRING(1 2, 3 4) x',
    'MULTILINESTRING((1 2, 3 4))',
    'LINESTRING((1 2, 3 4))',
  ])
    assert.deepEqual(problem(text), { kind: 'not-linestring' }, text);
  assert.deepEqual(problem('LINESTRING(1 2, 3 abc)'), { kind: 'point', index: 2, text: '3 abc' });
  assert.deepEqual(problem('LINESTRING(1 2 3, 3 4)'), { kind: 'point', index: 1, text: '1 2 3' });
  assert.deepEqual(problem('LINESTRING(-71abc 42, 1 2)'), { kind: 'point', index: 1, text: '-71abc 42' });
  assert.deepEqual(problem('LINESTRING(0x10 1, 1 2)'), { kind: 'point', index: 1, text: '0x10 1' });
  assert.deepEqual(problem('LINESTRING(NaN 1, 1 2)'), { kind: 'point', index: 1, text: 'NaN 1' });
  assert.deepEqual(problem('LINESTRING(1 2,, 3 4)'), { kind: 'point', index: 2, text: '' });
  assert.deepEqual(problem('LINESTRING(1 2, 181 4)'), { kind: 'range', index: 2, coordinate: 'longitude', value: 181 });
  assert.deepEqual(problem('LINESTRING(1 2, 1e999 4)'), { kind: 'range', index: 2, coordinate: 'longitude', value: Number.POSITIVE_INFINITY });
  assert.deepEqual(problem('LINESTRING(1 -90.5, 1 4)'), { kind: 'range', index: 1, coordinate: 'latitude', value: -90.5 });
  assert.deepEqual(problem('LINESTRING(1 2)'), { kind: 'too-few', count: 1 });
  assert.deepEqual(problem('LINESTRING(1 2, 3 4, 5 6, 7 8)'), { kind: 'too-many', count: 4, maximum: 3 });
});
