import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { incidenceAngle, newSurfaceAngles, rotatedSurface, twoAxisSurface } from './incidence.ts';

const DEG = Math.PI / 180;

/** Unit vector (east, north, up) of a direction with zenith angle z and azimuth a (radians). */
function direction(zenithRad: number, azimuthRad: number): [number, number, number] {
  return [Math.sin(zenithRad) * Math.sin(azimuthRad), Math.sin(zenithRad) * Math.cos(azimuthRad), Math.cos(zenithRad)];
}

function angleBetween(a: [number, number, number], b: [number, number, number]): number {
  return Math.acos(Math.min(1, Math.max(-1, a[0] * b[0] + a[1] * b[1] + a[2] * b[2])));
}

const suns = [
  [30, 180],
  [60, 100],
  [75, 260],
  [45, 350],
  [85, 45],
] as const;

describe('angle of incidence on a fixed surface (docs/pv-model.md §7.1)', () => {
  it('is the angle between the surface normal and the sun', () => {
    for (const [tiltDeg, azimuthDeg] of [
      [20, 180],
      [45, 90],
      [90, 0],
      [0, 180],
    ] as const) {
      for (const [zenithDeg, sunAzimuthDeg] of suns) {
        const [zenith, tilt] = [zenithDeg * DEG, tiltDeg * DEG];
        const theta = incidenceAngle(Math.sin(zenith), Math.cos(zenith), sunAzimuthDeg * DEG, Math.sin(tilt), Math.cos(tilt), azimuthDeg * DEG);
        const expected = angleBetween(direction(tiltDeg * DEG, azimuthDeg * DEG), direction(zenithDeg * DEG, sunAzimuthDeg * DEG));
        assert.ok(Math.abs(theta - expected) < 1e-12);
      }
    }
  });
});

describe('two-axis tracking (docs/pv-model.md §7.2)', () => {
  it('faces the sun', () => {
    const surface = newSurfaceAngles();
    twoAxisSurface(0.7, 2.1, surface);
    assert.deepEqual(surface, { incidenceRad: 0, cosIncidence: 1, tiltRad: 0.7, azimuthRad: 2.1, sinTilt: Math.sin(0.7), cosTilt: Math.cos(0.7) });
  });
});

describe('surface of a rotated 1-axis tracker (docs/pv-model.md §7.5)', () => {
  it('is the flat surface turned about the axis by the rotation', () => {
    // a horizontal north–south axis (azimuth 180) turned by R faces west for R > 0
    for (const rotationDeg of [30, -30, 45, -10]) {
      const surface = newSurfaceAngles();
      const [zenithDeg, sunAzimuthDeg] = [50, 240];
      rotatedSurface(zenithDeg * DEG, sunAzimuthDeg * DEG, 0, Math.PI, rotationDeg * DEG, surface);
      assert.ok(Math.abs(surface.tiltRad - Math.abs(rotationDeg) * DEG) < 1e-7);
      assert.ok(Math.abs(surface.azimuthRad - (rotationDeg > 0 ? 270 : 90) * DEG) < 1e-7);
      const normal: [number, number, number] = [-Math.sin(rotationDeg * DEG), 0, Math.cos(rotationDeg * DEG)];
      const expected = angleBetween(normal, direction(zenithDeg * DEG, sunAzimuthDeg * DEG));
      assert.ok(Math.abs(surface.incidenceRad - expected) < 1e-7);
    }
  });

  it('tilts a tilted axis further when rotated', () => {
    const surface = newSurfaceAngles();
    rotatedSurface(40 * DEG, 200 * DEG, 20 * DEG, Math.PI, 30 * DEG, surface);
    assert.ok(Math.abs(Math.cos(surface.tiltRad) - Math.cos(20 * DEG) * Math.cos(30 * DEG)) < 1e-12);
  });
});
