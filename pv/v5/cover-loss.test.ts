import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { incidenceAngleModifier, transmittedPoa } from './cover-loss.ts';

const DEG = Math.PI / 180;

/**
 * Transmittance of one layer from the Fresnel amplitude form (s and p reflectances written with
 * cosines, Hecht), with Bouguer absorption: an independent form of Duffie & Beckman 5.3.
 */
function fresnelTransmittance(incidenceRad: number, n1: number, n2: number, extinctionPerM: number, thicknessM: number) {
  const refraction = Math.asin((n1 * Math.sin(incidenceRad)) / n2);
  const ci = Math.cos(incidenceRad);
  const ct = Math.cos(refraction);
  const rs = ((n1 * ci - n2 * ct) / (n1 * ci + n2 * ct)) ** 2;
  const rp = ((n1 * ct - n2 * ci) / (n1 * ct + n2 * ci)) ** 2;
  return { transmittance: (1 - (rs + rp) / 2) * Math.exp((-extinctionPerM * thicknessM) / ct), refraction };
}

function glass(incidenceDeg: number): number {
  return fresnelTransmittance(incidenceDeg * DEG, 1, 1.526, 4, 0.002).transmittance;
}

function antiReflectiveGlass(incidenceDeg: number): number {
  const coating = fresnelTransmittance(incidenceDeg * DEG, 1, 1.3, 4, 0.00002);
  return coating.transmittance * fresnelTransmittance(coating.refraction, 1.3, 1.526, 4, 0.002).transmittance;
}

describe('cover incidence angle modifier (docs/pv-model.md §11.2)', () => {
  it('is the Fresnel transmittance normalised at 1°, for glass and for an AR coating on glass', () => {
    for (const angle of [5, 30, 50, 65, 75, 85, 89]) {
      assert.ok(Math.abs(incidenceAngleModifier(angle, false) - glass(angle) / glass(1)) < 1e-12, `glass ${angle}`);
      assert.ok(Math.abs(incidenceAngleModifier(angle, true) - antiReflectiveGlass(angle) / antiReflectiveGlass(1)) < 1e-12, `AR ${angle}`);
    }
    assert.equal(incidenceAngleModifier(1, false), 1);
  });

  it('loses less with the AR coating at steep angles', () => {
    assert.ok(incidenceAngleModifier(75, true) > incidenceAngleModifier(75, false));
  });

  it('clamps the angle at 0.5° and 89.5°', () => {
    assert.equal(incidenceAngleModifier(0.1, false), incidenceAngleModifier(0.5, false));
    assert.equal(incidenceAngleModifier(90, false), incidenceAngleModifier(89.5, false));
  });
});

describe('transmitted POA (docs/pv-model.md §11.2)', () => {
  it('takes the reflected share of the weather beam off the POA', () => {
    const expected = 700 - (1 - incidenceAngleModifier(60, false)) * 800 * Math.cos(60 * DEG);
    assert.ok(Math.abs(transmittedPoa(700, 800, 60, false) - expected) < 1e-9);
  });

  it('applies only for 0.5° < θ < 89.5° and keeps the result within [0, POA]', () => {
    assert.equal(transmittedPoa(700, 800, 0.5, false), 700);
    assert.equal(transmittedPoa(700, 800, 89.5, false), 700);
    assert.equal(transmittedPoa(0, 800, 80, false), 0);
  });
});
