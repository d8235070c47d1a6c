/**
 * PVWatts v5's cell temperature: the transient heat balance of Fuentes 1987 (SAND85-0330) as ssc
 * `pvwatts_celltemp` implements it, docs/pv-model.md §12.1, and how its tenth iterate is found (docs/pv-model.md §12.2).
 *
 * Over 400 lines on purpose: one physical stage, whose heat-balance terms and the solver that
 * iterates them share every constant and its derivation; apart, each would be read only beside the other.
 */

import { exp, FixedPower } from '../common/libm.ts';
import { NOCT_AMBIENT_C, NOCT_IRRADIANCE_WM2 } from '../common/noct.ts';
import { ZERO_CELSIUS_K } from '../common/units.ts';

/** Stefan–Boltzmann constant, W/(m²·K⁴), as ssc writes it. */
const STEFAN_BOLTZMANN = 5.669e-8;
const ABSORPTANCE = 0.83;
const EMISSIVITY = 0.84;
/** Characteristic length of the module, m. */
const CHARACTERISTIC_LENGTH_M = 0.5;
/** Base heat capacity of the module, J/(m²·K). */
const BASE_HEAT_CAPACITY = 11000;
/** Module height used for the wind-speed correction, m (`PVWATTS_HEIGHT`). */
const MODULE_HEIGHT_M = 5;
/** Temperature of the NOCT reference environment, K (293.15). */
const NOCT_AMBIENT_K = NOCT_AMBIENT_C + ZERO_CELSIUS_K;
/** Sky temperature at NOCT conditions, K. */
const NOCT_SKY_K = 282.21;
/** ssc iterates the heat balance exactly 10 times. */
const ITERATIONS = 10;
/** Prandtl-number factors of the forced-convection correlations. */
const LAMINAR_PRANDTL_FACTOR = Math.pow(0.71, 0.67);
const TURBULENT_PRANDTL_FACTOR = Math.pow(0.71, 0.4);
const EMISSIVITY_SIGMA = EMISSIVITY * STEFAN_BOLTZMANN;
/** Air density is this over the film temperature T (K), kg/m³. */
const AIR_DENSITY_FACTOR = 0.003484 * 101325;
/** Kinematic viscosity of air, 0.24237e-6·T^0.76/density m²/s, is this × T^1.76. */
const VISCOSITY_FACTOR = 0.24237e-6 / AIR_DENSITY_FACTOR;
/** Laminar forced convection is this × √w × T^LAMINAR_FORCED_TEMPERATURE_EXPONENT. */
const LAMINAR_FORCED_FACTOR = ((0.86 * 1007) / LAMINAR_PRANDTL_FACTOR) * AIR_DENSITY_FACTOR * Math.sqrt(VISCOSITY_FACTOR / CHARACTERISTIC_LENGTH_M);
const LAMINAR_FORCED_TEMPERATURE_EXPONENT = 0.5 * 1.76 - 1;
/** Turbulent forced convection is this × w^0.8 × T^TURBULENT_FORCED_TEMPERATURE_EXPONENT. */
const TURBULENT_FORCED_FACTOR = ((0.0282 * 1007) / TURBULENT_PRANDTL_FACTOR) * AIR_DENSITY_FACTOR * Math.pow(VISCOSITY_FACTOR / CHARACTERISTIC_LENGTH_M, 0.2);
const TURBULENT_FORCED_TEMPERATURE_EXPONENT = 0.2 * 1.76 - 1;
/** Thermal conductivity of air is this × T^0.84, W/(m·K). */
const AIR_CONDUCTIVITY_FACTOR = 2.1695e-4;
/** The Grashof number 9.8/T·ΔT·x³/ν²·0.5 is this × ΔT/T^4.52. */
const GRASHOF_FACTOR = (9.8 * CHARACTERISTIC_LENGTH_M ** 3 * 0.5) / VISCOSITY_FACTOR ** 2;
/**
 * Free convection h_free = 0.21·(0.71·Gr)^0.32·k_air/x is this × ΔT^0.32 × T^FREE_TEMPERATURE_EXPONENT.
 */
const FREE_CONVECTION_FACTOR = ((0.21 * AIR_CONDUCTIVITY_FACTOR) / CHARACTERISTIC_LENGTH_M) * (0.71 * GRASHOF_FACTOR) ** 0.32;
const FREE_TEMPERATURE_EXPONENT = 0.84 - 0.32 * 4.52;
/** The powers of the heat balance: of the film temperature, of the module's rise over ambient, and the cube root. */
const LAMINAR_FILM_POWER = new FixedPower(LAMINAR_FORCED_TEMPERATURE_EXPONENT);
const TURBULENT_FILM_POWER = new FixedPower(TURBULENT_FORCED_TEMPERATURE_EXPONENT);
const FREE_FILM_POWER = new FixedPower(FREE_TEMPERATURE_EXPONENT);
const RISE_POWER = new FixedPower(0.32);
const CUBE_ROOT = new FixedPower(1 / 3);

/** Effective sky temperature for radiative exchange, K, from the ambient temperature in °C (docs/pv-model.md §12.1). */
export function skyTemperatureK(ambientC: number): number {
  const ambientK = ambientC + ZERO_CELSIUS_K;
  return 0.68 * (0.0552 * Math.pow(ambientK, 1.5)) + 0.32 * ambientK;
}

/** Wind speed at module height (from 9.144 m), plus 0.0001 m/s, for a measured `windMs` ≥ 0 (docs/pv-model.md §12.1). */
export function windAtModuleMs(windMs: number): number {
  return windMs * Math.pow(MODULE_HEIGHT_M / 9.144, 0.2) + 0.0001;
}

/**
 * The parts of the forced convection that depend on the wind at module height only (a site
 * computes them once per record): with Re = w·x/ν, ν = VISCOSITY_FACTOR·T^1.76 and
 * ρ = AIR_DENSITY_FACTOR/T, forced convection 0.86·Re^−0.5·ρ·w·1007/0.71^0.67 (laminar) or
 * 0.0282·Re^−0.2·ρ·w·1007/0.71^0.4 (Re > 1.2e5) is a wind factor times a power of the film
 * temperature T, and Re > 1.2e5 exactly when T < `filmTurbulentBelowK`.
 */
export interface WindTerms {
  laminarForced: number;
  turbulentForced: number;
  /** The film temperature (K) below which the forced convection is turbulent. */
  filmTurbulentBelowK: number;
}

export function windTerms(windAtModule: number, out: WindTerms): void {
  out.laminarForced = LAMINAR_FORCED_FACTOR * Math.sqrt(windAtModule);
  out.turbulentForced = TURBULENT_FORCED_FACTOR * Math.exp(0.8 * Math.log(windAtModule));
  out.filmTurbulentBelowK = Math.exp(Math.log((windAtModule * CHARACTERISTIC_LENGTH_M) / (1.2e5 * VISCOSITY_FACTOR)) / 1.76);
}

/** Above this slope of the heat-balance map the tenth iterate is tracked step by step. */
const SOLVER_MAX_SLOPE = 0.6;
/** Halley: the predicted error (K) below which a step needs no further evaluation. */
const HALLEY_TOLERANCE_K = 1e-13;
/** The bound on the neglected terms of the error series (K) below which its tenth iterate is taken. */
const SERIES_TOLERANCE_K = 1e-12;
const SOLVER_MAX_STEPS = 8;
/** How far (K) the tenth iterate may lie from the fixed point for the fixed point to stand for it. */
const TENTH_ITERATE_TOLERANCE_K = 1e-10;

const scratchWind: WindTerms = { laminarForced: 0, turbulentForced: 0, filmTurbulentBelowK: 0 };

/**
 * The Fuentes model with its state (previous module temperature and absorbed irradiance). Create
 * one per run; `NOCT` in °C (45 open rack, 49 roof mount) and the record length in hours.
 */
export class FuentesCellTemperature {
  private readonly stepHours: number;
  private readonly heatCapacity: number;
  /** −Δt·3600/C: the exponent of the decay per W/(m²·K) of heat exchange. */
  private readonly exponentPerWatt: number;
  /** 1/exponentPerWatt. */
  private readonly wattsPerExponent: number;
  /** Ratio of ground temperature rise to module temperature rise. */
  private readonly groundRatio: number;
  /** Convection coefficient scaling that makes the model reproduce NOCT. */
  private readonly convectionRatio: number;
  private previousModuleK = NOCT_AMBIENT_K;
  private previousAbsorbedWm2 = 0;
  /**
   * The module temperature (K) `heatBalanceStep` starts from and the iterate it finds, as fields rather
   * than argument and result: V8 does not inline the step, and a double that crosses a call is boxed
   * (a heap allocation each time).
   */
  private stepFromK = 0;
  private stepToK = 0;
  /** d(next)/d(module temperature) of the last `heatBalanceStep`. */
  private slope = 0;
  /** d²(next)/d(module temperature)² of the last `heatBalanceStep`. */
  private curvature = 0;
  /** The decay exponent of the last `heatBalanceStep` and its derivative. */
  private exponent = 0;
  private exponentSlope = 0;
  /**
   * The fixed point Halley's method found for the record (NaN: none), the map's slope and curvature
   * there and its last step (K), for `tenthIterateFrom`.
   */
  private fixedK = Number.NaN;
  private fixedSlope = 0;
  private fixedCurvature = 0;
  private fixedStepK = 0;
  /** Inputs of the record being solved, for `heatBalanceStep`. */
  private ambientK = 0;
  private skyK = 0;
  private absorbedWm2 = 0;
  private laminarForced = 0;
  private turbulentForced = 0;
  private filmTurbulentBelowK = 0;

  constructor(noctC: number, stepHours: number) {
    this.stepHours = stepHours;
    const noctK = noctC + ZERO_CELSIUS_K;
    const rise = noctK - NOCT_AMBIENT_K;
    const filmK = (noctK + NOCT_AMBIENT_K) / 2;
    const density = AIR_DENSITY_FACTOR / filmK;
    const viscosity = (0.24237e-6 * Math.pow(filmK, 0.76)) / density;
    const conductivity = AIR_CONDUCTIVITY_FACTOR * Math.pow(filmK, 0.84);
    const reynolds = (1 * CHARACTERISTIC_LENGTH_M) / viscosity;
    const forced = (0.86 * Math.pow(reynolds, -0.5) * density * 1 * 1007) / LAMINAR_PRANDTL_FACTOR;
    const grashof = (((9.8 / filmK) * rise * CHARACTERISTIC_LENGTH_M * CHARACTERISTIC_LENGTH_M * CHARACTERISTIC_LENGTH_M) / (viscosity * viscosity)) * 0.5;
    const free = (0.21 * Math.pow(grashof * 0.71, 0.32) * conductivity) / CHARACTERISTIC_LENGTH_M;
    const convection = Math.pow(free * free * free + forced * forced * forced, 1 / 3);
    const groundExchange = EMISSIVITY_SIGMA * (noctK * noctK + NOCT_AMBIENT_K * NOCT_AMBIENT_K) * (noctK + NOCT_AMBIENT_K);
    const noctK4 = Math.pow(noctK, 4);
    const backRatio =
      (ABSORPTANCE * NOCT_IRRADIANCE_WM2 - EMISSIVITY_SIGMA * (noctK4 - Math.pow(NOCT_SKY_K, 4)) - convection * rise) / ((groundExchange + convection) * rise);
    let groundK = Math.pow(noctK4 - backRatio * (noctK4 - Math.pow(NOCT_AMBIENT_K, 4)), 0.25);
    if (groundK > noctK) groundK = noctK;
    if (groundK < NOCT_AMBIENT_K) groundK = NOCT_AMBIENT_K;
    this.groundRatio = (groundK - NOCT_AMBIENT_K) / rise;
    this.convectionRatio =
      (ABSORPTANCE * NOCT_IRRADIANCE_WM2 - EMISSIVITY_SIGMA * (2 * noctK4 - Math.pow(NOCT_SKY_K, 4) - Math.pow(groundK, 4))) / (convection * rise);
    this.heatCapacity = noctK > 321.15 ? BASE_HEAT_CAPACITY * (1 + (noctK - 321.15) / 12) : BASE_HEAT_CAPACITY;
    this.exponentPerWatt = (-this.stepHours * 3600) / this.heatCapacity;
    this.wattsPerExponent = 1 / this.exponentPerWatt;
  }

  /**
   * Cell temperature in °C for a record with plane-of-array irradiance `poaWm2` (after shading,
   * before cover loss), ambient `ambientC`, the sky temperature of `skyTemperatureK` and the wind
   * of `windAtModuleMs`. Advances the state. Without irradiance (POA ≤ 0 or NaN) the cell is at
   * ambient and the state restarts from it.
   */
  cellTemperatureC(poaWm2: number, ambientC: number, skyK: number, windMs: number): number {
    windTerms(windMs, scratchWind);
    const wind = scratchWind;
    return this.cellTemperatureWithWindC(poaWm2, ambientC, skyK, wind.laminarForced, wind.turbulentForced, wind.filmTurbulentBelowK);
  }

  /** `cellTemperatureC` with the wind given by its `windTerms` (computed once per site and record). */
  cellTemperatureWithWindC(
    poaWm2: number,
    ambientC: number,
    skyK: number,
    laminarForced: number,
    turbulentForced: number,
    filmTurbulentBelowK: number,
  ): number {
    if (!(poaWm2 > 0)) {
      this.previousModuleK = ambientC + ZERO_CELSIUS_K;
      this.previousAbsorbedWm2 = 0;
      return ambientC;
    }
    this.ambientK = ambientC + ZERO_CELSIUS_K;
    this.skyK = skyK;
    this.absorbedWm2 = ABSORPTANCE * poaWm2;
    this.laminarForced = laminarForced;
    this.turbulentForced = turbulentForced;
    this.filmTurbulentBelowK = filmTurbulentBelowK;
    const previousK = this.previousModuleK;
    const moduleK = this.tenthIterate(previousK);
    this.previousModuleK = moduleK;
    this.previousAbsorbedWm2 = this.absorbedWm2;
    return moduleK - ZERO_CELSIUS_K;
  }

  /**
   * ssc's module temperature: the tenth iterate T₁₀ of the heat-balance map g from T₀ (the previous
   * record's temperature), to within ~1e-10 K (1e-11 K in practice), far below the single-precision
   * outputs.
   *
   * The map is a contraction whose slope q at its fixed point T* is usually small (0.01–0.3).
   * Halley's method on g(T) − T, with g′ and g″ from the same powers and exponentials as g, finds T*
   * in two evaluations (at T₀, which also gives T₁ = g(T₀), and one more) for most records; T₁₀ then
   * follows from T*, q, g″(T*) and T₁ (`tenthIterateFrom`). Where that cannot be trusted (a slope
   * near 1, a switch of the map between the iterates and T*), the plain iterates are followed from
   * T₁ until it can, or to the end as ssc does: stopping once two successive steps shrink by a ratio
   * r < 0.5 and the rest of the ten iterations cannot move the result more than |step|·r/(1 − r) <
   * 1e-10 K.
   */
  private tenthIterate(firstK: number): number {
    const nextK = this.mapped(firstK, true);
    const firstSlope = this.slope;
    this.fixedK = Number.NaN;
    if (Math.abs(firstSlope) < SOLVER_MAX_SLOPE) {
      // Halley's method on h(T) = g(T) − T: cubic convergence, so the error after a step s is about
      // K·s³, with K measured from the steps so far; once that is below 1e-13 K no evaluation is
      // needed to confirm it.
      let x = firstK;
      let mappedK = nextK;
      let slope = firstSlope;
      let curvature = this.curvature;
      let previousStepK = Number.NaN;
      for (let i = 0; i < SOLVER_MAX_STEPS; i++) {
        const derivative = slope - 1;
        const newtonStep = (x - mappedK) / derivative;
        const stepK = newtonStep / (1 + (newtonStep * curvature) / (2 * derivative));
        x += stepK;
        const absStep = Math.abs(stepK);
        const previousAbs = Math.abs(previousStepK);
        // Near the ambient temperature the map's derivatives grow like |T − Ta|^−n (|ΔT|^0.32), so
        // the rate is at least 1/(T − Ta)²; far from it, the steps measure it.
        const cuspDistance = x - this.ambientK;
        const rate =
          previousAbs > 0 ? Math.max(absStep / (previousAbs * previousAbs * previousAbs), 1 / (cuspDistance * cuspDistance)) : Number.POSITIVE_INFINITY;
        if (absStep < 1e-12 || rate * absStep * absStep * absStep < HALLEY_TOLERANCE_K) {
          this.fixedK = x;
          this.fixedSlope = slope;
          this.fixedCurvature = curvature;
          this.fixedStepK = absStep;
          const tenthK = this.tenthIterateFrom(firstK, nextK, 1);
          if (!Number.isNaN(tenthK)) return tenthK;
          break;
        }
        if (!(absStep < Number.POSITIVE_INFINITY)) break;
        previousStepK = stepK;
        mappedK = this.mapped(x, true);
        slope = this.slope;
        curvature = this.curvature;
      }
    }
    // The plain iterates, from T₁; with the fixed point known, until the rest can be computed.
    let moduleK = nextK;
    let previousStepK = nextK - firstK;
    if (previousStepK === 0) return moduleK;
    for (let i = 2; i <= ITERATIONS; i++) {
      const iterateK = this.mapped(moduleK, false);
      const stepK = iterateK - moduleK;
      if (!Number.isNaN(this.fixedK)) {
        const tenthK = this.tenthIterateFrom(moduleK, iterateK, i);
        if (!Number.isNaN(tenthK)) return tenthK;
      }
      moduleK = iterateK;
      const ratio = Math.abs(stepK / previousStepK);
      if (stepK === 0 || (ratio < 0.5 && (Math.abs(stepK) * ratio) / (1 - ratio) < TENTH_ITERATE_TOLERANCE_K)) break;
      previousStepK = stepK;
    }
    return moduleK;
  }

  /**
   * Whether the map is smooth within `reachK` of `fixedK`. It is not where the forced convection turns
   * turbulent (a jump), where the decay is cut to 0 (exponent −10) and at the ambient temperature
   * (|ΔT|^0.32, whose derivatives grow without bound); on the far side of any of them lies another
   * branch, which may have a fixed point of its own (1.2e-3 K away in one hour of 723170TYA.CSV).
   */
  private smoothAround(fixedK: number, reachK: number): boolean {
    const ambientK = this.ambientK;
    if (!(Math.abs(fixedK - ambientK) > reachK)) return false;
    const turbulentBelowK = 2 * this.filmTurbulentBelowK - ambientK;
    if (!(Math.abs(fixedK - turbulentBelowK) > reachK)) return false;
    return Math.abs(this.exponent + 10) > 2 * Math.abs(this.exponentSlope) * reachK;
  }

  /**
   * The tenth iterate T₁₀ from the fixed point T* = `this.fixedK`, the map's slope q and curvature c
   * there, and two successive exact iterates Tₖ₋₁ = `previousK`, Tₖ = `iterateK`; NaN when that
   * cannot be done to ~1e-10 K. The errors eⱼ = Tⱼ − T* follow eⱼ₊₁ = q·eⱼ + (c/2)·eⱼ² + κ·eⱼ³ + …,
   * with κ measured from eₖ₋₁ → eₖ. When |eₖ|·(1.5q)^(10−k) < 1e-10 K, T₁₀ is T* to that precision;
   * else the series is followed to e₁₀, its neglected terms (at most about (|κ| + |c|/d)·|eₖ|³, d the
   * distance to the ambient cusp, shrinking by q each step) below 1e-12 K. Either way the map must be
   * smooth where the iterates go (no laminar–turbulent switch, decay cut or ambient cusp within reach
   * of T*): on the far side of one, another branch has its own fixed point, which Halley's method may
   * have found instead.
   */
  private tenthIterateFrom(previousK: number, iterateK: number, k: number): number {
    const fixedK = this.fixedK;
    const slope = this.fixedSlope;
    const curvature = this.fixedCurvature;
    const lastStepK = this.fixedStepK;
    if (!(Math.abs(slope) < SOLVER_MAX_SLOPE)) return Number.NaN;
    const error = iterateK - fixedK;
    const remaining = ITERATIONS - k;
    const r = 1.5 * Math.abs(slope);
    let damping = 1;
    for (let i = 0; i < remaining; i++) damping *= r;
    if (Math.abs(error) * damping < TENTH_ITERATE_TOLERANCE_K) {
      return this.smoothAround(fixedK, Math.max(1.5 * Math.abs(error), 2 * lastStepK) + 1e-9) ? fixedK : Number.NaN;
    }
    const previous = previousK - fixedK;
    if (!this.smoothAround(fixedK, Math.max(1.5 * Math.abs(previous), 2 * lastStepK) + 1e-9)) return Number.NaN;
    const halfCurvature = 0.5 * curvature;
    const cubic = (error - previous * (slope + halfCurvature * previous)) / (previous * previous * previous);
    let shrink = 1;
    for (let i = 1; i < remaining; i++) shrink *= slope;
    const neglected = (Math.abs(cubic) + Math.abs(curvature) / Math.abs(fixedK - this.ambientK)) * Math.abs(error * error * error) * Math.abs(shrink);
    if (!(neglected < SERIES_TOLERANCE_K)) return Number.NaN;
    let e = error;
    for (let i = 0; i < remaining; i++) e *= slope + e * (halfCurvature + e * cubic);
    return fixedK + e;
  }

  /** g(`moduleK`), the next iterate of the heat balance (`heatBalanceStep`). */
  private mapped(moduleK: number, withSlope: boolean): number {
    this.stepFromK = moduleK;
    this.heatBalanceStep(withSlope);
    return this.stepToK;
  }

  /**
   * One step of ssc's heat balance (docs/pv-model.md §12.1) from module temperature `this.stepFromK` for the current
   * record: leaves the next iterate in `this.stepToK` and, `withSlope`, its first and second
   * derivatives with respect to the module temperature in `this.slope` and `this.curvature` (and the
   * decay exponent and its derivative in `this.exponent`, `this.exponentSlope`).
   *
   * Its correlations are rearranged for speed (same values to ~1e-15): the air properties are
   * folded into powers of the film temperature, each x^a taken by a `FixedPower` (pv/common/libm.ts: tables and
   * a short series, where Math.pow, Math.log and Math.exp are slow calls in V8) so that the powers
   * for forced and free convection do not wait on each other, and the decay is glibc's exp. The
   * derivatives reuse those powers and need no transcendental call of their own.
   */
  private heatBalanceStep(withSlope: boolean): void {
    const moduleK = this.stepFromK;
    const ambientK = this.ambientK;
    const skyK = this.skyK;
    const absorbed = this.absorbedWm2;
    const previousK = this.previousModuleK;
    const previousAbsorbed = this.previousAbsorbedWm2;
    const absorbedChange = absorbed - previousAbsorbed;
    const filmK = (moduleK + ambientK) / 2;
    const turbulent = filmK < this.filmTurbulentBelowK;
    const forcedExponent = turbulent ? TURBULENT_FORCED_TEMPERATURE_EXPONENT : LAMINAR_FORCED_TEMPERATURE_EXPONENT;
    // one call of `of` for either regime, so that V8 inlines every power of the step (pv/common/libm.ts)
    const forced = (turbulent ? this.turbulentForced : this.laminarForced) * (turbulent ? TURBULENT_FILM_POWER : LAMINAR_FILM_POWER).of(filmK);
    // h_free = 0.21·(0.71·Gr)^0.32·k_air/x with Gr = 9.8/T·ΔT·x³/ν²·0.5, ν ∝ T^1.76 and
    // k_air ∝ T^0.84, so h_free ∝ ΔT^0.32 · T^(0.84 − 0.32·4.52).
    const riseK = moduleK - ambientK;
    const free = FREE_CONVECTION_FACTOR * RISE_POWER.of(Math.abs(riseK)) * FREE_FILM_POWER.of(filmK);
    const convectionCube = free * free * free + forced * forced * forced;
    const cubeRoot = CUBE_ROOT.of(convectionCube);
    const convection = this.convectionRatio * cubeRoot;
    const sky = EMISSIVITY_SIGMA * (moduleK * moduleK + skyK * skyK) * (moduleK + skyK);
    const groundRatio = this.groundRatio;
    const groundK = ambientK + groundRatio * (moduleK - ambientK);
    const ground = EMISSIVITY_SIGMA * (moduleK * moduleK + groundK * groundK) * (moduleK + groundK);
    const exchange = convection + sky + ground;
    const exponent = exchange * this.exponentPerWatt;
    const decay = exponent > -10 ? exp(exponent) : 0;
    // one division each for 1/exchange and 1/exponent (= 1/(exchange·exponentPerWatt)), shared by the derivatives
    const overExchange = 1 / exchange;
    const overExponent = overExchange * this.wattsPerExponent;
    const balance = convection * ambientK + sky * skyK + ground * groundK + previousAbsorbed + absorbedChange * overExponent;
    const numerator = (1 - decay) * balance + absorbed - previousAbsorbed;
    const nextK = previousK * decay + numerator * overExchange;
    this.stepToK = nextK;
    if (!withSlope) return;

    // first and second derivatives with respect to moduleK T (dfilm/dT = 1/2). Each power c·x^p
    // has (c·x^p)′ = c·x^p·w with w = p·x′/x, and (c·x^p)″ = c·x^p·(w² + w′).
    const halfOverFilm = 0.5 / filmK;
    const overRise = 1 / riseK;
    const forcedRate = forcedExponent * halfOverFilm;
    const forcedRateSlope = -forcedExponent * halfOverFilm * halfOverFilm;
    const freeRate = 0.32 * overRise + FREE_TEMPERATURE_EXPONENT * halfOverFilm;
    const freeRateSlope = -0.32 * overRise * overRise - FREE_TEMPERATURE_EXPONENT * halfOverFilm * halfOverFilm;
    const freeCube = free * free * free;
    const forcedCube = forced * forced * forced;
    // W = free³ + forced³, convection = c·W^(1/3): convection′ = convection·z with z = W′/(3W)
    const cubeSlope = 3 * (freeCube * freeRate + forcedCube * forcedRate);
    const cubeCurvature = 3 * (freeCube * (3 * freeRate * freeRate + freeRateSlope) + forcedCube * (3 * forcedRate * forcedRate + forcedRateSlope));
    const overCube3 = 1 / (3 * convectionCube);
    const z = cubeSlope * overCube3;
    const convectionSlope = convection * z;
    const convectionCurvature = convection * (cubeCurvature * overCube3 - 2 * z * z);
    const skySlope = EMISSIVITY_SIGMA * (3 * moduleK * moduleK + 2 * moduleK * skyK + skyK * skyK);
    const skyCurvature = EMISSIVITY_SIGMA * (6 * moduleK + 2 * skyK);
    const groundLinear = 2 * (moduleK + groundK * groundRatio);
    const groundSlope = EMISSIVITY_SIGMA * (groundLinear * (moduleK + groundK) + (moduleK * moduleK + groundK * groundK) * (1 + groundRatio));
    const groundCurvature = EMISSIVITY_SIGMA * ((2 + 2 * groundRatio * groundRatio) * (moduleK + groundK) + 2 * groundLinear * (1 + groundRatio));
    const exchangeSlope = convectionSlope + skySlope + groundSlope;
    const exchangeCurvature = convectionCurvature + skyCurvature + groundCurvature;
    const exponentPerWatt = this.exponentPerWatt;
    const exponentSlope = exchangeSlope * exponentPerWatt;
    const exponentCurvature = exchangeCurvature * exponentPerWatt;
    this.exponent = exponent;
    this.exponentSlope = exponentSlope;
    const decaySlope = decay * exponentSlope;
    const decayCurvature = decay * (exponentSlope * exponentSlope + exponentCurvature);
    const changeOverExponent2 = absorbedChange * overExponent * overExponent;
    const balanceSlope = convectionSlope * ambientK + skySlope * skyK + groundSlope * groundK + ground * groundRatio - changeOverExponent2 * exponentSlope;
    const balanceCurvature =
      convectionCurvature * ambientK +
      skyCurvature * skyK +
      groundCurvature * groundK +
      2 * groundSlope * groundRatio -
      changeOverExponent2 * (exponentCurvature - 2 * exponentSlope * exponentSlope * overExponent);
    const numeratorSlope = (1 - decay) * balanceSlope - decaySlope * balance;
    const numeratorCurvature = (1 - decay) * balanceCurvature - 2 * decaySlope * balanceSlope - decayCurvature * balance;
    // numerator/exchange = q: q′ = (N′ − q·E′)/E, q″ = (N″ − 2q′E′ − q·E″)/E
    const quotient = numerator * overExchange;
    const quotientSlope = (numeratorSlope - quotient * exchangeSlope) * overExchange;
    const quotientCurvature = (numeratorCurvature - 2 * quotientSlope * exchangeSlope - quotient * exchangeCurvature) * overExchange;
    this.slope = previousK * decaySlope + quotientSlope;
    this.curvature = previousK * decayCurvature + quotientCurvature;
  }
}
