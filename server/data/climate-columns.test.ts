import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readColumns, recordMaker } from './climate-columns.ts';

async function* chunksOf(chunks: Array<Record<string, ArrayLike<unknown>>>) {
  yield* chunks;
}

test('every column gives back exactly the values read, in the narrowest array that holds them', async () => {
  // two chunks, as DuckDB hands them: numbers as doubles (NaN for null), coded values as codes (-1 for null), texts as texts
  const rows = {
    small: [1, -5, Number.NaN, 100],
    large: [70_000, -3, 2, 0],
    coordinate: [40.0125, -105.5, Number.NaN, 0],
    single: [Math.fround(0.1), 2.5, -7.25, 0],
    double: [0.1, -0, 1e300, 2],
    state: [0, 1, -1, 1],
    id: ['3-W105N040-W10502N4001', 'ünïcode', null, ''],
  };
  const chunk = (from: number, to: number) =>
    Object.fromEntries(
      Object.entries(rows).map(([name, values]) => [name, name === 'id' ? values.slice(from, to) : Float64Array.from(values.slice(from, to) as number[])]),
    );
  const { columns, doubles } = await readColumns(
    chunksOf([chunk(0, 3), chunk(3, 4)]),
    4,
    [
      ...['small', 'large', 'coordinate', 'single', 'double'].map((name) => ({ name, kind: 'number' as const })),
      { name: 'state', kind: 'coded', values: ['Colorado', 'Utah'] },
      { name: 'id', kind: 'text' },
    ],
    ['double'],
  );
  const kinds = Object.fromEntries([...columns].map(([name, column]) => [name, (column as unknown as { values: object }).values?.constructor.name]));
  assert.deepEqual(kinds, {
    small: 'Int8Array',
    large: 'Int32Array',
    coordinate: 'Int32Array',
    single: 'Float32Array',
    double: 'Float64Array',
    state: 'Array',
    id: undefined,
  });
  const expected = [
    { small: 1, large: 70_000, coordinate: 40.0125, single: Math.fround(0.1), double: 0.1, state: 'Colorado', id: '3-W105N040-W10502N4001' },
    { small: -5, large: -3, coordinate: -105.5, single: 2.5, double: -0, state: 'Utah', id: 'ünïcode' },
    { small: null, large: 2, coordinate: null, single: -7.25, double: 1e300, state: null, id: null },
    { small: 100, large: 0, coordinate: 0, single: 0, double: 2, state: 'Utah', id: '' },
  ];
  const record = recordMaker<Record<string, unknown>>(columns);
  for (const [row, want] of expected.entries()) {
    const view = record(row);
    for (const [name, value] of Object.entries(want)) {
      assert.ok(Object.is(columns.get(name)!.at(row), value), `${name} at ${row}: ${columns.get(name)!.at(row)}`);
      assert.ok(Object.is(view[name], value), `the record's ${name} at ${row}`);
    }
  }
  assert.deepEqual([...doubles.get('double')!], rows.double);
});

test('a column equal to another is that column', async () => {
  const { columns } = await readColumns(
    chunksOf([{ lat: Float64Array.of(1.5, 2.25), header_lat: Float64Array.of(1.5, 2.25), other: Float64Array.of(1.5, 2.5) }]),
    2,
    ['lat', 'header_lat', 'other'].map((name) => ({ name, kind: 'number' as const })),
    [],
  );
  assert.equal(columns.get('lat'), columns.get('header_lat'));
  assert.notEqual(columns.get('lat'), columns.get('other'));
});

test('texts in order are kept front-coded, and read back exactly across its blocks', async () => {
  const ids = Array.from({ length: 100 }, (_, i) => (i === 40 ? null : `3-W105N040-W10502N${String(4001 + i * 3).padStart(4, '0')}${i % 7 === 0 ? 'é' : ''}`));
  ids[41] = '3-W105N040-W10502N41';
  const { columns } = await readColumns(chunksOf([{ id: ids.slice(0, 33) }, { id: ids.slice(33) }]), ids.length, [{ name: 'id', kind: 'text' }], []);
  const column = columns.get('id')!;
  assert.equal(column.constructor.name, 'FrontCodedTexts');
  assert.deepEqual(
    ids.map((_, row) => column.at(row)),
    ids,
  );
  // texts that share little are kept whole
  const { columns: whole } = await readColumns(chunksOf([{ id: ['a', 'b', 'c'] }]), 3, [{ name: 'id', kind: 'text' }], []);
  assert.equal(whole.get('id')!.constructor.name, 'JoinedTexts');
});
