// The NSRDB downloads' views (docs/api.md §9): the .csv answer, an NSRDB file written from its
// layout, and the documentation's JSON envelope for everything else (errors of a .csv request too).
import { type NsrdbLayout, writeNsrdbLayout } from '../../../model/nsrdb-layout.ts';
import type { View } from '../render.ts';
import { railsStyle } from '../xml.ts';

export const nsrdbCsvView: View = {
  schemaId: '/api/schemas/nsrdb-download-csv.schema.json',
  csvText: (data) => writeNsrdbLayout(data as NsrdbLayout),
};

/** JSON only: a .csv request's errors are written as JSON (render.ts). */
export const nsrdbResponseView: View = { schemaId: '/api/schemas/nsrdb-download-response.schema.json' };

/** The NSRDB data query: XML as the documentation's example, root `hash`, names as in JSON, items in the singular. */
export const nsrdbDataQueryView: View = { schemaId: '/api/schemas/nsrdb-data-query.schema.json', xml: { style: railsStyle(), root: 'hash' } };
