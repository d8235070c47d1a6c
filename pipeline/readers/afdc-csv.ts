// AFDC "Download data" CSV exports, read by header name: any column order, any of the 37/60/70/75
// column layouts, columns we have no field for ignored. Hands over each record's cells by field
// name, with the physical line it starts on and what is wrong with it as read.
//
// The bytes (without a byte-order mark; UTF-16 decoded to UTF-8 by source-file.ts, the same lines)
// are parsed as latin1 (one character per byte, so quotes, commas and line breaks are found exactly
// and csv-parse's byte offsets are offsets into the file), then each cell is decoded as UTF-8; a
// cell that is not UTF-8 is read as Windows-1252 and reported with that repair. Records end at CRLF,
// LF or a lone CR, in any mix. Line numbers are counted from those offsets (CRLF, LF and a lone CR
// each end a line): csv-parse's own count takes a CRLF inside quotes for two lines and forgets
// skipped empty lines. A record equal to the header (two exports joined into one file) is handed
// over as one problem, not as the field errors of a station.
import { basename } from 'node:path';
import { isUtf8 } from 'node:buffer';
import { parse, CsvError } from 'csv-parse/sync';
import type { Issue } from '../issues.ts';
import { assertText, decodeWindows1252, lineBreaksIn, readSourceBytes, SourceFileError } from './source-file.ts';

export interface RawRecord {
  /** The physical line the record starts on (1-based). */
  line: number;
  cells: Record<string, string>;
  /** What is wrong with the record as read: its field count, cells that are not UTF-8 (repairable), duplicate columns that disagree. */
  issues: Issue[];
}

export interface CsvLayout {
  /** Field name for each column, or undefined for a column we do not read. */
  fields: Array<string | undefined>;
  /** Problems with the header itself (unnamed or duplicate columns). */
  issues: Issue[];
  /** Fields that more than one column is named for, with those columns: a record must agree in all of them. */
  duplicates: Map<string, number[]>;
}

/** Maps header cells to field names: `headers` is field name -> export header (x-csv-header). */
function layoutOf(file: string, header: string[], headers: Map<string, string>): CsvLayout {
  const byHeader = new Map<string, string>();
  for (const [field, exportHeader] of headers) {
    byHeader.set(exportHeader.toLowerCase(), field);
    byHeader.set(field.toLowerCase(), field);
  }
  const issues: Issue[] = [];
  const columnsOf = new Map<string, number[]>();
  const fields = header.map((cell, column) => {
    const name = cell.trim();
    if (name === '') {
      issues.push({
        file,
        line: 1,
        reason: `column ${column + 1} has no header (an index column added by pandas?)`,
        repair: { value: null, how: 'drop the column' },
      });
      return undefined;
    }
    const field = byHeader.get(name.toLowerCase());
    if (field !== undefined) columnsOf.set(field, [...(columnsOf.get(field) ?? []), column]);
    return field;
  });
  const duplicates = new Map([...columnsOf].filter(([, columns]) => columns.length > 1));
  for (const [field, columns] of duplicates) {
    issues.push({
      file,
      line: 1,
      field,
      reason: `columns ${columns.map((c) => c + 1).join(' and ')} are both '${header[columns[0]!]!.trim()}': a record whose cells there differ is rejected`,
    });
  }
  return { fields, issues, duplicates };
}

const NON_ASCII = /[\x80-\xff]/;

/** A cell parsed as latin1, decoded as UTF-8; undefined when its bytes are not UTF-8. */
function utf8Cell(latin1: string): string | undefined {
  if (!NON_ASCII.test(latin1)) return latin1;
  const bytes = Buffer.from(latin1, 'latin1');
  return isUtf8(bytes) ? bytes.toString('utf8') : undefined;
}

/** The issues of cells that disagree across columns of the same name. */
function duplicateIssues(record: string[], layout: CsvLayout, where: Pick<Issue, 'file' | 'line'>): Issue[] {
  const issues: Issue[] = [];
  for (const [field, columns] of layout.duplicates) {
    const values = columns.map((column) => record[column] ?? '');
    if (values.every((value) => value === values[0])) continue;
    issues.push({
      ...where,
      field,
      value: values,
      reason: `columns ${columns.map((c) => c + 1).join(' and ')} are both named for ${field} and hold different values`,
    });
  }
  return issues;
}

/** The record's cells by field name, with the cells that are not UTF-8 read as Windows-1252 and reported. */
function cellsOf(record: string[], layout: CsvLayout, where: Pick<Issue, 'file' | 'line'>): { cells: Record<string, string>; issues: Issue[] } {
  const cells: Record<string, string> = {};
  const issues: Issue[] = [];
  layout.fields.forEach((field, column) => {
    if (field === undefined || column >= record.length) return;
    const raw = record[column]!;
    const text = utf8Cell(raw);
    if (text !== undefined) {
      cells[field] = text;
      return;
    }
    const bytes = Buffer.from(raw, 'latin1');
    cells[field] = decodeWindows1252(bytes);
    issues.push({ ...where, field, value: bytes.toString('utf8'), reason: 'is not UTF-8', repair: { value: cells[field], how: 'read as Windows-1252' } });
  });
  return { cells, issues };
}

/** What a csv-parse error means, without its line count (which is wrong after quoted CRLFs). */
function parseProblem(error: CsvError): string {
  // csv-parse's types leave out the code it throws for a quote inside an unquoted field.
  switch (error.code as string) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'a quoted field that starts in this record is never closed: the rest of the file cannot be read';
    case 'CSV_INVALID_OPENING_QUOTE':
      return 'a quote inside an unquoted field: the rest of the file cannot be read';
    case 'CSV_INVALID_CLOSING_QUOTE':
      return 'a closing quote is followed by more text in the same field: the rest of the file cannot be read';
    default:
      return `${error.message.replace(/ (at|on) line \d+.*$/, '')}: the rest of the file cannot be read`;
  }
}

export interface CsvHandlers {
  /** Called with the header's layout before any record; may throw SourceFileError to refuse the file. */
  onLayout(layout: CsvLayout): void;
  onRecord(record: RawRecord): void;
  /** Called with what is worth knowing about the file as a whole (read as UTF-16, by its byte-order mark). */
  onNote?(note: Issue): void;
}

/** A header cell or a record's cell as compared with the other: decoded, trimmed (a byte-order mark too). */
const headerName = (cell: string) => (utf8Cell(cell) ?? decodeWindows1252(Buffer.from(cell, 'latin1'))).trim();

/** Whether a record repeats the header, as two exports joined into one file (`cat a.csv b.csv`) do. */
function repeatsHeader(record: string[], header: string[]): boolean {
  return record.length === header.length && record.every((cell, column) => headerName(cell) === header[column]);
}

/**
 * Reads an export, handing each record over as it is parsed. Throws SourceFileError for a file
 * that cannot be read (damaged gzip, binary data) or read further (a CSV syntax error: the records
 * before it have been handed over).
 */
export function readAfdcCsv(path: string, headers: Map<string, string>, handlers: CsvHandlers): void {
  const file = basename(path);
  const notes: Issue[] = [];
  // Without its byte-order mark; UTF-16 decoded to UTF-8, the same lines.
  const bytes = readSourceBytes(path, file, notes);
  for (const note of notes) handlers.onNote?.(note);
  assertText(bytes, file);
  let layout: CsvLayout | undefined;
  let header: string[] = [];
  // Where the previous record ended, and the line that offset lies on.
  let consumed = 0;
  let line = 1;
  const recordStart = () => {
    let offset = consumed;
    while (bytes[offset] === 0x0a || bytes[offset] === 0x0d) offset++;
    return offset;
  };
  try {
    parse(bytes, {
      encoding: 'latin1',
      // Any mix of line endings, as spreadsheet tools write them (csv-parse would otherwise take the
      // first line's for the whole file); CRLF first, so that it ends one record, not two.
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      skip_empty_lines: true,
      on_record: (record: string[], info) => {
        const first = recordStart();
        const where = { file, line: line + lineBreaksIn(bytes, consumed, first) };
        const end = info.bytes;
        line = where.line + lineBreaksIn(bytes, first, end);
        consumed = end;
        if (!layout) {
          layout = layoutOf(
            file,
            record.map((cell) => utf8Cell(cell) ?? decodeWindows1252(Buffer.from(cell, 'latin1'))),
            headers,
          );
          header = record.map(headerName);
          handlers.onLayout(layout);
          return null;
        }
        if (repeatsHeader(record, header)) {
          // One problem for the line, not one per field; the records after it are read as usual.
          handlers.onRecord({
            line: where.line,
            cells: {},
            issues: [{ ...where, reason: `a repeated header at line ${where.line} (two exports joined into one file?)` }],
          });
          return null;
        }
        const { cells, issues } = cellsOf(record, layout, where);
        if (record.length !== layout.fields.length)
          issues.unshift({ ...where, reason: `the record has ${record.length} fields where the header has ${layout.fields.length}` });
        issues.push(...duplicateIssues(record, layout, where));
        handlers.onRecord({ line: where.line, cells, issues });
        return null;
      },
    });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const first = recordStart();
    throw new SourceFileError({ file, line: line + lineBreaksIn(bytes, consumed, first), reason: parseProblem(error) });
  }
}
