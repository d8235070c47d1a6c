import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RowStream, SLICE_CHARS, SLICE_MS, writeRows, type StreamSlot } from './rows.ts';

function streamOf<T>(batches: T[][]): RowStream<T> {
  return new RowStream(
    (async function* () {
      yield* batches;
    })(),
  );
}

/** A slot writing each row with `write`, and the rows of every slice it was asked for. */
function recordingSlot(batches: unknown[][], write: (row: unknown) => string): { slot: StreamSlot<string>; slices: unknown[][] } {
  const slices: unknown[][] = [];
  const slot: StreamSlot<string> = {
    stream: streamOf(batches),
    writeBatch(items, isFirstBatch) {
      slices.push(items);
      return (isFirstBatch ? '' : ',') + items.map(write).join(',');
    },
  };
  return { slot, slices };
}

async function textOf(slot: StreamSlot<string>): Promise<string[]> {
  const chunks: string[] = [];
  for await (const chunk of writeRows(slot)) chunks.push(chunk);
  return chunks;
}

function busyFor(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

test('writeRows: every row once and in order, across batches of any size, the first-batch flag on the first text only', async () => {
  const rows = Array.from({ length: 1000 }, (_, i) => i + 1);
  const { slot } = recordingSlot([rows.slice(0, 40), [], rows.slice(40, 45), rows.slice(45)], String);
  const chunks = await textOf(slot);
  assert.ok(chunks.length > 4, `${chunks.length} chunks`);
  assert.equal(chunks.join(''), rows.join(','));
});

test('writeRows: rows that are slow to write come in slices of about SLICE_MS', async () => {
  const rowMs = 1;
  const { slot, slices } = recordingSlot([Array.from({ length: 60 }, (_, i) => i)], (row) => {
    busyFor(rowMs);
    return String(row);
  });
  await textOf(slot);
  // Each row takes at least rowMs, so the first slice's cost sizes every later one.
  for (const slice of slices.slice(1)) assert.ok(slice.length <= Math.max(1, SLICE_MS / rowMs), `a slice of ${slice.length} rows`);
});

test('writeRows: long rows come in slices of at most SLICE_CHARS; cheap ones grow at most twofold a slice, up to the batch', async () => {
  const long = recordingSlot([Array.from({ length: 500 }, (_, i) => i)], () => 'x'.repeat(10_000));
  const longChunks = await textOf(long.slot);
  for (const chunk of longChunks.slice(1)) assert.ok(chunk.length <= SLICE_CHARS + 10_000, `a slice of ${chunk.length} characters`);

  const cheap = recordingSlot([Array.from({ length: 5000 }, (_, i) => i)], () => '.');
  await textOf(cheap.slot);
  const sizes = cheap.slices.map((slice) => slice.length);
  for (let i = 1; i < sizes.length; i++) assert.ok(sizes[i] <= 2 * sizes[i - 1], `slices of ${sizes[i - 1]} then ${sizes[i]} rows`);
  assert.ok(Math.max(...sizes) > 2 * sizes[0], `slices of ${sizes.join(', ')} rows`);
});
