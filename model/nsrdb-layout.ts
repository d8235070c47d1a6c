// The text of an NSRDB download, kept as written so it can be given back byte for byte
// (docs/weather-files.md §10): the two metadata lines as name/value pairs, the column names, and
// each column's cells. The pipeline keeps the files it ingests in this form; the download
// endpoints select, shift and write it.

/** What keeps a text from being the NSRDB layout, and on which line (1-based; none for the whole file). */
export class NsrdbLayoutError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | undefined,
    readonly problem: string,
  ) {
    super(`${file}${line === undefined ? '' : `:${line}`}: ${problem}`);
  }
}

export interface NsrdbMetadataField {
  name: string;
  value: string;
}

export interface NsrdbLayout {
  /** Line 1's names paired with line 2's values, in file order. */
  metadata: NsrdbMetadataField[];
  /** Line 3's fields, empty trailing names included. */
  columnNames: string[];
  /** One array of cell texts per column of line 3, one cell per data line. */
  columns: string[][];
  lineEnding: '\n' | '\r\n';
}

function splitLines(text: string, file: string): { lines: string[]; lineEnding: '\n' | '\r\n' } {
  const lineEnding = text.includes('\r\n') ? '\r\n' : '\n';
  if (!text.endsWith(lineEnding)) throw new NsrdbLayoutError(file, undefined, 'an NSRDB file ends with a line ending');
  const lines = text.slice(0, -lineEnding.length).split(lineEnding);
  return { lines, lineEnding };
}

function fieldsOf(line: string, file: string, lineNumber: number): string[] {
  if (line.includes('"')) throw new NsrdbLayoutError(file, lineNumber, 'quoted fields are not NSRDB layout');
  return line.split(',');
}

/** Splits an NSRDB download into its metadata, column names and cell texts. */
export function readNsrdbLayout(text: string, file: string): NsrdbLayout {
  const { lines, lineEnding } = splitLines(text, file);
  if (lines.length < 4) throw new NsrdbLayoutError(file, lines.length, 'an NSRDB file has two metadata lines, a header and data');
  const names = fieldsOf(lines[0]!, file, 1);
  const values = fieldsOf(lines[1]!, file, 2);
  if (names.length !== values.length) {
    throw new NsrdbLayoutError(file, 2, `${values.length} metadata values for ${names.length} names`);
  }
  const columnNames = fieldsOf(lines[2]!, file, 3);
  const columns = columnNames.map(() => new Array<string>(lines.length - 3));
  for (let row = 3; row < lines.length; row++) {
    const cells = fieldsOf(lines[row]!, file, row + 1);
    if (cells.length !== columnNames.length) {
      throw new NsrdbLayoutError(file, row + 1, `${cells.length} fields where the header names ${columnNames.length}`);
    }
    cells.forEach((cell, column) => {
      columns[column]![row - 3] = cell;
    });
  }
  return { metadata: names.map((name, i) => ({ name, value: values[i]! })), columnNames, columns, lineEnding };
}

/** Writes a layout back in the NSRDB download form. */
export function writeNsrdbLayout(layout: NsrdbLayout): string {
  const rows = layout.columns[0]?.length ?? 0;
  const lines = [layout.metadata.map((field) => field.name).join(','), layout.metadata.map((field) => field.value).join(','), layout.columnNames.join(',')];
  for (let row = 0; row < rows; row++) lines.push(layout.columns.map((cells) => cells[row]!).join(','));
  return lines.join(layout.lineEnding) + layout.lineEnding;
}
