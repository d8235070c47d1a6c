// Weather readers: parsing speed (MB/s of uncompressed text) over the climate pipeline's real
// TMY3 and TMY2 files. The .gz files are decompressed and decoded first; only `parseWeatherText`
// is timed, best of a few passes over all files, beside the reference: gunzip of the same files (MB/s
// of its output), the step before parsing in the pipeline.
import './lib/scratch.ts';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parseWeatherText } from '../pipeline/readers/weather/index.ts';
import { shared } from '../harness/shared-data.ts';

const climateDir = shared('data', 'climate', 'weather');
const PASSES = 5;

function loadTexts(directory: string): Array<{ name: string; gzipped: Buffer; text: string; bytes: number }> {
  return readdirSync(directory)
    .filter((name) => name.endsWith('.gz'))
    .map((name) => {
      const gzipped = readFileSync(join(directory, name));
      const bytes = gunzipSync(gzipped);
      return { name: name.slice(0, -'.gz'.length), gzipped, text: bytes.toString('utf8'), bytes: bytes.length };
    });
}

/** The best of PASSES timed passes (ms), after one untimed. */
function bestPass(pass: () => void): number {
  pass();
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < PASSES; i++) {
    const started = performance.now();
    pass();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

if (!existsSync(climateDir)) {
  console.log(`climate weather files not found at ${climateDir}; nothing to measure`);
} else {
  console.log('format  files      MB   best pass   MB/s   ms/file   gunzip MB/s (the reference)');
  for (const format of ['tmy3', 'tmy2']) {
    const files = loadTexts(join(climateDir, format));
    const megabytes = files.reduce((sum, file) => sum + file.bytes, 0) / 1e6;
    const parse = bestPass(() => {
      for (const file of files) parseWeatherText(file.name, file.text);
    });
    const gunzip = bestPass(() => {
      for (const file of files) gunzipSync(file.gzipped);
    });
    console.log(
      `${format.padEnd(6)} ${String(files.length).padStart(6)} ${megabytes.toFixed(1).padStart(7)} ${parse.toFixed(0).padStart(8)} ms ${(megabytes / (parse / 1000)).toFixed(0).padStart(6)} ${(parse / files.length).toFixed(1).padStart(9)}   ${(megabytes / (gunzip / 1000)).toFixed(0).padStart(6)}`,
    );
  }
}
