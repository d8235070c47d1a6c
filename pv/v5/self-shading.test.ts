import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { beamShadeFactor, diffuseShadeFactors, maskAngleDeg, RowGeometry, shadeFraction, sunUnitVector } from './self-shading.ts';

const DEG = Math.PI / 180;

/**
 * Shaded width fraction of a row between identical horizontal-axis rows, in the 2-D cross-section
 * (pvlib / ssc HEAD closed form), for a row turned toward the sun: rotation R and the sun's
 * projected angle R_T in the cross-axis plane.
 */
function closedFormShadeFraction(gcr: number, rotationRad: number, projectedSunRad: number): number {
  const tan = Math.tan(projectedSunRad);
  const f = (gcr * Math.cos(rotationRad) + gcr * Math.sin(rotationRad) * tan - 1) / (gcr * (Math.sin(rotationRad) * tan + Math.cos(rotationRad)));
  return Math.min(1, Math.max(0, f));
}

describe('sun unit vector (docs/pv-model.md §8.1)', () => {
  it('is (cos α sin A, cos α cos A, sin α) in every quadrant', () => {
    for (const azimuthDeg of [0, 45, 90, 135, 180, 225, 270, 315, 359]) {
      const sun = { x: 0, y: 0, z: 0 };
      sunUnitVector(azimuthDeg, 60, sun);
      const elevation = 30 * DEG;
      assert.ok(Math.abs(sun.x - Math.cos(elevation) * Math.sin(azimuthDeg * DEG)) < 1e-12);
      assert.ok(Math.abs(sun.y - Math.cos(elevation) * Math.cos(azimuthDeg * DEG)) < 1e-12);
      assert.ok(Math.abs(sun.z - Math.sin(elevation)) < 1e-12);
    }
  });
});

describe('three-row beam shade fraction (docs/pv-model.md §8.2–8.3)', () => {
  it('equals the 2-D closed form for horizontal north–south rows turned toward the sun', () => {
    for (const gcr of [0.3, 0.4, 0.7]) {
      const rows = new RowGeometry(0, 180, gcr);
      for (const [azimuthDeg, zenithDeg] of [
        [100, 80],
        [260, 75],
        [250, 85],
        [90, 88],
        [120, 70],
      ] as const) {
        const sun = { x: 0, y: 0, z: 0 };
        sunUnitVector(azimuthDeg, zenithDeg, sun);
        const projectedSun = Math.atan2(-sun.x, sun.z); // positive toward the west for a south-pointing axis
        for (const magnitudeDeg of [5, 20, 35, 45]) {
          const rotationDeg = Math.sign(projectedSun) * magnitudeDeg;
          const expected = closedFormShadeFraction(gcr, rotationDeg * DEG, projectedSun);
          const actual = shadeFraction(rows, sun, rotationDeg);
          assert.ok(Math.abs(actual - expected) < 1e-9, `gcr ${gcr} sun ${azimuthDeg}/${zenithDeg} R ${rotationDeg}: ${actual} vs ${expected}`);
        }
      }
    }
  });

  it('is 0 with the sun overhead or behind the rows', () => {
    const rows = new RowGeometry(0, 180, 0.4);
    const sun = { x: 0, y: 0, z: 0 };
    sunUnitVector(180, 10, sun);
    assert.equal(shadeFraction(rows, sun, 0), 0);
    sunUnitVector(90, 80, sun);
    assert.equal(shadeFraction(rows, sun, 40), 0);
  });

  it('stores the beam factor 1 − f in single precision', () => {
    assert.equal(beamShadeFactor(0.3), Math.fround(0.7));
    assert.equal(beamShadeFactor(0), 1);
  });
});

describe('diffuse self-shading (docs/pv-model.md §8.5)', () => {
  it('takes the mask angle of the row in front with ssc’s 3.1415926', () => {
    // biome-ignore lint/suspicious/noApproximativeNumericConstant: ssc's own approximation of π is what is tested
    assert.ok(Math.abs(maskAngleDeg(30, 0.5) - (180 / 3.1415926) * Math.atan2(0.5, 2 - Math.cos(30 * DEG))) < 1e-12);
    assert.equal(maskAngleDeg(0, 0.4), 0);
  });

  it('reduces the sky diffuse by the masked sky share, (1 − cos²(φ0/2))·999/1000 of the horizontal value', () => {
    const factors = { sky: 0, ground: 0 };
    const tiltDeg = 30;
    const poaDiffuse = 200;
    const mask = maskAngleDeg(tiltDeg, 0.4);
    diffuseShadeFactors(50, tiltDeg, 500, poaDiffuse, 0.4, mask, 0.2, factors);
    const horizontal = (poaDiffuse * 2) / (1 + Math.cos(tiltDeg * DEG));
    const expectedSky = (poaDiffuse - horizontal * (1 - Math.cos((mask / 2) * DEG) ** 2) * 0.999) / poaDiffuse;
    assert.ok(Math.abs(factors.sky - expectedSky) < 1e-12);
    assert.ok(factors.ground > 0 && factors.ground < 1);
  });

  it('leaves flat rows and very small diffuse untouched', () => {
    const factors = { sky: 0, ground: 0 };
    diffuseShadeFactors(50, 0, 500, 200, 0.4, maskAngleDeg(0, 0.4), 0.2, factors);
    assert.equal(factors.sky, 1);
    diffuseShadeFactors(50, 30, 500, 0.05, 0.4, 10, 0.2, factors);
    assert.deepEqual(factors, { sky: 1, ground: 1 });
  });
});
