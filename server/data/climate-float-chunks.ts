// The climate store's decoder of the hourly Parquet's column chunks as the pipeline writes them
// (DuckDB: flat FLOAT columns, v1 data pages, dictionary or plain encoded, no nulls: a missing value
// is a NaN): each chunk straight into the station's Float32Array. hyparquet's own reading of an
// OPTIONAL column builds its definition levels, an array of values and the column "assembled" from
// both (its Dremel assembly, for nested columns), per column and station; this skips all three and
// reads half as long (npm run bench -- climate). It uses hyparquet's page header parser, its
// decompressors and its RLE/bit-packing decoder (exports of hyparquet/src), and declines (false)
// whatever else it meets (a null, a v2 page, another encoding), for which the store reads the station
// with hyparquet's parquetRead instead.
import { parquetHeader } from 'hyparquet/src/column.js';
import { decompressPage } from 'hyparquet/src/datapage.js';
import { readRleBitPackedHybrid } from 'hyparquet/src/encoding.js';
import type { CompressionCodec, Compressors } from 'hyparquet';

export interface FloatChunk {
  /** The chunk's bytes: its dictionary page, if any, then its data pages. */
  bytes: Uint8Array;
  codec: CompressionCodec;
  /** An OPTIONAL column (its pages carry definition levels), not a REQUIRED one. */
  optional: boolean;
  /** Values the chunk holds (the row group's rows). */
  rows: number;
}

/** Scratch for definition levels and dictionary indices, grown as needed (the store decodes one chunk at a time). */
let scratch = new Uint32Array(8760);
const scratchOf = (count: number) => (scratch.length >= count ? scratch : (scratch = new Uint32Array(count))).subarray(0, count);

/** `count` little-endian floats from `offset` of a page. */
function plainFloats(page: Uint8Array, offset: number, count: number): Float32Array | undefined {
  if (offset + 4 * count > page.byteLength) return undefined;
  const start = page.byteOffset + offset;
  // a Float32Array needs 4-byte alignment: a copy of the bytes when they are not aligned
  return start % 4 === 0 ? new Float32Array(page.buffer, start, count) : new Float32Array(page.slice(offset, offset + 4 * count).buffer);
}

/**
 * Decodes a FLOAT column chunk into `target` from `at`; false (`target` then partly written) when the
 * chunk has anything this does not read: a null, a data page v2, an encoding other than PLAIN and
 * PLAIN_/RLE_DICTIONARY, a dictionary index out of range, or not exactly `rows` values.
 */
export function decodeFloatChunk(chunk: FloatChunk, compressors: Compressors, target: Float32Array, at: number): boolean {
  const { bytes, codec, optional, rows } = chunk;
  const reader = { view: new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength), offset: 0 };
  let dictionary: Float32Array | undefined;
  let filled = 0;
  while (filled < rows) {
    if (reader.offset >= bytes.byteLength) return false;
    const header = parquetHeader(reader);
    const compressed = bytes.subarray(reader.offset, reader.offset + header.compressed_page_size);
    reader.offset += header.compressed_page_size;
    if (compressed.byteLength !== header.compressed_page_size) return false;
    if (header.type === 'DICTIONARY_PAGE') {
      const page = decompressPage(compressed, header.uncompressed_page_size, codec, compressors);
      const encoding = header.dictionary_page_header?.encoding;
      if (encoding !== 'PLAIN' && encoding !== 'PLAIN_DICTIONARY') return false;
      dictionary = plainFloats(page, 0, header.dictionary_page_header!.num_values);
      if (!dictionary) return false;
      continue;
    }
    const pageHeader = header.data_page_header;
    if (header.type !== 'DATA_PAGE' || !pageHeader) return false;
    const count = pageHeader.num_values;
    if (filled + count > rows) return false;
    const page = decompressPage(compressed, header.uncompressed_page_size, codec, compressors);
    const view = new DataView(page.buffer, page.byteOffset, page.byteLength);
    let offset = 0;
    if (optional) {
      // definition levels (bit width 1 for a flat optional column, after their 4-byte length): every one 1, no null
      if (pageHeader.definition_level_encoding !== 'RLE' || page.byteLength < 4) return false;
      const length = view.getUint32(0, true);
      if (4 + length > page.byteLength) return false;
      const levels = scratchOf(count);
      readRleBitPackedHybrid({ view, offset: 4 }, 1, levels, length);
      for (let i = 0; i < count; i++) if (levels[i] !== 1) return false;
      offset = 4 + length;
    }
    const out = target.subarray(at + filled, at + filled + count);
    if (pageHeader.encoding === 'PLAIN') {
      const values = plainFloats(page, offset, count);
      if (!values) return false;
      out.set(values);
    } else if (pageHeader.encoding === 'PLAIN_DICTIONARY' || pageHeader.encoding === 'RLE_DICTIONARY') {
      if (!dictionary || offset >= page.byteLength) return false;
      const bitWidth = view.getUint8(offset);
      const indices = scratchOf(count);
      if (bitWidth === 0) indices.fill(0);
      else readRleBitPackedHybrid({ view, offset: offset + 1 }, bitWidth, indices, page.byteLength - offset - 1);
      const size = dictionary.length;
      for (let i = 0; i < count; i++) {
        const index = indices[i]!;
        if (index >= size) return false;
        out[i] = dictionary[index]!;
      }
    } else {
      return false;
    }
    filled += count;
  }
  return filled === rows && reader.offset === bytes.byteLength;
}
