// The commercial building resources and events of the served data set. DuckDB answers which items
// match (search words, vocabulary terms, event scope: SQL with bound parameters over tables loaded
// from the Parquet files); each item's response record is parsed once at load, so an answer only
// picks records. Vocabulary terms resolve filter values (a term id or a name in any case) to ids.
import { DOUBLE, INTEGER, LIST, VARCHAR, listValue } from '../../model/duckdb.ts';
import { FIELD_VOCABULARIES } from '../../model/building-vocabularies.ts';
import type { Database } from './database.ts';

export type BuildingItem = Record<string, unknown>;

export interface ItemTable {
  /** nid (as the JSON key) and the response record of each row, in nid order. */
  nids: string[];
  items: BuildingItem[];
}

export interface VocabularyTerms {
  /** Every known term id of the vocabulary, with its name when a vocabulary file gave one. */
  byTid: Map<number, string | undefined>;
  /** Term ids by lower-case name (names need not be unique). */
  byName: Map<string, number[]>;
}

export type Scope = 'upcoming' | 'past';

const TABLES = { resources: 'building_resources', events: 'building_events', terms: 'building_terms' } as const;

/** Items with every search word (lower-cased by DuckDB on both sides) and, for each term set, at least one of its terms. */
const RESOURCES_SQL = `SELECT row_index FROM ${TABLES.resources}
  WHERE list_bool_and(list_transform($1::VARCHAR[], w -> contains(search_text, lower(w)))) IS NOT FALSE
    AND list_bool_and(list_transform($2::INTEGER[][], f -> list_has_any(tids, f))) IS NOT FALSE
  ORDER BY nid`;

/** Events with, for each term set, one of its terms, starting at or after (upcoming) or before (past) an instant. */
const EVENTS_SQL = `SELECT row_index FROM ${TABLES.events}
  WHERE list_bool_and(list_transform($1::INTEGER[][], f -> list_has_any(tids, f))) IS NOT FALSE
    AND CASE $2::VARCHAR WHEN 'upcoming' THEN starts_epoch >= $3::DOUBLE WHEN 'past' THEN starts_epoch < $3::DOUBLE ELSE true END
  ORDER BY nid`;

const parquet = (path: string) => `read_parquet('${path.replace(/'/g, "''")}')`;
const termSets = (sets: number[][]) => listValue(sets.map((set) => listValue(set)));

async function loadItems(db: Database, table: string, path: string | undefined, extra: string): Promise<ItemTable> {
  if (!path) return { nids: [], items: [] };
  await db.execute(`CREATE OR REPLACE TABLE ${table} AS
    SELECT (row_number() OVER (ORDER BY nid) - 1)::INTEGER AS row_index, nid, lower(search_text) AS search_text, tids${extra}, item
    FROM ${parquet(path)} ORDER BY nid`);
  const columns = await db.query(`SELECT nid, item FROM ${table} ORDER BY row_index`);
  await db.execute(`ALTER TABLE ${table} DROP COLUMN item`);
  return { nids: columns.nid.map(String), items: columns.item.map((text) => JSON.parse(text as string) as BuildingItem) };
}

export class BuildingResourceStore {
  private constructor(
    private readonly db: Database,
    readonly resources: ItemTable,
    readonly events: ItemTable,
    private readonly vocabularies: Map<string, VocabularyTerms>,
  ) {}

  static async load(db: Database, files: { resources?: string; events?: string; terms?: string }): Promise<BuildingResourceStore> {
    const resources = await loadItems(db, TABLES.resources, files.resources, '');
    const events = await loadItems(db, TABLES.events, files.events, ', epoch(starts_at) AS starts_epoch');
    const vocabularies = new Map<string, VocabularyTerms>();
    const vocabulary = (name: string) => {
      let terms = vocabularies.get(name);
      if (!terms) vocabularies.set(name, (terms = { byTid: new Map(), byName: new Map() }));
      return terms;
    };
    const known = new Set<number>();
    if (files.terms) {
      const terms = await db.query(`SELECT tid, vocabulary, name FROM ${parquet(files.terms)} ORDER BY tid`);
      terms.tid.forEach((tid, i) => {
        const entry = vocabulary(terms.vocabulary[i] as string);
        const name = terms.name[i] as string;
        entry.byTid.set(tid as number, name);
        const key = name.trim().toLowerCase();
        entry.byName.set(key, [...(entry.byName.get(key) ?? []), tid as number]);
        known.add(tid as number);
      });
    }
    // Term ids that no vocabulary file names still belong to the vocabulary of the field holding them.
    for (const item of [...resources.items, ...events.items]) {
      for (const [field, name] of Object.entries(FIELD_VOCABULARIES)) {
        const value = item[field] as { und?: Array<{ tid: string }> } | undefined;
        for (const { tid } of value?.und ?? []) {
          const id = Number(tid);
          if (!known.has(id)) vocabulary(name).byTid.set(id, undefined);
        }
      }
    }
    return new BuildingResourceStore(db, resources, events, vocabularies);
  }

  /** The term ids a filter value names in a vocabulary: its id, else its name in any case; undefined when none. */
  resolveTerm(vocabulary: string, value: number | string): number[] | undefined {
    const terms = this.vocabularies.get(vocabulary);
    if (!terms) return undefined;
    if (typeof value === 'number' && terms.byTid.has(value)) return [value];
    return terms.byName.get(String(value).trim().toLowerCase());
  }

  /** Row numbers of the resources matching every word and, for each term set, one of its terms; in nid order. */
  async searchResources(words: string[], sets: number[][]): Promise<number[]> {
    if (this.resources.items.length === 0) return [];
    const result = await this.db.query(RESOURCES_SQL, [
      { value: listValue(words), type: LIST(VARCHAR) },
      { value: termSets(sets), type: LIST(LIST(INTEGER)) },
    ]);
    return (result.row_index ?? []) as number[];
  }

  /** Row numbers of the events with, for each term set, one of its terms, within a scope at `now`; in nid order. */
  async listEvents(sets: number[][], scope: Scope | undefined, now: Date): Promise<number[]> {
    if (this.events.items.length === 0) return [];
    const result = await this.db.query(EVENTS_SQL, [
      { value: termSets(sets), type: LIST(LIST(INTEGER)) },
      { value: scope ?? null, type: VARCHAR },
      { value: now.getTime() / 1000, type: DOUBLE },
    ]);
    return (result.row_index ?? []) as number[];
  }
}
