import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { backtrackRotationDeg, newSurfaceAngles, surfaceAngles, TrackingMode, trueTrackingRotationDeg } from './surface.ts';

const DEG = Math.PI / 180;

describe('v8 surface', () => {
  it('turns a horizontal north–south axis to face the sun: rotation = atan(tan(zenith)·sin(azimuth)) for a sun in the east–west plane', () => {
    // sun due west at 60° zenith: the rotation is +60° (turned west), the incidence 0
    assert.ok(Math.abs(trueTrackingRotationDeg(270, 60, 0, 180) - 60) < 1e-12);
    assert.ok(Math.abs(trueTrackingRotationDeg(90, 60, 0, 180) - -60) < 1e-12);
    const angles = newSurfaceAngles();
    surfaceAngles(
      { mode: TrackingMode.oneAxis, tiltDeg: 0, azimuthDeg: 180, rotationLimitDeg: 90, backtracking: false, gcr: 0.4 },
      60 * DEG,
      270 * DEG,
      angles,
    );
    assert.ok(angles.incidenceRad < 1e-7);
    assert.ok(Math.abs(angles.tiltRad - 60 * DEG) < 1e-12);
  });

  it('backtracks so that a row’s shadow just reaches the next row: cos(R_T − R_B) = |cos R_T| / gcr', () => {
    // Anderson & Mikofski eq. 14 on flat ground: cos(R_T − R_B) = cos(R_T)/gcr
    const gcr = 0.4;
    for (const trueDeg of [70, 75, 80, 85, -80]) {
      const backtracked = backtrackRotationDeg(trueDeg, gcr);
      assert.ok(Math.abs(Math.cos((trueDeg - backtracked) * DEG) - Math.abs(Math.cos(trueDeg * DEG)) / gcr) < 1e-12);
      assert.ok(Math.abs(backtracked) < Math.abs(trueDeg));
    }
    assert.equal(backtrackRotationDeg(30, gcr), 30, 'no shading to avoid: true tracking');
  });

  it('limits the rotation to the limit, and a two-axis array always faces the sun', () => {
    const angles = newSurfaceAngles();
    surfaceAngles({ mode: TrackingMode.oneAxis, tiltDeg: 0, azimuthDeg: 180, rotationLimitDeg: 45, backtracking: false, gcr: 0.4 }, 80 * DEG, 90 * DEG, angles);
    assert.ok(Math.abs(Math.abs(angles.rotationRad) - 45 * DEG) < 1e-12);
    surfaceAngles(
      { mode: TrackingMode.twoAxis, tiltDeg: Number.NaN, azimuthDeg: Number.NaN, rotationLimitDeg: 45, backtracking: false, gcr: 0.4 },
      33 * DEG,
      123 * DEG,
      angles,
    );
    assert.equal(angles.incidenceRad, 0);
    assert.equal(angles.tiltRad, 33 * DEG);
  });

  it('gives a fixed surface the cosine law: cos θ = cos Z cos β + sin Z sin β cos(γs − γ)', () => {
    const angles = newSurfaceAngles();
    surfaceAngles({ mode: TrackingMode.fixed, tiltDeg: 30, azimuthDeg: 180, rotationLimitDeg: 45, backtracking: false, gcr: 0.4 }, 40 * DEG, 150 * DEG, angles);
    const expected = Math.acos(Math.cos(40 * DEG) * Math.cos(30 * DEG) + Math.sin(40 * DEG) * Math.sin(30 * DEG) * Math.cos(-30 * DEG));
    assert.ok(Math.abs(angles.incidenceRad - expected) < 1e-12);
  });
});
