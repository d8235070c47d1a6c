// Where the test data lives (docs/test-data.md §1), for every test and benchmark: beside the checkout, or
// wherever SHARED_DIR points.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const sharedDir = process.env.SHARED_DIR ? resolve(process.env.SHARED_DIR) : resolve(import.meta.dirname, '..', '..', 'shared');

export function shared(...parts: string[]): string {
  return join(sharedDir, ...parts);
}

/** What a test of the whole test data reads (docs/test-data.md §2): the wire samples, the data and the PVWatts reference. */
const WHOLE = [['wire', 'samples'], ['data'], ['pvwatts', 'weather'], ['pvwatts', 'reference']];

/**
 * For `test(name, { skip: sharedOrSkip('pvwatts', 'weather') }, …)`: false where that part of
 * the test data (docs/test-data.md §1) exists (with no parts: all of it), else the reason to skip. With REQUIRE_SHARED=1
 * (.ci/run sets it) an absent part throws instead, so that the test file fails rather than skipping.
 */
export function sharedOrSkip(...parts: string[]): false | string {
  const missing = (parts.length ? [parts] : WHOLE).map((part) => shared(...part)).filter((path) => !existsSync(path));
  if (missing.length === 0) return false;
  const reason = `the test data is not here (docs/test-data.md): no ${missing.join(', ')} (SHARED_DIR names another place)`;
  if (process.env.REQUIRE_SHARED === '1') throw new Error(`REQUIRE_SHARED=1 but ${reason}`);
  return reason;
}
