// The NSRDB downloads' archives (docs/api.md §9.5; served by app.ts at /nsrdb-archives/<id>.zip): a `.json` download queues a job that writes
// a zip of one CSV per site and name into a folder, for the link its acknowledgement gives. Bounded:
// the sites of a job (the endpoint's check), the jobs waiting (MAX_WAITING), the folder's bytes
// (a job is refused while the archives kept hold more), memory (one CSV made at a time, when the
// zip writer comes to it) and time (an archive, and the job's record with its email, are removed
// `keepMs` after they were made; a job never finished is removed with them). Jobs run one at a
// time, in the order they came; the email is kept with the job and sent nowhere.
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { ZipFile } from 'yazl';

/** Jobs waiting behind the one being written, at most: beyond them the queue is full (the documentation's "request queue is full"). */
export const MAX_WAITING = 20;
/** How often the folder is swept of archives past their time. */
const SWEEP_MS = 60_000;
const ID_BYTES = 16;
const ARCHIVE = /^([0-9a-f]{32})\.(zip|json|zip\.partial)$/;

export interface ArchiveEntry {
  /** The file's name in the zip. */
  name: string;
  /** Its text, made when the zip writer comes to it. */
  text(): Promise<string>;
}

export interface ArchiveJob {
  entries: ArchiveEntry[];
  /** Kept with the job, never sent. */
  email: string;
  /** Called once the job is written or has failed: what it held (the data set) may go. */
  done(): void;
}

export type Submitted = { id: string } | { refused: 'queue-full' | 'disk-full' };

export type ArchiveState = 'waiting' | 'ready' | 'failed' | 'unknown';

export interface ArchiveOptions {
  dir: string;
  /** How long an archive is kept after it was made, ms. */
  keepMs: number;
  /** The bytes the kept archives may hold before new jobs are refused. */
  maxBytes: number;
  now?: () => number;
  log?: (line: string) => void;
}

export class NsrdbArchives {
  readonly dir: string;
  private readonly queue: Array<{ id: string; job: ArchiveJob }> = [];
  private readonly states = new Map<string, Exclude<ArchiveState, 'unknown'>>();
  private running = false;
  private closed = false;
  /** Stops the job being written (`close`). */
  private stopWriting: (() => void) | undefined;
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly options: ArchiveOptions) {
    this.dir = options.dir;
    mkdirSync(this.dir, { recursive: true });
    this.removeExpired();
    this.sweeper = setInterval(() => this.removeExpired(), SWEEP_MS).unref();
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /** Queues a job, or refuses it when the queue or the folder is full. */
  submit(job: ArchiveJob): Submitted {
    if (this.closed || this.queue.length >= MAX_WAITING) return { refused: 'queue-full' };
    if (this.keptBytes() >= this.options.maxBytes) return { refused: 'disk-full' };
    const id = randomBytes(ID_BYTES).toString('hex');
    writeFileSync(join(this.dir, `${id}.json`), JSON.stringify({ email: job.email, files: job.entries.map((entry) => entry.name), queued_at: this.now() }));
    this.states.set(id, 'waiting');
    this.queue.push({ id, job });
    void this.run();
    return { id };
  }

  /** Where a job stands: waiting (or being written), ready, failed, or unknown (never made here, or removed). */
  state(id: string): ArchiveState {
    if (!/^[0-9a-f]{32}$/.test(id)) return 'unknown';
    const known = this.states.get(id);
    if (known) return known;
    // made by another process sharing the folder
    return statSync(this.zipPath(id), { throwIfNoEntry: false }) ? 'ready' : 'unknown';
  }

  zipPath(id: string): string {
    return join(this.dir, `${id}.zip`);
  }

  /** Waits for the jobs queued so far (tests, a clean stop). */
  async settled(): Promise<void> {
    while (this.running || this.queue.length > 0) await new Promise((resolve) => setTimeout(resolve, 10));
  }

  /**
   * Stops taking jobs; the waiting ones are dropped and the one being written is stopped, its partial
   * zip removed (their holds let go, their records removed): a server that stops does not wait for a
   * job of a hundred sites.
   */
  close(): void {
    this.closed = true;
    clearInterval(this.sweeper);
    for (const { id, job } of this.queue.splice(0)) this.drop(id, job);
    this.stopWriting?.();
  }

  private drop(id: string, job: ArchiveJob): void {
    this.states.delete(id);
    rmSync(join(this.dir, `${id}.json`), { force: true });
    job.done();
  }

  private async run(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (let next = this.queue.shift(); next; next = this.queue.shift()) {
        const { id, job } = next;
        try {
          await this.write(id, job);
          this.states.set(id, 'ready');
          job.done();
        } catch (error) {
          rmSync(`${this.zipPath(id)}.partial`, { force: true });
          if (this.closed) {
            this.drop(id, job);
            continue;
          }
          this.states.set(id, 'failed');
          this.options.log?.(`nsrdb archive ${id} failed: ${error instanceof Error ? error.message : String(error)}`);
          job.done();
        }
      }
    } finally {
      this.running = false;
    }
  }

  /** The zip, written beside its final name and renamed when whole: a link never serves half an archive. */
  private async write(id: string, job: ArchiveJob): Promise<void> {
    const zip = new ZipFile();
    const partial = `${this.zipPath(id)}.partial`;
    const out = createWriteStream(partial);
    zip.outputStream.pipe(out);
    for (const entry of job.entries) {
      zip.addReadStreamLazy(entry.name, (callback) => {
        entry.text().then(
          (text) => callback(null, Readable.from([Buffer.from(text, 'utf8')])),
          (error: unknown) => callback(error, Readable.from([])),
        );
      });
    }
    zip.end();
    // an entry that fails (its text could not be made) is the zip's error: the file is dropped
    const failed = new Promise<never>((_, reject) => zip.once('error', reject));
    const stopped = new Promise<never>((_, reject) => (this.stopWriting = () => reject(new Error('the server stopped'))));
    try {
      await Promise.race([finished(out), failed, stopped]);
    } catch (error) {
      zip.outputStream.unpipe(out);
      out.destroy();
      throw error;
    } finally {
      this.stopWriting = undefined;
    }
    renameSync(partial, this.zipPath(id));
  }

  private keptBytes(): number {
    let bytes = 0;
    for (const name of readdirSync(this.dir)) if (ARCHIVE.test(name)) bytes += statSync(join(this.dir, name), { throwIfNoEntry: false })?.size ?? 0;
    return bytes;
  }

  /** Removes every archive, partial archive and job record older than `keepMs`. */
  removeExpired(): void {
    const edge = this.now() - this.options.keepMs;
    for (const name of readdirSync(this.dir)) {
      const match = ARCHIVE.exec(name);
      if (!match) continue;
      const path = join(this.dir, name);
      const made = statSync(path, { throwIfNoEntry: false })?.mtimeMs;
      if (made === undefined || made > edge) continue;
      rmSync(path, { force: true });
      if (this.states.get(match[1]!) !== 'waiting') this.states.delete(match[1]!);
    }
  }
}
