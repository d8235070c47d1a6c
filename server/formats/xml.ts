// XML renderer. One writer, two dialects of the real service:
// - Rails `to_xml` (fuel stations, solar data query, PVWatts): hyphenated names, `type="array"`,
//   `nil="true"`, optional `type="integer|float"` attributes, 2-space indentation;
// - Drupal Services (building resources): names kept, `is_array="true"` lists of `<item>`,
//   booleans as 1 or empty, nulls and empty lists as self-closing elements.
import { joinFloat32 } from './float32-text.ts';
import { formatFloat } from './numbers.ts';
import { RowStream, STREAM_MARK, type StreamSlot } from './rows.ts';
import { variantFor, type Shape } from './shape.ts';

export interface XmlStyle {
  declaration: string;
  /** The element name for a key. */
  elementName(key: string): string;
  /** The element name of one item of the array held by `arrayKey` (already an element name). */
  itemName(arrayElementName: string): string;
  arrayAttribute: string;
  /** Keys whose arrays are written without `arrayAttribute`. */
  untypedArrays?: ReadonlySet<string>;
  /** Keys whose scalars are written as these functions write them, not as JSON would. */
  texts?: Readonly<Record<string, (value: unknown) => string>>;
  /** The type attribute of a scalar, or ''; `parentKey.key` lets a dialect type only some fields. */
  typeAttribute(kind: 'integer' | 'float' | 'boolean' | 'string', parentKey: string, key: string): string;
  nil(name: string): string;
  emptyString(name: string): string;
  emptyArray(name: string, attribute: string): string;
  emptyObject(name: string, indent: string): string;
  boolean(value: boolean): string;
  /** Text content, escaped as the dialect escapes it. */
  escapeText(text: string): string;
  /** Whether an object with no named fields (a map keyed by ids) is written as a list of items. */
  mapsAsLists: boolean;
  /** Text after the root element's end tag. */
  trailer: string;
}

const INDENT = '  ';

/**
 * Characters XML 1.0 cannot carry, even escaped (§2.2, Char): C0 controls other than tab, newline
 * and carriage return, U+FFFE, U+FFFF and unpaired surrogates. A document holding one is not
 * well-formed, so wherever text is written they become U+FFFD, the replacement character.
 */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function replaceNonXmlChars(text: string): string {
  return text.replace(NOT_XML_CHAR, '\uFFFD');
}

/** Builder's escaping (Rails): & < > only. */
export function escapeXmlText(text: string): string {
  return replaceNonXmlChars(text).replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
}

/** PHP DOMDocument's (Drupal): also carriage returns, which an XML parser would otherwise turn into newlines. */
function escapeDomText(text: string): string {
  return replaceNonXmlChars(text).replace(/[&<>\r]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&#13;'));
}

function singular(name: string): string {
  if (name.endsWith('ies')) return `${name.slice(0, -3)}y`;
  if (name.endsWith('sses')) return name.slice(0, -2);
  if (name.endsWith('s') && !name.endsWith('ss')) return name.slice(0, -1);
  return name;
}

const railsTypes: Record<string, string> = { integer: ' type="integer"', float: ' type="float"', boolean: ' type="boolean"', string: '' };

/** What a Rails model's own `to_xml` changes: arrays without a type, values written its way. */
export interface RailsModelQuirks {
  untypedArrays?: string[];
  texts?: Record<string, (value: unknown) => string>;
}

/** Rails' `to_xml`. `typedFields` limits type attributes to `parent.key` pairs; omitted, every scalar is typed. */
export function railsStyle(typedFields?: string[], quirks: RailsModelQuirks = {}): XmlStyle {
  const typed = typedFields ? new Set(typedFields) : undefined;
  return {
    declaration: '<?xml version="1.0" encoding="UTF-8"?>\n',
    elementName: (key) => key.replace(/_/g, '-'),
    itemName: singular,
    arrayAttribute: ' type="array"',
    untypedArrays: quirks.untypedArrays && new Set(quirks.untypedArrays),
    texts: quirks.texts,
    typeAttribute: (kind, parentKey, key) => (!typed || typed.has(`${parentKey}.${key}`) ? railsTypes[kind] : ''),
    nil: (name) => `<${name} nil="true"/>`,
    emptyString: (name) => `<${name}></${name}>`,
    emptyArray: (name, attribute) => `<${name}${attribute}/>`,
    emptyObject: (name, indent) => `<${name}>\n${indent}</${name}>`,
    boolean: (value) => (value ? 'true' : 'false'),
    escapeText: escapeXmlText,
    mapsAsLists: false,
    trailer: '\n',
  };
}

/** Drupal 7 Services' XML formatter. */
export const drupalStyle: XmlStyle = {
  declaration: '<?xml version="1.0" encoding="utf-8"?>\n',
  elementName: (key) => key,
  itemName: () => 'item',
  arrayAttribute: ' is_array="true"',
  typeAttribute: () => '',
  nil: (name) => `<${name}/>`,
  emptyString: (name) => `<${name}/>`,
  emptyArray: (name) => `<${name}/>`,
  emptyObject: (name) => `<${name}/>`,
  boolean: (value) => (value ? '1' : ''),
  escapeText: escapeDomText,
  mapsAsLists: true,
  trailer: '\n',
};

/** Writes one element (with its own indentation and newline) for `value` under `key`. */
type WriteElement = (name: string, value: unknown, depth: number, parentKey: string, key: string, slots: StreamSlot[]) => string;

export function compileXml(shape: Shape, style: XmlStyle): WriteElement {
  switch (shape.kind) {
    case 'string':
    case 'integer':
    case 'float':
    case 'boolean':
      return scalarWriter(shape.kind, style);
    case 'any':
      return (name, value, depth, parentKey, key, slots) => writeAnyElement(style, name, value, depth, parentKey, key, slots);
    case 'array':
      return arrayWriter(compileXml(shape.items, style), style, shape.items.kind === 'float');
    case 'object':
      return objectWriter(shape, style);
    case 'union': {
      const variants = shape.variants.map((variant) => ({ values: new Set(variant.values), write: compileXml(variant.shape, style) }));
      const { discriminator } = shape;
      return (name, value, depth, parentKey, key, slots) => {
        const tag = value == null ? undefined : (value as Record<string, unknown>)[discriminator];
        return (variants.find((variant) => variant.values.has(tag)) ?? variants[0]).write(name, value, depth, parentKey, key, slots);
      };
    }
    case 'byType': {
      const writers = new Map(shape.variants.map((variant) => [variant.shape, compileXml(variant.shape, style)]));
      return (name, value, depth, parentKey, key, slots) => {
        const variant = variantFor(shape, value);
        return variant ? writers.get(variant)!(name, value, depth, parentKey, key, slots) : writeAnyElement(style, name, value, depth, parentKey, key, slots);
      };
    }
  }
}

/** A whole document: declaration, root element, trailer. */
export function writeXmlDocument(write: WriteElement, style: XmlStyle, rootName: string, value: unknown, slots: StreamSlot[]): string {
  return style.declaration + write(rootName, value, 0, '', rootName, slots).slice(0, -1) + style.trailer;
}

function scalarText(kind: string, value: unknown, style: XmlStyle): string {
  if (kind === 'float') return formatFloat(Number(value)) ?? '';
  if (kind === 'boolean') return style.boolean(Boolean(value));
  return style.escapeText(String(value));
}

function scalarWriter(kind: 'string' | 'integer' | 'float' | 'boolean', style: XmlStyle): WriteElement {
  return (name, value, depth, parentKey, key) => {
    const indent = INDENT.repeat(depth);
    if (value == null) return `${indent}${style.nil(name)}\n`;
    const ownText = style.texts?.[key];
    const text = ownText ? style.escapeText(ownText(value)) : scalarText(kind, value, style);
    if (text === '' && kind === 'string') return `${indent}${style.emptyString(name)}\n`;
    return `${indent}<${name}${style.typeAttribute(kind, parentKey, key)}>${text}</${name}>\n`;
  };
}

/**
 * An array's element and its items' elements. A single-precision array of floats (PVWatts v6's hourly
 * outputs: 8 × 8,760 items) is written by float32-text.ts in one pass, the same text as an element
 * per item.
 */
function arrayWriter(writeItem: WriteElement, style: XmlStyle, floatItems: boolean): WriteElement {
  return (name, value, depth, _parentKey, key, slots) => {
    const indent = INDENT.repeat(depth);
    if (value == null) return `${indent}${style.nil(name)}\n`;
    const itemName = style.itemName(name);
    const attribute = style.untypedArrays?.has(key) ? '' : style.arrayAttribute;
    if (value instanceof RowStream) {
      slots.push({ stream: value, writeBatch: (items) => items.map((item) => writeItem(itemName, item, depth + 1, key, key, slots)).join('') });
      return `${indent}<${name}${attribute}>\n${STREAM_MARK}${indent}</${name}>\n`;
    }
    const items = value as ArrayLike<unknown>;
    if (items.length === 0) return `${indent}${style.emptyArray(name, attribute)}\n`;
    let out = `${indent}<${name}${attribute}>\n`;
    if (floatItems && items instanceof Float32Array && style.texts?.[key] === undefined) {
      const open = `${INDENT.repeat(depth + 1)}<${itemName}${style.typeAttribute('float', key, key)}>`;
      return `${out}${joinFloat32(items, open, `</${itemName}>\n`, '', '')}${indent}</${name}>\n`;
    }
    for (let i = 0; i < items.length; i++) out += writeItem(itemName, items[i], depth + 1, key, key, slots);
    return `${out}${indent}</${name}>\n`;
  };
}

function objectWriter(shape: Extract<Shape, { kind: 'object' }>, style: XmlStyle): WriteElement {
  const fields = shape.fields.map((field) => ({ key: field.name, name: style.elementName(field.name), write: compileXml(field.shape, style) }));
  const known = new Set(shape.fields.map((field) => field.name));
  const writeRest = shape.rest ? compileXml(shape.rest, style) : undefined;
  const listOfItems = style.mapsAsLists && fields.length === 0 && writeRest !== undefined;
  return (name, value, depth, _parentKey, key, slots) => {
    const indent = INDENT.repeat(depth);
    if (value == null) return `${indent}${style.nil(name)}\n`;
    const record = value as Record<string, unknown>;
    let body = '';
    for (const field of fields) {
      const fieldValue = record[field.key];
      if (fieldValue !== undefined) body += field.write(field.name, fieldValue, depth + 1, key, field.key, slots);
    }
    if (writeRest) {
      for (const restKey of Object.keys(record)) {
        if (known.has(restKey) || record[restKey] === undefined) continue;
        const restName = listOfItems ? style.itemName(name) : style.elementName(restKey);
        body += writeRest(restName, record[restKey], depth + 1, key, restKey, slots);
      }
    }
    const attribute = listOfItems ? style.arrayAttribute : '';
    if (body === '') return `${indent}${listOfItems ? style.emptyArray(name, attribute) : style.emptyObject(name, indent)}\n`;
    return `${indent}<${name}${attribute}>\n${body}${indent}</${name}>\n`;
  };
}

/** A value with no schema (free-form metadata such as Drupal's rdf_mapping): its JS form decides. */
function writeAnyElement(style: XmlStyle, name: string, value: unknown, depth: number, parentKey: string, key: string, slots: StreamSlot[]): string {
  const indent = INDENT.repeat(depth);
  if (value == null) return `${indent}${style.nil(name)}\n`;
  if (Array.isArray(value)) {
    if (value.length === 0) return `${indent}${style.emptyArray(name, style.arrayAttribute)}\n`;
    const itemName = style.itemName(name);
    const body = value.map((item) => writeAnyElement(style, itemName, item, depth + 1, key, key, slots)).join('');
    return `${indent}<${name}${style.arrayAttribute}>\n${body}${indent}</${name}>\n`;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return `${indent}${style.emptyObject(name, indent)}\n`;
    const body = entries.map(([childKey, child]) => writeAnyElement(style, style.elementName(childKey), child, depth + 1, key, childKey, slots)).join('');
    return `${indent}<${name}>\n${body}${indent}</${name}>\n`;
  }
  const kind = typeof value === 'boolean' ? 'boolean' : typeof value === 'number' ? (Number.isInteger(value) ? 'integer' : 'float') : 'string';
  return scalarWriter(kind, style)(name, value, depth, parentKey, key, slots);
}
