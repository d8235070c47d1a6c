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

describe('Fuentes cell temperature (docs/pv-model.md §12.1)', () => {
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

/** docs/pv-model.md §12.1 written out with Math.pow, iterating exactly ten times as ssc does. */
function tenIterations(noctC: number, stepHours: number) {
  const sigma = 5.669e-8;
  const noctK = noctC + 273.15;
  const air = (t: number) => {
    const density = (0.003484 * 101325) / t;
    return { density, viscosity: (0.24237e-6 * Math.pow(t, 0.76)) / density, conductivity: 2.1695e-4 * Math.pow(t, 0.84) };
  };
  const film0 = (noctK + 293.15) / 2;
  const a0 = air(film0);
  const forced0 = (0.86 * Math.pow(0.5 / a0.viscosity, -0.5) * a0.density * 1007) / Math.pow(0.71, 0.67);
  const grashof0 = (((9.8 / film0) * (noctK - 293.15) * 0.125) / (a0.viscosity * a0.viscosity)) * 0.5;
  const free0 = (0.21 * Math.pow(grashof0 * 0.71, 0.32) * a0.conductivity) / 0.5;
  const convection0 = Math.pow(free0 ** 3 + forced0 ** 3, 1 / 3);
  const ground0 = 0.84 * sigma * (noctK ** 2 + 293.15 ** 2) * (noctK + 293.15);
  const back = (0.83 * 800 - 0.84 * sigma * (noctK ** 4 - 282.21 ** 4) - convection0 * (noctK - 293.15)) / ((ground0 + convection0) * (noctK - 293.15));
  let groundK = Math.pow(noctK ** 4 - back * (noctK ** 4 - 293.15 ** 4), 0.25);
  groundK = Math.max(293.15, Math.min(groundK, noctK));
  const groundRatio = (groundK - 293.15) / (noctK - 293.15);
  const convectionRatio = (0.83 * 800 - 0.84 * sigma * (2 * noctK ** 4 - 282.21 ** 4 - groundK ** 4)) / (convection0 * (noctK - 293.15));
  const capacity = noctK > 321.15 ? 11000 * (1 + (noctK - 321.15) / 12) : 11000;
  let previousK = 293.15;
  let previousAbsorbed = 0;
  return (poa: number, ambientC: number, skyK: number, wind: number): number => {
    if (!(poa > 0)) {
      previousK = ambientC + 273.15;
      previousAbsorbed = 0;
      return ambientC;
    }
    const ambientK = ambientC + 273.15;
    const absorbed = 0.83 * poa;
    let moduleK = previousK;
    for (let i = 0; i < 10; i++) {
      const film = (moduleK + ambientK) / 2;
      const a = air(film);
      const reynolds = (wind * 0.5) / a.viscosity;
      const forced =
        reynolds > 1.2e5
          ? (0.0282 * Math.pow(reynolds, -0.2) * a.density * wind * 1007) / Math.pow(0.71, 0.4)
          : (0.86 * Math.pow(reynolds, -0.5) * a.density * wind * 1007) / Math.pow(0.71, 0.67);
      const grashof = (((9.8 / film) * Math.abs(moduleK - ambientK) * 0.125) / (a.viscosity * a.viscosity)) * 0.5;
      const free = (0.21 * Math.pow(grashof * 0.71, 0.32) * a.conductivity) / 0.5;
      const convection = convectionRatio * Math.pow(free ** 3 + forced ** 3, 1 / 3);
      const sky = 0.84 * sigma * (moduleK ** 2 + skyK ** 2) * (moduleK + skyK);
      const ground = ambientK + groundRatio * (moduleK - ambientK);
      const groundExchange = 0.84 * sigma * (moduleK ** 2 + ground ** 2) * (moduleK + ground);
      const exchange = convection + sky + groundExchange;
      const lambda = (-exchange / capacity) * stepHours * 3600;
      const decay = lambda > -10 ? Math.exp(lambda) : 0;
      moduleK =
        previousK * decay +
        ((1 - decay) * (convection * ambientK + sky * skyK + groundExchange * ground + previousAbsorbed + (absorbed - previousAbsorbed) / lambda) +
          absorbed -
          previousAbsorbed) /
          exchange;
    }
    previousK = moduleK;
    previousAbsorbed = absorbed;
    return moduleK - 273.15;
  };
}

describe('Fuentes cell temperature against ssc’s ten iterations (docs/pv-model.md §12.1)', () => {
  it('agrees within 1e-9 K over seeded random weather, including hours near the turbulent and decay switches and at ambient', () => {
    let seed = 20260101;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (const [noctC, stepHours] of [
      [45, 1],
      [49, 1],
      [45, 1 / 60],
    ] as const) {
      const model = new FuentesCellTemperature(noctC, stepHours);
      const reference = tenIterations(noctC, stepHours);
      let worst = 0;
      for (let hour = 0; hour < 100000; hour++) {
        const night = random() < 0.15;
        const poa = night ? 0 : random() < 0.3 ? random() * 20 : random() * 1100;
        const ambientC = -25 + random() * 65;
        // a third of the hours get the wind that puts the laminar–turbulent switch (Re = 1.2e5) at a
        // film temperature within 2 K of the ambient, where low sun leaves the module
        const draw = random();
        const switchFilmK = ambientC + 273.15 + (random() - 0.5) * 4;
        const wind =
          draw < 0.05
            ? windAtModuleMs(30 + random() * 40)
            : draw < 0.35
              ? (1.2e5 * (0.24237e-6 / (0.003484 * 101325)) * Math.pow(switchFilmK, 1.76)) / 0.5
              : windAtModuleMs(random() * 12);
        const skyK = skyTemperatureK(ambientC);
        const expected = reference(poa, ambientC, skyK, wind);
        const actual = model.cellTemperatureC(poa, ambientC, skyK, wind);
        worst = Math.max(worst, Math.abs(actual - expected));
      }
      assert.ok(worst < 1e-9, `NOCT ${noctC}, step ${stepHours} h: worst ${worst} K`);
    }
  });

  it('follows the plain iterates when a fixed point of the other (turbulent) branch lies next to theirs', () => {
    // Two hours of 723170TYA.CSV under a west-facing 1-axis tracker: in the second, the laminar and
    // the turbulent branch each have a fixed point, 1.2e-3 K apart on either side of the switch.
    const model = new FuentesCellTemperature(45, 1);
    const reference = tenIterations(45, 1);
    for (const [poa, ambientC, wind] of [
      [30.79937744140625, 23.899999618530273, 4.6087113502831185],
      [9.732962608337402, 21.100000381469727, 3.6338128441779007],
    ]) {
      const skyK = skyTemperatureK(ambientC!);
      const expected = reference(poa!, ambientC!, skyK, wind!);
      const actual = model.cellTemperatureC(poa!, ambientC!, skyK, wind!);
      assert.ok(Math.abs(actual - expected) < 1e-9, `${actual} vs ${expected}`);
    }
  });
});
