import assert from 'node:assert/strict';
import { test } from 'node:test';
import { joinFloat32 } from './float32-text.ts';
import { formatFloat } from './numbers.ts';

/** Each value's text as formatFloat writes it (V8's shortest round-trip text), JSON's null for no number. */
const expected = (values: Float32Array) => Array.from(values, (value) => formatFloat(value) ?? 'null');

/** The float32 value of these bits. */
function fromBits(bits: number[]): Float32Array {
  return new Float32Array(Uint32Array.from(bits).buffer);
}

test('single-precision values are written as formatFloat writes them: across every binary exponent, at the edges of the arithmetic, and where it gives up', () => {
  // xorshift: the same values every run
  let state = 0x9e3779b9;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return state >>> 0;
  };
  const bits: number[] = [];
  // every exponent of both signs, 1,000 significands each (the arithmetic covers 2^-19 to 2^24)
  for (let biased = 0; biased < 256; biased++) {
    for (let i = 0; i < 1000; i++) bits.push(((next() & 1) << 31) | (biased << 23) | (next() & 0x7fffff));
  }
  // powers of two, their neighbours, and the neighbours of every power of ten
  for (let biased = 1; biased < 255; biased++) bits.push(biased << 23, (biased << 23) + 1, (biased << 23) - 1);
  const probe = new Float32Array(1);
  const probeBits = new Uint32Array(probe.buffer);
  for (let power = -45; power <= 38; power++) {
    probe[0] = Number(`1e${power}`);
    bits.push(probeBits[0]! - 1, probeBits[0]!, probeBits[0]! + 1);
  }
  const values = fromBits(bits);
  // and values of a PVWatts answer's size: W, W/m², °C and integers
  const typical = Float32Array.from([
    0,
    -0,
    1,
    10,
    100,
    1e7,
    16777215,
    16777216,
    0.1,
    0.3,
    1.5,
    486.12603759765625,
    40.0099983215332,
    -105.26000213623047,
    2 ** -19,
    2 ** -20,
  ]);
  const all = new Float32Array([...values, ...typical]);
  assert.deepEqual(joinFloat32(all, '', '', ',', 'null').split(','), expected(all));
});

test('values are framed by before, after and the separator, repeated values included; not-a-number and infinities are the text given for them', () => {
  const values = Float32Array.from([0, 0, 1.5, 1.5, Number.NaN, Number.POSITIVE_INFINITY, -2.25, 0]);
  assert.equal(joinFloat32(values, '', '', ',', 'null'), '0.0,0.0,1.5,1.5,null,null,-2.25,0.0');
  assert.equal(
    joinFloat32(values.subarray(2, 5), '  <ac type="float">', '</ac>\n', '', ''),
    '  <ac type="float">1.5</ac>\n  <ac type="float">1.5</ac>\n  <ac type="float"></ac>\n',
  );
  assert.equal(joinFloat32(new Float32Array(0), '', '', ',', 'null'), '');
});

test('a year of hourly values larger than the first buffer is written whole', () => {
  const values = Float32Array.from({ length: 8760 * 4 }, (_, i) => Math.fround(Math.sin(i) * 1234.567));
  const text = joinFloat32(values, '<v>', '</v>', '\n', '');
  assert.deepEqual(
    text.split('\n'),
    expected(values).map((value) => `<v>${value}</v>`),
  );
});
