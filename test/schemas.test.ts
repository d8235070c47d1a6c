// The schemas are the single source of truth: each compiles, each $id is the URL it is served at,
// and types/ is exactly what json-schema-to-typescript makes of them today.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { generateTypes, typesDir } from '../scripts/generate-types.ts';
import { schemaFiles, shapeFor, validatorFor } from '../schemas/registry.ts';

test('every schema compiles, and its $id is /api/schemas/ followed by its file path', () => {
  assert.ok(schemaFiles.length >= 10);
  for (const entry of schemaFiles) {
    assert.equal(entry.id, `/api/schemas/${entry.file}`);
    assert.equal(entry.schema.$schema, 'https://json-schema.org/draft/2020-12/schema');
    assert.equal(typeof validatorFor(entry.id), 'function');
    assert.ok(shapeFor(entry.id));
  }
});

test('types/ is up to date with schemas/ (run `npm run types` after changing a schema)', async () => {
  const generated = await generateTypes();
  const listed = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? listed(join(dir, entry.name)) : [relative(typesDir, join(dir, entry.name))]));
  assert.ok(existsSync(typesDir), 'types/ exists');
  assert.deepEqual(listed(typesDir).sort(), [...generated.keys()].sort(), 'one generated file per schema');
  for (const [name, text] of generated) assert.equal(readFileSync(join(typesDir, name), 'utf8'), text, `types/${name} is stale`);
});
