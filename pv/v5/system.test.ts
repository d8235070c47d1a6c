import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { validateSystem, type PvSystem } from './system.ts';

const base: PvSystem = { system_capacity: 4, module_type: 0, losses: 14, array_type: 0, tilt: 20, azimuth: 180, dc_ac_ratio: 1.2, gcr: 0.4, inv_eff: 96 };

function errorOf(system: PvSystem): string | undefined {
  return validateSystem(system).error;
}

describe('ssc input checks (docs/pv-model.md §3.1)', () => {
  it('stores every input in single precision and applies ssc defaults', () => {
    const checked = validateSystem({ system_capacity: 4, losses: 14.08, array_type: 2, tilt: 0, azimuth: 180 });
    assert.ok(checked.error === undefined);
    assert.equal(checked.system.lossesPercent, 14.079999923706055);
    assert.equal(checked.system.gcr, 0.4000000059604645);
    assert.equal(checked.system.dcAcRatio, Math.fround(1.1));
    assert.equal(checked.system.inverterEfficiencyPercent, 96);
    assert.equal(checked.system.moduleType, 0);
  });

  it('requires the inputs without defaults, tilt and azimuth only below array type 4', () => {
    assert.equal(errorOf({ ...base, losses: undefined as unknown as number }), "precheck input: variable 'losses' required but not assigned");
    assert.equal(errorOf({ ...base, tilt: undefined }), "precheck input: variable 'tilt' required but not assigned");
    const twoAxis = validateSystem({ system_capacity: 4, losses: 14, array_type: 4 });
    assert.ok(twoAxis.error === undefined);
    assert.ok(Number.isNaN(twoAxis.system.tiltDeg) && Number.isNaN(twoAxis.system.azimuthDeg));
  });

  it('reports the first failing constraint in table order, as ssc words it', () => {
    assert.equal(errorOf({ ...base, gcr: 3.5 }), 'fail(gcr, max=3): 3.5');
    assert.equal(errorOf({ ...base, losses: 99.6, gcr: 3.5 }), 'fail(losses, max=99): 99.6');
    assert.equal(errorOf({ ...base, inv_eff: 89 }), 'fail(inv_eff, min=90): 89');
    assert.equal(errorOf({ ...base, module_type: 1.5 }), 'fail(module_type, integer): number could not be interpreted as an integer: 1.5');
    assert.equal(errorOf({ ...base, dc_ac_ratio: 0 }), 'fail(dc_ac_ratio, positive): 0');
    assert.equal(errorOf({ ...base, array_type: 5 }), 'fail(array_type, max=4): 5');
  });

  it('accepts the bounds themselves, including azimuth 360 and gcr 0 to 3', () => {
    for (const system of [
      { ...base, azimuth: 360 },
      { ...base, gcr: 0 },
      { ...base, gcr: 3 },
      { ...base, losses: -5 },
      { ...base, inv_eff: 99.5 },
    ]) {
      assert.equal(errorOf(system), undefined);
    }
  });

  it('does not check tilt and azimuth of two-axis trackers', () => {
    assert.equal(errorOf({ ...base, array_type: 4, tilt: 100, azimuth: 400 }), undefined);
  });
});
