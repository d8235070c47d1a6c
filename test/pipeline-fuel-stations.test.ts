// build:data over the real AFDC exports of the test data (docs/test-data.md §2.2): clean files build with zero rejects; damaged
// ones get a precise report, and --repair fixes only what is unambiguous; a failed build leaves the
// last good data set as it was; the same inputs give the same bytes.
import assert from 'node:assert/strict';
import { copyFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { DuckDBInstance } from '../model/duckdb.ts';
import { BuildFailed, describeIssue } from '../pipeline/issues.ts';
import { buildQuietly, SMALL_CLIMATE, shared, skipWithoutShared, sourceDirWith, temporaryDir } from './support/helpers.ts';

const composite = () => shared('data', 'afdc', 'afdc_composite_75col.csv');
const excelMa = () => shared('data', 'afdc', 'raw_state_exports', 'MA_all_access_2025-11_EXCEL-RESAVED_aidangriffith20-CS230-FinalProject.csv');
const pandasTx = () => shared('data', 'afdc', 'raw_state_exports', 'TX_Austin_2023-10_PANDAS-PROCESSED_urbaninfolab-AustinInfrastructure.csv');

function csvRows(path: string): Record<string, string>[] {
  return parse(readFileSync(path), { columns: true, bom: true, skip_empty_lines: true });
}

/** Each record with the line it starts on (a quoted field may span lines). */
function csvRowsWithLines(path: string): Array<{ row: Record<string, string>; line: number }> {
  const records = parse(readFileSync(path), { columns: true, bom: true, skip_empty_lines: true, info: true }) as Array<{
    record: Record<string, string>;
    info: { lines: number };
  }>;
  let nextLine = 2;
  return records.map(({ record, info }) => {
    const line = nextLine;
    nextLine = info.lines + 1;
    return { row: record, line };
  });
}

/** The stations' rows as the Parquet file holds them (dates as text), every column or those named. */
async function parquetRows(dir: string, columns?: string[]): Promise<Record<string, unknown>[]> {
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
  const db = await (await DuckDBInstance.create(':memory:')).connect();
  const file = join(dir, manifest.datasets.fuel_stations.files.stations.path);
  const text = (column: string) => `CAST(${column} AS VARCHAR) AS ${column}`;
  const select = columns ? columns.join(', ') : `* REPLACE (${['expected_date', 'date_last_confirmed', 'open_date', 'updated_at'].map(text).join(', ')})`;
  const reader = await db.runAndReadAll(`SELECT ${select} FROM read_parquet('${file}') ORDER BY id`);
  return reader.getRowObjectsJS() as Record<string, unknown>[];
}

async function buildFails(source: string, options: { repair?: boolean } = {}): Promise<BuildFailed> {
  const out = temporaryDir('out');
  try {
    await buildQuietly({ outDir: out, sourceDir: source, ...options });
  } catch (error) {
    assert.ok(error instanceof BuildFailed, String(error));
    return error;
  }
  assert.fail('the build should have failed');
}

test('the 12,740-row composite export builds with zero rejects, every row, every id; the one station far outside its state is noted', {
  skip: skipWithoutShared,
}, async () => {
  const out = temporaryDir('out');
  const { manifest, reports } = await buildQuietly({ outDir: out, sourceDir: sourceDirWith([composite()]) });
  const expected = csvRows(composite());
  assert.equal(reports.fuel_stations.rejectedRecords, 0);
  assert.deepEqual(reports.fuel_stations.notes.map(describeIssue), [
    'afdc_composite_75col.csv:1451: latitude = 21.3563: the point (21.3563, -157.9382) is far outside WA (more than 1° from any of its ZIP codes): kept as it is',
  ]);
  assert.equal(manifest.datasets.fuel_stations.files.stations.rows, expected.length);
  assert.equal(expected.length, 12_740);
  const rows = await parquetRows(out);
  assert.deepEqual(
    rows.map((r) => r.id),
    expected.map((r) => Number(r.ID)).sort((a, b) => a - b),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const source of expected.filter((_, i) => i % 997 === 0)) {
    const row = byId.get(Number(source.ID))!;
    assert.equal(row.station_name, source['Station Name']);
    assert.equal(row.zip, source.ZIP || null);
    assert.equal(row.latitude, Number(source.Latitude));
    assert.equal(row.ev_level2_evse_num, source['EV Level2 EVSE Num'] === '' ? null : Number(source['EV Level2 EVSE Num']));
    assert.equal(row.access_code, source['Access Code'] || null);
  }
  assert.equal(manifest.sources.length, 1);
  assert.match(manifest.sources[0].sha256, /^[0-9a-f]{64}$/);
});

test('the Excel-resaved MA export: every damaged value is reported with file, line, field and value', { skip: skipWithoutShared }, async () => {
  const failure = await buildFails(sourceDirWith([excelMa()]));
  const rows = csvRows(excelMa());
  const expected = new Set<string>();
  csvRowsWithLines(excelMa()).forEach(({ row, line }) => {
    if (/^\d{1,4}$/.test(row.ZIP)) expected.add(`${line}:zip`);
    for (const [header, field] of [
      ['Open Date', 'open_date'],
      ['Date Last Confirmed', 'date_last_confirmed'],
      ['Expected Date', 'expected_date'],
    ]) {
      if (/^\d{1,2}\/\d{1,2}\/\d{4}$/.test(row[header])) expected.add(`${line}:${field}`);
    }
    for (const [header, field] of [
      ['LPG Primary', 'lpg_primary'],
      ['E85 Blender Pump', 'e85_blender_pump'],
      ['Restricted Access', 'restricted_access'],
    ]) {
      if (/^(TRUE|FALSE)$/.test(row[header])) expected.add(`${line}:${field}`);
    }
  });
  const reported = new Set(failure.issues.map((issue) => `${issue.line}:${issue.field}`));
  assert.ok(expected.size > 4000, `expected many damaged values, found ${expected.size}`);
  assert.deepEqual(
    [...expected].filter((key) => !reported.has(key)),
    [],
    'every damaged value is reported',
  );
  const zip = failure.issues.find((issue) => issue.field === 'zip' && issue.line === 2)!;
  assert.equal(zip.file, 'MA_all_access_2025-11_EXCEL-RESAVED_aidangriffith20-CS230-FinalProject.csv');
  assert.equal(zip.value, rows[0].ZIP);
  assert.match(describeIssue(zip), /:2: zip = "\d{4}": must match pattern/);
});

test('the pandas-processed TX export: index column, capitalised codes and True/False are reported', { skip: skipWithoutShared }, async () => {
  const failure = await buildFails(sourceDirWith([pandasTx()]));
  const file = 'TX_Austin_2023-10_PANDAS-PROCESSED_urbaninfolab-AustinInfrastructure.csv';
  assert.ok(failure.issues.some((issue) => issue.file === file && issue.line === 1 && /column 1 has no header/.test(issue.reason)));
  const rows = csvRows(pandasTx());
  const capitalised = rows.filter((row) => /^(Public|Private)$/.test(row['Access Code'])).length;
  assert.equal(failure.issues.filter((issue) => issue.field === 'access_code').length, capitalised);
  const pythonBooleans = rows.filter((row) => /^(True|False)$/.test(row['Restricted Access'])).length;
  assert.equal(failure.issues.filter((issue) => issue.field === 'restricted_access').length, pythonBooleans);
});

test('--repair fixes only the unambiguous damage and lists each fix', { skip: skipWithoutShared }, async () => {
  const out = temporaryDir('out');
  const { reports, lines } = await buildQuietly({ outDir: out, sourceDir: sourceDirWith([excelMa(), pandasTx()]), repair: true, allowInvalid: true });
  const report = reports.fuel_stations;
  assert.ok(report.repaired.length > 17_000);
  assert.ok(
    lines.some((line) => /^repaired: MA_.*:2: zip "\d{4}" -> "0\d{4}"/.test(line)),
    'each fix is listed',
  );
  // 1300 pads to 01300, no ZIP of the gazetteer, but every ZIP of MA starts with 0: repaired too.
  assert.equal(report.rejectedRecords, 0);
  assert.ok(
    lines.includes(
      'repaired: MA_all_access_2025-11_EXCEL-RESAVED_aidangriffith20-CS230-FinalProject.csv:2761: zip "1300" -> "01300" (leading zeros restored (every ZIP of MA starts with 0))',
    ),
  );
  const rows = await parquetRows(out);
  const maRows = csvRows(excelMa());
  assert.equal(rows.length, maRows.length + csvRows(pandasTx()).length);
  assert.equal(rows.find((row) => row.id === 325213)!.zip, '01300');
  const first = rows.find((row) => row.id === Number(maRows[0].ID))!;
  const [month, day, year] = maRows[0]['Open Date'].split('/');
  assert.equal(String(first.open_date), `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`);
  assert.equal(first.zip, maRows[0].ZIP.padStart(5, '0'));
});

test('a failed build leaves the last good data set untouched', { skip: skipWithoutShared }, async () => {
  const out = temporaryDir('out');
  await buildQuietly({ outDir: out, sourceDir: sourceDirWith([composite()]) });
  const before = Object.fromEntries(readdirSync(out).map((name) => [name, readFileSync(join(out, name)).toString('base64')]));
  await assert.rejects(buildQuietly({ outDir: out, sourceDir: sourceDirWith([excelMa()]) }), BuildFailed);
  const after = Object.fromEntries(readdirSync(out).map((name) => [name, readFileSync(join(out, name)).toString('base64')]));
  assert.deepEqual(after, before);
});

test('the same rows give the same bytes, whatever the column order of the export', { skip: skipWithoutShared }, async () => {
  const rows = parse(readFileSync(composite()), { bom: true }) as string[][];
  const subset = rows.slice(0, 400);
  const order = subset[0].map((_, i) => i).reverse();
  const shuffledDir = temporaryDir('shuffled');
  writeFileSync(join(shuffledDir, 'shuffled.csv'), stringify(subset.map((row) => order.map((i) => row[i]))));
  const straightDir = temporaryDir('straight');
  writeFileSync(join(straightDir, 'straight.csv'), stringify(subset));
  const a = await buildQuietly({ outDir: temporaryDir('out'), sourceDir: sourceDirWith([join(straightDir, 'straight.csv')]) });
  const b = await buildQuietly({ outDir: temporaryDir('out'), sourceDir: sourceDirWith([join(shuffledDir, 'shuffled.csv')]) });
  assert.equal(a.manifest.datasets.fuel_stations.files.stations.rows, 399);
  assert.equal(a.manifest.datasets.fuel_stations.files.stations.sha256, b.manifest.datasets.fuel_stations.files.stations.sha256);
});

test("the 37-column layout of 2014 and the API's own JSON both build", { skip: skipWithoutShared }, async () => {
  const dir = temporaryDir('layouts');
  copyFileSync(shared('wire', 'samples', 'afs_all_docs2014.csv'), join(dir, 'docs2014.csv'));
  copyFileSync(shared('data', 'afdc', 'api_json_doc_example_all.json'), join(dir, 'docs2023.json'));
  const out = temporaryDir('out');
  const { manifest } = await buildQuietly({ outDir: out, sourceDir: sourceDirWith([join(dir, 'docs2014.csv'), join(dir, 'docs2023.json')]) });
  assert.equal(manifest.datasets.fuel_stations.files.stations.rows, 4);
  const rows = await parquetRows(out);
  const ladwp = rows.find((row) => row.id === 1517)!;
  assert.equal(ladwp.station_name, 'LADWP - Truesdale Center');
  assert.deepEqual(ladwp.ev_connector_types, ['CHADEMO', 'J1772', 'J1772COMBO']);
  const propel = rows.find((row) => row.id === 35946)!;
  assert.equal(propel.access_code, 'public', 'derived from groups_with_access_code when the source has no access code');
  assert.equal(String(propel.updated_at).slice(0, 19), '2013-02-14 18:43:05');
});

test('the sample: 60,000 stations by default, same seed same bytes, every kind of value present', async () => {
  const dir = temporaryDir('sample');
  const a = await buildQuietly({ outDir: dir, sample: { seed: 1, stations: 60_000 } });
  // The stations do not depend on the climate's options: b and c take a small climate.
  const b = await buildQuietly({ outDir: temporaryDir('sample'), sample: { seed: 1, stations: 60_000, ...SMALL_CLIMATE } });
  const c = await buildQuietly({ outDir: temporaryDir('sample'), sample: { seed: 2, stations: 60_000, ...SMALL_CLIMATE } });
  const file = (r: typeof a) => r.manifest.datasets.fuel_stations.files.stations;
  assert.equal(file(a).rows, 60_000);
  assert.equal(file(a).sha256, file(b).sha256);
  assert.notEqual(file(a).sha256, file(c).sha256);
  assert.equal(a.manifest.sample, true);
  assert.match(a.manifest.notice, /SAMPLE DATA/);
  const rows = await parquetRows(dir, [
    'fuel_type_code',
    'status_code',
    'access_code',
    'owner_type_code',
    'federal_agency_id',
    'ev_network',
    'state',
    'country',
    'ev_level1_evse_num',
    'ev_level2_evse_num',
    'ev_dc_fast_num',
    'cards_accepted',
  ]);
  const distinct = (field: string) => new Set(rows.map((row) => row[field]));
  assert.deepEqual([...distinct('fuel_type_code')].sort(), ['BD', 'CNG', 'E85', 'ELEC', 'HY', 'LNG', 'LPG', 'RD']);
  assert.deepEqual([...distinct('status_code')].sort(), ['E', 'P', 'T']);
  assert.deepEqual([...distinct('access_code')].sort(), ['private', 'public']);
  assert.deepEqual([...distinct('owner_type_code')].filter(Boolean).sort(), ['FG', 'J', 'LG', 'P', 'SG', 'T']);
  assert.ok(distinct('owner_type_code').has(null), 'network-fed stations have no owner type, as in real data');
  assert.ok(distinct('federal_agency_id').size >= 15);
  assert.ok(distinct('ev_network').size >= 10);
  assert.ok(distinct('state').size >= 50);
  assert.ok(distinct('country').has('CA'));
  const elec = rows.filter((row) => row.fuel_type_code === 'ELEC').length / rows.length;
  assert.ok(elec > 0.75 && elec < 0.9, `ELEC share ${elec}`);
  for (const level of ['ev_level1_evse_num', 'ev_level2_evse_num', 'ev_dc_fast_num']) assert.ok(rows.some((row) => (row[level] as number) > 0));
  const codes = new Set(
    rows.flatMap((row) =>
      String(row.cards_accepted ?? '')
        .split(' ')
        .filter(Boolean),
    ),
  );
  for (const code of ['A', 'D', 'M', 'V', 'Cash', 'Checks', 'CFN', 'FuelMan', 'Voyager']) assert.ok(codes.has(code), `payment code ${code}`);
});
