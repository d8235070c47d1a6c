// Reads one station's rows straight out of an hourly Parquet shard, by the row-group index the
// catalog keeps (byte offset and length of the station's row groups): one positioned read, then the
// pages of each column chunk decoded here. It understands what DuckDB writes for these files (data
// pages v1 and v2, OPTIONAL columns with RLE definition levels, PLAIN and dictionary encodings, ZSTD,
// GZIP or no compression) and refuses anything else with a clear error. Tests check it against
// DuckDB's own reading of the same files.
import { open } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { decompress as zstdDecompress } from 'fzstd';

/** Page types and encodings of the Parquet format (parquet.thrift). */
const PAGE = { data: 0, index: 1, dictionary: 2, dataV2: 3 } as const;
const ENCODING = { plain: 0, plainDictionary: 2, rle: 3, rleDictionary: 8 } as const;

// ---------------------------------------------------------------------------------------------
// Thrift compact protocol, just enough for page headers.

type ThriftValue = number | bigint | boolean | Uint8Array | ThriftStruct | ThriftValue[];
interface ThriftStruct {
  [field: number]: ThriftValue;
}

class CompactReader {
  constructor(
    readonly bytes: Uint8Array,
    public position: number,
  ) {}

  byte(): number {
    if (this.position >= this.bytes.length) throw new Error('Parquet page header runs past the row group');
    return this.bytes[this.position++]!;
  }

  varint(): number {
    let result = 0;
    let shift = 0;
    for (;;) {
      const byte = this.byte();
      result += (byte & 0x7f) * 2 ** shift;
      if ((byte & 0x80) === 0) return result;
      shift += 7;
      if (shift > 63) throw new Error('Parquet page header: varint too long');
    }
  }

  zigzag(): number {
    const value = this.varint();
    return value % 2 === 0 ? value / 2 : -(value + 1) / 2;
  }

  value(type: number): ThriftValue {
    switch (type) {
      case 1:
        return true;
      case 2:
        return false;
      case 3:
        return (this.byte() << 24) >> 24;
      case 4:
      case 5:
      case 6:
        return this.zigzag();
      case 7: {
        const view = new DataView(this.bytes.buffer, this.bytes.byteOffset + this.position, 8);
        this.position += 8;
        return view.getFloat64(0, true);
      }
      case 8: {
        const length = this.varint();
        const start = this.position;
        this.position += length;
        return this.bytes.subarray(start, this.position);
      }
      case 9:
      case 10: {
        const header = this.byte();
        const size = header >> 4 === 15 ? this.varint() : header >> 4;
        const elementType = header & 0x0f;
        const items: ThriftValue[] = [];
        for (let i = 0; i < size; i++) items.push(elementType === 1 || elementType === 2 ? this.byte() === 1 : this.value(elementType));
        return items;
      }
      case 11: {
        const size = this.varint();
        if (size === 0) return [];
        const types = this.byte();
        for (let i = 0; i < size; i++) {
          this.value(types >> 4);
          this.value(types & 0x0f);
        }
        return [];
      }
      case 12:
        return this.struct();
      default:
        throw new Error(`Parquet page header: unknown thrift type ${type}`);
    }
  }

  struct(): ThriftStruct {
    const result: ThriftStruct = {};
    let field = 0;
    for (;;) {
      const header = this.byte();
      if (header === 0) return result;
      const delta = header >> 4;
      field = delta === 0 ? this.zigzag() : field + delta;
      result[field] = this.value(header & 0x0f);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Encodings

/** Decodes `count` values of the RLE / bit-packed hybrid encoding at `position` into `out`; returns the end. */
function decodeHybrid(bytes: Uint8Array, position: number, end: number, bitWidth: number, count: number, out: Uint32Array): number {
  if (bitWidth > 24) throw new Error(`Parquet RLE bit width ${bitWidth} is wider than this reader takes`);
  let written = 0;
  const byteWidth = (bitWidth + 7) >> 3;
  const reader = new CompactReader(bytes, position);
  while (written < count) {
    if (reader.position >= end) throw new Error('Parquet RLE data ends early');
    const header = reader.varint();
    if ((header & 1) === 0) {
      const run = header >>> 1;
      let value = 0;
      for (let i = 0; i < byteWidth; i++) value |= bytes[reader.position + i]! << (8 * i);
      reader.position += byteWidth;
      const stop = Math.min(count, written + run);
      out.fill(value >>> 0, written, stop);
      written = stop;
    } else {
      const values = (header >>> 1) * 8;
      const start = reader.position * 8;
      const mask = (1 << bitWidth) - 1;
      const stop = Math.min(count, written + values);
      for (let i = 0; written < stop; i++) {
        const at = start + i * bitWidth;
        const byte = at >> 3;
        // A 32-bit little-endian window holds any value of up to 24 bits (missing bytes read as 0).
        const window = (bytes[byte]! | (bytes[byte + 1]! << 8) | (bytes[byte + 2]! << 16) | (bytes[byte + 3]! << 24)) >>> (at & 7);
        out[written++] = window & mask;
      }
      reader.position += (values * bitWidth) >> 3;
    }
  }
  return reader.position;
}

function decompressPage(data: Uint8Array, uncompressedSize: number): Uint8Array {
  if (data.length >= 4 && data[0] === 0x28 && data[1] === 0xb5 && data[2] === 0x2f && data[3] === 0xfd) {
    return zstdDecompress(data, new Uint8Array(uncompressedSize));
  }
  if (data.length >= 2 && data[0] === 0x1f && data[1] === 0x8b) return new Uint8Array(gunzipSync(data));
  if (data.length === uncompressedSize) return data;
  throw new Error('Parquet page uses a compression this reader does not know (ZSTD, GZIP or none)');
}

interface ColumnOut {
  /** Where the values go; undefined: walk the chunk without decoding (columns we do not need). */
  values: Float32Array | undefined;
  /** Index of the first value of this row group in `values`. */
  offset: number;
  /** Scratch space for definition levels and dictionary indexes, `rows` long. */
  levels: Uint32Array;
  indexes: Uint32Array;
}

/** Float32 view of `count` values at `at`, without a copy when the bytes are aligned. */
function floatsAt(bytes: Uint8Array, at: number, count: number): Float32Array {
  const offset = bytes.byteOffset + at;
  return offset % 4 === 0 ? new Float32Array(bytes.buffer, offset, count) : new Float32Array(bytes.slice(at, at + count * 4).buffer);
}

/**
 * Decodes one column chunk of an OPTIONAL FLOAT column (`rows` values) starting at `position`;
 * returns the position after it. Nulls become NaN.
 */
function decodeColumnChunk(bytes: Uint8Array, position: number, rows: number, out: ColumnOut): number {
  let dictionary: Float32Array | undefined;
  let done = 0;
  const { indexes, levels } = out;
  while (done < rows) {
    const reader = new CompactReader(bytes, position);
    const header = reader.struct();
    const type = header[1] as number;
    const uncompressed = header[2] as number;
    const compressed = header[3] as number;
    const bodyStart = reader.position;
    const body = bytes.subarray(bodyStart, bodyStart + compressed);
    position = bodyStart + compressed;
    if (position > bytes.length) throw new Error('Parquet page runs past the row group');
    if (out.values === undefined) {
      if (type === PAGE.data) done += ((header[5] as ThriftStruct)[1] as number);
      else if (type === PAGE.dataV2) done += ((header[8] as ThriftStruct)[1] as number);
      continue;
    }
    if (type === PAGE.dictionary) {
      const page = decompressPage(body, uncompressed);
      const count = (header[7] as ThriftStruct)[1] as number;
      dictionary = floatsAt(page, 0, count);
      continue;
    }
    if (type !== PAGE.data && type !== PAGE.dataV2) continue;
    let page: Uint8Array;
    let valuesAt: number;
    let count: number;
    let encoding: number;
    let levelsStart: number;
    let levelsEnd: number;
    if (type === PAGE.data) {
      const data = header[5] as ThriftStruct;
      count = data[1] as number;
      encoding = data[2] as number;
      page = decompressPage(body, uncompressed);
      const levelBytes = page[0]! | (page[1]! << 8) | (page[2]! << 16) | (page[3]! << 24);
      levelsStart = 4;
      levelsEnd = 4 + levelBytes;
      valuesAt = levelsEnd;
    } else {
      const data = header[8] as ThriftStruct;
      count = data[1] as number;
      encoding = data[4] as number;
      const definitionBytes = data[5] as number;
      const repetitionBytes = data[6] as number;
      const levelBytes = definitionBytes + repetitionBytes;
      const isCompressed = data[7] !== false;
      const values = body.subarray(levelBytes);
      const decompressed = isCompressed ? decompressPage(values, uncompressed - levelBytes) : values;
      page = new Uint8Array(levelBytes + decompressed.length);
      page.set(body.subarray(0, levelBytes));
      page.set(decompressed, levelBytes);
      levelsStart = repetitionBytes;
      levelsEnd = levelBytes;
      valuesAt = levelBytes;
    }
    if (done + count > rows) throw new Error('Parquet column chunk holds more values than its row group');
    decodeHybrid(page, levelsStart, levelsEnd, 1, count, levels);
    let present = 0;
    for (let i = 0; i < count; i++) present += levels[i]!;
    const target = out.values;
    const base = out.offset + done;
    if (encoding === ENCODING.plain) {
      const plain = floatsAt(page, valuesAt, present);
      for (let i = 0, v = 0; i < count; i++) target[base + i] = levels[i] ? plain[v++]! : Number.NaN;
    } else if (encoding === ENCODING.rleDictionary || encoding === ENCODING.plainDictionary) {
      if (!dictionary) throw new Error('Parquet dictionary-encoded page without a dictionary page');
      const bitWidth = page[valuesAt]!;
      decodeHybrid(page, valuesAt + 1, page.length, bitWidth, present, indexes);
      for (let i = 0, v = 0; i < count; i++) {
        if (!levels[i]) {
          target[base + i] = Number.NaN;
          continue;
        }
        const index = indexes[v++]!;
        if (index >= dictionary.length) throw new Error('Parquet dictionary index out of range');
        target[base + i] = dictionary[index]!;
      }
    } else {
      throw new Error(`Parquet encoding ${encoding} is not one this reader decodes (PLAIN, dictionary)`);
    }
    done += count;
  }
  return position;
}

/**
 * Decodes `rowGroups` consecutive row groups of `rowsPerGroup` rows from `bytes` (their whole byte
 * range). `columns` names, in file column order, where each column's values go (undefined: skip).
 */
export function decodeRowGroups(bytes: Uint8Array, rowGroups: number, rowsPerGroup: number, columns: Array<Float32Array | undefined>): void {
  let position = 0;
  const levels = new Uint32Array(rowsPerGroup);
  const indexes = new Uint32Array(rowsPerGroup);
  for (let group = 0; group < rowGroups; group++) {
    for (const values of columns) position = decodeColumnChunk(bytes, position, rowsPerGroup, { values, offset: group * rowsPerGroup, levels, indexes });
  }
  if (position !== bytes.length) throw new Error(`Parquet row groups end at byte ${position}, not at ${bytes.length}`);
}

/** One positioned read of `length` bytes at `offset`. */
export async function readRange(path: string, offset: number, length: number): Promise<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    const buffer = new Uint8Array(length);
    let read = 0;
    while (read < length) {
      const { bytesRead } = await handle.read(buffer, read, length - read, offset + read);
      if (bytesRead === 0) throw new Error(`${path}: file ends before byte ${offset + length}`);
      read += bytesRead;
    }
    return buffer;
  } finally {
    await handle.close();
  }
}
