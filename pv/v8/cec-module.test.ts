import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  airMassModifier,
  cecModulePower,
  current5Par,
  type EffectiveIrradiance,
  effectiveIrradiance,
  irradianceThroughCoverDeSoto,
  type ModulePower,
  maxPower5Par,
  openCircuitVoltage5Par,
} from './cec-module.ts';
import { exp } from '../common/libm.ts';
import { moduleInput, moduleOracle, relativeError } from './fixtures/module-oracle.ts';
import { MODULE_TYPES } from './module-types.ts';
import { noctForArrayType } from '../common/noct.ts';
import { noctCellTemperatureC } from './noct-cell-temperature.ts';
import { type InverterOutput, inverterAcPower, pvwattsV8Inverter } from './sandia-inverter.ts';

/** Relative tolerance against ssc's numbers. */
const TOLERANCE = 1e-9;

const newPower = (): ModulePower => ({ powerW: 0, voltageV: 0, currentA: 0, openCircuitV: 0, effectiveWm2: 0 });
const newEffective = (): EffectiveIrradiance => ({ frontWm2: 0, airMassModifier: 0 });

describe("glibc's exp", () => {
  it("returns glibc's double for (nearly) every argument, and is never an ulp off", () => {
    let differ = 0;
    for (const [x, expected] of moduleOracle().exp as [number, number][]) {
      const got = exp(x);
      if (got !== expected) differ++;
      assert.ok(Math.abs(got - expected) <= 2.3e-16 * expected, `${x}: ${got} vs ${expected}`);
    }
    // glibc picks an FMA variant on CPUs that have it, which rounds one argument in about 1400 differently
    assert.ok(differ <= 2, `${differ} of ${moduleOracle().exp.length} differ`);
  });

  it('hands what it does not cover to Math.exp', () => {
    assert.equal(exp(0), 1);
    assert.equal(exp(1), Math.E);
    assert.ok(Number.isNaN(exp(Number.NaN)));
    assert.equal(exp(Number.POSITIVE_INFINITY), Number.POSITIVE_INFINITY);
    assert.equal(exp(Number.NEGATIVE_INFINITY), 0);
    assert.equal(exp(800), Number.POSITIVE_INFINITY);
    assert.equal(exp(-800), 0);
    assert.ok(Math.abs(exp(-499.5) / Math.exp(-499.5) - 1) < 1e-15);
  });
});

describe('cover transmittance (De Soto 2006, ssc calculateIrradianceThroughCoverDeSoto)', () => {
  it("matches ssc's on incidence × tilt grids, with and without AR glass", () => {
    let worst = 0;
    for (const row of moduleOracle().cover) {
      const [incidence, tilt, ar, beam, sky, ground, total] = row as [number, number, number, number, number, number, number];
      const antiReflective = ar === 1;
      const got = [
        irradianceThroughCoverDeSoto(incidence, tilt, 1, 0, 0, antiReflective),
        irradianceThroughCoverDeSoto(incidence, tilt, 0, 1, 0, antiReflective),
        irradianceThroughCoverDeSoto(incidence, tilt, 0, 0, 1, antiReflective),
        irradianceThroughCoverDeSoto(incidence, tilt, 713.25, 187.5, 41.125, antiReflective),
      ];
      const expected = [beam, sky, ground, total];
      for (let k = 0; k < 4; k++) {
        // A flat array sees the ground at 90°, where the glass transmits nothing: ssc's K_gnd is
        // then cos(π/2)-sized rounding noise (~1e-16 per W/m²), which no two libms agree on.
        if (k === 2 && tilt === 0) {
          assert.ok(got[k]! < 1e-15 && expected[k]! < 1e-15, `${row}`);
          continue;
        }
        const error = relativeError(got[k]!, expected[k]!);
        worst = Math.max(worst, error);
        assert.ok(error < TOLERANCE, `component ${k} at ${row}: ${got[k]} vs ${expected[k]}`);
      }
    }
    assert.ok(worst < TOLERANCE);
  });

  it('transmits everything at normal incidence and caps each modifier at 1', () => {
    assert.equal(irradianceThroughCoverDeSoto(0, 30, 500, 0, 0, true), 500);
    assert.equal(irradianceThroughCoverDeSoto(0, 30, 500, 0, 0, false), 500);
    // the diffuse components go through plain glass, compared with the coated normal transmittance
    assert.ok(irradianceThroughCoverDeSoto(0, 30, 0, 100, 0, true) <= 100);
    assert.ok(irradianceThroughCoverDeSoto(80, 30, 100, 0, 0, true) < 80);
    assert.equal(irradianceThroughCoverDeSoto(30, 30, -500, 0, 0, true), 0);
  });
});

describe('air-mass modifier (King et al. polynomial, De Soto coefficients)', () => {
  it("matches ssc's air_mass_modifier over zenith × elevation", () => {
    for (const row of moduleOracle().airMass) {
      const [zenith, elevation, expected] = row as [number, number, number];
      if (zenith === 89 && elevation === 5000) {
        // 0.034 left of a sum of terms of ~±5: the cancellation turns a 1-ulp difference of pow
        // between libms into 5e-14; the models never go past 86°.
        assert.ok(relativeError(airMassModifier(zenith, elevation), expected) < 1e-12);
        continue;
      }
      assert.ok(relativeError(airMassModifier(zenith, elevation), expected) < TOLERANCE, `${row}`);
    }
  });

  it('is about 1 at AM 1.5 and below 1 near the horizon', () => {
    // AM 1.5 is a zenith of about 48.2° at sea level
    assert.ok(Math.abs(airMassModifier(48.19, 0) - 1) < 0.005);
    assert.ok(airMassModifier(85, 0) < 0.95);
  });

  it('is applied at the zenith clamped to [0°, 86°] by both module models', () => {
    const eff = newEffective();
    effectiveIrradiance(moduleInput(500, 100, 10, 0, 89, 30, 0, 20), true, eff);
    assert.equal(eff.airMassModifier, airMassModifier(86, 0));
    effectiveIrradiance(moduleInput(500, 100, 10, 0, -3, 30, 0, 20), true, eff);
    assert.equal(eff.airMassModifier, airMassModifier(0, 0));
  });
});

describe('CEC six-parameter module at maximum power (ssc cec6par_module_t)', () => {
  it("matches ssc's power, voltage, current and V_oc on the grid and the random cases", () => {
    const eff = newEffective();
    const out = newPower();
    let worst = 0;
    for (const row of moduleOracle().module) {
      const [type, beam, sky, ground, rear, zenith, incidence, elevation, tilt, cellC, power, voltage, current, voc, ok] = row as number[];
      const module = MODULE_TYPES[type as 0 | 1 | 2];
      const record = moduleInput(beam!, sky!, ground!, rear!, zenith!, incidence!, elevation!, tilt!);
      effectiveIrradiance(record, module.antiReflectiveGlass, eff);
      assert.equal(cecModulePower(module.cec, record, eff, cellC!, out), ok === 1);
      for (const [got, expected] of [
        [out.powerW, power],
        [out.voltageV, voltage],
        [out.currentA, current],
        [out.openCircuitV, voc],
      ] as const) {
        const error = relativeError(got, expected!);
        worst = Math.max(worst, error);
        assert.ok(error < TOLERANCE, `${row}: ${got} vs ${expected}`);
      }
    }
    assert.ok(worst < TOLERANCE);
  });

  it('gives the datasheet maximum power, I_mp, I_sc and V_oc at reference conditions', () => {
    // Independent of ssc: the CEC parameters were fitted to the datasheet at 1000 W/m², 25 °C.
    for (const { cec } of MODULE_TYPES) {
      const voc = openCircuitVoltage5Par(cec.vocV, cec.idealityV, cec.lightCurrentA, cec.saturationCurrentA, cec.shuntOhm);
      assert.ok(Math.abs(voc - cec.vocV) < 0.002 * cec.vocV, `${voc} vs ${cec.vocV}`);
      const power = maxPower5Par(voc, cec.idealityV, cec.lightCurrentA, cec.saturationCurrentA, cec.seriesOhm, cec.shuntOhm, newPower());
      assert.ok(Math.abs(power - cec.vmpV * cec.impA) < 0.002 * cec.vmpV * cec.impA, `${power} vs ${cec.vmpV * cec.impA}`);
      const current = current5Par(cec.vmpV, 0.9 * cec.lightCurrentA, cec.idealityV, cec.lightCurrentA, cec.saturationCurrentA, cec.seriesOhm, cec.shuntOhm);
      assert.ok(Math.abs(current - cec.impA) < 0.01 * cec.impA, `${current} vs ${cec.impA}`);
      const shortCircuit = current5Par(0, 0.9 * cec.lightCurrentA, cec.idealityV, cec.lightCurrentA, cec.saturationCurrentA, cec.seriesOhm, cec.shuntOhm);
      assert.ok(Math.abs(shortCircuit - cec.iscA) < 0.002 * cec.iscA, `${shortCircuit} vs ${cec.iscA}`);
    }
  });

  it("takes the same bisection steps as ssc's openvoltage_5par, which evaluates I at every midpoint", () => {
    // ssc's loop as written, against the one that evaluates I only near the root
    const plain = (voc0: number, a: number, il: number, io: number, rsh: number): number => {
      let low = 0;
      let high = voc0 * 1.5;
      let voc = voc0;
      let n = 0;
      while (Math.abs(high - low) > 0.001) {
        const current = il - io * (Math.exp(voc / a) - 1) - voc / rsh;
        if (current < 0) high = voc;
        if (current > 0) low = voc;
        voc = (high + low) / 2;
        if (++n > 5000) return -1.0;
      }
      return voc;
    };
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) >>> 0;
      return seed / 4294967296;
    };
    for (let i = 0; i < 20000; i++) {
      const { cec } = MODULE_TYPES[(i % 3) as 0 | 1 | 2];
      const irradiance = random() < 0.2 ? 1 + 20 * random() : 1500 * random();
      const cellK = 228 + 140 * random();
      const a = (cec.idealityV * cellK) / 298.15;
      const il = (irradiance / 1000) * cec.lightCurrentA;
      const io =
        cec.saturationCurrentA * (cellK / 298.15) ** 3 * Math.exp((1 / 8.618e-5) * (1.12 / 298.15 - (1.12 * (1 - 0.0002677 * (cellK - 298.15))) / cellK));
      const rsh = (cec.shuntOhm * 1000) / irradiance;
      assert.equal(openCircuitVoltage5Par(cec.vocV, a, il, io, rsh), plain(cec.vocV, a, il, io, rsh));
    }
    assert.equal(openCircuitVoltage5Par(43.3, 1.6, 0, 1e-10, 600), plain(43.3, 1.6, 0, 1e-10, 600));
    assert.equal(openCircuitVoltage5Par(43.3, Number.NaN, 9, 1e-10, 600), plain(43.3, Number.NaN, 9, 1e-10, 600));
  });

  it('makes no power below 1 W/m² of effective irradiance, and less when hotter', () => {
    const module = MODULE_TYPES[0];
    const out = newPower();
    const eff: EffectiveIrradiance = { frontWm2: 0.999, airMassModifier: 1 };
    assert.ok(cecModulePower(module.cec, moduleInput(0, 0, 0, 0, 30, 0, 0, 0), eff, 25, out));
    assert.deepEqual(out, { powerW: 0, voltageV: 0, currentA: 0, openCircuitV: 0, effectiveWm2: 0.999 });
    eff.frontWm2 = 800;
    cecModulePower(module.cec, moduleInput(0, 0, 0, 0, 30, 0, 0, 0), eff, 25, out);
    const cool = out.powerW;
    cecModulePower(module.cec, moduleInput(0, 0, 0, 0, 30, 0, 0, 0), eff, 60, out);
    assert.ok(out.powerW < cool && cool > 0);
  });

  it('adds the rear irradiance after the cover, before the air-mass modifier', () => {
    const eff: EffectiveIrradiance = { frontWm2: 600, airMassModifier: 0.98 };
    const out = newPower();
    cecModulePower(MODULE_TYPES[1].cec, moduleInput(0, 0, 0, 150, 30, 0, 0, 0), eff, 40, out);
    assert.equal(out.effectiveWm2, (600 + 150) * 0.98);
  });
});

describe('one v8 record: cell temperature, module power, DC scaling and inverter', () => {
  it("matches ssc's tmod, module power, dc and ac", () => {
    const eff = newEffective();
    const out = newPower();
    const ac: InverterOutput = { acW: 0, efficiencyPercent: 0, clipLossW: 0 };
    for (const row of moduleOracle().chain) {
      const [type, arrayType, capacityKw, ratio, invEff, beam, sky, ground, rear, zenith, incidence, elevation, tilt, ambient, wind, tmod, power, dc, acW, ok] =
        row as number[];
      const module = MODULE_TYPES[type as 0 | 1 | 2];
      const record = moduleInput(beam!, sky!, ground!, rear!, zenith!, incidence!, elevation!, tilt!, ambient!, wind!);
      effectiveIrradiance(record, module.antiReflectiveGlass, eff);
      const cellC = noctCellTemperatureC(record, eff, module.cec, noctForArrayType(arrayType!), 0);
      assert.ok(relativeError(cellC + 273.15, tmod! + 273.15) < TOLERANCE, `${row}`);
      assert.equal(cecModulePower(module.cec, record, eff, cellC, out), ok === 1);
      assert.ok(relativeError(out.powerW, power!) < TOLERANCE, `${row}`);
      const dcNameplateW = capacityKw! * 1000;
      const dcW = (out.powerW * dcNameplateW) / (module.cec.vmpV * module.cec.impA);
      assert.ok(relativeError(dcW, dc!) < TOLERANCE, `${row}`);
      inverterAcPower(pvwattsV8Inverter(dcNameplateW, ratio!, invEff!), dcW, ac);
      assert.ok(relativeError(ac.acW, acW!) < TOLERANCE, `${row}`);
    }
  });
});
