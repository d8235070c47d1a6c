import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parseWeatherText, readWeatherFile, WeatherFileError } from './index.ts';
import { shared, sharedOrSkip } from '../../../harness/shared-data.ts';

const weatherDir = shared('pvwatts', 'weather');
const climateDir = shared('data', 'climate', 'weather');
const skip = sharedOrSkip('pvwatts', 'weather');
const amsterdam = join(weatherDir, 'NLD_Amsterdam062400_IWEC.epw');
const pvgis = join(weatherDir, 'tmy_45.000_8.000_2005_2023.epw');
const HEADER_LINES = 8;

/** The lines of a file with field `field` of record `record` replaced. */
function withField(lines: string[], record: number, field: number, value: string): string[] {
  const copy = [...lines];
  const fields = copy[HEADER_LINES + record]!.split(',');
  fields[field] = value;
  copy[HEADER_LINES + record] = fields.join(',');
  return copy;
}

describe('EPW reader', { skip }, () => {
  it('reads the LOCATION line: station id as location, numbers in single precision', async () => {
    const weather = await readWeatherFile(amsterdam);
    assert.equal(weather.format, 'epw');
    assert.deepEqual(weather.header, {
      location: '062400',
      city: 'AMSTERDAM',
      state: '-',
      country: 'NLD',
      source: 'IWEC Data',
      lat: Math.fround(52.3),
      lon: Math.fround(4.77),
      tz: 1,
      elev: -2,
    });
    assert.equal(weather.hasMinuteColumn, true);
    assert.equal(weather.stepSeconds, 3600);
  });

  it('reads a record with its literal minute (line 4009: 1996,6,16,17,60)', async () => {
    // fields: 6 dry bulb 20.2, 7 dew point 11.8, 8 RH 58, 9 pressure 102500 Pa, 13 GHI 480, 14 DNI 379, 15 DHI 246,
    // 20 wind direction 20, 21 wind speed 4.1, 30 snow depth 0
    const weather = await readWeatherFile(amsterdam);
    const i = 4000;
    assert.deepEqual([weather.year[i], weather.month[i], weather.day[i], weather.hour[i], weather.minute[i]], [1996, 6, 16, 16, 60]);
    assert.deepEqual(
      [weather.ghi[i], weather.dni[i], weather.dhi[i], weather.tdry[i], weather.tdew[i], weather.rh[i], weather.wdir[i], weather.wspd[i], weather.snow[i]],
      [480, 379, 246, Math.fround(20.2), Math.fround(11.8), 58, 20, Math.fround(4.1), 0],
    );
    // field 9, station pressure in Pa, kept in mbar as ssc 2025 reads it
    assert.equal(weather.pres[i], Math.fround(102500 * 0.01));
    assert.deepEqual([weather.alb[i], weather.aod[i], weather.poa[i]], [-999, -999, -999]);
  });

  it('fills a missing value from its neighbours and a gap by linear interpolation', () => {
    const lines = readFileSync(pvgis, 'utf8').split('\n');
    const original = parseWeatherText('p.epw', lines.join('\n'));
    let edited = withField(lines, 200, 14, '9999');
    for (const record of [100, 101, 102]) edited = withField(edited, record, 14, '9999.0');
    const weather = parseWeatherText('p.epw', edited.join('\n'));
    const dni = original.dni;
    assert.equal(weather.dni[200], Math.fround((dni[199]! + dni[201]!) / 2));
    const slope = Math.fround((dni[103]! - dni[99]!) / 4);
    for (const j of [1, 2, 3]) assert.equal(weather.dni[99 + j], Math.fround(dni[99]! + slope * j));
    assert.equal(weather.dni[103], dni[103]);
  });

  it('sets a column to −999 when no value is found within half a year back', () => {
    const lines = readFileSync(pvgis, 'utf8').split('\n');
    const noWind = lines.map((line, index) => {
      if (index < HEADER_LINES || line === '') return line;
      const fields = line.split(',');
      fields[21] = '999';
      return fields.join(',');
    });
    const weather = parseWeatherText('p.epw', noWind.join('\n'));
    assert.ok(weather.wspd.every((value) => value === -999));
    assert.ok(weather.wdir.every((value) => value !== -999));
  });

  it('reads leap-year files (8784 lines) without 29 February, and rejects them without one', () => {
    const lines = readFileSync(pvgis, 'utf8').split('\n');
    const original = parseWeatherText('p.epw', lines.join('\n'));
    const march1 = HEADER_LINES + 59 * 24;
    const leapDay = lines.slice(march1 - 24, march1).map((line) => line.replace(/^(\d+),2,28,/, '$1,2,29,'));
    const leapYear = [...lines.slice(0, march1), ...leapDay, ...lines.slice(march1)];
    const weather = parseWeatherText('p.epw', leapYear.join('\n'));
    assert.equal(weather.length, 8760);
    assert.deepEqual(weather.ghi, original.ghi);
    const noLeapDay = [...lines.slice(0, march1), ...lines.slice(march1 - 24, march1), ...lines.slice(march1)];
    assert.throws(() => parseWeatherText('p.epw', noLeapDay.join('\n')), /leap year but 2\/29 entry not found/);
  });

  it('reads a file whose last line has no line ending', { skip: sharedOrSkip('data', 'climate', 'weather') }, async () => {
    const weather = await readWeatherFile(join(climateDir, 'intl/weather_noLineEnding.epw'));
    assert.equal(weather.length, 8760);
    assert.equal(weather.hour[8759], 23);
  });

  describe('rejects malformed files', () => {
    const lines = existsSync(pvgis) ? readFileSync(pvgis, 'utf8').split('\n') : [];

    it('a LOCATION line with 9 fields, at line 1', () => {
      const bad = ['LOCATION,unknown,-,unknown,ECMWF/ERA,unknown,45.0,8.0,1', ...lines.slice(1)];
      assert.throws(
        () => parseWeatherText('p.epw', bad.join('\n')),
        (error: unknown) => error instanceof WeatherFileError && error.line === 1 && /10 fields, found 9/.test(error.problem),
      );
    });

    it('a record with too few fields, at its line', () => {
      const bad = [...lines];
      bad[HEADER_LINES + 300] = bad[HEADER_LINES + 300]!.split(',').slice(0, 20).join(',');
      assert.throws(
        () => parseWeatherText('p.epw', bad.join('\n')),
        (error: unknown) => error instanceof WeatherFileError && error.line === HEADER_LINES + 301 && /20 fields/.test(error.problem),
      );
    });

    it('a truncated file, whose line count gives no time step', () => {
      const bad = lines.slice(0, HEADER_LINES + 8000).join('\n');
      assert.throws(() => parseWeatherText('p.epw', bad), /could not determine timestep.*8000 data lines/);
    });
  });
});
