// `npm run build:data -- --source DIR --out DIR` builds a data set from upstream files;
// `--sample` builds the seeded sample instead (README.md, "Building real data"). The last good data
// set in --out is replaced only when the whole build succeeds. Builds into one --out may run side by
// side: each commits holding the lock on --out (out-dir-lock.ts), waiting for the others' commits
// unless --no-wait.
//
// What fails a build (nothing is written, the last good data set stays):
// - a --source directory that does not exist (always: a mistyped path is never meant);
// - a problem in the sources: a bad value, a damaged or unusable file (unless --allow-invalid);
// - a source file that yields no records: 0 bytes, a header only, an empty JSON list; and sources
//   of which none of the three groups (alt-fuel-stations/, building-resources/, climate/) yields a
//   single record (unless --allow-empty). Every part of the layout is optional: a source with
//   climate files only is a data set.
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { Command, InvalidArgumentError, Option } from 'commander';
import type { Manifest } from './dataset-writer.ts';
import { LOCK_FILE, OutDirLocked } from './out-dir-lock.ts';
import type { BuildOptions, DatasetReport } from './datasets/types.ts';
import { BuildFailed, describeIssue, describeRepair, type Issue } from './issues.ts';
import {
  climatePlacesProblem,
  DEFAULT_NSRDB_SPACING_DEG,
  MIN_NSRDB_SPACING_DEG,
  sampleOptionProblems,
  seedProblem,
  spacingProblem,
  STATION_LIST_PLACES,
  stationsProblem,
  wholeNumber,
} from './sample/options.ts';

const GENERATOR = 'nrel-compat pipeline 1';
export const DEFAULT_SEED = 20240601;
export const DEFAULT_SAMPLE_STATIONS = 60_000;

export interface BuildRequest extends BuildOptions {
  outDir: string;
  log?: (line: string) => void;
  /**
   * When another build is committing to outDir: wait for it (the default), or fail at once with
   * nothing written (`--no-wait`).
   */
  wait?: boolean;
}

export interface BuildResult {
  manifest: Manifest;
  reports: Record<string, DatasetReport>;
}

function sampleNotice(seed: number): string {
  return `SAMPLE DATA: synthetic records made by this project's seeded generator (seed ${seed}); not real stations, weather or resources.`;
}

/** A request that cannot be built at all: a source directory that is not there, or sample options out of range. */
function requestProblem(request: BuildRequest): string | undefined {
  if (request.sample) {
    const problems = sampleOptionProblems(request.sample);
    return problems.length ? `invalid sample options: ${problems.join('; ')}` : undefined;
  }
  if (request.sourceDir === undefined) return 'give a source directory (--source DIR) or ask for the sample (--sample)';
  const isDirectory = statSync(request.sourceDir, { throwIfNoEntry: false })?.isDirectory();
  return isDirectory
    ? undefined
    : `the source directory ${request.sourceDir} does not exist${isDirectory === false ? ' (it is a file)' : ''}; nothing was written`;
}

function logReport(log: (line: string) => void, report: DatasetReport, request: BuildRequest): void {
  for (const note of report.notes) log(`note: ${describeIssue(note)}`);
  for (const repair of report.repaired) log(`repaired: ${describeRepair(repair)}`);
  for (const superseded of report.superseded) log(`superseded: ${describeIssue(superseded)}`);
  for (const empty of report.empty) log(`${request.allowEmpty ? 'note' : 'error'}: ${describeIssue(empty)}`);
  for (const problem of report.problems) log(`${request.allowInvalid ? 'rejected' : 'error'}: ${describeIssue(problem)}`);
}

/** Why the build must stop here, if it must: problems (unless --allow-invalid), then emptiness (unless --allow-empty). */
function failure(reports: DatasetReport[], rows: number, request: BuildRequest): BuildFailed | undefined {
  const problems = reports.flatMap((report) => report.problems);
  const empty = reports.flatMap((report) => report.empty);
  const reasons: string[] = [];
  const issues: Issue[] = [];
  if (problems.length > 0 && !request.allowInvalid) {
    const repairable = problems.filter((problem) => problem.repair).length;
    const hint = repairable ? ` ${repairable} of them have an unambiguous repair (--repair);` : '';
    reasons.push(`${problems.length} problem${problems.length === 1 ? '' : 's'} in the sources;${hint} use --allow-invalid to build from the good records.`);
    issues.push(...problems);
  }
  if (!request.allowEmpty) {
    if (empty.length > 0)
      reasons.push(
        `${empty.length} source file${empty.length === 1 ? ' yields' : 's yield'} no records; use --allow-empty to build without ${empty.length === 1 ? 'it' : 'them'}.`,
      );
    // With problems failing the build already, an empty result is their consequence, not news.
    else if (rows === 0 && request.sourceDir !== undefined && reasons.length === 0)
      reasons.push(
        `the sources in ${request.sourceDir} yield no records (alt-fuel-stations/, building-resources/, climate/); use --allow-empty to build an empty data set.`,
      );
    issues.push(...empty);
  }
  return reasons.length ? new BuildFailed(`${reasons.join(' ')} Nothing was written.`, issues) : undefined;
}

/** Builds every data set; throws BuildFailed (after printing every problem) and leaves --out untouched on failure. */
export async function buildDataSet(request: BuildRequest): Promise<BuildResult> {
  const log = request.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const problem = requestProblem(request);
  if (problem) throw new BuildFailed(problem);
  // Loaded here rather than with this module: the command line answers --help and refuses bad
  // options without loading DuckDB, the validators and the gazetteers.
  const [{ DataSetWriter, removeStaleBuildDirs }, { datasetBuilders }] = await Promise.all([import('./dataset-writer.ts'), import('./datasets/index.ts')]);
  for (const stale of removeStaleBuildDirs(request.outDir)) log(`note: removed ${stale}, left by a build that is no longer running`);
  const writer = await DataSetWriter.open(request.outDir);
  const reports: Record<string, DatasetReport> = {};
  try {
    for (const builder of datasetBuilders) {
      const started = Date.now();
      const report = await builder.build(writer, request);
      reports[builder.name] = report;
      logReport(log, report, request);
      const files = Object.values(writer.dataset(builder.name).files);
      log(
        `${builder.name}: ${files.map((f) => `${f.rows} rows in ${f.path}`).join(', ') || 'empty'}; ${report.rejectedRecords} rejected, ${report.repaired.length} repaired (${((Date.now() - started) / 1000).toFixed(1)} s)`,
      );
    }
    const rows = datasetBuilders.flatMap((builder) => Object.values(writer.dataset(builder.name).files)).reduce((sum, file) => sum + file.rows, 0);
    const failed = failure(Object.values(reports), rows, request);
    if (failed) throw failed;
    const manifest = await writer.commitWhenFree(
      {
        schema_version: 1,
        generator: GENERATOR,
        sample: request.sample !== undefined,
        notice: request.sample ? sampleNotice(request.sample.seed) : 'Built from upstream source files.',
        ...(request.sample ? { seed: request.sample.seed } : {}),
      },
      {
        wait: request.wait ?? true,
        onWait: (pid) => log(`waiting for the build of ${pid === undefined ? 'another process' : `process ${pid}`} to finish with ${writer.outDir}`),
        onStale: (pid) =>
          log(
            `note: removed ${LOCK_FILE}, left by ${
              pid === undefined
                ? 'a build killed as it took it'
                : pid === process.pid
                  ? `an earlier process with this one's id (${pid})`
                  : `process ${pid}, which is no longer running`
            }`,
          ),
      },
    );
    return { manifest, reports };
  } catch (error) {
    writer.abort();
    if (error instanceof OutDirLocked) throw new BuildFailed(error.message);
    throw error;
  } finally {
    writer.close();
  }
}

/** An option parser for commander: the text as a number, refused with the reason when `problem` finds one. */
function numberOption(read: (text: string) => number, problem: (value: number) => string | undefined) {
  return (text: string) => {
    const value = read(text);
    const reason = problem(value);
    if (reason) throw new InvalidArgumentError(`${reason}.`);
    return value;
  };
}

interface CommandOptions {
  source?: string;
  sample?: boolean;
  out: string;
  seed: number;
  stations: number;
  nsrdbSpacing?: number;
  climatePlaces?: number;
  allowInvalid: boolean;
  allowEmpty: boolean;
  repair: boolean;
  wait: boolean;
}

function buildCommand(): Command {
  return new Command('build:data')
    .description(
      'Build the data set the server serves, from upstream source files (--source) or the seeded sample (--sample). The last good data set in --out is replaced only when the whole build succeeds.',
    )
    .addOption(
      new Option('--source <dir>', 'upstream files in the layout README.md describes (alt-fuel-stations/, building-resources/, climate/)').conflicts('sample'),
    )
    .option('--sample', 'build the seeded sample instead of reading sources')
    .option('--out <dir>', 'where the data set is written', 'dist-data')
    .option('--seed <n>', "the sample's seed (a whole number, 0 to 4294967295)", numberOption(wholeNumber, seedProblem), DEFAULT_SEED)
    .option('--stations <n>', 'fuel stations in the sample', numberOption(wholeNumber, stationsProblem), DEFAULT_SAMPLE_STATIONS)
    .option(
      '--nsrdb-spacing <degrees>',
      `the sample's nsrdb grid spacing in degrees, at least ${MIN_NSRDB_SPACING_DEG} (default ${DEFAULT_NSRDB_SPACING_DEG})`,
      numberOption(Number, spacingProblem),
    )
    .option(
      '--climate-places <n>',
      `how many of the station lists' ${STATION_LIST_PLACES} places get a tmy2, tmy3 or intl station in the sample, spread evenly over the lists (default all)`,
      numberOption(wholeNumber, climatePlacesProblem),
    )
    .option('--allow-invalid', 'build from the good records when some are bad (each rejected record is reported and written to a rejects file)', false)
    .option('--allow-empty', 'build even when a source file, or the whole source, yields no records', false)
    .option('--repair', 'apply the unambiguous repairs (each one is listed)', false)
    .option('--no-wait', 'fail at once, writing nothing, when another build is writing to --out (by default a build waits for it to finish)')
    .showHelpAfterError('(build:data --help lists the options)');
}

async function main(argv: string[]): Promise<void> {
  const command = buildCommand().parse(argv);
  const options = command.opts<CommandOptions>();
  const sampleOnly = ['seed', 'stations', 'nsrdbSpacing', 'climatePlaces'].filter((name) => command.getOptionValueSource(name) === 'cli');
  const flags = sampleOnly.map((name) => `--${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`);
  if (!options.sample && flags.length) command.error(`error: ${flags.join(', ')} ${flags.length === 1 ? 'applies' : 'apply'} only to --sample`);
  if (!options.sample && !options.source) command.error('error: give --source DIR (upstream files) or --sample');
  const started = Date.now();
  const result = await buildDataSet({
    outDir: resolve(options.out),
    sourceDir: options.sample ? undefined : resolve(options.source!),
    sample: options.sample
      ? { seed: options.seed, stations: options.stations, nsrdbSpacingDeg: options.nsrdbSpacing, climatePlaces: options.climatePlaces }
      : undefined,
    allowInvalid: options.allowInvalid,
    allowEmpty: options.allowEmpty,
    repair: options.repair,
    wait: options.wait,
  });
  process.stderr.write(`built ${resolve(options.out)} in ${((Date.now() - started) / 1000).toFixed(1)} s${result.manifest.sample ? ' (sample data)' : ''}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // Interrupted (Ctrl-C, a stop), a build ends between two steps, never inside its commit, so it
  // never leaves the lock on --out behind; its working folder goes with the next build.
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)
    process.once(signal, () => process.exit(code));
  main(process.argv).catch((error: unknown) => {
    // Source problems were printed one per line as they were found; this is the summary. Never a stack.
    process.stderr.write(`build failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
}
