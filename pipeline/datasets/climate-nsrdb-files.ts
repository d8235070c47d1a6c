// The NSRDB downloads of the source layout, kept as the files had them (docs/weather-files.md §10):
// `climate.nsrdb_files` (schemas/climate-nsrdb-file.schema.json), one row for each station read
// from climate/nsrdb/, so that the NSRDB download endpoints give a file back as it came
// (docs/api.md §9). A file whose text does not split into the NSRDB layout still builds its
// station, with a note that it has no download. The sample's cells have no row: their downloads are
// written from their hourly columns.
import { NsrdbLayoutError, readNsrdbLayout } from '../../model/nsrdb-layout.ts';
import { schemaById, validatorFor } from '../../schemas/registry.ts';
import type { ClimateNsrdbFile } from '../../types/schemas.ts';
import { columnsFromSchema, DataSetWriter } from '../dataset-writer.ts';
import { describeIssue, type Issue } from '../issues.ts';
import { recordIssues } from '../validate.ts';
import { DATASET, type StationDraft } from './climate-records.ts';

export const NSRDB_FILE_SCHEMA = '/api/schemas/climate-nsrdb-file.schema.json';
/** The file's name in the manifest's climate entry. */
export const NSRDB_FILES_FILE = 'nsrdb_files';
const COLUMNS = columnsFromSchema(schemaById(NSRDB_FILE_SCHEMA));
const validate = validatorFor(NSRDB_FILE_SCHEMA);

/** Collects the text of each nsrdb station's file as it is read (the first file of an id wins), and notes those without a layout. */
export class NsrdbFileCollector {
  private readonly texts = new Map<string, string>();
  readonly notes: Issue[] = [];

  add(draft: StationDraft, text: string): void {
    if (draft.dataset !== 'nsrdb' || this.texts.has(draft.id)) return;
    try {
      readNsrdbLayout(text, draft.source_file);
    } catch (error) {
      if (!(error instanceof NsrdbLayoutError)) throw error;
      this.notes.push({ file: draft.source_file, line: error.line, field: NSRDB_FILES_FILE, reason: `no NSRDB download: ${error.problem}` });
      return;
    }
    this.texts.set(draft.id, text);
  }

  /** Writes the texts of the catalog's stations (`ids`) as `climate.nsrdb_files`; nothing when there are none. */
  async write(writer: DataSetWriter, ids: Iterable<string>): Promise<void> {
    const rows: ClimateNsrdbFile[] = [];
    for (const id of ids) {
      const text = this.texts.get(id);
      if (text !== undefined) rows.push({ id, text });
    }
    if (rows.length === 0) return;
    for (const [index, row] of rows.entries()) {
      const issues = recordIssues(validate, row as unknown as Record<string, unknown>, { file: row.id, record: index });
      if (issues.length) throw new Error(`NSRDB file of climate station ${row.id} is invalid: ${issues.map(describeIssue).join('; ')}`);
    }
    const staged = await writer.stage('climate_nsrdb_files', COLUMNS, rows as unknown as Record<string, unknown>[]);
    await writer.copyToParquet(DATASET, NSRDB_FILES_FILE, DataSetWriter.castingSelect(staged, COLUMNS, 'id'));
  }
}
