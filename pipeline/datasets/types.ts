// What every data set builder gets and gives: the build's options and writer in, its problems out.
import type { DataSetWriter } from '../dataset-writer.ts';
import type { Issue } from '../issues.ts';

export interface BuildOptions {
  /** Source layout of INTERFACE.md; undefined for a sample build. */
  sourceDir?: string;
  sample?: { seed: number; stations: number; nsrdbSpacingDeg?: number };
  allowInvalid: boolean;
  repair: boolean;
}

export interface DatasetReport {
  /** Damage that fails the build unless --allow-invalid: bad values (their records are rejected) and damaged files. */
  problems: Issue[];
  /** Records rejected (a record may have several problems). */
  rejectedRecords: number;
  /** Repairs made (only with --repair). */
  repaired: Issue[];
  /** Problems that were noted but harm nothing (a duplicate header whose later column is read). */
  notes: Issue[];
}

export interface DatasetBuilder {
  name: string;
  build(writer: DataSetWriter, options: BuildOptions): Promise<DatasetReport>;
}

export function emptyReport(): DatasetReport {
  return { problems: [], rejectedRecords: 0, repaired: [], notes: [] };
}
