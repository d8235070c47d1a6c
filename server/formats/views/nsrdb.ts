// The NSRDB downloads' views (docs/service.md §9): the .csv answer, an NSRDB file written from its
// layout, and the documentation's JSON envelope for everything else (errors of a .csv request too).
import { type NsrdbLayout, writeNsrdbLayout } from '../../../model/nsrdb-layout.ts';
import type { View } from '../render.ts';

export const nsrdbCsvView: View = {
  schemaId: '/api/schemas/nsrdb-download-csv.schema.json',
  csvText: (data) => writeNsrdbLayout(data as NsrdbLayout),
};

/** JSON only: a .csv request's errors are written as JSON (render.ts). */
export const nsrdbResponseView: View = { schemaId: '/api/schemas/nsrdb-download-response.schema.json' };
