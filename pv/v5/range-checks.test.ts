import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { beamExceedsExtraterrestrial, orientationRangeCheck, RangeCheck, weatherRangeCheck } from './range-checks.ts';

describe('range checks (docs/pv-model.md §4.3) and the extraterrestrial test (docs/pv-model.md §9.1)', () => {
  it('flags negative dates, bad coordinates and irradiance outside 0–1500, NaN passing', () => {
    assert.equal(weatherRangeCheck(2000, 1, 1, 0, 30, 40, -105, -7, 0, 0), RangeCheck.passed);
    assert.equal(weatherRangeCheck(2000, 1, 1, -1, 30, 40, -105, -7, 0, 0), RangeCheck.dateOrTime);
    assert.equal(weatherRangeCheck(2000, 1, 1, 0, 30, 91, -105, -7, 0, 0), RangeCheck.location);
    assert.equal(weatherRangeCheck(2000, 1, 1, 0, 30, 40, -105, -16, 0, 0), RangeCheck.location);
    assert.equal(weatherRangeCheck(2000, 1, 1, 0, 30, 40, -105, -7, 1501, 0), RangeCheck.irradiance);
    assert.equal(weatherRangeCheck(2000, 1, 1, 0, 30, 40, -105, -7, 0, -1), RangeCheck.irradiance);
    assert.equal(weatherRangeCheck(2000, 1, 1, 0, 30, 40, -105, -7, Number.NaN, -0), RangeCheck.passed);
  });

  it('accepts azimuth 0 up to but excluding 360, tilt 0–90', () => {
    assert.equal(orientationRangeCheck(90, 0), RangeCheck.passed);
    assert.equal(orientationRangeCheck(20, 360), RangeCheck.azimuth);
    assert.equal(orientationRangeCheck(91, 180), RangeCheck.tilt);
    assert.equal(orientationRangeCheck(Number.NaN, Number.NaN), RangeCheck.passed);
  });

  it('flags a beam above the extraterrestrial irradiance', () => {
    assert.ok(beamExceedsExtraterrestrial(1400, 0.5, 650));
    assert.ok(!beamExceedsExtraterrestrial(1200, 0.5, 650));
  });
});
