// The commercial building resources service's own JSON (Drupal 7 Services): resources and events
// as an object keyed by nid (`{"718":{…},"1083":{…}}`, or `[]` when there are none, as PHP writes
// an empty array), and vocabulary terms as the taxonomy resource answers (`{"result":[term, …]}`)
// or as a bare array of terms. Files may be gzip-compressed, or UTF-16 with a byte-order mark (a note
// in `notes` says so). A file that cannot be read throws SourceFileError (file and line).
import { basename } from 'node:path';
import type { Issue } from '../issues.ts';
import { parseJsonSource } from './json-text.ts';
import { readSourceText, SourceFileError } from './source-file.ts';

export interface KeyedRecord {
  /** 0-based position of the record in its file. */
  record: number;
  /** The object key the record was found under (its nid, or its tid for terms keyed by tid). */
  key?: string;
  values: unknown;
}

function readJson(path: string, notes?: Issue[]): unknown {
  const file = basename(path);
  return parseJsonSource(readSourceText(path, file, notes), file);
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Nodes (resources or events): `{"<nid>":{…}, …}`; `[]` and a bare array of nodes are read too. */
export function readDrupalNodes(path: string, notes?: Issue[]): KeyedRecord[] {
  const document = readJson(path, notes);
  if (Array.isArray(document)) return document.map((values, record) => ({ record, values }));
  if (isObject(document)) return Object.entries(document).map(([key, values], record) => ({ record, key, values }));
  throw new SourceFileError({ file: basename(path), line: 1, reason: 'expected an object keyed by nid ({"718":{...}}) or []' });
}

/** Vocabulary terms: `{"result":[…]}` (the service's answer), a bare array, or an object keyed by tid. */
export function readVocabularyTerms(path: string, notes?: Issue[]): KeyedRecord[] {
  const document = readJson(path, notes);
  const terms = isObject(document) && 'result' in document ? document.result : document;
  if (Array.isArray(terms)) return terms.map((values, record) => ({ record, values }));
  if (isObject(terms)) return Object.entries(terms).map(([key, values], record) => ({ record, key, values }));
  throw new SourceFileError({ file: basename(path), line: 1, reason: 'expected vocabulary terms: {"result":[...]} or an array of terms' });
}
