// What the top-level folders of tests and benchmarks may import (ARCHITECTURE.md, "Tests and
// benchmarks"): harness/ holds what tests and benches both use to set up, and imports nothing from
// test/ or bench/; bench/ imports nothing from test/ (it may read recorded data there by path). Read
// from the import statements of every file. harness/ and bench/ hold no tests: npm test never looks
// there, so a test put there would never run.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, it } from 'node:test';

const repoRoot = resolve(import.meta.dirname, '..');

/** The folders whose files may not import from the others named. */
const RULES: Array<{ folder: string; mayNotImport: string[] }> = [
  { folder: 'harness', mayNotImport: ['test', 'bench'] },
  { folder: 'bench', mayNotImport: ['test'] },
];

/** Every specifier a module imports or re-exports: `import … from`, `export … from`, `import '…'`, `import('…')`. */
function importSpecifiers(source: string): string[] {
  const specifiers: string[] = [];
  const patterns = [/\b(?:import|export)\s[^'";]*?\sfrom\s*['"]([^'"]+)['"]/g, /\bimport\s*['"]([^'"]+)['"]/g, /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g];
  for (const pattern of patterns) for (const match of source.matchAll(pattern)) specifiers.push(match[1]!);
  return specifiers;
}

/** Why `specifier`, imported by the file `fromFile` (a path from the repository root), breaks a rule; null if it does not. */
function violation(fromFile: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const target = relative(repoRoot, resolve(repoRoot, dirname(fromFile), specifier))
    .split(sep)
    .join('/');
  const rule = RULES.find(({ folder }) => fromFile.startsWith(`${folder}/`));
  const forbidden = rule?.mayNotImport.find((folder) => target.startsWith(`${folder}/`));
  return forbidden === undefined ? null : `${fromFile} imports ${target}`;
}

/** The .ts files under `dir`, as paths from the repository root. */
function files(dir: string): string[] {
  return readdirSync(join(repoRoot, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : files(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

describe('the layout of tests and benchmarks', () => {
  it('harness/ imports nothing from test/ or bench/, bench/ nothing from test/', () => {
    const violations: string[] = [];
    let imports = 0;
    for (const { folder } of RULES) {
      const checked = files(folder);
      assert.ok(checked.length >= 5, `${checked.length} files in ${folder}/`);
      for (const file of checked) {
        for (const specifier of importSpecifiers(readFileSync(join(repoRoot, file), 'utf8'))) {
          imports++;
          const found = violation(file, specifier);
          if (found !== null) violations.push(found);
        }
      }
    }
    assert.ok(imports > 100, `${imports} imports`);
    assert.deepEqual(violations, []);
  });

  it('catches an import from a forbidden folder, however written', () => {
    const found = [
      ['bench/pvwatts.bench.ts', '../test/support/helpers.ts'],
      ['bench/lib/server-process.ts', '../../test/pv/v8-reference.test.ts'],
      ['harness/keys.ts', '../test/support/gateway.ts'],
      ['harness/keys.ts', '../bench/lib/scratch.ts'],
      ['bench/pvwatts.bench.ts', '../harness/pv-v5-reference-cases.ts'],
      ['bench/lib/server-process.ts', '../../harness/keys.ts'],
      ['harness/keys.ts', '../server/gateway/keys.ts'],
      ['harness/pv-v8-reference-cases.ts', './pv-v5-reference-cases.ts'],
      ['test/support/helpers.ts', '../../harness/keys.ts'],
      ['bench/run.ts', 'node:child_process'],
    ].map(([file, specifier]) => violation(file!, specifier!));
    assert.deepEqual(found, [
      'bench/pvwatts.bench.ts imports test/support/helpers.ts',
      'bench/lib/server-process.ts imports test/pv/v8-reference.test.ts',
      'harness/keys.ts imports test/support/gateway.ts',
      'harness/keys.ts imports bench/lib/scratch.ts',
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
    assert.deepEqual(
      importSpecifiers(
        [
          "import { a } from '../test/a.ts';",
          "import type {\n  B,\n} from '../test/b.ts';",
          "export { c } from '../test/c.ts';",
          "import '../test/d.ts';",
          "const e = await import('../test/e.ts');",
        ].join('\n'),
      ).sort(),
      ['../test/a.ts', '../test/b.ts', '../test/c.ts', '../test/d.ts', '../test/e.ts'],
    );
  });

  it('harness/ and bench/ hold no test files, which npm test would never run', () => {
    const misplaced = RULES.flatMap(({ folder }) => files(folder)).filter((file) => file.endsWith('.test.ts'));
    assert.deepEqual(misplaced, []);
  });
});
