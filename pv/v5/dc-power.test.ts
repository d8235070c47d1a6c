import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dcPowerW, TEMPERATURE_COEFFICIENT_PER_C } from './dc-power.ts';

describe('DC power (docs/pv-model.md §13.1)', () => {
  it('is nameplate × irradiance/1000 × temperature factor × (1 − losses)', () => {
    // 4 kW at 1000 W/m² and 25 °C with 14 % losses: 3440 W
    assert.ok(Math.abs(dcPowerW(4000, -0.0047, 25, 1000, 14) - 3440) < 1e-9);
    // 10 °C hotter costs 4.7 % with standard modules: 4000·0.953·0.5·0.86
    assert.ok(Math.abs(dcPowerW(4000, -0.0047, 35, 500, 14) - 1639.16) < 1e-9);
    assert.deepEqual(TEMPERATURE_COEFFICIENT_PER_C, [-0.0047, -0.0035, -0.002]);
  });
});
