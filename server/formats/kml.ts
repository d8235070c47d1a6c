// KML 2.2 (OGC 07-147r2), for Google Earth and GIS tools: a list of records with a location, written
// as a Document of Placemarks. The real service's documentation lists `kml` and shows nothing of
// it, so the document is the plainest KML that carries everything the JSON answer does:
//
//   <kml xmlns="http://www.opengis.net/kml/2.2"><Document>
//     <ExtendedData> the envelope's members (total_results, …) </ExtendedData>
//     <Placemark> <name/> <ExtendedData> the record's fields </ExtendedData> <Point/> </Placemark> …
//
// (in the order KML 2.2's schema requires: a feature's ExtendedData before its geometry, a
// Document's before its Placemarks). Every `<Data name="key"><value>` follows the schema of the
// view's data, as the JSON writer does: key order, absent keys left out, floats with their ".0";
// strings are written as they are, objects and arrays as their JSON text, null as an empty value.
// Placemarks are streamed like the XML list: a RowStream of records stays a RowStream.
import { pointOf } from './geojson.ts';
import { compileJson } from './json.ts';
import { formatFloat } from './numbers.ts';
import { RowStream, STREAM_MARK, type StreamSlot } from './rows.ts';
import type { Shape } from './shape.ts';
import { escapeXmlText } from './xml.ts';

/** Where a view's data keeps what the KML document shows. */
export interface KmlForm {
  /** Envelope members written as the Document's ExtendedData, in this order (absent ones left out). */
  members: string[];
  /** The member holding the records: an array (or RowStream) of them, or one record. */
  records: string;
  /** The record's keys of the Placemark's name and point. */
  keys: { name: string; latitude: string; longitude: string };
}

const KML_NAMESPACE = 'http://www.opengis.net/kml/2.2';

const DOCUMENT_START = `<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="${KML_NAMESPACE}">\n  <Document>\n`;
const DOCUMENT_END = '  </Document>\n</kml>\n';

type ObjectShape = Extract<Shape, { kind: 'object' }>;

/** Writes the `<Data>` elements of an object's fields, each line indented by `indent`. */
type WriteData = (value: Record<string, unknown>, indent: string) => string;

/** Text content: escaped as xml.ts does, and carriage returns as references, which a parser would otherwise read as newlines. */
function escapeText(text: string): string {
  return escapeXmlText(text).replace(/\r/g, '&#13;');
}

/** An attribute's value: also the quote, and the tabs and newlines a parser would otherwise read as spaces. */
function escapeAttribute(text: string): string {
  return escapeText(text).replace(/["\t\n]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A value's text: as the JSON writer of its shape writes it, but a string without its quotes. */
function compileValueText(shape: Shape): (value: unknown) => string {
  if (shape.kind === 'string') return (value) => escapeText(String(value));
  const writeJson = compileJson(shape);
  return (value) => escapeText(typeof value === 'string' ? value : writeJson(value, []));
}

function dataElement(name: string, text: string | null, indent: string): string {
  return `${indent}<Data name="${escapeAttribute(name)}">${text === null ? '<value/>' : `<value>${text}</value>`}</Data>\n`;
}

/** The `<Data>` of the named fields of an object shape, in the given order; with `rest`, then the keys the shape does not name. */
function compileData(shape: ObjectShape, names: string[], rest: boolean): WriteData {
  const fields = names.map((name) => {
    const field = shape.fields.find((candidate) => candidate.name === name);
    if (!field) throw new Error(`KML: no field ${name} in the schema`);
    return { name, text: compileValueText(field.shape) };
  });
  const known = new Set(shape.fields.map((field) => field.name));
  const restText = rest && shape.rest ? compileValueText(shape.rest) : undefined;
  return (value, indent) => {
    let out = '';
    for (const field of fields) {
      const fieldValue = value[field.name];
      if (fieldValue !== undefined) out += dataElement(field.name, fieldValue === null ? null : field.text(fieldValue), indent);
    }
    if (restText) {
      for (const key of Object.keys(value)) {
        const restValue = value[key];
        if (known.has(key) || restValue === undefined) continue;
        out += dataElement(key, restValue === null ? null : restText(restValue), indent);
      }
    }
    return out;
  };
}

function extendedData(data: string, indent: string): string {
  return data === '' ? '' : `${indent}<ExtendedData>\n${data}${indent}</ExtendedData>\n`;
}

function compilePlacemark(record: ObjectShape, keys: KmlForm['keys']): (value: Record<string, unknown>) => string {
  const allFields = record.fields.map((field) => field.name);
  const writeData = compileData(record, allFields, true);
  return (value) => {
    const name = value[keys.name];
    const point = pointOf(value, keys);
    return (
      '    <Placemark>\n' +
      (name == null ? '' : `      <name>${escapeText(String(name))}</name>\n`) +
      extendedData(writeData(value, '        '), '      ') +
      (point ? `      <Point><coordinates>${formatFloat(point[0])},${formatFloat(point[1])}</coordinates></Point>\n` : '') +
      '    </Placemark>\n'
    );
  };
}

/** The records' shape, and whether the member holds a list of them or a single one. */
function recordsShape(envelope: ObjectShape, member: string): { record: ObjectShape; single: boolean } {
  const shape = envelope.fields.find((field) => field.name === member)?.shape;
  if (shape?.kind === 'object') return { record: shape, single: true };
  if (shape?.kind === 'array' && shape.items.kind === 'object') return { record: shape.items, single: false };
  throw new Error(`KML: ${member} is neither a record nor a list of records`);
}

/** The KML writer of a view's data, whose schema's shape is `envelope`; RowStreams leave STREAM_MARKs in `slots` as XML does. */
export function compileKml(envelope: Shape, form: KmlForm): (data: unknown, slots: StreamSlot[]) => string {
  if (envelope.kind !== 'object') throw new Error('KML: the data is not an object');
  const writeMembers = compileData(envelope, form.members, false);
  const { record, single } = recordsShape(envelope, form.records);
  const writePlacemark = compilePlacemark(record, form.keys);
  return (data, slots) => {
    const envelopeValue = data as Record<string, unknown>;
    const records = envelopeValue[form.records] as Record<string, unknown> | Record<string, unknown>[] | RowStream<Record<string, unknown>> | null | undefined;
    let placemarks = '';
    if (records instanceof RowStream) {
      slots.push({ stream: records, writeBatch: (batch) => (batch as Record<string, unknown>[]).map(writePlacemark).join('') });
      placemarks = STREAM_MARK;
    } else if (records != null) {
      placemarks = single ? writePlacemark(records as Record<string, unknown>) : (records as Record<string, unknown>[]).map(writePlacemark).join('');
    }
    return DOCUMENT_START + extendedData(writeMembers(envelopeValue, '      '), '    ') + placemarks + DOCUMENT_END;
  };
}
