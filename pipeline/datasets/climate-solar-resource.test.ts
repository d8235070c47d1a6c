import assert from 'node:assert/strict';
import { test } from 'node:test';
import { generateWeather } from '../sample/climate.ts';
import { sampleClimateStations } from '../sample/climate-stations.ts';
import { SolarResourceCollector, solarResourceWorkers } from './climate-solar-resource.ts';
import { solarResourceRows } from './climate-solar-resource-rows.ts';

/** A few sample stations with their weather; the third's time zone is one v8 refuses. */
function stations() {
  return sampleClimateStations(5, { climatePlaces: 6, nsrdbSpacingDeg: 20 })
    .slice(0, 7)
    .map(({ draft, weatherSeed }, index) => {
      const hourly = generateWeather({ lat: draft.header_lat, lon: draft.header_lon, timezone: draft.header_tz, elevation: draft.header_elev }, weatherSeed);
      return { draft: index === 2 ? { ...draft, header_tz: 30 } : draft, hourly };
    });
}

test('stations shared with workers get the rows computed on this thread, in order, and the refused ones are noted in the order they came', async () => {
  const input = stations();
  const expected = input.map(({ draft, hourly }) => solarResourceRows(draft, hourly));
  assert.equal(typeof expected[2], 'string', 'v8 refuses a time zone of 30');
  // two workers and this thread: with three stations at most queued per worker, every path is taken
  const collector = new SolarResourceCollector(2);
  try {
    for (const { draft, hourly } of input) collector.add(draft, hourly);
    // a second station of the same id is not computed again: the first wins
    collector.add(input[0]!.draft, input[1]!.hourly);
    const rows = await collector.settle();
    assert.deepEqual(
      [...rows.keys()],
      input.filter((_, index) => index !== 2).map(({ draft }) => draft.id),
    );
    for (const [index, { draft }] of input.entries()) if (index !== 2) assert.deepEqual(rows.get(draft.id), expected[index], draft.id);
    assert.deepEqual(collector.notes, [
      { file: input[2]!.draft.source_file, field: 'solar_resource', reason: `no solar resource: PVWatts v8 refuses the weather (${expected[2]})` },
    ]);
  } finally {
    collector.close();
  }
});

test('a small build computes on its own thread: a worker would cost more to start than it saves', () => {
  assert.equal(solarResourceWorkers(10), 0);
});
