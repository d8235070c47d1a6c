// The climate catalog held column by column (docs/storage.md, "The size of a national grid"): a
// national grid's 2,000,000 records as objects of 30 fields would take gigabytes of heap. Each field
// is the smallest column that holds it exactly, read from DuckDB a chunk at a time:
//
// - texts that repeat (datasets, states, sources, shard names; at most one distinct value for four
//   records) as a code per record into the distinct values (DuckDB's codes: no string is made a
//   record), as booleans;
// - texts that do not (ids, location ids) as UTF-8 bytes one after the other in one buffer, with
//   where each ends, each but every sixteenth without the bytes it shares with the one before when
//   that saves a quarter (ids in order);
// - numbers as the narrowest typed array that gives each back exactly (whole numbers in 8, 16 or 32
//   bits, numbers of four decimals as a whole number of ten-thousandths, single or double precision),
//   the lowest value of an integer array or NaN standing for null; a column equal to another
//   (a grid's header coordinates are its coordinates) is that column.
//
// A record is a view of one row: an object holding its row, whose fields are getters that read the
// columns (as the fuel stations' records are: docs/storage.md, "Station records").

import { CODED_AT_MOST, CodedColumn, type Column } from './station-columns.ts';

/** A column of one field: its value at a row (the fuel stations' kind of column). */
export type CatalogColumn = Column;

const codesFor = (count: number, distinct: number) =>
  distinct <= 0x100 ? new Uint8Array(count) : distinct <= 0x10000 ? new Uint16Array(count) : new Uint32Array(count);

/** Texts as UTF-8 bytes one after the other, text `row` ending at `ends[row]`; null where `nulls` says. */
export class JoinedTexts implements CatalogColumn {
  constructor(
    private readonly bytesOf: Buffer,
    private readonly ends: Uint32Array,
    private readonly nulls: ReadonlySet<number>,
  ) {}

  at(row: number): string | null {
    if (this.nulls.size > 0 && this.nulls.has(row)) return null;
    return this.bytesOf.toString('utf8', row === 0 ? 0 : this.ends[row - 1]!, this.ends[row]!);
  }

  expression(name: string): string {
    return `${name}.at(row)`;
  }

  /** The row of `text` among rows `from` to `to` - 1, whose texts are in order; -1 when none has it. */
  find(text: string, from: number, to: number): number {
    let [low, high] = [from, to - 1];
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const value = this.at(middle)!;
      if (value === text) return middle;
      if (value < text) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }

  /** The same texts front-coded when that takes at most three quarters of the bytes (ids in order do), else these. */
  compact(): JoinedTexts | FrontCodedTexts {
    const rows = this.ends.length;
    const shared = new Uint8Array(rows);
    let kept = 0;
    let longest = 0;
    for (let row = 0, start = 0; row < rows; start = this.ends[row++]!) {
      const end = this.ends[row]!;
      longest = Math.max(longest, end - start);
      if (row % FRONT_CODING_BLOCK !== 0) {
        const previous = row === 1 ? 0 : this.ends[row - 2]!;
        const most = Math.min(255, end - start, start - previous);
        let same = 0;
        while (same < most && this.bytesOf[start + same] === this.bytesOf[previous + same]) same++;
        shared[row] = same;
      }
      kept += end - start - shared[row]!;
    }
    if (kept + rows * 5 > 0.75 * (this.bytesOf.byteLength + rows * 4)) return this;
    const rest = Buffer.alloc(kept);
    const ends = new Uint32Array(rows);
    for (let row = 0, start = 0, at = 0; row < rows; start = this.ends[row++]!) {
      at += this.bytesOf.copy(rest, at, start + shared[row]!, this.ends[row]!);
      ends[row] = at;
    }
    return new FrontCodedTexts(rest, ends, shared, this.nulls, longest);
  }
}

/** Texts of rows in the order of their texts, searched by `find`. */
export type SortedTexts = JoinedTexts | FrontCodedTexts;

/** Rows from one text kept whole to the next, in FrontCodedTexts. */
const FRONT_CODING_BLOCK = 16;

/**
 * Texts each kept as how many leading bytes it shares with the one before (`shared`) and the bytes
 * after those (`rest`, text `row`'s ending at `ends[row]`), a text whole every FRONT_CODING_BLOCK
 * rows. Ids in order share most of their characters with their neighbours
 * (`3-W105N040-W10502N4001`, `3-W105N040-W10502N4004`): a third of the bytes. A text is read from the
 * whole one before it, at most FRONT_CODING_BLOCK - 1 rows back.
 */
export class FrontCodedTexts implements CatalogColumn {
  private readonly text: Buffer;

  constructor(
    private readonly rest: Buffer,
    private readonly ends: Uint32Array,
    private readonly shared: Uint8Array,
    private readonly nulls: ReadonlySet<number>,
    longest: number,
  ) {
    this.text = Buffer.alloc(longest);
  }

  at(row: number): string | null {
    if (this.nulls.size > 0 && this.nulls.has(row)) return null;
    let length = 0;
    for (let r = row - (row % FRONT_CODING_BLOCK); r <= row; r++) {
      const start = r === 0 ? 0 : this.ends[r - 1]!;
      length = this.shared[r]! + this.rest.copy(this.text, this.shared[r]!, start, this.ends[r]!);
    }
    return this.text.toString('utf8', 0, length);
  }

  expression(name: string): string {
    return `${name}.at(row)`;
  }

  /**
   * The row of `text` among rows `from` to `to` - 1, whose texts are in order; -1 when none has it:
   * the last block whose whole text is not past it, then that block's texts one after the other.
   */
  find(text: string, from: number, to: number): number {
    let [low, high] = [Math.ceil(from / FRONT_CODING_BLOCK), Math.ceil(to / FRONT_CODING_BLOCK) - 1];
    let block = Math.floor(from / FRONT_CODING_BLOCK);
    while (low <= high) {
      const middle = (low + high) >>> 1;
      if (this.at(middle * FRONT_CODING_BLOCK)! <= text) {
        block = middle;
        low = middle + 1;
      } else high = middle - 1;
    }
    // the block's texts, each made from the one before
    let length = 0;
    for (let row = block * FRONT_CODING_BLOCK, end = Math.min(to, (block + 1) * FRONT_CODING_BLOCK); row < end; row++) {
      length = this.shared[row]! + this.rest.copy(this.text, this.shared[row]!, row === 0 ? 0 : this.ends[row - 1]!, this.ends[row]!);
      if (row < from || (this.nulls.size > 0 && this.nulls.has(row))) continue;
      const value = this.text.toString('utf8', 0, length);
      if (value === text) return row;
      if (value > text) return -1;
    }
    return -1;
  }
}

type NumberArray = Int8Array | Int16Array | Int32Array | Float32Array | Float64Array;

/** Numbers: `values[row] / scale`, or null where the value is `missing`. */
class NumberColumn implements CatalogColumn {
  constructor(
    readonly values: NumberArray,
    private readonly scale: number,
    private readonly missing: number,
  ) {}

  at(row: number): number | null {
    const value = this.values[row]!;
    if (value === this.missing || Number.isNaN(value)) return null;
    return this.scale === 1 ? value : value / this.scale;
  }

  expression(name: string): string {
    const value = this.scale === 1 ? 'number' : `number / ${this.scale}`;
    return Number.isNaN(this.missing)
      ? `((number = ${name}.values[row]) === number ? ${value} : null)`
      : `((number = ${name}.values[row]) === ${this.missing} ? null : ${value})`;
  }
}

/** Ten-thousandths: coordinates are written with four decimals (schemas/climate-station.schema.json). */
const DECIMALS_SCALE = 1e4;

/** `numbers` × `scale` into `array`, NaN as `missing`. */
function stored<Array extends Int8Array | Int16Array | Int32Array>(array: Array, numbers: Float64Array, scale: number, missing: number): Array {
  for (let i = 0; i < numbers.length; i++) {
    const value = numbers[i]!;
    array[i] = Number.isNaN(value) ? missing : Math.round(value * scale);
  }
  return array;
}

/** The narrowest exact column of `numbers` (NaN: null). */
function numberColumn(numbers: Float64Array): NumberColumn {
  let integers = true;
  let decimals = true;
  let singles = true;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const value of numbers) {
    if (Number.isNaN(value)) continue;
    if (value < min) min = value;
    if (value > max) max = value;
    if (integers && (!Number.isInteger(value) || Object.is(value, -0))) integers = false;
    if (decimals && (Math.round(value * DECIMALS_SCALE) / DECIMALS_SCALE !== value || Object.is(value, -0))) decimals = false;
    if (singles && Math.fround(value) !== value) singles = false;
  }
  // the lowest value of an integer type stands for null, so it holds one value fewer
  for (const Type of [Int8Array, Int16Array, Int32Array]) {
    const lowest = -(2 ** (Type.BYTES_PER_ELEMENT * 8 - 1));
    const highest = -lowest - 1;
    if (integers && min > lowest && max <= highest) return new NumberColumn(stored(new Type(numbers.length), numbers, 1, lowest), 1, lowest);
    if (decimals && Type === Int32Array && min * DECIMALS_SCALE > lowest && max * DECIMALS_SCALE <= highest) {
      return new NumberColumn(stored(new Type(numbers.length), numbers, DECIMALS_SCALE, lowest), DECIMALS_SCALE, lowest);
    }
  }
  return singles ? new NumberColumn(Float32Array.from(numbers), 1, Number.NaN) : new NumberColumn(numbers, 1, Number.NaN);
}

/** A column being read a chunk at a time. */
interface ColumnBuilder {
  add(values: ArrayLike<unknown>, firstRow: number): void;
  finish(): CatalogColumn;
}

/** Values read as DuckDB's codes into their distinct values (-1: null), which makes no value a row. */
class DictionaryBuilder implements ColumnBuilder {
  private readonly codes: Uint8Array | Uint16Array | Uint32Array;

  constructor(
    count: number,
    private readonly values: readonly unknown[],
  ) {
    // the code after the values stands for null
    this.codes = codesFor(count, values.length + 1);
  }

  add(codes: ArrayLike<unknown>, firstRow: number): void {
    const codeOfNull = this.values.length;
    for (let i = 0; i < codes.length; i++) {
      const code = codes[i] as number;
      this.codes[firstRow + i] = code < 0 ? codeOfNull : code;
    }
  }

  finish(): CatalogColumn {
    return new CodedColumn([...this.values, null], this.codes);
  }
}

class TextBuilder implements ColumnBuilder {
  private readonly parts: Buffer[] = [];
  private readonly ends: Uint32Array;
  private readonly nulls = new Set<number>();
  private length = 0;

  constructor(count: number) {
    this.ends = new Uint32Array(count);
  }

  add(values: ArrayLike<unknown>, firstRow: number): void {
    const texts = values as readonly (string | null)[];
    const part = Buffer.from(texts.map((value) => value ?? '').join(''), 'utf8');
    for (let i = 0; i < texts.length; i++) {
      const value = texts[i]!;
      if (value === null) this.nulls.add(firstRow + i);
      else this.length += Buffer.byteLength(value, 'utf8');
      this.ends[firstRow + i] = this.length;
    }
    this.parts.push(part);
  }

  finish(): CatalogColumn {
    return new JoinedTexts(Buffer.concat(this.parts, this.length), this.ends, this.nulls).compact();
  }
}

class NumberBuilder implements ColumnBuilder {
  private readonly numbers: Float64Array;

  constructor(count: number) {
    this.numbers = new Float64Array(count);
  }

  add(values: ArrayLike<unknown>, firstRow: number): void {
    this.numbers.set(values as Float64Array, firstRow);
  }

  finish(): CatalogColumn {
    return numberColumn(this.numbers);
  }

  /** The doubles as read (the search's coordinates). */
  get doubles(): Float64Array {
    return this.numbers;
  }
}

/**
 * How a column is read: numbers as doubles (NaN: null), texts as they are, and values that repeat
 * (booleans, texts) as DuckDB's codes into their distinct `values` (-1: null).
 */
export type ColumnDescription = { name: string; kind: 'number' | 'text' } | { name: string; kind: 'coded'; values: readonly unknown[] };

/** Whether a text column of `distinct` values in `count` rows is kept as codes. */
export const codedText = (distinct: number, count: number) => distinct <= count * CODED_AT_MOST;

/** Columns read whole, a chunk at a time; `doubles` names the numeric columns kept as read (double precision), for the search. */
export async function readColumns(
  chunks: AsyncIterable<Record<string, ArrayLike<unknown>>>,
  count: number,
  described: readonly ColumnDescription[],
  doubles: readonly string[],
): Promise<{ columns: Map<string, CatalogColumn>; doubles: Map<string, Float64Array> }> {
  const builders = new Map<string, ColumnBuilder>(
    described.map((column) => [
      column.name,
      column.kind === 'number' ? new NumberBuilder(count) : column.kind === 'coded' ? new DictionaryBuilder(count, column.values) : new TextBuilder(count),
    ]),
  );
  let row = 0;
  for await (const chunk of chunks) {
    let rows = 0;
    for (const [name, builder] of builders) {
      const values = chunk[name]!;
      builder.add(values, row);
      rows = values.length;
    }
    row += rows;
  }
  if (row !== count) throw new Error(`the climate catalog has ${row} rows, not the ${count} counted`);
  const columns = new Map<string, CatalogColumn>();
  const kept: NumberColumn[] = [];
  for (const [name, builder] of builders) {
    // a column kept as read for the search is the record's too
    let column = doubles.includes(name) ? new NumberColumn((builder as NumberBuilder).doubles, 1, Number.NaN) : builder.finish();
    // a column equal to one already kept is that one
    if (column instanceof NumberColumn) {
      const number = column;
      const same = kept.find((other) => sameNumbers(other, number));
      if (same) column = same;
      else kept.push(number);
    }
    columns.set(name, column);
  }
  const keptDoubles = new Map(doubles.map((name) => [name, (builders.get(name) as NumberBuilder).doubles]));
  return { columns, doubles: keptDoubles };
}

function sameNumbers(a: NumberColumn, b: NumberColumn): boolean {
  if (a.values.constructor !== b.values.constructor || a.values.length !== b.values.length) return false;
  for (let row = 0; row < a.values.length; row++) if (!Object.is(a.at(row), b.at(row))) return false;
  return true;
}

/** The row a record stands for (a symbol: not one of its fields). */
const ROW = Symbol('row');

/**
 * A function that makes a row's record: an object that holds its row alone, of a class whose getters
 * read the columns, each its column's own expression (compiled, so that every getter reads one kind
 * of column: a getter shared by all would call every kind, slower than the read).
 */
export function recordMaker<Record>(columns: ReadonlyMap<string, CatalogColumn>): (row: number) => Record {
  const list = [...columns.values()];
  const names = list.map((_, i) => `c${i}`);
  const getters = [...columns.keys()]
    .map((field, i) => `get ${JSON.stringify(field)}() { const row = this[ROW]; let number; return ${list[i]!.expression(`c${i}`)}; }`)
    .join('\n');
  const View = new Function('ROW', ...names, `return class ClimateStationRow {\nconstructor(row) { this[ROW] = row; }\n${getters}\n};`)(ROW, ...list);
  return (row) => new View(row) as Record;
}
