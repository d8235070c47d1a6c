// A response's shape, read from its JSON Schema: the order of keys and the kind of every value.
// Renderers compile a shape once and then write any value of it; the schema stays the only place
// where a response's fields are written down.
import { lookupSchema, schemaById } from '../../schemas/registry.ts';
import { refBase, resolveRef, type JsonSchema, type SchemaLookup } from '../../schemas/json-schema.ts';

export type Shape =
  | { kind: 'string' | 'integer' | 'boolean' | 'any' }
  /** `jsonDigits`: the significant digits JSON writes (`x-json-digits`); else the shortest round-trip text. */
  | { kind: 'float'; jsonDigits?: number }
  | { kind: 'object'; fields: Field[]; rest?: Shape }
  | { kind: 'array'; items: Shape }
  /** `oneOf`/`anyOf` of object schemas told apart by a property whose value each fixes (`const` or `enum`), or all but the first. */
  | { kind: 'union'; discriminator: string; variants: Array<{ values: unknown[]; shape: Shape }> }
  /** `oneOf`/`anyOf` of schemas of different JSON types (a string or an array): the value's own type picks. */
  | { kind: 'byType'; variants: Array<{ type: JsonType; shape: Shape }> };

export type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object';

/** The JSON type of a value as a writer sees it (typed arrays are arrays). */
function jsonTypeOf(value: unknown): JsonType | undefined {
  if (typeof value === 'string') return 'string';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'boolean') return 'boolean';
  if (Array.isArray(value) || ArrayBuffer.isView(value)) return 'array';
  if (typeof value === 'object' && value !== null) return 'object';
  return undefined;
}

/** The variant of a byType shape for a value: its type's, an integer taking a number's. */
export function variantFor(shape: Extract<Shape, { kind: 'byType' }>, value: unknown): Shape | undefined {
  const type = jsonTypeOf(value);
  const variant =
    shape.variants.find((candidate) => candidate.type === type) ??
    (type === 'integer' ? shape.variants.find((candidate) => candidate.type === 'number') : undefined);
  return variant?.shape;
}

export interface Field {
  name: string;
  shape: Shape;
}

export function shapeOf(schema: JsonSchema, lookup: SchemaLookup, baseId = ''): Shape {
  const ref = schema.$ref;
  if (typeof ref === 'string') return shapeOf(resolveRef(ref, baseId, lookup), lookup, refBase(ref, baseId));
  const id = typeof schema.$id === 'string' ? schema.$id : baseId;

  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const options = schema[keyword] as JsonSchema[] | undefined;
    if (options) {
      const nonNull = options.filter((option) => option.type !== 'null');
      if (nonNull.length === 1) return shapeOf(nonNull[0], lookup, id);
      return unionOf(nonNull, lookup, id) ?? byTypeOf(nonNull, lookup, id) ?? { kind: 'any' };
    }
  }

  const types = ([] as unknown[]).concat(schema.type ?? []).filter((t) => t !== 'null');
  const type = types.length === 1 ? types[0] : undefined;
  switch (type) {
    case 'string':
      return { kind: 'string' };
    case 'integer':
      return { kind: 'integer' };
    case 'number':
      return typeof schema['x-json-digits'] === 'number' ? { kind: 'float', jsonDigits: schema['x-json-digits'] } : { kind: 'float' };
    case 'boolean':
      return { kind: 'boolean' };
    case 'array': {
      const items = schema.items as JsonSchema | undefined;
      return { kind: 'array', items: items ? shapeOf(items, lookup, id) : { kind: 'any' } };
    }
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const fields = Object.entries(properties).map(([name, property]) => ({ name, shape: shapeOf(property, lookup, id) }));
      const additional = schema.additionalProperties;
      const rest =
        additional === false
          ? undefined
          : typeof additional === 'object' && additional !== null
            ? shapeOf(additional as JsonSchema, lookup, id)
            : { kind: 'any' as const };
      return { kind: 'object', fields, rest };
    }
    default:
      return { kind: 'any' };
  }
}

/**
 * Object schemas that each fix the value of one common property (a discriminator), or undefined. One
 * of them may leave that property free (the electric networks' records beside their fixed `all`
 * entry): it is the variant of every value the others do not fix, so it goes first, where the writers
 * look when no variant's values match.
 */
function unionOf(options: JsonSchema[], lookup: SchemaLookup, baseId: string): Shape | undefined {
  const resolved = options.map((option) =>
    typeof option.$ref === 'string'
      ? { schema: resolveRef(option.$ref, baseId, lookup), base: refBase(option.$ref, baseId) }
      : { schema: option, base: baseId },
  );
  if (!resolved.every(({ schema }) => schema.type === 'object' && typeof schema.properties === 'object')) return undefined;
  const propertyOf = (schema: JsonSchema, name: string) => (schema.properties as Record<string, JsonSchema>)[name];
  const fixedValues = (schema: JsonSchema, name: string): unknown[] | undefined => {
    const property = propertyOf(schema, name);
    return property === undefined ? undefined : 'const' in property ? [property.const] : Array.isArray(property.enum) ? property.enum : undefined;
  };
  const fixingAll = Object.keys(resolved[0].schema.properties as object).find((name) =>
    resolved.every(({ schema }) => fixedValues(schema, name) !== undefined),
  );
  const discriminator =
    fixingAll ??
    Object.keys(resolved[0].schema.properties as object).find(
      (name) =>
        resolved.every(({ schema }) => propertyOf(schema, name) !== undefined) &&
        resolved.filter(({ schema }) => fixedValues(schema, name) === undefined).length === 1,
    );
  if (discriminator === undefined) return undefined;
  const variants = resolved.map(({ schema, base }) => ({ values: fixedValues(schema, discriminator) ?? [], shape: shapeOf(schema, lookup, base) }));
  return { kind: 'union', discriminator, variants: [...variants.filter((v) => v.values.length === 0), ...variants.filter((v) => v.values.length > 0)] };
}

/** Schemas of one JSON type each, no two alike (`{"type": "string"}` or `{"type": "array", …}`), or undefined. */
function byTypeOf(options: JsonSchema[], lookup: SchemaLookup, baseId: string): Shape | undefined {
  const resolved = options.map((option) => (typeof option.$ref === 'string' ? resolveRef(option.$ref, baseId, lookup) : option));
  const types = resolved.map((option) => option.type);
  if (!types.every((type): type is JsonType => typeof type === 'string' && type !== 'null') || new Set(types).size !== types.length) return undefined;
  return { kind: 'byType', variants: options.map((option, i) => ({ type: types[i] as JsonType, shape: shapeOf(option, lookup, baseId) })) };
}

const shapes = new Map<string, Shape>();

/** The shape of a schema of schemas/, by its `$id`, compiled once. */
export function shapeFor(id: string): Shape {
  let shape = shapes.get(id);
  if (!shape) {
    shape = shapeOf(schemaById(id), lookupSchema, id);
    shapes.set(id, shape);
  }
  return shape;
}
