// CSV renderer: a header row, then one row per record; RFC 4180 quoting, empty cells for null,
// booleans as true/false.
import { stringify } from 'csv-stringify/sync';

export type CsvCell = string | number | boolean | null | undefined;

export interface CsvColumn<T = unknown> {
  header: string;
  value(record: T): CsvCell;
}

const options = { cast: { boolean: (value: boolean) => (value ? 'true' : 'false') } };

export function csvHeader(columns: CsvColumn[]): string {
  return stringify([columns.map((column) => column.header)], options);
}

export function csvRows(columns: CsvColumn[], records: unknown[]): string {
  if (records.length === 0) return '';
  return stringify(
    records.map((record) => columns.map((column) => column.value(record))),
    options,
  );
}
