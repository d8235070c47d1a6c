import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { newSunAcrossRows, RowGeometry, shadeFraction, sunAcrossRows, sunUnitVector, type Vector3 } from './self-shading.ts';
import { backtrackRotation, certainlyClear, certainlyShadedSteps, newWalkBounds, trueTrackingRotation, walkBounds } from './tracking.ts';

const DEG = Math.PI / 180;

/**
 * True-tracking rotation from the sun vector in the axis frame (pvlib / ssc HEAD `truetrack`),
 * unlimited, radians: a formulation independent of ssc 2018's atan with quadrant fixes.
 */
function trueTrackingByVector(zenithRad: number, azimuthRad: number, axisTiltRad: number, axisAzimuthRad: number): number {
  const elevation = Math.PI / 2 - zenithRad;
  const sx = Math.cos(elevation) * Math.sin(azimuthRad);
  const sy = Math.cos(elevation) * Math.cos(azimuthRad);
  const sz = Math.sin(elevation);
  const across = sx * Math.cos(axisAzimuthRad) - sy * Math.sin(axisAzimuthRad);
  const normal = sx * Math.sin(axisAzimuthRad) * Math.sin(axisTiltRad) + sy * Math.sin(axisTiltRad) * Math.cos(axisAzimuthRad) + sz * Math.cos(axisTiltRad);
  return Math.atan2(across, normal);
}

function sunVector(azimuthDeg: number, zenithDeg: number): Vector3 {
  const sun = { x: 0, y: 0, z: 0 };
  sunUnitVector(azimuthDeg, zenithDeg, sun);
  return sun;
}

/** docs/pv-model.md §7.4 exactly as written: step 1° toward flat while shaded, at most 99 steps. */
function literalBacktrack(rows: RowGeometry, sun: Vector3, limitedRotationRad: number): number {
  let rotationDeg = (limitedRotationRad * 180) / Math.PI;
  let iterations = 0;
  while (shadeFraction(rows, sun, rotationDeg) > 0) {
    iterations++;
    if (iterations >= 100) break;
    if (rotationDeg > 0) {
      if (Math.abs(rotationDeg - 1) > 45) break;
      rotationDeg -= 1;
    } else {
      if (Math.abs(rotationDeg + 1) > 45) break;
      rotationDeg += 1;
    }
  }
  return (rotationDeg * Math.PI) / 180;
}

describe('1-axis true tracking (docs/pv-model.md §7.3)', () => {
  it('matches the sun-vector formulation, limited to ±45°, for horizontal and tilted axes', () => {
    for (const [axisTiltDeg, axisAzimuthDeg] of [
      [0, 180],
      [20, 180],
      [0, 90],
      [30, 270],
      [10, 0],
    ] as const) {
      for (let zenithDeg = 5; zenithDeg < 90; zenithDeg += 12) {
        for (let azimuthDeg = 5; azimuthDeg < 360; azimuthDeg += 17) {
          const actual = trueTrackingRotation(zenithDeg * DEG, azimuthDeg * DEG, axisTiltDeg * DEG, axisAzimuthDeg * DEG);
          const ideal = trueTrackingByVector(zenithDeg * DEG, azimuthDeg * DEG, axisTiltDeg * DEG, axisAzimuthDeg * DEG);
          const expected = Math.min(Math.max(ideal, -45 * DEG), 45 * DEG);
          assert.ok(Math.abs(actual - expected) < 1e-9, `axis ${axisTiltDeg}/${axisAzimuthDeg} sun ${zenithDeg}/${azimuthDeg}: ${actual} vs ${expected}`);
        }
      }
    }
  });

  it('turns west in the afternoon and east in the morning (south-pointing axis)', () => {
    assert.ok(trueTrackingRotation(40 * DEG, 240 * DEG, 0, Math.PI) > 0);
    assert.ok(trueTrackingRotation(40 * DEG, 120 * DEG, 0, Math.PI) < 0);
  });
});

describe('backtracking (docs/pv-model.md §7.4)', () => {
  it('stops at the first whole-degree step without shade, one degree after the last shaded one', () => {
    const rows = new RowGeometry(0, 180, Math.fround(0.4));
    for (const [azimuthDeg, zenithDeg] of [
      [100, 80],
      [260, 75],
      [250, 85],
      [95, 70],
    ] as const) {
      const sun = sunVector(azimuthDeg, zenithDeg);
      const start = trueTrackingRotation(zenithDeg * DEG, azimuthDeg * DEG, 0, Math.PI);
      const backtracked = backtrackRotation(rows, sun, start);
      const backtrackedDeg = (backtracked * 180) / Math.PI;
      assert.ok(shadeFraction(rows, sun, backtrackedDeg) <= 0, `${azimuthDeg}: still shaded`);
      assert.ok(Math.abs(backtracked) < Math.abs(start), `${azimuthDeg}: did not move toward flat`);
      const oneStepBack = backtrackedDeg + Math.sign(start);
      assert.ok(shadeFraction(rows, sun, oneStepBack) > 0, `${azimuthDeg}: stopped late`);
    }
  });

  it('agrees with the literal 99-step walk, including the two-value cycles near flat and the steps it skips as certainly shaded', () => {
    for (const [axisTiltDeg, axisAzimuthDeg] of [
      [0, 180],
      [20, 180],
      [10, 200],
      [30, 90],
    ] as const) {
      for (const gcr of [1e-30, 1e-6, 0.01, 0.1, 0.4, 0.8, 0.99, 1, 3]) {
        const rows = new RowGeometry(axisTiltDeg, axisAzimuthDeg, Math.fround(gcr));
        for (let zenithDeg = 20; zenithDeg < 90; zenithDeg += 1.3) {
          for (let azimuthDeg = 2; azimuthDeg < 360; azimuthDeg += 7.1) {
            const sun = sunVector(azimuthDeg, zenithDeg);
            const start = trueTrackingRotation(zenithDeg * DEG, azimuthDeg * DEG, axisTiltDeg * DEG, axisAzimuthDeg * DEG);
            const where = `axis ${axisTiltDeg}/${axisAzimuthDeg} gcr ${gcr} sun ${zenithDeg}/${azimuthDeg}`;
            assert.equal(backtrackRotation(rows, sun, start), literalBacktrack(rows, sun, start), where);
          }
        }
      }
    }
  });

  it('skips only steps that are shaded and stops only at steps that are not: most of a long walk is not computed', () => {
    const rows = new RowGeometry(0, 180, Math.fround(0.4));
    let skippedSteps = 0;
    let shadedSteps = 0;
    let clearMissed = 0;
    for (let zenithDeg = 60; zenithDeg < 89; zenithDeg += 0.7) {
      for (const azimuthDeg of [80, 100, 260, 280]) {
        const sun = sunVector(azimuthDeg, zenithDeg);
        const startDeg = (trueTrackingRotation(zenithDeg * DEG, azimuthDeg * DEG, 0, Math.PI) * 180) / Math.PI;
        const across = newSunAcrossRows();
        sunAcrossRows(rows, sun, across);
        const bounds = newWalkBounds();
        walkBounds(rows, across, bounds);
        const skipped = certainlyShadedSteps(bounds, startDeg);
        const step = startDeg > 0 ? -1 : 1;
        for (let m = 0; m < skipped; m++) assert.ok(shadeFraction(rows, sun, startDeg + m * step) > 0, `sun ${zenithDeg}/${azimuthDeg} step ${m}`);
        for (let m = 0; m <= Math.abs(startDeg); m++) {
          const rotationDeg = startDeg + m * step;
          if (certainlyClear(bounds, rotationDeg)) assert.equal(shadeFraction(rows, sun, rotationDeg), 0, `sun ${zenithDeg}/${azimuthDeg} at ${rotationDeg}°`);
          else clearMissed += Number(shadeFraction(rows, sun, rotationDeg) <= 0);
        }
        let m = 0;
        while (shadeFraction(rows, sun, startDeg + m * step) > 0) m++;
        skippedSteps += skipped;
        shadedSteps += m;
      }
    }
    assert.ok(skippedSteps > 0.8 * shadedSteps, `skipped ${skippedSteps} of ${shadedSteps} shaded steps`);
    assert.ok(clearMissed < 0.01 * (4 * 42 * 46 - shadedSteps), `${clearMissed} unshaded steps not found clear`);
  });
});
