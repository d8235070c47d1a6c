// What every data set builder gets and gives: the build's options and writer in, its problems out.
import type { DataSetWriter } from '../dataset-writer.ts';
import type { Issue } from '../issues.ts';
import type { SampleOptions } from '../sample/options.ts';

export interface BuildOptions {
  /** Source layout of docs/interface.md §3; undefined for a sample build. */
  sourceDir?: string;
  sample?: SampleOptions;
  allowInvalid: boolean;
  /** Build even when a source file or the whole source yields no records (else that fails the build). */
  allowEmpty?: boolean;
  repair: boolean;
}

export interface DatasetReport {
  /** Damage that fails the build unless --allow-invalid: bad values (their records are rejected) and damaged files. */
  problems: Issue[];
  /** Records rejected (a record may have several problems). */
  rejectedRecords: number;
  /** Repairs made (only with --repair). */
  repaired: Issue[];
  /** Problems that were noted but harm nothing (a duplicate header, an ignored file). */
  notes: Issue[];
  /** Source files that yield no records (an empty file, a header only): they fail the build unless --allow-empty. */
  empty: Issue[];
  /** Records another record of the same id replaced (the newer one wins), each naming the record that won. */
  superseded: Issue[];
}

export interface DatasetBuilder {
  name: string;
  build(writer: DataSetWriter, options: BuildOptions): Promise<DatasetReport>;
}

export function emptyReport(): DatasetReport {
  return { problems: [], rejectedRecords: 0, repaired: [], notes: [], empty: [], superseded: [] };
}
