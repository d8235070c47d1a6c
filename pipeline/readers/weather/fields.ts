/**
 * Line and field primitives shared by the weather readers, with the semantics of ssc's `getline`,
 * `split`, `trimboth` and `col_or_nan`, line endings aside (LineReader).
 *
 * Everything works on [start, end) character ranges of the whole file text, so the hot loops
 * allocate no strings.
 */
import { WeatherFileError } from './weather-data.ts';

const NEWLINE = 10;
const CARRIAGE_RETURN = 13;
const SPACE = 32;
const TAB = 9;
const PLUS = 43;
const MINUS = 45;
const DOT = 46;
const DIGIT_0 = 48;
const DIGIT_9 = 57;
const LOWER_E = 101;
const UPPER_E = 69;

/** Exact powers of ten (every one up to 1e22 is a double). */
const POWERS_OF_TEN = Array.from({ length: 23 }, (_, i) => 10 ** i);
/** Digits that fit a double's 53-bit integer range with room to spare. */
const MAX_EXACT_DIGITS = 15;

function isDigit(code: number): boolean {
  return code >= DIGIT_0 && code <= DIGIT_9;
}

/** C `isspace`. */
function isCSpace(code: number): boolean {
  return code === SPACE || (code >= TAB && code <= CARRIAGE_RETURN);
}

/**
 * Where the line starting at `start` ends, and where the next one starts: at the first LF, CRLF or
 * lone CR (`cr` is the position of the first CR at or after `start`, or text.length when there is
 * none, so that files without CRs are searched for LF only).
 */
function lineBounds(text: string, start: number, cr: number): { end: number; next: number; terminated: boolean } {
  const lf = text.indexOf('\n', start);
  if (cr < (lf === -1 ? text.length : lf)) return { end: cr, next: text.charCodeAt(cr + 1) === NEWLINE ? cr + 2 : cr + 1, terminated: true };
  return lf === -1 ? { end: text.length, next: text.length, terminated: false } : { end: lf, next: lf + 1, terminated: true };
}

/**
 * Walks the lines of a file as C++ `std::getline` does (a final line without a line ending is still
 * a line, and nothing follows a final one), except that a line ends at LF, CRLF or a lone CR, and
 * its ending is never part of it: a file reads the same whatever its line endings, in any mix (ssc's
 * getline ends lines at LF only, so a CR stays on the line's last field: a CRLF line with a final
 * empty field has one field more than the same line ending in LF, and a file of lone CRs is one line).
 */
export class LineReader {
  readonly text: string;
  readonly file: string;
  /** 1-based number of the current line (0 before the first call to `next`). */
  lineNumber = 0;
  /** Bounds of the current line, [start, end), without its line ending. */
  start = 0;
  end = 0;
  /** Whether the current line ended with a line ending. */
  terminated = false;
  private nextStart = 0;
  /** The first CR at or after nextStart (text.length when none), or -1 before it is looked for. */
  private cr = -1;

  constructor(file: string, text: string) {
    this.file = file;
    this.text = text;
  }

  private crFrom(start: number): number {
    if (this.cr < start) {
      const cr = this.text.indexOf('\r', start);
      this.cr = cr === -1 ? this.text.length : cr;
    }
    return this.cr;
  }

  /** Moves to the next line; false at end of file. */
  next(): boolean {
    if (this.nextStart >= this.text.length) return false;
    this.start = this.nextStart;
    const { end, next, terminated } = lineBounds(this.text, this.start, this.crFrom(this.start));
    this.end = end;
    this.nextStart = next;
    this.terminated = terminated;
    this.lineNumber++;
    return true;
  }

  /** The current line as a string (for headers; data loops use the bounds). */
  line(): string {
    return this.text.slice(this.start, this.end);
  }

  /**
   * Counts the lines after the current one until end of file or the first empty line (ssc's record
   * count for EPW and SAM CSV files), without moving.
   */
  countRemainingUntilEmpty(): number {
    const text = this.text;
    let count = 0;
    let start = this.nextStart;
    let cr = -1;
    while (start < text.length) {
      if (cr < start) {
        cr = text.indexOf('\r', start);
        if (cr === -1) cr = text.length;
      }
      const { end, next } = lineBounds(text, start, cr);
      if (end === start) break;
      count++;
      start = next;
    }
    return count;
  }

  /** Throws a WeatherFileError for the current line. */
  fail(problem: string): never {
    throw new WeatherFileError(this.file, this.lineNumber, problem);
  }

  /** Throws a WeatherFileError for the line that end of file left missing. */
  failMissingLine(problem: string): never {
    throw new WeatherFileError(this.file, this.lineNumber + 1, problem);
  }
}

/**
 * The field bounds of one line, split at every comma with no quote handling; a final empty piece is
 * dropped (`a,b,` has 2 fields, `a,,b` has 3, an empty line 0). Reused from line to line.
 */
export class FieldSplitter {
  starts = new Int32Array(128);
  ends = new Int32Array(128);
  count = 0;

  split(text: string, start: number, end: number): number {
    let count = 0;
    let fieldStart = start;
    for (;;) {
      let comma = text.indexOf(',', fieldStart);
      if (comma === -1 || comma > end) comma = end;
      if (comma === end && fieldStart === end) break;
      if (count === this.starts.length) this.grow();
      this.starts[count] = fieldStart;
      this.ends[count] = comma;
      count++;
      if (comma === end) break;
      fieldStart = comma + 1;
    }
    this.count = count;
    return count;
  }

  private grow(): void {
    const starts = new Int32Array(this.starts.length * 2);
    const ends = new Int32Array(this.ends.length * 2);
    starts.set(this.starts);
    ends.set(this.ends);
    this.starts = starts;
    this.ends = ends;
  }
}

/** ssc `split` on a whole string (header lines). */
export function splitFields(line: string): string[] {
  const fields = line.split(',');
  if (fields[fields.length - 1] === '') fields.pop();
  return fields;
}

/** Start of [start, end) after removing leading spaces and tabs (ssc `trimboth`). */
export function trimmedStart(text: string, start: number, end: number): number {
  while (start < end) {
    const code = text.charCodeAt(start);
    if (code !== SPACE && code !== TAB) break;
    start++;
  }
  return start;
}

/** End of [start, end) after removing trailing spaces, tabs, CR and LF (ssc `trimboth`). */
export function trimmedEnd(text: string, start: number, end: number): number {
  while (end > start) {
    const code = text.charCodeAt(end - 1);
    if (code !== SPACE && code !== TAB && code !== CARRIAGE_RETURN && code !== NEWLINE) break;
    end--;
  }
  return end;
}

/** ssc `trimboth` on a string. */
export function trimBoth(value: string): string {
  const start = trimmedStart(value, 0, value.length);
  return value.slice(start, trimmedEnd(value, start, value.length));
}

/**
 * C `atoi` on [start, end): skips white space, reads an optional sign and the digits that follow;
 * 0 when there are none.
 */
export function leadingInteger(text: string, start: number, end: number): number {
  let i = start;
  while (i < end && isCSpace(text.charCodeAt(i))) i++;
  let negative = false;
  if (i < end) {
    const sign = text.charCodeAt(i);
    if (sign === MINUS || sign === PLUS) {
      negative = sign === MINUS;
      i++;
    }
  }
  let value = 0;
  while (i < end) {
    const code = text.charCodeAt(i);
    if (!isDigit(code)) break;
    value = value * 10 + (code - DIGIT_0);
    i++;
  }
  return negative ? -value : value;
}

/**
 * C++ `std::stod` restricted to [start, end): skips white space, reads the longest decimal prefix
 * (sign, digits, point, exponent) and ignores the rest. Returns NaN when no number starts there
 * (where `stof` throws); the caller decides what that means.
 */
export function leadingDecimal(text: string, start: number, end: number): number {
  let i = start;
  while (i < end && isCSpace(text.charCodeAt(i))) i++;
  const numberStart = i;
  let negative = false;
  if (i < end) {
    const sign = text.charCodeAt(i);
    if (sign === MINUS || sign === PLUS) {
      negative = sign === MINUS;
      i++;
    }
  }
  let mantissa = 0;
  let digits = 0;
  let fractionDigits = 0;
  while (i < end) {
    const code = text.charCodeAt(i);
    if (!isDigit(code)) break;
    mantissa = mantissa * 10 + (code - DIGIT_0);
    digits++;
    i++;
  }
  if (i < end && text.charCodeAt(i) === DOT) {
    i++;
    while (i < end) {
      const code = text.charCodeAt(i);
      if (!isDigit(code)) break;
      mantissa = mantissa * 10 + (code - DIGIT_0);
      digits++;
      fractionDigits++;
      i++;
    }
  }
  if (digits === 0) return Number.NaN;
  let hasExponent = false;
  if (i < end) {
    const e = text.charCodeAt(i);
    if (e === LOWER_E || e === UPPER_E) {
      let j = i + 1;
      if (j < end) {
        const sign = text.charCodeAt(j);
        if (sign === MINUS || sign === PLUS) j++;
      }
      if (j < end && isDigit(text.charCodeAt(j))) {
        while (j < end && isDigit(text.charCodeAt(j))) j++;
        i = j;
        hasExponent = true;
      }
    }
  }
  if (hasExponent || digits > MAX_EXACT_DIGITS) return Number(text.slice(numberStart, i));
  // Both operands are exact, so one division gives the correctly rounded value, as parseFloat does.
  const magnitude = fractionDigits === 0 ? mantissa : mantissa / POWERS_OF_TEN[fractionDigits]!;
  return negative ? -magnitude : magnitude;
}

/**
 * ssc `col_or_nan` (docs/weather-files.md §2.3) on [start, end), as a single-precision value:
 * 1. no decimal digit at all: NaN;
 * 2. first character a digit: `stof` of the field;
 * 3. otherwise the first character is dropped, the rest read with `stof` and negated if the dropped
 *    character was '-' (so `+5` is 5, `-0.00` is −0 and `.5` is 5).
 * Returns undefined where `stof` finds no number (ssc throws).
 */
export function colOrNaNOrUnreadable(text: string, start: number, end: number): number | undefined {
  let i = start;
  while (i < end && !isDigit(text.charCodeAt(i))) i++;
  if (i === end) return Number.NaN;
  const first = text.charCodeAt(start);
  if (isDigit(first)) return Math.fround(leadingDecimal(text, start, end));
  const magnitude = leadingDecimal(text, start + 1, end);
  if (Number.isNaN(magnitude)) return undefined;
  return Math.fround(first === MINUS ? -magnitude : magnitude);
}

/** `col_or_nan` of [start, end) on the current line; a field `stof` cannot read is an error of the line. */
export function colOrNaN(lines: LineReader, start: number, end: number): number {
  const value = colOrNaNOrUnreadable(lines.text, start, end);
  if (value === undefined) lines.fail(`cannot read a number from field "${lines.text.slice(start, end)}"`);
  return value;
}
