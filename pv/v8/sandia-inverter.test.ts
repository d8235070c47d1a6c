import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { moduleOracle, relativeError } from './fixtures/module-oracle.ts';
import { type InverterOutput, inverterAcPower, pvwattsV8Inverter } from './sandia-inverter.ts';

const newOutput = (): InverterOutput => ({ acW: 0, efficiencyPercent: 0, clipLossW: 0 });

describe('Sandia inverter as PVWatts v8 configures ssc sandia_inverter_t', () => {
  it("matches ssc's AC power, efficiency output and Pso for each size class, around Pso, Pdco and clipping", () => {
    const out = newOutput();
    for (const row of moduleOracle().inverter) {
      const [dcNameplateW, ratio, efficiency, dcW, , acW, efficiencyPercent, clipLossW, psoW, ok, negativeZero] = row as number[];
      assert.equal(ok, 1);
      const inverter = pvwattsV8Inverter(dcNameplateW!, ratio!, efficiency!);
      assert.ok(relativeError(inverter.psoW, psoW!) < 1e-9, `${row}`);
      inverterAcPower(inverter, dcW!, out);
      assert.ok(relativeError(out.acW, acW!) < 1e-9, `${row}: ${out.acW} vs ${acW}`);
      assert.ok(relativeError(out.efficiencyPercent, efficiencyPercent!) < 1e-9, `${row}`);
      assert.equal(out.clipLossW, clipLossW);
      assert.equal(Object.is(out.acW, -0), negativeZero === 1, `${row}`);
    }
  });

  it('is the straight line through (Pso, 0) and (Pdco, Paco), clipped at Paco', () => {
    // Independent of ssc: SAND2007-5036 eq. 1 with C0 = 0 is a line.
    const inverter = pvwattsV8Inverter(4000, 1.2, 96);
    assert.equal(inverter.pacoW, 4000 / 1.2);
    assert.equal(inverter.pdcoW, 4000 / 1.2 / 0.96);
    const out = newOutput();
    const middle = (inverter.psoW + inverter.pdcoW) / 2;
    inverterAcPower(inverter, middle, out);
    assert.ok(Math.abs(out.acW - inverter.pacoW / 2) < 1e-9 * inverter.pacoW);
    inverterAcPower(inverter, inverter.pdcoW, out);
    assert.ok(Math.abs(out.acW - inverter.pacoW) < 1e-9 * inverter.pacoW);
    inverterAcPower(inverter, 2 * inverter.pdcoW, out);
    assert.equal(out.acW, inverter.pacoW);
    assert.equal(out.efficiencyPercent, (inverter.pacoW / (2 * inverter.pdcoW)) * 100);
    assert.equal(out.clipLossW, 0);
  });

  it('gives −0 (never a negative number) at or below Pso, and 0% efficiency without DC', () => {
    const inverter = pvwattsV8Inverter(4000, 1.2, 96);
    const out = newOutput();
    for (const dc of [0, inverter.psoW / 2, inverter.psoW, -5]) {
      inverterAcPower(inverter, dc, out);
      assert.ok(Object.is(out.acW, -0), `${dc}`);
    }
    inverterAcPower(inverter, 0, out);
    assert.equal(out.efficiencyPercent, 0);
  });

  it('chooses Pso by the DC nameplate in watts, as ssc compares it', () => {
    assert.equal(pvwattsV8Inverter(9.99, 1, 96).psoW, 0.002246 * 9.99);
    assert.equal(pvwattsV8Inverter(10, 1, 96).psoW, 0.002478 * 10);
    assert.equal(pvwattsV8Inverter(999, 1, 96).psoW, 0.002478 * 999);
    // a 1 kW (1000 W) system is already in the "utility" class
    assert.equal(pvwattsV8Inverter(1000, 1, 96).psoW, 0.004931 * 1000);
  });
});
