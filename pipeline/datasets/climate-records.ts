// The climate data set's records as its writer takes them: which dataset a station belongs to, its
// catalog record before the hourly rows are written (a draft, checked against the station schema),
// and one station to write. Shared by the source files' reader, the sample and the writer.
import { validatorFor } from '../../schemas/registry.ts';
import type { ClimateStation } from '../../types/schemas.ts';
import { describeIssue, type Issue } from '../issues.ts';
import type { HourlyColumns } from '../sample/climate.ts';
import { recordIssues } from '../validate.ts';

export const DATASET = 'climate';
export const STATION_SCHEMA = '/api/schemas/climate-station.schema.json';
export { CLIMATE_DATASETS, type ClimateDataset } from '../../model/climate-datasets.ts';

/** Records per row group: one hourly year. */
export const ROW_GROUP_RECORDS = 8760;

/** A catalog record before its hourly rows are written (no station_index / hourly_* yet). */
export type StationDraft = Omit<ClimateStation, 'station_index' | 'hourly_file' | 'hourly_row_group' | 'hourly_offset' | 'hourly_bytes'>;

/** One station to write: its catalog record and a way to get its hourly columns. */
export interface StationInput {
  draft: StationDraft;
  /** The source file, recorded in the manifest once written (in input order). */
  source?: { path: string; bytes: number; sha256: string };
  /** The hourly columns; throws ClimateInputError (reported, station skipped) when the file is bad. */
  load(): HourlyColumns;
}

export class ClimateInputError extends Error {
  constructor(readonly issues: Issue[]) {
    super(issues.map(describeIssue).join('; '));
  }
}

const validateStation = validatorFor(STATION_SCHEMA);

const PLACEHOLDER_INDEX = { station_index: 0, hourly_file: 'hourly-0000', hourly_row_group: 0, hourly_offset: 4, hourly_bytes: 1 };

/** Schema issues of a draft (validated with placeholder hourly fields). */
export function draftIssues(draft: StationDraft, where: Pick<Issue, 'file' | 'line' | 'record'>): Issue[] {
  return recordIssues(validateStation, { ...draft, ...PLACEHOLDER_INDEX }, where);
}
