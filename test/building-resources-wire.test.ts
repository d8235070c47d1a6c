// The building resources renderers and endpoints against the real service's own bytes: the
// documentation examples of resources (JSON and XML, nid 718 "BESTEST") and events (JSON, nid 18),
// first as renderer output, then over HTTP from a data set built from the real fragments in
// the test data's data/building-resources (docs/test-data.md §2.4) and the events example, with term filters and scope.
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { convert } from 'xmlbuilder2';
import { validatorFor } from '../schemas/registry.ts';
import { render, type ApiResult } from '../server/formats/render.ts';
import { buildingResourceViews as views } from '../server/formats/views/building-resources.ts';
import { buildQuietly, readShared, shared, skipWithoutShared, startTestServer, temporaryDir, withKey, type TestServer } from './support/helpers.ts';

async function bytes(result: ApiResult, format: 'json' | 'xml', callback?: string): Promise<string> {
  let out = '';
  for await (const chunk of render(result, format, callback).body) out += chunk;
  return out;
}

/** The documentation examples, cut where NREL truncated them with `...`. */
function samples() {
  const resourcesJson = readShared('wire', 'samples', 'cbr_resources_docs.json');
  const resourcesXml = readShared('wire', 'samples', 'cbr_resources_docs.xml');
  const eventsJson = readShared('wire', 'samples', 'cbr_events_docs.json');
  const resourceText = `${resourcesJson.slice(0, resourcesJson.indexOf(',\n"1083":{...'))}}`;
  const eventText = `${eventsJson.slice(0, eventsJson.indexOf(',\n  ...\n}'))}\n}`;
  return {
    /** `{"718":{…}}` as parsed, key order kept. */
    resources: JSON.parse(resourceText) as Record<string, Record<string, unknown>>,
    /** The XML document with its first item only. */
    resourcesXml: `${resourcesXml.slice(0, resourcesXml.indexOf('\n  <item>\n  ...'))}\n</result>\n`,
    events: JSON.parse(eventText) as Record<string, Record<string, unknown>>,
  };
}

/** XML with the whitespace between elements removed (the documentation's layout is hand-made). */
const packed = (xml: string) => xml.replace(/>\s+</g, '><').trim();

describe('renderers against the documentation examples', { skip: skipWithoutShared }, () => {
  test('resources JSON: the example item, compact, keys in the wire order, scalars as strings', async () => {
    const { resources } = samples();
    const json = await bytes({ view: views.resources, data: resources }, 'json');
    assert.equal(json, JSON.stringify(resources));
    assert.deepEqual(Object.keys(JSON.parse(json)['718']), Object.keys(resources['718']));
    assert.ok(validatorFor('/api/schemas/building-resources-response.schema.json')(JSON.parse(json)));
  });

  test('resources XML: the example item element for element (underscores, is_array, <item>, 1 and empty booleans, self-closing nulls)', async () => {
    const { resources, resourcesXml } = samples();
    const xml = await bytes({ view: views.resources, data: resources }, 'xml');
    assert.ok(xml.startsWith('<?xml version="1.0" encoding="utf-8"?>\n<result is_array="true">\n  <item>\n    <vid>782</vid>\n'));
    assert.equal(packed(xml), packed(resourcesXml));
  });

  test('events JSON: the example event, values and key order as documented (non-ASCII raw, HTML and \\r\\n kept)', async () => {
    const { events } = samples();
    const json = await bytes({ view: views.events, data: events }, 'json');
    assert.equal(json, JSON.stringify(events));
    assert.ok(json.includes('Energy\u2019s') && !json.includes('\\u2019') && json.includes('<strong>Time:</strong>') && json.includes('\\r\\n'));
    assert.ok(validatorFor('/api/schemas/building-events-response.schema.json')(JSON.parse(json)));
  });

  test('events XML (no example exists): the same dialect; empty strings are <x></x> like false, nulls and [] self-closing', async () => {
    const { events } = samples();
    const xml = await bytes({ view: views.events, data: events }, 'xml');
    assert.match(xml, /^<\?xml version="1\.0" encoding="utf-8"\?>\n<result is_array="true">\n {2}<item>\n {4}<vid>51<\/vid>\n/);
    assert.ok(xml.includes('<field_event_type>\n      <und is_array="true">\n        <item>\n          <tid>1</tid>'));
    assert.ok(packed(xml).includes('<summary></summary><format>filtered_html</format>'));
    assert.ok(packed(xml).includes('<rrule/><timezone_db>UTC</timezone_db>'));
    assert.ok(packed(xml).includes('<administrative_area></administrative_area><sub_administrative_area/>'));
    assert.ok(packed(xml).includes('<field_collections/><field_portal_tags>'));
    const parsed = convert(xml, { format: 'object' }) as any;
    const item = parsed.result.item;
    assert.equal(item.title, 'Wireless Metering Challenge Webinar');
    assert.equal(item.field_event_date.und.item.value2, '2013-04-30 20:00:00');
    assert.deepEqual(
      item.field_topics.und.item.map((term: { tid: string }) => term.tid),
      ['29', '32', '33', '48', '45'],
    );
  });

  test('nothing matched: [] and <result/>, as Drupal writes an empty PHP array', async () => {
    const none = { view: views.none, data: [] };
    assert.equal(await bytes(none, 'json'), '[]');
    assert.equal(await bytes(none, 'json', 'cb'), 'cb([]);');
    assert.equal(await bytes(none, 'xml'), '<?xml version="1.0" encoding="utf-8"?>\n<result/>\n');
  });

  test('errors: {"errors":[…]}, in XML <result><errors is_array="true"><item>…', async () => {
    const errors = { view: views.errors, status: 422, data: { errors: ['a & b', 'c'] } };
    assert.equal(await bytes(errors, 'json'), '{"errors":["a & b","c"]}');
    assert.equal(
      await bytes(errors, 'xml'),
      '<?xml version="1.0" encoding="utf-8"?>\n<result>\n  <errors is_array="true">\n    <item>a &amp; b</item>\n    <item>c</item>\n  </errors>\n</result>\n',
    );
  });
});

describe('over HTTP, on the real fragments and the events example', { skip: skipWithoutShared }, () => {
  let server: TestServer;
  let clock = Date.parse('2013-04-30T18:00:00Z');
  const example = () => samples();
  const get = (path: string) => server.get(withKey(path, server.key));
  const json = async (path: string) => {
    const response = await get(path);
    assert.equal(response.status, 200, `${path}: ${response.status} ${await response.clone().text()}`);
    return response.json() as Promise<any>;
  };

  before(async () => {
    const source = temporaryDir('cbr-fragments');
    mkdirSync(join(source, 'building-resources'));
    const fragments = shared('data', 'building-resources');
    for (const name of readdirSync(fragments).filter((n) => n.endsWith('.json'))) copyFileSync(join(fragments, name), join(source, 'building-resources', name));
    writeFileSync(join(source, 'building-resources', 'events.json'), JSON.stringify(example().events));
    const dataDir = temporaryDir('cbr-fragments-data');
    await buildQuietly({ outDir: dataDir, sourceDir: source });
    server = await startTestServer(dataDir, { now: () => clock });
  });
  after(() => server?.dispose());

  test('resources.json is the documentation example byte for byte (compact); resources.xml element for element', async () => {
    const { resources, resourcesXml } = example();
    const response = await get('/api/commercial-building-resources/v1/resources.json');
    assert.equal(response.headers.get('content-type'), 'application/json; charset=utf-8');
    assert.equal(await response.text(), JSON.stringify(resources));
    const xml = await get('/api/commercial-building-resources/v1/resources.xml');
    assert.equal(xml.headers.get('content-type'), 'application/xml; charset=utf-8');
    assert.equal(packed(await xml.text()), packed(resourcesXml));
    for (const path of ['/api/commercial-building-resources/resources', '/api/commercial-building-resources/v1/resources']) {
      assert.equal(await (await get(path)).text(), JSON.stringify(resources), `${path}: JSON by default`);
    }
  });

  test('term filters by id and by name in any case; ids the items use count as terms of their field’s vocabulary', async () => {
    const hit = (body: unknown) => assert.deepEqual(Object.keys(body as object), ['718']);
    const miss = (body: unknown) => assert.deepEqual(body, []);
    hit(await json('/api/commercial-building-resources/v1/resources.json?building-type=51'));
    hit(await json('/api/commercial-building-resources/v1/resources.json?building-type=dataCENTER'));
    hit(await json('/api/commercial-building-resources/v1/resources.json?tool-type=157&topic=35,29&building-type=75'));
    hit(await json('/api/commercial-building-resources/v1/resources.json?s=bestest&topic=29'));
    hit(await json('/api/commercial-building-resources/v1/resources.json?s=ENVELOPE%20Dynamics'));
    hit(await json('/api/commercial-building-resources/v1/resources.json?s=%22building%20energy%20simulation%22'));
    miss(await json('/api/commercial-building-resources/v1/resources.json?s=%22dynamics%20envelope%22'));
    miss(await json('/api/commercial-building-resources/v1/resources.json?s=bestest%20webinar'));
    miss(await json('/api/commercial-building-resources/v1/resources.json?portal=6'));
    const unknown = await get('/api/commercial-building-resources/v1/resources.json?topic=Lighting&tool-type=51');
    assert.equal(unknown.status, 422);
    assert.deepEqual(await unknown.json(), {
      errors: [
        "The 'tool-type' parameter names no term of the tool types vocabulary: '51'. Give a term id or a term name.",
        "The 'topic' parameter names no term of the topics vocabulary: 'Lighting'. Give a term id or a term name.",
      ],
    });
  });

  test('events: portal by id, JSONP, and scope against the clock at the start of the example event', async () => {
    const { events } = example();
    assert.equal(await (await get('/api/commercial-building-resources/v1/events.json?portal=6')).text(), JSON.stringify(events));
    const jsonp = await get('/api/commercial-building-resources/v1/events.jsonp?portal=6&callback=jQuery19_1.done');
    assert.equal(jsonp.headers.get('content-type'), 'application/javascript; charset=utf-8');
    assert.equal(await jsonp.text(), `jQuery19_1.done(${JSON.stringify(events)});`);
    clock = Date.parse('2013-04-30T18:00:00Z');
    assert.deepEqual(Object.keys(await json('/api/commercial-building-resources/events.json?scope=upcoming')), ['18'], 'an event starting now is upcoming');
    assert.deepEqual(await json('/api/commercial-building-resources/events.json?scope=past'), []);
    clock += 1000;
    assert.deepEqual(await json('/api/commercial-building-resources/events.json?scope=upcoming'), []);
    assert.deepEqual(Object.keys(await json('/api/commercial-building-resources/events.json?scope=past')), ['18']);
    const xml = convert(await (await get('/api/commercial-building-resources/v1/events.xml?scope=past')).text(), { format: 'object' }) as any;
    assert.equal(xml.result['@is_array'], 'true');
    assert.equal(xml.result.item.nid, '18');
  });
});
