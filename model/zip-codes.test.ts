import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import type zipcodes from 'zipcodes';
import { zipCodes, zipCodesAsJson, zipCodesNamed } from './zip-codes.ts';

/** The package as JavaScript, as its own users load it. */
const asJavaScript = createRequire(import.meta.url)('zipcodes') as typeof zipcodes;

test('zipcodes read as JSON: every code of the package, U.S. and Canadian, with the very entry its JavaScript gives', () => {
  const asJson = zipCodesAsJson();
  assert.ok(asJson, 'the package is written as zip-codes.ts expects');
  assert.ok(Object.keys(asJavaScript.codes).length > 40_000);
  assert.deepEqual(asJson, asJavaScript.codes);
  assert.equal(zipCodes(), zipCodes(), 'read once, then kept');
});

test('the codes filed under a city and state are those the package’s lookupByName finds, for every tenth city and state it files and each state’s first', () => {
  const every = [...new Set(Object.values(asJavaScript.codes).map((entry) => `${entry.state}|${entry.city}`))];
  const seen = new Set<string>();
  // every tenth, and each state’s first
  const pairs = every.filter((pair, index) => {
    const state = pair.split('|')[0]!;
    const first = !seen.has(state);
    seen.add(state);
    return first || index % 10 === 0;
  });
  const states = (list: string[]) => new Set(list.map((pair) => pair.split('|')[0]));
  assert.deepEqual(states(pairs), states(every));
  const zips = (entries: Array<{ zip: string }>) => entries.map((entry) => entry.zip).sort();
  for (const pair of pairs) {
    const [state, city] = pair.split('|') as [string, string];
    assert.deepEqual(zips(zipCodesNamed(city.toLowerCase(), state)), zips(asJavaScript.lookupByName(city, state)), pair);
  }
});
