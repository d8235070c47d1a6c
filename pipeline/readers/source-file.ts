// An upstream file's bytes and text, for every reader: gunzipped when the name ends in .gz, decoded
// by its byte-order mark (UTF-16 becomes UTF-8, with a note), checked to be text, decoded as UTF-8.
// Damage is a SourceFileError carrying an Issue that names the file and the line (never a stack
// trace); the readers let it through and the data set builders report it.
import { isUtf8 } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { constants, gunzipSync } from 'node:zlib';
import { describeIssue, type Issue } from '../issues.ts';

/** A source file that cannot be read (or read further): what and where, as an Issue. */
export class SourceFileError extends Error {
  constructor(readonly issue: Issue) {
    super(describeIssue(issue));
  }
}

const LF = 0x0a;
const CR = 0x0d;

/** The 1-based line that byte `offset` of `bytes` lies on (CRLF, LF and a lone CR each end a line). */
function lineAt(bytes: Uint8Array, offset: number): number {
  return 1 + lineBreaksIn(bytes, 0, offset);
}

/** The line breaks in bytes [from, to): CRLF counts once, and so do LF and a lone CR. */
export function lineBreaksIn(bytes: Uint8Array, from: number, to: number): number {
  let breaks = 0;
  for (let i = from; i < to; i++) {
    if (bytes[i] === LF) breaks++;
    else if (bytes[i] === CR && bytes[i + 1] !== LF) breaks++;
  }
  return breaks;
}

/** The line a text of these bytes ends on (the last line, or the line after a final line break). */
function lastLine(bytes: Uint8Array): number {
  return lineAt(bytes, bytes.length);
}

/** What a gzip stream yields up to the point where it breaks (truncation or damage). */
function decompressible(compressed: Buffer): Buffer {
  const attempt = (length: number) => gunzipSync(compressed.subarray(0, length), { finishFlush: constants.Z_SYNC_FLUSH });
  try {
    return attempt(compressed.length);
  } catch {
    // Damage inside the stream: the longest prefix that still inflates.
    let [good, bad] = [0, compressed.length];
    while (bad - good > 1) {
      const middle = (good + bad) >>> 1;
      try {
        attempt(middle);
        good = middle;
      } catch {
        bad = middle;
      }
    }
    try {
      return attempt(good);
    } catch {
      return Buffer.alloc(0);
    }
  }
}

/**
 * The file's bytes, gunzipped when its name ends in .gz, as UTF-8 when a byte-order mark says they
 * are UTF-16 (decodeByteOrder); `file` is the name reports use, `notes` takes the note saying so.
 */
export function readSourceBytes(path: string, file: string, notes?: Issue[]): Buffer {
  const bytes = readFileSync(path);
  return decodeByteOrder(/\.gz$/i.test(path) ? gunzipSource(bytes, file) : bytes, file, notes);
}

const UTF16 = [
  { encoding: 'UTF-16LE', bom: [0xff, 0xfe], decoder: 'utf-16le' },
  { encoding: 'UTF-16BE', bom: [0xfe, 0xff], decoder: 'utf-16be' },
] as const;

/**
 * Text with a byte-order mark is in the encoding the mark says, with no guessing: UTF-8 (EF BB BF)
 * loses its mark, UTF-16LE (FF FE, as Excel's "Unicode text" and Windows PowerShell write files) and
 * UTF-16BE (FE FF) are decoded to UTF-8, the same lines, with a note in `notes`. Text that looks
 * like UTF-16 without a mark (NUL in every other byte) is refused naming the encoding, not as
 * binary data: which bytes are a character's is then a guess. Other bytes are returned as they are.
 */
export function decodeByteOrder(bytes: Buffer, file: string, notes?: Issue[]): Buffer {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return bytes.subarray(3);
  for (const { encoding, bom, decoder } of UTF16) {
    if (bytes[0] !== bom[0] || bytes[1] !== bom[1]) continue;
    const body = bytes.subarray(2);
    let text: string;
    try {
      text = new TextDecoder(decoder, { fatal: true }).decode(body);
    } catch {
      const lenient = new TextDecoder(decoder).decode(body);
      const line = lenient.slice(0, Math.max(0, lenient.indexOf('\uFFFD'))).split(/\r\n|\r|\n/).length;
      throw new SourceFileError({ file, line, reason: `is not ${encoding} text, which its byte-order mark says it is; nothing of the file is read` });
    }
    notes?.push({ file, reason: `read as ${encoding} (its byte-order mark says so)` });
    return Buffer.from(text, 'utf8');
  }
  const unmarked = utf16WithoutMark(bytes);
  if (unmarked)
    throw new SourceFileError({
      file,
      line: 1,
      reason: `${unmarked} text without a byte-order mark: save it as UTF-8 (or as UTF-16 with its byte-order mark); nothing of the file is read`,
    });
  return bytes;
}

/** Bytes looked at to tell UTF-16 without a byte-order mark from binary data. */
const SNIFFED_BYTES = 4096;

/**
 * UTF-16LE or UTF-16BE when most pairs of the first bytes are a byte and a NUL, always in the same
 * order (ASCII text in UTF-16, other characters in between), and almost none the other way round or
 * two NULs; binary data has its NULs anywhere.
 */
function utf16WithoutMark(bytes: Buffer): 'UTF-16LE' | 'UTF-16BE' | undefined {
  const pairs = Math.min(bytes.length, SNIFFED_BYTES) >>> 1;
  if (pairs < 4) return undefined;
  let little = 0;
  let big = 0;
  let nul = 0;
  for (let i = 0; i < pairs; i++) {
    const first = bytes[2 * i];
    const second = bytes[2 * i + 1];
    if (first === 0 && second === 0) nul++;
    else if (second === 0) little++;
    else if (first === 0) big++;
  }
  if (little >= pairs / 2 && big + nul <= pairs / 50) return 'UTF-16LE';
  if (big >= pairs / 2 && little + nul <= pairs / 50) return 'UTF-16BE';
  return undefined;
}

/** A .gz file's content; a stream that is not gzip, truncated or damaged is a SourceFileError naming the line where the text breaks off. */
export function gunzipSource(bytes: Buffer, file: string): Buffer {
  try {
    return gunzipSync(bytes);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (!(bytes[0] === 0x1f && bytes[1] === 0x8b))
      throw new SourceFileError({ file, line: 1, reason: 'is not gzip data (the name ends in .gz); nothing of the file is read' });
    const text = decompressible(bytes);
    const damage = code === 'Z_BUF_ERROR' ? 'the gzip data ends early (the file is truncated)' : `the gzip data is damaged (${(error as Error).message})`;
    throw new SourceFileError({ file, line: lastLine(text), reason: `${damage}: the text breaks off in this line; nothing of the file is read` });
  }
}

/** A NUL byte never occurs in the text formats we read: binary data is refused, with its line. */
export function assertText(bytes: Buffer, file: string): void {
  const nul = bytes.indexOf(0);
  if (nul !== -1)
    throw new SourceFileError({ file, line: lineAt(bytes, nul), reason: 'binary data (a NUL byte): not a text file; nothing of the file is read' });
}

const windows1252 = new TextDecoder('windows-1252');

/** Bytes that are not UTF-8 read as Windows-1252 (how Excel on Windows saves a CSV), the only repair offered for them. */
export function decodeWindows1252(bytes: Uint8Array): string {
  return windows1252.decode(bytes);
}

/** The 1-based number of the first line that is not valid UTF-8 (latin1 maps each byte to one character). */
function firstLineNotUtf8(bytes: Buffer): number {
  const lines = bytes.toString('latin1').split(/\r\n|\r|\n/);
  const index = lines.findIndex((line) => !isUtf8(Buffer.from(line, 'latin1')));
  return index === -1 ? lines.length : index + 1;
}

/**
 * The text of a whole-file source (JSON, weather files), which must be UTF-8: JSON by its RFC, and
 * a weather file is one station's header and numbers, where no guess at an encoding is worth making.
 */
export function sourceText(bytes: Buffer, file: string): string {
  assertText(bytes, file);
  if (!isUtf8(bytes)) throw new SourceFileError({ file, line: firstLineNotUtf8(bytes), reason: 'is not UTF-8; nothing of the file is read' });
  return bytes.toString('utf8');
}

/** The text of a JSON or weather source file: read, gunzipped, decoded, checked (throws SourceFileError). */
export function readSourceText(path: string, file: string, notes?: Issue[]): string {
  return sourceText(readSourceBytes(path, file, notes), file);
}
