import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { acPowerW, dcPowerW, pvwattsInverter, TEMPERATURE_COEFFICIENT_PER_C } from './dc-ac.ts';

describe('DC power (§11)', () => {
  it('is nameplate × irradiance/1000 × temperature factor × (1 − losses)', () => {
    // 4 kW at 1000 W/m² and 25 °C with 14 % losses: 3440 W
    assert.ok(Math.abs(dcPowerW(4000, -0.0047, 25, 1000, 14) - 3440) < 1e-9);
    // 10 °C hotter costs 4.7 % with standard modules: 4000·0.953·0.5·0.86
    assert.ok(Math.abs(dcPowerW(4000, -0.0047, 35, 500, 14) - 1639.16) < 1e-9);
    assert.deepEqual(TEMPERATURE_COEFFICIENT_PER_C, [-0.0047, -0.0035, -0.002]);
  });
});

describe('inverter (§11)', () => {
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
