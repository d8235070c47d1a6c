// The fault corpus (test/faults/, one small file per kind of damage, README.md there lists them):
// a build over each prints exactly the report lines below (file, line, field, reason) and leaves
// the last good data set in --out byte for byte as it was; the repairs and the rules that let a
// build through (--repair, --allow-invalid, --allow-empty, the newest of two records) do what
// they say on the rows written.
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { before, test } from 'node:test';
import { DuckDBInstance } from '../model/duckdb.ts';
import { buildDataSet, type BuildRequest } from '../pipeline/build.ts';
import { BuildFailed } from '../pipeline/issues.ts';
import { repoRoot, temporaryDir } from './support/helpers.ts';

const corpus = join(repoRoot, 'test', 'faults');
/** A source directory in the layout of docs/interface.md §3 holding the given corpus files (paths under test/faults/). */
function sourceWith(files: string[]): string {
  const dir = temporaryDir('faults-source');
  for (const file of files) {
    mkdirSync(join(dir, dirname(file)), { recursive: true });
    symlinkSync(join(corpus, file), join(dir, file));
  }
  return dir;
}

/** Every file in a data set directory with its bytes. */
function snapshot(dir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dir)
      .sort()
      .map((name) => [name, readFileSync(join(dir, name)).toString('base64')]),
  );
}

/** The report a build prints (without the per-data-set summary lines), and its failure if it failed. */
async function build(files: string[], outDir: string, options: Partial<BuildRequest> = {}): Promise<{ lines: string[]; failure?: BuildFailed }> {
  const lines: string[] = [];
  try {
    await buildDataSet({ outDir, sourceDir: sourceWith(files), allowInvalid: false, repair: false, ...options, log: (line) => lines.push(line) });
    return { lines: lines.filter((line) => !/^\w+: \S.* rejected, \d+ repaired/.test(line)) };
  } catch (error) {
    assert.ok(error instanceof BuildFailed, `a BuildFailed, not ${String(error)}`);
    return { lines: lines.filter((line) => !/^\w+: \S.* rejected, \d+ repaired/.test(line)), failure: error };
  }
}

async function stations(dir: string): Promise<Array<Record<string, unknown>>> {
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
  const connection = await (await DuckDBInstance.create(':memory:')).connect();
  const file = join(dir, manifest.datasets.fuel_stations.files.stations.path);
  const reader = await connection.runAndReadAll(
    `SELECT id, station_name, zip, latitude, longitude, CAST(updated_at AS VARCHAR) AS updated_at FROM read_parquet('${file}') ORDER BY id`,
  );
  return reader.getRowObjectsJS() as Array<Record<string, unknown>>;
}

const lastGood = temporaryDir('faults-out');
let goodSnapshot: Record<string, string>;

before(async () => {
  const { failure } = await build(['alt-fuel-stations/good.csv'], lastGood);
  assert.equal(failure, undefined);
  goodSnapshot = snapshot(lastGood);
});

interface FailingCase {
  fault: string;
  files: string[];
  report: string[];
  /** The start of the failure's message. */
  message: RegExp;
}

const PROBLEMS = /^1 problem in the sources; use --allow-invalid/;
const EMPTY = /^1 source file yields no records; use --allow-empty/;

const failing: FailingCase[] = [
  {
    fault: 'an empty (0-byte) export',
    files: ['alt-fuel-stations/empty.csv'],
    message: EMPTY,
    report: ['error: empty.csv: yields no records: the file is empty (0 bytes)'],
  },
  {
    fault: 'a header-only export',
    files: ['alt-fuel-stations/header-only.csv'],
    message: EMPTY,
    report: ['error: header-only.csv:1: yields no records: a header only'],
  },
  {
    fault: 'an empty JSON list',
    files: ['alt-fuel-stations/empty-list.json'],
    message: EMPTY,
    report: ['error: empty-list.json: yields no records: the document holds no stations'],
  },
  {
    fault: 'a truncated .csv.gz',
    files: ['alt-fuel-stations/truncated.csv.gz'],
    message: PROBLEMS,
    report: ['error: truncated.csv.gz:18: the gzip data ends early (the file is truncated): the text breaks off in this line; nothing of the file is read'],
  },
  {
    fault: 'an unclosed quote',
    files: ['alt-fuel-stations/unclosed-quote.csv'],
    message: PROBLEMS,
    report: ['error: unclosed-quote.csv:3: a quoted field that starts in this record is never closed: the rest of the file cannot be read'],
  },
  {
    fault: 'binary junk',
    files: ['alt-fuel-stations/binary-junk.csv'],
    message: PROBLEMS,
    report: ['error: binary-junk.csv:1: binary data (a NUL byte): not a text file; nothing of the file is read'],
  },
  {
    fault: 'CRLF newlines inside quotes (the line is the physical line the record starts on)',
    files: ['alt-fuel-stations/crlf-in-quotes.csv'],
    message: PROBLEMS,
    report: ['error: crlf-in-quotes.csv:8: status_code = "X": must be one of "E", "P", "T"'],
  },
  {
    fault: 'mixed line endings (LF, CRLF, a lone CR; a quoted CRLF and an empty line before the bad record): the physical line',
    files: ['alt-fuel-stations/mixed-endings-bad-line.csv'],
    message: PROBLEMS,
    report: ['error: mixed-endings-bad-line.csv:7: status_code = "X": must be one of "E", "P", "T"'],
  },
  {
    fault: 'a UTF-16LE export without a byte-order mark',
    files: ['alt-fuel-stations/utf16le-no-bom.csv'],
    message: PROBLEMS,
    report: [
      'error: utf16le-no-bom.csv:1: UTF-16LE text without a byte-order mark: save it as UTF-8 (or as UTF-16 with its byte-order mark); nothing of the file is read',
    ],
  },
  {
    fault: 'a UTF-16LE export with a bad value (the physical line, as in the text decoded)',
    files: ['alt-fuel-stations/utf16le-bad-line.csv'],
    message: PROBLEMS,
    report: [
      'note: utf16le-bad-line.csv: read as UTF-16LE (its byte-order mark says so)',
      'error: utf16le-bad-line.csv:3: status_code = "X": must be one of "E", "P", "T"',
    ],
  },
  {
    fault: 'two exports joined into one file (the second header, saved with a UTF-8 byte-order mark, on line 4)',
    files: ['alt-fuel-stations/joined-exports.csv'],
    message: PROBLEMS,
    report: ['error: joined-exports.csv:4: a repeated header at line 4 (two exports joined into one file?)'],
  },
  {
    fault: 'latitude and longitude swapped',
    files: ['alt-fuel-stations/swapped-coordinates.csv'],
    message: /^2 problems in the sources; 2 of them have an unambiguous repair \(--repair\)/,
    report: [
      'error: swapped-coordinates.csv:2: latitude = -71.121: latitude and longitude (-71.121, 42.333) are swapped: the point is far outside MA (repairable: latitude and longitude swapped back)',
      'error: swapped-coordinates.csv:2: longitude = 42.333: latitude and longitude (-71.121, 42.333) are swapped: the point is far outside MA (repairable: latitude and longitude swapped back)',
    ],
  },
  {
    fault: 'Latin-1 bytes',
    files: ['alt-fuel-stations/latin1.csv'],
    message: /^1 problem in the sources; 1 of them have an unambiguous repair/,
    report: ['error: latin1.csv:2: station_name = "Caf\uFFFD du Parc": is not UTF-8 (repairable: read as Windows-1252)'],
  },
  {
    fault: 'a duplicated header column',
    files: ['alt-fuel-stations/duplicate-header.csv'],
    message: /^2 problems in the sources; use --allow-invalid/,
    report: [
      "note: duplicate-header.csv:1: latitude: columns 10 and 13 are both 'Latitude': a record whose cells there differ is rejected",
      'error: duplicate-header.csv:2: latitude = ["42.4490","0.5"]: columns 10 and 13 are both named for latitude and hold different values',
      'error: duplicate-header.csv:3: latitude = ["42.4570","0.5"]: columns 10 and 13 are both named for latitude and hold different values',
    ],
  },
  {
    fault: 'a ZIP that lost its leading zero, padded to no ZIP of the gazetteer',
    files: ['alt-fuel-stations/zip-lost-zero.csv'],
    message: /^1 problem in the sources; 1 of them have an unambiguous repair/,
    report: [
      'error: zip-lost-zero.csv:2: zip = "1300": must match pattern "^(\\d{5}|[A-Z]\\d[A-Z]( ?\\d([A-Z]\\d?)?)?)$" (repairable: leading zeros restored (every ZIP of MA starts with 0))',
    ],
  },
  {
    fault: 'the 5-column national file',
    files: ['alt-fuel-stations/narrow-5col.csv'],
    message: PROBLEMS,
    report: [
      'error: narrow-5col.csv:1: missing required columns ID, Fuel Type Code, Status Code, Latitude, Longitude, Updated At: no station can be read from it; the file is not read',
    ],
  },
  {
    fault: 'the 2019 layout without Status Code',
    files: ['alt-fuel-stations/no-status-code-2019.csv'],
    message: PROBLEMS,
    report: ['error: no-status-code-2019.csv:1: missing required columns Status Code: no station can be read from it; the file is not read'],
  },
  {
    fault: 'a JSON export with a syntax error',
    files: ['alt-fuel-stations/not-json.json'],
    message: PROBLEMS,
    report: ["error: not-json.json:3: not valid JSON: Expected ',' or '}' after property value; nothing of the file is read"],
  },
  {
    fault: 'a building-resources file cut inside a string',
    files: ['building-resources/resources-unterminated.json'],
    message: PROBLEMS,
    report: ['error: resources-unterminated.json:4: not valid JSON: Bad control character in string literal; nothing of the file is read'],
  },
  {
    fault: 'a weather file with binary data',
    files: ['climate/tmy3/binary.csv'],
    message: PROBLEMS,
    report: ['error: climate/tmy3/binary.csv:2: binary data (a NUL byte): not a text file; nothing of the file is read'],
  },
  {
    fault: 'a weather file that is not one',
    files: ['climate/intl/junk.epw'],
    message: PROBLEMS,
    report: ['error: climate/intl/junk.epw:1: EPW LOCATION line must have 10 fields, found 1'],
  },
  {
    fault: 'a truncated weather .gz',
    files: ['climate/tmy2/truncated.tm2.gz'],
    message: PROBLEMS,
    report: [
      'error: climate/tmy2/truncated.tm2.gz:11: the gzip data ends early (the file is truncated): the text breaks off in this line; nothing of the file is read',
    ],
  },
];

for (const { fault, files, report, message } of failing) {
  test(`fault corpus: ${fault} fails the build with its exact report, and the last good data set stays`, async () => {
    const { lines, failure } = await build(files, lastGood);
    assert.ok(failure, 'the build fails');
    assert.match(failure.message, message);
    assert.match(failure.message, /Nothing was written\.$/);
    assert.deepEqual(lines, report);
    assert.deepEqual(snapshot(lastGood), goodSnapshot);
  });
}

test('a source directory that does not exist fails, even with --allow-empty, and the last good data set stays', async () => {
  const missing = join(temporaryDir('faults-nowhere'), 'no-such-dir');
  await assert.rejects(
    buildDataSet({ outDir: lastGood, sourceDir: missing, allowInvalid: false, allowEmpty: true, repair: false, log: () => {} }),
    (error: Error) => {
      assert.ok(error instanceof BuildFailed);
      assert.equal(error.message, `the source directory ${missing} does not exist; nothing was written`);
      return true;
    },
  );
  assert.deepEqual(snapshot(lastGood), goodSnapshot);
});

test('a source directory none of whose groups yields a record fails unless --allow-empty', async () => {
  const source = temporaryDir('faults-empty-source');
  mkdirSync(join(source, 'alt-fuel-stations'));
  mkdirSync(join(source, 'climate', 'tmy3'), { recursive: true });
  const lines: string[] = [];
  await assert.rejects(
    buildDataSet({ outDir: lastGood, sourceDir: source, allowInvalid: false, repair: false, log: (line) => lines.push(line) }),
    (error: Error) => {
      assert.equal(
        error.message,
        `the sources in ${source} yield no records (alt-fuel-stations/, building-resources/, climate/); use --allow-empty to build an empty data set. Nothing was written.`,
      );
      return true;
    },
  );
  assert.deepEqual(snapshot(lastGood), goodSnapshot);
  const out = temporaryDir('faults-allow-empty');
  const result = await buildDataSet({ outDir: out, sourceDir: source, allowInvalid: false, allowEmpty: true, repair: false, log: () => {} });
  assert.equal(result.manifest.datasets.fuel_stations.files.stations.rows, 0);
});

test('--allow-empty builds past an empty export, listing it as a note', async () => {
  const out = temporaryDir('faults-out');
  const { lines, failure } = await build(['alt-fuel-stations/empty.csv', 'alt-fuel-stations/good.csv'], out, { allowEmpty: true });
  assert.equal(failure, undefined);
  assert.deepEqual(lines, ['note: empty.csv: yields no records: the file is empty (0 bytes)']);
  assert.deepEqual(
    (await stations(out)).map((row) => row.id),
    [1001, 1002, 1003],
  );
});

test('three exports with the same station id: the newest Updated At wins, whatever the file order, and each superseded record is listed with its winner', async () => {
  const out = temporaryDir('faults-out');
  const { lines, failure } = await build(['alt-fuel-stations/same-id-a-older.csv', 'alt-fuel-stations/same-id-b-newer.csv', 'alt-fuel-stations/good.csv'], out);
  assert.equal(failure, undefined);
  assert.deepEqual(lines, [
    'superseded: same-id-a-older.csv:2: id = 1001: superseded by good.csv:2 (Updated At 2025-03-01T12:00:00Z is newer than 2024-01-15T08:00:00Z)',
    'superseded: good.csv:2: id = 1001: superseded by same-id-b-newer.csv:2 (Updated At 2025-06-01T09:30:00Z is newer than 2025-03-01T12:00:00Z)',
  ]);
  const rows = await stations(out);
  assert.deepEqual(
    rows.map((row) => row.id),
    [1001, 1002, 1003],
  );
  assert.equal(rows[0]!.updated_at, '2025-06-01 09:30:00');
  assert.equal(rows[0]!.station_name, 'Boston City Hall Garage');
});

test('--repair swaps coordinates back, reads Latin-1 as Windows-1252 and restores a ZIP zero the state makes certain, listing each', async () => {
  const out = temporaryDir('faults-out');
  const { lines, failure } = await build(
    ['alt-fuel-stations/swapped-coordinates.csv', 'alt-fuel-stations/latin1.csv', 'alt-fuel-stations/zip-lost-zero.csv'],
    out,
    { repair: true },
  );
  assert.equal(failure, undefined);
  assert.deepEqual(lines, [
    'repaired: latin1.csv:2: station_name "Caf\uFFFD du Parc" -> "Café du Parc" (read as Windows-1252)',
    'repaired: swapped-coordinates.csv:2: latitude -71.121 -> 42.333 (latitude and longitude swapped back)',
    'repaired: swapped-coordinates.csv:2: longitude 42.333 -> -71.121 (latitude and longitude swapped back)',
    'repaired: zip-lost-zero.csv:2: zip "1300" -> "01300" (leading zeros restored (every ZIP of MA starts with 0))',
  ]);
  const byId = new Map((await stations(out)).map((row) => [row.id, row]));
  assert.deepEqual([byId.get(4001)!.latitude, byId.get(4001)!.longitude], [42.333, -71.121]);
  assert.equal(byId.get(4101)!.station_name, 'Café du Parc');
  assert.equal(byId.get(4301)!.zip, '01300');
});

test('a point far outside its state that swapping does not explain is noted and kept (the state or the point is wrong, nothing says which)', async () => {
  const out = temporaryDir('faults-out');
  const { lines, failure } = await build(['alt-fuel-stations/far-from-state.csv'], out);
  assert.equal(failure, undefined);
  assert.deepEqual(lines, [
    'note: far-from-state.csv:2: latitude = 21.3563: the point (21.3563, -157.9382) is far outside WA (more than 1° from any of its ZIP codes): kept as it is',
  ]);
  assert.deepEqual(
    (await stations(out)).map((row) => [row.id, row.latitude, row.longitude]),
    [[4501, 21.3563, -157.9382]],
  );
});

test("--allow-invalid keeps the records read before a syntax error, and writes the file's problem to the rejects file", async () => {
  const out = temporaryDir('faults-out');
  const { lines, failure } = await build(['alt-fuel-stations/unclosed-quote.csv'], out, { allowInvalid: true });
  assert.equal(failure, undefined);
  assert.deepEqual(lines, ['rejected: unclosed-quote.csv:3: a quoted field that starts in this record is never closed: the rest of the file cannot be read']);
  assert.deepEqual(
    (await stations(out)).map((row) => row.id),
    [2001],
  );
  const rejects = readdirSync(out).find((name) => name.startsWith('fuel_stations.rejects-'))!;
  assert.deepEqual(
    readFileSync(join(out, rejects), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line).line),
    [3],
  );
});

/** Every column of every station written, in id order. */
async function allColumns(dir: string): Promise<Array<Record<string, unknown>>> {
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
  const connection = await (await DuckDBInstance.create(':memory:')).connect();
  const file = join(dir, manifest.datasets.fuel_stations.files.stations.path);
  const reader = await connection.runAndReadAll(`SELECT * FROM read_parquet('${file}') ORDER BY id`);
  return reader.getRowObjectsJS() as Array<Record<string, unknown>>;
}

for (const file of ['mixed-lf-header-crlf-rows.csv', 'mixed-crlf-header-lf-rows.csv', 'mixed-per-row.csv']) {
  test(`line endings: ${file} (the last column quoted text, or not) builds the same stations as the same file with LF endings`, async () => {
    const out = temporaryDir('faults-out');
    const { lines, failure } = await build([`alt-fuel-stations/${file}`], out);
    assert.equal(failure, undefined, failure?.message);
    assert.deepEqual(lines, []);
    const lf = temporaryDir('faults-source');
    mkdirSync(join(lf, 'alt-fuel-stations'));
    writeFileSync(join(lf, 'alt-fuel-stations', file), readFileSync(join(corpus, 'alt-fuel-stations', file), 'latin1').replace(/\r\n?/g, '\n'), 'latin1');
    const lfOut = temporaryDir('faults-out');
    await buildDataSet({ outDir: lfOut, sourceDir: lf, allowInvalid: false, repair: false, log: () => {} });
    const rows = await allColumns(out);
    assert.deepEqual(rows, await allColumns(lfOut));
    assert.deepEqual(
      rows.map((row) => [row.id, row.intersection_directions]),
      [
        [1001, 'Level 2, by the elevators'],
        [1002, 'Rear lot, "staff" spaces'],
        [1003, 'Gate B'],
        [1004, 'Broadway entrance'],
      ],
    );
  });
}

test('UTF-16 exports with a byte-order mark (LE and BE, CSV and JSON) are read as their mark says, each with a note', async () => {
  const out = temporaryDir('faults-out');
  const { lines, failure } = await build(['alt-fuel-stations/utf16be-bom.csv', 'alt-fuel-stations/utf16le-bom.csv', 'alt-fuel-stations/utf16le-bom.json'], out);
  assert.equal(failure, undefined, failure?.message);
  assert.deepEqual(lines, [
    'note: utf16be-bom.csv: read as UTF-16BE (its byte-order mark says so)',
    'note: utf16le-bom.csv: read as UTF-16LE (its byte-order mark says so)',
    'note: utf16le-bom.json: read as UTF-16LE (its byte-order mark says so)',
  ]);
  assert.deepEqual(
    (await stations(out)).map((row) => [row.id, row.station_name]),
    [
      [4701, 'Café du Parc'],
      [4702, 'Worcester Library'],
      [4801, 'Café du Parc'],
      [4802, 'Worcester Library'],
      [5101, 'Musée de la Mer'],
    ],
  );
});

test('--allow-invalid: two exports joined into one file give the stations of both, the repeated header rejected', async () => {
  const out = temporaryDir('faults-out');
  const { lines, failure } = await build(['alt-fuel-stations/joined-exports.csv'], out, { allowInvalid: true });
  assert.equal(failure, undefined);
  assert.deepEqual(lines, ['rejected: joined-exports.csv:4: a repeated header at line 4 (two exports joined into one file?)']);
  assert.deepEqual(
    (await stations(out)).map((row) => row.id),
    [5001, 5002, 5003, 5004],
  );
});

/** A SAM CSV weather file of 8760 hourly records, as its text. */
function samCsvWeather(): string {
  const rows = Array.from({ length: 8760 }, (_, i) => `${i % 700},${(i * 7) % 300},${(i % 40) - 10}`);
  return `Location ID,City,Latitude,Longitude,Time Zone,Elevation\r\n4242,Ürümqi,43.8,87.6,6,900\r\nDNI,DHI,Tdry\r\n${rows.join('\r\n')}\r\n`;
}

test('a UTF-16LE weather file with a byte-order mark is read as one, with a note; without the mark it is refused naming the encoding', async () => {
  const source = temporaryDir('faults-source');
  mkdirSync(join(source, 'climate', 'intl'), { recursive: true });
  writeFileSync(join(source, 'climate', 'intl', 'urumqi.csv'), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(samCsvWeather(), 'utf16le')]));
  const out = temporaryDir('faults-out');
  const lines: string[] = [];
  const result = await buildDataSet({ outDir: out, sourceDir: source, allowInvalid: false, repair: false, log: (line) => lines.push(line) });
  assert.deepEqual(
    lines.filter((line) => line.startsWith('note:')),
    ['note: climate/intl/urumqi.csv: read as UTF-16LE (its byte-order mark says so)'],
  );
  assert.equal(result.manifest.datasets.climate!.files.stations!.rows, 1);

  writeFileSync(join(source, 'climate', 'intl', 'urumqi.csv'), Buffer.from(samCsvWeather(), 'utf16le'));
  const refused: string[] = [];
  await assert.rejects(buildDataSet({ outDir: out, sourceDir: source, allowInvalid: false, repair: false, log: (line) => refused.push(line) }), BuildFailed);
  assert.deepEqual(
    refused.filter((line) => /^(note|error):/.test(line)),
    [
      'error: climate/intl/urumqi.csv:1: UTF-16LE text without a byte-order mark: save it as UTF-8 (or as UTF-16 with its byte-order mark); nothing of the file is read',
    ],
  );
});
