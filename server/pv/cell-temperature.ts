/**
 * Cell temperature: the transient heat balance of Fuentes 1987 as ssc `pvwatts_celltemp` implements
 * it, ALGORITHM.md §10.
 */

/** Stefan–Boltzmann constant, W/(m²·K⁴), as ssc writes it. */
const STEFAN_BOLTZMANN = 5.669e-8;
const ABSORPTANCE = 0.83;
const EMISSIVITY = 0.84;
/** Characteristic length of the module, m. */
const CHARACTERISTIC_LENGTH_M = 0.5;
/** Base heat capacity of the module, J/(m²·K). */
const BASE_HEAT_CAPACITY = 11000;
/** Module height used for the wind-speed correction, m (`PVWATTS_HEIGHT`). */
export const MODULE_HEIGHT_M = 5;
/** Temperature of the NOCT reference environment, K. */
const NOCT_AMBIENT_K = 293.15;
/** Sky temperature at NOCT conditions, K. */
const NOCT_SKY_K = 282.21;
const NOCT_IRRADIANCE_WM2 = 800;
const KELVIN = 273.15;
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
const LAMINAR_FORCED_FACTOR =
  ((0.86 * 1007) / LAMINAR_PRANDTL_FACTOR) * AIR_DENSITY_FACTOR * Math.sqrt(VISCOSITY_FACTOR / CHARACTERISTIC_LENGTH_M);
const LAMINAR_FORCED_TEMPERATURE_EXPONENT = 0.5 * 1.76 - 1;
/** Turbulent forced convection is this × w^0.8 × T^TURBULENT_FORCED_TEMPERATURE_EXPONENT. */
const TURBULENT_FORCED_FACTOR =
  ((0.0282 * 1007) / TURBULENT_PRANDTL_FACTOR) * AIR_DENSITY_FACTOR * Math.pow(VISCOSITY_FACTOR / CHARACTERISTIC_LENGTH_M, 0.2);
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

/** Effective sky temperature for radiative exchange, K, from the ambient temperature in °C (§10). */
export function skyTemperatureK(ambientC: number): number {
  const ambientK = ambientC + KELVIN;
  return 0.68 * (0.0552 * Math.pow(ambientK, 1.5)) + 0.32 * ambientK;
}

/** Wind speed at module height (from 9.144 m), plus 0.0001 m/s, for a measured `windMs` ≥ 0 (§10). */
export function windAtModuleMs(windMs: number): number {
  return windMs * Math.pow(MODULE_HEIGHT_M / 9.144, 0.2) + 0.0001;
}

/**
 * The Fuentes model with its state (previous module temperature and absorbed irradiance). Create
 * one per run; `NOCT` in °C (45 open rack, 49 roof mount) and the record length in hours.
 */
export class FuentesCellTemperature {
  private readonly stepHours: number;
  private readonly heatCapacity: number;
  /** Ratio of ground temperature rise to module temperature rise. */
  private readonly groundRatio: number;
  /** Convection coefficient scaling that makes the model reproduce NOCT. */
  private readonly convectionRatio: number;
  private previousModuleK = NOCT_AMBIENT_K;
  private previousAbsorbedWm2 = 0;

  constructor(noctC: number, stepHours: number) {
    this.stepHours = stepHours;
    const noctK = noctC + KELVIN;
    const rise = noctK - NOCT_AMBIENT_K;
    const filmK = (noctK + NOCT_AMBIENT_K) / 2;
    const density = AIR_DENSITY_FACTOR / filmK;
    const viscosity = (0.24237e-6 * Math.pow(filmK, 0.76)) / density;
    const conductivity = AIR_CONDUCTIVITY_FACTOR * Math.pow(filmK, 0.84);
    const reynolds = (1 * CHARACTERISTIC_LENGTH_M) / viscosity;
    const forced = (0.86 * Math.pow(reynolds, -0.5) * density * 1 * 1007) / LAMINAR_PRANDTL_FACTOR;
    const grashof =
      (((9.8 / filmK) * rise * CHARACTERISTIC_LENGTH_M * CHARACTERISTIC_LENGTH_M * CHARACTERISTIC_LENGTH_M) / (viscosity * viscosity)) * 0.5;
    const free = (0.21 * Math.pow(grashof * 0.71, 0.32) * conductivity) / CHARACTERISTIC_LENGTH_M;
    const convection = Math.pow(free * free * free + forced * forced * forced, 1 / 3);
    const groundExchange = EMISSIVITY_SIGMA * (noctK * noctK + NOCT_AMBIENT_K * NOCT_AMBIENT_K) * (noctK + NOCT_AMBIENT_K);
    const noctK4 = Math.pow(noctK, 4);
    const backRatio =
      (ABSORPTANCE * NOCT_IRRADIANCE_WM2 - EMISSIVITY_SIGMA * (noctK4 - Math.pow(NOCT_SKY_K, 4)) - convection * rise) /
      ((groundExchange + convection) * rise);
    let groundK = Math.pow(noctK4 - backRatio * (noctK4 - Math.pow(NOCT_AMBIENT_K, 4)), 0.25);
    if (groundK > noctK) groundK = noctK;
    if (groundK < NOCT_AMBIENT_K) groundK = NOCT_AMBIENT_K;
    this.groundRatio = (groundK - NOCT_AMBIENT_K) / rise;
    this.convectionRatio =
      (ABSORPTANCE * NOCT_IRRADIANCE_WM2 - EMISSIVITY_SIGMA * (2 * noctK4 - Math.pow(NOCT_SKY_K, 4) - Math.pow(groundK, 4))) /
      (convection * rise);
    this.heatCapacity = noctK > 321.15 ? BASE_HEAT_CAPACITY * (1 + (noctK - 321.15) / 12) : BASE_HEAT_CAPACITY;
  }

  /**
   * Cell temperature in °C for a record with plane-of-array irradiance `poaWm2` (after shading,
   * before cover loss), ambient `ambientC`, the sky temperature of `skyTemperatureK` and the wind
   * of `windAtModuleMs`. Advances the state. Without irradiance (POA ≤ 0 or NaN) the cell is at
   * ambient and the state restarts from it.
   */
  cellTemperatureC(poaWm2: number, ambientC: number, skyK: number, windMs: number): number {
    if (!(poaWm2 > 0)) {
      this.previousModuleK = ambientC + KELVIN;
      this.previousAbsorbedWm2 = 0;
      return ambientC;
    }
    const ambientK = ambientC + KELVIN;
    const absorbed = ABSORPTANCE * poaWm2;
    const previousK = this.previousModuleK;
    const previousAbsorbed = this.previousAbsorbedWm2;
    const absorbedChange = absorbed - previousAbsorbed;
    // Forced convection, 0.86·Re^−0.5·ρ·w·1007/0.71^0.67 (laminar) or 0.0282·Re^−0.2·ρ·w·1007/0.71^0.4
    // (Re > 1.2e5), with Re = w·x/ν, ν = VISCOSITY_FACTOR·T^1.76 and ρ = AIR_DENSITY_FACTOR/T, is a
    // wind factor times a power of T; Re > 1.2e5 exactly when ln T < logFilmTurbulentBelow.
    const logFilmTurbulentBelow = Math.log((windMs * CHARACTERISTIC_LENGTH_M) / (1.2e5 * VISCOSITY_FACTOR)) / 1.76;
    const laminarForced = LAMINAR_FORCED_FACTOR * Math.sqrt(windMs);
    const turbulentForced = TURBULENT_FORCED_FACTOR * Math.exp(0.8 * Math.log(windMs));
    const exponentPerWatt = (-this.stepHours * 3600) / this.heatCapacity;
    // ssc takes the tenth iterate of this contraction. Once two successive steps show it shrinking
    // fast (ratio q < 0.5), the tenth iterate lies within |step|·q/(1 − q) of the current one; when
    // that bound is below 1e-10 K the current iterate is taken: a difference far below the
    // single-precision outputs, which round it away.
    let moduleK = previousK;
    let previousStepK = Number.NaN;
    for (let i = 1; i <= ITERATIONS; i++) {
      const filmK = (moduleK + ambientK) / 2;
      // The §10 correlations, rearranged for speed (same values to ~1e-15): Math.pow is slow in V8,
      // so x^a is exp(a·ln x), and the air properties are folded into powers of the film
      // temperature so that the calls for forced and free convection do not wait on each other.
      const logFilmK = Math.log(filmK);
      const forced =
        logFilmK < logFilmTurbulentBelow
          ? turbulentForced * Math.exp(TURBULENT_FORCED_TEMPERATURE_EXPONENT * logFilmK)
          : laminarForced * Math.exp(LAMINAR_FORCED_TEMPERATURE_EXPONENT * logFilmK);
      // h_free = 0.21·(0.71·Gr)^0.32·k_air/x with Gr = 9.8/T·ΔT·x³/ν²·0.5, ν ∝ T^1.76 and
      // k_air ∝ T^0.84, so h_free ∝ ΔT^0.32 · T^(0.84 − 0.32·4.52).
      const free =
        FREE_CONVECTION_FACTOR * Math.exp(0.32 * Math.log(Math.abs(moduleK - ambientK)) + FREE_TEMPERATURE_EXPONENT * logFilmK);
      const convection = this.convectionRatio * Math.cbrt(free * free * free + forced * forced * forced);
      const sky = EMISSIVITY_SIGMA * (moduleK * moduleK + skyK * skyK) * (moduleK + skyK);
      const groundK = ambientK + this.groundRatio * (moduleK - ambientK);
      const ground = EMISSIVITY_SIGMA * (moduleK * moduleK + groundK * groundK) * (moduleK + groundK);
      const exchange = convection + sky + ground;
      const exponent = exchange * exponentPerWatt;
      const decay = exponent > -10 ? Math.exp(exponent) : 0;
      const nextK =
        previousK * decay +
        ((1 - decay) * (convection * ambientK + sky * skyK + ground * groundK + previousAbsorbed + absorbedChange / exponent) +
          absorbed -
          previousAbsorbed) /
          exchange;
      const stepK = nextK - moduleK;
      moduleK = nextK;
      const ratio = Math.abs(stepK / previousStepK);
      if (stepK === 0 || (ratio < 0.5 && (Math.abs(stepK) * ratio) / (1 - ratio) < 1e-10)) break;
      previousStepK = stepK;
    }
    this.previousModuleK = moduleK;
    this.previousAbsorbedWm2 = absorbed;
    return moduleK - KELVIN;
  }
}
