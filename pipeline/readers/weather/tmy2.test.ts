import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parseWeatherText, readWeatherFile, WeatherFileError } from './index.ts';
import { shared, sharedOrSkip } from '../../../harness/shared-data.ts';

const weatherDir = shared('pvwatts', 'weather');
const climateDir = shared('data', 'climate', 'weather');
const skip = sharedOrSkip('pvwatts', 'weather');
const miami = join(weatherDir, '12839.tm2');

function failsAt(line: number, pattern: RegExp) {
  return (error: unknown) => error instanceof WeatherFileError && error.line === line && pattern.test(error.problem);
}

describe('TMY2 reader', { skip }, () => {
  it('reads the header: WBAN, city, state, time zone, degrees + minutes/60 in double, elevation', async () => {
    const weather = await readWeatherFile(miami);
    assert.equal(weather.format, 'tmy2');
    assert.deepEqual(weather.header, {
      location: '12839',
      city: 'MIAMI',
      state: 'FL',
      country: null,
      lat: 25 + 48 / 60,
      lon: -(80 + 16 / 60),
      tz: -5,
      elev: 2,
      source: null,
    });
    assert.equal(weather.length, 8760);
    assert.equal(weather.stepSeconds, 3600);
    assert.equal(weather.hasMinuteColumn, false);
  });

  it('reads the fixed-width values of a record (line 4001: 16 June 1970, hour 16)', async () => {
    // " 70061616097213240348C40115E40268E50402I40100I40329I50853I508A707A70300A70211A7059A71014A7100A7052A7…000A7…"
    const weather = await readWeatherFile(miami);
    const i = 3999; // (31+28+31+30+31+16−1)·24 + 15
    const record = {
      year: weather.year[i],
      month: weather.month[i],
      day: weather.day[i],
      hour: weather.hour[i],
      minute: weather.minute[i],
      ghi: weather.ghi[i],
      dni: weather.dni[i],
      dhi: weather.dhi[i],
      tdry: weather.tdry[i],
      tdew: weather.tdew[i],
      rh: weather.rh[i],
      pres: weather.pres[i],
      wdir: weather.wdir[i],
      wspd: weather.wspd[i],
      snow: weather.snow[i],
      alb: weather.alb[i],
      poa: weather.poa[i],
      aod: weather.aod[i],
    };
    assert.deepEqual(record, {
      year: 1970,
      month: 6,
      day: 16,
      hour: 15,
      minute: 30,
      ghi: 348,
      dni: 115,
      dhi: 268,
      tdry: Math.fround(30.0),
      tdew: Math.fround(21.1),
      rh: 59,
      pres: 1014,
      wdir: 100,
      wspd: Math.fround(5.2),
      snow: 0,
      alb: -999,
      poa: -999,
      aod: -999,
    });
    assert.ok(Number.isNaN(weather.twet[i]));
  });

  it('skips a 29 February line and reads the next line into the same record', () => {
    const lines = readFileSync(miami, 'utf8').split('\n');
    const original = parseWeatherText('miami.tm2', lines.join('\n'));
    const lastOfFebruary = 59 * 24; // index of the line of 28 February, hour 24 (line 0 is the header)
    assert.match(lines[lastOfFebruary]!, /^ \d\d022824/);
    const leapDay = `${lines[lastOfFebruary]!.slice(0, 3)}0229${lines[lastOfFebruary]!.slice(7)}`;
    lines.splice(lastOfFebruary + 1, 0, leapDay.replace(/^(.{17})..../, '$19999'));
    const withLeapDay = parseWeatherText('miami.tm2', lines.join('\n'));
    assert.equal(withLeapDay.length, 8760);
    assert.deepEqual(withLeapDay.dni, original.dni);
    assert.deepEqual(withLeapDay.day, original.day);
  });

  it('reads every real TMY2 file of the climate set (gzip) with 8760 plausible records', { skip: sharedOrSkip('data', 'climate', 'weather') }, async () => {
    const boulder = await readWeatherFile(join(climateDir, 'tmy2/94018.tm2.gz'));
    assert.equal(boulder.header.city, 'BOULDER');
    assert.equal(boulder.header.lat, 40 + 1 / 60);
    assert.equal(boulder.length, 8760);
    assert.equal(Math.max(...boulder.dni), Math.max(...boulder.dni.filter((v) => v <= 1500)));
  });

  it('reads the blank-signed zero " 000" of real files as 0', async () => {
    const lines = readFileSync(miami, 'utf8').split('\n');
    lines[5] = `${lines[5]!.slice(0, 67)} 000${lines[5]!.slice(71)}`;
    const weather = parseWeatherText('miami.tm2', lines.join('\n'));
    assert.equal(weather.tdry[4], 0);
  });

  describe('rejects malformed files with the line at fault', () => {
    const text = existsSync(miami) ? readFileSync(miami, 'utf8') : '';
    const lines = text.split('\n');

    it('a header without the coordinates', () => {
      const bad = ['12839 MIAMI FL -5', ...lines.slice(1)].join('\n');
      assert.throws(() => parseWeatherText('m.tm2', bad), failsAt(1, /header/));
    });

    it('a truncated file', () => {
      const bad = `${lines.slice(0, 5001).join('\n')}\n`;
      assert.throws(() => parseWeatherText('m.tm2', bad), failsAt(5002, /after 5000 of 8760 records/));
    });

    it('a short line', () => {
      const bad = [...lines.slice(0, 100), lines[100]!.slice(0, 90), ...lines.slice(101)].join('\n');
      assert.throws(() => parseWeatherText('m.tm2', bad), failsAt(101, /characters/));
    });

    it('a value that is not a number', () => {
      const line = lines[200]!;
      const bad = [...lines.slice(0, 200), `${line.slice(0, 23)}01x5${line.slice(27)}`, ...lines.slice(201)].join('\n');
      assert.throws(() => parseWeatherText('m.tm2', bad), failsAt(201, /direct normal radiation.*01x5/));
    });

    it('a last record without a line ending', () => {
      assert.throws(() => parseWeatherText('m.tm2', text.replace(/\n$/, '')), failsAt(8761, /line ending/));
    });
  });
});
