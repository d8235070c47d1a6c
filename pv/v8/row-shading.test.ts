import assert from 'node:assert/strict';
import { trueTrackingRotationDeg } from './surface.ts';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import {
  diffuseDerates,
  newRowShadingFactors,
  oneAxisShadeFraction,
  rackShadeFraction,
  RowShading,
  type RowShadingSystem,
  rowLayout,
  SkyDiffuseTable,
  skyDiffuseDerate,
} from './row-shading.ts';

const DEG = Math.PI / 180;
/** Agreement asked of every oracle value: relative, or absolute for values below 1. */
const TOLERANCE = 1e-9;

const num = (x: number | string): number => Number(x);

function relativeError(actual: number, expected: number): number {
  if (actual === expected || (Number.isNaN(actual) && Number.isNaN(expected))) return 0;
  return Math.abs(actual - expected) / Math.max(Math.abs(expected), 1);
}

function assertClose(actual: number, expected: number, label: string): void {
  assert.ok(relativeError(actual, expected) <= TOLERANCE, `${label}: ${actual} vs ssc ${expected}`);
}

function readFixture<T>(name: string): T {
  return JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')) as T;
}

interface OracleLayout {
  stcEfficiency: number;
  areaM2: number;
  widthM: number;
  lengthM: number;
  modules: number;
  modulesAcross: number;
  modulesUp: number;
  rows: number;
  stringsAcross: number;
  rowSpacingM: number;
}

interface DayRecord {
  month: number;
  day: number;
  hour: number;
  dni: number;
  dhi: number;
  albedo: number;
  solarAzimuthDeg: number;
  solarZenithDeg: number;
  surfaceTiltDeg: number;
  surfaceAzimuthDeg: number;
  rotationDeg: number;
  poaBeam: number;
  poaSky: number;
  poaGround: number;
  rearRaw: number | string;
  shadeFraction1x: number | string;
  shadeFractionFixed: number | string;
  skyDerate: number | string;
  groundDerate: number | string;
  ssBeam: number | string;
  ssSky: number | string;
  ssGround: number | string;
  beamAfter: number | string;
  skyAfter: number | string;
  groundAfter: number | string;
  rearAfter: number | string;
}

interface DaySystem {
  name: string;
  arrayType: number;
  tiltDeg: number;
  azimuthDeg: number;
  gcr: number;
  systemCapacityKw: number;
  moduleType: number;
  bifaciality: number;
  layout: OracleLayout;
  records: DayRecord[];
}

interface ShadingOracle {
  skyTable: {
    fresh: { gcr: number; tiltDeg: number; value: number | string; afterInitZero: number | string }[];
    sequence: { initTiltDeg: number; gcr: number; lookups: { tiltDeg: number; value: number | string }[] };
  };
  /** [solar azimuth, solar zenith, axis tilt, axis azimuth, gcr, rotation, fraction]. */
  shadeFraction1x: (number | string)[][];
  ssExec: { columns: string[]; rows: (number | string)[][] };
}

const days = readFixture<{ systems: DaySystem[] }>('rows-days-oracle.json');
const shading = readFixture<ShadingOracle>('rows-shading-oracle.json');

function systemOf(s: DaySystem): RowShadingSystem {
  return { arrayType: s.arrayType, moduleType: s.moduleType, systemCapacityKw: s.systemCapacityKw, tiltDeg: s.tiltDeg, azimuthDeg: s.azimuthDeg, gcr: s.gcr };
}

describe('row layout', () => {
  it('is exec’s estimate for every system of the oracle', () => {
    for (const s of days.systems) {
      const layout = rowLayout(systemOf(s));
      const expected = s.layout;
      assert.deepEqual(
        [
          layout.stcEfficiency,
          layout.moduleAreaM2,
          layout.moduleWidthM,
          layout.moduleLengthM,
          layout.modules,
          layout.modulesAcross,
          layout.modulesUp,
          layout.rows,
        ],
        [
          expected.stcEfficiency,
          expected.areaM2,
          expected.widthM,
          expected.lengthM,
          expected.modules,
          expected.modulesAcross,
          expected.modulesUp,
          expected.rows,
        ],
        s.name,
      );
      assert.equal(layout.stringsAcross, expected.stringsAcross, s.name);
      assert.equal(layout.rowSpacingM, expected.rowSpacingM, s.name);
      assert.equal(layout.rowSlopeLengthM, expected.lengthM * expected.modulesUp, s.name);
    }
  });

  it('is a square of 300 W portrait modules, 1.7 long per 1 wide', () => {
    const layout = rowLayout({ arrayType: 0, moduleType: 0, systemCapacityKw: 100, tiltDeg: 20, azimuthDeg: 180, gcr: 0.4 });
    assert.equal(layout.modules, 334);
    assert.ok(Math.abs(layout.moduleLengthM * layout.moduleWidthM - 300 / 190) < 1e-12);
    assert.ok(Math.abs(layout.moduleLengthM / layout.moduleWidthM - 1.7) < 1e-12);
    assert.equal(layout.rows, Math.ceil(Math.sqrt(334 / 2)));
    assert.ok(layout.modulesAcross * layout.rows * layout.modulesUp >= 334);
  });
});

describe('1-axis beam shade fraction against ssc shadeFraction1x', () => {
  it('matches the grid of sun, axis, gcr and rotation', () => {
    let worst = 0;
    for (const row of shading.shadeFraction1x) {
      const [azimuth, zenith, axisTilt, axisAzimuth, gcr, rotation, fraction] = row.map(num) as [number, number, number, number, number, number, number];
      const actual = oneAxisShadeFraction(azimuth, zenith, axisTilt, axisAzimuth, gcr, rotation);
      worst = Math.max(worst, relativeError(actual, fraction));
      assertClose(actual, fraction, `sun ${azimuth}/${zenith} axis ${axisTilt}/${axisAzimuth} gcr ${gcr} R ${rotation}`);
    }
    assert.ok(worst < 1e-13, `worst ${worst}`);
  });

  it('is 1 − cos Rt / (gcr·cos(R − Rt)) for a horizontal north–south axis, Rt the sun’s angle in the plane across the rows', () => {
    for (const gcr of [0.3, 0.5, 0.9]) {
      for (const [azimuthDeg, zenithDeg] of [
        [95, 80],
        [110, 65],
        [250, 75],
        [270, 85],
      ] as const) {
        const elevation = (90 - zenithDeg) * DEG;
        const sx = Math.cos(elevation) * Math.sin(azimuthDeg * DEG);
        const sz = Math.sin(elevation);
        const projected = Math.atan2(-sx, sz); // toward the west positive for an axis pointing south
        assert.ok(Math.abs(trueTrackingRotationDeg(azimuthDeg, zenithDeg, 0, 180) - projected / DEG) < 1e-10);
        for (const rotationDeg of [-45, -20, 0, 20, 45]) {
          const r = rotationDeg * DEG;
          const expected = Math.min(1, Math.max(0, 1 - Math.cos(projected) / (gcr * Math.cos(r - projected))));
          const actual = oneAxisShadeFraction(azimuthDeg, zenithDeg, 0, 180, gcr, rotationDeg);
          assert.ok(Math.abs(actual - expected) < 1e-12, `gcr ${gcr} sun ${azimuthDeg}/${zenithDeg} R ${rotationDeg}: ${actual} vs ${expected}`);
        }
      }
    }
  });
});

describe('fixed-rack shade fraction and diffuse derates against ssc ss_exec', () => {
  it('matches the grid of layouts, orientations and suns', () => {
    const columns = shading.ssExec.columns;
    let worst = 0;
    for (const row of shading.ssExec.rows) {
      const c = Object.fromEntries(columns.map((name, i) => [name, num(row[i]!)])) as Record<string, number>;
      const system = {
        arrayType: c.arrayType!,
        moduleType: c.moduleType!,
        systemCapacityKw: c.systemCapacityKw!,
        tiltDeg: c.tiltDeg!,
        azimuthDeg: 180,
        gcr: c.gcr!,
      };
      const layout = rowLayout(system);
      const label = JSON.stringify(c);
      const fraction = rackShadeFraction(
        layout,
        c.tiltDeg!,
        c.surfaceAzimuthDeg!,
        c.solarZenithDeg!,
        c.solarAzimuthDeg!,
        c.arrayType === 2 ? c.shadeFraction1x : undefined,
      );
      const table = new SkyDiffuseTable(c.gcr!);
      table.lookup(c.tiltDeg!);
      const derates = { sky: 0, ground: 0 };
      diffuseDerates(c.solarZenithDeg!, c.tiltDeg!, 700, 150, 120, 15, layout.rowSlopeLengthM / layout.rowSpacingM, 0.3, layout.rows, table, derates);
      for (const [actual, expected] of [
        [fraction, c.shadeFractionFixed!],
        [derates.sky, c.skyDerate!],
        [derates.ground, c.groundDerate!],
      ] as const) {
        worst = Math.max(worst, relativeError(actual, expected));
        assertClose(actual, expected, label);
      }
    }
    assert.ok(worst < 1e-12, `worst ${worst}`);
  });

  it('is 1 − (R/A)·sin α / sin(α + β) with the sun straight ahead (Appelbaum’s shadow on the next row)', () => {
    const layout = rowLayout({ arrayType: 0, moduleType: 0, systemCapacityKw: 100, tiltDeg: 30, azimuthDeg: 180, gcr: 0.6 });
    const slope = layout.rowSlopeLengthM;
    for (const elevationDeg of [10, 20, 30, 60]) {
      const a = elevationDeg * DEG;
      const b = 30 * DEG;
      const expected = Math.max(0, 1 - ((layout.rowSpacingM / slope) * Math.sin(a)) / Math.sin(a + b));
      const actual = rackShadeFraction(layout, 30, 180, 90 - elevationDeg, 180);
      assert.ok(Math.abs(actual - expected) < 1e-12, `elevation ${elevationDeg}: ${actual} vs ${expected}`);
    }
  });

  it('sees no shade with the sun behind the rows, even across north (the azimuth difference is not wrapped)', () => {
    const layout = rowLayout({ arrayType: 0, moduleType: 0, systemCapacityKw: 100, tiltDeg: 30, azimuthDeg: 10, gcr: 0.9 });
    assert.ok(rackShadeFraction(layout, 30, 10, 80, 40) > 0);
    assert.equal(rackShadeFraction(layout, 30, 10, 80, 200), 0);
    // 350° is 20° from a surface facing 10°, but ss_exec sees a difference of 340°
    assert.equal(rackShadeFraction(layout, 30, 10, 80, 350), 0);
  });
});

describe('sky-diffuse table', () => {
  it('matches ssc’s values for fresh tables', () => {
    for (const e of shading.skyTable.fresh) {
      const table = new SkyDiffuseTable(e.gcr);
      assertClose(table.lookup(e.tiltDeg), num(e.value), `gcr ${e.gcr} tilt ${e.tiltDeg}`);
      if (e.tiltDeg >= 1) {
        const afterZero = new SkyDiffuseTable(e.gcr);
        afterZero.lookup(0);
        assertClose(afterZero.lookup(e.tiltDeg), num(e.afterInitZero), `after 0: gcr ${e.gcr} tilt ${e.tiltDeg}`);
      }
    }
  });

  it('keeps the first value of each whole degree: ssc’s sequence of lookups', () => {
    const { initTiltDeg, gcr, lookups } = shading.skyTable.sequence;
    const table = new SkyDiffuseTable(gcr);
    table.lookup(initTiltDeg);
    for (const l of lookups) assertClose(table.lookup(l.tiltDeg), num(l.value), `tilt ${l.tiltDeg}`);
    // 20.99° was answered with the 20.6° value that filled the bin, not its own
    assert.equal(table.lookup(20.99), skyDiffuseDerate(20.6, gcr));
    assert.notEqual(skyDiffuseDerate(20.99, gcr), skyDiffuseDerate(20.6, gcr));
  });

  it('is the mean sky view (1 + cos(β + ε))/(1 + cos β) over the row, ε the elevation of the row in front, while β + ε < 90°', () => {
    for (const [tiltDeg, gcr] of [
      [5, 0.01],
      [20, 0.4],
      [30, 0.5],
      [45, 0.4],
    ] as const) {
      const b = tiltDeg * DEG;
      const pitch = 1 / gcr;
      let expected = 0;
      for (let n = 0; n < 250; n++) {
        const fromTop = 1 - n / 250; // slope lengths below the row's top
        const elevation = Math.atan2(fromTop * Math.sin(b), pitch - fromTop * Math.cos(b));
        assert.ok(b + elevation < Math.PI / 2);
        expected += (1 + Math.cos(b + elevation)) / (1 + Math.cos(b)) / 250;
      }
      assert.ok(Math.abs(skyDiffuseDerate(tiltDeg, gcr) - expected) < 1e-12, `tilt ${tiltDeg} gcr ${gcr}`);
    }
  });

  it('does not fold the view past 90° (ssc’s γ is ε − π), so steep dense rows get more than the unshaded sky, capped at 1', () => {
    assert.ok(skyDiffuseDerate(89.9, 0.99) > 1);
    assert.equal(skyDiffuseDerate(0, 0.4), 1.0000000000000007); // 250 steps of 1/250
    const table = new SkyDiffuseTable(0.99);
    const derates = { sky: 0, ground: 0 };
    diffuseDerates(40, 89.9, 500, 100, 100, 20, 0.99, 0.2, 10, table, derates);
    assert.equal(derates.sky, 1);
  });
});

describe('self-shading of exec’s records', () => {
  it('gives exec’s beam, sky, ground and rear factors, record after record', () => {
    let checked = 0;
    let skyBelowOne = 0;
    for (const s of days.systems) {
      const rows = new RowShading(systemOf(s));
      const factors = newRowShadingFactors();
      for (const r of s.records) {
        rows.apply(
          {
            solarZenithDeg: r.solarZenithDeg,
            solarAzimuthDeg: r.solarAzimuthDeg,
            surfaceTiltDeg: r.surfaceTiltDeg,
            surfaceAzimuthDeg: r.surfaceAzimuthDeg,
            rotationDeg: r.rotationDeg,
            dniWm2: r.dni,
            dhiWm2: r.dhi,
            poaSkyWm2: r.poaSky,
            poaGroundWm2: r.poaGround,
            albedo: r.albedo,
          },
          factors,
        );
        const label = `${s.name} ${r.month}/${r.day} ${r.hour}h`;
        if (s.arrayType === 2) assertClose(factors.shadeFraction, num(r.shadeFraction1x), `${label} shadeFraction1x`);
        if (s.arrayType === 0) assertClose(factors.shadeFraction, num(r.shadeFractionFixed), `${label} fixed fraction`);
        if (rows.enabled) {
          assertClose(factors.skyDerate, num(r.skyDerate), `${label} sky derate`);
          assertClose(factors.groundDerate, num(r.groundDerate), `${label} ground derate`);
        }
        assertClose(factors.beam, num(r.ssBeam), `${label} beam factor`);
        assertClose(factors.sky, num(r.ssSky), `${label} sky factor`);
        assertClose(factors.ground, num(r.ssGround), `${label} ground factor`);
        assertClose(r.poaBeam * factors.beam, num(r.beamAfter), `${label} beam`);
        assertClose(r.poaSky * factors.sky, num(r.skyAfter), `${label} sky`);
        assertClose(r.poaGround * factors.ground, num(r.groundAfter), `${label} ground`);
        assertClose(num(r.rearRaw) * s.bifaciality * factors.sky, num(r.rearAfter), `${label} rear`);
        if (factors.sky < 1) skyBelowOne++;
        checked++;
      }
    }
    assert.ok(checked > 300 && skyBelowOne > 50, `${checked} records, ${skyBelowOne} with sky shading`);
  });

  it('leaves roof, 2-axis and backtracked beam unshaded, but derates the backtracked diffuse', () => {
    const record = {
      solarZenithDeg: 70,
      solarAzimuthDeg: 110,
      surfaceTiltDeg: 30,
      surfaceAzimuthDeg: 90,
      rotationDeg: -30,
      dniWm2: 600,
      dhiWm2: 100,
      poaSkyWm2: 90,
      poaGroundWm2: 10,
      albedo: 0.2,
    };
    const factors = newRowShadingFactors();
    for (const arrayType of [1, 4]) {
      new RowShading({ arrayType, moduleType: 0, systemCapacityKw: 100, tiltDeg: 20, azimuthDeg: 180, gcr: 0.9 }).apply(record, factors);
      assert.deepEqual([factors.beam, factors.sky, factors.ground], [1, 1, 1]);
    }
    new RowShading({ arrayType: 3, moduleType: 0, systemCapacityKw: 100, tiltDeg: 0, azimuthDeg: 180, gcr: 0.9 }).apply(record, factors);
    assert.equal(factors.beam, 1);
    assert.ok(factors.sky < 1 && factors.ground < 1);
  });

  it('does not apply a derate outside exec’s bounds, and says so', () => {
    // the sun just below the horizon on a sun-up record: beam on the horizontal turns negative and
    // the ground derate with it
    const rows = new RowShading({ arrayType: 0, moduleType: 0, systemCapacityKw: 100, tiltDeg: 20, azimuthDeg: 180, gcr: 0.4 });
    const factors = newRowShadingFactors();
    rows.apply(
      {
        solarZenithDeg: 90.5,
        solarAzimuthDeg: 120,
        surfaceTiltDeg: 20,
        surfaceAzimuthDeg: 180,
        rotationDeg: 0,
        dniWm2: 100,
        dhiWm2: 1,
        poaSkyWm2: 5,
        poaGroundWm2: 1,
        albedo: 0.2,
      },
      factors,
    );
    assert.ok(factors.groundDerate < -0.00001, `${factors.groundDerate}`);
    assert.equal(factors.groundApplied, false);
    assert.equal(factors.ground, 1);
    assert.equal(factors.skyApplied, true);
    assert.equal(factors.sky, factors.skyDerate);
  });
});
