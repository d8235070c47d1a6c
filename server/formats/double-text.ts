/**
 * The text of many doubles at once, each exactly as `formatFloatDigits(value, 16)` writes it (the
 * value rounded to 16 significant digits, then the shortest text of that double, `.0` when integral):
 * a PVWatts v8 hourly answer holds 9 × 8,760 of them, and V8's own way there takes three
 * number-to-text conversions for a value whose shortest text has 17 digits (docs/decisions.md §6.3).
 *
 * For a = |value| in [10^-6, 10^15): P = a·10^p, with the p that puts P in [10^15, 10^16), is
 * found exactly as high + low (Dekker's product of a and 10^p split in halves of 26 and 27 bits),
 * and rounded to the integer N (a tie up, as ECMAScript's toPrecision does): N's digits are the
 * value's 16. N a multiple of 10 has at most 15 significant digits, and a decimal of at most 15
 * digits is the shortest text of the double nearest it. Otherwise the double nearest N·10^-p is
 * w = N / 10^p (both exact, one rounding); when the spacing of 16-digit decimals there, 10^-p, is
 * wider than the spacing of doubles, N's decimal is the only one of 16 digits or fewer that reads
 * back as w, so it is w's shortest text; else V8 writes w (one conversion where formatFloatDigits
 * makes three). Where N is past 2^53 (not a double), the spacing of doubles is wider than 10^-p
 * and the value's own shortest text is the answer. Values outside that range are written by
 * `formatFloatDigits`. The texts are written as bytes into one buffer and read back as one string.
 */
import { formatFloat, formatFloatDigits } from './numbers.ts';

const DIGITS = 16;
/** 10^i for i in 0 … 22, each exact. */
const POW10 = Float64Array.from({ length: 23 }, (_, i) => 10 ** i);
/** 2^27 + 1: Veltkamp's splitting factor for doubles. */
const SPLITTER = 134217729;
/** 10^p split into a high part of 26 bits and the rest, so that each product of halves is exact. */
const POW10_HIGH = POW10.map((power) => {
  const scaled = SPLITTER * power;
  return scaled - (scaled - power);
});
const POW10_LOW = POW10.map((power, p) => power - POW10_HIGH[p]!);
/** The values written here: their decimal exponent from -6 (fixed notation, as ECMAScript's) to 14. */
const MIN_DECIMAL_EXPONENT = -6;
const MAX_DECIMAL_EXPONENT = 14;
const LOWEST = 1e-6;
/** Binary exponents of the values written here (2^-20 < 10^-6; 10^15 < 2^50), and of w, one more. */
const MIN_BINARY_EXPONENT = -20;
const MAX_BINARY_EXPONENT = 50;
/** floor(log10(2^e)) by e − MIN_BINARY_EXPONENT: a value in [2^e, 2^(e+1)) has that decimal exponent or one more. */
const DECIMAL_EXPONENT = Int32Array.from({ length: MAX_BINARY_EXPONENT - MIN_BINARY_EXPONENT + 1 }, (_, i) =>
  Math.floor((i + MIN_BINARY_EXPONENT) * Math.log10(2)),
);
/** The spacing of doubles in [2^e, 2^(e+1)), 2^(e−52), by e − MIN_BINARY_EXPONENT. */
const SPACING = Float64Array.from({ length: MAX_BINARY_EXPONENT - MIN_BINARY_EXPONENT + 1 }, (_, i) => 2 ** (i + MIN_BINARY_EXPONENT - 52));
/** A double's bits, read through its two 32-bit words (the high one second: little-endian). */
const wordView = new Float64Array(1);
const wordBits = new Uint32Array(wordView.buffer);
const HIGHEST = 1e15;
const TWO_53 = 2 ** 53;
/** The most bytes one value takes: sign, "0." and 5 zeros, 16 digits; or 16 digits and ".0". */
const MAX_VALUE_BYTES = 26;
const ZERO = 48;
const DOT = 46;
const MINUS = 45;

let buffer = Buffer.allocUnsafe(1 << 16);
/** The 16 digits of the value being written (ASCII), most significant first. */
const digits = new Uint8Array(DIGITS);

/** Makes room for `bytes` in `buffer`, keeping the first `kept` bytes. */
function room(bytes: number, kept: number): void {
  if (bytes <= buffer.length) return;
  const grown = Buffer.allocUnsafe(Math.max(bytes, 2 * buffer.length));
  buffer.copy(grown, 0, 0, kept);
  buffer = grown;
}

/**
 * The four digits of 0 … 9999 as ASCII, leading zeros included. float32-text.ts has the same table,
 * `writeEightDigits` and buffer: taken from one module of their own, they made this loop twice as
 * slow (measured), so each writer keeps its own.
 */
const FOUR_DIGITS = Uint8Array.from({ length: 40000 }, (_, i) => ZERO + (Math.floor((i >> 2) / 10 ** (3 - (i & 3))) % 10));

/** The eight decimal digits of `value` (< 10^8, leading zeros included) into `digits` from `at`. */
function writeEightDigits(value: number, at: number): void {
  const high = (value / 10000) | 0;
  const low = value - high * 10000;
  const h = high << 2;
  const l = low << 2;
  digits[at] = FOUR_DIGITS[h]!;
  digits[at + 1] = FOUR_DIGITS[h + 1]!;
  digits[at + 2] = FOUR_DIGITS[h + 2]!;
  digits[at + 3] = FOUR_DIGITS[h + 3]!;
  digits[at + 4] = FOUR_DIGITS[l]!;
  digits[at + 5] = FOUR_DIGITS[l + 1]!;
  digits[at + 6] = FOUR_DIGITS[l + 2]!;
  digits[at + 7] = FOUR_DIGITS[l + 3]!;
}

/**
 * a·10^p rounded to an integer, a tie up; NaN when a·10^p is not within [10^15, 10^16) or its
 * double product not below 2^53 (a double then holds the integer inexactly).
 */
function roundedProduct(a: number, p: number): number {
  const high = a * POW10[p]!;
  if (!(high >= 1e15 && high < TWO_53)) return Number.NaN;
  // the exact error of that product (Dekker): a·10^p = high + low
  const scaled = SPLITTER * a;
  const aHigh = scaled - (scaled - a);
  const aLow = a - aHigh;
  const tenHigh = POW10_HIGH[p]!;
  const tenLow = POW10_LOW[p]!;
  const low = aHigh * tenHigh - high + aHigh * tenLow + aLow * tenHigh + aLow * tenLow;
  if (high === 1e15 && low < 0) return Number.NaN;
  // high = whole + fraction exactly; the sign of fraction − 1/2 + low (the sum's rounding keeps it) says which way
  let whole = Math.floor(high);
  let fraction = high - whole;
  if (fraction === 0 && low < 0) {
    whole -= 1;
    fraction = 1;
  }
  return fraction - 0.5 + low >= 0 ? whole + 1 : whole;
}

/** Writes `value`'s shortest text (`formatFloat`: V8's, one conversion) at `at` in `buffer`, and returns the end. */
function writeShortest(value: number, at: number): number {
  return at + buffer.write(formatFloat(value)!, at, 'latin1');
}

/**
 * Writes `value` (finite, not 0) at `at` in `buffer`, which has room for MAX_VALUE_BYTES, and returns
 * the end; -1 when this arithmetic does not decide its text.
 */
function writeDouble16(value: number, at: number): number {
  const a = Math.abs(value);
  if (!(a >= LOWEST && a < HIGHEST)) return -1;
  // the decimal exponent of the binary one's first value, or one more: the product says which
  wordView[0] = a;
  const binaryExponent = ((wordBits[1]! >>> 20) & 0x7ff) - 1023;
  let decimalExponent = DECIMAL_EXPONENT[binaryExponent - MIN_BINARY_EXPONENT]!;
  const product = a * POW10[DIGITS - 1 - decimalExponent]!;
  if (product < 1e15) decimalExponent--;
  else if (product >= 1e16) decimalExponent++;
  if (decimalExponent < MIN_DECIMAL_EXPONENT || decimalExponent > MAX_DECIMAL_EXPONENT) return -1;
  const p = DIGITS - 1 - decimalExponent;
  const n = roundedProduct(a, p);
  if (!(n < 1e16)) {
    // N past 2^53: 10^-p is below the spacing of doubles at a, so N's decimal, within half of it from
    // a, reads back as a, and a's shortest text is the answer (N's own digits when they end in 0)
    if (a * POW10[p]! >= TWO_53) return writeShortest(value, at);
    return -1;
  }
  // N = top·10^8 + bottom (the quotient's rounding may make top one too many)
  let top = Math.floor(n / 1e8);
  let bottom = n - top * 1e8;
  if (bottom < 0) {
    top--;
    bottom += 1e8;
  }
  let significant = DIGITS;
  if ((bottom | 0) % 10 !== 0) {
    // 16 significant digits: N's decimal is w's shortest text when doubles there are closer together than 10^-p
    const w = n / POW10[p]!;
    wordView[0] = w;
    const wExponent = ((wordBits[1]! >>> 20) & 0x7ff) - 1023;
    // otherwise w's shortest text is V8's to find (w is the double formatFloatDigits would write)
    if (SPACING[wExponent - MIN_BINARY_EXPONENT]! * POW10[p]! >= 1) return writeShortest(value < 0 ? -w : w, at);
  }
  writeEightDigits(top, 0);
  writeEightDigits(bottom, 8);
  while (digits[significant - 1] === ZERO) significant--;
  // the value is d₁.d₂… × 10^decimalExponent
  const point = decimalExponent + 1;
  const out = buffer;
  if (value < 0) out[at++] = MINUS;
  if (point >= significant) {
    for (let i = 0; i < significant; i++) out[at++] = digits[i]!;
    for (let i = significant; i < point; i++) out[at++] = ZERO;
    out[at++] = DOT;
    out[at++] = ZERO;
  } else if (point > 0) {
    for (let i = 0; i < point; i++) out[at++] = digits[i]!;
    out[at++] = DOT;
    for (let i = point; i < significant; i++) out[at++] = digits[i]!;
  } else {
    out[at++] = ZERO;
    out[at++] = DOT;
    for (let i = point; i < 0; i++) out[at++] = ZERO;
    for (let i = 0; i < significant; i++) out[at++] = digits[i]!;
  }
  return at;
}

/**
 * `values` written with `separator` between them, each as `formatFloatDigits(value, 16)` writes it;
 * a value that is not finite is `notFinite`.
 */
export function joinDoubles16(values: ArrayLike<number>, separator: string, notFinite: string): string {
  const separatorBytes = Uint8Array.from(Buffer.from(separator, 'latin1'));
  const perValue = separator.length + Math.max(MAX_VALUE_BYTES, notFinite.length);
  room(values.length * perValue, 0);
  const out = buffer;
  let at = 0;
  let previous = Number.NaN;
  let previousStart = 0;
  let previousEnd = 0;
  for (let i = 0; i < values.length; i++) {
    if (i > 0) for (let k = 0; k < separatorBytes.length; k++) out[at++] = separatorBytes[k]!;
    const value = values[i]!;
    if (value === previous) {
      // a value equal to the one before it (zeros at night): its bytes again
      for (let from = previousStart; from < previousEnd; from++) out[at++] = out[from]!;
      continue;
    }
    previous = value;
    previousStart = at;
    if (value === 0) {
      out[at++] = ZERO;
      out[at++] = DOT;
      out[at++] = ZERO;
    } else {
      const end = writeDouble16(value, at);
      at = end >= 0 ? end : at + out.write(formatFloatDigits(value, DIGITS) ?? notFinite, at, 'latin1');
    }
    previousEnd = at;
  }
  return out.toString('latin1', 0, at);
}
