// Sample data sets shared by the test files of a run. Most HTTP tests need a small sample to serve
// and assert nothing about how it was built; building the same one in each file cost a second of
// CPU each time. The first file that asks for a sample builds it with the real pipeline into a cache
// entry (<tmpdir>/nrel-compat-test-samples, keyed by the options and the text of every file that can
// change its bytes); every file then serves its own folder of hard links to that entry. The pipeline
// never writes into a file it has written (a rebuild writes new files and renames the manifest), so a
// test that rebuilds into its folder leaves the entry as it was.
import { version as duckdbVersion } from '../../model/duckdb.ts';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { claimCacheEntry } from '../../pipeline/cache-entry-lock.ts';
import type { Manifest } from '../../pipeline/dataset-writer.ts';
import type { SampleOptions } from '../../pipeline/sample/options.ts';
import { buildQuietly, repoRoot, temporaryDir } from './helpers.ts';

const ROOT = join(tmpdir(), 'nrel-compat-test-samples');
/** An entry nobody used for this long was made by an older checkout: removed. */
const UNUSED_FOR_MS = 24 * 3600_000;
/** Longer than any sample build takes, even on a busy machine: an older lock was left by a process that died. */
const STALE_LOCK_MS = 10 * 60_000;

/** Every source file under the folders whose code or schemas make a data set's bytes. */
function sourcesOf(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'fixtures' ? [] : sourcesOf(path);
      return /\.(ts|json)$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : [];
    })
    .sort();
}

const keyOfOptions = new Map<string, string>();
/** The cache entry of `options`; the same for every file a process runs, so worked out once. */
function entryKey(options: SampleOptions): string {
  const optionsText = JSON.stringify(options);
  let key = keyOfOptions.get(optionsText);
  if (key === undefined) {
    key = hashOfSources(options);
    keyOfOptions.set(optionsText, key);
  }
  return key;
}

function hashOfSources(options: SampleOptions): string {
  const hash = createHash('sha256').update(JSON.stringify({ options, duckdb: duckdbVersion() }));
  for (const dir of ['pipeline', 'model', 'schemas', 'pv']) for (const path of sourcesOf(join(repoRoot, dir))) hash.update(path).update(readFileSync(path));
  return hash.digest('hex').slice(0, 24);
}

/** Links every file of `from` into `to`, but copies the manifest: a test may rewrite it in place. */
function linkTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (entry.isDirectory()) linkTree(join(from, entry.name), join(to, entry.name));
    else if (entry.name === 'manifest.json') copyFileSync(join(from, entry.name), join(to, entry.name));
    else linkSync(join(from, entry.name), join(to, entry.name));
  }
}

function removeUnusedEntries(): void {
  for (const name of readdirSync(ROOT)) {
    if (name.endsWith('.lock')) continue;
    const path = join(ROOT, name);
    if (Date.now() - statSync(path).mtimeMs > UNUSED_FOR_MS) rmSync(path, { recursive: true, force: true });
  }
}

/**
 * A folder holding the sample data set of `options`, built by the real pipeline (once per run for
 * the same options), for a test to serve; and its manifest.
 */
export async function sampleDataSet(options: SampleOptions): Promise<{ dataDir: string; manifest: Manifest }> {
  mkdirSync(ROOT, { recursive: true });
  const entry = join(ROOT, entryKey(options));
  await buildEntryOnce(entry, options);
  const now = new Date();
  utimesSync(entry, now, now);
  const dataDir = temporaryDir('sample');
  linkTree(entry, dataDir);
  return { dataDir, manifest: JSON.parse(readFileSync(join(dataDir, 'manifest.json'), 'utf8')) as Manifest };
}

/**
 * Builds the entry unless it is there. The lanes of a run start together on files that want the
 * same samples: the first takes the entry's lock and builds it, and the others wait for it rather
 * than build it again.
 */
async function buildEntryOnce(entry: string, options: SampleOptions): Promise<void> {
  const release = await claimCacheEntry(`${entry}.lock`, () => existsSync(entry), { staleMs: STALE_LOCK_MS, pollMs: 100 });
  if (existsSync(entry)) return;
  try {
    removeUnusedEntries();
    const staging = temporaryDir('test-sample');
    await buildQuietly({ outDir: staging, sample: options });
    try {
      renameSync(staging, entry);
    } catch (error) {
      // built without the lock (it could not be had), and another file published the same bytes first
      if (!existsSync(entry)) throw error;
    }
  } finally {
    release?.();
  }
}
