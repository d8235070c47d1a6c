// The sample generator over many seeds and sizes: every station it makes is valid against the
// source schema and lies near a ZIP of its own state (the checks real sources get), and options it
// cannot honour are refused instead of yielding "seed NaN" or latitudes past the poles.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { validatorFor } from '../schemas/registry.ts';
import { buildDataSet, DEFAULT_SEED } from '../pipeline/build.ts';
import { farFromStateNote, swappedCoordinateIssues } from '../pipeline/datasets/station-places.ts';
import { SOURCE_SCHEMA } from '../pipeline/datasets/fuel-stations.ts';
import { BuildFailed, describeIssue } from '../pipeline/issues.ts';
import { generateStations } from '../pipeline/sample/stations.ts';
import { recordIssues } from '../pipeline/validate.ts';
import { temporaryDir } from './support/helpers.ts';

const validate = validatorFor(SOURCE_SCHEMA);

/** Everything wrong with a generated station, as the build would report it for a source record. */
function stationProblems(station: Record<string, unknown>, index: number): string[] {
  const where = { file: 'sample', record: index };
  const far = farFromStateNote(station, where);
  return [...recordIssues(validate, station, where), ...swappedCoordinateIssues(station, where), ...(far ? [far] : [])].map(describeIssue);
}

function problemsOf(seed: number, count: number): string[] {
  return generateStations(seed, count).flatMap(stationProblems).slice(0, 5);
}

/** Stations whose point is off the globe or far from their state (the schema's whole check is the property below). */
function misplaced(seed: number, count: number): string[] {
  return generateStations(seed, count)
    .filter(
      (station) =>
        !(Math.abs(station.latitude as number) <= 90 && Math.abs(station.longitude as number) <= 180) || farFromStateNote(station, { file: 'sample' }),
    )
    .map((station) => `${station.state} ${station.zip} (${station.latitude}, ${station.longitude})`)
    .slice(0, 5);
}

test('seeds 1 to 30 at the default 60,000 stations, and the default seed at 100,000: every point on the globe and in its state', () => {
  for (let seed = 1; seed <= 30; seed++) assert.deepEqual(misplaced(seed, 60_000), [], `seed ${seed}`);
  assert.deepEqual(misplaced(DEFAULT_SEED, 100_000), [], 'the default seed at 100,000 stations');
});

test('any seed, any size: every station valid and in its state (property)', () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 0xffff_ffff }), fc.integer({ min: 1, max: 3_000 }), (seed, count) => {
      assert.deepEqual(problemsOf(seed, count), []);
    }),
    { numRuns: 40, seed: 20240601 },
  );
});

test('the generator refuses a seed or a size it cannot honour', () => {
  for (const [seed, count] of [
    [Number.NaN, 10],
    [1.5, 10],
    [-1, 10],
    [2 ** 32, 10],
    [1, 0],
    [1, Number.NaN],
    [1, 2.5],
    [1, 1_000_001],
  ]) {
    assert.throws(() => generateStations(seed!, count!), RangeError, `${seed}, ${count}`);
  }
});

test('a sample build with options out of range fails before anything is written', async () => {
  const out = temporaryDir('sample-options');
  await assert.rejects(
    buildDataSet({ outDir: out, sample: { seed: Number.NaN, stations: Number.NaN }, allowInvalid: false, repair: false, log: () => {} }),
    (error: Error) => {
      assert.ok(error instanceof BuildFailed);
      assert.equal(
        error.message,
        'invalid sample options: the seed must be a whole number from 0 to 4294967295; the number of stations must be a whole number from 1 to 1000000',
      );
      return true;
    },
  );
});
