// The `zipcodes` package's table: U.S. ZIP codes and Canada's forward sortation areas (a postal
// code's first three characters) at their centroids, with the city and state each is filed under,
// as the package's `codes` export merges them. The server's geocoder and the pipeline's place
// checks and sample read it here.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type zipcodes from 'zipcodes';

export type ZipCodes = (typeof zipcodes)['codes'];
export type ZipCodeEntry = ZipCodes[string];

/**
 * The package's codes read as the JSON they are written in: `zipcodes` writes each table as
 * `exports.codes = {…};` on a line of its own. Parsed as JSON they take about 20 MB of resident
 * memory and 130 ms; loaded as JavaScript, about 60–90 MB and 300 ms (V8 keeps what it compiled of
 * a 5 MB literal). Undefined when a file is not written so (a later version of the package).
 */
export function zipCodesAsJson(): ZipCodes | undefined {
  const PREFIX = 'exports.codes = ';
  try {
    // The package's main module is lib/index.js, beside the tables.
    const dir = dirname(createRequire(import.meta.url).resolve('zipcodes'));
    const tables = ['codes.js', 'codesCanada.js'].map((file) => {
      const line = readFileSync(join(dir, file), 'utf8').split('\n', 1)[0]!;
      if (!line.startsWith(PREFIX) || !line.endsWith(';')) throw new Error(`${file} is not written as expected`);
      return JSON.parse(line.slice(PREFIX.length, -1)) as ZipCodes;
    });
    return Object.assign({}, ...tables) as ZipCodes;
  } catch {
    return undefined;
  }
}

let kept: ZipCodes | undefined;

/**
 * Every code, read on first use and kept for the process (a build's: the server builds its own
 * gazetteer from `zipCodesAsJson` and keeps only that): as JSON where the package allows, else
 * loaded as JavaScript.
 */
export function zipCodes(): ZipCodes {
  kept ??= zipCodesAsJson() ?? (createRequire(import.meta.url)('zipcodes') as typeof zipcodes).codes;
  return kept;
}

let byCity: Map<string, ZipCodeEntry[]> | undefined;

/** The entries filed under a state (its code) and a city (any case), as the package's `lookupByName` finds them. */
export function zipCodesNamed(city: string, state: string): ZipCodeEntry[] {
  const key = (entryState: string, entryCity: string) => `${entryState}|${entryCity.toUpperCase()}`;
  if (byCity === undefined) {
    byCity = new Map();
    for (const entry of Object.values(zipCodes())) {
      const filed = byCity.get(key(entry.state, entry.city));
      if (filed) filed.push(entry);
      else byCity.set(key(entry.state, entry.city), [entry]);
    }
  }
  return byCity.get(key(state, city)) ?? [];
}
