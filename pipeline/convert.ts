// Source cells are text; records are typed. Conversion reads what is cleanly readable and leaves
// anything else as the original text, so that validation reports it with its value. Repairs are
// proposed only where the intended value is unambiguous.
import type { JsonSchema } from '../schemas/json-schema.ts';

export interface FieldSpec {
  name: string;
  type: 'integer' | 'number' | 'boolean' | 'string' | 'array';
  /** Whether the schema allows null (a source may lack the field). */
  nullable: boolean;
  format?: string;
  enumValues?: unknown[];
  pattern?: RegExp;
}

export function fieldSpecs(schema: JsonSchema): FieldSpec[] {
  const properties = schema.properties as Record<string, JsonSchema>;
  return Object.entries(properties).map(([name, property]) => {
    const types = ([] as string[]).concat(property.type as string | string[]);
    return {
      name,
      type: types.find((t) => t !== 'null') as FieldSpec['type'],
      nullable: types.includes('null'),
      format: property.format as string | undefined,
      enumValues: property.enum as unknown[] | undefined,
      pattern: typeof property.pattern === 'string' ? new RegExp(property.pattern) : undefined,
    };
  });
}

/** Integers; exports that passed through pandas write counts as integral decimals ("2.0"), which read as the same integer. */
const INTEGER = /^[+-]?\d+(\.0*)?$/;
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const EXPORT_TIMESTAMP = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}) UTC$/;

/** A cell's typed value, or the cell itself when it does not read cleanly as its type. */
export function convertCell(cell: string | undefined, spec: FieldSpec): unknown {
  if (cell === undefined || cell === '') return null;
  switch (spec.type) {
    case 'integer':
      return INTEGER.test(cell) ? Number(cell) : cell;
    case 'number':
      return NUMBER.test(cell) ? Number(cell) : cell;
    case 'boolean':
      return cell === 'true' ? true : cell === 'false' ? false : cell;
    case 'array':
      return readList(cell);
    case 'string': {
      if (spec.format === 'date-time') {
        const exported = EXPORT_TIMESTAMP.exec(cell);
        if (exported) return `${exported[1]}T${exported[2]}Z`;
      }
      return cell;
    }
  }
}

/** Lists are space-separated in exports; the 2023 exports wrote some as JSON arrays (`["ACME"]`). */
function readList(cell: string): unknown {
  if (cell.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(cell);
      if (Array.isArray(parsed) && parsed.every((item) => typeof item === 'string')) return parsed;
    } catch {
      return cell;
    }
    return cell;
  }
  return cell.trim().split(/\s+/);
}

const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** An ISO date from M/D/YYYY (how Excel re-saves dates), when it is a real calendar date. */
function isoFromUsDate(text: string): string | undefined {
  const match = US_DATE.exec(text);
  if (!match) return undefined;
  const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return date.toISOString().slice(0, 10);
}

/** The unambiguous repair of a value that failed its field's rules, if there is one. */
export function typeRepair(value: unknown, spec: FieldSpec): { value: unknown; how: string } | undefined {
  if (typeof value !== 'string') return undefined;
  switch (spec.type) {
    case 'boolean': {
      const lower = value.toLowerCase();
      if (lower === 'true' || lower === 'false') return { value: lower === 'true', how: 'boolean written in another case' };
      return undefined;
    }
    case 'string': {
      if (spec.format === 'date') {
        const iso = isoFromUsDate(value);
        return iso ? { value: iso, how: 'M/D/YYYY date rewritten as YYYY-MM-DD' } : undefined;
      }
      const candidates =
        spec.enumValues?.filter((option): option is string => typeof option === 'string' && option.toLowerCase() === value.toLowerCase()) ?? [];
      if (candidates.length === 1) return { value: candidates[0], how: 'value written in another case' };
      if (spec.pattern && !spec.pattern.test(value)) {
        const upper = value.toUpperCase();
        if (upper !== value && spec.pattern.test(upper)) return { value: upper, how: 'value written in lower case' };
      }
      return undefined;
    }
    default:
      return undefined;
  }
}
