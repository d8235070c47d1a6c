import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { temporaryDir } from '../../test/support/helpers.ts';
import { zipEntries } from '../../test/support/zip.ts';
import { MAX_WAITING, NsrdbArchives } from './nsrdb-archives.ts';

const HOUR = 3_600_000;

function archivesIn(options: Partial<ConstructorParameters<typeof NsrdbArchives>[0]> = {}) {
  return new NsrdbArchives({ dir: temporaryDir('archives'), keepMs: HOUR, maxBytes: 1 << 30, ...options });
}

const entry = (name: string, text: string) => ({ name, text: async () => text });

describe('NSRDB archives', () => {
  it('writes each job’s zip, its entries in order and whole, and keeps the job’s email beside it; done is told once', async () => {
    const archives = archivesIn();
    let done = 0;
    const first = archives.submit({ entries: [entry('a.csv', 'A\n'), entry('b.csv', 'B'.repeat(200_000))], email: 'x@y.z', done: () => done++ });
    const second = archives.submit({ entries: [entry('c.csv', 'C\n')], email: 'p@q.r', done: () => done++ });
    assert.ok('id' in first && 'id' in second);
    assert.equal(archives.state(first.id), 'waiting');
    await archives.settled();
    assert.equal(done, 2);
    assert.equal(archives.state(first.id), 'ready');
    assert.deepEqual(await zipEntries(archives.zipPath(first.id)), [
      { name: 'a.csv', text: 'A\n' },
      { name: 'b.csv', text: 'B'.repeat(200_000) },
    ]);
    assert.deepEqual(await zipEntries(archives.zipPath(second.id)), [{ name: 'c.csv', text: 'C\n' }]);
    const record = JSON.parse(readFileSync(join(archives.dir, `${first.id}.json`), 'utf8'));
    assert.equal(record.email, 'x@y.z');
    assert.deepEqual(record.files, ['a.csv', 'b.csv']);
    assert.equal(archives.state('0'.repeat(32)), 'unknown');
    assert.equal(archives.state('../etc/passwd'), 'unknown');
    archives.close();
  });

  it('a job whose entry fails leaves no zip, and is failed', async () => {
    const archives = archivesIn({ log: () => {} });
    let done = false;
    const job = archives.submit({
      entries: [entry('a.csv', 'A'), { name: 'b.csv', text: () => Promise.reject(new Error('no weather')) }],
      email: 'x@y.z',
      done: () => {
        done = true;
      },
    });
    assert.ok('id' in job);
    await archives.settled();
    assert.equal(archives.state(job.id), 'failed');
    assert.equal(existsSync(archives.zipPath(job.id)), false);
    assert.equal(readdirSync(archives.dir).filter((name) => name.endsWith('.partial')).length, 0);
    assert.equal(done, true);
    archives.close();
  });

  // without the stop, settled() would wait for ever: the timeout turns that into a failure
  it('close stops the job being written: no zip, no partial file, no record; its hold let go at once', { timeout: 10_000 }, async () => {
    const archives = archivesIn({ log: () => {} });
    let done = 0;
    let reached!: () => void;
    const writing = new Promise<void>((resolve) => (reached = resolve));
    // the second entry's text never comes: only a stop ends this job
    const never = () => {
      reached();
      return new Promise<string>(() => {});
    };
    const job = archives.submit({
      entries: [entry('a.csv', 'A'.repeat(100_000)), { name: 'b.csv', text: never }],
      email: 'x@y.z',
      done: () => done++,
    });
    assert.ok('id' in job);
    await writing;
    assert.equal(archives.state(job.id), 'waiting');
    archives.close();
    await archives.settled();
    assert.equal(done, 1);
    assert.equal(archives.state(job.id), 'unknown');
    assert.deepEqual(readdirSync(archives.dir), [], 'nothing of the job left');
  });

  it(`refuses a job when ${MAX_WAITING} wait, or when the archives kept hold maxBytes; close drops the waiting ones`, async () => {
    const archives = archivesIn();
    let release!: () => void;
    const gate = new Promise<string>((resolve) => {
      release = () => resolve('slow');
    });
    const dropped: number[] = [];
    archives.submit({ entries: [{ name: 'slow.csv', text: () => gate }], email: 'x@y.z', done: () => {} });
    for (let i = 0; i < MAX_WAITING; i++) assert.ok('id' in archives.submit({ entries: [entry('w.csv', 'w')], email: 'x@y.z', done: () => dropped.push(i) }));
    assert.deepEqual(archives.submit({ entries: [entry('x.csv', 'x')], email: 'x@y.z', done: () => {} }), { refused: 'queue-full' });
    archives.close();
    assert.equal(dropped.length, MAX_WAITING, 'every waiting job let go of what it held');
    release();
    await archives.settled();

    const small = archivesIn({ maxBytes: 1 });
    const made = small.submit({ entries: [entry('a.csv', 'A')], email: 'x@y.z', done: () => {} });
    assert.ok('id' in made);
    await small.settled();
    assert.deepEqual(small.submit({ entries: [entry('b.csv', 'B')], email: 'x@y.z', done: () => {} }), { refused: 'disk-full' });
    small.close();
  });

  it('removes an archive and its job’s record once they are older than keepMs', async () => {
    let now = Date.now();
    const archives = archivesIn({ now: () => now });
    const job = archives.submit({ entries: [entry('a.csv', 'A')], email: 'x@y.z', done: () => {} });
    assert.ok('id' in job);
    await archives.settled();
    archives.removeExpired();
    assert.equal(archives.state(job.id), 'ready');
    // made two hours ago
    const past = new Date(now - 2 * HOUR);
    for (const name of readdirSync(archives.dir)) utimesSync(join(archives.dir, name), past, past);
    now += 1000;
    archives.removeExpired();
    assert.deepEqual(readdirSync(archives.dir), []);
    assert.equal(archives.state(job.id), 'unknown');
    archives.close();
  });
});
