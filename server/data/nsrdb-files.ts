// The NSRDB downloads the pipeline ingested (docs/api.md §9): `climate.nsrdb_files`
// (schemas/climate-nsrdb-file.schema.json), one file's text a row. Only the ids are held in memory;
// a download reads its one row from the Parquet file. A data set without the table (the sample,
// or one built before it existed) has none, and its nsrdb cells' downloads are written from their
// hourly columns.
import { VARCHAR } from '../../model/duckdb.ts';
import type { Database } from './database.ts';

export class NsrdbFileStore {
  private constructor(
    private readonly db: Database,
    private readonly parquetPath: string | undefined,
    private readonly ids: ReadonlySet<string>,
  ) {}

  static async load(db: Database, parquetPath: string | undefined): Promise<NsrdbFileStore> {
    if (!parquetPath) return new NsrdbFileStore(db, undefined, new Set());
    const columns = await db.query('SELECT id FROM read_parquet($1)', [{ value: parquetPath, type: VARCHAR }], { prepare: false });
    return new NsrdbFileStore(db, parquetPath, new Set(columns.id as string[]));
  }

  /** Whether the station of this v1 id came from an NSRDB download kept whole. */
  has(id: string): boolean {
    return this.ids.has(id);
  }

  /** The text of the station's file as the pipeline read it, or undefined when it has none. */
  async text(id: string): Promise<string | undefined> {
    if (!this.parquetPath || !this.ids.has(id)) return undefined;
    const columns = await this.db.query(
      'SELECT text FROM read_parquet($1) WHERE id = $2',
      [
        { value: this.parquetPath, type: VARCHAR },
        { value: id, type: VARCHAR },
      ],
      { prepare: false },
    );
    return (columns.text as string[])[0];
  }

  get size(): number {
    return this.ids.size;
  }
}
