// pv/ is a library: the PV models and nothing of the service around them. Its files (tests
// included) may import each other, the weather record they read (model/weather.ts) and Node's
// built-in modules, but nothing from server/ or pipeline/, no package, and nothing that speaks HTTP.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, it } from 'node:test';

const libraryDir = import.meta.dirname;
const repoRoot = dirname(libraryDir);

/** Every specifier a module imports or re-exports: `import … from`, `export … from`, `import '…'`, `import('…')`. */
function importSpecifiers(source: string): string[] {
  const specifiers: string[] = [];
  const patterns = [/\b(?:import|export)\s[^'";]*?\sfrom\s*['"]([^'"]+)['"]/g, /\bimport\s*['"]([^'"]+)['"]/g, /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g];
  for (const pattern of patterns) for (const match of source.matchAll(pattern)) specifiers.push(match[1]!);
  return specifiers;
}

/** Node modules that serve or send HTTP. */
const HTTP_MODULES = new Set(['http', 'https', 'http2', 'node:http', 'node:https', 'node:http2']);

/** Why `specifier`, imported by the file `fromFile`, is not allowed in the library; null if it is. */
function boundaryViolation(fromFile: string, specifier: string): string | null {
  if (specifier.startsWith('.')) {
    const target = relative(repoRoot, resolve(dirname(fromFile), specifier))
      .split(sep)
      .join('/');
    if (target.startsWith('server/') || target.startsWith('pipeline/')) return `imports ${target}`;
    if (target.startsWith('pv/') || target.startsWith('model/')) return null;
    return `imports ${target}, outside pv/ and model/`;
  }
  if (HTTP_MODULES.has(specifier)) return `imports ${specifier}`;
  if (specifier.startsWith('node:')) return null;
  return `imports the package ${specifier}`;
}

function libraryFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return libraryFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

describe('the pv/ library', () => {
  it('imports nothing from server/, pipeline/, packages or HTTP', () => {
    // this file is left out: its examples of forbidden imports below are strings
    const files = libraryFiles(libraryDir).filter((file) => file !== import.meta.filename);
    assert.ok(files.length > 40, `${files.length} files`);
    const violations: string[] = [];
    let imports = 0;
    for (const file of files) {
      for (const specifier of importSpecifiers(readFileSync(file, 'utf8'))) {
        imports++;
        const violation = boundaryViolation(file, specifier);
        if (violation !== null) violations.push(`${relative(repoRoot, file)} ${violation}`);
      }
    }
    assert.ok(imports > 100, `${imports} imports`);
    assert.deepEqual(violations, []);
  });

  it('catches each kind of forbidden import', () => {
    const file = join(libraryDir, 'v5', 'site.ts');
    const source = [
      "import type { WeatherData } from '../../model/weather.ts';",
      "import { prepareSite } from './site.ts';",
      "import {\n  ClimateStore,\n} from '../../server/data/climate.ts';",
      "export { readWeatherFile } from '../../pipeline/readers/weather/index.ts';",
      "import '../../server/main.ts';",
      "const later = await import('node:http');",
      "import express from 'express';",
      "import { readFileSync } from 'node:fs';",
    ].join('\n');
    const found = importSpecifiers(source).map((specifier) => boundaryViolation(file, specifier));
    assert.deepEqual(found.sort(), [
      'imports node:http',
      'imports pipeline/readers/weather/index.ts',
      'imports server/data/climate.ts',
      'imports server/main.ts',
      'imports the package express',
      null,
      null,
      null,
    ]);
  });
});
