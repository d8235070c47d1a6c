// The stations' records held column by column (docs/storage.md, "Station records"). 60,000 record
// objects of some 80 fields, most of them empty for most stations, took 65 MB of heap: a pointer for
// every field of every record. Here a field whose values repeat (codes, cities, networks, empty
// fields) is a small integer per station into its distinct values; a field of numbers that do not
// repeat (coordinates, ids) is a Float64Array; a station's charging units are codes into the
// distinct units, and its network ids one string of all of them. A record is a view of one row:
// an object holding its row, whose fields are getters on its prototype that read the columns, so
// that writing a list of 60,000 makes no copy of a record. Its fields hold the very values the
// record read from the Parquet file held.
import type { StationRecord } from './station-records.ts';

/** A column of one field: its value at a row (the station's place in the file). */
export interface Column {
  at(row: number): unknown;
  /** JavaScript that reads the value at `row` of the column held in variable `name` (the records' getters are compiled from it). */
  expression(name: string): string;
}

/**
 * A field with few distinct values: each row's code into them. A field is coded when its distinct
 * values are at most this share of its rows (a name or an address is not: it would only add a code
 * to each).
 */
export const CODED_AT_MOST = 1 / 4;

export class CodedColumn implements Column {
  constructor(
    readonly values: readonly unknown[],
    readonly codes: Uint8Array | Uint16Array | Uint32Array,
  ) {}

  at(row: number): unknown {
    return this.values[this.codes[row]!];
  }

  expression(name: string): string {
    return `${name}.values[${name}.codes[row]]`;
  }
}

/** Numbers, and rows without one (NaN in `numbers`: no record holds NaN, which JSON cannot write) holding `missing`. */
class NumberColumn implements Column {
  constructor(
    readonly numbers: Float64Array,
    readonly missing: null | undefined,
  ) {}

  at(row: number): unknown {
    const value = this.numbers[row]!;
    return Number.isNaN(value) ? this.missing : value;
  }

  expression(name: string): string {
    return `((number = ${name}.numbers[row]) === number ? number : ${name}.missing)`;
  }
}

/** The items of every row's list, one after the other: item `index` of them all. */
interface ListItems {
  at(index: number): unknown;
}

/** Texts that differ from list to list, one after the other in one string, text t ending at `ends[t]`: a text costs its characters and 4 bytes, not an object. */
class JoinedTexts implements ListItems {
  constructor(
    private readonly text: string,
    private readonly ends: Uint32Array,
  ) {}

  static of(texts: readonly string[]): JoinedTexts {
    const ends = new Uint32Array(texts.length);
    let length = 0;
    for (const [t, text] of texts.entries()) ends[t] = length += text.length;
    // join makes one flat string
    return new JoinedTexts(texts.join(''), ends);
  }

  at(t: number): string {
    return this.text.slice(t === 0 ? 0 : this.ends[t - 1]!, this.ends[t]!);
  }
}

/** Items shared by many lists (a station's charging units, each one of the few distinct units), as codes into the distinct ones. */
class CodedItems implements ListItems {
  constructor(
    private readonly items: readonly unknown[],
    private readonly codes: Uint16Array | Uint32Array,
  ) {}

  at(index: number): unknown {
    return this.items[this.codes[index]!];
  }
}

/**
 * A column of values made for each read (lists, objects) from what it holds; rows marked in `absent`
 * hold `missing` instead.
 */
abstract class MadeColumn implements Column {
  constructor(
    private readonly absent: Uint8Array | undefined,
    private readonly missing: null | undefined,
  ) {}

  expression(name: string): string {
    return `${name}.at(row)`;
  }

  at(row: number): unknown {
    return this.absent !== undefined && this.absent[row] === 1 ? this.missing : this.made(row);
  }

  protected abstract made(row: number): unknown;
}

/** Lists (a station's charging units, its network post ids): each row's items are items `ends[r − 1]` … `ends[r]` − 1 of `items`. */
class ListColumn extends MadeColumn {
  constructor(
    private readonly items: ListItems,
    private readonly ends: Uint32Array,
    absent: Uint8Array | undefined,
    missing: null | undefined,
  ) {
    super(absent, missing);
  }

  protected made(row: number): unknown[] {
    const start = row === 0 ? 0 : this.ends[row - 1]!;
    const list = new Array<unknown>(this.ends[row]! - start);
    for (let i = 0; i < list.length; i++) list[i] = this.items.at(start + i);
    return list;
  }
}

/** Objects of the same keys made of several values (a station's network ids: its station and post ids): a column for each key. */
class ObjectColumn extends MadeColumn {
  constructor(
    private readonly keys: readonly string[],
    private readonly columns: readonly Column[],
    absent: Uint8Array | undefined,
    missing: null | undefined,
  ) {
    super(absent, missing);
  }

  protected made(row: number): Record<string, unknown> {
    const object: Record<string, unknown> = {};
    for (let i = 0; i < this.keys.length; i++) object[this.keys[i]!] = this.columns[i]!.at(row);
    return object;
  }
}

/**
 * Values that are none of the above, texts that do not repeat among them (names, addresses,
 * phones): kept as they are. Texts read from one joined string would cost a third more time to
 * write a full list in (each read makes a string the writers then copy), for 8 MB of 60,000 stations.
 */
class ValueColumn implements Column {
  constructor(readonly values: readonly unknown[]) {}

  expression(name: string): string {
    return `${name}.values[row]`;
  }

  at(row: number): unknown {
    return this.values[row];
  }
}

/** A Map key for a value: numbers by Object.is (0 and -0 are two values: JSON writes them apart). */
const keyOf = (value: unknown): unknown => (value === 0 && 1 / value < 0 ? NEGATIVE_ZERO : value);
const NEGATIVE_ZERO = Symbol('-0');

/** The column that holds `values` (one per row) in the least memory. */
function columnOf(values: readonly unknown[]): Column {
  const distinct = new Map<unknown, number>();
  const limit = Math.max(1, Math.floor(values.length * CODED_AT_MOST));
  for (const value of values) {
    const key = keyOf(value);
    if (!distinct.has(key)) distinct.set(key, distinct.size);
    if (distinct.size > limit) break;
  }
  if (distinct.size <= limit) return codedColumn(values, distinct);
  const missing = missingOf(values);
  if (values.every((value) => typeof value === 'number' || value === missing)) return numberColumn(values, missing);
  if (values.every((value) => value === missing || (Array.isArray(value) && value.every((item) => typeof item === 'object' && item !== null))))
    return itemListColumn(values as readonly (unknown[] | null | undefined)[], missing);
  if (values.every((value) => value === missing || (Array.isArray(value) && value.every((item) => typeof item === 'string'))))
    return textListColumn(values as readonly (string[] | null | undefined)[], missing);
  const keys = objectKeysOf(values, missing);
  if (keys) return objectColumn(values as readonly (Record<string, unknown> | null | undefined)[], keys, missing);
  return new ValueColumn(values);
}

function codedColumn(values: readonly unknown[], distinct: Map<unknown, number>): CodedColumn {
  const Codes = distinct.size <= 0x100 ? Uint8Array : distinct.size <= 0x10000 ? Uint16Array : Uint32Array;
  const codes = new Codes(values.length);
  for (let row = 0; row < values.length; row++) codes[row] = distinct.get(keyOf(values[row]))!;
  const byCode = new Array<unknown>(distinct.size);
  for (const value of values) byCode[distinct.get(keyOf(value))!] = value;
  return new CodedColumn(byCode, codes);
}

/** How a field's rows without a value hold it: null, or undefined for a field left out of a record where the data has nothing. */
function missingOf(values: readonly unknown[]): null | undefined {
  return values.includes(undefined) ? undefined : null;
}

function numberColumn(values: readonly unknown[], missing: null | undefined): NumberColumn {
  const numbers = new Float64Array(values.length);
  for (let row = 0; row < values.length; row++) numbers[row] = values[row] === missing ? Number.NaN : (values[row] as number);
  return new NumberColumn(numbers, missing);
}

/** The keys of `values` when every one is `missing` or a plain object of those keys in that order. */
function objectKeysOf(values: readonly unknown[], missing: null | undefined): string[] | undefined {
  let keys: string[] | undefined;
  for (const value of values) {
    if (value === missing) continue;
    if (typeof value !== 'object' || value === null || Object.getPrototypeOf(value) !== Object.prototype) return undefined;
    const own = Object.keys(value);
    keys ??= own;
    if (own.length !== keys.length || own.some((key, i) => key !== keys![i])) return undefined;
  }
  return keys;
}

/** Rows holding `missing`, marked; undefined when there are none. */
function absentRows(values: readonly unknown[], missing: null | undefined): Uint8Array | undefined {
  if (!values.includes(missing)) return undefined;
  const absent = new Uint8Array(values.length);
  for (let row = 0; row < values.length; row++) if (values[row] === missing) absent[row] = 1;
  return absent;
}

function objectColumn(values: readonly (Record<string, unknown> | null | undefined)[], keys: string[], missing: null | undefined): ObjectColumn {
  const columns = keys.map((key) => columnOf(values.map((value) => (value === missing ? missing : value![key]))));
  return new ObjectColumn(keys, columns, absentRows(values, missing), missing);
}

function textListColumn(values: readonly (string[] | null | undefined)[], missing: null | undefined): ListColumn {
  const ends = new Uint32Array(values.length);
  const texts: string[] = [];
  for (let row = 0; row < values.length; row++) {
    const list = values[row];
    if (list !== missing) for (const text of list!) texts.push(text);
    ends[row] = texts.length;
  }
  return new ListColumn(JoinedTexts.of(texts), ends, absentRows(values, missing), missing);
}

function itemListColumn(values: readonly (unknown[] | null | undefined)[], missing: null | undefined): ListColumn {
  const distinct = new Map<unknown, number>();
  const ends = new Uint32Array(values.length);
  const allCodes: number[] = [];
  for (let row = 0; row < values.length; row++) {
    const list = values[row];
    if (list !== missing)
      for (const item of list!) {
        let code = distinct.get(item);
        if (code === undefined) distinct.set(item, (code = distinct.size));
        allCodes.push(code);
      }
    ends[row] = allCodes.length;
  }
  const codes = distinct.size <= 0x10000 ? Uint16Array.from(allCodes) : Uint32Array.from(allCodes);
  return new ListColumn(new CodedItems([...distinct.keys()], codes), ends, absentRows(values, missing), missing);
}

/** The records of a data set's stations, column by column; `record(row)` makes one. */
export class StationColumns {
  /**
   * Row `row`'s record: a new view of the row, whose fields (getters, in the order the records had
   * them) read the columns. Read its fields by name, as the writers compiled from the schemas do: it
   * has no keys of its own (Object.keys lists none, a spread copies none); a field set on it (a
   * search's distance) is its own.
   */
  readonly record: (row: number) => StationRecord;
  private readonly idColumn: Column | undefined;

  private constructor(
    fields: readonly string[],
    columns: readonly Column[],
    readonly size: number,
  ) {
    this.record = recordMaker(fields, columns);
    this.idColumn = columns[fields.indexOf('id')];
  }

  /**
   * The columns of `records` (each with the same fields in the same order, as `recordAt` makes
   * them); `records` is read once and may be dropped afterwards.
   */
  static of(records: readonly StationRecord[]): StationColumns {
    const fields = records.length ? Object.keys(records[0]!) : [];
    const columns = fields.map((field) => columnOf(records.map((record) => record[field])));
    return new StationColumns(fields, columns, records.length);
  }

  /** Row `row`'s id, without making its record. */
  id(row: number): number {
    return this.idColumn!.at(row) as number;
  }
}

/** The row a record stands for (a symbol: not one of its keys). */
const ROW = Symbol('row');

/**
 * A function that makes a row's record: an object that holds its row alone, of a class whose getters
 * read the columns, each its column's own expression (compiled from the columns, as the XML writer
 * is from the schemas): a getter that small is inlined where a writer reads the field, where a call
 * to each column would cost more than the read.
 */
function recordMaker(fields: readonly string[], columns: readonly Column[]): (row: number) => StationRecord {
  const names = columns.map((_, i) => `c${i}`);
  const getters = fields
    .map((field, i) => `get ${JSON.stringify(field)}() { const row = this[ROW]; let number; return ${columns[i]!.expression(`c${i}`)}; }`)
    .join('\n');
  const Record = new Function('ROW', ...names, `return class StationRow {\nconstructor(row) { this[ROW] = row; }\n${getters}\n};`)(ROW, ...columns);
  return (row) => new Record(row) as StationRecord;
}
