/**
 * The PV module of PVWatts v8: effective irradiance through the cover (De Soto, Klein & Beckman
 * 2006 incidence-angle modifiers, ssc `calculateIrradianceThroughCoverDeSoto`) and the air-mass
 * modifier (ssc `air_mass_modifier`), then the CEC six-parameter single-diode model's maximum power
 * (ssc `cec6par_module_t::operator()` with `opvoltage = -1`), with ssc's own solvers: bisection for
 * the open-circuit voltage (`openvoltage_5par`), Newton for the current at a voltage
 * (`current_5par`) and Numerical Recipes' bracketing plus golden-section search for the maximum
 * power (`maxpower_5par`). Sources: ssc tag 2025.4.16.r0.ssc.302 (bf816157), its `lib_cec6par.cpp`,
 * `lib_pvmodel.cpp` and `lib_pv_incidence_modifier.cpp`, as `ssc/cmod_pvwattsv8.cpp` calls them;
 * docs/pv-model.md §11.3 (cover), §11.4 (air mass) and §13.2 (the module and its solvers).
 *
 * Call order for one record (the integrator's loop), all with the same `ModuleInput`:
 *   1. `effectiveIrradiance(input, antiReflectiveGlass, eff)`: cover transmittance and air-mass
 *      modifier, which ssc computes identically in both models below;
 *   2. `noctCellTemperatureC(...)` (noct-cell-temperature.ts): the cell temperature;
 *   3. `cecModulePower(module, input, eff, cellC, out)`: one module's DC power at that temperature,
 *      which v8 scales to the array as `dc = out.powerW · dcNameplateW / (vmpV · impA)`.
 */
import { AIR_INDEX, AR_COATING_ABSORPTION, AR_COATING_INDEX, GLASS_ABSORPTION, GLASS_INDEX, layerTransmittance, refraction } from '../common/glass.ts';
import { exp } from '../common/libm.ts';
import { DTOR, ZERO_CELSIUS_K } from '../common/units.ts';
import { type CecModuleParameters, STC_CELL_C, STC_IRRADIANCE_WM2 } from './module-types.ts';

/**
 * What ssc's `pvinput_t` carries in the v8 call that these models read (ssc builds it as
 * `pvinput_t in(ibeam, iskydiff, ignddiff, irear, poa_for_power, wf.tdry, wf.tdew, wf.wspd, wf.wdir,
 * wf.pres, solzen, aoi, elev, stilt, sazi, hour, irrad::DN_DF, false)`). With `radmode = DN_DF` the
 * models take the cover path; the POA total, dew point, wind direction, pressure, surface azimuth
 * and hour are not read by `noct_celltemp_t` or `cec6par_module_t`, so they are left out.
 */
export interface ModuleInput {
  /** Beam irradiance on the front of the array after shading and soiling, W/m² (`Ibeam`). */
  beamWm2: number;
  /** Sky-diffuse irradiance on the front, W/m² (`Idiff`). */
  skyDiffuseWm2: number;
  /** Ground-reflected irradiance on the front, W/m² (`Ignd`). */
  groundDiffuseWm2: number;
  /**
   * Rear irradiance usable by the module, W/m² (`Irear`): v8 passes the rear POA already times the
   * bifaciality and the shading factors, 0 for monofacial modules.
   */
  rearWm2: number;
  /** Ambient dry-bulb temperature, °C (`Tdry`). */
  ambientC: number;
  /** Wind speed at the weather station, m/s (`Wspd`). */
  windMs: number;
  /** Solar zenith angle, degrees (`Zenith`). */
  zenithDeg: number;
  /** Angle of incidence of the beam on the surface, degrees (`IncAng`). */
  incidenceDeg: number;
  /** Site elevation, m (`Elev`). */
  elevationM: number;
  /** Surface tilt from horizontal, degrees (`Tilt`; the tracked tilt for trackers). */
  tiltDeg: number;
}

/** The irradiance both module models derive from a `ModuleInput`. */
export interface EffectiveIrradiance {
  /** Front irradiance transmitted through the cover, W/m² (ssc `Geff_front_total`). */
  frontWm2: number;
  /** Air-mass (spectral) modifier at the zenith clamped to [0°, 86°] (`air_mass_modifier`). */
  airMassModifier: number;
}

/** Voltage and current at maximum power (`maxPower5Par`). */
export interface MaxPowerPoint {
  /** Voltage at maximum power, V. */
  voltageV: number;
  /** Current at maximum power, A. */
  currentA: number;
}

/** One module's operating point at maximum power. */
export interface ModulePower {
  /** DC power, W (`out.Power`); 0 below 1 W/m² effective irradiance. */
  powerW: number;
  /** Voltage at maximum power, V (`out.Voltage`). */
  voltageV: number;
  /** Current at maximum power, A (`out.Current`). */
  currentA: number;
  /** Open-circuit voltage at operating conditions, V (`out.Voc_oper`). */
  openCircuitV: number;
  /** Effective irradiance the diode model saw, W/m²: (front through cover + rear) × air-mass modifier. */
  effectiveWm2: number;
}

/**
 * Transmittance of a cover layer (pv/common/glass.ts) for light arriving at an angle θ1 given by
 * its sine and cosine, the ratio `indexRatio` = n_incoming / n_layer and the absorption k·L: Snell's
 * sin θ2 = ratio·sin θ1 as ssc 2025 forms it. θ2's sine and cosine are left in `refraction`.
 */
function layer(sin1: number, cos1: number, indexRatio: number, absorption: number): number {
  return layerTransmittance(sin1, cos1, indexRatio * sin1, absorption);
}

/**
 * Beam transmittance at an incidence angle given by its sine and cosine: through the coating
 * (from air) then the glass (from the coating), or through the glass from air.
 */
function beamTransmittance(sin1: number, cos1: number, antiReflectiveGlass: boolean): number {
  if (!antiReflectiveGlass) return layer(sin1, cos1, AIR_INDEX / GLASS_INDEX, GLASS_ABSORPTION);
  const coating = layer(sin1, cos1, AIR_INDEX / AR_COATING_INDEX, AR_COATING_ABSORPTION);
  return coating * layer(refraction.sin, refraction.cos, AR_COATING_INDEX / GLASS_INDEX, GLASS_ABSORPTION);
}

/**
 * Transmittance of plain glass from air at `angleDeg`. At grazing angles (above 89°: the ground's
 * equivalent angle of an array tilted less than about 1.7°) it is written as ssc writes it: at 90°,
 * a flat array's ground, the glass transmits nothing and ssc's τ is the rounding noise of
 * 1 − ½(1 + 1) evaluated with asin, sin and tan, a few 1e-16, positive with glibc's libm and with
 * V8's, where the expanded form gives 0 or a negative noise; only its sign matters (to the NOCT
 * model's "is there any light" test).
 */
function glassTransmittance(angleDeg: number): number {
  const radians = (angleDeg * Math.PI) / 180.0;
  if (angleDeg > 89) {
    const refraction = Math.asin((AIR_INDEX / GLASS_INDEX) * Math.sin(radians));
    const sinDifference = Math.sin(refraction - radians);
    const sinSum = Math.sin(refraction + radians);
    const tanDifference = Math.tan(refraction - radians);
    const tanSum = Math.tan(refraction + radians);
    const reflected = 0.5 * ((sinDifference * sinDifference) / (sinSum * sinSum) + (tanDifference * tanDifference) / (tanSum * tanSum));
    return (1 - reflected) * exp(-GLASS_ABSORPTION / Math.cos(refraction));
  }
  return layer(Math.sin(radians), Math.cos(radians), AIR_INDEX / GLASS_INDEX, GLASS_ABSORPTION);
}

/**
 * Transmittance "at normal incidence", evaluated at 1° as ssc does "to avoid numerical problems".
 * With AR glass ssc passes the light through the coating and then into the glass **from air**
 * (n_incoming = 1.0, where the beam goes in from the coating's 1.3): the coated glass's reference
 * reflects more than its beam does, so K_beam exceeds 1 up to about 59° (and is capped at 1).
 * Reproduced as written.
 */
function normalTransmittance(antiReflectiveGlass: boolean): number {
  const sin1 = Math.sin(DTOR);
  const cos1 = Math.cos(DTOR);
  if (!antiReflectiveGlass) return layer(sin1, cos1, AIR_INDEX / GLASS_INDEX, GLASS_ABSORPTION);
  const coating = layer(sin1, cos1, AIR_INDEX / AR_COATING_INDEX, AR_COATING_ABSORPTION);
  return coating * layer(refraction.sin, refraction.cos, AIR_INDEX / GLASS_INDEX, GLASS_ABSORPTION);
}
const NORMAL_TRANSMITTANCE_AR = normalTransmittance(true);
const NORMAL_TRANSMITTANCE_PLAIN = normalTransmittance(false);

/** The diffuse modifiers depend on the tilt alone: the last tilt's are kept (fixed arrays reuse them). */
const diffuseCache = { tiltDeg: Number.NaN, skyTransmittance: 0, groundTransmittance: 0 };

/**
 * Irradiance transmitted through the cover, W/m² (ssc `calculateIrradianceThroughCoverDeSoto`,
 * docs/pv-model.md §11.3; De Soto et al. 2006 section 2.3, Duffie & Beckman eq. 5.12.1): each component times its incidence-angle
 * modifier K = τ(θ)/τ(0), each capped at 1. The beam at its incidence angle clamped to [1°, 89°],
 * through the coating then the glass; sky and ground diffuse at the equivalent angles of Brandemuehl
 * & Beckman (Duffie & Beckman eqs. 5.4.2 and 5.4.1), θ_sky = 59.7 − 0.1388β + 0.001497β² and
 * θ_gnd = 90 − 0.5788β + 0.002693β², through plain glass (no coating; so with AR glass these K are
 * relative to the coated normal transmittance, as in ssc). Never negative.
 */
export function irradianceThroughCoverDeSoto(
  incidenceDeg: number,
  tiltDeg: number,
  beamWm2: number,
  skyDiffuseWm2: number,
  groundDiffuseWm2: number,
  antiReflectiveGlass: boolean,
): number {
  let theta = incidenceDeg;
  if (theta < 1) theta = 1.0;
  if (theta > 89) theta = 89.0;
  const normal = antiReflectiveGlass ? NORMAL_TRANSMITTANCE_AR : NORMAL_TRANSMITTANCE_PLAIN;
  const radians = (theta * Math.PI) / 180.0;
  const beam = beamTransmittance(Math.sin(radians), Math.cos(radians), antiReflectiveGlass);

  if (!(tiltDeg === diffuseCache.tiltDeg)) {
    diffuseCache.skyTransmittance = glassTransmittance(59.7 - 0.1388 * tiltDeg + 0.001497 * tiltDeg * tiltDeg);
    diffuseCache.groundTransmittance = glassTransmittance(90.0 - 0.5788 * tiltDeg + 0.002693 * tiltDeg * tiltDeg);
    diffuseCache.tiltDeg = tiltDeg;
  }

  let beamModifier = beam / normal;
  if (beamModifier > 1.0) beamModifier = 1.0;
  let skyModifier = diffuseCache.skyTransmittance / normal;
  if (skyModifier > 1.0) skyModifier = 1.0;
  let groundModifier = diffuseCache.groundTransmittance / normal;
  if (groundModifier > 1.0) groundModifier = 1.0;

  let total = beamWm2 * beamModifier + skyDiffuseWm2 * skyModifier + groundDiffuseWm2 * groundModifier;
  if (total < 0) total = 0;
  return total;
}

/** Air-mass modifier coefficients a0…a4, polycrystalline, De Soto et al. 2006 Table A1 (ssc `amavec`). */
const AIR_MASS_COEFFICIENTS = [0.918093, 0.086257, -0.024459, 0.002816, -0.000126] as const;

/** Veltkamp's splitting constant 2^27 + 1 for exact products of doubles (Dekker 1971). */
const SPLITTER = 134217729;

/** x², x³ and x⁴ of the last `powers` call, each rounded once from an (almost) exact value. */
const lastPowers = { square: 0, cube: 0, fourth: 0 };

/**
 * x², x³, x⁴ for ssc's `pow(x, 2|3|4)`, which glibc rounds correctly to within 0.52 ulp. Math.pow
 * is slow and rounds differently from glibc one time in ten; these come from Dekker's exact
 * products (x·x = p + e exactly, x·p = q + f exactly, p·p = r + g exactly; x³ = q + (f + x·e),
 * x⁴ = r + (g + 2p·e)), whose error before the final rounding is far below an ulp: they differ from
 * glibc's about one time in a thousand, by an ulp.
 */
function powers(x: number): void {
  let split = SPLITTER * x;
  const xh = split - (split - x);
  const xl = x - xh;
  const square = x * x;
  const squareError = xh * xh - square + 2 * xh * xl + xl * xl;
  split = SPLITTER * square;
  const sh = split - (split - square);
  const sl = square - sh;
  const cube = x * square;
  const cubeError = xh * sh - cube + xh * sl + xl * sh + xl * sl;
  const fourth = square * square;
  const fourthError = sh * sh - fourth + 2 * sh * sl + sl * sl;
  lastPowers.square = square;
  lastPowers.cube = cube + (cubeError + x * squareError);
  lastPowers.fourth = fourth + (fourthError + 2 * square * squareError);
}

/** The pressure correction exp(−0.0001184·elevation) of the last site elevation (a run has one). */
const pressureCorrection = { elevationM: Number.NaN, factor: 1 };

/**
 * Spectral modifier of King et al.'s polynomial in the absolute air mass (ssc `air_mass_modifier`):
 * relative air mass of Kasten & Young (1989), AM = 1/(cos z + 0.5057·(96.080 − z)^−1.634), times
 * exp(−0.0001184·elevation) for the pressure, then a0 + a1·AM + … + a4·AM⁴, floored at 0. `zenithDeg`
 * in degrees (callers clamp it to [0, 86]), `elevationM` in m. The powers of AM as `powers` makes them.
 */
export function airMassModifier(zenithDeg: number, elevationM: number): number {
  let airMass = 1 / (Math.cos((zenithDeg * Math.PI) / 180) + 0.5057 * Math.pow(96.08 - zenithDeg, -1.634));
  if (!(elevationM === pressureCorrection.elevationM)) {
    pressureCorrection.elevationM = elevationM;
    pressureCorrection.factor = exp(-0.0001184 * elevationM);
  }
  airMass *= pressureCorrection.factor;
  powers(airMass);
  const f1 =
    AIR_MASS_COEFFICIENTS[0] +
    AIR_MASS_COEFFICIENTS[1] * airMass +
    AIR_MASS_COEFFICIENTS[2] * lastPowers.square +
    AIR_MASS_COEFFICIENTS[3] * lastPowers.cube +
    AIR_MASS_COEFFICIENTS[4] * lastPowers.fourth;
  return f1 > 0.0 ? f1 : 0.0;
}

/**
 * The cover transmittance and air-mass modifier that `noct_celltemp_t` and `cec6par_module_t` each
 * compute from the same input (identically, so once here): the zenith is clamped to [0°, 86°]
 * first, as both do.
 */
export function effectiveIrradiance(input: ModuleInput, antiReflectiveGlass: boolean, out: EffectiveIrradiance): void {
  out.frontWm2 = irradianceThroughCoverDeSoto(
    input.incidenceDeg,
    input.tiltDeg,
    input.beamWm2,
    input.skyDiffuseWm2,
    input.groundDiffuseWm2,
    antiReflectiveGlass,
  );
  let zenith = input.zenithDeg;
  if (zenith > 86.0) zenith = 86.0;
  if (zenith < 0) zenith = 0;
  out.airMassModifier = airMassModifier(zenith, input.elevationM);
}

/** Boltzmann constant, eV/K, as ssc writes it (`KB`). */
const BOLTZMANN_EV_PER_K = 8.618e-5;
/** Reference cell temperature, K (25 °C). */
const REFERENCE_CELL_K = STC_CELL_C + ZERO_CELSIUS_K;
/** Band gap of silicon at the reference temperature, eV (`eg0`), and its temperature dependence, 1/K (De Soto eq. 10). */
const BAND_GAP_EV = 1.12;
const BAND_GAP_PER_K = 0.0002677;

/**
 * One module's maximum power at cell temperature `cellC` (°C), ssc `cec6par_module_t::operator()`
 * with `opvoltage < 0`: with S the effective irradiance (W/m², (front through cover + rear) × air-mass
 * modifier; the rear is not passed through the cover, as in ssc) and T the cell temperature (K), the
 * De Soto et al. 2006 translation of the reference parameters (eqs. 7, 8, 10, 11 with the CEC
 * "Adjust" on α_Isc):
 *   I_L = S/1000·(I_L,ref + α_Isc·(1 − Adj/100)·(T − T_ref)), floored at 0,
 *   I_0 = I_0,ref·(T/T_ref)³·exp((E_g,ref/T_ref − E_g/T)/k), E_g = 1.12·(1 − 0.0002677·(T − T_ref)),
 *   a = a_ref·T/T_ref, R_sh = R_sh,ref·1000/S, R_s constant;
 * then V_oc (bisection) and the maximum of V·I(V) searched from the bracket (0, V_oc) (golden
 * section; ssc's `pow(T/T_ref, 3)` as `powers` forms it). Below S = 1 W/m²
 * all outputs are 0. Returns false where ssc's would (negative power: a solver gave up), upon which
 * v8 stops the run ("Module power calculation failed").
 */
export function cecModulePower(module: CecModuleParameters, input: ModuleInput, eff: EffectiveIrradiance, cellC: number, out: ModulePower): boolean {
  const muIsc = module.alphaIscAPerC * (1 - module.adjustPercent / 100);
  out.powerW = 0;
  out.voltageV = 0;
  out.currentA = 0;
  out.openCircuitV = 0;
  const effective = (eff.frontWm2 + input.rearWm2) * eff.airMassModifier;
  out.effectiveWm2 = effective;
  if (effective >= 1.0) {
    const cellK = cellC + ZERO_CELSIUS_K;
    let lightCurrent = (effective / STC_IRRADIANCE_WM2) * (module.lightCurrentA + muIsc * (cellK - REFERENCE_CELL_K));
    if (lightCurrent < 0.0) lightCurrent = 0.0;
    const bandGap = BAND_GAP_EV * (1 - BAND_GAP_PER_K * (cellK - REFERENCE_CELL_K));
    powers(cellK / REFERENCE_CELL_K);
    const saturation = module.saturationCurrentA * lastPowers.cube * exp((1 / BOLTZMANN_EV_PER_K) * (BAND_GAP_EV / REFERENCE_CELL_K - bandGap / cellK));
    const ideality = (module.idealityV * cellK) / REFERENCE_CELL_K;
    const shunt = module.shuntOhm * (STC_IRRADIANCE_WM2 / effective);
    const openCircuit = openCircuitVoltage5Par(module.vocV, ideality, lightCurrent, saturation, shunt);
    out.powerW = maxPower5Par(openCircuit, ideality, lightCurrent, saturation, module.seriesOhm, shunt, out);
    out.openCircuitV = openCircuit;
  }
  return out.powerW >= 0;
}

/**
 * Open-circuit voltage of the five-parameter model, V (ssc `openvoltage_5par`): bisection on
 * I(V) = I_L − I_0·(e^(V/a) − 1) − V/R_sh = 0 over [0, 1.5·V_oc,ref] from the first guess
 * `vocGuessV`, moving the bound on the side of the sign of I (neither when I = 0), until the
 * bracket is at most 0.001 V wide; the midpoint of the last bracket. −1 after 5000 steps.
 *
 * The same bisection, the same midpoints and the same answer, at a fraction of the exponentials:
 * I is strictly decreasing in V, so its sign at a midpoint is that of root − V, with the root found
 * first by Newton (`openCircuitRootV`, three or four exponentials); only a midpoint within 1e-6 V
 * of the root (where rounding could decide the sign) has I evaluated as ssc does. The computed I
 * is off by a few 1e-16 A while |I| ≥ 1e-6 V · |dI/dV| ≥ 1e-6 V / R_sh ≈ 1e-12 A there, and the
 * root is good to ~1e-13 V.
 */
export function openCircuitVoltage5Par(vocGuessV: number, idealityV: number, lightA: number, saturationA: number, shuntOhm: number): number {
  const root = openCircuitRootV(idealityV, lightA, saturationA, shuntOhm);
  const below = root - OPEN_CIRCUIT_BAND_V;
  const above = root + OPEN_CIRCUIT_BAND_V;
  // without a root (NaN inputs, or no convergence) every midpoint is evaluated
  const predicted = !Number.isNaN(root);
  let low = 0;
  let high = vocGuessV * 1.5;
  let voc = vocGuessV;
  let iterations = 0;
  while (Math.abs(high - low) > 0.001) {
    if (predicted && voc < below) low = voc;
    else if (predicted && voc > above) high = voc;
    else {
      const current = lightA - saturationA * (exp(voc / idealityV) - 1) - voc / shuntOhm;
      if (current < 0) high = voc;
      if (current > 0) low = voc;
    }
    voc = (high + low) / 2;
    if (++iterations > 5000) return -1.0;
  }
  return voc;
}

/** Half-width (V) of the band around the root in which the bisection evaluates I itself. */
const OPEN_CIRCUIT_BAND_V = 1e-6;

/**
 * The zero of I(V) = I_L − I_0·(e^(V/a) − 1) − V/R_sh, V, by Newton's method from
 * a·ln(1 + I_L/I_0) (the zero without the shunt, to its right): I is concave and decreasing, so
 * the iterates fall monotonically onto the zero. NaN unless a, I_0, R_sh > 0, I_L ≥ 0 and the
 * steps fall below 1e-10 V within 50 iterations.
 */
function openCircuitRootV(idealityV: number, lightA: number, saturationA: number, shuntOhm: number): number {
  if (!(idealityV > 0 && saturationA > 0 && shuntOhm > 0 && lightA >= 0 && lightA < Number.POSITIVE_INFINITY && shuntOhm < Number.POSITIVE_INFINITY)) {
    return Number.NaN;
  }
  let v = idealityV * Math.log1p(lightA / saturationA);
  for (let k = 0; k < 50; k++) {
    const exponential = exp(v / idealityV);
    const current = lightA - saturationA * (exponential - 1) - v / shuntOhm;
    const slope = (-saturationA / idealityV) * exponential - 1 / shuntOhm;
    const step = current / slope;
    v -= step;
    if (Math.abs(step) <= 1e-10) return v;
  }
  return Number.NaN;
}

/**
 * The curve the current solver and the maximum-power search work on, and the voltage asked and the
 * answer, in one Float64Array: the five parameters at operating conditions, the current's first
 * guess, the two quotients of F′ that do not depend on the current (I_0·(R_s/a) and R_s/R_sh: ssc
 * forms the same products in the same order, so the values are the same to the bit), whether all
 * five parameters are finite, and the search's upper voltage. They are handed over in memory rather
 * than as arguments because a call V8 does not inline boxes every double argument and result (a
 * heap number each), and the search evaluates −P(V) some twenty-five times a record; and a double
 * argument merged into a loop's variables (the search's bounds) keeps them boxed, a heap number every
 * step. As arguments they made 9 MB of garbage a year's run.
 */
const CURVE = new Float64Array(12);
const IDEALITY_V = 0;
const LIGHT_A = 1;
const SATURATION_A = 2;
const SERIES_OHM = 3;
const SHUNT_OHM = 4;
const GUESS_A = 5;
const SLOPE_FACTOR = 6;
const SERIES_OVER_SHUNT = 7;
/** 1 when the five parameters are finite, else 0. */
const FINITE = 8;
/** The voltage to evaluate at, V. */
const VOLTAGE_V = 9;
/** `solveCurrent`'s current, A. */
const ANSWER = 10;
/** The upper end of the maximum-power search, V: the open-circuit voltage. */
const VOC_UPPER_V = 11;

/** Sets the curve's parameters, its current's first guess, and the quotients that follow from them. */
function setCurve(idealityV: number, lightA: number, saturationA: number, seriesOhm: number, shuntOhm: number, guessA: number): void {
  CURVE[IDEALITY_V] = idealityV;
  CURVE[LIGHT_A] = lightA;
  CURVE[SATURATION_A] = saturationA;
  CURVE[SERIES_OHM] = seriesOhm;
  CURVE[SHUNT_OHM] = shuntOhm;
  CURVE[GUESS_A] = guessA;
  CURVE[SLOPE_FACTOR] = saturationA * (seriesOhm / idealityV);
  CURVE[SERIES_OVER_SHUNT] = seriesOhm / shuntOhm;
  CURVE[FINITE] = Number.isFinite(idealityV + lightA + saturationA + seriesOhm + shuntOhm) ? 1 : 0;
}

/**
 * Current at voltage `voltageV`, A (ssc `current_5par`): Newton's method on
 * F(I) = I_L − I − I_0·(e^((V+I·R_s)/a) − 1) − (V+I·R_s)/R_sh from `guessA`, each step floored at 0,
 * until a step is at most 0.0001 A; −1 after 4000 steps.
 */
export function current5Par(
  voltageV: number,
  guessA: number,
  idealityV: number,
  lightA: number,
  saturationA: number,
  seriesOhm: number,
  shuntOhm: number,
): number {
  setCurve(idealityV, lightA, saturationA, seriesOhm, shuntOhm, guessA);
  CURVE[VOLTAGE_V] = voltageV;
  solveCurrent();
  return CURVE[ANSWER]!;
}

/** `current5Par` on the curve and at the voltage in CURVE, into CURVE[ANSWER]. */
function solveCurrent(): void {
  const voltageV = CURVE[VOLTAGE_V]!;
  const idealityV = CURVE[IDEALITY_V]!;
  const lightA = CURVE[LIGHT_A]!;
  const saturationA = CURVE[SATURATION_A]!;
  const seriesOhm = CURVE[SERIES_OHM]!;
  const shuntOhm = CURVE[SHUNT_OHM]!;
  const slopeFactor = CURVE[SLOPE_FACTOR]!;
  const seriesOverShunt = CURVE[SERIES_OVER_SHUNT]!;
  let previous = 0.0;
  let current = CURVE[GUESS_A]!;
  let iterations = 0;
  while (Math.abs(current - previous) > 0.0001) {
    previous = current;
    const diodeV = voltageV + previous * seriesOhm;
    const exponential = exp(diodeV / idealityV);
    const f = lightA - previous - saturationA * (exponential - 1.0) - diodeV / shuntOhm;
    const slope = -1.0 - slopeFactor * exponential - seriesOverShunt;
    const next = previous - f / slope;
    current = 0.0 > next ? 0.0 : next;
    if (iterations++ === 4000) {
      current = -1.0;
      break;
    }
  }
  CURVE[ANSWER] = current;
}

/**
 * −P(V) = −V·I(V) (ssc `powerfunc`): the current of `solveCurrent` from the curve's first guess
 * 0.9·I_L. At V = 0 it is −0 without solving when the parameters are finite: the current is then a
 * finite number ≥ 0. Small enough for V8 to inline wherever it is called, so that only
 * `solveCurrent` is called, without arguments or a result.
 */
function negativePowerAt(voltageV: number): number {
  if (voltageV === 0 && CURVE[FINITE] === 1) return -0;
  CURVE[VOLTAGE_V] = voltageV;
  solveCurrent();
  return -voltageV * CURVE[ANSWER]!;
}

// Numerical Recipes constants as ssc's copy of mnbrak/golden has them.
const GOLD = 1.618034;
const GLIMIT = 100.0;
const TINY = 1.0e-20;
const GOLDEN_R = 0.61803399;
const GOLDEN_C = 1.0 - GOLDEN_R;
/** Relative tolerance of the golden-section search, and its step limit (ssc `maxpower_5par`). */
const GOLDEN_TOLERANCE = 1e-4;
const GOLDEN_MAX_STEPS = 5000;

/** The bracket `bracketMinimum` leaves: a < b < c (or c < b < a) with f(b) below f(a) and f(c). */
const BRACKET = new Float64Array(6);
const AX = 0;
const BX = 1;
const CX = 2;
const FB = 3;

/**
 * Numerical Recipes' `mnbrak` as ssc's copy has it (Press et al., Numerical Recipes, section 10.1): from
 * ax = 0 and bx = CURVE[VOC_UPPER_V], steps downhill on −P(V) by golden-ratio leaps and parabolic
 * extrapolation, no farther than GLIMIT times the last step, until f(b) ≤ f(c); into BRACKET.
 */
function bracketMinimum(): void {
  let ax = 0;
  let bx = CURVE[VOC_UPPER_V]!;
  let cx: number;
  let fa = negativePowerAt(ax);
  let fb = negativePowerAt(bx);
  let fc: number;
  if (fb > fa) {
    let swap = ax;
    ax = bx;
    bx = swap;
    swap = fa;
    fa = fb;
    fb = swap;
  }
  cx = bx + GOLD * (bx - ax);
  fc = negativePowerAt(cx);
  while (fb > fc) {
    const r = (bx - ax) * (fb - fc);
    const q = (bx - cx) * (fb - fa);
    const qr = Math.abs(q - r);
    const denominator = 2.0 * (q - r >= 0.0 ? Math.abs(qr > TINY ? qr : TINY) : -Math.abs(qr > TINY ? qr : TINY));
    let u = bx - ((bx - cx) * q - (bx - ax) * r) / denominator;
    const ulim = bx + GLIMIT * (cx - bx);
    let fu: number;
    if ((bx - u) * (u - cx) > 0.0) {
      fu = negativePowerAt(u);
      if (fu < fc) {
        ax = bx;
        bx = u;
        fa = fb;
        fb = fu;
        break;
      } else if (fu > fb) {
        cx = u;
        fc = fu;
        break;
      }
      u = cx + GOLD * (cx - bx);
      fu = negativePowerAt(u);
    } else if ((cx - u) * (u - ulim) > 0.0) {
      fu = negativePowerAt(u);
      if (fu < fc) {
        bx = cx;
        cx = u;
        u = cx + GOLD * (cx - bx);
        fb = fc;
        fc = fu;
        fu = negativePowerAt(u);
      }
    } else if ((u - ulim) * (ulim - cx) >= 0.0) {
      u = ulim;
      fu = negativePowerAt(u);
    } else {
      u = cx + GOLD * (cx - bx);
      fu = negativePowerAt(u);
    }
    ax = bx;
    bx = cx;
    cx = u;
    fa = fb;
    fb = fc;
    fc = fu;
  }
  BRACKET[AX] = ax;
  BRACKET[BX] = bx;
  BRACKET[CX] = cx;
  BRACKET[FB] = fb;
}

/**
 * Numerical Recipes' `golden` as ssc's copy has it: golden-section search of −P(V) inside BRACKET,
 * clamped to [0, CURVE[VOC_UPPER_V]], to a bracket of relative width 1e-4; the maximum power, W, with its
 * voltage (V) and current (A) in `out`. −999 (all three) after 5000 steps.
 */
function goldenSection(out: MaxPowerPoint): number {
  let ax = BRACKET[AX]!;
  let bx = BRACKET[BX]!;
  const cx = BRACKET[CX]!;
  const fb = BRACKET[FB]!;
  // "in rare cases mnbrak returns values beyond original bounds", clamp ax and bx.
  // One of golden's two first points is bx: its value is mnbrak's fb unless the clamp moved it
  // (ssc evaluates it again, to the same number).
  const bracketMiddle = bx;
  const lower = 0;
  const upper = CURVE[VOC_UPPER_V]!;
  if (ax < lower) ax = lower;
  if (ax > upper) ax = upper;
  if (bx < lower) bx = lower;
  if (bx > upper) bx = upper;
  let x0 = ax;
  let x3 = cx;
  let x1: number;
  let x2: number;
  if (Math.abs(cx - bx) > Math.abs(bx - ax)) {
    x1 = bx;
    x2 = bx + GOLDEN_C * (cx - bx);
  } else {
    x2 = bx;
    x1 = bx - GOLDEN_C * (bx - ax);
  }
  let f1 = x1 === bracketMiddle ? fb : negativePowerAt(x1);
  let f2 = x2 === bracketMiddle ? fb : negativePowerAt(x2);
  let steps = 0;
  while (Math.abs(x3 - x0) > GOLDEN_TOLERANCE * (Math.abs(x1) + Math.abs(x2))) {
    if (f2 < f1) {
      x0 = x1;
      x1 = x2;
      x2 = GOLDEN_R * x1 + GOLDEN_C * x3;
      f1 = f2;
      f2 = negativePowerAt(x2);
    } else {
      x3 = x2;
      x2 = x1;
      x1 = GOLDEN_R * x2 + GOLDEN_C * x0;
      f2 = f1;
      f1 = negativePowerAt(x1);
    }
    if (steps++ > GOLDEN_MAX_STEPS) {
      out.voltageV = -999;
      out.currentA = -999;
      return -999;
    }
  }
  let v: number;
  let p: number;
  if (f1 < f2) {
    v = x1;
    p = -f1;
  } else {
    v = x2;
    p = -f2;
  }
  out.voltageV = v;
  out.currentA = v !== 0 ? p / v : 0;
  return p;
}

/**
 * Maximum power of the five-parameter model, W (ssc `maxpower_5par`): minimise −V·I(V) by
 * Numerical Recipes' `mnbrak` from (0, `vocUpperV`) (`bracketMinimum`) and `golden`
 * (`goldenSection`) to a bracket of relative width 1e-4, the bracketing points clamped to
 * [0, vocUpperV] as ssc does; leaves the voltage (V) and current (A) there in `out`. −999 (all
 * three) if the search exceeds 5000 steps.
 */
export function maxPower5Par(
  vocUpperV: number,
  idealityV: number,
  lightA: number,
  saturationA: number,
  seriesOhm: number,
  shuntOhm: number,
  out: MaxPowerPoint,
): number {
  setCurve(idealityV, lightA, saturationA, seriesOhm, shuntOhm, 0.9 * lightA);
  CURVE[VOC_UPPER_V] = vocUpperV;
  bracketMinimum();
  return goldenSection(out);
}
