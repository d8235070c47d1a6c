// The building resources and events endpoints over HTTP, on a data set built through the source
// layout from the sample generator's JSON files, checked against an independent selection over
// those files: search words and phrases, every vocabulary filter by id and by name, comma lists,
// combinations, portal and scope around a fixed clock; every format (JSON, XML, JSONP); and the
// 422s for unknown terms, bad scopes and bad callbacks.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { convert } from 'xmlbuilder2';
import { generateBuildingResources } from '../pipeline/sample/building-resources.ts';
import { Random } from '../pipeline/sample/random.ts';
import { validatorFor } from '../schemas/registry.ts';
import { buildQuietly, startTestServer, temporaryDir, withKey, type TestServer } from './support/helpers.ts';

type Item = Record<string, any>;
interface Term {
  tid: string;
  name: string;
  vocabulary_machine_name: string;
}

/** Each filter, its vocabulary, and the fields an item's terms of it are in (as the parameter schema describes). */
const FILTERS: Record<string, { vocabulary: string; fields: string[] }> = {
  'audience-type': { vocabulary: 'audience_types', fields: ['field_audience_types'] },
  'building-type': { vocabulary: 'building_types', fields: ['field_building_types'] },
  collection: { vocabulary: 'collections', fields: ['field_collections'] },
  'construction-type': { vocabulary: 'construction_types', fields: ['field_construction_types'] },
  institution: { vocabulary: 'institutions', fields: ['field_primary_institution', 'field_secondary_institution'] },
  keyword: { vocabulary: 'keywords', fields: ['field_keywords'] },
  portal: { vocabulary: 'portals', fields: ['field_portal_tags'] },
  'publication-type': { vocabulary: 'publication_types', fields: ['field_publication_type', 'field_resource_type_superset'] },
  'resource-type': { vocabulary: 'resource_types', fields: ['field_resource_type', 'field_resource_type_superset'] },
  state: { vocabulary: 'states', fields: ['field_states'] },
  'tool-type': { vocabulary: 'tool_types', fields: ['field_tool_type', 'field_resource_type_superset'] },
  topic: { vocabulary: 'topics', fields: ['field_topics'] },
};

const und = (field: unknown): Item[] => (field && typeof field === 'object' && !Array.isArray(field) ? ((field as Item).und ?? []) : []);

/** Title and body as a reader sees them: tags dropped, the common entities decoded, lower case. */
function readable(item: Item): string {
  const bodies = und(item.body).flatMap((body) => [body.value, body.summary].filter((text) => typeof text === 'string'));
  const text = [item.title, ...bodies].join(' \n ');
  const decoded = text
    .split(/<[^>]*>/)
    .join(' ')
    .replaceAll('&nbsp;', ' ')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#039;', "'")
    .replaceAll('&amp;', '&');
  return decoded.split(/\s+/).join(' ').toLowerCase();
}

class Expected {
  readonly termsByVocabulary = new Map<string, Term[]>();
  constructor(
    readonly resources: Record<string, Item>,
    readonly events: Record<string, Item>,
    terms: Term[],
  ) {
    for (const term of terms)
      this.termsByVocabulary.set(term.vocabulary_machine_name, [...(this.termsByVocabulary.get(term.vocabulary_machine_name) ?? []), term]);
  }

  /** The tids a filter value means: a term id of the vocabulary, else its names in any case. */
  tids(filter: string, value: string): string[] {
    const terms = this.termsByVocabulary.get(FILTERS[filter].vocabulary) ?? [];
    const byId = terms.filter((term) => term.tid === value.trim());
    return byId.length ? byId.map((t) => t.tid) : terms.filter((term) => term.name.toLowerCase() === value.trim().toLowerCase()).map((t) => t.tid);
  }

  matches(item: Item, query: Record<string, string>): boolean {
    for (const [param, value] of Object.entries(query)) {
      if (param === 's') {
        const text = readable(item);
        const words = [...value.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => (m[1] ?? m[2]).trim().split(/\s+/).join(' ').toLowerCase()).filter(Boolean);
        if (!words.every((word) => text.includes(word))) return false;
      } else if (FILTERS[param]) {
        const wanted = new Set(value.split(',').flatMap((v) => this.tids(param, v)));
        const has = FILTERS[param].fields.flatMap((field) => und(item[field]).map((term) => term.tid));
        if (!has.some((tid) => wanted.has(tid))) return false;
      }
    }
    return true;
  }

  select(records: Record<string, Item>, query: Record<string, string>): string[] {
    return Object.keys(records)
      .filter((nid) => this.matches(records[nid], query))
      .sort((a, b) => Number(a) - Number(b));
  }
}

const startOf = (event: Item) => Date.parse(`${und(event.field_event_date)[0].value.replace(' ', 'T')}Z`);
const query = (params: Record<string, string>) => new URLSearchParams(params).toString();
const RESOURCES = '/api/commercial-building-resources/v1/resources';
const EVENTS = '/api/commercial-building-resources/v1/events';

describe('commercial building resources over HTTP', () => {
  let server: TestServer;
  let expected: Expected;
  let clock: number;
  const get = (path: string) => server.get(withKey(path, server.key));
  const okJson = async (path: string, schema: 'resources' | 'events') => {
    const response = await get(path);
    const text = await response.text();
    assert.equal(response.status, 200, `${path}: ${response.status} ${text.slice(0, 300)}`);
    assert.equal(response.headers.get('content-type'), 'application/json; charset=utf-8');
    const body = JSON.parse(text);
    assert.ok(validatorFor(`/api/schemas/building-${schema}-response.schema.json`)(body), `${path}: not a valid response`);
    return body as Record<string, Item> | [];
  };
  const nidsOf = (body: Record<string, Item> | []) => (Array.isArray(body) ? [] : Object.keys(body));
  const unprocessable = async (path: string) => {
    const response = await get(path);
    assert.equal(response.status, 422, path);
    const body = (await response.json()) as { errors: string[] };
    assert.ok(validatorFor('/api/schemas/errors.schema.json')(body));
    return body.errors;
  };

  before(async () => {
    const sample = generateBuildingResources(424242);
    const source = temporaryDir('cbr-source');
    const folder = join(source, 'building-resources');
    mkdirSync(folder);
    writeFileSync(join(folder, 'resources.json'), JSON.stringify(sample.resources));
    writeFileSync(join(folder, 'events.json'), JSON.stringify(sample.events));
    // One file per vocabulary in the taxonomy endpoint's shape; one of them compressed.
    const vocabularies = new Set(sample.terms.map((term) => term.vocabulary_machine_name));
    for (const vocabulary of vocabularies) {
      const text = JSON.stringify({ result: sample.terms.filter((term) => term.vocabulary_machine_name === vocabulary) });
      if (vocabulary === 'keywords') writeFileSync(join(folder, `${vocabulary}.json.gz`), gzipSync(text));
      else writeFileSync(join(folder, `${vocabulary}.json`), text);
    }
    // The expectations read the files back, independently of the pipeline.
    const read = (name: string) => JSON.parse(readFileSync(join(folder, name), 'utf8'));
    const terms = [...vocabularies].filter((v) => v !== 'keywords').flatMap((v) => read(`${v}.json`).result as Term[]);
    expected = new Expected(read('resources.json'), read('events.json'), [...terms, ...sample.terms.filter((t) => t.vocabulary_machine_name === 'keywords')]);
    const starts = Object.values(expected.events)
      .map(startOf)
      .sort((a, b) => a - b);
    clock = starts[Math.floor(starts.length / 2)];
    const dataDir = temporaryDir('cbr-data');
    const { manifest } = await buildQuietly({ outDir: dataDir, sourceDir: source });
    assert.equal(manifest.datasets.building_resources.files.resources.rows, Object.keys(expected.resources).length);
    server = await startTestServer(dataDir, { now: () => clock });
  });
  after(() => server?.dispose());

  test('every resource, in ascending nid order, each exactly as in resources.json', async () => {
    const body = await okJson(`${RESOURCES}.json`, 'resources');
    assert.deepEqual(nidsOf(body), expected.select(expected.resources, {}));
    for (const nid of nidsOf(body))
      assert.equal(JSON.stringify((body as Record<string, Item>)[nid]), JSON.stringify(expected.resources[nid]), `resource ${nid}`);
  });

  const fixed: Array<Record<string, string>> = [
    { s: 'lighting' },
    { s: 'LIGHTING' },
    { s: 'energy retrofit' },
    { s: '"simple payback" utility' },
    { s: 'webinar hvac' },
    { s: 'strong' },
    { s: 'no-such-word-anywhere' },
    { topic: 'Lighting' },
    { topic: '28,30' },
    { topic: 'lighting,hvac' },
    { 'building-type': 'Office' },
    { 'building-type': '51,Hospital' },
    { 'audience-type': 'ARCHITECTS' },
    { collection: '14' },
    { 'construction-type': 'Retrofit' },
    { institution: 'National Renewable Energy Laboratory' },
    { keyword: 'LED,heat pumps' },
    { portal: 'Energy Performance-Based Acquisition' },
    { 'publication-type': 'Case Study' },
    { 'resource-type': 'checklist' },
    { state: 'Colorado,california' },
    { 'tool-type': '157,Calculator' },
    { s: 'energy', topic: 'HVAC', 'building-type': 'Office' },
    { keyword: 'LED', state: 'Texas' },
  ];
  test('fixed queries: search words and phrases, each vocabulary by id and by name, lists and combinations', async () => {
    let nonEmpty = 0;
    for (const params of fixed) {
      const want = expected.select(expected.resources, params);
      const got = nidsOf(await okJson(`${RESOURCES}.json?${query(params)}`, 'resources'));
      assert.deepEqual(got, want, JSON.stringify(params));
      if (want.length > 0 && want.length < Object.keys(expected.resources).length) nonEmpty++;
    }
    assert.ok(nonEmpty >= fixed.length - 3, `${nonEmpty} of ${fixed.length} queries select some but not all resources`);
  });

  test('random queries: one to three filters with ids or names in random case, and a word of some title', async () => {
    const random = new Random(31);
    const titles = Object.values(expected.resources).map((item) => item.title as string);
    const filters = Object.keys(FILTERS);
    let selective = 0;
    for (let i = 0; i < 60; i++) {
      const params: Record<string, string> = {};
      for (let f = random.int(1, 3); f > 0; f--) {
        const filter = random.pick(filters);
        const terms = expected.termsByVocabulary.get(FILTERS[filter].vocabulary)!;
        const values = Array.from({ length: random.int(1, 3) }, () => {
          const term = random.pick(terms);
          return random.chance(0.5) ? term.tid : random.chance(0.5) ? term.name.toUpperCase() : term.name.toLowerCase();
        });
        params[filter] = values.join(',');
      }
      if (random.chance(0.5))
        params.s = random
          .pick(
            random
              .pick(titles)
              .split(' ')
              .filter((word) => word.length > 3),
          )
          .replace(/[":]/g, '');
      const want = expected.select(expected.resources, params);
      if (want.length > 0) selective++;
      assert.deepEqual(nidsOf(await okJson(`${RESOURCES}.json?${query(params)}`, 'resources')), want, JSON.stringify(params));
    }
    assert.ok(selective >= 20, `${selective} random queries matched something`);
  });

  test('XML: the same selection as <item>s of <result is_array="true">, values as text', async () => {
    for (const params of [{ s: 'lighting' }, { topic: 'HVAC', state: 'Colorado' }, { s: 'no-such-word-anywhere' }, {}] as Array<Record<string, string>>) {
      const want = expected.select(expected.resources, params);
      const response = await get(`${RESOURCES}.xml?${query(params)}`);
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('content-type'), 'application/xml; charset=utf-8');
      const text = await response.text();
      assert.ok(text.startsWith('<?xml version="1.0" encoding="utf-8"?>\n<result'));
      const parsed = convert(text, { format: 'object' }) as any;
      if (want.length === 0) {
        assert.equal(text, '<?xml version="1.0" encoding="utf-8"?>\n<result/>\n');
        continue;
      }
      assert.equal(parsed.result['@is_array'], 'true');
      const items = ([] as any[]).concat(parsed.result.item);
      assert.deepEqual(
        items.map((item) => item.nid),
        want,
        JSON.stringify(params),
      );
      const first = expected.resources[want[0]];
      assert.equal(items[0].title, first.title);
      assert.equal(items[0].is_current, '1');
      assert.equal(items[0].body.und['@is_array'], 'true');
      assert.deepEqual(
        ([] as any[]).concat(items[0].field_topics.und.item).map((term) => term.tid),
        und(first.field_topics).map((term) => term.tid),
      );
    }
    const byFormat = await get(`/api/commercial-building-resources/resources?format=xml&${query({ s: 'lighting' })}`);
    assert.equal(byFormat.headers.get('content-type'), 'application/xml; charset=utf-8');
  });

  test('events: portal (id or name) and scope around a fixed clock, as selected from events.json', async () => {
    const starts = new Map(Object.entries(expected.events).map(([nid, event]) => [nid, startOf(event)]));
    const portals = expected.termsByVocabulary.get('portals')!;
    const cases: Array<[Record<string, string>, (nid: string) => boolean]> = [
      [{}, () => true],
      [{ scope: 'upcoming' }, (nid) => starts.get(nid)! >= clock],
      [{ scope: 'past' }, (nid) => starts.get(nid)! < clock],
      [{ portal: portals[0].tid }, () => true],
      [{ portal: portals[1].name.toUpperCase(), scope: 'past' }, (nid) => starts.get(nid)! < clock],
      [{ portal: `${portals[2].tid},${portals[3].name}`, scope: 'upcoming' }, (nid) => starts.get(nid)! >= clock],
    ];
    const all = Object.keys(expected.events).length;
    for (const [params, inScope] of cases) {
      const filter: Record<string, string> = params.portal ? { portal: params.portal } : {};
      const want = expected.select(expected.events, filter).filter(inScope);
      const body = await okJson(`${EVENTS}.json?${query(params)}`, 'events');
      assert.deepEqual(nidsOf(body), want, JSON.stringify(params));
      if (params.scope) assert.ok(want.length > 0 && want.length < all, `${JSON.stringify(params)} selects ${want.length} of ${all}`);
      for (const nid of want.slice(0, 3)) assert.equal(JSON.stringify((body as Record<string, Item>)[nid]), JSON.stringify(expected.events[nid]));
    }
    const atClock = [...starts].find(([, start]) => start === clock)![0];
    assert.ok(nidsOf(await okJson(`${EVENTS}.json?scope=upcoming`, 'events')).includes(atClock), 'an event starting at this very moment is upcoming');
    assert.ok(!nidsOf(await okJson(`${EVENTS}.json?scope=past`, 'events')).includes(atClock));
  });

  test('JSONP: .jsonp with callback, .json with callback, format=jsonp; without a callback plain JSON; XML ignores it', async () => {
    const plain = await (await get(`${EVENTS}.json?scope=past`)).text();
    for (const path of [
      `${EVENTS}.jsonp?scope=past&callback=cb`,
      `${EVENTS}.json?scope=past&callback=cb`,
      `/api/commercial-building-resources/events?format=jsonp&scope=past&callback=cb`,
    ]) {
      const response = await get(path);
      assert.equal(response.status, 200, path);
      assert.equal(response.headers.get('content-type'), 'application/javascript; charset=utf-8', path);
      assert.equal(await response.text(), `cb(${plain});`, path);
    }
    const $ = await get(`${EVENTS}.jsonp?scope=past&callback=${encodeURIComponent('$.ns_1.Cb$')}`);
    assert.equal(await $.text(), `$.ns_1.Cb$(${plain});`);
    const bare = await get(`${EVENTS}.jsonp?scope=past`);
    assert.equal(bare.headers.get('content-type'), 'application/json; charset=utf-8');
    assert.equal(await bare.text(), plain);
    const xml = await get(`${EVENTS}.xml?scope=past&callback=cb`);
    assert.ok((await xml.text()).startsWith('<?xml'));
    const none = await get(`${EVENTS}.jsonp?portal=${expected.termsByVocabulary.get('portals')!.at(-1)!.tid}&scope=upcoming&callback=cb`);
    const noneText = await none.text();
    assert.ok(noneText === 'cb([]);' || noneText.startsWith('cb({"'), noneText.slice(0, 40));
  });

  test('422: unknown terms for every filter, bad list items, repeated parameters; in JSON and XML', async () => {
    for (const [filter, { vocabulary }] of Object.entries(FILTERS)) {
      const errors = await unprocessable(`${RESOURCES}.json?${query({ s: 'energy', [filter]: 'No Such Term' })}`);
      assert.deepEqual(errors, [
        `The '${filter}' parameter names no term of the ${vocabulary.replace(/_/g, ' ')} vocabulary: 'No Such Term'. Give a term id or a term name.`,
      ]);
    }
    assert.deepEqual(await unprocessable(`${RESOURCES}.json?topic=999999`), [
      "The 'topic' parameter names no term of the topics vocabulary: '999999'. Give a term id or a term name.",
    ]);
    assert.deepEqual(
      await unprocessable(`${RESOURCES}.json?topic=${expected.termsByVocabulary.get('states')![0].tid}`),
      [`The 'topic' parameter names no term of the topics vocabulary: '${expected.termsByVocabulary.get('states')![0].tid}'. Give a term id or a term name.`],
      'a term of another vocabulary',
    );
    assert.deepEqual(await unprocessable(`${RESOURCES}.json?topic=HVAC,,Lighting`), [
      "The 'topic' parameter has an invalid value '': give term ids or term names, separated by commas.",
    ]);
    assert.deepEqual(await unprocessable(`${RESOURCES}.json?building-type=Office,0`), [
      "The 'building-type' parameter has an invalid value '0': give term ids or term names, separated by commas.",
    ]);
    assert.deepEqual(await unprocessable(`${RESOURCES}.json?s=a&s=b`), ["The 's' parameter was given more than once."]);
    const xml = await get(`${RESOURCES}.xml?state=Atlantis`);
    assert.equal(xml.status, 422);
    assert.equal(xml.headers.get('content-type'), 'application/xml; charset=utf-8');
    assert.equal(
      await xml.text(),
      '<?xml version="1.0" encoding="utf-8"?>\n<result>\n  <errors is_array="true">\n    <item>The \'state\' parameter names no term of the states vocabulary: \'Atlantis\'. Give a term id or a term name.</item>\n  </errors>\n</result>\n',
    );
    const empty = await okJson(`${RESOURCES}.json?s=&topic=`, 'resources');
    assert.equal(nidsOf(empty).length, Object.keys(expected.resources).length, 'empty parameters are ignored');
  });

  test('422: a bad scope, a bad callback (never used to wrap), an unknown portal; a good callback wraps the errors', async () => {
    assert.deepEqual(await unprocessable(`${EVENTS}.json?scope=soon`), ["The 'scope' parameter has an invalid value 'soon'. Allowed values: upcoming, past."]);
    assert.deepEqual(
      await okJson(`${EVENTS}.json?scope=UPCOMING`, 'events'),
      await okJson(`${EVENTS}.json?scope=upcoming`, 'events'),
      'codes in any case, as every endpoint reads them',
    );
    for (const callback of ['1cb', 'alert(1)', 'a-b', '<script>', `a${'b'.repeat(64)}`]) {
      const response = await get(`${EVENTS}.jsonp?${query({ callback })}`);
      assert.equal(response.status, 422, callback);
      assert.equal(response.headers.get('content-type'), 'application/json; charset=utf-8');
      const body = await response.text();
      assert.ok(body.startsWith('{"errors":["The \'callback\' parameter must be a JavaScript function name'), body);
    }
    assert.equal((await get(`${EVENTS}.jsonp?${query({ callback: `a${'b'.repeat(63)}` })}`)).status, 200, '64 characters are allowed');
    assert.deepEqual(await unprocessable(`${EVENTS}.json?portal=Nowhere`), [
      "The 'portal' parameter names no term of the portals vocabulary: 'Nowhere'. Give a term id or a term name.",
    ]);
    const wrapped = await get(`${EVENTS}.jsonp?scope=later&callback=cb`);
    assert.equal(wrapped.status, 422);
    assert.equal(wrapped.headers.get('content-type'), 'application/javascript; charset=utf-8');
    assert.equal(await wrapped.text(), `cb({"errors":["The 'scope' parameter has an invalid value 'later'. Allowed values: upcoming, past."]});`);
  });

  test('formats an endpoint does not offer are 404; both paths answer; JSON is the default', async () => {
    for (const path of [`${RESOURCES}.csv`, `${RESOURCES}.jsonp`, `${EVENTS}.csv`, '/api/commercial-building-resources/resources.html'])
      assert.equal((await get(path)).status, 404, path);
    for (const path of [
      '/api/commercial-building-resources/resources?s=lighting',
      '/api/commercial-building-resources/events?scope=past',
      `${EVENTS}?scope=past`,
    ]) {
      const response = await get(path);
      assert.equal(response.status, 200, path);
      assert.equal(response.headers.get('content-type'), 'application/json; charset=utf-8', path);
    }
    const missing = await server.get(`${RESOURCES}.json`);
    assert.equal(missing.status, 403, 'the gateway asks for a key');
  });
});
