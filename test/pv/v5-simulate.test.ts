import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { readWeatherFile, type WeatherData } from '../../pipeline/readers/weather/index.ts';
import { prepareSite, simulate, type PvResult, type PvSystem } from '../../pv/v5/index.ts';
import { shared, sharedOrSkip } from '../../harness/shared-data.ts';

const weatherDir = shared('pvwatts', 'weather');
const skip = sharedOrSkip('pvwatts', 'weather');
const system: PvSystem = { system_capacity: 4, module_type: 0, losses: 14, array_type: 0, tilt: 30, azimuth: 180, dc_ac_ratio: 1.2, gcr: 0.4, inv_eff: 96 };

function annualAc(result: PvResult): number {
  assert.ok(result.ok, result.ok ? '' : result.error);
  return result.outputs.ac_annual;
}

/** The same weather placed in the southern hemisphere (latitude negated). */
function southern(weather: WeatherData): WeatherData {
  return { ...weather, header: { ...weather.header, lat: -weather.header.lat } };
}

describe('a whole PVWatts run (§13)', { skip }, () => {
  it('in the southern hemisphere, an array facing north (azimuth 0) yields more than one facing south', async () => {
    for (const file of ['723170TYA.CSV', 'phoenix_az_33.450495_-111.983688_psmv3_60_tmy.csv']) {
      const site = prepareSite(southern(await readWeatherFile(join(weatherDir, file))));
      const north = annualAc(simulate({ ...system, azimuth: 0 }, site));
      const south = annualAc(simulate({ ...system, azimuth: 180 }, site));
      assert.ok(north > 1.3 * south, `${file}: north ${north}, south ${south}`);
      const fixed = annualAc(simulate({ ...system, tilt: 0 }, site));
      const oneAxis = annualAc(simulate({ ...system, array_type: 2, tilt: 0, azimuth: 0 }, site));
      const backtracking = annualAc(simulate({ ...system, array_type: 3, tilt: 0, azimuth: 0 }, site));
      const twoAxis = annualAc(simulate({ ...system, array_type: 4, tilt: undefined, azimuth: undefined }, site));
      assert.ok(oneAxis > fixed && backtracking > fixed && twoAxis > backtracking, `${file}: ${fixed} ${oneAxis} ${backtracking} ${twoAxis}`);
    }
  });

  it('in the southern hemisphere, east- and west-facing arrays yield about the same', async () => {
    const site = prepareSite(southern(await readWeatherFile(join(weatherDir, '723170TYA.CSV'))));
    const east = annualAc(simulate({ ...system, azimuth: 90 }, site));
    const west = annualAc(simulate({ ...system, azimuth: 270 }, site));
    assert.ok(Math.abs(east - west) / east < 0.1, `${east} vs ${west}`);
  });

  it('returns hourly arrays only when asked, with zero power and ambient cell temperature at night', async () => {
    const site = prepareSite(await readWeatherFile(join(weatherDir, '12839.tm2')));
    const summary = simulate(system, site);
    assert.ok(summary.ok && summary.outputs.ac === undefined);
    const hourly = simulate(system, site, { hourly: true });
    assert.ok(hourly.ok && hourly.outputs.ac !== undefined && hourly.outputs.tcell !== undefined && hourly.outputs.tamb !== undefined);
    const midnight = 0;
    assert.equal(hourly.outputs.ac[midnight], 0);
    assert.equal(hourly.outputs.tcell[midnight], hourly.outputs.tamb[midnight]);
    const noon = 12;
    assert.ok(hourly.outputs.ac[noon]! > 0 && hourly.outputs.tcell[noon]! > hourly.outputs.tamb[noon]!);
    assert.deepEqual(hourly.outputs.ac_monthly, summary.outputs.ac_monthly);
    assert.deepEqual(hourly.station, { lat: 25.799999237060547, lon: -80.26667022705078, elev: 2, tz: -5, location: '12839', city: 'MIAMI', state: 'FL' });
  });

  it('fails like ssc on input errors and on out-of-range records', async () => {
    const weather = await readWeatherFile(join(weatherDir, '12839.tm2'));
    const site = prepareSite(weather);
    assert.deepEqual(simulate({ ...system, gcr: 3.5 }, site), { ok: false, error: 'fail(gcr, max=3): 3.5', station: site.station, warnings: [] });
    const north = simulate({ ...system, azimuth: 360 }, site);
    assert.ok(!north.ok && north.error === 'failed to process irradiation on surface (code: -109) [y:1962 m:1 d:1 h:0]');
    const dni = Float32Array.from(weather.dni);
    dni[5000] = 1600;
    const badRecord = simulate(system, prepareSite({ ...weather, dni }));
    assert.ok(
      !badRecord.ok && badRecord.error === 'failed to process irradiation on surface (code: -105) [y:1964 m:7 d:28 h:8]',
      badRecord.ok ? '' : badRecord.error,
    );
  });

  it('rejects sub-hourly data without a minute column', async () => {
    const weather = await readWeatherFile(join(weatherDir, '12839.tm2'));
    const doubled = { ...weather, length: 17520 };
    const result = simulate(system, prepareSite(doubled));
    assert.ok(!result.ok && result.error === 'subhourly weather files must specify the minute for each record');
  });

  it('with gcr 0 a self-shaded tracker has NaN POA and DC sums and no AC, as in ssc', async () => {
    const site = prepareSite(await readWeatherFile(join(weatherDir, '12839.tm2')));
    const result = simulate({ ...system, array_type: 2, tilt: 0, gcr: 0 }, site);
    assert.ok(result.ok);
    assert.ok(result.outputs.poa_monthly.every(Number.isNaN) && result.outputs.dc_monthly.every(Number.isNaN));
    assert.equal(result.outputs.ac_annual, 0);
  });
});
