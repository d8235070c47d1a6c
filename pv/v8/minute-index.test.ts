import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MinuteIndex } from './minute-index.ts';

test('MinuteIndex: every key added reads back its value, through growth, negative keys and colliding ones; others read −1', () => {
  const index = new MinuteIndex(2);
  const expected = new Map<number, number>();
  // minutes around J2000.0 both ways, hourly steps (as a year of records asks), and keys a table
  // of 4 slots sends to the same slot
  const keys = [
    ...Array.from({ length: 5000 }, (_, i) => -13_000_000 + 60 * i),
    ...Array.from({ length: 5000 }, (_, i) => 12_000_000 + 60 * i),
    0,
    1 << 30,
    -(1 << 30),
  ];
  keys.forEach((key, value) => {
    assert.equal(index.get(key), -1, `key ${key} before it is added`);
    index.add(key, value);
    expected.set(key, value);
  });
  for (const [key, value] of expected) assert.equal(index.get(key), value, `key ${key}`);
  for (const absent of [1, -1, 59, 12_000_001, 2 ** 31 - 1]) assert.equal(index.get(absent), -1, `absent ${absent}`);
});
