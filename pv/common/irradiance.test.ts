import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { newPerezSky, newPoaComponents, PerezCase, perezPlaneOfArray, perezSkyCoefficients } from './irradiance.ts';

const DEG = Math.PI / 180;

function poaFor(dni: number, dhi: number, zenithDeg: number, incidenceDeg: number, tiltDeg: number, albedo = 0.2) {
  const sky = newPerezSky();
  perezSkyCoefficients(dni, dhi, zenithDeg * DEG, sky);
  const poa = newPoaComponents();
  perezPlaneOfArray(sky, zenithDeg * DEG, Math.cos(zenithDeg * DEG), incidenceDeg * DEG, Math.cos(tiltDeg * DEG), Math.sin(tiltDeg * DEG), albedo, poa);
  return { sky, poa };
}

describe('Perez sky model (docs/pv-model.md §9.2)', () => {
  it('gives back the global horizontal irradiance on a horizontal surface', () => {
    // flat: θ = Z, so the circumsolar term DHI·F1·cos Z/cos Z cancels the isotropic loss and the horizon term vanishes
    for (const [dni, dhi, zenithDeg] of [
      [800, 100, 30],
      [300, 250, 60],
      [50, 120, 80],
    ] as const) {
      const { sky, poa } = poaFor(dni, dhi, zenithDeg, zenithDeg, 0);
      assert.equal(sky.perezCase, PerezCase.full);
      assert.ok(sky.f1 > 0);
      assert.ok(Math.abs(poa.beamWm2 - dni * Math.cos(zenithDeg * DEG)) < 1e-9);
      assert.ok(Math.abs(poa.skyDiffuseWm2 - dhi) < 1e-9, `${poa.skyDiffuseWm2} vs ${dhi}`);
      assert.equal(poa.groundDiffuseWm2, 0);
    }
  });

  it('sees the ground with a vertical surface: ρ·GHI/2', () => {
    const { poa } = poaFor(600, 150, 40, 70, 90, 0.3);
    assert.ok(Math.abs(poa.groundDiffuseWm2 - (0.3 * (600 * Math.cos(40 * DEG) + 150)) / 2) < 1e-9);
  });

  it('puts clear skies in a high clearness bin with strong circumsolar brightening', () => {
    const clear = poaFor(900, 80, 30, 0, 30).sky;
    const overcast = poaFor(0, 300, 30, 0, 30).sky;
    assert.ok(clear.f1 > overcast.f1);
    assert.ok(overcast.f1 >= 0);
  });

  it('uses the isotropic sky without ground beyond 87.5° zenith, and beam only without diffuse', () => {
    const low = poaFor(100, 40, 88, 60, 30);
    assert.equal(low.sky.perezCase, PerezCase.lowSun);
    assert.ok(Math.abs(low.poa.skyDiffuseWm2 - (40 * (1 + Math.cos(30 * DEG))) / 2) < 1e-12);
    assert.ok(Math.abs(low.poa.beamWm2 - 100 * Math.cos(60 * DEG)) < 1e-12);
    assert.equal(low.poa.groundDiffuseWm2, 0);
    const noDiffuse = poaFor(500, 0, 40, 100, 30);
    assert.equal(noDiffuse.sky.perezCase, PerezCase.noDiffuse);
    assert.deepEqual(noDiffuse.poa, { beamWm2: 0, skyDiffuseWm2: 0, groundDiffuseWm2: 0 });
  });
});
