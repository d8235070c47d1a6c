import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { Admission, type Place } from './admission.ts';

/** Lets every resolved promise's callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

test('at most `limit` requests hold a place; the others begin in the order they came, one as each leaves', async () => {
  const admission = new Admission(2);
  const began: number[] = [];
  const places: Place[] = [];
  for (let i = 0; i < 5; i++)
    void admission.enter().then((place) => {
      began.push(i);
      places.push(place!);
    });
  await settle();
  assert.deepEqual(began, [0, 1]);
  assert.deepEqual(admission.stats, { active: 2, waiting: 3, limit: 2, timedOut: 0 });
  places[0].leave();
  await settle();
  assert.deepEqual(began, [0, 1, 2]);
  places[1].leave();
  places[2].leave();
  await settle();
  assert.deepEqual(began, [0, 1, 2, 3, 4]);
  assert.deepEqual(admission.stats, { active: 2, waiting: 0, limit: 2, timedOut: 0 });
  places[3].leave();
  places[4].leave();
  assert.deepEqual(admission.stats, { active: 0, waiting: 0, limit: 2, timedOut: 0 });
});

test('a place given back twice frees one place, not two', async () => {
  const admission = new Admission(1);
  const place = (await admission.enter())!;
  place.leave();
  place.leave();
  assert.equal(admission.stats.active, 0);
  const [a, b] = [admission.enter(), admission.enter()];
  await settle();
  assert.deepEqual(admission.stats, { active: 1, waiting: 1, limit: 1, timedOut: 0 });
  (await a)!.leave();
  (await b)!.leave();
});

test('one client holds at most `perClient` places; the next request of another client passes it in the queue', async () => {
  const admission = new Admission(3, { perClient: 2 });
  const began: string[] = [];
  const places = new Map<string, Place>();
  const ask = (client: string, label: string) =>
    void admission.enter(client).then((place) => {
      began.push(label);
      places.set(label, place!);
    });
  ask('10.0.0.1', 'a1');
  ask('10.0.0.1', 'a2');
  ask('10.0.0.1', 'a3');
  ask('10.0.0.2', 'b1');
  await settle();
  assert.deepEqual(began, ['a1', 'a2', 'b1'], "a's third request waits although a place was free; b's takes it");
  places.get('b1')!.leave();
  await settle();
  assert.deepEqual(began, ['a1', 'a2', 'b1'], "the place b left is not a's: a holds its share");
  ask('10.0.0.3', 'c1');
  await settle();
  assert.deepEqual(began, ['a1', 'a2', 'b1', 'c1']);
  places.get('a1')!.leave();
  await settle();
  assert.deepEqual(began, ['a1', 'a2', 'b1', 'c1', 'a3'], "a's own place freed lets its waiting request in");
});

test('a request that waits longer than `waitMs` is refused (undefined), counted, and leaves the queue', async () => {
  const admission = new Admission(1, { waitMs: 50 });
  const held = (await admission.enter())!;
  const started = performance.now();
  const refused = await admission.enter();
  assert.equal(refused, undefined);
  assert.ok(performance.now() - started >= 45, 'it waited its time');
  assert.deepEqual(admission.stats, { active: 1, waiting: 0, limit: 1, timedOut: 1 });
  held.leave();
  assert.equal(admission.stats.active, 0, 'nobody was waiting: the place is free');
});

test('a request whose client went away leaves the queue at once, and is not counted as timed out', async () => {
  const admission = new Admission(1, { waitMs: 10_000 });
  const held = (await admission.enter())!;
  const gone = new AbortController();
  const waiting = admission.enter('', gone.signal);
  const next = admission.enter();
  await settle();
  gone.abort();
  assert.equal(await waiting, undefined);
  assert.deepEqual(admission.stats, { active: 1, waiting: 1, limit: 1, timedOut: 0 });
  held.leave();
  const place = await Promise.race([next, sleep(1000).then(() => 'late' as const)]);
  assert.notEqual(place, 'late', 'the place went to the next request, not to the one that left');
  (place as Place).leave();
  assert.equal(await admission.enter('', AbortSignal.abort()), undefined, 'already gone: no place is taken');
  assert.equal(admission.stats.active, 0);
});
