/**
 * PVWatts v5 system inputs and ssc's own input checks (`verify`, `check_required`,
 * `check_constraints`), docs/pv-model.md §3.1. The HTTP API's range checks are separate.
 */
import { type Constraint, constraintFailure, INTEGER, max, min, POSITIVE, requiredInputMessage } from '../common/inputs.ts';

/** Inputs with ssc's names. Optional ones take ssc's defaults. */
export interface PvSystem {
  /** DC nameplate, kW. */
  system_capacity: number;
  /** 0 standard, 1 premium, 2 thin film (default 0). */
  module_type?: number;
  /** Total DC losses, %. */
  losses: number;
  /** 0 fixed open rack, 1 fixed roof mount, 2 1-axis, 3 1-axis backtracking, 4 2-axis. */
  array_type: number;
  /** Degrees; the axis tilt for 1-axis arrays. Required unless array_type is 4. */
  tilt?: number;
  /** Degrees clockwise from north; the axis azimuth for 1-axis arrays. Required unless array_type is 4. */
  azimuth?: number;
  /** DC to AC ratio (ssc default 1.1; the v6 API applies its own default of 1.2). */
  dc_ac_ratio?: number;
  /** Ground coverage ratio, used by 1-axis arrays (default 0.4). */
  gcr?: number;
  /** Inverter efficiency at rated power, % (default 96). */
  inv_eff?: number;
}

/** The inputs as the model uses them: defaults applied, every value rounded to single precision. */
export interface CheckedSystem {
  systemCapacityKw: number;
  moduleType: number;
  lossesPercent: number;
  arrayType: number;
  /** NaN when absent (array type 4). */
  tiltDeg: number;
  /** NaN when absent (array type 4). */
  azimuthDeg: number;
  dcAcRatio: number;
  gcr: number;
  inverterEfficiencyPercent: number;
}

interface InputRule {
  name: keyof PvSystem;
  /** ssc's default; inputs without one are required. */
  default?: number;
  /** Tilt and azimuth: required and checked only below array type 4. */
  orientation?: true;
  constraints: Constraint[];
}

/** ssc's variable table, in the order `verify` checks it. */
const INPUT_RULES: readonly InputRule[] = [
  { name: 'system_capacity', constraints: [] },
  { name: 'module_type', default: 0, constraints: [min(0), max(2), INTEGER] },
  { name: 'dc_ac_ratio', default: 1.1, constraints: [POSITIVE] },
  { name: 'inv_eff', default: 96, constraints: [min(90), max(99.5)] },
  { name: 'losses', constraints: [min(-5), max(99)] },
  { name: 'array_type', constraints: [min(0), max(4), INTEGER] },
  { name: 'tilt', orientation: true, constraints: [min(0), max(90)] },
  { name: 'azimuth', orientation: true, constraints: [min(0), max(360)] },
  { name: 'gcr', default: 0.4, constraints: [min(0), max(3)] },
];

/**
 * ssc's input checks (docs/pv-model.md §3.1): every input is first stored in single precision,
 * then each variable in table order must be present if required (defaults fill optional ones) and
 * meet its constraints; the first failure is returned as ssc's log message. For array type 4, tilt
 * and azimuth are optional and unchecked.
 */
export function validateSystem(system: PvSystem): { system: CheckedSystem; error?: undefined } | { error: string } {
  const values = new Map<keyof PvSystem, number>();
  for (const rule of INPUT_RULES) {
    const checked = !rule.orientation || values.get('array_type')! < 4;
    const given = system[rule.name] ?? rule.default;
    if (given === undefined) {
      if (checked) return { error: requiredInputMessage(rule.name) };
      values.set(rule.name, Number.NaN);
      continue;
    }
    const value = Math.fround(given);
    if (checked) {
      for (const constraint of rule.constraints) {
        const failure = constraintFailure(rule.name, value, constraint, Math.fround);
        if (failure !== null) return { error: failure };
      }
    }
    values.set(rule.name, value);
  }
  const get = (name: keyof PvSystem) => values.get(name)!;
  return {
    system: {
      systemCapacityKw: get('system_capacity'),
      moduleType: get('module_type'),
      lossesPercent: get('losses'),
      arrayType: get('array_type'),
      tiltDeg: get('tilt'),
      azimuthDeg: get('azimuth'),
      dcAcRatio: get('dc_ac_ratio'),
      gcr: get('gcr'),
      inverterEfficiencyPercent: get('inv_eff'),
    },
  };
}
