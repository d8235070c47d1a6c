import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import type { DataSet } from './dataset.ts';
import { DataHolder, watchDataDir } from './holder.ts';

const dir = mkdtempSync(join(tmpdir(), 'holder-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** A data set as the watcher handles it: its name, the sha256 of the manifest it was opened from, whether it was closed. */
function fakeDataSet(name: string): DataSet & { name: string; closed: boolean } {
  const dataSet = {
    name,
    closed: false,
    manifest: { sample: true },
    identity: {
      manifest_sha256: createHash('sha256')
        .update(readFileSync(join(dir, 'manifest.json')))
        .digest('hex'),
    },
    close() {
      dataSet.closed = true;
    },
  };
  return dataSet as unknown as DataSet & { name: string; closed: boolean };
}

/** A new manifest, written as the pipeline writes it: by rename. */
function writeManifest(text: string): void {
  writeFileSync(join(dir, 'manifest.json.tmp'), text);
  renameSync(join(dir, 'manifest.json.tmp'), join(dir, 'manifest.json'));
}

const nameOf = (holder: DataHolder) => (holder.dataSet as unknown as { name: string }).name;

interface Failure {
  attempts: number;
  retry_in_ms: number;
}

/** A watcher of `dir` whose opens fail `failures` times, then give a data set named after its attempt. */
function watch(holder: DataHolder, pollMs: number, failures: number) {
  const attempts: number[] = [];
  const failed: Failure[] = [];
  const watcher = watchDataDir(holder, dir, {
    pollMs,
    log: { info() {}, error: (fields: Failure) => failed.push(fields) } as never,
    open: async () => {
      attempts.push(performance.now());
      if (attempts.length <= failures) throw new Error('EMFILE: too many open files');
      return fakeDataSet(`attempt ${attempts.length}`);
    },
  });
  return { watcher, attempts, failed };
}

test('a data set that fails to open is tried again after a poll, then twice as long each time, and swapped in once it opens', async () => {
  writeManifest('{"generation": 1}');
  const first = fakeDataSet('first');
  const holder = new DataHolder(first as DataSet);
  writeManifest('{"generation": 2}');
  // the watcher starts after the manifest changed (a server replaced while it started): it is the served data set's manifest that counts
  const { watcher, attempts, failed } = watch(holder, 20, 3);
  try {
    const deadline = Date.now() + 5000;
    while (nameOf(holder) === 'first' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    assert.equal(nameOf(holder), 'attempt 4');
    assert.deepEqual(
      failed.map(({ attempts, retry_in_ms }) => [attempts, retry_in_ms]),
      [
        [1, 20],
        [2, 40],
        [3, 80],
      ],
    );
    for (const [retry, waitMs] of [20, 40, 80].entries())
      assert.ok(attempts[retry + 1]! - attempts[retry]! >= waitMs - 1, `retry ${retry + 1} waited ${waitMs} ms`);
    assert.equal(first.closed, true, 'the previous data set is closed once replaced');
  } finally {
    watcher.close();
  }
});

test('the manifest served is not opened again; a new manifest is tried at once, whatever a failed one waits for', async () => {
  writeManifest('{"generation": 1}');
  const holder = new DataHolder(fakeDataSet('first') as DataSet);
  // polls far apart: only the checks below look at the manifest
  const { watcher, attempts, failed } = watch(holder, 1_000_000, 1);
  try {
    await watcher.check();
    assert.equal(attempts.length, 0);

    writeManifest('{"generation": 2}');
    await watcher.check();
    await watcher.check();
    assert.equal(attempts.length, 1, 'the failed manifest waits for its retry');
    assert.deepEqual(failed, [{ ...failed[0]!, attempts: 1, retry_in_ms: 60_000 }], 'at most a minute');
    assert.equal(nameOf(holder), 'first');

    writeManifest('{"generation": 3}');
    await watcher.check();
    assert.equal(attempts.length, 2);
    assert.equal(nameOf(holder), 'attempt 2');
  } finally {
    watcher.close();
  }
});

test('a check asked for while another runs looks at the manifest again once that one is done', async () => {
  writeManifest('{"generation": 1}');
  const holder = new DataHolder(fakeDataSet('first') as DataSet);
  let releaseOpen: () => void = () => {};
  const opened: string[] = [];
  const watcher = watchDataDir(holder, dir, {
    pollMs: 1_000_000,
    log: { info() {}, error() {} } as never,
    open: async () => {
      const dataSet = fakeDataSet(readFileSync(join(dir, 'manifest.json'), 'utf8'));
      opened.push(dataSet.name);
      if (opened.length === 1) await new Promise<void>((resolve) => (releaseOpen = resolve));
      return dataSet;
    },
  });
  try {
    writeManifest('{"generation": 2}');
    const first = watcher.check();
    while (opened.length === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    // generation 2 is being opened (the poll's check, say) when generation 3 is written and a check asked for
    writeManifest('{"generation": 3}');
    const second = watcher.check();
    releaseOpen();
    await Promise.all([first, second]);
    assert.deepEqual(opened, ['{"generation": 2}', '{"generation": 3}']);
    assert.equal(nameOf(holder), '{"generation": 3}');
  } finally {
    watcher.close();
  }
});
