// One data core, several renderers: an endpoint returns a neutral ApiResult (its view and its data);
// the requested format picks the renderer that turns it into bytes.
import type { Response } from 'express';
import { shapeFor } from './shape.ts';
import { csvHeader, csvRows, type CsvColumn } from './csv.ts';
import { writeGeoJson, type GeoJsonForm } from './geojson.ts';
import { compileJson } from './json.ts';
import { compileKml, type KmlForm } from './kml.ts';
import { contentTypes, type Format } from './negotiate.ts';
import { type Chunk, RowStream, STREAM_MARK, writeRows, type StreamSlot } from './rows.ts';
import { compileXml, writeXmlDocument, type XmlStyle } from './xml.ts';

/** How one kind of response is written: its schema, and its XML and CSV conventions. */
export interface View {
  schemaId: string;
  /** `field`: the XML document is that top-level field's value alone, as Rails renders a single record. */
  xml?: { style: XmlStyle; root: string; field?: string };
  csv?: { columns: CsvColumn[]; rows(data: unknown): unknown[] | RowStream };
  /** CSV that is not one table with one header (an NSRDB download): the whole text. */
  csvText?: (data: unknown) => string;
  /** GeoJSON: a FeatureCollection of the data's records. A view without it (errors) is written as JSON. */
  geojson?: GeoJsonForm;
  /** KML: a Document of the data's records as Placemarks. A view without it (errors) is written as JSON, as for GeoJSON. */
  kml?: KmlForm;
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
  body: AsyncIterable<Chunk>;
}

type Writer = (data: unknown, slots: StreamSlot[]) => string;

type WriterKind = 'json' | 'xml' | 'kml';

const compiled = new WeakMap<View, Partial<Record<WriterKind, Writer>>>();

function writerFor(view: View, kind: WriterKind): Writer {
  let entry = compiled.get(view);
  if (!entry) compiled.set(view, (entry = {}));
  let writer = entry[kind];
  if (!writer) {
    const shape = shapeFor(view.schemaId);
    if (kind === 'json') {
      writer = compileJson(shape);
    } else if (kind === 'kml') {
      if (!view.kml) throw new Error(`View ${view.schemaId} has no KML form`);
      writer = compileKml(shape, view.kml);
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
async function* expand(text: string, slots: StreamSlot[]): AsyncGenerator<Chunk> {
  if (slots.length === 0) {
    yield text;
    return;
  }
  const parts = text.split(STREAM_MARK);
  yield parts[0];
  for (let i = 0; i < slots.length; i++) {
    yield* writeRows(slots[i]);
    yield parts[i + 1];
  }
}

/** Characters of a whole text sent in one turn (`send` streams a long body slice by slice). */
const TEXT_SLICE_CHARS = 64 * 1024;

async function* inSlices(text: string): AsyncGenerator<Chunk> {
  for (let start = 0; start < text.length; start += TEXT_SLICE_CHARS) yield text.slice(start, start + TEXT_SLICE_CHARS);
}

async function* csvBody(columns: CsvColumn[], rows: unknown[] | RowStream): AsyncGenerator<Chunk> {
  yield csvHeader(columns);
  const stream = rows instanceof RowStream ? rows : RowStream.of(rows);
  yield* writeRows({ stream, writeBatch: (records) => csvRows(columns, records) });
}

export function render(result: ApiResult, format: Format, callback?: string): Rendered {
  const status = result.status ?? 200;
  const { view, data } = result;
  const slots: StreamSlot[] = [];
  const asJson = (): Rendered => ({ status, contentType: contentTypes.json, body: expand(writerFor(view, 'json')(data, slots), slots) });
  switch (format) {
    case 'json':
    case 'jsonp': {
      const json = writerFor(view, 'json')(data, slots);
      const text = callback ? `${callback}(${json});` : json;
      return { status, contentType: contentTypes[callback ? 'jsonp' : 'json'], body: expand(text, slots) };
    }
    case 'geojson':
      if (!view.geojson) return asJson();
      return { status, contentType: contentTypes.geojson, body: expand(writeGeoJson(view.geojson, data, slots), slots) };
    case 'kml':
      if (!view.kml) return asJson();
      return { status, contentType: contentTypes.kml, body: expand(writerFor(view, 'kml')(data, slots), slots) };
    case 'xml':
      return { status, contentType: contentTypes.xml, body: expand(writerFor(view, 'xml')(data, slots), slots) };
    case 'csv':
      if (view.csvText) return { status, contentType: contentTypes.csv, body: inSlices(view.csvText(data)) };
      // a view without a CSV form (the NSRDB downloads' errors) is written as JSON, as for GeoJSON
      if (!view.csv) return asJson();
      return { status, contentType: contentTypes.csv, body: csvBody(view.csv.columns, view.csv.rows(data)) };
    default:
      throw new Error(`No renderer for ${format}`);
  }
}

/**
 * Resolves when the socket can take more (`drained`), is gone (`closed`), or its reader took nothing
 * for `stallMs` (`stalled`: what waits to be sent did not shrink in that time); leaves no listener
 * or timer behind.
 */
function drained(res: Response, stallMs: number): Promise<'drained' | 'closed' | 'stalled'> {
  // gone already: its 'close' has been and will not come again
  if (res.destroyed) return Promise.resolve('closed');
  return new Promise((resolve) => {
    let waitingBytes = res.writableLength;
    const watchdog = Number.isFinite(stallMs)
      ? setInterval(() => {
          if (res.writableLength < waitingBytes) waitingBytes = res.writableLength;
          else finish('stalled');
        }, stallMs)
      : undefined;
    const onDrain = () => finish('drained');
    const onClose = () => finish('closed');
    const finish = (how: 'drained' | 'closed' | 'stalled') => {
      clearInterval(watchdog);
      res.off('drain', onDrain);
      res.off('close', onClose);
      resolve(how);
    };
    res.on('drain', onDrain);
    res.on('close', onClose);
  });
}

/** Small bodies are sent whole, with a Content-Length; beyond this many characters the body is streamed. */
const WHOLE_BODY_CHARS = 64 * 1024;

/**
 * Streamed responses take turns: among all of them, one chunk (a slice of rows, see rows.ts) per
 * turn of the event loop. A request's own steps (parsing, each await of a DuckDB query) each wait
 * for one slice at most, however many lists are streaming.
 */
const waitingForTurn: Array<() => void> = [];

function nextTurn(): Promise<void> {
  return new Promise((resolve) => {
    waitingForTurn.push(resolve);
    if (waitingForTurn.length === 1) setImmediate(giveTurn);
  });
}

function giveTurn(): void {
  waitingForTurn.shift()!();
  if (waitingForTurn.length > 0) setImmediate(giveTurn);
}

export interface SendOptions {
  headers?: Record<string, string>;
  /**
   * Awaited once the body is found long, before its first byte (admission.ts): false when it may not
   * stream, and `send` then writes nothing and answers `refused`, for the caller to answer instead.
   */
  beforeStreaming?: () => Promise<boolean>;
  /** A stream whose reader takes nothing for this long is ended (ms); by default it waits for ever. */
  stallMs?: number;
}

/**
 * Writes a rendered result to the response. A long body is streamed chunk by chunk, one chunk per
 * turn (`nextTurn`), so other requests are answered while lists stream; nothing more is rendered
 * while the socket's buffer is full, the rows stop being read if the client goes away, and a client
 * that stops reading for `stallMs` has its response cut (a chunked body without its last chunk,
 * which every HTTP client reads as incomplete).
 */
export async function send(res: Response, rendered: Rendered, options: SendOptions = {}): Promise<'sent' | 'refused'> {
  const iterator = rendered.body[Symbol.asyncIterator]();
  const start = await bodyStart(iterator);
  const writeHead = () => {
    res.status(rendered.status);
    res.setHeader('Content-Type', rendered.contentType);
    for (const [name, value] of Object.entries(options.headers ?? {})) res.setHeader(name, value);
  };
  if (start.whole) {
    writeHead();
    res.end(start.text);
    return 'sent';
  }
  if (options.beforeStreaming && !(await options.beforeStreaming())) {
    await iterator.return?.(undefined);
    return 'refused';
  }
  writeHead();
  const stallMs = options.stallMs ?? Number.POSITIVE_INFINITY;
  let chunk = start.text;
  for (;;) {
    if (!res.write(chunk) && (await drained(res, stallMs)) === 'stalled') res.destroy();
    await nextTurn();
    if (res.destroyed) {
      await iterator.return?.(undefined);
      return 'sent';
    }
    const next = await iterator.next();
    if (next.done) break;
    chunk = next.value;
  }
  res.end();
  return 'sent';
}

/** The body's first chunks, up to WHOLE_BODY_CHARS, as one; `whole` when that is all of it. */
async function bodyStart(iterator: AsyncIterator<Chunk>): Promise<{ text: Chunk; whole: boolean }> {
  const chunks: Chunk[] = [];
  let chars = 0;
  while (chars <= WHOLE_BODY_CHARS) {
    const next = await iterator.next();
    if (next.done) return { text: joined(chunks), whole: true };
    chunks.push(next.value);
    chars += next.value.length;
  }
  return { text: joined(chunks), whole: false };
}

function joined(chunks: Chunk[]): Chunk {
  if (chunks.every((chunk) => typeof chunk === 'string')) return chunks.join('');
  return Buffer.concat(chunks.map((chunk) => (typeof chunk === 'string' ? Buffer.from(chunk) : chunk)));
}
