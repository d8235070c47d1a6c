// GET /api/alt-fuel-stations/v1/electric-networks.json (docs/api.md §3.10, docs/decisions.md §3.12):
// the charging networks of the data set after the `all` entry, sorted by name. Held to the
// documentation's example (test/fixtures/electric-networks-docs: served from a data set built from the
// example itself, the answer is the example, key for key and in its order), to the networks the
// sample's stations name (computed here from generateStations, the rows the build writes), and to a
// real export read here with csv-parse: one network per EV Network of its electric stations, with the
// web site most of them give. The order is held to Intl.Collator's (letters and digits, case and
// accents aside), which sorts the documentation's example as it is printed.
import assert from 'node:assert/strict';
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { validatorFor } from '../schemas/registry.ts';
import { generateStations } from '../pipeline/sample/stations.ts';
import {
  buildQuietly,
  repoRoot,
  shared,
  skipWithoutShared,
  sourceDirWith,
  startTestServer,
  temporaryDir,
  withKey,
  type TestServer,
} from './support/helpers.ts';
import { sampleDataSet } from './support/sample-data-set.ts';

type Json = Record<string, any>;

const PATH = '/api/alt-fuel-stations/v1/electric-networks';
const DOC_EXAMPLE = join(repoRoot, 'test', 'fixtures', 'electric-networks-docs', 'electric-networks.json');
const docExample: Json[] = JSON.parse(readFileSync(DOC_EXAMPLE, 'utf8'));
/** The keys of a network, in the example's order (its second entry, the first network). */
const NETWORK_KEYS = Object.keys(docExample[1]);
const ALL_ENTRY = '{"key":"all","name":"All","name_fr":"Tous"}';
const isAnswer = validatorFor('/api/schemas/electric-networks.schema.json');
const isErrors = validatorFor('/api/schemas/errors.schema.json');

const collator = new Intl.Collator('en', { sensitivity: 'base', ignorePunctuation: true });
const sortedByName = (names: string[]) => [...names].sort(collator.compare);

async function networks(server: TestServer, query = ''): Promise<{ text: string; body: Json[] }> {
  const response = await server.get(withKey(`${PATH}.json${query}`, server.key));
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('content-type'), 'application/json; charset=utf-8');
  const text = await response.text();
  const body: Json[] = JSON.parse(text);
  assert.ok(isAnswer(body), JSON.stringify(isAnswer.errors));
  return { text, body };
}

/** Every network of an answer has the example's keys in its order, and the networks are sorted by name. */
function assertShape(text: string, body: Json[]): void {
  assert.ok(text.startsWith(`[${ALL_ENTRY}`), text.slice(0, 80));
  for (const network of body.slice(1)) assert.deepEqual(Object.keys(network), NETWORK_KEYS, network.key);
  const names = body.slice(1).map((network) => network.name);
  assert.deepEqual(names, sortedByName(names));
}

test('the documentation example is sorted as Intl.Collator sorts by letters and digits alone, so that collator can judge our order', () => {
  const names = docExample.slice(1).map((network) => network.name);
  assert.deepEqual(names, sortedByName(names));
  // a plain case-insensitive sort would not do: the example puts EVBOLT before EV Connect
  assert.notDeepEqual(
    names,
    [...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase(), 'en', { ignorePunctuation: false })),
  );
  assert.equal(docExample.length, 87);
});

describe('electric-networks on the sample', () => {
  let server: TestServer;
  const stations = generateStations(1, 300).filter((station) => station.fuel_type_code === 'ELEC');
  /** The networks the sample's electric stations of some countries name. */
  const namedIn = (countries: string[]) =>
    new Set(stations.filter((station) => countries.includes(station.country as string)).map((station) => station.ev_network as string));

  before(async () => {
    const { dataDir } = await sampleDataSet({ seed: 1, stations: 300 });
    server = await startTestServer(dataDir);
  });
  after(() => server?.dispose());

  test('country=all&include_inactive=true: every network the stations name, once, in the example’s shape and order', async () => {
    const { text, body } = await networks(server, '?country=all&include_inactive=true');
    assertShape(text, body);
    const keys = body.slice(1).map((network) => network.key);
    assert.equal(new Set(keys).size, keys.length);
    assert.deepEqual(new Set(keys), namedIn(['US', 'CA']));
    assert.ok(
      body.some((network) => network.date_removed !== null),
      'the sample has removed networks',
    );
    // what the stations say of a network is what the network says: its web site is theirs
    for (const network of body.slice(1)) {
      const webs = new Set(stations.filter((station) => station.ev_network === network.key).map((station) => station.ev_network_web));
      if (network.url !== null) assert.ok(webs.has(network.url), `${network.key}: ${network.url}`);
      else if (network.key !== 'Non-Networked') assert.deepEqual(webs, new Set([null]), network.key);
    }
  });

  test('by default: the active networks with U.S. stations; include_inactive=true adds the removed ones', async () => {
    const everyOne = (await networks(server, '?country=all&include_inactive=true')).body.slice(1);
    const removed = new Set(everyOne.filter((network) => network.date_removed !== null).map((network) => network.key));
    const expected = [...namedIn(['US'])].filter((key) => !removed.has(key));
    const { text, body } = await networks(server);
    assertShape(text, body);
    assert.deepEqual(new Set(body.slice(1).map((network) => network.key)), new Set(expected));
    assert.deepEqual((await networks(server, '?include_inactive=false&country=us')).body, body);
    const withInactive = (await networks(server, '?include_inactive=TRUE')).body.slice(1).map((network) => network.key);
    assert.deepEqual(new Set(withInactive), namedIn(['US']));
  });

  test('country=CA: the networks with Canadian stations; country=US,CA: either', async () => {
    const canadian = (await networks(server, '?country=CA&include_inactive=true')).body.slice(1);
    assert.deepEqual(new Set(canadian.map((network) => network.key)), namedIn(['CA']));
    assert.ok(namedIn(['CA']).size > 0 && namedIn(['CA']).size < namedIn(['US']).size, 'the sample has fewer networks in Canada');
    const either = (await networks(server, '?country=US,CA&include_inactive=true')).body;
    assert.deepEqual(either, (await networks(server, '?country=all&include_inactive=true')).body);
  });

  test('bad parameters are the family’s 422 in JSON; another format is the gateway’s 404', async () => {
    for (const query of ['?country=MX', '?include_inactive=yes', '?country=', '?country=US&country=CA']) {
      const response = await server.get(withKey(`${PATH}.json${query}`, server.key));
      assert.equal(response.status, 422, query);
      const body = (await response.json()) as Json;
      assert.ok(isErrors(body), query);
      assert.equal(body.errors.length, 1, query);
      assert.match(body.errors[0], /^The '(country|include_inactive)' parameter/, query);
    }
    for (const suffix of ['.xml', '.csv', '?format=xml']) {
      const response = await server.get(withKey(`${PATH}${suffix}`, server.key));
      assert.equal(response.status, 404, suffix);
    }
    const bare = await server.get(withKey(PATH, server.key));
    assert.equal(bare.headers.get('content-type'), 'application/json; charset=utf-8');
  });
});

describe('electric-networks from the documentation’s own example as the source', () => {
  let server: TestServer;

  before(async () => {
    const source = sourceDirWith([]);
    copyFileSync(DOC_EXAMPLE, join(source, 'alt-fuel-stations', 'electric-networks.json'));
    const dataDir = temporaryDir('electric-networks-docs');
    await buildQuietly({ outDir: dataDir, sourceDir: source, allowEmpty: true });
    server = await startTestServer(dataDir);
  });
  after(() => server?.dispose());

  test('country=all answers the example itself: the same entries, keys and order', async () => {
    const { text, body } = await networks(server, '?country=all');
    assertShape(text, body);
    assert.deepEqual(body, docExample);
    // key order too, which deepEqual does not see: the compact text of the example
    assert.equal(text, JSON.stringify(docExample));
  });

  test('networks without stations in the data set: their countries are unknown, so every country lists them', async () => {
    assert.deepEqual((await networks(server)).body, docExample);
    assert.deepEqual((await networks(server, '?country=CA')).body, docExample);
  });
});

describe('electric-networks from a real export', { skip: skipWithoutShared }, () => {
  let server: TestServer;
  const file = shared('data', 'afdc', 'raw_state_exports', 'WA_public_available_2025-02_andreagafer98-ev_adoption_rates.csv');
  let rows: Json[];

  before(async () => {
    rows = (parse(readFileSync(file), { columns: true, bom: true }) as Json[]).filter((row) => row['Fuel Type Code'] === 'ELEC');
    const dataDir = temporaryDir('electric-networks-export');
    await buildQuietly({ outDir: dataDir, sourceDir: sourceDirWith([file]) });
    server = await startTestServer(dataDir);
  });
  after(() => server?.dispose());

  test('one network per EV Network of the export’s electric stations, named by it, at the web site most of its stations give', async () => {
    const { text, body } = await networks(server, '?country=all&include_inactive=true');
    assertShape(text, body);
    const byNetwork = new Map<string, string[]>();
    for (const row of rows) byNetwork.set(row['EV Network'], [...(byNetwork.get(row['EV Network']) ?? []), row['EV Network Web']]);
    assert.ok(byNetwork.size > 10);
    assert.deepEqual(new Set(body.slice(1).map((network) => network.key)), new Set(byNetwork.keys()));
    for (const network of body.slice(1)) {
      const webs = byNetwork.get(network.key)!.filter((web) => web !== '');
      const count = (web: string) => webs.filter((other) => other === web).length;
      const most = Math.max(0, ...webs.map(count));
      assert.equal(network.name, network.key);
      assert.equal(network.name_fr, network.key);
      if (most === 0) assert.equal(network.url, null, network.key);
      else assert.equal(count(network.url), most, network.key);
      const confirmed: string[] = rows
        .filter((row) => row['EV Network'] === network.key && row['Date Last Confirmed'])
        .map((row) => row['Date Last Confirmed']);
      assert.equal(network.last_import_date, confirmed.sort().at(-1) ?? null, network.key);
      for (const unknown of ['evchart_key', 'date_added', 'date_removed', 'import_type', 'real_time_status_api', 'transition_network_key'])
        assert.equal(network[unknown], null, `${network.key} ${unknown}`);
    }
    // every one is active (none removed) and has U.S. stations: the default answer is the same
    assert.deepEqual((await networks(server)).body, body);
    assert.deepEqual((await networks(server, '?country=CA')).body, [JSON.parse(ALL_ENTRY)]);
  });
});
