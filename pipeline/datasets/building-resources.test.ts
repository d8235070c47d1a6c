// The building resources builder: the real documentation fragments build; damaged records are
// reported with file, record, field, value and reason and rejected; the sample build is the same
// bytes every time; stored items keep the source's values with keys in schema order.
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { after, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { DuckDBInstance } from '../../model/duckdb.ts';
import { schemaById } from '../../schemas/registry.ts';
import { DataSetWriter, type Manifest } from '../dataset-writer.ts';
import { describeIssue } from '../issues.ts';
import { orderBySchema, plainText, searchText, termIds, utcDateTime } from './building-items.ts';
import { buildingResources } from './building-resources.ts';
import type { BuildOptions, DatasetReport } from './types.ts';
import { shared, sharedOrSkip } from '../../harness/shared-data.ts';

const fragments = shared('data', 'building-resources');
const made: string[] = [];
after(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

function temporary(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `cbr-${prefix}-`));
  made.push(dir);
  return dir;
}

async function build(options: Partial<BuildOptions>): Promise<{ report: DatasetReport; manifest: Manifest; dir: string }> {
  const dir = temporary('out');
  const writer = await DataSetWriter.open(dir);
  try {
    const report = await buildingResources.build(writer, { allowInvalid: true, repair: false, ...options });
    const manifest = writer.commit({ schema_version: 1, generator: 'test', sample: false, notice: 'test' });
    return { report, manifest, dir };
  } finally {
    writer.close();
  }
}

async function rows(dir: string, manifest: Manifest, file: string): Promise<Array<Record<string, unknown>>> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    const path = join(dir, manifest.datasets.building_resources.files[file].path);
    return (await connection.runAndReadAll(`SELECT * FROM read_parquet('${path}')`)).getRowObjectsJS() as Array<Record<string, unknown>>;
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

function sourceWith(files: Record<string, string | Buffer>): string {
  const dir = temporary('source');
  mkdirSync(join(dir, 'building-resources'));
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, 'building-resources', name), content);
  return dir;
}

test('plain text of HTML bodies: tags become spaces, entities are decoded', () => {
  assert.equal(plainText('<p><strong>Time:</strong> Tuesday&nbsp;&amp; <A HREF="x">more</A>&#8217;s &#x41;</p>\r\n<br />'), 'Time: Tuesday & more \u2019s A');
  assert.equal(searchText({ title: 'T', body: { und: [{ value: '<em>a</em>b', summary: 'c', format: null }] } }), 'T\na b\nc');
  assert.deepEqual(
    termIds({
      field_topics: { und: [{ tid: '35' }, { tid: '29' }] },
      field_tool_type: { und: [{ tid: '157' }] },
      field_resource_type_superset: { und: [{ tid: '157' }] },
      field_states: [],
    }),
    ['157', '35', '29'],
  );
});

test('event dates in UTC: database time as it is, other zones converted', () => {
  assert.equal(utcDateTime('2013-04-30 18:00:00', 'UTC'), '2013-04-30 18:00:00');
  assert.equal(utcDateTime('2013-04-30T18:00:00', undefined), '2013-04-30 18:00:00');
  assert.equal(utcDateTime('2013-04-30 14:00:00', 'America/New_York'), '2013-04-30 18:00:00');
  assert.equal(utcDateTime('2013-01-15 14:00:00', 'America/New_York'), '2013-01-15 19:00:00');
  assert.equal(utcDateTime('2013-04-30 14:00:00', 'Not/AZone'), undefined);
  assert.equal(utcDateTime('30/04/2013', 'UTC'), undefined);
});

test('nested keys are put in schema order; values are untouched', () => {
  const item = {
    title: 'x',
    vid: '2',
    nid: '1',
    type: 'tool',
    created: '1',
    changed: '1',
    field_resource_link: { und: [{ attributes: [], title: null, url: 'u' }] },
    body: { und: [{ format: null, summary: null, value: 'v' }] },
  };
  const ordered = orderBySchema(item, schemaById('/api/schemas/building-resource.schema.json'), '/api/schemas/building-resource.schema.json');
  assert.equal(
    JSON.stringify(ordered),
    '{"vid":"2","title":"x","nid":"1","type":"tool","created":"1","changed":"1","body":{"und":[{"value":"v","summary":null,"format":null}]},"field_resource_link":{"und":[{"url":"u","title":null,"attributes":[]}]}}',
  );
});

test('the real documentation fragments build: one resource as the service wrote it, one term', {
  skip: sharedOrSkip('data', 'building-resources'),
}, async () => {
  const source = temporary('fragments');
  mkdirSync(join(source, 'building-resources'));
  for (const name of readdirSync(fragments).filter((n) => n.endsWith('.json'))) copyFileSync(join(fragments, name), join(source, 'building-resources', name));
  const { report, manifest, dir } = await build({ sourceDir: source, allowInvalid: false });
  assert.deepEqual(report.problems, []);
  assert.match(report.notes.map(describeIssue).join('\n'), /term ids in no vocabulary file .*field_tool_type 157; field_topics 35, 29/);
  const files = manifest.datasets.building_resources.files;
  assert.deepEqual([files.resources.rows, files.events.rows, files.terms.rows], [1, 0, 1]);
  const [resource] = await rows(dir, manifest, 'resources');
  const original = JSON.parse(readFileSync(join(fragments, 'resources_example_nid718_BESTEST.json'), 'utf8'))['718'];
  assert.equal(resource.item, JSON.stringify(original), 'stored whole, byte for byte as the service wrote it (compact)');
  assert.deepEqual([resource.nid, resource.vid, resource.type, resource.created], [718, 782, 'tool', 1366984456n]);
  assert.deepEqual([...(resource.tids as number[])].sort((a, b) => a - b).slice(0, 4), [29, 35, 51, 52]);
  assert.match(resource.search_text as string, /^BESTEST\nMethod for testing/);
  const [term] = await rows(dir, manifest, 'terms');
  assert.deepEqual([term.tid, term.vid, term.vocabulary, term.name], [51, 9, 'building_types', 'Datacenter']);
  assert.deepEqual(JSON.parse(term.term as string), JSON.parse(readFileSync(join(fragments, 'building_types_example_tid51.json'), 'utf8')).result[0]);
  assert.equal(manifest.sources.length, 2);
});

test('damaged records are reported with file, record, field, value and reason, and rejected; the rest is written', async () => {
  const good = (nid: string, extra: Record<string, unknown> = {}) => ({
    vid: nid,
    title: `Item ${nid}`,
    nid,
    type: 'tool',
    created: '1',
    changed: '2',
    field_topics: { und: [{ tid: '29' }] },
    ...extra,
  });
  const source = sourceWith({
    'resources.json': JSON.stringify({
      '1': good('1'),
      '2': good('3'),
      '4': good('4', { field_topics: { und: [{ tid: 29 }] } }),
      '5': good('5', { field_topics: [{ tid: '29' }] }),
      '6': { ...good('6'), title: undefined },
      '7': good('7', { field_unknown: [], type: 'webpage' }),
      '8': good('8', { field_unknown: [] }),
    }),
    'resources_more.json.gz': gzipSync(JSON.stringify({ '1': good('1') })),
    'events.json': JSON.stringify({
      '10': { ...good('10'), type: undefined, field_event_date: { und: [{ value: '2013-04-30 18:00:00', timezone_db: 'Mars/Olympus' }] } },
      '11': { ...good('11'), type: undefined },
    }),
    'topics.json': JSON.stringify({
      result: [
        { tid: '29', vid: '4', name: 'Energy Management', vocabulary_machine_name: 'topics' },
        { tid: '29', vid: '4', name: 'Again', vocabulary_machine_name: 'topics' },
        { tid: '30', vid: '4', name: 'HVAC' },
      ],
    }),
  });
  const { report, manifest, dir } = await build({ sourceDir: source });
  const problems = report.problems.map(describeIssue);
  const expected = [
    /^resources\.json record 1: nid = "3": differs from the key "2"/,
    /^resources\.json record 2: field_topics\.und\.0\.tid = 29: must be string \(resource 4\)/,
    /^resources\.json record 3: field_topics = \[\{"tid":"29"\}\]: must be \[\] or \{"und":\[\.\.\.\]\} \(resource 5\)/,
    /^resources\.json record 4: title: is missing \(resource 6\)/,
    /^resources\.json record 5: type = "webpage": must be one of "publication", "tool", "event", "other-resource" \(resource 7\)/,
    /^resources_more\.json\.gz record 0: nid = "1": nid 1 was already read at resources\.json record 0/,
    /^events\.json record 0: field_event_date\.und\.0 = .*timezone_db "Mars\/Olympus" is not a time zone/,
    /^topics\.json record 1: tid = "29": tid 29 was already read at topics\.json record 0/,
    /^topics\.json record 2: vocabulary_machine_name: is missing \(term 30\)/,
  ];
  for (const pattern of expected)
    assert.ok(
      problems.some((line) => pattern.test(line)),
      `${pattern}\n${problems.join('\n')}`,
    );
  assert.equal(problems.length, expected.length, problems.join('\n'));
  assert.equal(report.rejectedRecords, expected.length);
  assert.match(report.notes.map(describeIssue).join('\n'), /resources\.json: field_unknown: not a field of the resource schema: ignored in 2 records/);
  const files = manifest.datasets.building_resources.files;
  assert.deepEqual([files.resources.rows, files.events.rows, files.terms.rows], [2, 1, 1]);
  assert.deepEqual(
    (await rows(dir, manifest, 'resources')).map((row) => row.nid),
    [1, 8],
  );
  assert.ok(!(await rows(dir, manifest, 'resources'))[1].item!.toString().includes('field_unknown'));
  const rejects = readFileSync(join(dir, manifest.datasets.building_resources.rejects_file!), 'utf8').trim().split('\n');
  assert.equal(rejects.length, expected.length);
  assert.deepEqual(Object.keys(JSON.parse(rejects[0])), ['file', 'record', 'problems']);
});

test('a source without building-resources/ gives empty tables', async () => {
  const { manifest, report } = await build({ sourceDir: temporary('nothing') });
  const files = manifest.datasets.building_resources.files;
  assert.deepEqual([files.resources.rows, files.events.rows, files.terms.rows], [0, 0, 0]);
  assert.deepEqual(report.problems, []);
});

test('the sample build is the same bytes every time, and says nothing is wrong', async () => {
  const first = await build({ sample: { seed: 11, stations: 1 }, allowInvalid: false });
  const second = await build({ sample: { seed: 11, stations: 1 }, allowInvalid: false });
  assert.deepEqual(first.manifest.datasets.building_resources, second.manifest.datasets.building_resources);
  assert.deepEqual([...first.report.problems, ...first.report.notes], []);
  const events = await rows(first.dir, first.manifest, 'events');
  assert.ok(events.every((row) => row.starts_at instanceof Date && row.ends_at instanceof Date && (row.ends_at as Date) >= (row.starts_at as Date)));
});
