// An upstream file's bytes and text, for every reader: gunzipped when the name ends in .gz, checked
// to be text, decoded as UTF-8. Damage is a SourceFileError carrying an Issue that names the file and
// the line (never a stack trace); the readers let it through and the data set builders report it.
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
export function lineAt(bytes: Uint8Array, offset: number): number {
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

/** The file's bytes, gunzipped when its name ends in .gz; `file` is the name reports use. */
export function readSourceBytes(path: string, file: string): Buffer {
  const bytes = readFileSync(path);
  return /\.gz$/i.test(path) ? gunzipSource(bytes, file) : bytes;
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
export function firstLineNotUtf8(bytes: Buffer): number {
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

/** The text of a JSON or weather source file: read, gunzipped, checked (throws SourceFileError). */
export function readSourceText(path: string, file: string): string {
  return sourceText(readSourceBytes(path, file), file);
}
