/**
 * The text of many single-precision values at once, each exactly as `formatFloat` writes it (the
 * shortest text that reads back as the same double, `.0` when integral): a PVWatts v6 hourly answer
 * holds 8 × 8,760 of them, and V8's own number-to-text takes about 250 ns for a value of 17 digits.
 *
 * A single-precision value a = M·2^E (M < 2^24) widened to double is found digit for digit with
 * exact double arithmetic: P = a·10^p for the p that puts P in [10^16, 10^17) is split exactly into
 * an integer I (two parts below 10^9 and 10^8) and a fraction f, and the double's round-trip interval
 * is P ± H with H = 2^(E−30)·10^p (half the double's spacing, in the same units). The shortest text
 * is the nearest multiple of the largest power 10^j within H (ECMAScript's Number::toString; a tie
 * goes to the even digit, as V8 does); 17 digits always are. Values outside that arithmetic's range
 * (below 2^−19, from 2^24 up, powers of two, not finite) are written by `formatFloat`. The texts are
 * written as bytes into one buffer and read back as one string.
 */
import { formatFloat } from './numbers.ts';

const POW10 = Float64Array.from({ length: 23 }, (_, i) => 10 ** i);
/** 10^p split into a high part of 26 bits and the rest (Veltkamp), so that a·part is exact for a of 24 bits. */
const POW10_HIGH = POW10.map((power) => {
  const scaled = 134217729 * power;
  return scaled - (scaled - power);
});
const POW10_LOW = POW10.map((power, p) => power - POW10_HIGH[p]!);
/** Binary exponents of the values written here, 2^MIN_EXPONENT ≤ |a| < 2^(MAX_EXPONENT + 1). */
const MIN_EXPONENT = -19;
const MAX_EXPONENT = 23;
/** floor(log10(2^e)) by e − MIN_EXPONENT: a value in [2^e, 2^(e+1)) has that or one more digit before its point. */
const DECIMAL_EXPONENT = Int32Array.from({ length: MAX_EXPONENT - MIN_EXPONENT + 1 }, (_, i) => Math.floor((i + MIN_EXPONENT) * Math.log10(2)));
/** 10^(that + 1): the values from it up have one more digit (no single-precision value is within rounding of it). */
const NEXT_POWER_OF_TEN = Float64Array.from(DECIMAL_EXPONENT, (decimalExponent) => Number(`1e${decimalExponent + 1}`));
/** Half the spacing of doubles in [2^e, 2^(e+1)), 2^(e−53), by e − MIN_EXPONENT. */
const HALF_SPACING = Float64Array.from({ length: MAX_EXPONENT - MIN_EXPONENT + 1 }, (_, i) => 2 ** (i + MIN_EXPONENT - 53));
/** The most bytes one value takes: sign, 17 digits, "0." and 5 leading zeros, or ".0". */
const MAX_VALUE_BYTES = 26;
const ZERO = 48;
const DOT = 46;
const MINUS = 45;

let buffer = Buffer.allocUnsafe(1 << 16);
/** The digits of the value being written (ASCII), most significant first. */
const digits = new Uint8Array(18);

/** Makes room for `bytes` in `buffer`, keeping the first `kept` bytes. */
function room(bytes: number, kept: number): void {
  if (bytes <= buffer.length) return;
  const grown = Buffer.allocUnsafe(Math.max(bytes, 2 * buffer.length));
  buffer.copy(grown, 0, 0, kept);
  buffer = grown;
}

/** The four digits of 0 … 9999 as ASCII, leading zeros included. */
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
 * Writes the value of single-precision bits `bits` (signed; `value`, not 0) at `at` in `buffer`, which has
 * room for MAX_VALUE_BYTES, and returns the end; -1 when it is outside this arithmetic's range.
 */
function writeFloat32(bits: number, value: number, at: number): number {
  const exponent = ((bits >>> 23) & 0xff) - 127;
  if (exponent < MIN_EXPONENT || exponent > MAX_EXPONENT || (bits & 0x7fffff) === 0) return -1;
  const magnitude = Math.abs(value);
  // P = a·10^p = high + low exactly, for the p that puts P in [10^16, 10^17)
  let decimalExponent = DECIMAL_EXPONENT[exponent - MIN_EXPONENT]!;
  if (magnitude >= NEXT_POWER_OF_TEN[exponent - MIN_EXPONENT]!) decimalExponent++;
  const p = 16 - decimalExponent;
  const high = magnitude * POW10_HIGH[p]!;
  const low = magnitude * POW10_LOW[p]!;
  // high (≥ 2^53) is an integer: P = top·10^8 + bottom + fraction, top and bottom integers
  let top = Math.floor(high / 1e8);
  let highBottom = high - top * 1e8;
  if (highBottom < 0) {
    highBottom += 1e8;
    top--;
  }
  const lowWhole = Math.floor(low);
  const fraction = low - lowWhole;
  const lowTop = Math.floor(lowWhole / 1e8);
  let bottom = highBottom + (lowWhole - lowTop * 1e8);
  top += lowTop;
  if (bottom >= 1e8) {
    bottom -= 1e8;
    top++;
  }
  if (!(top >= 1e8 && top < 1e9)) return -1;
  // the 17 digits of top·10^8 + bottom
  const topInt = top | 0;
  const leading = (topInt / 1e8) | 0;
  digits[0] = ZERO + leading;
  writeEightDigits(topInt - leading * 1e8, 1);
  writeEightDigits(bottom | 0, 9);
  const halfWidth = HALF_SPACING[exponent - MIN_EXPONENT]! * POW10[p]!;

  // The nearest multiple of 10^0 = 1 is always within halfWidth (≥ 0.55; a tie goes to the even
  // one); then the nearest multiple of the largest 10^j that still is (a tie is within reach for j = 1
  // only). For j ≤ 8 the distance below is P mod 10^j; beyond, only P's last 8 digits and fraction
  // can be within reach, when the digits above them, up to 10^j, are all 0 (below) or all 9 (above).
  let kept = 0;
  // (the ASCII digits have the parity of the digits)
  let up = fraction > 0.5 || (fraction === 0.5 && (digits[16]! & 1) === 1);
  let below = fraction;
  let zerosAbove = true;
  let ninesAbove = true;
  for (let j = 1; j <= 16; j++) {
    const digit = digits[17 - j]! - ZERO;
    let above: number;
    let tieGoesUp = false;
    if (j <= 8) {
      below += digit * POW10[j - 1]!;
      above = POW10[j]! - below;
      if (j === 1) tieGoesUp = (digits[15]! & 1) === 1;
    } else {
      zerosAbove &&= digit === 0;
      ninesAbove &&= digit === 9;
      const tail = bottom + fraction;
      below = zerosAbove ? tail : Number.POSITIVE_INFINITY;
      above = ninesAbove ? 1e8 - tail : Number.POSITIVE_INFINITY;
    }
    if (!(below <= halfWidth || above <= halfWidth)) break;
    kept = j;
    up = above < below || (above === below && tieGoesUp);
  }

  // that multiple: the first 17 − kept digits, the last of them increased when rounding up
  let length = 17;
  let significant = 17 - kept;
  if (up) {
    let i = significant - 1;
    while (i >= 0 && digits[i] === ZERO + 9) digits[i--] = ZERO;
    if (i >= 0) {
      digits[i]!++;
    } else {
      // all nines: a power of ten, one digit longer
      digits[0] = ZERO + 1;
      length = 18;
      significant = 1;
    }
  }
  while (digits[significant - 1] === ZERO) significant--;
  // the value is 0.d₁d₂… × 10^point
  const point = length - p;

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
 * `values` written as `before` + the value's text + `after` each, separated by `separator` (JSON's
 * items are `"", "", ","`; an XML list's elements another `before` and `after`); a value that is not
 * finite is `notFinite`. Each text is `formatFloat`'s.
 */
export function joinFloat32(values: Float32Array, before: string, after: string, separator: string, notFinite: string): string {
  // the bits as signed integers: they stay small integers for the JIT, negative values included
  const bits = new Int32Array(values.buffer, values.byteOffset, values.length);
  const beforeBytes = Uint8Array.from(Buffer.from(before, 'latin1'));
  const afterBytes = Uint8Array.from(Buffer.from(after, 'latin1'));
  const separatorBytes = Uint8Array.from(Buffer.from(separator, 'latin1'));
  const perValue = before.length + after.length + separator.length + Math.max(MAX_VALUE_BYTES, notFinite.length);
  room(values.length * (perValue - MAX_VALUE_BYTES + 20), 0);
  let out = buffer;
  let at = 0;
  let previousBits = 0;
  let previousStart = 0;
  let previousEnd = 0;
  for (let i = 0; i < values.length; i++) {
    if (at + perValue > out.length) {
      room(at + perValue, at);
      out = buffer;
    }
    if (i > 0) for (let k = 0; k < separatorBytes.length; k++) out[at++] = separatorBytes[k]!;
    const valueBits = bits[i]!;
    if (i > 0 && valueBits === previousBits) {
      // a value equal to the one before it (zeros at night): its bytes again
      for (let from = previousStart; from < previousEnd; from++) out[at++] = out[from]!;
      continue;
    }
    previousBits = valueBits;
    previousStart = at;
    for (let k = 0; k < beforeBytes.length; k++) out[at++] = beforeBytes[k]!;
    const value = values[i]!;
    if ((valueBits & 0x7fffffff) === 0) {
      out[at++] = ZERO;
      out[at++] = DOT;
      out[at++] = ZERO;
    } else {
      const end = writeFloat32(valueBits, value, at);
      at = end >= 0 ? end : at + out.write(formatFloat(value) ?? notFinite, at, 'latin1');
    }
    for (let k = 0; k < afterBytes.length; k++) out[at++] = afterBytes[k]!;
    previousEnd = at;
  }
  return out.toString('latin1', 0, at);
}
