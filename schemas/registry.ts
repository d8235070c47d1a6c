// Every JSON Schema in schemas/, loaded once: looked up by $id, compiled by one ajv instance, and
// turned into renderer shapes. The $id of each schema is the URL it is served at.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type Options, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { resolveRef, type JsonSchema } from './json-schema.ts';

export const schemasDir = dirname(fileURLToPath(import.meta.url));

/** Annotation keywords of our own (OpenAPI allows `x-` extensions); ajv must know them. */
export const annotationKeywords = ['x-csv-header', 'x-comma-list', 'x-examples'];

export interface SchemaFile {
  id: string;
  file: string;
  schema: JsonSchema;
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
    return { id: schema.$id, file: relative(schemasDir, path), schema };
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

export function createAjv(options: Options = {}): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true, ...options });
  addFormats.default(ajv);
  for (const keyword of annotationKeywords) ajv.addKeyword(keyword);
  for (const entry of schemaFiles) ajv.addSchema(entry.schema);
  return ajv;
}

const ajv = createAjv();

export function validatorFor(id: string): ValidateFunction {
  const validate = ajv.getSchema(id);
  if (!validate) throw new Error(`No schema with $id ${id}`);
  return validate;
}

/** A schema's properties, each with a `$ref` followed to what it names. */
export function propertiesOf(id: string): Record<string, JsonSchema> {
  const properties = (schemaById(id).properties ?? {}) as Record<string, JsonSchema>;
  return Object.fromEntries(
    Object.entries(properties).map(([name, property]) => [name, typeof property.$ref === 'string' ? resolveRef(property.$ref, id, lookupSchema) : property]),
  );
}
