// AFDC "Download data" CSV exports, read by header name: any column order, any of the 37/60/70/75
// column layouts, columns we have no field for ignored. Yields each record's raw cells by field
// name, with the line it starts on.
import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import { createGunzip } from 'node:zlib';
import { parse } from 'csv-parse';
import type { Issue } from '../issues.ts';

export interface RawRecord {
  line: number;
  cells: Record<string, string>;
  /** Set when the record has a different number of fields from the header. */
  fieldCountProblem?: string;
}

export interface CsvLayout {
  /** Field name for each column, or undefined for a column we do not read. */
  fields: Array<string | undefined>;
  /** Problems with the header itself (unnamed or duplicate columns). */
  issues: Issue[];
  /** Column positions `--repair` may drop (unnamed index columns written by pandas). */
  droppable: number[];
}

/** Maps header cells to field names: `headers` is field name -> export header (x-csv-header). */
export function layoutOf(file: string, header: string[], headers: Map<string, string>): CsvLayout {
  const byHeader = new Map<string, string>();
  for (const [field, exportHeader] of headers) {
    byHeader.set(exportHeader.toLowerCase(), field);
    byHeader.set(field.toLowerCase(), field);
  }
  const issues: Issue[] = [];
  const droppable: number[] = [];
  const seen = new Map<string, number>();
  const fields = header.map((cell, column) => {
    const name = cell.trim();
    if (name === '') {
      droppable.push(column);
      issues.push({ file, line: 1, reason: `column ${column + 1} has no header (an index column added by pandas?)`, repair: { value: null, how: 'drop the column' } });
      return undefined;
    }
    const field = byHeader.get(name.toLowerCase());
    if (field === undefined) return undefined;
    const earlier = seen.get(field);
    if (earlier !== undefined) issues.push({ file, line: 1, field, reason: `columns ${earlier + 1} and ${column + 1} are both '${name}'; the later one is read` });
    seen.set(field, column);
    return field;
  });
  // A duplicate header: only the last column of that name is read.
  for (const [field, column] of seen) fields.forEach((f, i) => f === field && i !== column && (fields[i] = undefined));
  return { fields, issues, droppable };
}

export async function* readAfdcCsv(path: string, headers: Map<string, string>, onLayout: (layout: CsvLayout) => void): AsyncGenerator<RawRecord> {
  const file = basename(path);
  const input = createReadStream(path);
  const parser = (path.endsWith('.gz') ? input.pipe(createGunzip()) : input).pipe(
    parse({ bom: true, relax_column_count: true, skip_empty_lines: true, info: true }),
  );
  let layout: CsvLayout | undefined;
  let nextLine = 1;
  for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    const line = nextLine;
    nextLine = info.lines + 1;
    if (!layout) {
      layout = layoutOf(file, record, headers);
      onLayout(layout);
      continue;
    }
    const cells: Record<string, string> = {};
    for (let i = 0; i < layout.fields.length; i++) {
      const field = layout.fields[i];
      if (field !== undefined && i < record.length) cells[field] = record[i];
    }
    const fieldCountProblem = record.length === layout.fields.length ? undefined : `the record has ${record.length} fields where the header has ${layout.fields.length}`;
    yield { line, cells, fieldCountProblem };
  }
}
