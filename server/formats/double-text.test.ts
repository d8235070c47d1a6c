import assert from 'node:assert/strict';
import { test } from 'node:test';
import { joinDoubles16 } from './double-text.ts';
import { formatFloatDigits } from './numbers.ts';

/** What joinDoubles16 must write: each value as formatFloatDigits does, one at a time. */
const expected = (values: readonly number[]) => values.map((value) => formatFloatDigits(value, 16) ?? 'null').join(',');

/** A deterministic stream of 32-bit numbers (xorshift). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return state >>> 0;
  };
}

test('doubles of every magnitude written here, each with every bit of its mantissa drawn at random', () => {
  const next = random(20261129);
  const view = new DataView(new ArrayBuffer(8));
  const values: number[] = [];
  for (let i = 0; i < 200_000; i++) {
    // exponents from 2^-30 to 2^60: those written here and those beyond on both sides
    view.setUint32(0, ((1023 - 30 + (next() % 91)) << 20) | (next() & 0xfffff) | (next() & 1 ? 0x80000000 : 0));
    view.setUint32(4, next());
    values.push(view.getFloat64(0));
  }
  assert.equal(joinDoubles16(values, ',', 'null'), expected(values));
});

test('values next to powers of ten and of two, and at a 16th digit’s tie, are rounded as toPrecision rounds them', () => {
  const values: number[] = [];
  for (let e = -8; e <= 16; e++) {
    const power = Number(`1e${e}`);
    let below = power;
    let above = power;
    for (let k = 0; k < 40; k++) {
      values.push(below, above);
      below = nextDown(below);
      above = nextUp(above);
    }
  }
  for (let e = -24; e <= 52; e++) values.push(2 ** e, nextDown(2 ** e), nextUp(2 ** e));
  // dyadic values whose product with 10^p ends in exactly one half: 1 + 2^-16 = 1.0000152587890625
  for (let k = 1; k <= 52; k++) for (const whole of [1, 3, 7, 123, 98765]) values.push(whole + 2 ** -k, -(whole + 2 ** -k), (whole + 2 ** -k) / 1024);
  // ties where the 16 digits are past 2^53 (a·10 = 5t + 2.5 for a = t/2 + 1/4, a·100 = 25t + 12.5 for
  // a = t/4 + 1/8): toPrecision rounds them up, and the text is the value's shortest all the same
  for (let t = 0; t < 40; t++) values.push(9.1e14 + t / 2 + 0.25, 9.9e14 + 7 * t + 0.25, 9.1e13 + t / 4 + 0.125, 9.8e13 + 3 * t + 0.125);
  assert.equal(joinDoubles16(values, ',', 'null'), expected(values));
});

test('the values of a weather file and an hourly answer: short decimals, integers, zeros, negatives and the not finite', () => {
  const values = [
    0,
    -0,
    0,
    12.3,
    12.3,
    -7,
    1013,
    0.1,
    0.2 + 0.1,
    321.32715156216915,
    2 ** 53,
    1e21,
    5e-324,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    -1e-7,
    123456789012345.67,
  ];
  const text = joinDoubles16(values, ',', 'null');
  assert.equal(text, expected(values));
  assert.match(text, /^0\.0,0\.0,0\.0,12\.3,12\.3,-7\.0,1013\.0,0\.1,0\.3,321\.3271515621691,/);
});

test('a separator of several bytes, and an empty list', () => {
  assert.equal(joinDoubles16([1.5, 2.25], ', ', 'null'), '1.5, 2.25');
  assert.equal(joinDoubles16([], ',', 'null'), '');
});

function nextUp(value: number): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, value);
  view.setBigUint64(0, view.getBigUint64(0) + (value >= 0 ? 1n : -1n));
  return view.getFloat64(0);
}

function nextDown(value: number): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, value);
  view.setBigUint64(0, view.getBigUint64(0) + (value > 0 ? -1n : 1n));
  return view.getFloat64(0);
}
