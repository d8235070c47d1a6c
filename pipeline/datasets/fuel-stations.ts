// The fuel station data set: AFDC exports (CSV by header name, or the API's own JSON) or the
// seeded sample, validated against the source schema, written as one Parquet file sorted by id.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import zipcodes from 'zipcodes';
import { schemaById, validatorFor } from '../../schemas/registry.ts';
import { convertCell, fieldSpecs, typeRepair, type FieldSpec } from '../convert.ts';
import { columnsFromSchema, DataSetWriter, sha256File } from '../dataset-writer.ts';
import { describeIssue, type Issue } from '../issues.ts';
import { progress } from '../progress.ts';
import { readAfdcCsv, type CsvLayout } from '../readers/afdc-csv.ts';
import { readAfdcJson } from '../readers/afdc-json.ts';
import { generateStations } from '../sample/stations.ts';
import { recordIssues } from '../validate.ts';
import { emptyReport, type BuildOptions, type DatasetBuilder, type DatasetReport } from './types.ts';
import { namesInSourceFolder } from './source-folder.ts';

export const SOURCE_SCHEMA = '/api/schemas/fuel-station-source.schema.json';
export const SOURCE_FOLDER = 'alt-fuel-stations';

const sourceSchema = schemaById(SOURCE_SCHEMA);
const specs = fieldSpecs(sourceSchema);
const specByName = new Map(specs.map((spec) => [spec.name, spec]));
const exportHeaders = new Map(
  Object.entries(sourceSchema.properties as Record<string, { 'x-csv-header'?: string }>)
    .filter(([, property]) => property['x-csv-header'])
    .map(([name, property]) => [name, property['x-csv-header']!]),
);

export type SourceStation = Record<string, unknown>;

/** DECISIONS.md §3: sources without an access code are private when their access text says so. */
function deriveAccessCode(station: SourceStation): void {
  if (station.access_code !== null || typeof station.groups_with_access_code !== 'string') return;
  station.access_code = station.groups_with_access_code.trim().toLowerCase().startsWith('private') ? 'private' : 'public';
}

/** A ZIP that lost its leading zeros (Excel) is repaired when the padded ZIP lies in the record's state. */
function zipRepair(value: unknown, station: SourceStation): Issue['repair'] {
  if (typeof value !== 'string' || !/^\d{3,4}$/.test(value) || typeof station.state !== 'string') return undefined;
  const padded = value.padStart(5, '0');
  return zipcodes.lookup(padded)?.state === station.state ? { value: padded, how: `leading zeros restored (${padded} is in ${station.state})` } : undefined;
}

function repairFor(issue: Issue, station: SourceStation, spec: FieldSpec | undefined): Issue['repair'] {
  if (!spec || issue.value === undefined) return undefined;
  if (issue.field === 'zip') return zipRepair(issue.value, station);
  return typeRepair(issue.value, spec);
}

const validate = validatorFor(SOURCE_SCHEMA);

interface Checked {
  station?: SourceStation;
  problems: Issue[];
  repaired: Issue[];
}

/** Validates one record; with `repair`, applies the unambiguous repairs when they fix every problem. */
export function checkStation(values: Record<string, unknown>, where: Pick<Issue, 'file' | 'line' | 'record'>, repair: boolean): Checked {
  const station: SourceStation = {};
  for (const spec of specs) station[spec.name] = values[spec.name] ?? null;
  deriveAccessCode(station);
  let issues = recordIssues(validate, station, where);
  if (issues.length === 0) return { station, problems: [], repaired: [] };
  for (const issue of issues) issue.repair = repairFor(issue, station, specByName.get(issue.field ?? ''));
  if (repair && issues.every((issue) => issue.repair)) {
    for (const issue of issues) station[issue.field!] = issue.repair!.value;
    deriveAccessCode(station);
    const remaining = recordIssues(validate, station, where);
    if (remaining.length === 0) return { station, problems: [], repaired: issues };
    issues = remaining;
  }
  return { problems: issues, repaired: [] };
}

function sourceFiles(sourceDir: string): string[] {
  const folder = join(sourceDir, SOURCE_FOLDER);
  return namesInSourceFolder(folder)
    .filter((name) => /\.(csv|json)(\.gz)?$/i.test(name))
    .map((name) => join(folder, name));
}

async function* readSourceRecords(path: string, report: DatasetReport, repair: boolean): AsyncGenerator<{ values: Record<string, unknown>; where: Pick<Issue, 'file' | 'line' | 'record'>; problem?: string }> {
  const file = path.split('/').pop()!;
  if (/\.json(\.gz)?$/i.test(path)) {
    for (const { record, values } of readAfdcJson(path)) yield { values, where: { file, record } };
    return;
  }
  const onLayout = (layout: CsvLayout) => {
    // Columns without a header are not read either way; --repair only acknowledges dropping them.
    for (const issue of layout.issues) (!issue.repair ? report.notes : repair ? report.repaired : report.problems).push(issue);
    const missing = ['id', 'fuel_type_code', 'latitude', 'longitude'].filter((field) => !layout.fields.includes(field));
    if (missing.length) report.notes.push({ file, line: 1, reason: `no column for ${missing.join(', ')}: every record will be rejected` });
  };
  for await (const raw of readAfdcCsv(path, exportHeaders, onLayout)) {
    const values: Record<string, unknown> = {};
    for (const [field, cell] of Object.entries(raw.cells)) values[field] = convertCell(cell, specByName.get(field)!);
    yield { values, where: { file, line: raw.line }, problem: raw.fieldCountProblem };
  }
}

async function readSources(writer: DataSetWriter, sourceDir: string, options: BuildOptions, report: DatasetReport): Promise<SourceStation[]> {
  const stations: SourceStation[] = [];
  const firstSeen = new Map<number, string>();
  const rejects: string[] = [];
  for (const path of sourceFiles(sourceDir)) {
    writer.addSource({ path: path.slice(sourceDir.length).replace(/^\/+/, ''), bytes: statSync(path).size, sha256: await sha256File(path) });
    for await (const { values, where, problem } of readSourceRecords(path, report, options.repair)) {
      const checked = checkStation(values, where, options.repair);
      const problems = problem ? [{ ...where, reason: problem }, ...checked.problems] : checked.problems;
      const id = checked.station?.id as number | undefined;
      if (id !== undefined && firstSeen.has(id)) problems.push({ ...where, field: 'id', value: id, reason: `id ${id} was already read at ${firstSeen.get(id)}` });
      if (problems.length > 0) {
        report.problems.push(...problems);
        report.rejectedRecords++;
        rejects.push(JSON.stringify({ ...where, problems: problems.map(describeIssue) }));
        continue;
      }
      report.repaired.push(...checked.repaired);
      firstSeen.set(id!, `${where.file}:${where.line ?? `record ${where.record}`}`);
      stations.push(checked.station!);
    }
  }
  if (rejects.length > 0) writer.writeRejects('fuel_stations', rejects);
  return stations;
}

export const fuelStations: DatasetBuilder = {
  name: 'fuel_stations',
  async build(writer, options) {
    const report = emptyReport();
    let stations: SourceStation[];
    if (options.sample) {
      stations = generateStations(options.sample.seed, options.sample.stations);
      for (const [index, station] of stations.entries()) {
        const issues = recordIssues(validate, station, { file: 'sample', record: index });
        if (issues.length) throw new Error(`The sample generator made an invalid station: ${issues.map(describeIssue).join('; ')}`);
      }
    } else {
      stations = await readSources(writer, options.sourceDir!, options, report);
    }
    const columns = columnsFromSchema(sourceSchema);
    const bar = progress('staging fuel stations', stations.length);
    const staged = await writer.stage('fuel_stations', columns, stations, () => bar.tick());
    bar.done();
    await writer.copyToParquet('fuel_stations', 'stations', DataSetWriter.castingSelect(staged, columns, 'id'));
    const entry = writer.dataset('fuel_stations');
    entry.rejected = report.rejectedRecords;
    entry.repaired = report.repaired.length;
    return report;
  },
};
