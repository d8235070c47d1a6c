// Query parameters, checked against each endpoint's parameter schema (and path parameters against
// the schemas an endpoint declares for them). Strings become numbers only when they are plain
// decimals; comma lists become arrays; every failing parameter becomes one ParamIssue. Each endpoint
// family words its 422 and 404 messages here, in one place: from the issues, and the few rules no
// schema states.
import type { ErrorObject, ValidateFunction } from 'ajv';
import { createAjv, propertiesOf } from '../schemas/registry.ts';
import type { JsonSchema } from '../schemas/json-schema.ts';
import type { Format } from './formats/negotiate.ts';

export type RawQuery = Record<string, unknown>;

export interface ParamIssue {
  param: string;
  kind: 'repeated' | 'empty' | 'required' | 'type' | 'enum' | 'range' | 'pattern' | 'length' | 'invalid' | 'excluded' | 'count';
  value?: unknown;
  /** For `enum`: the values allowed. */
  allowed?: unknown[];
  minimum?: number;
  maximum?: number;
  /** For `range`: bounds the value must stay strictly above or below. */
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  /** For `excluded`: the parameter this one must not be given with. */
  excludedBy?: string;
  /** For `type`: integer, number, string. */
  expected?: string;
  /** For `count` (a list of the wrong length): the lengths it may have, and what separates its items. */
  counts?: number[];
  separator?: string;
  /** The parameter's own description, for kinds with no better words (`invalid`, `pattern`). */
  description?: string;
}

export interface ParsedParams<T> {
  values: T;
  issues: ParamIssue[];
}

const ajv = createAjv({ verbose: true });
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** Whether a parameter's text (or a list item's) is a plain decimal, which parsing reads as a number. */
export function isDecimal(text: string): boolean {
  return DECIMAL.test(text);
}
const INTEGER = /^[+-]?\d+$/;

/** What parsing needs of one parameter of a schema. */
interface CompiledParam {
  schema: JsonSchema;
  /** Whether it (or its list items) takes numbers. */
  numeric: 'integer' | 'number' | undefined;
  /** For string enums: each allowed value by its lower-case form. */
  canonical: Map<string, string> | undefined;
  /** For a list parameter, what separates its items: `,` (`x-comma-list`) or `x-list-separator`'s. */
  listSeparator: string | undefined;
}

interface CompiledParams {
  validate: ValidateFunction;
  /**
   * A Map, never a plain object: parameter names come from the request, and a name such as
   * `toString` or `__proto__` must find nothing rather than something of Object.prototype.
   */
  params: Map<string, CompiledParam>;
}

const compiledById = new Map<string, CompiledParams>();
const compiledPathParameters = new WeakMap<Record<string, JsonSchema>, CompiledParams>();

/** Whether a parameter (or its list items) takes numbers: its type, or a numeric branch of anyOf. */
function numericKind(schema: JsonSchema): 'integer' | 'number' | undefined {
  const types = ([] as unknown[]).concat(schema.type ?? []);
  if (types.includes('integer')) return 'integer';
  if (types.includes('number')) return 'number';
  for (const branch of (schema.anyOf ?? []) as JsonSchema[]) {
    const kind = numericKind(branch);
    if (kind) return kind;
  }
  return undefined;
}

/** What separates a list parameter's items (`x-comma-list`: a comma; `x-list-separator`: its own), or undefined. */
export function listSeparatorOf(schema: JsonSchema): string | undefined {
  if (typeof schema['x-list-separator'] === 'string') return schema['x-list-separator'];
  return schema['x-comma-list'] ? ',' : undefined;
}

function compileParam(schema: JsonSchema): CompiledParam {
  const listSeparator = listSeparatorOf(schema);
  const valueSchema = listSeparator !== undefined ? (schema.items as JsonSchema) : schema;
  const strings = ((valueSchema.enum ?? []) as unknown[]).filter((option): option is string => typeof option === 'string');
  return {
    schema,
    numeric: numericKind(valueSchema),
    canonical: strings.length ? new Map(strings.map((option) => [option.toLowerCase(), option])) : undefined,
    listSeparator,
  };
}

function compileProperties(properties: Record<string, JsonSchema>, validate: ValidateFunction): CompiledParams {
  return { validate, params: new Map(Object.entries(properties).map(([name, schema]) => [name, compileParam(schema)])) };
}

function compile(schemaId: string): CompiledParams {
  let compiled = compiledById.get(schemaId);
  if (!compiled) {
    compiled = compileProperties(propertiesOf(schemaId), ajv.getSchema(schemaId)!);
    compiledById.set(schemaId, compiled);
  }
  return compiled;
}

/** Path parameters as one object schema: each the schema declared for it, all of them required. */
function compilePath(pathParameters: Record<string, JsonSchema>): CompiledParams {
  let compiled = compiledPathParameters.get(pathParameters);
  if (!compiled) {
    const schema = { type: 'object', properties: pathParameters, required: Object.keys(pathParameters) };
    compiled = compileProperties(pathParameters, ajv.compile(schema));
    compiledPathParameters.set(pathParameters, compiled);
  }
  return compiled;
}

/** A plain decimal as a number where the parameter takes numbers; a code in any case as the code. */
function convert(text: string, kind: 'integer' | 'number' | undefined, canonical: Map<string, string> | undefined): unknown {
  if (kind === 'integer' && INTEGER.test(text)) return Number(text);
  if (kind === 'number' && DECIMAL.test(text)) return Number(text);
  return canonical?.get(text.toLowerCase()) ?? text;
}

/** The text an error is about, as the client gave it: a whole parameter, or one item of a comma list. */
function givenAt(given: Map<string, string | string[]>, instancePath: string): string | undefined {
  const [, param, index] = instancePath.split('/');
  const text = given.get(param);
  return index !== undefined && Array.isArray(text) ? text[Number(index)] : (text as string | undefined);
}

function issueFrom(error: ErrorObject, param: string, value: unknown, description: string | undefined): ParamIssue {
  const base = { param, value, description };
  switch (error.keyword) {
    case 'type':
      return { ...base, kind: 'type', expected: String(error.params.type) };
    case 'enum':
      return { ...base, kind: 'enum', allowed: error.params.allowedValues as unknown[] };
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum': {
      const bounded = error.parentSchema as JsonSchema;
      return {
        ...base,
        kind: 'range',
        minimum: bounded.minimum as number | undefined,
        maximum: bounded.maximum as number | undefined,
        exclusiveMinimum: bounded.exclusiveMinimum as number | undefined,
        exclusiveMaximum: bounded.exclusiveMaximum as number | undefined,
      };
    }
    case 'pattern':
      return { ...base, kind: 'pattern' };
    case 'maxLength':
    case 'minLength':
      return { ...base, kind: 'length', maximum: error.params.limit as number };
    default:
      return { ...base, kind: 'invalid' };
  }
}

/**
 * Reads the query against a parameter schema. Parameters the schema does not name are ignored, as
 * the real service ignores them; a repeated or empty parameter is an issue.
 */
export function parseParams<T>(schemaId: string, query: RawQuery, options: { emptyIsAbsent?: string[] } = {}): ParsedParams<T> {
  return parseWith(compile(schemaId), query, options);
}

/** Reads path parameters (`:id`) as query parameters are read, against the schemas an endpoint declares for them. */
export function parsePathParams<T>(pathParameters: Record<string, JsonSchema>, path: Record<string, string>): ParsedParams<T> {
  return parseWith(compilePath(pathParameters), path);
}

/**
 * The parameters an answer echoes in `inputs`: those `echoes` keeps, as given (strings), in request
 * order, the last of a repeated one.
 */
export function echoedParameters(query: RawQuery, echoes: (name: string) => boolean): Record<string, string> {
  const echoed: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) {
    if (!echoes(name)) continue;
    const last = Array.isArray(value) ? value[value.length - 1] : value;
    if (last !== undefined) echoed[name] = String(last);
  }
  return echoed;
}

/**
 * One parameter's value when the request gives it once and the schema accepts it, else undefined
 * (why it does not is parseParams' issue to word).
 */
export function acceptedParam<T>(schemaId: string, param: string, query: RawQuery): T | undefined {
  const raw = query[param];
  if (raw === undefined) return undefined;
  const parsed = parseParams<Record<string, T>>(schemaId, { [param]: raw });
  return parsed.issues.some((issue) => issue.param === param) ? undefined : parsed.values[param];
}

function parseWith<T>({ validate, params }: CompiledParams, query: RawQuery, options: { emptyIsAbsent?: string[] } = {}): ParsedParams<T> {
  const values: Record<string, unknown> = {};
  // What each parameter (or list item) said, for messages: 99999999999999999999 is quoted as given, not as 1e20.
  const given = new Map<string, string | string[]>();
  const issues: ParamIssue[] = [];
  for (const [param, raw] of Object.entries(query)) {
    const compiled = params.get(param);
    if (!compiled) continue;
    if (Array.isArray(raw) || typeof raw !== 'string') {
      issues.push({ param, kind: 'repeated', value: raw });
      continue;
    }
    if (raw.trim() === '') {
      if (!options.emptyIsAbsent?.includes(param)) issues.push({ param, kind: 'empty', value: raw });
      continue;
    }
    const text = compiled.listSeparator !== undefined ? raw.split(compiled.listSeparator).map((item) => item.trim()) : raw;
    given.set(param, text);
    values[param] = Array.isArray(text)
      ? text.map((item) => convert(item, compiled.numeric, compiled.canonical))
      : convert(text, compiled.numeric, compiled.canonical);
  }
  const description = (param: string) => params.get(param)!.schema.description as string | undefined;
  if (!validate(values)) {
    const reported = new Set(issues.map((issue) => issue.param));
    // A value that fits none of a parameter's alternatives ("an integer, or all") is described whole.
    for (const error of validate.errors ?? []) {
      const param = error.instancePath.split('/')[1];
      if (error.keyword !== 'anyOf' || !param || reported.has(param) || error.instancePath.split('/').length > 2) continue;
      reported.add(param);
      issues.push({ param, kind: 'invalid', value: given.get(param), description: description(param) });
    }
    for (const error of validate.errors ?? []) {
      const param = error.keyword === 'required' ? String(error.params.missingProperty) : error.instancePath.split('/')[1];
      if (!param || reported.has(param)) continue;
      reported.add(param);
      if (error.keyword === 'required') issues.push({ param, kind: 'required' });
      else issues.push(issueFrom(error, param, givenAt(given, error.instancePath), description(param)));
    }
  }
  for (const [param, { schema }] of params) {
    if (values[param] === undefined && schema.default !== undefined) values[param] = structuredClone(schema.default);
  }
  return { values: values as T, issues };
}

/** A value as a message quotes it: lists joined by commas, long text cut at 60 characters. */
export function shown(value: unknown): string {
  const text = Array.isArray(value) ? value.join(',') : String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** A range issue's bounds, in words. */
export function bounds(issue: ParamIssue): string {
  if (issue.minimum !== undefined && issue.maximum !== undefined) return `between ${issue.minimum} and ${issue.maximum}`;
  // a half-open range such as azimuth's 0 up to but not including 360
  if (issue.minimum !== undefined && issue.exclusiveMaximum !== undefined)
    return `greater than or equal to ${issue.minimum} and less than ${issue.exclusiveMaximum}`;
  // an open range such as albedo's (the documentation's "Range: >0 and <1")
  if (issue.exclusiveMinimum !== undefined && issue.exclusiveMaximum !== undefined)
    return `greater than ${issue.exclusiveMinimum} and less than ${issue.exclusiveMaximum}`;
  if (issue.exclusiveMinimum === 0 && issue.maximum === undefined && issue.exclusiveMaximum === undefined) return 'positive';
  if (issue.exclusiveMinimum !== undefined) return `greater than ${issue.exclusiveMinimum}`;
  if (issue.minimum !== undefined) return `greater than or equal to ${issue.minimum}`;
  if (issue.exclusiveMaximum !== undefined) return `less than ${issue.exclusiveMaximum}`;
  return `less than or equal to ${issue.maximum}`;
}

/**
 * JSONP: the function a JSON answer is wrapped in, errors included (a JSONP client cannot read a
 * status): the request's `callback`, when the endpoint's parameter schema takes it and accepts its
 * value. An unacceptable one wraps nothing; the endpoint's 422 says why.
 */
export function jsonpCallback(format: Format, parameters: string | undefined, query: RawQuery): string | undefined {
  if ((format !== 'json' && format !== 'jsonp') || parameters === undefined) return undefined;
  return acceptedParam<string>(parameters, 'callback', query);
}
