import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { readWeatherFile } from '../../pipeline/readers/weather/index.ts';
import { shared, sharedOrSkip } from '../../harness/shared-data.ts';
import { prepareSiteV8 } from '../../pv/v8/index.ts';

interface SunFixture {
  weather_dir: string;
  weather: string;
  first_record: number;
  sunup: number[];
  zenith_deg: number[];
}
const fixture = JSON.parse(readFileSync(new URL('../../pv/v8/fixtures/sun-oracle.json', import.meta.url), 'utf8')) as { files: SunFixture[] };

describe('v8 site: the sun of every record, as ssc 2025 places it (SPA, sun-up classes)', { skip: sharedOrSkip('pvwatts', 'weather') }, () => {
  for (const file of fixture.files) {
    it(`${file.weather}: sun-up class and zenith of 48 records equal the oracle's`, async () => {
      const site = prepareSiteV8(await readWeatherFile(shared(file.weather_dir, file.weather)));
      assert.equal(site.problem, null);
      for (let k = 0; k < file.sunup.length; k++) {
        const i = file.first_record + k;
        assert.equal(site.sunUp[i], file.sunup[k], `record ${i}: sun-up class`);
        if (file.sunup[k] === 0) continue;
        const zenithDeg = (site.zenithRad[i]! * 180) / Math.PI;
        assert.ok(Math.abs(zenithDeg - file.zenith_deg[k]!) <= 1e-9, `record ${i}: zenith ${zenithDeg} vs ${file.zenith_deg[k]}`);
      }
    });
  }

  it('moves the minute of an EPW file whose minutes are 60 to the middle of the hour, as ssc 2025 reads it', async () => {
    const site = prepareSiteV8(await readWeatherFile(shared('pvwatts', 'weather', 'NLD_Amsterdam062400_IWEC.epw')));
    assert.equal(site.minute[0], 30);
    assert.equal(site.hour[0], 0);
  });
});
