/**
 * PVWatts v8 system inputs, ssc 2025's checks on them and the warnings it gives
 * (docs/pv-model.md §3.4), and the albedo each record takes (docs/pv-model.md §4.5). The HTTP API's
 * own range checks are separate.
 */
import { ArrayType, type Constraint, constraintFailure, formatG, INTEGER, max, min, POSITIVE, requiredInputMessage } from '../common/inputs.ts';
import { DEFAULT_ALBEDO } from '../common/irradiance.ts';

/** The system, with the ssc input names the API passes. */
export interface PvSystemV8 {
  system_capacity: number;
  module_type: number;
  losses: number;
  array_type: number;
  /** Not read for array_type 4. */
  tilt?: number | undefined;
  azimuth?: number | undefined;
  dc_ac_ratio: number;
  gcr: number;
  inv_eff: number;
  /** 0 or absent: monofacial. */
  bifaciality?: number | undefined;
  /** One value or twelve (January first). */
  albedo?: readonly number[] | undefined;
  /** Use the weather file's albedo where valid (ssc's default when no albedo is given). */
  use_wf_albedo?: boolean | undefined;
  /** Twelve monthly soiling losses, percent. */
  soiling?: readonly number[] | undefined;
}

/** The constraints ssc's variable table puts on the inputs the API passes, in table order. */
const INPUT_CONSTRAINTS: ReadonlyArray<readonly [keyof PvSystemV8, readonly Constraint[]]> = [
  ['module_type', [min(0), max(2), INTEGER]],
  ['dc_ac_ratio', [POSITIVE]],
  ['array_type', [min(0), max(4), INTEGER]],
  ['tilt', [min(0), max(90)]],
  ['azimuth', [min(0), max(360)]],
  ['gcr', [min(0.01), max(0.99)]],
  ['losses', [min(-5), max(99)]],
  ['inv_eff', [min(90), max(99.5)]],
];

/** ssc's number type at this tag is double: bounds are compared as given. */
const double = (x: number): number => x;

/** ssc's input checks (its var_info constraints, then exec's own), with its messages; null when they pass. */
export function systemError(system: PvSystemV8): string | null {
  for (const [name, constraints] of INPUT_CONSTRAINTS) {
    const value = system[name] as number | undefined;
    if (value === undefined) {
      if ((name === 'tilt' || name === 'azimuth') && system.array_type >= 4) continue;
      return requiredInputMessage(name);
    }
    for (const constraint of constraints) {
      const failure = constraintFailure(name, value, constraint, double);
      if (failure !== null) return failure;
    }
  }
  if (system.soiling !== undefined && system.soiling.length !== 1 && system.soiling.length !== 12)
    return 'Soiling input array must have 1, 12, or nrecords values.';
  return null;
}

/** Whether the array is a 1-axis tracker, with or without backtracking. */
export function isOneAxis(arrayType: number): boolean {
  return arrayType === ArrayType.oneAxis || arrayType === ArrayType.oneAxisBacktracking;
}

/** The array's tilt and azimuth, degrees (the axis's for a 1-axis tracker; NaN for a 2-axis one, which reads neither). */
export function orientationOf(system: PvSystemV8): { tiltDeg: number; azimuthDeg: number } {
  const twoAxis = system.array_type === ArrayType.twoAxis;
  return { tiltDeg: twoAxis ? Number.NaN : system.tilt!, azimuthDeg: twoAxis ? Number.NaN : system.azimuth! };
}

/** The warnings ssc gives before the run: a tilted 1-axis tracker, a bifacial roof mount. */
export function systemWarnings(system: PvSystemV8): string[] {
  const warnings: string[] = [];
  const { tiltDeg } = orientationOf(system);
  if (isOneAxis(system.array_type) && tiltDeg > 0) {
    warnings.push(`The tilt angle is ${formatG(tiltDeg)} degrees with one-axis tracking. Large one-axis tracking arrays typically have a tilt angle of zero.`);
  }
  if (system.array_type === ArrayType.fixedRoofMount && (system.bifaciality ?? 0) > 0) {
    warnings.push(
      'The Fixed Roof Mount array type is not appropriate for bifacial modules because it assumes there is no space between the back of the array and the roof surface.',
    );
  }
  return warnings;
}

/**
 * The albedo of each record (docs/pv-model.md §4.5): the weather file's where `use_wf_albedo`
 * (ssc's default when no albedo is given), else the one value or the month's of twelve; where that
 * is 0 or less or 1 or more, ssc's default 0.2, and the record is counted for ssc's warning.
 */
export class RecordAlbedo {
  private readonly system: PvSystemV8;
  private readonly useWeatherAlbedo: boolean;
  /** Records given an invalid albedo: ssc counts every invalid weather-file value, but only the first five invalid given ones. */
  invalid = 0;

  constructor(system: PvSystemV8) {
    this.system = system;
    this.useWeatherAlbedo = system.use_wf_albedo ?? system.albedo === undefined;
  }

  /** The albedo of a record of month `month` (1–12) whose weather file gives `weatherAlbedo`. */
  of(weatherAlbedo: number, month: number): number {
    const albedo = this.chosen(weatherAlbedo, month);
    if (!(albedo <= 0 || albedo >= 1)) return albedo;
    if (this.useWeatherAlbedo || this.invalid < 5) this.invalid++;
    return DEFAULT_ALBEDO;
  }

  /** The weather file's, the given one, or 0 when none is valid. */
  private chosen(weatherAlbedo: number, month: number): number {
    const given = this.system.albedo;
    if (this.useWeatherAlbedo) return Number.isFinite(weatherAlbedo) && weatherAlbedo > 0 && weatherAlbedo < 1 ? weatherAlbedo : 0;
    if (given?.length === 1) return given[0]!;
    if (given?.length === 12) return given[month - 1]!;
    return 0;
  }

  /** ssc's warning after the run, or null. */
  warning(): string | null {
    return this.invalid > 0 ? `Weather file albedo has ${this.invalid} invalid values, using monthly value` : null;
  }
}
