// The PVWatts v8 reference cases (ssc pvwattsv8 at tag 2025.4.16.r0.ssc.302, test/pv/v8-reference/,
// README.md there): each case's API-style inputs, what ssc answered, and where its real weather file
// lives in the test data (weather_dir + weather; docs/test-data.md §2.5). Monthly-only cases are in <weather>.jsonl, the cases
// with hourly arrays in <weather>.hourly.jsonl.gz.
import { mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { StationInfo } from '../pv/common/weather.ts';
import type { PvSystemV8 } from '../pv/v8/index.ts';
import { shared, sharedOrSkip } from './shared-data.ts';
import { WEATHER_SOURCE_FOLDERS } from './pv-v5-reference-cases.ts';

/** The recorded cases: test data, kept in test/pv/v8-reference/ beside the tests that check against them. */
export const v8ReferenceDir = join(import.meta.dirname, '..', 'test', 'pv', 'v8-reference');

/** The inputs the API passes to ssc for the case (solar_resource_file aside), in the API's order. */
export interface V8Inputs {
  system_capacity: number;
  module_type: number;
  losses: number;
  array_type: number;
  /** Absent for array type 4. */
  tilt?: number;
  /** Absent for array type 4. */
  azimuth?: number;
  dc_ac_ratio: number;
  gcr: number;
  inv_eff: number;
  bifaciality?: number;
  /** 1 or 12 values. */
  albedo?: number[];
  /** 0 whenever albedo is given; absent means ssc's default (1). */
  use_wf_albedo?: number;
  /** 12 monthly %. */
  soiling?: number[];
  /** Availability loss, always 0. */
  adjust_constant: number;
}

/** The hourly arrays (8760 values, 10 significant digits) of the cases that have them. */
export const V8_HOURLY_OUTPUTS = ['ac', 'poa', 'dn', 'dc', 'df', 'tamb', 'tcell', 'wspd', 'alb'] as const;
export type V8HourlyOutput = (typeof V8_HOURLY_OUTPUTS)[number];

/**
 * The outputs a case recorded: the monthly and annual ones (pv/common/outputs.ts's, written out as
 * a type the tests read as a record of numbers and arrays), and the hourly arrays of hourly cases.
 */
export type V8Outputs = {
  ac_monthly: number[];
  poa_monthly: number[];
  solrad_monthly: number[];
  dc_monthly: number[];
  ac_annual: number;
  solrad_annual: number;
  capacity_factor: number;
} & Partial<Record<V8HourlyOutput, number[]>>;

/** One line of a v8 reference file. */
export interface V8ReferenceCase {
  /** The weather file's name in its folder (may end in .gz: the project's readers gunzip it). */
  weather: string;
  /** Its folder, relative to the test data's root (docs/test-data.md §1). */
  weather_dir: string;
  label: string;
  inputs: V8Inputs;
  /** null when ssc refused the case (then `error` holds its message). */
  outputs: V8Outputs | null;
  error?: string;
  /** ssc's SSC_WARNING messages, in order. */
  warnings: string[];
  /** null when ssc refused the case. */
  station_info: StationInfo | null;
}

function parseLines(text: string): V8ReferenceCase[] {
  return text
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line) as V8ReferenceCase);
}

/** Every reference file (.jsonl and .jsonl.gz), by file name, with its cases in file order. */
export function readV8ReferenceFiles(): Array<{ file: string; cases: V8ReferenceCase[] }> {
  return readdirSync(v8ReferenceDir)
    .filter((name) => name.endsWith('.jsonl') || name.endsWith('.jsonl.gz'))
    .sort()
    .map((file) => {
      const bytes = readFileSync(join(v8ReferenceDir, file));
      return { file, cases: parseLines((file.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8')) };
    });
}

/** Every reference case (or those of one weather file, by its `weather` name), file by file. */
export function* v8ReferenceCases(onlyWeather?: string): Generator<V8ReferenceCase> {
  for (const { cases } of readV8ReferenceFiles()) {
    for (const reference of cases) if (onlyWeather === undefined || reference.weather === onlyWeather) yield reference;
  }
}

/** The case's weather file in the test data (docs/test-data.md §1; SHARED_DIR elsewhere). */
export function v8WeatherPath(reference: Pick<V8ReferenceCase, 'weather' | 'weather_dir'>): string {
  return shared(...reference.weather_dir.split('/'), reference.weather);
}

/** The test data's folders (docs/test-data.md §2) the cases' weather files are in (from the monthly files, which name every weather file). */
export function v8WeatherDirs(): string[] {
  const dirs = new Set<string>();
  for (const file of readdirSync(v8ReferenceDir).filter((name) => name.endsWith('.jsonl'))) {
    for (const reference of parseLines(readFileSync(join(v8ReferenceDir, file), 'utf8'))) dirs.add(reference.weather_dir);
  }
  return [...dirs].sort();
}

/**
 * For `{ skip }`: false when every weather folder exists, else the reason. With REQUIRE_SHARED=1 a
 * missing folder throws here, at import, so that the test file fails instead of skipping.
 */
export const skipWithoutV8Weather: false | string = v8WeatherDirs().reduce<false | string>((skip, dir) => skip || sharedOrSkip(...dir.split('/')), false);

/** The case's inputs as the model takes them: use_wf_albedo as a flag, no availability loss. */
export function v8System(inputs: V8Inputs): PvSystemV8 {
  const { adjust_constant: _availability, use_wf_albedo, ...system } = inputs;
  return { ...system, ...(use_wf_albedo === undefined ? {} : { use_wf_albedo: use_wf_albedo === 1 }) };
}

/** The climate source folder (docs/interface.md §3.3) of a case's weather file: the v5 reference's, else by its format. */
export function v8SourceFolder(weather: string): 'tmy2' | 'tmy3' | 'intl' | 'nsrdb' {
  const known = WEATHER_SOURCE_FOLDERS[weather];
  if (known) return known;
  if (/\.tm2(\.gz)?$/i.test(weather)) return 'tmy2';
  if (/TYA?\.csv(\.gz)?$/i.test(weather)) return 'tmy3';
  if (/\.epw(\.gz)?$/i.test(weather)) return 'intl';
  throw new Error(`no source folder for ${weather}`);
}

/** Links the weather file of every case into `sourceDir`/climate/<folder>/, ready for the pipeline. */
export function linkV8WeatherSources(sourceDir: string): void {
  const linked = new Set<string>();
  for (const reference of v8ReferenceCases()) {
    if (linked.has(reference.weather)) continue;
    linked.add(reference.weather);
    const folder = join(sourceDir, 'climate', v8SourceFolder(reference.weather));
    mkdirSync(folder, { recursive: true });
    symlinkSync(v8WeatherPath(reference), join(folder, reference.weather));
  }
}
