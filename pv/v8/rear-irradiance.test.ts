import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { newPerezSky, type PerezSky, perezSkyCoefficients } from '../common/irradiance.ts';
import { PVWATTS_V8_REAR, pvwattsV8RearRows, RearIrradiance, type RearRecord, RearTrackingMode, sjerpsKoomenIam } from './rear-irradiance.ts';
import { rowLayout } from './row-shading.ts';

const DEG = Math.PI / 180;
/** Agreement asked of every oracle value: relative, or absolute below 1 W/m² × this. */
const TOLERANCE = 1e-9;

/** A number of the oracle files (NaN and infinities are written as strings). */
const num = (x: number | string): number => Number(x);

function relativeError(actual: number, expected: number): number {
  if (actual === expected) return 0;
  return Math.abs(actual - expected) / Math.max(Math.abs(expected), 1);
}

function readFixture<T>(name: string): T {
  return JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')) as T;
}

interface RearCase {
  geometry: string;
  trackingMode: number;
  gcr: number;
  albedo: number;
  slopeLengthM: number;
  sunAzimuthRad: number;
  sunZenithRad: number;
  sunElevationRad: number;
  /** ssc `surfaceAnglesRadians`: incidence, tilt, azimuth, rotation, backtrack difference. */
  surface: number[];
  dni: number;
  dhi: number;
  rear: number | string;
  groundReflected: number | string;
  rowReflections: number | string;
  directDiffuse: number | string;
}

interface DayRecord {
  month: number;
  day: number;
  hour: number;
  code: number;
  dni: number;
  dhi: number;
  albedo: number;
  /** Solar azimuth, zenith, elevation, radians. */
  sunRad: number[];
  surfaceRad: number[];
  calculatedDni: number;
  calculatedDhi: number;
  rearRaw: number | string;
}

interface DaySystem {
  name: string;
  arrayType: number;
  gcr: number;
  bifaciality: number;
  layout: { lengthM: number; modulesUp: number };
  records: DayRecord[];
}

const rearOracle = readFixture<{ cases: RearCase[] }>('rows-rear-oracle.json');
const daysOracle = readFixture<{ systems: DaySystem[] }>('rows-days-oracle.json');

function skyFor(dni: number, dhi: number, zenithRad: number): PerezSky {
  const sky = newPerezSky();
  perezSkyCoefficients(dni, dhi, zenithRad, sky);
  return sky;
}

function recordOf(c: RearCase): RearRecord {
  return {
    sky: skyFor(c.dni, c.dhi, c.sunZenithRad),
    sunZenithRad: c.sunZenithRad,
    sunAzimuthRad: c.sunAzimuthRad,
    sunElevationRad: c.sunElevationRad,
    surfaceTiltRad: c.surface[1]!,
    surfaceAzimuthRad: c.surface[2]!,
    albedo: c.albedo,
  };
}

describe('rear-side irradiance against ssc calc_rear_side', () => {
  it('matches every case of the grid (sun, rows, gcr, sky, albedo), with its ground, row and direct parts', () => {
    let worst = 0;
    const parts = new Set<string>();
    for (const c of rearOracle.cases) {
      const rear = new RearIrradiance({ trackingMode: c.trackingMode, gcr: c.gcr, slopeLengthM: c.slopeLengthM, ...PVWATTS_V8_REAR });
      const value = rear.compute(recordOf(c));
      const label = `${c.geometry} gcr ${c.gcr} sun ${(c.sunElevationRad / DEG).toFixed(1)}/${(c.sunAzimuthRad / DEG).toFixed(0)} sky ${c.dni}/${c.dhi} albedo ${c.albedo}`;
      for (const [name, actual, expected] of [
        ['rear', value, num(c.rear)],
        ['ground', rear.groundReflectedWm2, num(c.groundReflected)],
        ['row', rear.rowReflectionsWm2, num(c.rowReflections)],
        ['direct and sky', rear.directDiffuseWm2, num(c.directDiffuse)],
      ] as const) {
        const error = relativeError(actual, expected);
        worst = Math.max(worst, error);
        assert.ok(error <= TOLERANCE, `${label} ${name}: ${actual} vs ssc ${expected}`);
        if (expected > 0) parts.add(name);
      }
    }
    // the grid exercises every part of the model
    assert.deepEqual([...parts].sort(), ['direct and sky', 'ground', 'rear', 'row']);
    assert.ok(worst < 1e-13, `worst relative error ${worst}`);
  });

  it('matches exec’s records of bifacial systems, the DNI/DHI last handed to Perez included', () => {
    let checked = 0;
    let staleRecords = 0;
    for (const system of daysOracle.systems) {
      if (!(system.bifaciality > 0)) continue;
      const rear = new RearIrradiance(pvwattsV8RearRows(system.arrayType, system.gcr, system.layout.lengthM * system.layout.modulesUp));
      for (const r of system.records) {
        if (r.code === -1) {
          // beam above extraterrestrial: irrad keeps the previous record's DNI and DHI for the rear side
          staleRecords++;
          assert.notEqual(r.calculatedDni, r.dni);
        }
        const value = rear.compute({
          sky: skyFor(r.calculatedDni, r.calculatedDhi, r.sunRad[1]!),
          sunAzimuthRad: r.sunRad[0]!,
          sunZenithRad: r.sunRad[1]!,
          sunElevationRad: r.sunRad[2]!,
          surfaceTiltRad: r.surfaceRad[1]!,
          surfaceAzimuthRad: r.surfaceRad[2]!,
          albedo: r.albedo,
        });
        assert.ok(relativeError(value, num(r.rearRaw)) <= TOLERANCE, `${system.name} ${r.month}/${r.day} ${r.hour}h: ${value} vs ssc ${r.rearRaw}`);
        checked++;
      }
    }
    assert.ok(checked > 200 && staleRecords > 0, `${checked} records, ${staleRecords} with a stale sky`);
  });

  it('gives the same value from a reused instance as from a fresh one (kept geometries, recycled slots, scratch arrays)', () => {
    const rows = pvwattsV8RearRows(
      2,
      0.4,
      rowLayout({ arrayType: 2, moduleType: 0, systemCapacityKw: 100, tiltDeg: 0, azimuthDeg: 180, gcr: 0.4 }).rowSlopeLengthM,
    );
    const reused = new RearIrradiance(rows);
    for (const tiltDeg of [10, 35, 35, 50, 60, 70, 80, 10, 45, 10, 35]) {
      const record: RearRecord = {
        sky: skyFor(700, 120, 50 * DEG),
        sunZenithRad: 50 * DEG,
        sunAzimuthRad: 110 * DEG,
        sunElevationRad: 40 * DEG,
        surfaceTiltRad: tiltDeg * DEG,
        surfaceAzimuthRad: 90 * DEG,
        albedo: 0.25,
      };
      assert.equal(reused.compute(record), new RearIrradiance(rows).compute(record));
    }
  });
});

describe('rear-side irradiance: properties', () => {
  const rows = { trackingMode: RearTrackingMode.fixed, gcr: 0.4, slopeLengthM: 3.3, ...PVWATTS_V8_REAR };
  const base = {
    sunZenithRad: 40 * DEG,
    sunAzimuthRad: 160 * DEG,
    sunElevationRad: 50 * DEG,
    surfaceTiltRad: 25 * DEG,
    surfaceAzimuthRad: 180 * DEG,
    albedo: 0.3,
  };

  it('is 0 without sun or sky', () => {
    assert.equal(new RearIrradiance(rows).compute({ ...base, sky: skyFor(0, 0, base.sunZenithRad) }), 0);
  });

  it('scales with the sky when the sky is isotropic (Perez’s low-sun case) or beam only', () => {
    const rear = new RearIrradiance(rows);
    const low = { ...base, sunZenithRad: 88 * DEG, sunElevationRad: 2 * DEG };
    const once = rear.compute({ ...low, sky: skyFor(300, 80, low.sunZenithRad) });
    const twice = rear.compute({ ...low, sky: skyFor(600, 160, low.sunZenithRad) });
    assert.ok(once > 0 && Math.abs(twice - 2 * once) < 1e-12 * once, `${once} ${twice}`);
    const beamOnce = rear.compute({ ...base, sky: skyFor(400, 0, base.sunZenithRad) });
    const beamTwice = rear.compute({ ...base, sky: skyFor(800, 0, base.sunZenithRad) });
    assert.ok(beamOnce > 0 && Math.abs(beamTwice - 2 * beamOnce) < 1e-12 * beamOnce);
  });

  it('is the same for suns mirrored about the rows’ azimuth', () => {
    const rear = new RearIrradiance(rows);
    const sky = skyFor(700, 120, base.sunZenithRad);
    const east = rear.compute({ ...base, sky, sunAzimuthRad: 130 * DEG });
    const west = rear.compute({ ...base, sky, sunAzimuthRad: 230 * DEG });
    assert.ok(Math.abs(east - west) < 1e-12 * east, `${east} ${west}`);
  });

  it('gains from a brighter ground and loses to denser rows', () => {
    const sky = skyFor(700, 120, base.sunZenithRad);
    const dull = new RearIrradiance(rows).compute({ ...base, sky, albedo: 0.2 });
    const bright = new RearIrradiance(rows).compute({ ...base, sky, albedo: 0.6 });
    const dense = new RearIrradiance({ ...rows, gcr: 0.8 }).compute({ ...base, sky, albedo: 0.2 });
    assert.ok(bright > dull && dense < dull, `${dull} ${bright} ${dense}`);
  });
});

describe('Sjerps-Koomen incidence angle modifier', () => {
  /** Fresnel transmission of unpolarised light into glass of index 1.526 from the s and p amplitude forms (Hecht). */
  function fresnel(incidenceRad: number): number {
    const n = 1.526;
    const refraction = Math.asin(Math.sin(incidenceRad) / n);
    const ci = Math.cos(incidenceRad);
    const ct = Math.cos(refraction);
    const rs = ((ci - n * ct) / (ci + n * ct)) ** 2;
    const rp = ((ct - n * ci) / (ct + n * ci)) ** 2;
    return 1 - (rs + rp) / 2;
  }

  it('is the Fresnel transmission normalised at normal incidence', () => {
    const normal = 1 - ((1.526 - 1) / (1.526 + 1)) ** 2;
    assert.equal(sjerpsKoomenIam(0), 1);
    for (const deg of [1, 15, 30, 45, 60, 75, 85, 89]) {
      assert.ok(Math.abs(sjerpsKoomenIam(deg * DEG) - fresnel(deg * DEG) / normal) < 1e-12, `${deg}°`);
    }
  });
});
