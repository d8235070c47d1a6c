// GeoJSON (RFC 7946): a list of records with a location, written as a FeatureCollection of Point
// features. The collection's schema (schemas/fuel-stations-geojson*.schema.json) fixes every key and
// value kind, as for JSON: the renderer is the JSON writer of that schema, fed a collection built
// from the endpoint's data. Features are streamed like the JSON list: a RowStream stays a RowStream.
import { shapeFor } from './shape.ts';
import { compileJson } from './json.ts';
import { RowStream, type StreamSlot } from './rows.ts';

/** How a view's data becomes a FeatureCollection. */
export interface GeoJsonForm {
  /** $id of the FeatureCollection's schema. */
  schemaId: string;
  /** The collection: `type`, the foreign members, then `features` (an array or a RowStream of features). */
  collection(data: unknown): Record<string, unknown>;
}

export interface Feature<T> {
  type: 'Feature';
  id: unknown;
  geometry: { type: 'Point'; coordinates: [number, number] } | null;
  properties: T;
}

/** A record's point as [longitude, latitude], or null when either is missing or not a finite number. */
export function pointOf(record: Record<string, unknown>, keys: { latitude: string; longitude: string }): [number, number] | null {
  const latitude = record[keys.latitude];
  const longitude = record[keys.longitude];
  const located = typeof latitude === 'number' && typeof longitude === 'number' && Number.isFinite(latitude) && Number.isFinite(longitude);
  return located ? [longitude, latitude] : null;
}

/** A record as a Point feature: coordinates are [longitude, latitude]; no location, null geometry. */
export function pointFeature<T extends Record<string, unknown>>(record: T, keys: { id: string; latitude: string; longitude: string }): Feature<T> {
  const point = pointOf(record, keys);
  return { type: 'Feature', id: record[keys.id], geometry: point ? { type: 'Point', coordinates: point } : null, properties: record };
}

/** Features of records given whole or streamed in batches (a stream stays a stream). */
export function features<T extends Record<string, unknown>>(
  records: T[] | RowStream<T>,
  toFeature: (record: T) => Feature<T>,
): Feature<T>[] | RowStream<Feature<T>> {
  if (!(records instanceof RowStream)) return records.map(toFeature);
  const source = records.batches;
  return new RowStream(
    (async function* () {
      for await (const batch of source) yield batch.map(toFeature);
    })(),
  );
}

type Write = (data: unknown, slots: StreamSlot[]) => string;

const writers = new WeakMap<GeoJsonForm, Write>();

/** The GeoJSON text of a view's data; RowStreams leave STREAM_MARKs in `slots` as JSON does. */
export function writeGeoJson(form: GeoJsonForm, data: unknown, slots: StreamSlot[]): string {
  let write = writers.get(form);
  if (!write) writers.set(form, (write = compileJson(shapeFor(form.schemaId))));
  return write(form.collection(data), slots);
}
