// The NSRDB data query over HTTP (docs/api.md §10) on the sample: the documentation example's
// keys, order, kinds and XML form (test/fixtures/nsrdb-data-query-docs/); the data sets listed where
// an nsrdb cell holds the point, their links answering as the downloads do; the point by wkt, by
// lat and lon or by address; show_empty and type; 400s.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { startTestServer, withKey, type TestServer } from './support/helpers.ts';
import { sampleDataSet } from './support/sample-data-set.ts';

const fixtures = join(import.meta.dirname, 'fixtures', 'nsrdb-data-query-docs');
const docJson = JSON.parse(readFileSync(join(fixtures, 'example.json'), 'utf8'));
const docXml = readFileSync(join(fixtures, 'example.xml'), 'utf8');
const PATH = '/api/solar/nsrdb_data_query';

let server: TestServer;
let cell: { lat: number; lon: number };

before(async () => {
  const { dataDir } = await sampleDataSet({ seed: 1, stations: 300 });
  server = await startTestServer(dataDir);
  const station = server.data.dataSet.climate.stations.find((candidate) => candidate.dataset === 'nsrdb')!;
  cell = { lat: station.lat, lon: station.lon };
});
after(() => server?.dispose());

async function get(path: string): Promise<{ status: number; body: string; type: string | null }> {
  const response = await server.get(withKey(path, server.key));
  return { status: response.status, body: await response.text(), type: response.headers.get('content-type') };
}
const json = async (query: string) => {
  const answer = await get(`${PATH}.json?${query}`);
  return { status: answer.status, json: JSON.parse(answer.body) };
};
const keysOf = (value: unknown) => Object.keys(value as object);

/** Each distinct element of an XML text: its name, type attribute and whether it is empty, values left out. */
function xmlElements(xml: string): Set<string> {
  return new Set([...xml.matchAll(/<(\/?)([A-Za-z-]+)((?: [a-z]+="[^"]*")*)(\/?)>/g)].map((m) => `${m[1]}${m[2]}${m[3]}${m[4]}`));
}

test('JSON: the documentation example’s keys, order and kinds; every data set here, with a link for each year and interval', async () => {
  const point = `POINT(${cell.lon} ${cell.lat})`;
  const { status, json: answer } = await json(`wkt=${encodeURIComponent(point)}`);
  assert.equal(status, 200);
  assert.deepEqual(keysOf(answer), keysOf(docJson));
  assert.deepEqual(answer.errors, []);
  assert.deepEqual(answer.inputs, { wkt: point });
  assert.deepEqual(
    answer.outputs.map((output: { name: string }) => output.name),
    ['nsrdb-GOES-tmy-v4-0-0', 'psm3-2-2-tmy'],
  );
  const docOutput = docJson.outputs[0];
  for (const output of answer.outputs) {
    assert.deepEqual(keysOf(output), keysOf(docOutput));
    for (const key of ['apiDocs', 'displayName', 'metadataLink', 'name', 'type']) assert.equal(typeof output[key], typeof docOutput[key], key);
    assert.equal(output.type, 'satellite');
    assert.deepEqual(output.availableIntervals, [60]);
    assert.ok(output.availableYears.includes('tmy'));
    assert.equal(output.links.length, output.availableYears.length * output.availableIntervals.length);
    for (const [i, link] of output.links.entries()) {
      assert.deepEqual(keysOf(link), keysOf(docOutput.links[0]));
      assert.equal(link.year, output.availableYears[i]);
      assert.equal(link.interval, 60);
      assert.ok(link.link.startsWith(`${server.url}/api/nsrdb/v2/solar/`), link.link);
      assert.ok(link.link.endsWith('&api_key=yourapikey&email=youremail'), 'the documentation’s placeholders');
    }
  }
});

test('each link, with a key and an email, answers the download of the point', async () => {
  const { json: answer } = await json(`lat=${cell.lat}&lon=${cell.lon}`);
  for (const output of answer.outputs) {
    const link = new URL(output.links[0].link);
    link.searchParams.set('api_key', server.key);
    link.searchParams.set('email', 'someone@example.com');
    const response = await fetch(link);
    assert.equal(response.status, 200, link.href);
    const text = await response.text();
    assert.match(text, /^Source,Location ID,/);
    assert.equal(text.split('\n').length, 3 + 8760 + 1);
  }
});

test('XML: the documentation example’s elements, root hash, names as in JSON, items in the singular', async () => {
  const { status, body, type } = await get(`${PATH}.xml?wkt=${encodeURIComponent(`POINT(${cell.lon} ${cell.lat})`)}`);
  assert.equal(status, 200);
  assert.equal(type, 'application/xml; charset=utf-8');
  assert.ok(body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<hash>\n  <errors type="array"/>\n  <inputs>\n    <wkt>'), body.slice(0, 200));
  const ours = xmlElements(body);
  // the documentation's years are whole numbers where ours are names: every other element is the same
  const documented = [...xmlElements(docXml)].filter((element) => !/^(availableYear|year) type="integer"$/.test(element));
  assert.deepEqual([...ours].sort(), documented.sort());
});

test('a point no cell holds lists nothing, or with show_empty=true every data set without years or links; type=station lists nothing', async () => {
  const far = await json('wkt=POINT(10 50)');
  assert.equal(far.status, 200);
  assert.deepEqual(far.json.outputs, []);
  const empty = await json('wkt=POINT(10 50)&show_empty=true');
  assert.deepEqual(
    empty.json.outputs.map((output: any) => [output.name, output.availableYears, output.availableIntervals, output.links]),
    [
      ['nsrdb-GOES-tmy-v4-0-0', [], [], []],
      ['psm3-2-2-tmy', [], [], []],
    ],
  );
  assert.deepEqual((await json(`lat=${cell.lat}&lon=${cell.lon}&type=station`)).json.outputs, []);
  assert.equal((await json(`lat=${cell.lat}&lon=${cell.lon}&type=satellite`)).json.outputs.length, 2);
});

test('the point by address; 400s with every problem listed', async () => {
  const denver = await json('address=Denver, CO');
  assert.equal(denver.status, 200);
  assert.deepEqual(denver.json.inputs, { address: 'Denver, CO' });
  const errorsOf = async (query: string) => {
    const answer = await json(query);
    assert.equal(answer.status, 400, query);
    assert.deepEqual(answer.json.outputs, []);
    return answer.json.errors;
  };
  assert.deepEqual(await errorsOf(''), ["'wkt', 'lat' and 'lon', or 'address' is required"]);
  assert.deepEqual(await errorsOf('lat=40'), ["'wkt', 'lat' and 'lon', or 'address' is required"]);
  assert.deepEqual(await errorsOf('wkt=LINESTRING(1 2, 3 4)'), [
    "'wkt' must be a point, POINT(longitude latitude), with longitude from -180 to 180 and latitude from -90 to 90",
  ]);
  assert.deepEqual(await errorsOf('lat=95&lon=-105&type=ground'), ["'lat' must be between -90 and 90", "'type' must be satellite or station"]);
  assert.match((await errorsOf('address=Nowhere Special'))[0], /^The address 'Nowhere Special' could not be geocoded/);
});
