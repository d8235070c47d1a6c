// The schemas are the single source of truth: each compiles, each $id is the URL it is served at,
// what is published of each is its file without our annotation keywords, and types/schemas.ts is
// exactly what json-schema-to-typescript makes of them today.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { generateTypes, typesFile } from '../scripts/generate-types.ts';
import { annotationKeywords, createAjv, schemaFiles, schemasDir } from '../schemas/registry.ts';
import { shapeFor } from '../server/formats/shape.ts';

test('every schema is valid against the 2020-12 meta-schema and compiles in strict mode, and its $id is /api/schemas/ followed by its file path', () => {
  assert.ok(schemaFiles.length >= 10);
  // each schema added is checked against the meta-schema (the server's and the pipeline's instances skip that)
  const ajv = createAjv({ validateSchema: true });
  for (const entry of schemaFiles) {
    assert.equal(entry.id, `/api/schemas/${entry.file}`);
    assert.equal(entry.schema.$schema, 'https://json-schema.org/draft/2020-12/schema');
    assert.equal(ajv.validateSchema(entry.published), true, `${entry.file}: ${ajv.errorsText(ajv.errors)}`);
    assert.equal(typeof ajv.getSchema(entry.id), 'function', entry.file);
    assert.ok(shapeFor(entry.id));
  }
});

test('what is published of a schema is its file without our annotation keywords, and nothing else is left out', () => {
  assert.ok(
    schemaFiles.some((entry) => JSON.stringify(entry.schema) !== JSON.stringify(entry.published)),
    'some files hold annotations',
  );
  for (const entry of schemaFiles) {
    const text = readFileSync(join(schemasDir, entry.file), 'utf8');
    assert.deepEqual(
      entry.published,
      JSON.parse(text, (key, value) => (annotationKeywords.includes(key) ? undefined : value)),
      entry.file,
    );
  }
});

test('types/schemas.ts is up to date with schemas/ (run `npm run types` after changing a schema)', async () => {
  const generated = await generateTypes();
  assert.ok(existsSync(typesFile), 'types/schemas.ts exists');
  assert.equal(readFileSync(typesFile, 'utf8'), generated, 'types/schemas.ts is stale');
});

test('types/schemas.ts declares every schema once, by its title', () => {
  const declared = [...readFileSync(typesFile, 'utf8').matchAll(/^export (?:interface|type) (\w+)/gm)].map((match) => match[1]);
  assert.equal(new Set(declared).size, declared.length, 'no name is declared twice');
  for (const entry of schemaFiles) assert.ok(declared.includes(String(entry.schema.title)), `${entry.file} (${entry.schema.title}) has its type`);
});
