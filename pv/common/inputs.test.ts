import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatG } from './inputs.ts';

describe('%g formatting of values in messages', () => {
  it('prints 6 significant digits without trailing zeros, exponents outside 1e-4..1e6', () => {
    assert.equal(formatG(3.5), '3.5');
    assert.equal(formatG(Math.fround(99.6)), '99.6');
    assert.equal(formatG(500000), '500000');
    assert.equal(formatG(1234567), '1.23457e+06');
    assert.equal(formatG(0.00001), '1e-05');
    assert.equal(formatG(-5), '-5');
    assert.equal(formatG(0), '0');
  });
});
