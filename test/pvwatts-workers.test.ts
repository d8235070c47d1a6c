// The estimator's worker threads (server/data/pv-workers.ts): what a worker computes on a shared
// site is what simulate computes on the main thread, sites are sent once and sent again when a
// worker has let them go, and many estimates in flight all come back; the runner keeps an estimate
// alone on the calling thread and sends it to the workers when others are in flight.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { readWeatherFile } from '../pipeline/readers/weather/index.ts';
import { pvwattsV5, pvwattsV8 } from '../server/data/pv-models.ts';
import { siteBytes } from '../server/data/pv-sites.ts';
import { EstimateRunner, PvWorkerPool, shareSite } from '../server/data/pv-workers.ts';
import { prepareSite, simulate, type PreparedSite, type PvSystem } from '../pv/v5/index.ts';
import { simulateV8, type PvSystemV8, prepareSiteV8 } from '../pv/v8/index.ts';
import { shared, sharedOrSkip } from './support/helpers.ts';

const weather = (name: string) => shared('pvwatts', 'weather', name);
const skip = sharedOrSkip('pvwatts', 'weather');
let miami: PreparedSite;
let boulder: PreparedSite;
const pools: PvWorkerPool[] = [];

before(async () => {
  if (skip) return;
  miami = shareSite(prepareSite(await readWeatherFile(weather('12839.tm2'))));
  boulder = shareSite(prepareSite(await readWeatherFile(weather('723170TYA.CSV'))));
});

after(async () => {
  await Promise.all(pools.map((pool) => pool.close()));
});

function system(arrayType: number, extra: Partial<PvSystem> = {}): PvSystem {
  return { system_capacity: 4, module_type: 1, losses: 14, array_type: arrayType, tilt: 25, azimuth: 170, dc_ac_ratio: 1.2, gcr: 0.4, inv_eff: 96, ...extra };
}

test('a worker’s estimate is simulate’s, for every array type; failures come back as failures', { skip }, async () => {
  const pool = new PvWorkerPool(2, 1e9);
  pools.push(pool);
  const bytes = siteBytes(miami);
  for (let arrayType = 0; arrayType <= 4; arrayType++) {
    assert.deepEqual(await pool.run(pvwattsV5, 'miami', miami, bytes, system(arrayType)), simulate(system(arrayType), miami), String(arrayType));
  }
  const refused = await pool.run(pvwattsV5, 'miami', miami, bytes, system(0, { losses: 120 }));
  assert.deepEqual(refused, simulate(system(0, { losses: 120 }), miami));
  assert.equal(refused.ok, false);
});

test('a site the worker let go (its own cache is full) is sent again', { skip }, async () => {
  // room for one site: each new site pushes the other out of the worker
  const pool = new PvWorkerPool(1, siteBytes(miami) + 1);
  pools.push(pool);
  for (const [key, site] of [
    ['miami', miami],
    ['boulder', boulder],
    ['miami', miami],
    ['boulder', boulder],
  ] as const) {
    assert.deepEqual(await pool.run(pvwattsV5, key, site, siteBytes(site), system(1)), simulate(system(1), site), key);
  }
  pool.forget('miami');
  assert.deepEqual(await pool.run(pvwattsV5, 'miami', miami, siteBytes(miami), system(3)), simulate(system(3), miami));
});

test('forty estimates in flight on two workers all come back, each its own', { skip }, async () => {
  const pool = new PvWorkerPool(2, 1e9);
  pools.push(pool);
  const systems = Array.from({ length: 40 }, (_, i) => system(i % 5, { system_capacity: 1 + i, tilt: i % 40 }));
  const results = await Promise.all(
    systems.map((each, i) => pool.run(pvwattsV5, i % 2 ? 'miami' : 'boulder', i % 2 ? miami : boulder, siteBytes(miami), each)),
  );
  for (const [i, result] of results.entries()) assert.deepEqual(result, simulate(systems[i]!, i % 2 ? miami : boulder), String(i));
});

test('a worker’s PVWatts v8 estimate is simulateV8’s, monofacial and bifacial, every array type, beside v5 sites of the same pool', { skip }, async () => {
  const pool = new PvWorkerPool(2, 1e9);
  pools.push(pool);
  const site = shareSite(prepareSiteV8(await readWeatherFile(weather('723170TYA.CSV'))));
  const bytes = siteBytes(site);
  for (let arrayType = 0; arrayType <= 4; arrayType++) {
    for (const bifaciality of [0, 0.7]) {
      const v8: PvSystemV8 = {
        ...{ system_capacity: 4, module_type: 1, losses: 14, array_type: arrayType, tilt: 25, azimuth: 170, dc_ac_ratio: 1.2, gcr: 0.4, inv_eff: 96 },
        ...{ bifaciality, albedo: [0.3], use_wf_albedo: false, soiling: [2] },
      };
      assert.deepEqual(await pool.run(pvwattsV8, 'v8:boulder', site, bytes, v8), simulateV8(v8, site), `${arrayType} ${bifaciality}`);
    }
  }
  assert.deepEqual(await pool.run(pvwattsV5, 'miami', miami, siteBytes(miami), system(1)), simulate(system(1), miami));
});

test('the runner: an estimate alone runs here; estimates in flight together go to the workers, which start then', { skip }, async () => {
  const runner = new EstimateRunner(2, 1e9);
  try {
    const bytes = siteBytes(miami);
    assert.deepEqual(await runner.monthly(pvwattsV5, 'miami', miami, bytes, system(1)), simulate(system(1), miami));
    assert.equal(runner.threadsStarted, false, 'alone: no thread was needed');
    const systems = Array.from({ length: 8 }, (_, i) => system(i % 5, { tilt: 5 * i }));
    const results = await Promise.all(systems.map((each) => runner.monthly(pvwattsV5, 'miami', miami, bytes, each)));
    for (const [i, result] of results.entries()) assert.deepEqual(result, simulate(systems[i]!, miami), String(i));
    assert.equal(runner.threadsStarted, true, 'together: the workers took them');
  } finally {
    await runner.close();
  }
  const here = new EstimateRunner(0, 1e9);
  await Promise.all(Array.from({ length: 4 }, () => here.monthly(pvwattsV5, 'miami', miami, siteBytes(miami), system(2))));
  assert.equal(here.threadsStarted, false, 'PV_WORKERS=0: always here');
});

test('the runner, once its workers run: a v8 estimate alone shares its records with a worker, monthly and hourly, to the bit', { skip }, async () => {
  const site = shareSite(prepareSiteV8(await readWeatherFile(weather('723170TYA.CSV'))));
  const bytes = siteBytes(site);
  let partsElsewhere = 0;
  const counted: typeof pvwattsV8 = {
    ...pvwattsV8,
    splitRun: (system, site, hourly, elsewhere) =>
      pvwattsV8.splitRun!(system, site, hourly, (claims) => {
        partsElsewhere++;
        return elsewhere(claims);
      }),
  };
  const v8 = (arrayType: number, bifaciality = 0): PvSystemV8 => ({
    ...{ system_capacity: 4, module_type: 1, losses: 14, array_type: arrayType, tilt: 25, azimuth: 170, dc_ac_ratio: 1.2, gcr: 0.4, inv_eff: 96 },
    ...{ bifaciality, albedo: [0.3], use_wf_albedo: false, soiling: [2] },
  });
  const runner = new EstimateRunner(2, 1e9);
  try {
    assert.deepEqual(await runner.monthly(counted, 'v8:boulder', site, bytes, v8(1)), simulateV8(v8(1), site));
    assert.equal(partsElsewhere, 0, 'no worker runs yet: the estimate ran here whole');
    await Promise.all(Array.from({ length: 4 }, (_, i) => runner.monthly(counted, 'v8:boulder', site, bytes, v8(i))));
    assert.equal(runner.threadsStarted, true);
    for (const arrayType of [0, 1, 4]) {
      const partsBefore: number = partsElsewhere;
      assert.deepEqual(await runner.monthly(counted, 'v8:boulder', site, bytes, v8(arrayType)), simulateV8(v8(arrayType), site), `monthly ${arrayType}`);
      const hourly = await runner.hourly(counted, 'v8:boulder', site, bytes, v8(arrayType), () => assert.fail('split, not run whole'));
      assert.deepEqual(hourly, simulateV8(v8(arrayType), site, { hourly: true }), `hourly ${arrayType}`);
      assert.equal(partsElsewhere, partsBefore + 2, `array type ${arrayType}: both split`);
    }
    // records that carry state from one to the next run in order, here
    const partsBefore: number = partsElsewhere;
    for (const system of [v8(2), v8(3), v8(1, 0.7)])
      assert.deepEqual(await runner.monthly(counted, 'v8:boulder', site, bytes, system), simulateV8(system, site));
    assert.equal(partsElsewhere, partsBefore);
    // a system the checks refuse is refused as simulateV8 refuses it
    const refused = { ...v8(1), losses: 120 };
    assert.deepEqual(await runner.monthly(counted, 'v8:boulder', site, bytes, refused), simulateV8(refused, site));
    // a record that stops the run in the middle of the year (a weather value out of range there):
    // the run stops there with simulateV8's message, whichever thread met it
    const failing = { ...site, weatherFailure: { record: 5000, message: 'the weather of this record is out of range' } };
    const stopped = simulateV8(v8(1), failing);
    assert.equal(stopped.ok, false);
    const partsBeforeFailure: number = partsElsewhere;
    assert.deepEqual(await runner.monthly(counted, 'v8:failing', failing, bytes, v8(1)), stopped);
    assert.equal(partsElsewhere, partsBeforeFailure + 1, 'split');
  } finally {
    await runner.close();
  }
});
