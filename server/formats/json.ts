// JSON renderer: compact, keys in schema order, floats written as floats, absent keys left out.
import { joinDoubles16 } from './double-text.ts';
import { joinFloat32 } from './float32-text.ts';
import { formatFloat, formatFloatDigits } from './numbers.ts';
import { RowStream, STREAM_MARK, type StreamSlot } from './rows.ts';
import { variantFor, type Shape } from './shape.ts';

type Write = (value: unknown, slots: StreamSlot[]) => string;

const writeAny: Write = (value) => JSON.stringify(value) ?? 'null';

export function compileJson(shape: Shape): Write {
  switch (shape.kind) {
    case 'string':
      return (value) => (value == null ? 'null' : JSON.stringify(String(value)));
    case 'integer':
      return (value) => (value == null ? 'null' : String(value));
    case 'float': {
      const digits = shape.jsonDigits;
      if (digits !== undefined) return (value) => (value == null ? 'null' : (formatFloatDigits(Number(value), digits) ?? 'null'));
      return (value) => (value == null ? 'null' : (formatFloat(Number(value)) ?? 'null'));
    }
    case 'boolean':
      return (value) => (value == null ? 'null' : value ? 'true' : 'false');
    case 'any':
      return writeAny;
    case 'array':
      return shape.items.kind === 'float' ? compileFloatArray(compileJson(shape.items), shape.items.jsonDigits) : compileArray(compileJson(shape.items));
    case 'object':
      return compileObject(shape);
    case 'union': {
      const variants = shape.variants.map((variant) => ({ values: new Set(variant.values), write: compileJson(variant.shape) }));
      const { discriminator } = shape;
      return (value, slots) => {
        if (value == null) return 'null';
        const tag = (value as Record<string, unknown>)[discriminator];
        return (variants.find((variant) => variant.values.has(tag)) ?? variants[0]).write(value, slots);
      };
    }
    case 'byType': {
      const writers = new Map(shape.variants.map((variant) => [variant.shape, compileJson(variant.shape)]));
      return (value, slots) => {
        const variant = variantFor(shape, value);
        return variant ? writers.get(variant)!(value, slots) : writeAny(value, slots);
      };
    }
  }
}

function compileArray(writeItem: Write): Write {
  return (value, slots) => {
    if (value == null) return 'null';
    if (value instanceof RowStream) {
      slots.push({
        stream: value,
        writeBatch: (items, isFirstBatch) => {
          const parts = items.map((item) => writeItem(item, slots)).join(',');
          return isFirstBatch || parts === '' ? parts : `,${parts}`;
        },
      });
      return `[${STREAM_MARK}]`;
    }
    const items = value as ArrayLike<unknown>;
    let out = '[';
    for (let i = 0; i < items.length; i++) out += (i ? ',' : '') + writeItem(items[i], slots);
    return `${out}]`;
  };
}

const unchangingArrays = new WeakSet<object>();

/**
 * Marks an array whose elements never change (a station's weather, shared by every answer about
 * it): the JSON writers keep its text while the array lives and write it again without
 * formatting a number.
 */
export function unchanging<T extends object>(array: T): T {
  unchangingArrays.add(array);
  return array;
}

/**
 * Arrays of floats: the text of an `unchanging` array is kept (per writer, while the array
 * lives); in a long one (a year of hourly values) a value equal to the one before it (zeros at
 * night, a weather file's steady hours) is not formatted again; single-precision values written
 * shortest (no `digits`) are written by float32-text.ts, three times quicker than formatting each,
 * and doubles written with 16 digits by double-text.ts. The text is the same either way.
 */
function compileFloatArray(writeItem: Write, digits: number | undefined): Write {
  const generic = compileArray(writeItem);
  const kept = new WeakMap<object, string>();
  return (value, slots) => {
    if (value == null || value instanceof RowStream || (value as ArrayLike<unknown>).length < 64) return generic(value, slots);
    const reuse = unchangingArrays.has(value as object);
    if (reuse) {
      const text = kept.get(value as object);
      if (text !== undefined) return text;
    }
    if (digits === undefined && value instanceof Float32Array) {
      const text = `[${joinFloat32(value, '', '', ',', 'null')}]`;
      if (reuse) kept.set(value, text);
      return text;
    }
    if (digits === 16 && value instanceof Float64Array) {
      const text = `[${joinDoubles16(value, ',', 'null')}]`;
      if (reuse) kept.set(value, text);
      return text;
    }
    const items = value as ArrayLike<unknown>;
    const zero = writeItem(0, slots);
    let previous: unknown = Number.NaN;
    let previousText = '';
    // joined (a flat string), not concatenated (a rope of thousands of pieces, kept or not)
    const parts = new Array<string>(items.length);
    for (let i = 0; i < items.length; i++) {
      const item = items[i];
      if (item !== previous) {
        previous = item;
        previousText = item === 0 ? zero : writeItem(item, slots);
      }
      parts[i] = previousText;
    }
    const text = `[${parts.join(',')}]`;
    if (reuse) kept.set(value as object, text);
    return text;
  };
}

/**
 * An object's writer, made for its shape: its fields read and written in straight-line code, each
 * field by a property load and a call site of its own, where a loop over the fields would do a keyed
 * load and a call that each see every field (megamorphic: a hash lookup and a full call each time).
 * A station record has 73 fields and a full list 60,000 records: they take a quarter less time so.
 */
function compileObject(shape: Extract<Shape, { kind: 'object' }>): Write {
  const fieldWriters = shape.fields.map((field) => compileJson(field.shape));
  const statements = shape.fields.map(
    (field, i) =>
      `value = record[${JSON.stringify(field.name)}];
      if (value !== undefined) {
        out += (out.length === 0 ? ${JSON.stringify(`${JSON.stringify(field.name)}:`)} : ${JSON.stringify(`,${JSON.stringify(field.name)}:`)}) + write${i}(value, slots);
      }`,
  );
  const writeFields = new Function(
    ...fieldWriters.map((_, i) => `write${i}`),
    `return function writeFields(record, slots) {
      let out = '';
      let value;
      ${statements.join('\n')}
      return out;
    };`,
  )(...fieldWriters) as (record: Record<string, unknown>, slots: StreamSlot[]) => string;
  const known = new Set(shape.fields.map((field) => field.name));
  const writeRest = shape.rest ? compileJson(shape.rest) : undefined;
  return (value, slots) => {
    if (value == null) return 'null';
    const record = value as Record<string, unknown>;
    let out = writeFields(record, slots);
    if (writeRest) {
      for (const key of Object.keys(record)) {
        if (known.has(key) || record[key] === undefined) continue;
        out += `${out.length === 0 ? '' : ','}${JSON.stringify(key)}:${writeRest(record[key], slots)}`;
      }
    }
    // the first field is written without a comma: cutting one off afterwards (a slice) copied a long answer's text whole
    return `{${out}}`;
  };
}
