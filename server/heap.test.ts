import assert from 'node:assert/strict';
import { test } from 'node:test';
import { collectGarbage, IdleCollector } from './heap.ts';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

test('IdleCollector: once idle for idleMs after the heap grew or values were let go; never while a request is in flight', async () => {
  let collected = 0;
  let heap = 100;
  const collect = () => {
    heap = 100;
    collected++;
  };
  const idle = new IdleCollector(40, { collect, heapSize: () => heap, minGrowthBytes: 10 });
  idle.requestStarted();
  idle.requestStarted();
  heap = 150;
  idle.requestEnded();
  await wait(80);
  assert.equal(collected, 0, 'a request is still in flight');
  idle.requestEnded();
  await wait(20);
  idle.requestStarted();
  idle.requestEnded();
  await wait(20);
  assert.equal(collected, 0, 'a request came before the process was idle long enough');
  await wait(60);
  assert.equal(collected, 1);
  idle.requestStarted();
  heap = 105;
  idle.requestEnded();
  await wait(80);
  assert.equal(collected, 1, 'a request that left little garbage is no reason to pause');
  idle.garbageLeft();
  await wait(80);
  assert.equal(collected, 2, 'cache entries let go while idle are collected, however little the heap grew');
  assert.equal(idle.collections, 2);
  idle.close();
});

/** An IdleCollector (20 ms idle, 10 units of growth) over a pretend heap of `heap.size`, whose collections are recorded in `order` and bring the heap back to 100. */
function recordingCollector(heap: { size: number }, order: string[]): IdleCollector {
  const collect = () => {
    order.push('collect');
    heap.size = 100;
  };
  return new IdleCollector(20, { collect, heapSize: () => heap.size, minGrowthBytes: 10 });
}

test('IdleCollector: what runs after a collection is not garbage to collect again, nor is what a warmed data set holds', async () => {
  const heap = { size: 100 };
  const order: string[] = [];
  const idle = recordingCollector(heap, order);
  idle.afterCollection = async () => {
    order.push('after');
    heap.size = 130;
  };
  heap.size = 150;
  idle.settle();
  idle.requestStarted();
  idle.requestEnded();
  await wait(50);
  assert.deepEqual(order, [], 'the heap has not grown since it settled');
  heap.size = 170;
  idle.requestStarted();
  idle.requestEnded();
  await wait(50);
  assert.deepEqual(order, ['collect', 'after']);
  idle.requestStarted();
  idle.requestEnded();
  await wait(50);
  assert.deepEqual(order, ['collect', 'after'], 'the 30 units the warm-up left are the new baseline');
  idle.close();
});

test('IdleCollector: afterIdle runs at every idle spell after requests, after the collection when one is made', async () => {
  const heap = { size: 100 };
  const order: string[] = [];
  const idle = recordingCollector(heap, order);
  idle.afterCollection = async () => {
    order.push('after collection');
  };
  idle.afterIdle = async () => {
    order.push('idle');
  };
  idle.requestStarted();
  idle.requestEnded();
  await wait(50);
  assert.deepEqual(order, ['idle'], 'little garbage: no collection, but the idle work');
  heap.size = 150;
  idle.requestStarted();
  await wait(50);
  assert.deepEqual(order, ['idle'], 'nothing while a request is in flight');
  idle.requestEnded();
  await wait(50);
  assert.deepEqual(order, ['idle', 'collect', 'after collection', 'idle']);
  await wait(50);
  assert.equal(order.length, 4, 'once a spell: no requests since, nothing more');
  idle.close();
});
