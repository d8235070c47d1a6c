// The CSV reader and the export checks over the real AFDC files of the test data (docs/test-data.md §2.2): the line of every
// record is the physical line it starts on (checked against a count made here, independently of any
// CSV parser), and files the pipeline cannot use get one message naming the missing columns.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { test } from 'node:test';
import { describeIssue } from '../pipeline/issues.ts';
import { readAfdcCsv } from '../pipeline/readers/afdc-csv.ts';
import { buildQuietly, shared, skipWithoutShared, sourceDirWith, temporaryDir } from './support/helpers.ts';
import { buildDataSet } from '../pipeline/build.ts';
import { BuildFailed } from '../pipeline/issues.ts';

const exports2019 = () => {
  const dir = shared('data', 'afdc', 'raw_state_exports');
  return `${dir}/${readdirSync(dir).find((name) => name.startsWith('US_ELEC_2019-07_'))!}`;
};

/**
 * The physical lines (1-based) on which records start, counted without a CSV parser: a line starts
 * a record when it is not empty and an even number of quote characters come before it (a quoted
 * field that spans lines leaves an odd number open).
 */
function recordStartLines(text: string): number[] {
  const lines = text.split(/\r\n|\n|\r/);
  const starts: number[] = [];
  let quotes = 0;
  lines.forEach((line, index) => {
    if (quotes % 2 === 0 && line !== '') starts.push(index + 1);
    quotes += line.split('"').length - 1;
  });
  return starts.slice(1); // the header
}

function readerLines(path: string): number[] {
  const lines: number[] = [];
  readAfdcCsv(path, new Map([['id', 'ID']]), { onLayout() {}, onRecord: ({ line }) => lines.push(line) });
  return lines;
}

test('every record of the 2019 export (CRLF, with quoted CRLFs) gets the physical line it starts on', { skip: skipWithoutShared }, () => {
  const path = exports2019();
  const expected = recordStartLines(readFileSync(path, 'latin1'));
  assert.equal(expected.length, 5_923, 'the export holds 5,923 records');
  assert.ok(expected.at(-1)! > expected.length + 1, 'some records span lines, so counting records is not counting lines');
  assert.deepEqual(readerLines(path), expected);
});

test('every record of every real export gets the physical line it starts on', { skip: skipWithoutShared }, () => {
  const dir = shared('data', 'afdc', 'raw_state_exports');
  for (const name of readdirSync(dir)) {
    const path = `${dir}/${name}`;
    assert.deepEqual(readerLines(path), recordStartLines(readFileSync(path, 'latin1')), name);
  }
});

async function failureOf(file: string) {
  const lines: string[] = [];
  try {
    await buildDataSet({ outDir: temporaryDir('out'), sourceDir: sourceDirWith([file]), allowInvalid: false, repair: false, log: (line) => lines.push(line) });
  } catch (error) {
    assert.ok(error instanceof BuildFailed);
    return { error, errorLines: lines.filter((line) => line.startsWith('error: ')) };
  }
  assert.fail(`${basename(file)} should not build`);
}

test('the national narrow files and the 2019 export without Status Code: one message each, naming the missing columns', {
  skip: skipWithoutShared,
}, async () => {
  const narrow = shared('data', 'afdc', 'national_narrow');
  const expected: Record<string, string> = {
    'US_all_fuels_2012_8col_chrischaney3-green_project.csv': 'missing required columns ID, Updated At',
    'US_all_fuels_2014_8col_chrischaney3-green_project.csv': 'missing required columns ID, Updated At',
    'US_all_fuels_2021-07-29_5col_Brandon-C92.csv': 'missing required columns ID, Fuel Type Code, Status Code, Latitude, Longitude, Updated At',
  };
  const files = [...readdirSync(narrow).map((name) => `${narrow}/${name}`), exports2019()];
  expected[basename(exports2019())] = 'missing required columns Status Code';
  for (const file of files) {
    const { error, errorLines } = await failureOf(file);
    const reason = `${expected[basename(file)]}: no station can be read from it; the file is not read`;
    assert.deepEqual(errorLines, [`error: ${basename(file)}:1: ${reason}`]);
    assert.deepEqual(error.issues.map(describeIssue), [`${basename(file)}:1: ${reason}`]);
  }
});

test('the two WA exports share stations: each id is kept from the record updated last, and every other one is listed', {
  skip: skipWithoutShared,
}, async () => {
  const dir = shared('data', 'afdc', 'raw_state_exports');
  const wa2023 = `${dir}/${readdirSync(dir).find((name) => name.startsWith('WA_public_available_2023-03'))!}`;
  const wa2025 = `${dir}/${readdirSync(dir).find((name) => name.startsWith('WA_public_available_2025-02'))!}`;
  const { reports } = await buildQuietly({ outDir: temporaryDir('out'), sourceDir: sourceDirWith([wa2023, wa2025]) });
  const superseded = reports.fuel_stations.superseded;
  assert.ok(superseded.length > 100, `the two WA exports share many stations (${superseded.length})`);
  for (const issue of superseded) {
    const winner = /superseded by (\S+):\d+ \((Updated At ([^ )]+) is newer than ([^ )]+)|the same Updated At)/.exec(issue.reason);
    assert.ok(winner, issue.reason);
    if (winner[3]) assert.ok(Date.parse(winner[3]) > Date.parse(winner[4]!), issue.reason);
  }
});
