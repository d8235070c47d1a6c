// JSON Schema as plain data, and following a `$ref` between the schemas of schemas/: what the
// pipeline (columns, conversions), the server (parameters, renderers) and the contract all read.

export type JsonSchema = { [keyword: string]: unknown };

/** Finds a schema by its `$id` (a whole schema) or `$id#/pointer` (a part of one). */
export type SchemaLookup = (id: string) => JsonSchema | undefined;

/** The `$id` of the document a `$ref` names, relative to the schema it appears in. */
export function refBase(ref: string, baseId: string): string {
  const [document] = ref.split('#');
  return document ? new URL(document, new URL(baseId || '/', 'http://base.invalid')).pathname : baseId;
}

/** What a `$ref` names: a whole schema, or the part a JSON pointer after `#` points to. */
export function resolveRef(ref: string, baseId: string, lookup: SchemaLookup): JsonSchema {
  const [document, pointer = ''] = ref.split('#');
  const documentId = refBase(ref, baseId);
  const root = lookup(documentId);
  if (!root) throw new Error(`Schema ${documentId} (referenced as ${ref}) is not loaded`);
  if (!document && !pointer) return root;
  return pointer
    .split('/')
    .filter(Boolean)
    .reduce<JsonSchema>((node, token) => {
      const next = node[decodeURIComponent(token.replace(/~1/g, '/').replace(/~0/g, '~'))];
      if (typeof next !== 'object' || next === null) throw new Error(`Cannot resolve ${ref} from ${baseId}`);
      return next as JsonSchema;
    }, root);
}

/** Keywords whose values are data, never schemas (an object in `const` is a value, not a schema). */
const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'examples', 'required']);
/** Keywords whose values map names to schemas (the names are never keywords). */
const SCHEMA_MAPS = new Set(['properties', '$defs', 'definitions', 'patternProperties', 'dependentSchemas']);

/**
 * A deep copy of a schema in which `edit` has rewritten every schema object: each subschema, then
 * the schema holding it, the root last. Data (`enum`, `const`, …) is copied as it is.
 */
export function mapSchemas(node: unknown, edit: (schema: JsonSchema) => JsonSchema): unknown {
  if (Array.isArray(node)) return node.map((item) => mapSchemas(item, edit));
  if (typeof node !== 'object' || node === null) return node;
  const copy: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (DATA_KEYWORDS.has(key)) copy[key] = structuredClone(value);
    else if (SCHEMA_MAPS.has(key) && typeof value === 'object' && value !== null)
      copy[key] = Object.fromEntries(Object.entries(value).map(([name, schema]) => [name, mapSchemas(schema, edit)]));
    else copy[key] = mapSchemas(value, edit);
  }
  return edit(copy);
}

/**
 * Whether a record field is stored as JSON text (a Parquet JSON column) instead of a column of its own
 * type: a list of anything but strings, such as ev_charging_units' objects. The pipeline writes such a
 * field so, and the server parses it back.
 */
export function storedAsJson(property: JsonSchema): boolean {
  const types = ([] as unknown[]).concat(property.type ?? []);
  return types.includes('array') && (property.items as JsonSchema | undefined)?.type !== 'string';
}
