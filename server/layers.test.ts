// The server's layers point one way: data → formats → endpoints → app. A module may import modules of
// its own layer and of the layers below it, never one above (ARCHITECTURE.md, "Layers"). Read from
// the import statements of every module (tests aside: a test may drive a module through a higher one).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';

const repoRoot = resolve(import.meta.dirname, '..');

/** The layers, lowest first; a module's layer is the first whose pattern its path (from the repository root) matches. */
const LAYERS: Array<{ name: string; paths: RegExp }> = [
  // what any layer may use: admission queues and the heap's collection
  { name: 'foundation', paths: /^server\/(admission|heap)\.ts$/ },
  { name: 'data', paths: /^server\/(data|geocode)\// },
  { name: 'formats', paths: /^server\/formats\// },
  { name: 'endpoints', paths: /^server\/(endpoints\/|params\.ts$|request-body\.ts$|wkt-linestring\.ts$)/ },
  { name: 'app', paths: /^server\// },
];

function layerOf(path: string): number | undefined {
  if (!path.startsWith('server/')) return undefined;
  return LAYERS.findIndex((layer) => layer.paths.test(path));
}

function modules(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return modules(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

/** The relative modules a module imports or re-exports (type-only imports included: they are dependencies of its meaning). */
function importsOf(path: string): string[] {
  const text = readFileSync(path, 'utf8');
  return [...text.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+'(\.[^']+)'/gm), ...text.matchAll(/\bimport\(\s*'(\.[^']+)'\s*\)/g)].map((match) =>
    relative(repoRoot, resolve(dirname(path), match[1])),
  );
}

test('no module of server/ imports one of a higher layer', () => {
  const upward: string[] = [];
  const checked = modules(join(repoRoot, 'server'));
  for (const path of checked) {
    const from = relative(repoRoot, path);
    const layer = layerOf(from)!;
    for (const target of importsOf(path)) {
      const targetLayer = layerOf(target);
      if (targetLayer !== undefined && targetLayer > layer) upward.push(`${from} (${LAYERS[layer].name}) imports ${target} (${LAYERS[targetLayer].name})`);
    }
  }
  assert.ok(checked.length > 50, `${checked.length} modules read`);
  assert.deepEqual(upward, []);
});

test('the layers are told apart by path as ARCHITECTURE.md lists them', () => {
  assert.equal(LAYERS[layerOf('server/data/stations.ts')!].name, 'data');
  assert.equal(LAYERS[layerOf('server/geocode/index.ts')!].name, 'data');
  assert.equal(LAYERS[layerOf('server/formats/views/solar.ts')!].name, 'formats');
  assert.equal(LAYERS[layerOf('server/params.ts')!].name, 'endpoints');
  assert.equal(LAYERS[layerOf('server/gateway/index.ts')!].name, 'app');
  assert.equal(LAYERS[layerOf('server/app.ts')!].name, 'app');
  assert.equal(layerOf('pv/v8/simulate.ts'), undefined, 'pv/ is a library below every layer');
  assert.deepEqual(importsOf(join(repoRoot, 'server', 'etag.ts')).sort(), [
    'schemas/registry.ts',
    'server/data/dataset.ts',
    'server/endpoints/types.ts',
    'server/formats/negotiate.ts',
    'server/gateway/index.ts',
  ]);
});
