/**
 * The three PVWatts v8 module types (`module_type` 0 standard, 1 premium, 2 thin film) as data: the
 * CEC single-diode parameters of one representative module each, and the PVWatts-level
 * assumptions that go with them. Source: ssc `cmod_pvwattsv8.cpp` `exec()` (`switch (module.type)`
 * and "common module parameters"), tag 2025.4.16.r0.ssc.302, commit bf816157. The modules:
 * docs/pv-model.md §13.2; the layout the notional module sets: docs/pv-model.md §8.6.
 */

/** Standard test conditions, the modules' reference: irradiance, W/m², and cell temperature, °C. */
export const STC_IRRADIANCE_WM2 = 1000;
export const STC_CELL_C = 25;

/**
 * The CEC (De Soto, Klein & Beckman, Solar Energy 80(1):78–88, 2006) six-parameter module model's
 * parameters at reference conditions (1000 W/m², 25 °C cell), ssc `cec6par_module_t`.
 */
export interface CecModuleParameters {
  /** Module area, m² (`Area`). */
  areaM2: number;
  /** Maximum-power voltage at reference conditions, V (`Vmp`). */
  vmpV: number;
  /** Maximum-power current at reference conditions, A (`Imp`). */
  impA: number;
  /** Open-circuit voltage at reference conditions, V (`Voc`): the first guess of the V_oc search. */
  vocV: number;
  /** Short-circuit current at reference conditions, A (`Isc`). */
  iscA: number;
  /** Temperature coefficient of the short-circuit current, A/°C (`alpha_isc`). */
  alphaIscAPerC: number;
  /** Temperature coefficient of the open-circuit voltage, V/°C (`beta_voc`); not read by the model. */
  betaVocVPerC: number;
  /** Modified ideality factor a = n·Ns·k·T/q at reference conditions, V (`a`). */
  idealityV: number;
  /** Light-generated current at reference conditions, A (`Il`). */
  lightCurrentA: number;
  /** Diode reverse saturation current at reference conditions, A (`Io`). */
  saturationCurrentA: number;
  /** Series resistance, Ω (`Rs`). */
  seriesOhm: number;
  /** Shunt resistance at reference irradiance, Ω (`Rsh`). */
  shuntOhm: number;
  /** Adjustment to the temperature coefficient of short-circuit current, % (`Adj`). */
  adjustPercent: number;
}

export interface ModuleType {
  /** The API's name for it. */
  name: 'standard' | 'premium' | 'thinfilm';
  /** The module whose CEC parameters stand for the type (per the comment in ssc). */
  representativeModule: string;
  /**
   * Temperature coefficient of maximum power, 1/°C (`module.gamma`). v8 sets it but its CEC model
   * takes the temperature dependence from the diode parameters; kept for completeness.
   */
  gammaPerC: number;
  /** Whether the cover has anti-reflective glass (`module.ar_glass`): true for all three. */
  antiReflectiveGlass: boolean;
  /** Fill factor, used by the self-shading model (`module.ff`). */
  fillFactor: number;
  /** Efficiency at STC, fraction (`module.stc_eff`): sets the array area and module size. */
  stcEfficiency: number;
  cec: CecModuleParameters;
}

/** ssc v8's module types, indexed by `module_type`. */
export const MODULE_TYPES: readonly [ModuleType, ModuleType, ModuleType] = [
  {
    name: 'standard',
    representativeModule: 'Canadian Solar CS1H-320MS (CEC parameters from SAM 2020.2.29 r3)',
    gammaPerC: -0.0037,
    antiReflectiveGlass: true,
    fillFactor: 0.778,
    stcEfficiency: 0.19,
    cec: {
      areaM2: 1.6864,
      vmpV: 35.8,
      impA: 9.01,
      vocV: 43.3,
      iscA: 9.51,
      alphaIscAPerC: 0.004755,
      betaVocVPerC: -0.12557,
      idealityV: 1.65916,
      lightCurrentA: 9.51393,
      saturationCurrentA: 4.37813e-11,
      seriesOhm: 0.269953,
      shuntOhm: 654.059,
      adjustPercent: 5.79586,
    },
  },
  {
    name: 'premium',
    representativeModule: 'SunPower SPR-E20-327',
    gammaPerC: -0.0035,
    antiReflectiveGlass: true,
    fillFactor: 0.78,
    stcEfficiency: 0.21,
    cec: {
      areaM2: 1.6297,
      vmpV: 54.7,
      impA: 5.98,
      vocV: 64.9,
      iscA: 6.46,
      alphaIscAPerC: 0.0026,
      betaVocVPerC: -0.1766,
      idealityV: 2.45326,
      lightCurrentA: 6.4704,
      saturationCurrentA: 2.01784e-11,
      seriesOhm: 0.421231,
      shuntOhm: 261.723,
      adjustPercent: 9.56482,
    },
  },
  {
    name: 'thinfilm',
    representativeModule: 'First Solar FS-6435A',
    gammaPerC: -0.0032,
    antiReflectiveGlass: true,
    fillFactor: 0.777,
    stcEfficiency: 0.18,
    cec: {
      areaM2: 2.4751,
      vmpV: 183.6,
      impA: 2.37,
      vocV: 219.6,
      iscA: 2.55,
      alphaIscAPerC: 0.00102,
      betaVocVPerC: -0.61488,
      idealityV: 7.97293,
      lightCurrentA: 2.55475,
      saturationCurrentA: 2.69243e-12,
      seriesOhm: 4.60991,
      shuntOhm: 2476.95,
      adjustPercent: -2.49865,
    },
  },
];

/**
 * Assumptions common to all three types (ssc "common module parameters"), used for the module
 * count and the self-shading geometry, not by the module's electrical model. (ssc also sets a
 * module voltage and bypass diodes for a self-shading DC derate that pvwattsv8 leaves disconnected.)
 */
/** Nameplate of the notional module, W (`module.stc_watts`). */
export const MODULE_STC_W = 300;
/** Module length / width (`module.aspect_ratio`). */
const MODULE_ASPECT_RATIO = 1.7;

/**
 * Area (m²), width and length (m) of the notional module of a type, as ssc derives them:
 * area = stc_watts / stc_eff / 1000, width = √(area / aspect), length = width · aspect.
 */
export function moduleGeometry(type: ModuleType): { areaM2: number; widthM: number; lengthM: number } {
  const areaM2 = MODULE_STC_W / type.stcEfficiency / 1000;
  const widthM = Math.sqrt(areaM2 / MODULE_ASPECT_RATIO);
  return { areaM2, widthM, lengthM: widthM * MODULE_ASPECT_RATIO };
}
