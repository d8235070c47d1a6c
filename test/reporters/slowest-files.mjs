// A test reporter that prints, when the run ends, the ten test files that took longest (wall time,
// each file running in a process of its own), so that the next slow test is seen at once. Used by
// `npm test` beside the usual reporter (docs/interface.md §1.4). Plain JavaScript: Node loads
// reporters before tsx can compile TypeScript.
import { relative } from 'node:path';

const SHOWN = 10;

/** @param {AsyncIterable<{ type: string, data: { nesting: number, name: string, file?: string, details: { duration_ms: number } } }>} source */
export default async function* slowestFiles(source) {
  /** @type {Array<{ file: string, ms: number }>} */
  const files = [];
  for await (const event of source) {
    const { data } = event;
    // A file's own entry: the top-level test the runner names after the file.
    if (event.type === 'test:complete' && data.nesting === 0 && data.file && data.name === data.file) {
      files.push({ file: relative(process.cwd(), data.file), ms: data.details.duration_ms });
    }
  }
  if (files.length === 0) return;
  files.sort((a, b) => b.ms - a.ms);
  const lines = files.slice(0, SHOWN).map(({ file, ms }) => `${(ms / 1000).toFixed(1).padStart(7)} s  ${file}`);
  yield `\nThe ${Math.min(SHOWN, files.length)} slowest of ${files.length} test files:\n${lines.join('\n')}\n`;
}
