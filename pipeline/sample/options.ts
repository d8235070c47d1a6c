// The sample's options, as `build:data --sample` takes them: what each may be, and why not.

/** `Random` keeps its seed as an unsigned 32-bit integer: any other number would be a different seed in disguise. */
const MAX_SEED = 0xffff_ffff;
/** The real national export holds about 80,000 stations; a million keeps a build within memory. */
const MAX_SAMPLE_STATIONS = 1_000_000;
/** The sample's nsrdb grid spacing when none is asked for, in degrees. */
export const DEFAULT_NSRDB_SPACING_DEG = 2;
/** Finer than this, the sample's nsrdb grid (8,760 hours per cell) grows past tens of thousands of cells. */
export const MIN_NSRDB_SPACING_DEG = 0.25;
/** The real places of the station lists (climate-places.csv) that the sample's tmy2, tmy3 and intl stations stand at. */
export const STATION_LIST_PLACES = 1_734;

/** What is wrong with a seed, if anything. */
export function seedProblem(seed: number): string | undefined {
  return Number.isInteger(seed) && seed >= 0 && seed <= MAX_SEED ? undefined : `the seed must be a whole number from 0 to ${MAX_SEED}`;
}

export function stationsProblem(stations: number): string | undefined {
  return Number.isInteger(stations) && stations >= 1 && stations <= MAX_SAMPLE_STATIONS
    ? undefined
    : `the number of stations must be a whole number from 1 to ${MAX_SAMPLE_STATIONS}`;
}

export function spacingProblem(degrees: number): string | undefined {
  return Number.isFinite(degrees) && degrees >= MIN_NSRDB_SPACING_DEG
    ? undefined
    : `the nsrdb grid spacing must be a number of degrees, at least ${MIN_NSRDB_SPACING_DEG}`;
}

export function climatePlacesProblem(places: number): string | undefined {
  return Number.isInteger(places) && places >= 0 && places <= STATION_LIST_PLACES
    ? undefined
    : `the number of climate places must be a whole number from 0 to ${STATION_LIST_PLACES}`;
}

/** A whole-number option's text as a number (NaN when it is not digits: "1e3", "0x10" and "" are not counts). */
export function wholeNumber(text: string): number {
  return /^\d+$/.test(text.trim()) ? Number(text) : Number.NaN;
}

export interface SampleOptions {
  seed: number;
  stations: number;
  nsrdbSpacingDeg?: number;
  /** How many of the station lists' places get a tmy2, tmy3 or intl station, spread evenly over the lists; all when undefined. */
  climatePlaces?: number;
}

/** Every problem of a sample request. */
export function sampleOptionProblems(options: SampleOptions): string[] {
  const problems = [seedProblem(options.seed), stationsProblem(options.stations)];
  if (options.nsrdbSpacingDeg !== undefined) problems.push(spacingProblem(options.nsrdbSpacingDeg));
  if (options.climatePlaces !== undefined) problems.push(climatePlacesProblem(options.climatePlaces));
  return problems.filter((problem): problem is string => problem !== undefined);
}
