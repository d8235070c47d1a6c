// Weather readers: parsing speed (MB/s of uncompressed text) over the climate pipeline's real
// TMY3 and TMY2 files. The .gz files are decompressed and decoded first; only `parseWeatherText`
// is timed, best of a few passes over all files.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parseWeatherText } from '../pipeline/readers/weather/index.ts';
import { shared } from '../test/support/shared-data.ts';

const climateDir = shared('data', 'climate', 'weather');
const PASSES = 5;

function loadTexts(directory: string): Array<{ name: string; text: string; bytes: number }> {
  return readdirSync(directory)
    .filter((name) => name.endsWith('.gz'))
    .map((name) => {
      const bytes = gunzipSync(readFileSync(join(directory, name)));
      return { name: name.slice(0, -'.gz'.length), text: bytes.toString('utf8'), bytes: bytes.length };
    });
}

if (!existsSync(climateDir)) {
  console.log(`climate weather files not found at ${climateDir}; nothing to measure`);
} else {
  console.log('format  files      MB   best pass   MB/s   ms/file');
  for (const format of ['tmy3', 'tmy2']) {
    const files = loadTexts(join(climateDir, format));
    const totalBytes = files.reduce((sum, file) => sum + file.bytes, 0);
    for (const file of files) parseWeatherText(file.name, file.text); // warm-up
    let best = Number.POSITIVE_INFINITY;
    for (let pass = 0; pass < PASSES; pass++) {
      const started = performance.now();
      for (const file of files) parseWeatherText(file.name, file.text);
      best = Math.min(best, performance.now() - started);
    }
    const megabytes = totalBytes / 1e6;
    console.log(
      `${format.padEnd(6)} ${String(files.length).padStart(6)} ${megabytes.toFixed(1).padStart(7)} ${best.toFixed(0).padStart(8)} ms ${(megabytes / (best / 1000)).toFixed(0).padStart(6)} ${(best / files.length).toFixed(1).padStart(9)}`,
    );
  }
}
