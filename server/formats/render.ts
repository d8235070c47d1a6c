// One data core, several renderers: an endpoint returns a neutral ApiResult (its view and its data);
// the requested format picks the renderer that turns it into bytes.
import type { Response } from 'express';
import { shapeFor } from '../../schemas/registry.ts';
import { csvHeader, csvRows, type CsvColumn } from './csv.ts';
import { writeGeoJson, type GeoJsonForm } from './geojson.ts';
import { compileJson } from './json.ts';
import { contentTypes, type Format } from './negotiate.ts';
import { RowStream, STREAM_MARK, type StreamSlot } from './rows.ts';
import { compileXml, writeXmlDocument, type XmlStyle } from './xml.ts';

/** How one kind of response is written: its schema, and its XML and CSV conventions. */
export interface View {
  schemaId: string;
  /** `field`: the XML document is that top-level field's value alone, as Rails renders a single record. */
  xml?: { style: XmlStyle; root: string; field?: string };
  csv?: { columns: CsvColumn[]; rows(data: any): unknown[] | RowStream };
  /** GeoJSON: a FeatureCollection of the data's records. A view without it (errors) is written as JSON. */
  geojson?: GeoJsonForm;
}

export interface ApiResult {
  view: View;
  data: unknown;
  status?: number;
  headers?: Record<string, string>;
}

export interface Rendered {
  status: number;
  contentType: string;
  body: AsyncIterable<string>;
}

type Writer = (data: unknown, slots: StreamSlot[]) => string;

const compiled = new WeakMap<View, Partial<Record<'json' | 'xml', Writer>>>();

function writerFor(view: View, kind: 'json' | 'xml'): Writer {
  let entry = compiled.get(view);
  if (!entry) compiled.set(view, (entry = {}));
  let writer = entry[kind];
  if (!writer) {
    const shape = shapeFor(view.schemaId);
    if (kind === 'json') {
      writer = compileJson(shape);
    } else {
      const xml = view.xml;
      if (!xml) throw new Error(`View ${view.schemaId} has no XML form`);
      const field = xml.field;
      const rootShape = field && shape.kind === 'object' ? shape.fields.find((f) => f.name === field)?.shape : shape;
      if (!rootShape) throw new Error(`View ${view.schemaId} has no field ${field}`);
      const write = compileXml(rootShape, xml.style);
      writer = (data, slots) => writeXmlDocument(write, xml.style, xml.root, field ? (data as Record<string, unknown>)[field] : data, slots);
    }
    entry[kind] = writer;
  }
  return writer;
}

/** Text with STREAM_MARKs: the parts around each mark, and the rows streamed in its place. */
async function* expand(text: string, slots: StreamSlot[]): AsyncGenerator<string> {
  if (slots.length === 0) {
    yield text;
    return;
  }
  const parts = text.split(STREAM_MARK);
  yield parts[0];
  for (let i = 0; i < slots.length; i++) {
    let first = true;
    for await (const batch of slots[i].stream.batches) {
      const written = slots[i].writeBatch(batch, first);
      if (written !== '') {
        first = false;
        yield written;
      }
    }
    yield parts[i + 1];
  }
}

async function* csvBody(columns: CsvColumn[], rows: unknown[] | RowStream): AsyncGenerator<string> {
  yield csvHeader(columns);
  const stream = rows instanceof RowStream ? rows : RowStream.of(rows);
  for await (const batch of stream.batches) yield csvRows(columns, batch);
}

export function render(result: ApiResult, format: Format, callback?: string): Rendered {
  const status = result.status ?? 200;
  const { view, data } = result;
  const slots: StreamSlot[] = [];
  switch (format) {
    case 'json':
    case 'jsonp': {
      const json = writerFor(view, 'json')(data, slots);
      const text = callback ? `${callback}(${json});` : json;
      return { status, contentType: contentTypes[callback ? 'jsonp' : 'json'], body: expand(text, slots) };
    }
    case 'geojson':
      if (!view.geojson) return { status, contentType: contentTypes.json, body: expand(writerFor(view, 'json')(data, slots), slots) };
      return { status, contentType: contentTypes.geojson, body: expand(writeGeoJson(view.geojson, data, slots), slots) };
    case 'xml':
      return { status, contentType: contentTypes.xml, body: expand(writerFor(view, 'xml')(data, slots), slots) };
    case 'csv': {
      if (!view.csv) throw new Error(`View ${view.schemaId} has no CSV form`);
      return { status, contentType: contentTypes.csv, body: csvBody(view.csv.columns, view.csv.rows(data)) };
    }
    default:
      throw new Error(`No renderer for ${format}`);
  }
}

/** Resolves when the socket can take more, or is gone; leaves no listener behind either way. */
function drainedOrClosed(res: Response): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/** Writes a rendered result to the response, respecting backpressure; stops reading rows if the client goes away. */
export async function send(res: Response, rendered: Rendered, headers: Record<string, string> = {}): Promise<void> {
  res.status(rendered.status);
  res.setHeader('Content-Type', rendered.contentType);
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  const chunks: string[] = [];
  const iterator = rendered.body[Symbol.asyncIterator]();
  // Small bodies go out in one write with a Content-Length; long ones are streamed.
  let bufferedBytes = 0;
  for (;;) {
    const next = await iterator.next();
    if (next.done) {
      res.end(chunks.join(''));
      return;
    }
    chunks.push(next.value);
    bufferedBytes += next.value.length;
    if (bufferedBytes > 64 * 1024) break;
  }
  res.write(chunks.join(''));
  for (;;) {
    const next = await iterator.next();
    if (next.done) break;
    if (res.destroyed) {
      await iterator.return?.(undefined);
      return;
    }
    if (!res.write(next.value)) await drainedOrClosed(res);
  }
  res.end();
}
