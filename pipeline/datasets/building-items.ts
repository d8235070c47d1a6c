// What the building-resources builder makes of one Drupal item (a resource, an event): the text
// `s` searches, the term ids its filters match, its event dates in UTC, its keys in schema order,
// and its problems against the schema; and the Drupal date-time conversions the sample shares.
import type { ErrorObject, ValidateFunction } from 'ajv';
import { FIELD_VOCABULARIES } from '../../model/building-vocabularies.ts';
import { refBase, resolveRef, type JsonSchema } from '../../schemas/json-schema.ts';
import { lookupSchema } from '../../schemas/registry.ts';
import type { Issue } from '../issues.ts';

export type Item = Record<string, unknown>;

const SUPERSET_FIELD = 'field_resource_type_superset';
const TERM_FIELDS = [...Object.keys(FIELD_VOCABULARIES), SUPERSET_FIELD];

// ---------------------------------------------------------------------------------------------
// Drupal's date-times: `YYYY-MM-DD HH:MM:SS` wall-clock times of a named zone.

/** A formatter per zone: making one costs a hundred times what using it does. */
const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** UTC offset of a zone at an instant, in seconds (from the platform's time zone data). */
export function offsetSeconds(timeZone: string, utcMs: number): number {
  let format = offsetFormats.get(timeZone);
  if (format === undefined) offsetFormats.set(timeZone, (format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })));
  const name = format.formatToParts(new Date(utcMs)).find((p) => p.type === 'timeZoneName')!.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 3600 + Number(match[3]) * 60) : 0;
}

/** The UTC instant (ms) of a wall-clock time in a zone, given as if that wall-clock time were UTC. */
export function zonedToUtc(timeZone: string, localAsUtcMs: number): number {
  const first = localAsUtcMs - offsetSeconds(timeZone, localAsUtcMs) * 1000;
  return localAsUtcMs - offsetSeconds(timeZone, first) * 1000;
}

/** An instant as Drupal's database writes it: `YYYY-MM-DD HH:MM:SS`, UTC. */
export function dbDateTime(utcMs: number): string {
  return new Date(utcMs).toISOString().slice(0, 19).replace('T', ' ');
}

// ---------------------------------------------------------------------------------------------
// Text, terms and dates of an item.

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Text without HTML: tags become spaces, entities are decoded, whitespace is collapsed. */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** A Drupal field's values (`{"und":[…]}`), or none (`[]`). */
export const und = (field: unknown): Array<Record<string, unknown>> =>
  typeof field === 'object' && field !== null && !Array.isArray(field) && Array.isArray((field as { und?: unknown }).und)
    ? (field as { und: Array<Record<string, unknown>> }).und
    : [];

/** What `s` searches: the title, then the body's values and summaries as plain text. */
export function searchText(item: Item): string {
  const parts = [String(item.title ?? '')];
  for (const body of und(item.body))
    for (const key of ['value', 'summary']) if (typeof body[key] === 'string' && body[key]) parts.push(plainText(body[key] as string));
  return parts.join('\n');
}

/** Every term id an item references, in field order, without repeats. */
export function termIds(item: Item): string[] {
  const tids = new Set<string>();
  for (const field of TERM_FIELDS) for (const term of und(item[field])) if (typeof term.tid === 'string') tids.add(term.tid);
  return [...tids];
}

/** The UTC instant a Date module value stands for, as `YYYY-MM-DD HH:MM:SS`; undefined when it cannot be read. */
export function utcDateTime(value: unknown, timezoneDb: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(value);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number);
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  if (Number.isNaN(wall)) return undefined;
  let utc = wall;
  if (typeof timezoneDb === 'string' && timezoneDb !== 'UTC') {
    try {
      utc = zonedToUtc(timezoneDb, wall);
    } catch {
      return undefined;
    }
  }
  return dbDateTime(utc);
}

// ---------------------------------------------------------------------------------------------
// Key order: nested values are written in their schema's order, so the schema alone decides it.

function kindMatches(schema: JsonSchema, value: unknown): boolean {
  const types = ([] as unknown[]).concat(schema.type ?? []);
  if (types.length === 0) return true;
  if (Array.isArray(value)) return types.includes('array');
  if (value === null) return types.includes('null');
  return (
    types.includes(typeof value === 'object' ? 'object' : typeof value === 'number' ? (Number.isInteger(value) ? 'integer' : 'number') : typeof value) ||
    (typeof value === 'number' && types.includes('number'))
  );
}

/** `value` with the keys of every object in the order its schema lists them (unknown keys last). */
export function orderBySchema(value: unknown, schema: JsonSchema, baseId: string): unknown {
  if (typeof schema.$ref === 'string') return orderBySchema(value, resolveRef(schema.$ref, baseId, lookupSchema), refBase(schema.$ref, baseId));
  const options = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (options) {
    for (const option of options) {
      const resolved = typeof option.$ref === 'string' ? resolveRef(option.$ref, baseId, lookupSchema) : option;
      if (kindMatches(resolved, value)) return orderBySchema(value, option, baseId);
    }
    return value;
  }
  if (Array.isArray(value)) return schema.items ? value.map((item) => orderBySchema(item, schema.items as JsonSchema, baseId)) : value;
  if (typeof value !== 'object' || value === null) return value;
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const record = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(properties)) if (key in record) out[key] = orderBySchema(record[key], property, baseId);
  for (const [key, child] of Object.entries(record)) if (!(key in out)) out[key] = child;
  return out;
}

// ---------------------------------------------------------------------------------------------
// Validation: one issue per failing top-level field, naming the most specific failure inside it.

function valueAt(record: unknown, path: string[]): unknown {
  return path.reduce<unknown>((node, key) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined), record);
}

function reasonOf(error: ErrorObject): string {
  switch (error.keyword) {
    case 'type':
      return `must be ${String(error.params.type).replace(',null', ' or null')}`;
    case 'enum':
      return `must be one of ${(error.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'const':
      return `must be ${JSON.stringify(error.params.allowedValue)}`;
    case 'required':
      return 'is missing';
    case 'pattern':
      return `must match ${String(error.params.pattern)}`;
    case 'additionalProperties':
      return `has an unexpected key ${JSON.stringify(error.params.additionalProperty)}`;
    case 'maxItems':
      return error.params.limit === 0 ? 'must be [] or {"und":[...]}' : (error.message ?? 'has too many items');
    case 'minItems':
      return 'must not be empty';
    default:
      return error.message ?? error.keyword;
  }
}

export function itemIssues(validate: ValidateFunction, item: Item, where: Pick<Issue, 'file' | 'line' | 'record'>, label: string): Issue[] {
  if (validate(item)) return [];
  const byField = new Map<string, ErrorObject>();
  for (const error of validate.errors ?? []) {
    if (error.keyword === 'anyOf') continue;
    const path = error.instancePath.split('/').slice(1);
    const field = error.keyword === 'required' && path.length === 0 ? String(error.params.missingProperty) : (path[0] ?? '');
    const depth = (e: ErrorObject) => e.instancePath.split('/').length;
    const previous = byField.get(field);
    if (!previous || depth(error) > depth(previous)) byField.set(field, error);
  }
  return [...byField.entries()].map(([field, error]) => {
    const path = error.instancePath.split('/').slice(1);
    const missing = error.keyword === 'required' ? String(error.params.missingProperty) : undefined;
    const wrapper =
      path.length === 1 && !missing && (field === 'body' || field.startsWith('field_')) && (error.keyword === 'type' || error.keyword === 'maxItems');
    return {
      ...where,
      field: [...path, ...(missing ? [missing] : [])].join('.') || field,
      value: missing ? undefined : valueAt(item, path),
      reason: `${wrapper ? 'must be [] or {"und":[...]}' : reasonOf(error)} (${label})`,
    };
  });
}
