import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { OutputSums } from './outputs.ts';

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Feeds every record of a year through the sums, month by position. */
function sumYear(stepsPerHour: number, value: (record: number) => { poa: number; dc: number; ac: number }): OutputSums {
  const sums = new OutputSums(stepsPerHour);
  let month = 0;
  for (let record = 0; record < 8760 * stepsPerHour; record++) {
    while (record >= sums.monthEnd(month)) month++;
    const { poa, dc, ac } = value(record);
    sums.add(month, Math.fround(poa), Math.fround(dc), Math.fround(ac), ac);
  }
  return sums;
}

describe('monthly and annual sums (docs/pv-model.md §15)', () => {
  it('assigns records to months by position and converts W to kWh with single-precision factors', () => {
    const kilo = Math.fround(0.001);
    const results = sumYear(1, () => ({ poa: 1000, dc: 2000, ac: 1500 })).results(2000);
    DAYS.forEach((days, month) => {
      const hours = days * 24;
      assert.equal(results.ac_monthly[month], Math.fround(hours * 1500 * kilo));
      assert.equal(results.dc_monthly[month], Math.fround(hours * 2000 * kilo));
      assert.equal(results.poa_monthly[month], Math.fround(hours * 1000 * kilo));
      assert.equal(results.solrad_monthly[month], Math.fround(Math.fround(hours * 1000 * kilo) / days));
    });
    assert.equal(results.ac_annual, Math.fround(8760 * 1500 * 0.001));
    assert.ok(Math.abs(results.solrad_annual - 24) < 1e-5);
    // 1500 W all year on a 2000 W array
    assert.ok(Math.abs(results.capacity_factor - 75) < 1e-4);
  });

  it('scales sub-hourly records by their length', () => {
    const results = sumYear(4, () => ({ poa: 100, dc: 0, ac: 1000 })).results(1000);
    const quarterKilo = Math.fround(0.001 * 0.25);
    assert.equal(results.ac_monthly[0], Math.fround(31 * 24 * 4 * 1000 * quarterKilo));
    assert.equal(results.poa_monthly[1], Math.fround(28 * 24 * 4 * 100 * quarterKilo));
    assert.ok(Math.abs(results.capacity_factor - 100) < 1e-4);
  });

  it('accumulates monthly sums in single precision', () => {
    // 0.1 W added 744 times: single-precision steps drift away from 74.4
    const results = sumYear(1, () => ({ poa: 0, dc: 0, ac: 0.1 })).results(1000);
    let single = 0;
    for (let hour = 0; hour < 744; hour++) single = Math.fround(single + Math.fround(0.1));
    assert.equal(results.ac_monthly[0], Math.fround(single * Math.fround(0.001)));
    assert.notEqual(results.ac_monthly[0], Math.fround(744 * 0.1 * 0.001));
  });

  it('averages the monthly daily means for the annual solar radiation, not annual POA/365', () => {
    const results = sumYear(1, (record) => ({ poa: record < 744 ? 3000 : 0, dc: 0, ac: 0 })).results(1000);
    const january = Math.fround(Math.fround(744 * 3000 * Math.fround(0.001)) / 31);
    assert.equal(results.solrad_monthly[0], january);
    assert.equal(results.solrad_annual, Math.fround(january / 12));
  });
});
