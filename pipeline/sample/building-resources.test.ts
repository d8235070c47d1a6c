// The sample building resources: deterministic, valid against the schemas, and realistic in the
// ways the endpoints need (every content type and vocabulary, revisions, HTML bodies, events on
// both sides of the present for ten years).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { validatorFor } from '../../schemas/registry.ts';
import { generateBuildingResources, SAMPLE_EPOCH } from './building-resources.ts';

const sample = generateBuildingResources(20240601);
const resources = Object.values(sample.resources);
const events = Object.values(sample.events);
const und = (field: unknown) => (field as { und?: Array<Record<string, string>> } | undefined)?.und ?? [];
function groupBy<T>(items: T[], key: (item: T) => string): Record<string, T[] | undefined> {
  const groups: Record<string, T[]> = {};
  for (const item of items) (groups[key(item)] ??= []).push(item);
  return groups;
}
const startOf = (event: { field_event_date?: unknown }) => Date.parse(`${und(event.field_event_date)[0].value.replace(' ', 'T')}Z`);

test('the same seed gives the same bytes; another seed another database', () => {
  assert.equal(JSON.stringify(generateBuildingResources(20240601)), JSON.stringify(sample));
  assert.notEqual(JSON.stringify(generateBuildingResources(7).resources), JSON.stringify(sample.resources));
});

test('every record is valid against its schema, keyed by its own nid, in ascending nid order', () => {
  const resource = validatorFor('/api/schemas/building-resource.schema.json');
  const event = validatorFor('/api/schemas/building-event.schema.json');
  const term = validatorFor('/api/schemas/building-term.schema.json');
  for (const [nid, item] of Object.entries(sample.resources)) assert.ok(resource(item), `${nid}: ${JSON.stringify(resource.errors)}`);
  for (const [nid, item] of Object.entries(sample.events)) assert.ok(event(item), `${nid}: ${JSON.stringify(event.errors)}`);
  for (const item of sample.terms) assert.ok(term(item), `${item.tid}: ${JSON.stringify(term.errors)}`);
  for (const [nid, item] of [...Object.entries(sample.resources), ...Object.entries(sample.events)]) assert.equal(item.nid, nid);
  const nids = Object.keys(sample.resources).map(Number);
  assert.deepEqual(
    nids,
    [...nids].sort((a, b) => a - b),
  );
});

test('several hundred resources of all four types; the events are the event resources', () => {
  assert.ok(resources.length >= 300 && resources.length <= 1000, `${resources.length} resources`);
  const byType = groupBy(resources, (item) => item.type);
  for (const type of ['publication', 'tool', 'event', 'other-resource']) assert.ok((byType[type]?.length ?? 0) >= 50, `${type}: ${byType[type]?.length}`);
  assert.deepEqual(
    Object.keys(sample.events),
    byType.event!.map((item) => item.nid),
  );
  for (const event of events) {
    const resource = sample.resources[event.nid];
    assert.equal(event.title, resource.title);
    assert.equal(event.vid, resource.vid);
    assert.ok(!('type' in event) && !('is_current' in event), 'the events endpoint writes no type or revision flags');
  }
});

test('every vocabulary is filled, term ids are unique, and items use terms of every vocabulary', () => {
  const vocabularies = groupBy(sample.terms, (term) => term.vocabulary_machine_name);
  for (const name of [
    'audience_types',
    'building_types',
    'collections',
    'construction_types',
    'institutions',
    'keywords',
    'portals',
    'publication_types',
    'resource_types',
    'states',
    'tool_types',
    'topics',
    'event_types',
    'phases_of_delivery',
  ]) {
    assert.ok((vocabularies[name]?.length ?? 0) >= 5, `${name}: ${vocabularies[name]?.length} terms`);
  }
  assert.equal(new Set(sample.terms.map((term) => term.tid)).size, sample.terms.length);
  assert.equal(sample.terms.find((term) => term.tid === '51')?.name, 'Datacenter', 'the real term 51 keeps its name');
  assert.equal(new Set(sample.terms.map((term) => JSON.stringify(term.rdf_mapping))).size, 1);
  const used = new Set(
    resources.flatMap((item) =>
      Object.values(item)
        .flatMap((field) => und(field).map((value) => value.tid))
        .filter(Boolean),
    ),
  );
  for (const [name, terms] of Object.entries(vocabularies))
    assert.ok(
      terms!.some((term) => used.has(term.tid)),
      `no item uses ${name}`,
    );
});

test('revisions, HTML bodies and the faithful rdf_mapping', () => {
  assert.ok(resources.filter((item) => item.vid !== item.nid).length > resources.length / 4, 'vid differs from nid on many items');
  assert.ok(resources.every((item) => Number(item.vid) >= Number(item.nid) && item.current_revision_id === item.vid));
  assert.ok(resources.every((item) => Number(item.changed) >= Number(item.created)));
  const bodies = resources.map((item) => und(item.body)[0]);
  assert.ok(bodies.filter((body) => /<(strong|a) /.test(body.value) || /<strong>/.test(body.value)).length > 100, 'HTML in bodies');
  assert.ok(
    bodies.some((body) => body.format === null && !('safe_value' in body)),
    'bodies without a text format, as in the real tool example',
  );
  assert.ok(bodies.filter((body) => body.format === 'filtered_html').every((body) => body.safe_value!.startsWith('<p>')));
  const mapping = JSON.stringify(resources[0].rdf_mapping);
  assert.ok(resources.every((item) => JSON.stringify(item.rdf_mapping) === mapping));
  assert.equal(
    mapping,
    '{"rdftype":["sioc:Item","foaf:Document"],"title":{"predicates":["dc:title"]},"created":{"predicates":["dc:date","dc:created"],"datatype":"xsd:dateTime","callback":"date_iso8601"},"changed":{"predicates":["dc:modified"],"datatype":"xsd:dateTime","callback":"date_iso8601"},"body":{"predicates":["content:encoded"]},"uid":{"predicates":["sioc:has_creator"],"type":"rel"},"name":{"predicates":["foaf:name"]},"comment_count":{"predicates":["sioc:num_replies"],"datatype":"xsd:integer"},"last_activity":{"predicates":["sioc:last_activity_date"],"datatype":"xsd:dateTime","callback":"date_iso8601"}}',
  );
  assert.ok(JSON.stringify(sample).includes('https://example.org/cbr-sample/'), 'links point at example.org');
  assert.ok(!/example\.org/.test(resources.map((item) => item.title).join('\n')), 'titles are not marked');
});

test('events start from ten years before to ten years after the sample epoch: both scopes answer at any time in between', () => {
  const starts = events.map(startOf).sort((a, b) => a - b);
  const year = 365.25 * 86_400_000;
  assert.ok(starts[0] >= SAMPLE_EPOCH - 10 * year && starts[0] < SAMPLE_EPOCH - 9 * year, new Date(starts[0]).toISOString());
  assert.ok(starts.at(-1)! <= SAMPLE_EPOCH + 10 * year && starts.at(-1)! > SAMPLE_EPOCH + 9 * year, new Date(starts.at(-1)!).toISOString());
  for (const now of [SAMPLE_EPOCH - 9 * year, Date.now(), SAMPLE_EPOCH + 9 * year]) {
    assert.ok(starts.some((start) => start >= now) && starts.some((start) => start < now), new Date(now).toISOString());
  }
  for (const event of events) {
    const date = und(event.field_event_date)[0];
    assert.equal(date.timezone_db, 'UTC');
    assert.ok(date.value2 >= date.value);
    assert.ok(Number(date.offset) % 1800 === 0, date.offset);
  }
});
