// fast-check arbitraries of hostile requests, one per endpoint of the server's own list
// (server/endpoints/index.ts): any of its paths and aliases; the format as the extension, as
// `format=`, or not at all; generated station ids on the by-id path; and a query made of the
// endpoint's parameter schema (valid values from its types, enums, ranges, patterns and comma
// lists, the documented example, values read from the data) mixed with hostile names and values
// (values.ts), empty and repeated parameters, in any order, the key in the header or the query.
import fc from 'fast-check';
import { propertiesOf, schemaById } from '../../schemas/registry.ts';
import { openApiPath } from '../../server/contract/openapi.ts';
import type { Endpoint } from '../../server/endpoints/types.ts';
import { listSeparatorOf } from '../../server/params.ts';
import type { JsonSchema } from '../../schemas/json-schema.ts';
import { encodeText, type QueryPart } from './url.ts';
import { hostileIds, hostileNames, hostileValues, longValues } from './values.ts';

export interface HostileRequest {
  /** The endpoint's first path, which names it in the report. */
  endpoint: string;
  /** Its path's key in the OpenAPI document, e.g. `/api/alt-fuel-stations/v1/{id}.json`. */
  documentedPath: string;
  /** The path as sent: path parameters filled in (encoded), the extension if any. */
  path: string;
  extension?: string;
  query: QueryPart[];
  /** The X-Api-Key header, or `api_key` in the query (where the part `isTheKey` stands). */
  keyIn: 'header' | 'query';
}

/** Good values read from the served data set, by parameter name (`id` for the station id path parameter). */
export type KnownValues = Record<string, string[]>;

/** The hostile groups are drawn evenly, so a big group (the control characters) does not crowd out a small one. */
function fromGroups(groups: Record<string, string[]>): fc.Arbitrary<string> {
  return fc.constantFrom(...Object.values(groups).filter((group) => group.length > 0)).chain((group) => fc.constantFrom(...group));
}

export const hostileValue = fromGroups(hostileValues);

function numberText(schema: JsonSchema, type: 'integer' | 'number'): fc.Arbitrary<string> {
  const exclusiveMinimum = schema.exclusiveMinimum as number | undefined;
  const exclusiveMaximum = schema.exclusiveMaximum as number | undefined;
  const minimum = (schema.minimum as number | undefined) ?? exclusiveMinimum ?? -1_000;
  const maximum = (schema.maximum as number | undefined) ?? exclusiveMaximum ?? minimum + 5_000;
  const lowestInteger = exclusiveMinimum !== undefined ? Math.floor(minimum) + 1 : Math.ceil(minimum);
  const highestInteger = exclusiveMaximum !== undefined ? Math.ceil(maximum) - 1 : Math.floor(maximum);
  const bounds = [exclusiveMinimum === undefined ? minimum : undefined, exclusiveMaximum === undefined ? maximum : undefined].filter(
    (bound) => bound !== undefined,
  );
  // an open range may hold no integer (albedo's 0 < a < 1)
  const choices = [
    ...(lowestInteger <= highestInteger ? [fc.integer({ min: lowestInteger, max: highestInteger })] : []),
    ...(bounds.length ? [fc.constantFrom(...bounds)] : []),
  ];
  if (type === 'number') {
    choices.push(
      fc.double({
        min: minimum,
        max: maximum,
        minExcluded: exclusiveMinimum !== undefined,
        maxExcluded: exclusiveMaximum !== undefined,
        noNaN: true,
        noDefaultInfinity: true,
      }),
    );
  }
  return fc.oneof(...choices).map(String);
}

/** A value the schema allows, as the text of a query parameter (lists joined by their separator). */
export function validText(schema: JsonSchema): fc.Arbitrary<string> {
  const separator = listSeparatorOf(schema);
  if (separator !== undefined) {
    const lengths = { minLength: (schema.minItems as number | undefined) ?? 1, maxLength: Math.min((schema.maxItems as number | undefined) ?? 4, 12) };
    return fc.array(validText(schema.items as JsonSchema), lengths).map((items) => items.join(separator));
  }
  if (Array.isArray(schema.anyOf)) return fc.oneof(...(schema.anyOf as JsonSchema[]).map(validText));
  if (schema.const !== undefined) return fc.constant(String(schema.const));
  if (Array.isArray(schema.enum)) {
    // codes are matched in any case
    return fc.constantFrom(...schema.enum.map(String)).chain((value) => fc.constantFrom(value, value.toLowerCase(), value.toUpperCase()));
  }
  switch (schema.type) {
    case 'integer':
    case 'number':
      return numberText(schema, schema.type);
    case 'string':
      if (typeof schema.pattern === 'string') return fc.stringMatching(new RegExp(schema.pattern));
      return fc.string({ minLength: (schema.minLength as number | undefined) ?? 0, maxLength: Math.min((schema.maxLength as number | undefined) ?? 40, 40) });
    default:
      return fc.string({ maxLength: 40 });
  }
}

/** Good values of a parameter: the documented example's, values read from the data, and any value the schema allows. */
function goodText(schema: JsonSchema, example: string | undefined, known: string[] | undefined): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 2, arbitrary: validText(schema).map(encodeText) },
    ...(example !== undefined ? [{ weight: 3, arbitrary: fc.constant(encodeText(example)) }] : []),
    ...(known?.length ? [{ weight: 3, arbitrary: fc.constantFrom(...known.map(encodeText)) }] : []),
  );
}

interface OwnParameter {
  name: string;
  schema: JsonSchema;
  required: boolean;
  example?: string;
  known?: string[];
}

/**
 * A parameter of the schema in a request that means to reach the data: a good value; always there when
 * required or in the documented example, else now and then.
 */
function goodParameter({ name, schema, required, example, known }: OwnParameter): fc.Arbitrary<QueryPart | undefined> {
  const present = goodText(schema, example, known).map((value) => ({ name: encodeText(name), value }));
  return required || example !== undefined ? present : fc.oneof({ weight: 1, arbitrary: present }, { weight: 3, arbitrary: fc.constant(undefined) });
}

/** A parameter of the schema in a request that means harm: present or not; a good value, a hostile one, or none (`name` alone). */
function mixedParameter({ name, schema, required, example, known }: OwnParameter): fc.Arbitrary<QueryPart | undefined> {
  const value = fc.oneof(
    { weight: 4, arbitrary: goodText(schema, example, known) },
    { weight: 3, arbitrary: hostileValue },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
  return fc.oneof(
    { weight: required ? 9 : 5, arbitrary: value.map((text) => ({ name: encodeText(name), ...(text === undefined ? {} : { value: text }) })) },
    { weight: required ? 1 : 5, arbitrary: fc.constant(undefined) },
  );
}

/** A value for a parameter that is not the schema's own, or a repeat: hostile, any text, or none at all (`name` alone). */
const anyValue = fc.oneof(
  { weight: 4, arbitrary: hostileValue },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }).map(encodeText) },
  { weight: 1, arbitrary: fc.constant(undefined) },
);

type FormatChoice = { kind: 'default' } | { kind: 'extension' | 'parameter'; format: string };

function formatChoice(formats: readonly string[]): fc.Arbitrary<FormatChoice> {
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant({ kind: 'default' as const }) },
    { weight: 2, arbitrary: fc.constantFrom(...formats).map((format) => ({ kind: 'extension' as const, format })) },
    { weight: 1, arbitrary: fc.constantFrom(...formats).map((format) => ({ kind: 'parameter' as const, format })) },
  );
}

function pathParameter(known: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    ...(known.length ? [{ weight: 3, arbitrary: fc.constantFrom(...known.map(encodeText)) }] : []),
    { weight: 3, arbitrary: fc.constantFrom(...hostileIds) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 999_999_999 }).map(String) },
  );
}

/** Hostile requests to one endpoint. */
export function hostileRequests(endpoint: Endpoint, known: KnownValues): fc.Arbitrary<HostileRequest> {
  const properties = endpoint.parameters ? propertiesOf(endpoint.parameters) : {};
  const required = new Set(endpoint.parameters ? ((schemaById(endpoint.parameters).required ?? []) as string[]) : []);
  const example = new URLSearchParams(endpoint.docs?.example ?? '');
  const own: OwnParameter[] = Object.entries(properties)
    .filter(([name]) => name !== 'format' && name !== 'api_key')
    .map(([name, schema]) => ({ name, schema, required: required.has(name), example: example.get(name) ?? undefined, known: known[name] }));
  const schemaNames = Object.keys(properties).map(encodeText);
  const hostileName = fromGroups({ ...hostileNames, schema: schemaNames });
  const longName = schemaNames.length
    ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...schemaNames) }, { weight: 1, arbitrary: hostileName })
    : hostileName;

  return fc
    .record({
      expressPath: fc.constantFrom(...endpoint.paths),
      format: formatChoice(endpoint.formats),
      pathParameter: pathParameter(known.id ?? []),
      // two requests in five give the endpoint's own parameters only good values, to reach the data
      // (and its renderers) with hostile parameters beside them that the endpoint must ignore
      own: fc.oneof({ weight: 2, arbitrary: fc.tuple(...own.map(goodParameter)) }, { weight: 3, arbitrary: fc.tuple(...own.map(mixedParameter)) }),
      extras: fc.array(fc.record({ name: hostileName, value: anyValue }), { maxLength: 3 }),
      // one request in six has a 10,000-character value, under one of the schema's names or a hostile one
      long: fc.oneof(
        { weight: 5, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: fc.record({ name: longName, value: fc.constantFrom(...longValues) }) },
      ),
      // one request in five repeats a parameter
      repeat: fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.tuple(fc.nat(), anyValue) }),
      keyIn: fc.constantFrom<'header' | 'query'>('header', 'header', 'header', 'query'),
    })
    .chain((draft) => {
      const parts: QueryPart[] = [
        ...draft.own.filter((part) => part !== undefined),
        ...draft.extras.map(({ name, value }) => (value === undefined ? { name } : { name, value })),
        ...(draft.long ? [draft.long] : []),
      ];
      if (draft.repeat && parts.length) {
        const [index, value] = draft.repeat;
        parts.push({ name: parts[index % parts.length].name, ...(value === undefined ? {} : { value }) });
      }
      if (draft.format.kind === 'parameter') parts.push({ name: 'format', value: draft.format.format });
      if (draft.keyIn === 'query') parts.push({ name: 'api_key', isTheKey: true });
      const extension = draft.format.kind === 'extension' ? draft.format.format : undefined;
      const suffix = extension ? `.${extension}` : '';
      const filled = draft.expressPath.replace(/:[A-Za-z0-9_]+/g, () => draft.pathParameter);
      return fc.shuffledSubarray(parts, { minLength: parts.length, maxLength: parts.length }).map(
        (query): HostileRequest => ({
          endpoint: endpoint.paths[0],
          documentedPath: `${openApiPath(draft.expressPath)}${suffix}`,
          path: `${filled}${suffix}`,
          ...(extension ? { extension } : {}),
          query,
          keyIn: draft.keyIn,
        }),
      );
    });
}
