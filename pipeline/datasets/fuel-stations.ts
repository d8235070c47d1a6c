// The fuel station data set: AFDC exports (CSV by header name, or the API's own JSON) or the
// seeded sample, validated against the source schema, written as one Parquet file sorted by id.
import { statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { schemaById, validatorFor } from '../../schemas/registry.ts';
import { convertCell, fieldSpecs, typeRepair, type FieldSpec } from '../convert.ts';
import { columnsFromSchema, DataSetWriter, sha256File } from '../dataset-writer.ts';
import { describeIssue, type Issue } from '../issues.ts';
import { progress } from '../progress.ts';
import { readAfdcCsv } from '../readers/afdc-csv.ts';
import { readAfdcJson } from '../readers/afdc-json.ts';
import { SourceFileError } from '../readers/source-file.ts';
import { sampleNetworks } from '../sample/networks.ts';
import { generateStations } from '../sample/stations.ts';
import { recordIssues } from '../validate.ts';
import { NETWORK_FILE, NETWORK_SOURCE_SCHEMA, type NetworkRecord, networkIssues, networksOf, readNetworkFile } from './electric-networks.ts';
import { emptyReport, type BuildOptions, type DatasetBuilder, type DatasetReport } from './types.ts';
import { namesInSourceFolder } from './source-folder.ts';
import { farFromStateNote, swappedCoordinateIssues, zipRepair } from './station-places.ts';

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
type Where = Pick<Issue, 'file' | 'line' | 'record'>;

/** The fields every station needs (not nullable in the schema): an export without a column for one of them is not read. */
const REQUIRED_FIELDS = specs.filter((spec) => !spec.nullable).map((spec) => spec.name);

/** docs/decisions.md §3.7: sources without an access code are private when their access text says so. */
function deriveAccessCode(station: SourceStation): void {
  if (station.access_code !== null || typeof station.groups_with_access_code !== 'string') return;
  station.access_code = station.groups_with_access_code.trim().toLowerCase().startsWith('private') ? 'private' : 'public';
}

function repairFor(issue: Issue, station: SourceStation, spec: FieldSpec | undefined): Issue['repair'] {
  if (!spec || issue.value === undefined) return undefined;
  if (issue.field === 'zip') return zipRepair(issue.value, station.state);
  return typeRepair(issue.value, spec);
}

/** Schema problems first; a station whose values are all valid is then checked for swapped coordinates. */
function stationIssues(station: SourceStation, where: Where): Issue[] {
  const issues = recordIssues(validate, station, where);
  for (const issue of issues) issue.repair = repairFor(issue, station, specByName.get(issue.field ?? ''));
  return issues.length > 0 ? issues : swappedCoordinateIssues(station, where);
}

const validate = validatorFor(SOURCE_SCHEMA);

interface Checked {
  station?: SourceStation;
  problems: Issue[];
  repaired: Issue[];
}

/**
 * Validates one record; `readIssues` are what the reader found (a cell that is not UTF-8, a wrong
 * field count). With `repair`, the unambiguous repairs are applied when they fix every problem.
 */
function checkStation(values: Record<string, unknown>, where: Where, repair: boolean, readIssues: Issue[] = []): Checked {
  const station: SourceStation = {};
  for (const spec of specs) station[spec.name] = values[spec.name] ?? null;
  deriveAccessCode(station);
  // A record misread (a wrong field count, columns that disagree) is reported as read, not by its consequences.
  const misread = readIssues.some((issue) => !issue.repair);
  let issues = misread ? readIssues : [...readIssues, ...stationIssues(station, where)];
  if (issues.length === 0) return { station, problems: [], repaired: [] };
  if (repair && issues.every((issue) => issue.repair)) {
    for (const issue of issues) station[issue.field!] = issue.repair!.value;
    deriveAccessCode(station);
    const remaining = stationIssues(station, where);
    if (remaining.length === 0) return { station, problems: [], repaired: issues };
    issues = remaining;
  }
  return { problems: issues, repaired: [] };
}

/** The stations' exports: every CSV and JSON file but the networks' (NETWORK_FILE). */
function sourceFiles(sourceDir: string, networks = false): string[] {
  const folder = join(sourceDir, SOURCE_FOLDER);
  return namesInSourceFolder(folder)
    .filter((name) => (networks ? NETWORK_FILE.test(name) : /\.(csv|json)(\.gz)?$/i.test(name) && !NETWORK_FILE.test(name)))
    .map((name) => join(folder, name));
}

/**
 * The networks the source describes (docs/decisions.md §3.12): each record of the networks' files with
 * a key, the first of a key kept (a later one is a problem). Their checks against the schema come
 * once they are completed from the stations.
 */
async function readNetworkSources(writer: DataSetWriter, sourceDir: string, report: DatasetReport): Promise<Array<{ network: NetworkRecord; where: Where }>> {
  const read = new Map<string, { network: NetworkRecord; where: Where }>();
  for (const path of sourceFiles(sourceDir, true)) {
    const file = basename(path);
    writer.addSource({ path: path.slice(sourceDir.length).replace(/^\/+/, ''), bytes: statSync(path).size, sha256: await sha256File(path) });
    try {
      for (const { record, values } of readNetworkFile(path, report.notes)) {
        const where = { file, record };
        if (typeof values.key !== 'string' || values.key === '') {
          report.problems.push({ ...where, field: 'key', value: values.key, reason: 'a network needs a key' });
          continue;
        }
        const earlier = read.get(values.key);
        if (earlier)
          report.problems.push({ ...where, field: 'key', value: values.key, reason: `the network is already described at ${placeOf(earlier.where)}` });
        else read.set(values.key, { network: values, where });
      }
    } catch (error) {
      if (!(error instanceof SourceFileError)) throw error;
      report.problems.push(error.issue);
    }
  }
  return [...read.values()];
}

/** Writes the networks: those given, completed from the stations, and one per other ev_network; each checked against its schema. */
async function writeNetworks(writer: DataSetWriter, given: Array<{ network: NetworkRecord; where: Where }>, stations: SourceStation[], report: DatasetReport) {
  const whereOf = new Map(given.map(({ network, where }) => [network.key, where]));
  const networks: NetworkRecord[] = [];
  for (const network of networksOf(
    given.map((entry) => entry.network),
    stations,
  )) {
    const issues = networkIssues(network, whereOf.get(network.key) ?? { file: 'stations', record: undefined });
    if (issues.length) report.problems.push(...issues);
    else networks.push(network);
  }
  const columns = columnsFromSchema(schemaById(NETWORK_SOURCE_SCHEMA));
  const staged = await writer.stage('electric_networks', columns, networks);
  await writer.copyToParquet('fuel_stations', 'networks', DataSetWriter.castingSelect(staged, columns, 'key'));
}

type OnRecord = (values: Record<string, unknown>, where: Where, readIssues: Issue[]) => void;

/** Reads one export (CSV or JSON), handing each record over; throws SourceFileError when the file cannot be read (further). */
function readExport(path: string, report: DatasetReport, repair: boolean, onRecord: OnRecord): { header: boolean } {
  const file = basename(path);
  if (/\.json(\.gz)?$/i.test(path)) {
    for (const { record, values } of readAfdcJson(path, report.notes)) onRecord(values, { file, record }, []);
    return { header: false };
  }
  let header = false;
  readAfdcCsv(path, exportHeaders, {
    onLayout(layout) {
      header = true;
      const missing = REQUIRED_FIELDS.filter((field) => !layout.fields.includes(field)).map((field) => exportHeaders.get(field) ?? field);
      if (missing.length)
        throw new SourceFileError({
          file,
          line: 1,
          reason: `missing required columns ${missing.join(', ')}: no station can be read from it; the file is not read`,
        });
      // Columns without a header are not read either way; --repair only acknowledges dropping them.
      for (const issue of layout.issues) (!issue.repair ? report.notes : repair ? report.repaired : report.problems).push(issue);
    },
    onRecord({ line, cells, issues }) {
      const values: Record<string, unknown> = {};
      for (const [field, cell] of Object.entries(cells)) values[field] = convertCell(cell, specByName.get(field)!);
      onRecord(values, { file, line }, issues);
    },
    onNote(note) {
      report.notes.push(note);
    },
  });
  return { header };
}

/** A station as read, and where from. */
interface Read {
  station: SourceStation;
  where: Where;
}

const placeOf = (where: Where) => `${where.file}:${where.line ?? `record ${where.record}`}`;

/**
 * Two records of one station id (in two exports, or one): the one with the newest Updated At is
 * kept, the other is listed as superseded; on a tie the one read first (file names in order) stays.
 */
function keepNewest(kept: Map<number, Read>, read: Read, superseded: Issue[]): void {
  const id = read.station.id as number;
  const earlier = kept.get(id);
  if (!earlier) {
    kept.set(id, read);
    return;
  }
  const updated = (r: Read) => Date.parse(r.station.updated_at as string);
  const newer = updated(read) > updated(earlier);
  const [winner, loser] = newer ? [read, earlier] : [earlier, read];
  kept.set(id, winner);
  const comparison =
    updated(read) === updated(earlier)
      ? 'the same Updated At; the record read first is kept'
      : `Updated At ${winner.station.updated_at} is newer than ${loser.station.updated_at}`;
  superseded.push({ ...loser.where, field: 'id', value: id, reason: `superseded by ${placeOf(winner.where)} (${comparison})` });
}

async function readSources(writer: DataSetWriter, sourceDir: string, options: BuildOptions, report: DatasetReport): Promise<SourceStation[]> {
  const kept = new Map<number, Read>();
  const rejects: string[] = [];
  const reject = (where: Where, problems: Issue[]) => {
    report.problems.push(...problems);
    rejects.push(JSON.stringify({ ...where, problems: problems.map(describeIssue) }));
  };
  for (const path of sourceFiles(sourceDir)) {
    const file = basename(path);
    writer.addSource({ path: path.slice(sourceDir.length).replace(/^\/+/, ''), bytes: statSync(path).size, sha256: await sha256File(path) });
    let records = 0;
    const onRecord: OnRecord = (values, where, readIssues) => {
      records++;
      const checked = checkStation(values, where, options.repair, readIssues);
      if (checked.problems.length > 0) {
        report.rejectedRecords++;
        return reject(where, checked.problems);
      }
      report.repaired.push(...checked.repaired);
      const far = farFromStateNote(checked.station!, where);
      if (far) report.notes.push(far);
      keepNewest(kept, { station: checked.station!, where }, report.superseded);
    };
    try {
      const { header } = readExport(path, report, options.repair, onRecord);
      if (records === 0)
        report.empty.push(
          header
            ? { file, line: 1, reason: 'yields no records: a header only' }
            : { file, reason: `yields no records: ${statSync(path).size === 0 ? 'the file is empty (0 bytes)' : 'the document holds no stations'}` },
        );
    } catch (error) {
      // The records before the damage stay read (they count with --allow-invalid); the file is a problem.
      if (!(error instanceof SourceFileError)) throw error;
      reject({ file, line: error.issue.line }, [error.issue]);
    }
  }
  if (rejects.length > 0) writer.writeRejects('fuel_stations', rejects);
  return [...kept.values()].map((read) => read.station);
}

export const fuelStations: DatasetBuilder = {
  name: 'fuel_stations',
  async build(writer, options) {
    const report = emptyReport();
    let stations: SourceStation[];
    let networks: Array<{ network: NetworkRecord; where: Where }>;
    if (options.sample) {
      stations = generateStations(options.sample.seed, options.sample.stations);
      for (const [index, station] of stations.entries()) {
        const where = { file: 'sample', record: index };
        const far = farFromStateNote(station, where);
        const issues = far ? [...stationIssues(station, where), far] : stationIssues(station, where);
        if (issues.length) throw new Error(`The sample generator made an invalid station: ${issues.map(describeIssue).join('; ')}`);
      }
      networks = sampleNetworks(stations).map((network, record) => ({ network, where: { file: 'sample networks', record } }));
    } else {
      stations = await readSources(writer, options.sourceDir!, options, report);
      networks = await readNetworkSources(writer, options.sourceDir!, report);
    }
    const columns = columnsFromSchema(sourceSchema);
    const bar = progress('staging fuel stations', stations.length);
    const staged = await writer.stage('fuel_stations', columns, stations, () => bar.tick());
    bar.done();
    await writer.copyToParquet('fuel_stations', 'stations', DataSetWriter.castingSelect(staged, columns, 'id'));
    await writeNetworks(writer, networks, stations, report);
    const entry = writer.dataset('fuel_stations');
    entry.rejected = report.rejectedRecords;
    entry.repaired = report.repaired.length;
    return report;
  },
};
