// GET /api/alt-fuel-stations/v1/ev-charging-units.csv (docs/api.md §3.11, docs/decisions.md §3.13):
// a row per EV charging unit of the stations the list's filters select. The header is the list CSV's
// (as the list endpoint writes it) and the documentation's connector columns, written out here from
// its table; the rows are held to the JSON list of the same filters (its stations' ev_charging_units,
// counted and summed per connector type here) and to the list CSV's rows of the same stations; the
// units of a station written for these tests (test/fixtures/afs-charging-units) to cells written out
// by hand; and a real export, which has no unit data, to a header alone.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
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
interface Unit {
  connectors: Record<string, { power_kw: number | null; port_count: number }>;
}

const UNITS = '/api/alt-fuel-stations/v1/ev-charging-units';
const LIST = '/api/alt-fuel-stations/v1';
/**
 * The documentation's table of the columns "unique to this data download", in its order. The first
 * three are columns of the list's CSV already; the other ten follow the list's columns.
 */
const DOCUMENTED = [
  'EV Level1 EVSE Num',
  'EV Level2 EVSE Num',
  'EV DC Fast Count',
  'EV J1772 Connector Count',
  'EV J1772 Power Output (kW)',
  'EV CCS Connector Count',
  'EV CCS Power Output (kW)',
  'EV CHAdeMO Connector Count',
  'EV CHAdeMO Power Output (kW)',
  'EV J3400 Connector Count',
  'EV J3400 Power Output (kW)',
  'EV J3271 Connector Count',
  'EV J3271 Power Output (kW)',
];
const UNIT_HEADERS = DOCUMENTED.slice(3);
/** Which of a unit's connector types each documented connector column counts (NACS/J3400: J3400 and Tesla's own). */
const COUNTED: Record<string, string[]> = { J1772: ['J1772'], CCS: ['J1772COMBO'], CHAdeMO: ['CHADEMO'], J3400: ['J3400', 'TESLA'], J3271: ['J3271'] };

async function text(server: TestServer, path: string, status = 200): Promise<string> {
  const response = await server.get(withKey(path, server.key));
  assert.equal(response.status, status, path);
  assert.equal(response.headers.get('content-type'), 'text/csv; charset=utf-8', path);
  return response.text();
}

const rowsOf = (csv: string): string[][] => parse(csv, { relax_column_count: false });

async function listJson(server: TestServer, query: string): Promise<Json[]> {
  const response = await server.get(withKey(`${LIST}.json?${query}`, server.key));
  assert.equal(response.status, 200, query);
  return ((await response.json()) as Json).fuel_stations;
}

describe('ev-charging-units on the sample', () => {
  let server: TestServer;
  let listHeader: string[];

  before(async () => {
    const { dataDir } = await sampleDataSet({ seed: 1, stations: 300 });
    server = await startTestServer(dataDir);
    listHeader = rowsOf(await text(server, `${LIST}.csv?limit=1`))[0];
  });
  after(() => server?.dispose());

  test('the header: the list CSV’s 74 columns, then the documentation’s ten connector columns; every documented column is in it', async () => {
    const [header] = rowsOf(await text(server, `${UNITS}.csv?limit=1`));
    assert.equal(listHeader.length, 74);
    assert.deepEqual(header, [...listHeader, ...UNIT_HEADERS]);
    assert.equal(header.length, 84);
    for (const column of DOCUMENTED) assert.equal(header.filter((name) => name === column).length, 1, column);
  });

  for (const query of [
    '',
    'state=CA',
    'ev_charging_level=dc_fast',
    'ev_network=Tesla,Tesla%20Destination',
    'ev_power_kw_min=100',
    'country=all&access=public',
    'ev_connector_type=J1772COMBO&ev_connector_type_operator=AND&status=E',
  ]) {
    test(`?${query}: a row per unit of the JSON list's stations, in their order, each the list CSV's row of its station and the unit's ports and power`, async () => {
      const stations = (await listJson(server, query)).filter((station) => (station.ev_charging_units ?? []).length > 0);
      assert.ok(stations.length > 0, 'the filter selects stations with units');
      const [header, ...rows] = rowsOf(await text(server, `${UNITS}.csv?${query}`));
      const units: Array<{ id: number; unit: Unit }> = stations.flatMap((station) => station.ev_charging_units.map((unit: Unit) => ({ id: station.id, unit })));
      assert.equal(rows.length, units.length);
      const idColumn = header.indexOf('ID');
      assert.deepEqual(
        rows.map((row) => Number(row[idColumn])),
        units.map((unit) => unit.id),
      );
      // per connector column, the ports summed over the rows are the JSON's
      for (const [name, types] of Object.entries(COUNTED)) {
        const column = header.indexOf(`EV ${name} Connector Count`);
        const fromCsv = rows.reduce((sum, row) => sum + Number(row[column]), 0);
        const fromJson = units.reduce((sum, { unit }) => sum + types.reduce((ports, type) => ports + (unit.connectors[type]?.port_count ?? 0), 0), 0);
        assert.equal(fromCsv, fromJson, name);
      }
      // the station's columns are the list CSV's row of that station
      const listRows = new Map(
        rowsOf(await text(server, `${LIST}.csv?${query}`))
          .slice(1)
          .map((row) => [row[idColumn], row]),
      );
      for (const row of rows) assert.deepEqual(row.slice(0, 74), listRows.get(row[idColumn]));
    });
  }

  test('limit counts stations: each of the first stations with units, with every unit it has', async () => {
    const stations = (await listJson(server, '')).filter((station) => (station.ev_charging_units ?? []).length > 0).slice(0, 3);
    const [header, ...rows] = rowsOf(await text(server, `${UNITS}.csv?limit=3`));
    const expected = stations.flatMap((station) => station.ev_charging_units.map(() => String(station.id)));
    assert.deepEqual(
      rows.map((row) => row[header.indexOf('ID')]),
      expected,
    );
    assert.ok(expected.length > 3, 'the first three stations have more than three units');
  });

  test('no match: the header alone; fuels without units: the header alone', async () => {
    const expected = `${[...listHeader, ...UNIT_HEADERS].join(',')}\n`;
    assert.equal(await text(server, `${UNITS}.csv?fuel_type=E85`), expected);
    assert.equal(await text(server, `${UNITS}.csv?ev_power_kw_min=100&ev_power_kw_max=50`), expected);
  });

  test('bad parameters: the list’s 422, as CSV; another format: the gateway’s 404', async () => {
    const query = 'status=Q&limit=0&ev_network=NoSuchNetwork&zip=1';
    const body = await text(server, `${UNITS}.csv?${query}`, 422);
    assert.equal(body, await text(server, `${LIST}.csv?${query}`, 422));
    const [header, ...messages] = rowsOf(body);
    assert.deepEqual(header, ['Error']);
    assert.equal(messages.length, 4);
    assert.ok(messages.some(([message]) => message === "The 'status' parameter has an invalid value 'Q'. Allowed values: all, E, P, T."));
    assert.equal(await text(server, `${UNITS}?ev_network=NoSuchNetwork`, 422).then((csv) => rowsOf(csv)[0][0]), 'Error');
    for (const suffix of ['.json', '.xml', '?format=json']) assert.equal((await server.get(withKey(`${UNITS}${suffix}`, server.key))).status, 404, suffix);
  });
});

describe('ev-charging-units of stations from the API’s JSON (test/fixtures/afs-charging-units)', () => {
  let server: TestServer;

  before(async () => {
    const dataDir = temporaryDir('ev-charging-units-json');
    await buildQuietly({ outDir: dataDir, sourceDir: sourceDirWith([join(repoRoot, 'test', 'fixtures', 'afs-charging-units', 'stations.json')]) });
    server = await startTestServer(dataDir);
  });
  after(() => server?.dispose());

  test('station 300001’s four units, cell by cell; the stations with [] or no units have no row', async () => {
    const [header, ...rows] = rowsOf(await text(server, `${UNITS}.csv?country=all`));
    assert.deepEqual(
      rows.map((row) => row[header.indexOf('ID')]),
      ['300001', '300001', '300001', '300001'],
    );
    assert.deepEqual(
      rows.map((row) => row.slice(74)),
      [
        ['2', '6.6', '0', '', '0', '', '0', '', '0', ''],
        ['0', '', '1', '150.0', '1', '62.5', '0', '', '0', ''],
        ['0', '', '0', '', '0', '', '1', '', '0', ''],
        ['0', '', '0', '', '0', '', '0', '', '0', ''],
      ],
    );
    assert.equal(rowsOf(await text(server, `${UNITS}.csv?ev_power_kw_min=100`)).length, 1 + 4, 'the station has a 150 kW port: every unit of it');
    assert.equal(rowsOf(await text(server, `${UNITS}.csv?ev_power_kw_min=200`)).length, 1, 'no port of 200 kW');
  });
});

describe('ev-charging-units from a real export', { skip: skipWithoutShared }, () => {
  let server: TestServer;

  before(async () => {
    const dataDir = temporaryDir('ev-charging-units-export');
    const file = shared('data', 'afdc', 'raw_state_exports', 'WA_public_available_2025-02_andreagafer98-ev_adoption_rates.csv');
    await buildQuietly({ outDir: dataDir, sourceDir: sourceDirWith([file]) });
    server = await startTestServer(dataDir);
  });
  after(() => server?.dispose());

  test('an export carries no unit data: its electric stations are listed, their units download is the header alone', async () => {
    const stations = await listJson(server, 'fuel_type=ELEC&limit=all');
    assert.ok(stations.length > 1000);
    assert.ok(stations.every((station) => station.ev_charging_units === undefined));
    const rows = rowsOf(await text(server, `${UNITS}.csv`));
    assert.equal(rows.length, 1);
    assert.equal(rows[0].length, 84);
  });
});
