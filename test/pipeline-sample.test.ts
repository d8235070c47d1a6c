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
import { MAX_NORMAL_DEVIATIONS } from '../pipeline/sample/random.ts';
import { generateStations, PLACE_JITTER_DEG, placesByState } from '../pipeline/sample/stations.ts';
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

test('every place a station can be drawn at, at the farthest the jitter reaches: on the globe and in its state; and the default seed at 100,000 stations', () => {
  // A station lies at its place plus a normal jitter of PLACE_JITTER_DEG per coordinate, which
  // never exceeds MAX_NORMAL_DEVIATIONS deviations (random.ts), then rounded to 6 decimals
  // (monotone, so the rounded extremes bound the rounded draws). The check of a state is made of
  // whole 1° cells, and the jitter's box around a place is narrower than a cell: each cell the box
  // touches holds one of its four corners, so the corners decide for every seed and every size.
  const reach = MAX_NORMAL_DEVIATIONS * PLACE_JITTER_DEG;
  assert.ok(reach > 0.1 && reach < 0.5, `jitter reach ${reach}°`);
  const round6 = (value: number) => Math.round(value * 1e6) / 1e6;
  const misplacedCorners: string[] = [];
  let corners = 0;
  for (const places of placesByState().values()) {
    for (const place of places) {
      for (const [dLat, dLon] of [
        [-reach, -reach],
        [-reach, reach],
        [reach, -reach],
        [reach, reach],
      ] as const) {
        corners++;
        const corner = { state: place.state, latitude: round6(place.latitude + dLat), longitude: round6(place.longitude + dLon) };
        if (!(Math.abs(corner.latitude) <= 90 && Math.abs(corner.longitude) <= 180) || farFromStateNote(corner, { file: 'sample' }))
          misplacedCorners.push(`${place.state} ${place.zip} (${corner.latitude}, ${corner.longitude})`);
      }
    }
  }
  assert.ok(corners > 4 * 40_000, `${corners} corners`);
  assert.deepEqual(misplacedCorners.slice(0, 5), []);
  // the generator itself, at a size beyond the default
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
