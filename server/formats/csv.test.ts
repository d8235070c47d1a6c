// The CSV writer against csv-stringify, the package it replaced on the hot path (csv.ts says why):
// the same bytes for any cells, headers and field columns included. The rows come as UTF-8 bytes,
// compared with csv-stringify's text as the socket would encode it (a lone surrogate as U+FFFD).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { stringify } from 'csv-stringify/sync';
import fc from 'fast-check';
import { type CsvCell, type CsvColumn, csvHeader, csvRows, exportTimestamp } from './csv.ts';
import { formatFloat } from './numbers.ts';

const stringifyOptions = { cast: { boolean: (value: boolean) => (value ? 'true' : 'false') } };
const asCsvStringify = (rows: CsvCell[][]) => stringify(rows, stringifyOptions);
const asBytes = (rows: CsvCell[][]) => Buffer.from(rows.length === 0 ? '' : asCsvStringify(rows));

/** Text that needs quoting and text that does not, unicode and lone surrogates among it. */
const awkwardText = fc.oneof(
  fc.string({ unit: fc.constantFrom('a', ' ', ',', '"', '\n', '\r', ';', '\t', 'é', '𝄞', '\ud800', '=') }),
  fc.string(),
  fc.constant(''),
);
/** Integers around the ones written digit by digit (0 to 2^31 - 1) and beyond them. */
const integer = fc.oneof(fc.integer(), fc.integer({ min: 2 ** 31 - 10, max: 2 ** 31 + 10 }), fc.maxSafeInteger(), fc.constantFrom(0, -0, 9, 10, 99, 100));
const cell: fc.Arbitrary<CsvCell> = fc.oneof(awkwardText, fc.double(), integer, fc.boolean(), fc.constant(null), fc.constant(undefined));

test('rows: the bytes csv-stringify writes, for any cells read by value functions', () => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 6 }), fc.array(fc.array(cell, { minLength: 6, maxLength: 6 }), { maxLength: 20 }), (width, rows) => {
      const cells = rows.map((row) => row.slice(0, width));
      const columns: CsvColumn<CsvCell[]>[] = Array.from({ length: width }, (_, i) => ({ header: `c${i}`, value: (row) => row[i] }));
      assert.deepEqual(csvRows(columns as CsvColumn[], cells), asBytes(cells));
    }),
  );
});

test('rows: a field column writes the record field of its name, through its format if it has one, as a value function reading it would', () => {
  const tags = fc.oneof(fc.array(awkwardText, { maxLength: 3 }), fc.constant(null), fc.constant(undefined));
  fc.assert(
    fc.property(
      fc.array(fc.record({ name: awkwardText, count: fc.oneof(fc.integer(), fc.constant(null)), open: fc.boolean(), tags }), { maxLength: 20 }),
      (records) => {
        const columns: CsvColumn[] = [
          { header: 'Name', field: 'name' },
          { header: 'Count', field: 'count' },
          { header: 'Open', value: (record) => (record as { open: boolean }).open },
          { header: 'Tags', field: 'tags', format: (list) => (list as string[]).join(' ') },
        ];
        const cells = records.map((record) => [record.name, record.count, record.open, record.tags?.join(' ')]);
        assert.deepEqual(csvRows(columns, records), asBytes(cells));
      },
    ),
  );
});

test('rows: a row longer than the room left for it is written whole once, wherever it comes and whatever its size', () => {
  // fast-check keeps its strings short: a long one is a short one repeated
  const longText = fc
    .tuple(fc.string({ unit: fc.constantFrom('a', ',', '"', 'é', '𝄞', '\ud800'), minLength: 1 }), fc.integer({ min: 100, max: 4000 }))
    .map(([piece, times]) => piece.repeat(times));
  fc.assert(
    fc.property(fc.array(fc.oneof(awkwardText, longText), { minLength: 1, maxLength: 12 }), (texts) => {
      const columns: CsvColumn<string>[] = [
        { header: 'Text', value: (text) => text },
        { header: 'Length', value: (text) => text.length },
      ];
      assert.deepEqual(csvRows(columns as CsvColumn[], texts), asBytes(texts.map((text) => [text, text.length])));
    }),
    { numRuns: 50 },
  );
});

test('rows: a float field is written as formatFloat writes it, empty when it holds no finite number', () => {
  // decimals of up to eight places around the six written from their digits, at every magnitude
  const decimal = fc.tuple(fc.integer({ min: -(2 ** 33), max: 2 ** 33 }), fc.integer({ min: 0, max: 8 })).map(([units, places]) => units / 10 ** places);
  const value = fc.oneof(
    decimal,
    fc.double(),
    fc.constantFrom(0, -0, 1e-6, -1e-6, 1e-7, 2147.483647, 2147.483648, -2147.483647),
    fc.constant(null),
    fc.string(),
  );
  const floatColumn: CsvColumn[] = [{ header: 'x', floatField: 'x' }];
  fc.assert(
    fc.property(fc.array(value, { maxLength: 20 }), (values) => {
      const expected = values.map((x) => `${typeof x === 'number' ? (formatFloat(x) ?? '') : ''}\n`).join('');
      const records = values.map((x) => ({ x }));
      assert.equal(csvRows(floatColumn, records).toString(), expected);
    }),
    { numRuns: 2000 },
  );
});

test('rows: a time field is written as exportTimestamp writes its text, quoted as csv-stringify quotes it, empty when it holds no text', () => {
  const isoTime = fc
    .date({ min: new Date('1990-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
    .map((date) => date.toISOString().replace(/\.\d+Z$/, 'Z'));
  const twentyCharacters = fc.string({ unit: fc.constantFrom('2', '0', '-', ':', 'T', 'Z', ',', '"', 'é', '\n'), minLength: 20, maxLength: 20 });
  const value = fc.oneof(isoTime, twentyCharacters, awkwardText, fc.integer(), fc.constant(null));
  const timeColumn: CsvColumn[] = [{ header: 't', timeField: 't' }];
  fc.assert(
    fc.property(fc.array(value, { maxLength: 20 }), (values) => {
      const records = values.map((t) => ({ t }));
      assert.deepEqual(csvRows(timeColumn, records), asBytes(values.map((t) => [typeof t === 'string' ? exportTimestamp(t) : null])));
    }),
    { numRuns: 500 },
  );
});

test('header: the headers as a row, quoted as csv-stringify quotes them', () => {
  const headers = ['ID', 'Distance (km)', 'Name, "short"', 'Line\nbreak'];
  assert.equal(csvHeader(headers.map((header) => ({ header, field: header }))), asCsvStringify([headers]));
});
