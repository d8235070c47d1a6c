// Every real weather file the project uses must parse: the PVWatts reference files and the climate
// pipeline's TMY2/TMY3/international files (gzip-compressed).
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { readWeatherFile, WeatherFileError } from './index.ts';
import { shared, sharedDir, sharedOrSkip } from '../../../harness/shared-data.ts';

const directories = ['pvwatts/weather', 'data/climate/weather/tmy2', 'data/climate/weather/tmy3', 'data/climate/weather/intl'];

describe('every shared weather file parses', { skip: sharedOrSkip() }, () => {
  for (const directory of directories) {
    const path = join(sharedDir, directory);
    it(`${directory}: 8760 hourly records with plausible values`, { skip: sharedOrSkip(directory) }, async () => {
      const files = readdirSync(path).filter((name) => !name.endsWith('.md'));
      assert.ok(files.length > 0);
      for (const file of files) {
        const weather = await readWeatherFile(join(path, file));
        assert.equal(weather.length, 8760, file);
        assert.equal(weather.stepSeconds, 3600, file);
        assert.ok(weather.header.lat >= -90 && weather.header.lat <= 90, file);
        assert.ok(
          weather.dni.every((value) => value >= 0 && value <= 1500),
          `${file}: DNI`,
        );
        assert.ok(
          weather.tdry.every((value) => value > -70 && value < 60),
          `${file}: dry bulb`,
        );
        assert.ok(
          weather.month.every((month, i) => month >= 1 && month <= 12 && !(month === 2 && weather.day[i] === 29)),
          file,
        );
      }
    });
  }

  it('reports errors in a gzip file against the .gz path and the line of the inner file', async () => {
    const miami = readFileSync(shared('pvwatts', 'weather', '12839.tm2'), 'utf8');
    const directory = mkdtempSync(join(tmpdir(), 'weather-'));
    try {
      const path = join(directory, '12839.tm2.gz');
      writeFileSync(path, gzipSync(`${miami.split('\n').slice(0, 11).join('\n')}\n`));
      await assert.rejects(
        readWeatherFile(path),
        (error: unknown) => error instanceof WeatherFileError && error.file === path && error.line === 12 && /after 10 of 8760/.test(error.problem),
      );
      writeFileSync(path, 'not gzip');
      await assert.rejects(readWeatherFile(path), (error: unknown) => error instanceof WeatherFileError && /cannot decompress/.test(error.problem));
    } finally {
      rmSync(directory, { recursive: true });
    }
  });
});
