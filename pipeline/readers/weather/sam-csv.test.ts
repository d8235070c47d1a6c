import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parseWeatherText, readWeatherFile, WeatherFileError } from './index.ts';
import { shared, sharedOrSkip } from '../../../harness/shared-data.ts';

const weatherDir = shared('pvwatts', 'weather');
const skip = sharedOrSkip('pvwatts', 'weather');
const psm = join(weatherDir, 'phoenix_az_33.450495_-111.983688_psmv3_60_tmy.csv');
const fromTmy2 = join(weatherDir, 'USA_AZ_Phoenix_TMY2.csv');

function failsAt(line: number, pattern: RegExp) {
  return (error: unknown) => error instanceof WeatherFileError && error.line === line && pattern.test(error.problem);
}

/** A small valid SAM CSV: hourly values for 8760 records without date columns. */
function syntheticCsv(header: string, values: string, records = 8760): string {
  const rows = Array.from({ length: records }, (_, i) => `${i % 700},${(i * 7) % 300},${(i % 40) - 10}`);
  return `${header}\n${values}\nDNI,DHI,Tdry\n${rows.join('\n')}\n`;
}

describe('SAM CSV reader', { skip }, () => {
  it('reads an NSRDB PSM header: Location ID, Time Zone (not Local Time Zone), single precision', async () => {
    const weather = await readWeatherFile(psm);
    assert.equal(weather.format, 'sam-csv');
    assert.deepEqual(weather.header, {
      location: '78208',
      city: '-',
      state: '-',
      country: '-',
      source: 'NSRDB',
      lat: Math.fround(33.45),
      lon: Math.fround(-111.98),
      tz: -7,
      elev: 358,
    });
    assert.equal(weather.hasMinuteColumn, true);
  });

  it('reads a PSM record by column name (line 4004: 2013,6,16,16,30)', async () => {
    // DNI 781, DHI 109, GHI 577, Dew Point 0, Temperature 39, Pressure 960, Wind Direction 313.8,
    // Wind Speed 1.9, Surface Albedo 0.19
    const weather = await readWeatherFile(psm);
    const i = 4000;
    assert.deepEqual([weather.year[i], weather.month[i], weather.day[i], weather.hour[i], weather.minute[i]], [2013, 6, 16, 16, 30]);
    assert.deepEqual(
      [weather.dni[i], weather.dhi[i], weather.ghi[i], weather.tdew[i], weather.tdry[i], weather.pres[i], weather.wdir[i], weather.wspd[i], weather.alb[i]],
      [781, 109, 577, 0, 39, 960, Math.fround(313.8), Math.fround(1.9), Math.fround(0.19)],
    );
    assert.ok(Number.isNaN(weather.snow[i]));
  });

  it('places records at mid-hour when there is no minute column', async () => {
    // line 4004: 1973,6,16,16,581,762,127,35,-6.7,6,970,2.1,110,0,468.99
    const weather = await readWeatherFile(fromTmy2);
    assert.equal(weather.hasMinuteColumn, false);
    const i = 4000;
    assert.deepEqual(
      [
        weather.year[i],
        weather.month[i],
        weather.day[i],
        weather.hour[i],
        weather.minute[i],
        weather.ghi[i],
        weather.dni[i],
        weather.dhi[i],
        weather.tdry[i],
        weather.tdew[i],
        weather.snow[i],
        weather.poa[i],
      ],
      [1973, 6, 16, 16, 30, 581, 762, 127, 35, Math.fround(-6.7), 0, Math.fround(468.99)],
    );
    assert.equal(weather.header.lat, Math.fround(33.433333));
  });

  it('generates the date of hourly files without date columns', () => {
    const weather = parseWeatherText('s.csv', syntheticCsv('Latitude,Longitude,Time Zone,Year', '40,-105,-7,2001'));
    assert.deepEqual([weather.year[0], weather.month[0], weather.day[0], weather.hour[0], weather.minute[0]], [2001, 1, 1, 0, 30]);
    const march1 = (31 + 28) * 24 + 5;
    assert.deepEqual([weather.month[march1], weather.day[march1], weather.hour[march1]], [3, 1, 5]);
    assert.deepEqual([weather.month[8759], weather.day[8759], weather.hour[8759]], [12, 31, 23]);
    assert.equal(weather.dhi[10], 70);
    assert.equal(weather.tdry[45], -5);
  });

  it('uses the 1900 start year without a year column or value', () => {
    const weather = parseWeatherText('s.csv', syntheticCsv('lat,lon,tz', '40,-105,-7'));
    assert.equal(weather.year[100], 1900);
  });

  describe('rejects malformed files', () => {
    it('metadata lines of different lengths', () => {
      assert.throws(() => parseWeatherText('s.csv', syntheticCsv('lat,lon,tz,elev', '40,-105,-7')), failsAt(2, /3 fields but line 1 has 4/));
    });

    it('a missing time zone', () => {
      assert.throws(() => parseWeatherText('s.csv', syntheticCsv('lat,lon,Local Time Zone', '40,-105,-7')), failsAt(2, /time zone required/));
    });

    it('missing coordinates', () => {
      assert.throws(() => parseWeatherText('s.csv', syntheticCsv('lat,long,tz', '40,,-7')), /latitude and longitude required/);
    });

    it('a record count that is no multiple of 8760', () => {
      assert.throws(() => parseWeatherText('s.csv', syntheticCsv('lat,lon,tz', '40,-105,-7', 8000)), /could not determine timestep/);
    });

    it('a data line of white space, at its line', () => {
      const text = syntheticCsv('lat,lon,tz', '40,-105,-7').replace(/\n5,35,-5\n/, '\n  \r\n');
      assert.throws(() => parseWeatherText('s.csv', text), failsAt(9, /empty data line/));
    });

    it('a minute column whose step disagrees with the record count', () => {
      const lines = readFileSync(psm, 'utf8').split('\n');
      lines[4] = lines[4]!.replace(/^(\d+,\d+,\d+,\d+),30,/, '$1,45,');
      assert.throws(() => parseWeatherText('p.csv', lines.join('\n')), /imply a 900 s step/);
    });
  });
});
