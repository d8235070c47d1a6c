import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { acPowerW, pvwattsInverter } from './inverter.ts';

describe('inverter (docs/pv-model.md §14.1)', () => {
  const inverter = pvwattsInverter(4000, 1.2, 96);

  it('runs at its nominal efficiency at rated input (load ratio 1)', () => {
    // (−0.0162 − 0.0059 + 0.9858) = 0.9637 = η_ref, so η = η_nom exactly at ζ = 1
    const ratedDc = inverter.dcRatingW;
    assert.ok(Math.abs(ratedDc - 4000 / 1.2 / 0.96) < 1e-9);
    assert.ok(Math.abs(acPowerW(inverter, ratedDc) / ratedDc - 0.96) < 1e-12);
  });

  it('is less efficient at part load', () => {
    const dc = inverter.dcRatingW * 0.1;
    const efficiency = ((-0.0162 * 0.1 - 0.0059 / 0.1 + 0.9858) * 0.96) / 0.9637;
    assert.ok(Math.abs(acPowerW(inverter, dc) - dc * efficiency) < 1e-9);
    assert.ok(efficiency < 0.96);
  });

  it('clips at the AC rating and gives 0 for no or negative DC', () => {
    assert.equal(acPowerW(inverter, 5000), 4000 / 1.2);
    assert.equal(acPowerW(inverter, 0), 0);
    assert.equal(acPowerW(inverter, -10), 0);
    assert.equal(acPowerW(inverter, Number.NaN), 0);
  });
});
