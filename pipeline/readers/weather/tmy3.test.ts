import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { detectWeatherFormat, parseWeatherText, readWeatherFile, WeatherFileError } from './index.ts';
import { shared, sharedOrSkip } from '../../../harness/shared-data.ts';

const weatherDir = shared('pvwatts', 'weather');
const climateDir = shared('data', 'climate', 'weather');
const skip = sharedOrSkip('pvwatts', 'weather');
const greensboro = join(weatherDir, '723170TYA.CSV');

function failsAt(line: number | undefined, pattern: RegExp) {
  return (error: unknown) => error instanceof WeatherFileError && error.line === line && pattern.test(error.problem);
}

describe('TMY3 reader', { skip }, () => {
  it('detects TMY3 in a .csv by its 7-field header and 68/71-field label line', () => {
    const text = readFileSync(greensboro, 'utf8');
    assert.equal(detectWeatherFormat('723170TYA.CSV', text), 'tmy3');
    assert.equal(detectWeatherFormat('x.tm3', ''), 'tmy3');
    assert.equal(detectWeatherFormat('x.csv', 'a,b\n1,2\n'), 'sam-csv');
    assert.throws(() => detectWeatherFormat('x.txt', text), /unsupported weather file extension/);
  });

  it('reads the header unquoted and unsplit, numbers in single precision', async () => {
    const weather = await readWeatherFile(greensboro);
    assert.equal(weather.format, 'tmy3');
    assert.deepEqual(weather.header, {
      location: '723170',
      city: '"GREENSBORO PIEDMONT TRIAD INT"',
      state: 'NC',
      country: null,
      tz: -5,
      lat: Math.fround(36.1),
      lon: Math.fround(-79.95),
      elev: 273,
      source: null,
    });
    assert.equal(weather.length, 8760);
    assert.equal(weather.hasMinuteColumn, false);
  });

  it('reads the columns of a record (line 4003: 06/16/1989,17:00)', async () => {
    // GHI field 4 = 310, DNI 7 = 72, DHI 10 = 268, dry bulb 31 = 23.9, dew point 34 = 20.0, RH 37 = 79,
    // pressure 40 = 984, wind direction 43 = 210, wind speed 46 = 5.2, albedo 61 = 0.00
    const weather = await readWeatherFile(greensboro);
    const i = 4000;
    assert.deepEqual([weather.year[i], weather.month[i], weather.day[i], weather.hour[i], weather.minute[i]], [1989, 6, 16, 16, 30]);
    assert.deepEqual(
      [
        weather.ghi[i],
        weather.dni[i],
        weather.dhi[i],
        weather.tdry[i],
        weather.tdew[i],
        weather.rh[i],
        weather.pres[i],
        weather.wdir[i],
        weather.wspd[i],
        weather.alb[i],
      ],
      [310, 72, 268, Math.fround(23.9), 20, 79, 984, 210, Math.fround(5.2), 0],
    );
    assert.deepEqual([weather.snow[i], weather.aod[i], weather.poa[i]], [-999, -999, -999]);
  });

  it('takes hours written 0–23 as they are (first record at 00:00)', () => {
    const text = readFileSync(greensboro, 'utf8');
    const original = parseWeatherText('g.csv', text);
    const shifted = text.replace(
      /^(\d\d\/\d\d\/\d{4}),(\d\d):00/gm,
      (_, date: string, hour: string) => `${date},${String(Number(hour) - 1).padStart(2, '0')}:00`,
    );
    const weather = parseWeatherText('g.csv', shifted);
    assert.deepEqual(weather.hour, original.hour);
    assert.equal(weather.hour[0], 0);
  });

  it('skips 29 February', () => {
    const lines = readFileSync(greensboro, 'utf8').split('\n');
    const feb28 = lines.findIndex((line) => line.startsWith('02/28/') && line.slice(11, 16) === '24:00');
    lines.splice(feb28 + 1, 0, lines[feb28]!.replace('02/28/', '02/29/').replace(/,24:00,/, ',01:00,'));
    const weather = parseWeatherText('g.csv', lines.join('\n'));
    const original = parseWeatherText('g.csv', readFileSync(greensboro, 'utf8'));
    assert.deepEqual(weather.ghi, original.ghi);
    assert.ok(!weather.day.some((day, i) => day === 29 && weather.month[i] === 2));
  });

  it('reads the gzip-compressed climate files like their decompressed text', { skip: sharedOrSkip('data', 'climate', 'weather') }, async () => {
    const path = join(climateDir, 'tmy3/724699TYA.CSV.gz');
    const fromGzip = await readWeatherFile(path);
    const fromText = parseWeatherText('724699TYA.CSV', gunzipSync(readFileSync(path)).toString('utf8'));
    assert.deepEqual(fromGzip, fromText);
    assert.equal(fromGzip.header.city, '"BROOMFIELD/JEFFCO [BOULDER - SURFRAD]"');
  });

  describe('rejects malformed files with the line at fault', () => {
    const lines = existsSync(greensboro) ? readFileSync(greensboro, 'utf8').split('\n') : [];

    it('a header with 6 fields', () => {
      const bad = ['723170,GREENSBORO,NC,-5.0,36.100,-79.950', ...lines.slice(1)].join('\n');
      assert.throws(() => parseWeatherText('g.tm3', bad), failsAt(1, /7 fields.*found 6/));
    });

    it('a truncated file', () => {
      assert.throws(() => parseWeatherText('g.csv', `${lines.slice(0, 102).join('\n')}\n`), failsAt(103, /after 100 of 8760/));
    });

    it('a record with too few fields', () => {
      const bad = [...lines.slice(0, 50), lines[50]!.split(',').slice(0, 40).join(','), ...lines.slice(51)].join('\n');
      assert.throws(() => parseWeatherText('g.csv', bad), failsAt(51, /40 fields/));
    });

    it('a date without slashes', () => {
      const bad = [...lines.slice(0, 60), lines[60]!.replace(/^(\d\d)\/(\d\d)\//, '$1-$2-'), ...lines.slice(61)].join('\n');
      assert.throws(() => parseWeatherText('g.csv', bad), failsAt(61, /MM\/DD\/YYYY/));
    });

    it('a number stof cannot read', () => {
      const fields = lines[70]!.split(',');
      fields[7] = 'xy7';
      const bad = [...lines.slice(0, 70), fields.join(','), ...lines.slice(71)].join('\n');
      assert.throws(() => parseWeatherText('g.csv', bad), failsAt(71, /"xy7"/));
    });
  });
});
