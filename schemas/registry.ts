// Every JSON Schema in schemas/, loaded once: looked up by $id, compiled by one ajv instance, and
// turned into renderer shapes. The $id of each schema is the URL it is served at.
//
// What is published of a schema (served at its $id, a component of the OpenAPI document), and what
// ajv validates with, is its file without our own annotation keywords: ajv's default strict mode,
// and so a consumer's plain `new Ajv()`, refuses a keyword it does not know ($vocabulary does not
// change that). The annotations bear on no validation; the pipeline, the server and the renderers'
// shapes read them from the files (`schemaById`, `propertiesOf`).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type Options, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { mapSchemas, resolveRef, type JsonSchema } from './json-schema.ts';

export const schemasDir = dirname(fileURLToPath(import.meta.url));

/**
 * Annotation keywords of our own, kept in the files and left out of what is published:
 * `x-csv-header` (the AFDC export column that feeds a source field, and the CSV header the server
 * writes for it), `x-comma-list` (a query parameter given as a comma list), `x-list-separator` (a query
 * parameter given as a list with another separator, such as PVWatts v8's `|`), `x-csv-columns` (a
 * record's CSV columns, in order, by their headers), `x-json-digits` (the significant digits JSON
 * writes a number with, where the real service prints fewer than the shortest round-trip text).
 */
export const annotationKeywords = ['x-csv-header', 'x-comma-list', 'x-list-separator', 'x-csv-columns', 'x-json-digits', 'x-csv-ragged'];

export interface SchemaFile {
  id: string;
  file: string;
  /** As the file holds it, annotations included. */
  schema: JsonSchema;
  /** What is served, put in the OpenAPI document and validated with: the file without our annotation keywords. */
  published: JsonSchema;
}

function withoutAnnotations(schema: JsonSchema): JsonSchema {
  return mapSchemas(schema, (node) => Object.fromEntries(Object.entries(node).filter(([keyword]) => !annotationKeywords.includes(keyword)))) as JsonSchema;
}

function listSchemaFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return listSchemaFiles(path);
    return entry.name.endsWith('.schema.json') ? [path] : [];
  });
}

export const schemaFiles: SchemaFile[] = listSchemaFiles(schemasDir)
  .sort()
  .map((path) => {
    const schema = JSON.parse(readFileSync(path, 'utf8')) as JsonSchema;
    if (typeof schema.$id !== 'string') throw new Error(`${path} has no $id`);
    return { id: schema.$id, file: relative(schemasDir, path), schema, published: withoutAnnotations(schema) };
  });

const byId = new Map(schemaFiles.map((entry) => [entry.id, entry.schema]));

/** A schema of schemas/ by its `$id`, or undefined (a SchemaLookup for resolveRef). */
export function lookupSchema(id: string): JsonSchema | undefined {
  return byId.get(id);
}

export function schemaById(id: string): JsonSchema {
  const schema = byId.get(id);
  if (!schema) throw new Error(`No schema with $id ${id}`);
  return schema;
}

/**
 * An ajv holding every published schema, in strict mode and told of no keyword of ours. It does not
 * check the schemas against the 2020-12 meta-schema (50 ms of every process that validates):
 * test/schemas.test.ts does, with `validateSchema: true`.
 */
export function createAjv(options: Options = {}): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true, validateSchema: false, ...options });
  addFormats.default(ajv);
  for (const entry of schemaFiles) ajv.addSchema(entry.published);
  return ajv;
}

const ajv = createAjv();

/**
 * The validator of a schema by its `$id`. It is compiled on its first call, not here: modules keep
 * their validators as constants, and compiling every one of them when the module loads would make
 * each process that imports the pipeline pay for validators it never calls.
 */
export function validatorFor(id: string): ValidateFunction {
  schemaById(id);
  let compiled: ValidateFunction | undefined;
  const validate = ((data: unknown) => {
    compiled ??= ajv.getSchema(id)!;
    const valid = compiled(data);
    validate.errors = compiled.errors;
    return valid;
  }) as ValidateFunction;
  return validate;
}

/** A schema's properties, each with a `$ref` followed to what it names. */
export function propertiesOf(id: string): Record<string, JsonSchema> {
  const properties = (schemaById(id).properties ?? {}) as Record<string, JsonSchema>;
  return Object.fromEntries(
    Object.entries(properties).map(([name, property]) => [name, typeof property.$ref === 'string' ? resolveRef(property.$ref, id, lookupSchema) : property]),
  );
}
