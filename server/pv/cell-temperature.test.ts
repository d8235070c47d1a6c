import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FuentesCellTemperature, skyTemperatureK, windAtModuleMs } from './cell-temperature.ts';

/** Steady state of the model under constant conditions (the memory has faded after 40 hours). */
function steadyStateC(noctC: number, poaWm2: number, ambientC: number, skyK: number, windMs: number): number {
  const model = new FuentesCellTemperature(noctC, 1);
  let cellC = Number.NaN;
  for (let hour = 0; hour < 40; hour++) cellC = model.cellTemperatureC(poaWm2, ambientC, skyK, windMs);
  return cellC;
}

describe('Fuentes cell temperature (§10)', () => {
  it('reproduces its own NOCT at NOCT conditions (800 W/m², 20 °C, 1 m/s, sky 282.21 K)', () => {
    // The set-up calibrates the convection and ground terms so that this steady state is the NOCT.
    assert.ok(Math.abs(steadyStateC(45, 800, 20, 282.21, 1) - 45) < 1e-9);
    assert.ok(Math.abs(steadyStateC(49, 800, 20, 282.21, 1) - 49) < 1e-9);
  });

  it('runs hotter with more sun and cooler with more wind', () => {
    const sky = skyTemperatureK(25);
    const base = steadyStateC(45, 800, 25, sky, windAtModuleMs(2));
    assert.ok(steadyStateC(45, 1000, 25, sky, windAtModuleMs(2)) > base);
    assert.ok(steadyStateC(45, 800, 25, sky, windAtModuleMs(8)) < base);
    assert.ok(base > 25);
  });

  it('has thermal memory: one minute after dawn the module has not yet warmed to its steady state', () => {
    const model = new FuentesCellTemperature(45, 1 / 60);
    model.cellTemperatureC(0, 15, skyTemperatureK(15), windAtModuleMs(1));
    const afterOneMinute = model.cellTemperatureC(600, 15, skyTemperatureK(15), windAtModuleMs(1));
    let later = afterOneMinute;
    for (let minute = 0; minute < 120; minute++) later = model.cellTemperatureC(600, 15, skyTemperatureK(15), windAtModuleMs(1));
    assert.ok(afterOneMinute > 15 && afterOneMinute < later - 5, `${afterOneMinute} then ${later}`);
  });

  it('is at ambient without irradiance, and restarts from ambient', () => {
    const model = new FuentesCellTemperature(45, 1);
    model.cellTemperatureC(900, 30, skyTemperatureK(30), windAtModuleMs(1));
    assert.equal(model.cellTemperatureC(0, 12.5, skyTemperatureK(12.5), windAtModuleMs(1)), 12.5);
    assert.equal(model.cellTemperatureC(Number.NaN, 11, skyTemperatureK(11), windAtModuleMs(1)), 11);
    const fresh = new FuentesCellTemperature(45, 1);
    fresh.cellTemperatureC(0, 11, skyTemperatureK(11), windAtModuleMs(1));
    assert.equal(
      model.cellTemperatureC(400, 11, skyTemperatureK(11), windAtModuleMs(1)),
      fresh.cellTemperatureC(400, 11, skyTemperatureK(11), windAtModuleMs(1)),
    );
  });

  it('corrects wind to module height and derives the sky temperature from the ambient', () => {
    assert.ok(Math.abs(windAtModuleMs(3) - (3 * (5 / 9.144) ** 0.2 + 0.0001)) < 1e-12);
    assert.equal(windAtModuleMs(0), 0.0001);
    const ambientK = 20 + 273.15;
    assert.ok(Math.abs(skyTemperatureK(20) - (0.68 * 0.0552 * ambientK ** 1.5 + 0.32 * ambientK)) < 1e-9);
  });
});
