// `npm run build:data` as a person runs it (a child process): --help lists the options, bad options
// are refused with one line naming them, and a source that fails prints its report and a summary,
// never a stack trace, and writes nothing.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { repoRoot, temporaryDir } from './support/helpers.ts';

function buildData(...args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'pipeline/build.ts', ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const STACK_FRAME = /^\s+at /m;

test('--help prints every option and exits 0', () => {
  const { status, stdout } = buildData('--help');
  assert.equal(status, 0);
  assert.match(stdout, /^Usage: build:data \[options\]/);
  for (const option of [
    '--source <dir>',
    '--sample',
    '--out <dir>',
    '--seed <n>',
    '--stations <n>',
    '--nsrdb-spacing <degrees>',
    '--climate-places <n>',
    '--allow-invalid',
    '--allow-empty',
    '--repair',
    '--no-wait',
    '--help',
  ]) {
    assert.ok(stdout.includes(option), `${option} is listed`);
  }
});

test('options out of range or unknown are refused with one line, before anything is built', () => {
  const out = join(temporaryDir('cli'), 'out');
  const cases: Array<[string[], string]> = [
    [
      ['--sample', '--seed', 'abc', '--stations', 'x', '--out', out],
      "error: option '--seed <n>' argument 'abc' is invalid. the seed must be a whole number from 0 to 4294967295.",
    ],
    [
      ['--sample', '--stations', 'x', '--out', out],
      "error: option '--stations <n>' argument 'x' is invalid. the number of stations must be a whole number from 1 to 1000000.",
    ],
    [
      ['--sample', '--stations', '0', '--out', out],
      "error: option '--stations <n>' argument '0' is invalid. the number of stations must be a whole number from 1 to 1000000.",
    ],
    [
      ['--sample', '--nsrdb-spacing', '0', '--out', out],
      "error: option '--nsrdb-spacing <degrees>' argument '0' is invalid. the nsrdb grid spacing must be a number of degrees, at least 0.25.",
    ],
    [
      ['--sample', '--climate-places', '1735', '--out', out],
      "error: option '--climate-places <n>' argument '1735' is invalid. the number of climate places must be a whole number from 0 to 1734.",
    ],
    [['--source', out, '--seed', '5', '--out', out], 'error: --seed applies only to --sample'],
    [['--source', out, '--climate-places', '5', '--out', out], 'error: --climate-places applies only to --sample'],
    [['--source', out, '--sample', '--out', out], "error: option '--source <dir>' cannot be used with option '--sample'"],
    [['--out', out], 'error: give --source DIR (upstream files) or --sample'],
    [['--bogus'], "error: unknown option '--bogus'"],
  ];
  for (const [args, message] of cases) {
    const { status, stderr } = buildData(...args);
    assert.equal(status, 1, args.join(' '));
    assert.equal(stderr.split('\n')[0], message);
    assert.doesNotMatch(stderr, STACK_FRAME);
  }
  assert.ok(!existsSync(out), 'nothing was written');
});

test('a mistyped --source fails with one line and writes nothing', () => {
  const out = join(temporaryDir('cli'), 'out');
  const missing = join(temporaryDir('cli'), 'typo');
  const { status, stderr } = buildData('--source', missing, '--out', out);
  assert.equal(status, 1);
  assert.equal(stderr, `build failed: the source directory ${missing} does not exist; nothing was written\n`);
  assert.ok(!existsSync(out));
});

test('a truncated .csv.gz prints its report line and a summary, no stack trace, and writes nothing', () => {
  const source = temporaryDir('cli-source');
  mkdirSync(join(source, 'alt-fuel-stations'));
  symlinkSync(join(repoRoot, 'test', 'faults', 'alt-fuel-stations', 'truncated.csv.gz'), join(source, 'alt-fuel-stations', 'truncated.csv.gz'));
  const out = join(temporaryDir('cli'), 'out');
  const { status, stderr } = buildData('--source', source, '--out', out);
  assert.equal(status, 1);
  assert.doesNotMatch(stderr, STACK_FRAME);
  const lines = stderr
    .trim()
    .split('\n')
    .filter((line) => !/^\w+: .* rejected, \d+ repaired/.test(line));
  assert.deepEqual(lines, [
    'error: truncated.csv.gz:18: the gzip data ends early (the file is truncated): the text breaks off in this line; nothing of the file is read',
    'build failed: 1 problem in the sources; use --allow-invalid to build from the good records. Nothing was written.',
  ]);
  assert.deepEqual(existsSync(out) ? readdirSync(out) : [], []);
});
