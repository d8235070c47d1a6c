import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type EffectiveIrradiance, effectiveIrradiance } from './cec-module.ts';
import { moduleInput, moduleOracle, relativeError } from './fixtures/module-oracle.ts';
import { MODULE_TYPES } from './module-types.ts';
import { noctForArrayType } from '../common/noct.ts';
import { noctCellTemperatureC, WIND_FACTOR } from './noct-cell-temperature.ts';

describe('NOCT cell temperature as PVWatts v8 configures ssc noct_celltemp_t', () => {
  it("matches ssc's over irradiance, wind (0 to 30 m/s, around the 0.001 m/s floor), ambient, both NOCTs and module types", () => {
    const eff: EffectiveIrradiance = { frontWm2: 0, airMassModifier: 0 };
    let worst = 0;
    for (const row of moduleOracle().noct) {
      const [type, noct, beam, sky, ground, rear, zenith, incidence, elevation, tilt, ambient, wind, expected, ok] = row as number[];
      assert.equal(ok, 1);
      const module = MODULE_TYPES[type as 0 | 1 | 2];
      const record = moduleInput(beam!, sky!, ground!, rear!, zenith!, incidence!, elevation!, tilt!, ambient!, wind!);
      effectiveIrradiance(record, module.antiReflectiveGlass, eff);
      const got = noctCellTemperatureC(record, eff, module.cec, noct!, 0);
      // relative to the absolute temperature: in °C a value near 0 has no scale
      const error = relativeError(got + 273.15, expected! + 273.15);
      worst = Math.max(worst, error);
      assert.ok(error < 1e-9, `${row}: ${got} vs ${expected}`);
    }
    assert.ok(worst < 1e-9);
  });

  it('is NOCT at NOCT conditions for a module of no efficiency, and reduced by η/τα for a real one', () => {
    // Independent of ssc: 800 W/m² effective, 20 °C, wind such that 0.51·v = 1 m/s (9.5/(5.7 + 3.8) = 1)
    const eff: EffectiveIrradiance = { frontWm2: 800, airMassModifier: 1 };
    const record = moduleInput(0, 0, 0, 0, 0, 0, 0, 0, 20, 1 / WIND_FACTOR);
    const { cec } = MODULE_TYPES[0];
    const efficiency = (cec.impA * cec.vmpV) / (1000 * cec.areaM2);
    const expected = 20 + (45 - 20) * (1 - efficiency / 0.9);
    assert.ok(Math.abs(noctCellTemperatureC(record, eff, cec, 45, 0) - expected) < 1e-12);
    assert.ok(noctCellTemperatureC(record, eff, cec, 49, 0) > noctCellTemperatureC(record, eff, cec, 45, 0));
  });

  it('floors the scaled wind at 0.001 m/s and does not count the rear irradiance', () => {
    const eff: EffectiveIrradiance = { frontWm2: 500, airMassModifier: 0.99 };
    const { cec } = MODULE_TYPES[2];
    const still = noctCellTemperatureC(moduleInput(0, 0, 0, 0, 0, 0, 0, 0, 10, 0), eff, cec, 45, 0);
    assert.equal(noctCellTemperatureC(moduleInput(0, 0, 0, 0, 0, 0, 0, 0, 10, 0.0019), eff, cec, 45, 0), still);
    assert.ok(noctCellTemperatureC(moduleInput(0, 0, 0, 0, 0, 0, 0, 0, 10, 0.0021), eff, cec, 45, 0) < still);
    assert.equal(noctCellTemperatureC(moduleInput(0, 0, 0, 300, 0, 0, 0, 0, 10, 0), eff, cec, 45, 0), still);
  });

  it("returns the caller's value without front irradiance, as ssc leaves v8's tmod at 0", () => {
    const eff: EffectiveIrradiance = { frontWm2: 0, airMassModifier: 1 };
    const record = moduleInput(0, 0, 0, 100, 30, 20, 0, 20, 17, 2);
    assert.equal(noctCellTemperatureC(record, eff, MODULE_TYPES[0].cec, 45, 0), 0);
    assert.equal(noctCellTemperatureC(record, eff, MODULE_TYPES[0].cec, 45, -99), -99);
    eff.frontWm2 = Number.NaN;
    assert.equal(noctCellTemperatureC(record, eff, MODULE_TYPES[0].cec, 45, 0), 0);
  });

  it('uses 49 °C on roof mounts (array_type 1) and 45 °C otherwise', () => {
    assert.deepEqual([0, 1, 2, 3, 4].map(noctForArrayType), [45, 49, 45, 45, 45]);
  });
});
