// The CSV writer against csv-stringify, the package it replaced on the hot path (csv.ts says why):
// the same bytes for any cells, headers and field columns included.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { stringify } from 'csv-stringify/sync';
import fc from 'fast-check';
import { type CsvCell, type CsvColumn, csvHeader, csvRows } from './csv.ts';

const stringifyOptions = { cast: { boolean: (value: boolean) => (value ? 'true' : 'false') } };
const asCsvStringify = (rows: CsvCell[][]) => stringify(rows, stringifyOptions);

/** Text that needs quoting and text that does not, unicode and lone surrogates among it. */
const awkwardText = fc.oneof(
  fc.string({ unit: fc.constantFrom('a', ' ', ',', '"', '\n', '\r', ';', '\t', 'é', '𝄞', '\ud800', '=') }),
  fc.string(),
  fc.constant(''),
);
const cell: fc.Arbitrary<CsvCell> = fc.oneof(awkwardText, fc.double(), fc.integer(), fc.boolean(), fc.constant(null), fc.constant(undefined));

test('rows: the bytes csv-stringify writes, for any cells read by value functions', () => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 6 }), fc.array(fc.array(cell, { minLength: 6, maxLength: 6 }), { maxLength: 20 }), (width, rows) => {
      const cells = rows.map((row) => row.slice(0, width));
      const columns: CsvColumn<CsvCell[]>[] = Array.from({ length: width }, (_, i) => ({ header: `c${i}`, value: (row) => row[i] }));
      assert.equal(csvRows(columns as CsvColumn[], cells), rows.length === 0 ? '' : asCsvStringify(cells));
    }),
  );
});

test('rows: a field column writes the record field of its name, as a value function reading it would', () => {
  fc.assert(
    fc.property(
      fc.array(fc.record({ name: awkwardText, count: fc.oneof(fc.integer(), fc.constant(null)), open: fc.boolean() }), { maxLength: 20 }),
      (records) => {
        const columns: CsvColumn[] = [
          { header: 'Name', field: 'name' },
          { header: 'Count', field: 'count' },
          { header: 'Open', value: (record) => (record as { open: boolean }).open },
        ];
        const expected = records.length === 0 ? '' : asCsvStringify(records.map((record) => [record.name, record.count, record.open]));
        assert.equal(csvRows(columns, records), expected);
      },
    ),
  );
});

test('header: the headers as a row, quoted as csv-stringify quotes them', () => {
  const headers = ['ID', 'Distance (km)', 'Name, "short"', 'Line\nbreak'];
  assert.equal(csvHeader(headers.map((header) => ({ header, field: header }))), asCsvStringify([headers]));
});
