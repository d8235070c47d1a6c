// A response's shape, read from its JSON Schema: the order of keys and the kind of every value.
// Renderers compile a shape once and then write any value of it; the schema stays the only place
// where a response's fields are written down.
import { lookupSchema, schemaById } from '../../schemas/registry.ts';
import { refBase, resolveRef, type JsonSchema, type SchemaLookup } from '../../schemas/json-schema.ts';

export type Shape =
  | { kind: 'string' | 'integer' | 'float' | 'boolean' | 'any' }
  | { kind: 'object'; fields: Field[]; rest?: Shape }
  | { kind: 'array'; items: Shape }
  /** `oneOf`/`anyOf` of object schemas told apart by a property whose value each fixes (`const` or `enum`). */
  | { kind: 'union'; discriminator: string; variants: Array<{ values: unknown[]; shape: Shape }> };

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
      return unionOf(nonNull, lookup, id) ?? { kind: 'any' };
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
      return { kind: 'float' };
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

/** Object schemas that each fix the value of one common property (a discriminator), or undefined. */
function unionOf(options: JsonSchema[], lookup: SchemaLookup, baseId: string): Shape | undefined {
  const resolved = options.map((option) =>
    typeof option.$ref === 'string'
      ? { schema: resolveRef(option.$ref, baseId, lookup), base: refBase(option.$ref, baseId) }
      : { schema: option, base: baseId },
  );
  if (!resolved.every(({ schema }) => schema.type === 'object' && typeof schema.properties === 'object')) return undefined;
  const fixedValues = (schema: JsonSchema, name: string): unknown[] | undefined => {
    const property = (schema.properties as Record<string, JsonSchema>)[name];
    return property === undefined ? undefined : 'const' in property ? [property.const] : Array.isArray(property.enum) ? property.enum : undefined;
  };
  const discriminator = Object.keys(resolved[0].schema.properties as object).find((name) =>
    resolved.every(({ schema }) => fixedValues(schema, name) !== undefined),
  );
  if (discriminator === undefined) return undefined;
  return {
    kind: 'union',
    discriminator,
    variants: resolved.map(({ schema, base }) => ({ values: fixedValues(schema, discriminator)!, shape: shapeOf(schema, lookup, base) })),
  };
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
