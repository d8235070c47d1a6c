// The commercial building resources data set: resources, events and vocabulary terms in the
// service's own JSON (Drupal 7 field layout), or the seeded sample, validated against
// building-resource, building-event and building-term.schema.json and written as three Parquet
// files. Items are ragged nested Drupal records, so each is stored whole (its JSON, nested keys in
// schema order) beside the columns the server searches and filters by: nid, vid, type, title,
// created, changed, search_text (title and body without HTML), tids (every term id the item
// references) and, for events, starts_at/ends_at (field_event_date in UTC).
//
// Source layout, DIR/building-resources/ (every file optional, each may be .gz):
//   resources*.json   resources, an object keyed by nid (the resources endpoint's JSON)
//   events*.json      events, likewise (the events endpoint's JSON)
//   any other *.json  vocabulary terms: {"result":[term, ...]} (the taxonomy endpoint's JSON) or an
//                     array of terms; each term names its vocabulary_machine_name
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { schemaById, validatorFor } from '../../schemas/registry.ts';
import { sha256File, type ColumnSpec, type DataSetWriter } from '../dataset-writer.ts';
import { describeIssue, type Issue } from '../issues.ts';
import { readDrupalNodes, readVocabularyTerms, type KeyedRecord } from '../readers/building-resources.ts';
import { SourceFileError } from '../readers/source-file.ts';
import { generateBuildingResources } from '../sample/building-resources.ts';
import { FIELD_VOCABULARIES } from '../../model/building-vocabularies.ts';
import { emptyReport, type DatasetBuilder, type DatasetReport } from './types.ts';
import { itemIssues, orderBySchema, searchText, termIds, und, utcDateTime, type Item } from './building-items.ts';
import { namesInSourceFolder } from './source-folder.ts';

export const DATASET = 'building_resources';
export const SOURCE_FOLDER = 'building-resources';
const RESOURCE_SCHEMA = '/api/schemas/building-resource.schema.json';
const EVENT_SCHEMA = '/api/schemas/building-event.schema.json';
const TERM_SCHEMA = '/api/schemas/building-term.schema.json';

export interface NodeRow {
  nid: number;
  vid: number;
  type: string | null;
  title: string;
  created: number;
  changed: number;
  search_text: string;
  tids: string[];
  starts_at: string | null;
  ends_at: string | null;
  item: string;
}

export interface TermRow {
  tid: number;
  vid: number;
  vocabulary: string;
  name: string;
  weight: number | null;
  term: string;
}

// ---------------------------------------------------------------------------------------------

interface Source<T> {
  file: string;
  entries: Array<KeyedRecord & { values: T }>;
}

interface Sources {
  resources: Source<unknown>[];
  events: Source<unknown>[];
  terms: Source<unknown>[];
}

function sourceFiles(sourceDir: string): string[] {
  const folder = join(sourceDir, SOURCE_FOLDER);
  return namesInSourceFolder(folder)
    .filter((name) => /\.json(\.gz)?$/i.test(name))
    .map((name) => join(folder, name));
}

/** Every source file by kind; a file that cannot be read is a problem of the report, and the others are still read. */
async function readSources(writer: DataSetWriter, sourceDir: string, report: DatasetReport): Promise<Sources> {
  const sources: Sources = { resources: [], events: [], terms: [] };
  for (const path of sourceFiles(sourceDir)) {
    const file = path.split('/').pop()!;
    writer.addSource({ path: path.slice(sourceDir.length).replace(/^\/+/, ''), bytes: statSync(path).size, sha256: await sha256File(path) });
    try {
      if (/^resources/i.test(file)) sources.resources.push({ file, entries: readDrupalNodes(path, report.notes) });
      else if (/^events/i.test(file)) sources.events.push({ file, entries: readDrupalNodes(path, report.notes) });
      else sources.terms.push({ file, entries: readVocabularyTerms(path, report.notes) });
    } catch (error) {
      if (!(error instanceof SourceFileError)) throw error;
      report.problems.push(error.issue);
    }
  }
  return sources;
}

function sampleSources(seed: number): Sources {
  const sample = generateBuildingResources(seed);
  const keyed = (records: Record<string, unknown>) => Object.entries(records).map(([key, values], record) => ({ record, key, values }));
  return {
    resources: [{ file: 'sample resources', entries: keyed(sample.resources) }],
    events: [{ file: 'sample events', entries: keyed(sample.events) }],
    terms: [{ file: 'sample vocabularies', entries: sample.terms.map((values, record) => ({ record, values })) }],
  };
}

interface Checked<T> {
  rows: T[];
  rejects: string[];
}

function reject(report: DatasetReport, rejects: string[], problems: Issue[]): void {
  report.problems.push(...problems);
  report.rejectedRecords++;
  const { file, record } = problems[0];
  rejects.push(JSON.stringify({ file, record, problems: problems.map(describeIssue) }));
}

function checkNodes(kind: 'resource' | 'event', sources: Source<unknown>[], report: DatasetReport): Checked<NodeRow> & { items: Item[] } {
  const schemaId = kind === 'resource' ? RESOURCE_SCHEMA : EVENT_SCHEMA;
  const schema = schemaById(schemaId);
  const known = new Set(Object.keys(schema.properties as object));
  const validate = validatorFor(schemaId);
  const rows: NodeRow[] = [];
  const items: Item[] = [];
  const rejects: string[] = [];
  const firstSeen = new Map<number, string>();
  for (const { file, entries } of sources) {
    const ignored = new Map<string, number>();
    for (const { record, key, values } of entries) {
      const where = { file, record };
      const label = `${kind} ${key ?? (values as Item | null)?.nid ?? `#${record}`}`;
      if (typeof values !== 'object' || values === null || Array.isArray(values)) {
        reject(report, rejects, [{ ...where, reason: `${label}: not an object` }]);
        continue;
      }
      const item: Item = {};
      for (const [name, value] of Object.entries(values)) {
        if (known.has(name)) item[name] = value;
        else ignored.set(name, (ignored.get(name) ?? 0) + 1);
      }
      const problems = itemIssues(validate, item, where, label);
      const nid = Number(item.nid);
      if (problems.length === 0 && key !== undefined && key !== item.nid)
        problems.push({ ...where, field: 'nid', value: item.nid, reason: `differs from the key ${JSON.stringify(key)} it is filed under` });
      if (problems.length === 0 && firstSeen.has(nid))
        problems.push({ ...where, field: 'nid', value: item.nid, reason: `nid ${nid} was already read at ${firstSeen.get(nid)}` });
      let startsAt: string | null = null;
      let endsAt: string | null = null;
      if (problems.length === 0 && (kind === 'event' || item.type === 'event')) {
        const date = und(item.field_event_date)[0];
        if (date) {
          startsAt = utcDateTime(date.value, date.timezone_db) ?? null;
          endsAt = utcDateTime(date.value2 ?? date.value, date.timezone_db) ?? null;
          if (startsAt === null)
            problems.push({
              ...where,
              field: 'field_event_date.und.0',
              value: date,
              reason: `timezone_db ${JSON.stringify(date.timezone_db)} is not a time zone (${label})`,
            });
        } else if (kind === 'event') {
          report.notes.push({ ...where, field: 'field_event_date', reason: `${label} has no date: it is listed without scope only` });
        }
      }
      if (problems.length > 0) {
        reject(report, rejects, problems);
        continue;
      }
      firstSeen.set(nid, `${file} record ${record}`);
      const ordered = orderBySchema(item, schema, schemaId) as Item;
      items.push(ordered);
      rows.push({
        nid,
        vid: Number(item.vid),
        type: typeof item.type === 'string' ? item.type : null,
        title: item.title as string,
        created: Number(item.created),
        changed: Number(item.changed),
        search_text: searchText(item),
        tids: termIds(item),
        starts_at: startsAt,
        ends_at: endsAt,
        item: JSON.stringify(ordered),
      });
    }
    for (const [name, count] of ignored)
      report.notes.push({ file, field: name, reason: `not a field of the ${kind} schema: ignored in ${count} record${count === 1 ? '' : 's'}` });
  }
  return { rows, items, rejects };
}

function checkTerms(sources: Source<unknown>[], report: DatasetReport): Checked<TermRow> {
  const schema = schemaById(TERM_SCHEMA);
  const validate = validatorFor(TERM_SCHEMA);
  const rows: TermRow[] = [];
  const rejects: string[] = [];
  const firstSeen = new Map<number, string>();
  for (const { file, entries } of sources) {
    for (const { record, key, values } of entries) {
      const where = { file, record };
      const label = `term ${(values as Item | null)?.tid ?? key ?? `#${record}`}`;
      if (typeof values !== 'object' || values === null || Array.isArray(values)) {
        reject(report, rejects, [{ ...where, reason: `${label}: not an object` }]);
        continue;
      }
      const term = values as Item;
      const problems = itemIssues(validate, term, where, label);
      const tid = Number(term.tid);
      if (problems.length === 0 && firstSeen.has(tid))
        problems.push({ ...where, field: 'tid', value: term.tid, reason: `tid ${tid} was already read at ${firstSeen.get(tid)}` });
      if (problems.length > 0) {
        reject(report, rejects, problems);
        continue;
      }
      firstSeen.set(tid, `${file} record ${record}`);
      rows.push({
        tid,
        vid: Number(term.vid),
        vocabulary: term.vocabulary_machine_name as string,
        name: term.name as string,
        weight: term.weight === undefined ? null : Number(term.weight),
        term: JSON.stringify(orderBySchema(term, schema, TERM_SCHEMA)),
      });
    }
  }
  return { rows, rejects };
}

/** Term references that no vocabulary file explains, or that sit in a field of another vocabulary: notes, never rejections. */
function checkReferences(label: string, items: Item[], terms: TermRow[], report: DatasetReport): void {
  const vocabularyOf = new Map(terms.map((term) => [String(term.tid), term.vocabulary]));
  const unknown = new Map<string, Set<string>>();
  const misplaced: string[] = [];
  for (const item of items) {
    for (const [field, vocabulary] of Object.entries(FIELD_VOCABULARIES)) {
      for (const { tid } of und(item[field])) {
        const found = vocabularyOf.get(tid as string);
        if (found === undefined) {
          if (!unknown.has(field)) unknown.set(field, new Set());
          unknown.get(field)!.add(tid as string);
        } else if (found !== vocabulary && misplaced.length < 10) {
          misplaced.push(`${item.nid}: ${field} has term ${tid} of ${found}`);
        }
      }
    }
  }
  if (unknown.size > 0) {
    const list = [...unknown].map(([field, tids]) => `${field} ${[...tids].slice(0, 8).join(', ')}${tids.size > 8 ? `, … (${tids.size})` : ''}`).join('; ');
    report.notes.push({ file: label, reason: `term ids in no vocabulary file (filters take their id, not a name): ${list}` });
  }
  if (misplaced.length) report.notes.push({ file: label, reason: `terms in a field of another vocabulary: ${misplaced.join('; ')}` });
}

const NODE_COLUMNS: ColumnSpec[] = [
  { name: 'nid', type: 'INTEGER' },
  { name: 'vid', type: 'INTEGER' },
  { name: 'type', type: 'VARCHAR' },
  { name: 'title', type: 'VARCHAR' },
  { name: 'created', type: 'BIGINT' },
  { name: 'changed', type: 'BIGINT' },
  { name: 'search_text', type: 'VARCHAR' },
  { name: 'tids', type: 'VARCHAR[]' },
  { name: 'starts_at', type: 'TIMESTAMP' },
  { name: 'ends_at', type: 'TIMESTAMP' },
  { name: 'item', type: 'VARCHAR' },
];
const TERM_COLUMNS: ColumnSpec[] = [
  { name: 'tid', type: 'INTEGER' },
  { name: 'vid', type: 'INTEGER' },
  { name: 'vocabulary', type: 'VARCHAR' },
  { name: 'name', type: 'VARCHAR' },
  { name: 'weight', type: 'INTEGER' },
  { name: 'term', type: 'VARCHAR' },
];

async function writeNodes(writer: DataSetWriter, file: 'resources' | 'events', rows: NodeRow[]): Promise<void> {
  const staged = await writer.stage(`${DATASET}_${file}`, NODE_COLUMNS, rows as unknown as Array<Record<string, unknown>>);
  const withType = file === 'resources' ? 'type, ' : '';
  const withDates = file === 'events' ? 'CAST(starts_at AS TIMESTAMP) AS starts_at, CAST(ends_at AS TIMESTAMP) AS ends_at, ' : '';
  await writer.copyToParquet(
    DATASET,
    file,
    `SELECT nid, vid, ${withType}title, created, changed, search_text, CAST(tids AS INTEGER[]) AS tids, ${withDates}item FROM ${staged} ORDER BY nid`,
  );
}

export const buildingResources: DatasetBuilder = {
  name: DATASET,
  async build(writer, options) {
    const report = emptyReport();
    const sources = options.sample ? sampleSources(options.sample.seed) : await readSources(writer, options.sourceDir!, report);
    const terms = checkTerms(sources.terms, report);
    const resources = checkNodes('resource', sources.resources, report);
    const events = checkNodes('event', sources.events, report);
    if (options.sample && report.problems.length > 0)
      throw new Error(`The sample generator made invalid building resources: ${report.problems.slice(0, 5).map(describeIssue).join('; ')}`);
    if (resources.items.length) checkReferences('resources', resources.items, terms.rows, report);
    if (events.items.length) checkReferences('events', events.items, terms.rows, report);
    const rejects = [...terms.rejects, ...resources.rejects, ...events.rejects];
    if (rejects.length > 0) writer.writeRejects(DATASET, rejects);

    await writeNodes(writer, 'resources', resources.rows);
    await writeNodes(writer, 'events', events.rows);
    const staged = await writer.stage(`${DATASET}_terms`, TERM_COLUMNS, terms.rows as unknown as Array<Record<string, unknown>>);
    await writer.copyToParquet(DATASET, 'terms', `SELECT * FROM ${staged} ORDER BY tid`);
    const entry = writer.dataset(DATASET);
    entry.rejected = report.rejectedRecords;
    entry.repaired = 0;
    return report;
  },
};
