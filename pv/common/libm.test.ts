import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FixedPower } from './libm.ts';

/** |a − b| in units of 2^−52·|b| (one to two ulps of b). */
function ulps(a: number, b: number): number {
  return Math.abs(a - b) / (Math.abs(b) * 2 ** -52);
}

describe('FixedPower', () => {
  it('is within 3·2^−52 of Math.pow, relative, over the tables’ whole range, for the exponents the cell temperature uses and others', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (const exponent of [-0.12, -0.648, 0.84 - 0.32 * 4.52, 0.32, 1 / 3, 0.5, -1, 1]) {
      const power = new FixedPower(exponent);
      let worst = 0;
      for (let i = 0; i < 200_000; i++) {
        // half in the film temperatures' range (K), half spread over 2^−120 … 2^120
        const x = i % 2 === 0 ? 200 + 200 * random() : 2 ** (240 * random() - 120);
        worst = Math.max(worst, ulps(power.of(x), Math.pow(x, exponent)));
      }
      assert.ok(worst <= 3, `x^${exponent}: worst ${worst} × 2^−52`);
    }
  });

  it('hands 0, negatives, infinities, NaN and values beyond its tables to Math.pow', () => {
    const power = new FixedPower(0.32);
    for (const x of [0, -0, -2, Number.POSITIVE_INFINITY, 2 ** -300, 2 ** 300, Number.MIN_VALUE]) assert.equal(power.of(x), Math.pow(x, 0.32));
    assert.ok(Number.isNaN(power.of(Number.NaN)));
  });
});
