import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Admission } from './admission.ts';

/** Lets every resolved promise's callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

test('at most `limit` requests hold a place; the others begin in the order they came, one as each leaves', async () => {
  const admission = new Admission(2);
  const began: number[] = [];
  for (let i = 0; i < 5; i++) void admission.enter().then(() => began.push(i));
  await settle();
  assert.deepEqual(began, [0, 1]);
  assert.deepEqual(admission.stats, { active: 2, waiting: 3, limit: 2 });
  admission.leave();
  await settle();
  assert.deepEqual(began, [0, 1, 2]);
  admission.leave();
  admission.leave();
  await settle();
  assert.deepEqual(began, [0, 1, 2, 3, 4]);
  assert.deepEqual(admission.stats, { active: 2, waiting: 0, limit: 2 });
  admission.leave();
  admission.leave();
  assert.deepEqual(admission.stats, { active: 0, waiting: 0, limit: 2 });
});
