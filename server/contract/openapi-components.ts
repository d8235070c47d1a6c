// The OpenAPI document's components/schemas: every schema of schemas/ as published (without our
// annotation keywords: schemas/registry.ts), named by its title, `$id` dropped (kept as
// `x-schema-url`, the URL it is served at) and every `$ref` rewritten to `#/components/schemas/…`.
import { mapSchemas, refBase } from '../../schemas/json-schema.ts';
import { schemaFiles } from '../../schemas/registry.ts';

export type Json = { [key: string]: unknown };

/** Each schema's component name: its title, or its file name where two titles are alike. */
export const componentNames = new Map<string, string>();
{
  const taken = new Set<string>();
  for (const entry of schemaFiles) {
    let name = String(entry.schema.title ?? entry.file).replace(/[^A-Za-z0-9._-]/g, '_');
    if (taken.has(name)) name = entry.file.replace(/\.schema\.json$/, '').replace(/[^A-Za-z0-9._-]/g, '_');
    taken.add(name);
    componentNames.set(entry.id, name);
  }
}

/** `#/components/schemas/<Name>` for a schema's $id. */
export function componentRef(id: string): string {
  const name = componentNames.get(id);
  if (!name) throw new Error(`No schema with $id ${id}`);
  return `#/components/schemas/${name}`;
}

function rewriteRef(ref: string, baseId: string): string {
  const pointer = ref.includes('#') ? ref.slice(ref.indexOf('#') + 1) : '';
  return `${componentRef(refBase(ref, baseId))}${pointer}`;
}

/** A deep copy of a schema (or a part of one) whose `$ref`s point into components/schemas. */
export function rewriteSchema(node: unknown, baseId: string): unknown {
  return mapSchemas(node, (schema) => (typeof schema.$ref === 'string' ? { ...schema, $ref: rewriteRef(schema.$ref, baseId) } : schema));
}

/** components/schemas: every schema as published, `$id` kept as `x-schema-url`. */
export function schemaComponents(): Json {
  const components: Json = {};
  for (const entry of schemaFiles) {
    const { $id: _id, $schema: _dialect, ...rest } = entry.published;
    components[componentNames.get(entry.id)!] = { ...(rewriteSchema(rest, entry.id) as Json), 'x-schema-url': entry.id };
  }
  return components;
}

export const ref = (id: string) => ({ $ref: componentRef(id) });
