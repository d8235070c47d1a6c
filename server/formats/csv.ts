// CSV renderer: a header row, then one row per record, each ended by a line feed; RFC 4180 quoting
// (a cell holding a quote, a comma, a carriage return or a line feed is quoted, its quotes doubled),
// empty cells for null, booleans as true/false. csv-stringify writes the same bytes (csv.test.ts holds
// them equal) in four times the time, which a full list (60,000 rows of 74 cells) pays.
//
// Rows are written as UTF-8 bytes straight into a Buffer, which the socket takes as it is. Built as a
// string, a slice of rows was a rope of a few hundred pieces per row that Node flattened and then
// encoded again before writing it: a fifth of the time of a full list went to those two steps.

import { formatFloat } from './numbers.ts';

export type CsvCell = string | number | boolean | null | undefined;

/**
 * A column's cells: a function of the record; the record's field of that name, as it is or through
 * `format` (called for values other than null and undefined, whose cells are empty); the number in
 * the record's field of that name written as a float (`formatFloat`: `-7.0`), or the ISO 8601 UTC
 * time in it written as the AFDC exports write times (`exportTimestamp`), empty for anything else.
 */
export type CsvColumn<T = unknown> =
  | { header: string; value(record: T): CsvCell }
  | { header: string; field: string; format?(value: unknown): CsvCell }
  | { header: string; floatField: string }
  | { header: string; timeField: string };

/** `2013-02-14T18:43:05Z` as the AFDC exports write a time: `2013-02-14 18:43:05 UTC`. */
export function exportTimestamp(isoUtc: string): string {
  return `${isoUtc.slice(0, 10)} ${isoUtc.slice(11, 19)} UTC`;
}

const NEEDS_QUOTES = /[",\r\n]/;

const COMMA = 0x2c;
const LINE_FEED = 0x0a;

/** The ASCII characters a text cannot be copied byte for byte with: those that make it quoted. */
const QUOTED_IF_PRESENT = new Uint8Array(128);
for (const char of '",\r\n') QUOTED_IF_PRESENT[char.charCodeAt(0)] = 1;

const TRUE = Buffer.from('true');
const FALSE = Buffer.from('false');

// Every cell writer takes the buffer and the offset to write at, and returns the offset after the
// cell. Past the buffer's end a Uint8Array ignores what is stored, so a writer never checks for room:
// it counts every byte, and the row's writer sees from the offset that the row did not fit (see
// compileRows).

function textBytes(buf: Buffer, pos: number, text: string): number {
  const start = pos;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x80 || QUOTED_IF_PRESENT[code] === 1) return unusualTextBytes(buf, start, text);
    buf[pos++] = code;
  }
  return pos;
}

/** A text as its cell: quoted, its quotes doubled, when it holds a quote, a comma, a CR or a LF. */
function cellText(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A text with a character that makes it quoted, or one beyond ASCII. */
function unusualTextBytes(buf: Buffer, pos: number, text: string): number {
  const cell = cellText(text);
  const length = Buffer.byteLength(cell);
  if (pos + length <= buf.length) buf.write(cell, pos);
  return pos + length;
}

function asciiBytes(buf: Buffer, pos: number, text: string): number {
  for (let i = 0; i < text.length; i++) buf[pos++] = text.charCodeAt(i);
  return pos;
}

/** Integers (ids, counts) digit by digit; any other number as String() writes it. */
function numberBytes(buf: Buffer, pos: number, value: number): number {
  if (!(Number.isInteger(value) && value >= 0 && value <= 0x7fffffff)) return asciiBytes(buf, pos, String(value));
  let digits = 1;
  for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) digits++;
  let rest = value;
  for (let at = pos + digits - 1; at >= pos; at--) {
    buf[at] = 0x30 + (rest % 10);
    rest = Math.floor(rest / 10);
  }
  return pos + digits;
}

const SIX_DECIMALS = 1e6;

/**
 * A float as formatFloat writes it. A value that is a decimal of at most six places (coordinates
 * are), below 2,147 in magnitude, is written from that decimal's digits: no other decimal of six
 * places or fewer is as near to it, so that decimal is the shortest text that reads back as the
 * value, which is what String() writes, in six times the time (distinct coordinates, 200 a slice).
 */
function floatBytes(buf: Buffer, pos: number, value: number): number {
  const millionths = Math.round(value * SIX_DECIMALS);
  if (millionths / SIX_DECIMALS !== value || millionths === 0 || millionths > 0x7fffffff || millionths < -0x7fffffff) {
    const text = formatFloat(value);
    return text === null ? pos : asciiBytes(buf, pos, text);
  }
  if (millionths < 0) buf[pos++] = 0x2d;
  const magnitude = Math.abs(millionths);
  const whole = Math.floor(magnitude / SIX_DECIMALS);
  pos = numberBytes(buf, pos, whole);
  buf[pos++] = 0x2e;
  let fraction = magnitude - whole * SIX_DECIMALS;
  if (fraction === 0) {
    buf[pos++] = 0x30;
    return pos;
  }
  let places = 6;
  while (fraction % 10 === 0) {
    fraction /= 10;
    places--;
  }
  for (let at = pos + places - 1; at >= pos; at--) {
    buf[at] = 0x30 + (fraction % 10);
    fraction = Math.floor(fraction / 10);
  }
  return pos + places;
}

const UTC_SUFFIX = Buffer.from(' UTC');

/**
 * A time as exportTimestamp writes it. An ISO text of the usual length (every record's) is copied
 * character by character, the T a space, without the three strings exportTimestamp makes.
 */
function timeBytes(buf: Buffer, pos: number, isoUtc: string): number {
  if (isoUtc.length !== 20) return textBytes(buf, pos, exportTimestamp(isoUtc));
  const start = pos;
  for (let i = 0; i < 19; i++) {
    const code = i === 10 ? 0x20 : isoUtc.charCodeAt(i);
    if (code >= 0x80 || QUOTED_IF_PRESENT[code] === 1) return textBytes(buf, start, exportTimestamp(isoUtc));
    buf[pos++] = code;
  }
  return bytes(buf, pos, UTC_SUFFIX);
}

function bytes(buf: Buffer, pos: number, written: Buffer): number {
  for (let i = 0; i < written.length; i++) buf[pos++] = written[i]!;
  return pos;
}

function cellBytes(buf: Buffer, pos: number, value: CsvCell): number {
  if (typeof value === 'string') return textBytes(buf, pos, value);
  if (typeof value === 'number') return numberBytes(buf, pos, value);
  if (typeof value === 'boolean') return bytes(buf, pos, value ? TRUE : FALSE);
  return pos;
}

export function csvHeader(columns: CsvColumn[]): string {
  return `${columns.map((column) => cellText(column.header)).join(',')}\n`;
}

type RowsWriter = (records: unknown[]) => Buffer;

const compiled = new WeakMap<CsvColumn[], RowsWriter>();

/** A buffer of `size` bytes holding the first `used` bytes of `buf`. */
function grown(buf: Buffer, used: number, size: number): Buffer {
  const next = Buffer.allocUnsafe(size);
  buf.copy(next, 0, 0, used);
  return next;
}

/** The statement of a row's writer that writes the cell of column `i` (`value${i}` or `format${i}` its function, if it has one). */
function cellStatement(column: CsvColumn, i: number): string {
  if ('floatField' in column) return `if (typeof (v = record[${JSON.stringify(column.floatField)}]) === 'number') pos = float(buf, pos, v);`;
  if ('timeField' in column) return `if (typeof (v = record[${JSON.stringify(column.timeField)}]) === 'string') pos = time(buf, pos, v);`;
  if ('value' in column) return `if ((v = value${i}(record)) != null) pos = cell(buf, pos, v);`;
  return `if ((v = record[${JSON.stringify(column.field)}]) != null) pos = cell(buf, pos, ${column.format ? `format${i}(v)` : 'v'});`;
}

/**
 * The rows of a column list, written by a function made for it: each field is read by a property
 * load of its own and each `value` called from a call site of its own, each seeing one field or one
 * function, where a loop over the columns would read 74 fields through one keyed load and call 74
 * functions from one site (megamorphic: a hash lookup and a full call each time; 3 times slower).
 *
 * Its buffer is sized by the bytes per row of the rows it wrote last; a row that ends past the
 * buffer's end (its offset counts the bytes it could not store) is written again into a buffer
 * large enough for it.
 */
function compileRows(columns: CsvColumn[]): RowsWriter {
  const cells = columns
    .map((column, i) => {
      const separator = i === columns.length - 1 ? LINE_FEED : COMMA;
      return `${cellStatement(column, i)}\n        buf[pos++] = ${separator};`;
    })
    .join('\n        ');
  const make = new Function(
    'cell',
    'float',
    'time',
    'grown',
    ...columns.map((_, i) => `value${i}`),
    ...columns.map((_, i) => `format${i}`),
    `let bytesPerRow = 64;
    return function writeRows(records) {
      let buf = Buffer.allocUnsafe(records.length * bytesPerRow + 1024);
      let pos = 0;
      for (let i = 0; i < records.length; i++) {
        const record = records[i];
        const rowStart = pos;
        let v;
        ${cells}
        if (pos > buf.length) {
          buf = grown(buf, rowStart, Math.max(2 * buf.length, pos + (records.length - i) * bytesPerRow));
          pos = rowStart;
          i--;
        }
      }
      if (records.length > 0) bytesPerRow = Math.ceil(pos / records.length);
      return buf.subarray(0, pos);
    };`,
  );
  return make(
    cellBytes,
    floatBytes,
    timeBytes,
    grown,
    ...columns.map((column) => ('value' in column ? column.value : undefined)),
    ...columns.map((column) => ('format' in column ? column.format : undefined)),
  );
}

/** The records' rows as UTF-8 bytes. */
export function csvRows(columns: CsvColumn[], records: unknown[]): Buffer {
  let write = compiled.get(columns);
  if (!write) compiled.set(columns, (write = compileRows(columns)));
  return write(records);
}
