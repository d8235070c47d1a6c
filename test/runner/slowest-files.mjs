// A test reporter that prints, when the run ends, the ten test files that took longest, so that the
// next slow test is seen at once; with TEST_DURATIONS_FILE set (`run.mjs --store-durations`), it
// also writes every file's seconds there, for the next runs to start with the longest files. Used by
// test/runner/run.mjs beside the usual reporter (docs/interface.md §1.4). Plain JavaScript: Node
// loads reporters before tsx can compile TypeScript.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const SHOWN = 10;

/** @param {AsyncIterable<{ type: string, data: { nesting: number, name: string, details: { duration_ms: number, type?: string } } }>} source */
export default async function* slowestFiles(source) {
  /** @type {Array<{ file: string, ms: number }>} */
  const files = [];
  for await (const event of source) {
    const { data } = event;
    // A file's own entry: the suite a lane (test/runner/lane.ts) runs it in, named after the file.
    if (event.type === 'test:complete' && data.nesting === 0 && data.details.type === 'suite' && data.name.endsWith('.test.ts')) {
      files.push({ file: data.name, ms: data.details.duration_ms });
    }
  }
  if (files.length === 0) return;
  if (process.env.TEST_DURATIONS_FILE) storeDurations(process.env.TEST_DURATIONS_FILE, files);
  files.sort((a, b) => b.ms - a.ms);
  const cpu = cpuSecondsByFile();
  const cpuOf = (file) => (cpu.has(file) ? `${cpu.get(file).toFixed(1).padStart(7)} s CPU` : '');
  const lines = files.slice(0, SHOWN).map(({ file, ms }) => `${(ms / 1000).toFixed(1).padStart(7)} s ${cpuOf(file)}  ${file}`);
  const total = [...cpu.values()].reduce((sum, seconds) => sum + seconds, 0);
  const cpuLine = cpu.size ? `\nCPU of all ${cpu.size} files: ${total.toFixed(0)} s (a file's own process and the children it waited for)\n` : '';
  yield `\nThe ${Math.min(SHOWN, files.length)} slowest of ${files.length} test files:\n${lines.join('\n')}\n${cpuLine}`;
}

/**
 * The CPU seconds each file cost, as the lanes noted them (test/runner/lane.ts) in the run's queue
 * folder: a file's time in a lane depends on what the other lanes did meanwhile, its CPU does not.
 */
function cpuSecondsByFile() {
  const byFile = new Map();
  if (!process.env.TEST_QUEUE_DIR) return byFile;
  let text = '';
  try {
    text = readFileSync(join(process.env.TEST_QUEUE_DIR, 'cpu.jsonl'), 'utf8');
  } catch {
    return byFile;
  }
  for (const line of text.split('\n').filter(Boolean)) {
    const { file, seconds } = JSON.parse(line);
    byFile.set(file, seconds);
  }
  return byFile;
}

/** Adds this run's figures to those already in `path` (a run of some folders leaves the others' as they were). */
function storeDurations(path, files) {
  let durations = {};
  try {
    durations = JSON.parse(readFileSync(path, 'utf8'));
  } catch {}
  for (const { file, ms } of files) durations[file] = Math.round(ms / 100) / 10;
  const sorted = Object.fromEntries(Object.entries(durations).sort(([a], [b]) => (a < b ? -1 : 1)));
  writeFileSync(path, `${JSON.stringify(sorted, null, 2)}\n`);
}
