import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sampleDataSet } from '../../test/support/sample-data-set.ts';
import { Database } from './database.ts';
import { StationColumns } from './station-columns.ts';
import { Interner, RECORD_COLUMNS_SQL, recordAt, type StationRecord } from './station-records.ts';

/** `actual` is `expected` value for value, keys in the same order, numbers by Object.is (0 and -0 differ). */
function assertSameRecord(actual: unknown, expected: unknown, path: string): void {
  if (typeof expected !== 'object' || expected === null) {
    assert.ok(Object.is(actual, expected), `${path}: ${String(actual)} is not ${String(expected)}`);
    return;
  }
  assert.equal(Array.isArray(actual), Array.isArray(expected), `${path}: list or object`);
  assert.deepEqual(Object.keys(actual as object), Object.keys(expected), `${path}: keys in order`);
  for (const [key, value] of Object.entries(expected)) assertSameRecord((actual as Record<string, unknown>)[key], value, `${path}.${key}`);
}

/** The fields a record made from the columns offers: its prototype's getters, in order. */
function fieldsOf(record: StationRecord): string[] {
  return Object.getOwnPropertyNames(Object.getPrototypeOf(record)).filter((name) => name !== 'constructor');
}

function assertSameRecords(columns: StationColumns, records: StationRecord[]): void {
  assert.equal(columns.size, records.length);
  for (const [row, record] of records.entries()) {
    const made = columns.record(row);
    assert.deepEqual(fieldsOf(made), Object.keys(record), `row ${row}: the same fields in the same order`);
    for (const [field, value] of Object.entries(record)) assertSameRecord(made[field], value, `row ${row}.${field}`);
    assert.equal(columns.id(row), record.id);
  }
}

/** Records of `rows` stations whose fields are each of a kind the columns keep in their own way. */
function records(rows: number): StationRecord[] {
  const units = [Object.freeze({ kind: 'J1772', kw: 7.2 }), Object.freeze({ kind: 'CCS', kw: 150 })];
  const agencies = [
    { id: 3, code: 'DOD', name: 'Defense Agencies' },
    { id: 9, code: 'GSA', name: 'A & B' },
  ];
  return Array.from({ length: rows }, (_, row) => ({
    id: 1000 + row * 7,
    fuel_type_code: ['ELEC', 'CNG', 'E85'][row % 3]!,
    // few distinct values, some of them null
    access_code: row % 5 === 0 ? null : row % 2 ? 'public' : 'private',
    // left out (undefined) where the data has nothing, as optional fields are
    cng_psi: row % 3 === 1 ? '3600' : undefined,
    // numbers that do not repeat, with a null, a zero and a negative zero
    latitude: row === 4 ? null : row === 5 ? 0 : row === 6 ? -0 : 40 + row / 1000,
    // few distinct numbers: 0 and -0 are two
    ev_dc_fast_num: row % 3 === 0 ? -0 : row % 3 === 1 ? 0 : null,
    // texts that do not repeat, with the empty text and nothing
    station_name: row === 7 ? '' : row === 8 ? null : `Station ${row} — Café`,
    intersection_directions: row % 4 === 0 ? undefined : `Exit ${row}`,
    restricted_access: row % 3 === 0 ? null : row % 2 === 0,
    // lists of shared items, some empty, some absent
    ev_charging_units: row % 6 === 5 ? undefined : row % 6 === 4 ? [] : units.slice(0, 1 + (row % 2)),
    // lists of texts that do not repeat
    ev_connector_types: row % 2 ? [`T${row}`, `U${row}`] : null,
    // objects of lists of texts
    ev_network_ids: row % 3 === 2 ? undefined : { station: [`S${row}`], posts: row % 2 ? [] : [`P${row}a`, `P${row}b`] },
    // objects of few distinct values
    federal_agency: row % 4 === 3 ? undefined : agencies[row % 2],
    // anything else: kept as it is
    mixed: row % 2 ? row : `text ${row}`,
  }));
}

test('a record made from the columns is the record they were made of: values, fields in order, null, undefined and -0', () => {
  for (const rows of [1, 2, 40, 3000]) assertSameRecords(StationColumns.of(records(rows)), records(rows));
});

test('shared items stay shared: a record holds the very charging units the records held', () => {
  const original = records(40);
  const columns = StationColumns.of(original);
  const units = columns.record(1).ev_charging_units as object[];
  assert.equal(units[0], (original[1]!.ev_charging_units as object[])[0]);
  assert.notEqual(units, original[1]!.ev_charging_units, 'the list itself is new: the caller may change it');
});

test("each record is a new object: a field set on one (a search's distance) is its own", () => {
  const columns = StationColumns.of(records(10));
  const first = columns.record(2);
  first.distance = 1.5;
  assert.equal(first.distance, 1.5);
  assert.equal(columns.record(2).distance, undefined);
});

test('no stations: no records', () => {
  assert.equal(StationColumns.of([]).size, 0);
});

test("the sample's stations: every record made from the columns is the one read from its Parquet file", async () => {
  const { dataDir, manifest } = await sampleDataSet({ seed: 1, stations: 2000 });
  const path = `${dataDir}/${manifest.datasets.fuel_stations!.files.stations!.path}`;
  const db = await Database.open({ connections: 1 });
  try {
    const interner = new Interner();
    const read: StationRecord[] = [];
    for await (const columns of db.stream(`SELECT ${RECORD_COLUMNS_SQL} FROM read_parquet('${path}') ORDER BY id`))
      for (let row = 0; row < columns.id!.length; row++) read.push(recordAt(columns, row, interner));
    assert.equal(read.length, 2000);
    assertSameRecords(StationColumns.of(read), read);
  } finally {
    db.close();
  }
});
