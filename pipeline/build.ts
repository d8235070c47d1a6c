// `npm run build:data -- --source DIR --out DIR` builds a data set from upstream files;
// `--sample` builds the seeded sample instead (INTERFACE.md). The last good data set in --out is
// replaced only when the whole build succeeds.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DataSetWriter, type Manifest } from './dataset-writer.ts';
import { datasetBuilders } from './datasets/index.ts';
import type { BuildOptions, DatasetReport } from './datasets/types.ts';
import { BuildFailed, describeIssue, describeRepair } from './issues.ts';

export const GENERATOR = 'nrel-compat pipeline 1';
export const DEFAULT_SEED = 20240601;
export const DEFAULT_SAMPLE_STATIONS = 60_000;

export interface BuildRequest extends BuildOptions {
  outDir: string;
  log?: (line: string) => void;
}

export interface BuildResult {
  manifest: Manifest;
  reports: Record<string, DatasetReport>;
}

function sampleNotice(seed: number): string {
  return `SAMPLE DATA: synthetic records made by this project's seeded generator (seed ${seed}); not real stations, weather or resources.`;
}

/** Builds every data set; throws BuildFailed (after printing every problem) and leaves --out untouched on failure. */
export async function buildDataSet(request: BuildRequest): Promise<BuildResult> {
  const log = request.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const writer = await DataSetWriter.open(request.outDir);
  const reports: Record<string, DatasetReport> = {};
  try {
    for (const builder of datasetBuilders) {
      const started = Date.now();
      const report = await builder.build(writer, request);
      reports[builder.name] = report;
      for (const note of report.notes) log(`note: ${describeIssue(note)}`);
      for (const repair of report.repaired) log(`repaired: ${describeRepair(repair)}`);
      for (const problem of report.problems) log(`${request.allowInvalid ? 'rejected' : 'error'}: ${describeIssue(problem)}`);
      const files = Object.values(writer.dataset(builder.name).files);
      log(`${builder.name}: ${files.map((f) => `${f.rows} rows in ${f.path}`).join(', ') || 'empty'}; ${report.rejectedRecords} rejected, ${report.repaired.length} repaired (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    }
    const problems = Object.values(reports).flatMap((report) => report.problems);
    if (problems.length > 0 && !request.allowInvalid) {
      const repairable = problems.filter((problem) => problem.repair).length;
      const hint = repairable ? ` ${repairable} of them have an unambiguous repair (--repair);` : '';
      throw new BuildFailed(`${problems.length} problems in the sources;${hint} nothing was written. Use --allow-invalid to build from the good records.`, problems);
    }
    const manifest = writer.commit({
      schema_version: 1,
      generator: GENERATOR,
      sample: request.sample !== undefined,
      notice: request.sample ? sampleNotice(request.sample.seed) : 'Built from upstream source files.',
      ...(request.sample ? { seed: request.sample.seed } : {}),
    });
    return { manifest, reports };
  } catch (error) {
    writer.abort();
    throw error;
  } finally {
    writer.close();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      source: { type: 'string' },
      out: { type: 'string', default: 'dist-data' },
      sample: { type: 'boolean', default: false },
      seed: { type: 'string', default: String(DEFAULT_SEED) },
      stations: { type: 'string', default: String(DEFAULT_SAMPLE_STATIONS) },
      'nsrdb-spacing': { type: 'string' },
      'allow-invalid': { type: 'boolean', default: false },
      repair: { type: 'boolean', default: false },
    },
  });
  if (!values.sample && !values.source) throw new BuildFailed('Give --source DIR (upstream files) or --sample.');
  const started = Date.now();
  const result = await buildDataSet({
    outDir: resolve(values.out!),
    sourceDir: values.sample ? undefined : resolve(values.source!),
    sample: values.sample
      ? { seed: Number(values.seed), stations: Number(values.stations), nsrdbSpacingDeg: values['nsrdb-spacing'] ? Number(values['nsrdb-spacing']) : undefined }
      : undefined,
    allowInvalid: values['allow-invalid']!,
    repair: values.repair!,
  });
  process.stderr.write(`built ${resolve(values.out!)} in ${((Date.now() - started) / 1000).toFixed(1)} s${result.manifest.sample ? ' (sample data)' : ''}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    process.stderr.write(`build failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
}
