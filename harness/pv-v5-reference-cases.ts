// The reference engine's cases (ssc 2018.11.11.r4, the test data's pvwatts/reference/<weather file>.jsonl: docs/test-data.md §2.6)
// and the real weather files they ran on (the test data's pvwatts/weather: docs/test-data.md §2.5), for the model's test, the
// endpoint's test and the estimator's benchmark.
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import type { PvSystem } from '../pv/v5/index.ts';
import { shared, sharedOrSkip } from './shared-data.ts';

export const referenceDir = shared('pvwatts', 'reference');
export const weatherDir = shared('pvwatts', 'weather');
/** For `{ skip }`: the reason the reference cases are absent (a failure in CI: sharedOrSkip). */
export const skipWithoutReference = sharedOrSkip('pvwatts');

/** One line of a reference file: a system, and what the engine answered (null when it refused). */
export interface ReferenceCase {
  weather: string;
  label: string;
  inputs: PvSystem;
  station_info: Record<string, number | string>;
  outputs: Record<string, number | number[]> | null;
  error?: string;
}

/** The climate source folder (docs/interface.md §3.3) each real weather file belongs in. */
export const WEATHER_SOURCE_FOLDERS: Record<string, 'tmy2' | 'tmy3' | 'intl' | 'nsrdb'> = {
  '12839.tm2': 'tmy2',
  'daggett_23161.tm2': 'tmy2',
  '703165TY.csv': 'tmy3',
  '723170TYA.CSV': 'tmy3',
  'NLD_Amsterdam062400_IWEC.epw': 'intl',
  'tmy_45.000_8.000_2005_2023.epw': 'intl',
  'USA_AZ_Phoenix_TMY2.csv': 'intl',
  'phoenix_az_33.450495_-111.983688_psmv3_60_tmy.csv': 'nsrdb',
  'des_moines_ia_41.586835_-93.624959_psmv3_60_tmy.csv': 'nsrdb',
  'fargo_nd_46.9_-96.8_mts1_60_tmy.csv': 'nsrdb',
};

/** Links every real weather file into `sourceDir`/climate/<folder>/, ready for the pipeline. */
export function linkWeatherSources(sourceDir: string): void {
  for (const [file, folder] of Object.entries(WEATHER_SOURCE_FOLDERS)) {
    mkdirSync(join(sourceDir, 'climate', folder), { recursive: true });
    symlinkSync(join(weatherDir, file), join(sourceDir, 'climate', folder, file));
  }
}

/** Every reference file (or only that of one weather file), by the name of its weather file, with its cases in file order. */
export function readReferenceCases(onlyWeatherName?: string): Array<{ weatherName: string; cases: ReferenceCase[] }> {
  return readdirSync(referenceDir)
    .filter((name) => (onlyWeatherName === undefined ? name.endsWith('.jsonl') : name === `${onlyWeatherName}.jsonl`))
    .sort()
    .map((file) => ({
      weatherName: file.slice(0, -'.jsonl'.length),
      cases: readFileSync(join(referenceDir, file), 'utf8')
        .split('\n')
        .filter((line) => line.length > 0)
        .map((line) => JSON.parse(line) as ReferenceCase),
    }));
}

/** Error of a monthly or annual value: relative, except that a reference 0 allows |x| ≤ 1e-9 and NaN must meet NaN. */
export function summaryError(actual: number, expected: number): number {
  if (Number.isNaN(expected)) return Number.isNaN(actual) ? 0 : Number.POSITIVE_INFINITY;
  if (expected === 0) return Math.abs(actual) <= 1e-9 ? 0 : Number.POSITIVE_INFINITY;
  const error = Math.abs(actual - expected) / Math.abs(expected);
  return Number.isNaN(error) ? Number.POSITIVE_INFINITY : error;
}

/** Error of an hourly value: |Δ| / max(|reference|, 1), so that night-time near-zeros are not magnified. */
export function hourlyError(actual: number, expected: number): number {
  if (Number.isNaN(expected)) return Number.isNaN(actual) ? 0 : Number.POSITIVE_INFINITY;
  const error = Math.abs(actual - expected) / Math.max(Math.abs(expected), 1);
  return Number.isNaN(error) ? Number.POSITIVE_INFINITY : error;
}

/** The tolerance of both reference tests, for either error. */
export const REFERENCE_TOLERANCE = 1e-6;

/** The worst error seen per output, with where it was, for a reference test's closing diagnostics. */
export class WorstErrors {
  readonly #worst = new Map<string, { error: number; where: string }>();

  note(output: string, error: number, where: string): void {
    const current = this.#worst.get(output);
    if (current === undefined || error > current.error) this.#worst.set(output, { error, where });
  }

  /** One line per output, by name: the worst error and where. */
  lines(): string[] {
    return [...this.#worst]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, { error, where }]) => `  ${name.padEnd(16)} ${error.toExponential(2).padStart(9)}  ${where}`);
  }
}

/**
 * Asserts every output of a reference case: single values and 12-value arrays by `summaryError`,
 * longer (hourly) arrays by `hourlyError`, each within REFERENCE_TOLERANCE; notes each error in `worst`.
 */
export function assertOutputsMatch(
  expected: Record<string, number | number[]>,
  outputs: Record<string, number | ArrayLike<number> | undefined>,
  where: string,
  worst: WorstErrors,
): void {
  for (const [name, value] of Object.entries(expected)) {
    const actual = outputs[name];
    assert.ok(actual !== undefined, `missing output ${name}`);
    if (typeof value === 'number') {
      const error = summaryError(actual as number, value);
      worst.note(name, error, where);
      assert.ok(error <= REFERENCE_TOLERANCE, `${name}: ${actual} vs ${value}`);
      continue;
    }
    const values = actual as ArrayLike<number>;
    assert.equal(values.length, value.length, `${name} length`);
    const perValue = value.length === 12 ? summaryError : hourlyError;
    for (let i = 0; i < value.length; i++) {
      const error = perValue(values[i]!, value[i]!);
      worst.note(name, error, `${where} [${i}]`);
      if (!(error <= REFERENCE_TOLERANCE)) assert.fail(`${name}[${i}]: ${values[i]} vs ${value[i]}`);
    }
  }
}
