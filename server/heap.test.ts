import assert from 'node:assert/strict';
import { test } from 'node:test';
import { collectGarbage } from './heap.ts';

test('collectGarbage frees what nothing refers to any more, in the old generation too', () => {
  // Allocated in a loop long enough that most of it is promoted out of the young generation, where
  // only a full collection reclaims it.
  let garbage: { index: number; text: string }[] | undefined = Array.from({ length: 400_000 }, (_, index) => ({ index, text: `item ${index}` }));
  const holding = process.memoryUsage().heapUsed;
  assert.equal(garbage.length, 400_000);
  garbage = undefined;
  collectGarbage();
  const freedMb = (holding - process.memoryUsage().heapUsed) / 2 ** 20;
  assert.ok(freedMb > 20, `freed ${freedMb.toFixed(1)} MB`);
});
