// Commercial building resources v1 (docs/api.md §6; docs/decisions.md §1.1, §7): the resources
// list with its search and vocabulary filters, and the events list with portal, scope and JSONP.
// Both also answer without the v1 segment, as the documentation's request URLs show.
import type { BuildingEventsParameters, BuildingResourcesParameters } from '../../types/schemas.ts';
import type { BuildingResourceStore, ItemTable } from '../data/building-resources.ts';
import type { ApiResult, View } from '../formats/render.ts';
import { buildingResourceViews as views } from '../formats/views/building-resources.ts';
import { parseParams, type ParsedParams } from '../params.ts';
import { buildingResourceMessage, unknownTermMessage } from './building-resources-messages.ts';
import type { Endpoint } from './types.ts';

const RESOURCES_PARAMS = '/api/schemas/params/building-resources.params.schema.json';
const EVENTS_PARAMS = '/api/schemas/params/building-events.params.schema.json';
const ERRORS = '/api/schemas/errors.schema.json';
const BASE = '/api/commercial-building-resources';
const TAG = 'Commercial building resources';

/** Each vocabulary filter and the vocabulary whose terms it takes. */
const VOCABULARY_FILTERS = {
  'audience-type': 'audience_types',
  'building-type': 'building_types',
  collection: 'collections',
  'construction-type': 'construction_types',
  institution: 'institutions',
  keyword: 'keywords',
  portal: 'portals',
  'publication-type': 'publication_types',
  'resource-type': 'resource_types',
  state: 'states',
  'tool-type': 'tool_types',
  topic: 'topics',
} as const;

type FilterParam = keyof typeof VOCABULARY_FILTERS;

/**
 * The words of a search: whitespace-separated, with "double-quoted phrases" kept whole (as Drupal
 * Views' "contains all words" reads them). Every one must appear in the title or body.
 */
function searchWords(text: string | undefined): string[] {
  if (text === undefined) return [];
  return [...text.matchAll(/"([^"]*)"|(\S+)/g)].map((match) => (match[1] ?? match[2]).replace(/\s+/g, ' ').trim()).filter(Boolean);
}

/** Each filter's values as sets of term ids; a value that is no term of its vocabulary is a 422 message. */
function termSets(
  parsed: ParsedParams<Partial<Record<FilterParam, Array<number | string>>>>,
  params: readonly FilterParam[],
  store: BuildingResourceStore,
): { sets: number[][]; messages: string[] } {
  const sets: number[][] = [];
  const messages: string[] = [];
  const invalid = new Set(parsed.issues.map((issue) => issue.param));
  for (const param of params) {
    const chosen = parsed.values[param];
    if (!chosen || invalid.has(param)) continue;
    const tids = new Set<number>();
    for (const value of chosen) {
      const found = store.resolveTerm(VOCABULARY_FILTERS[param], value);
      if (!found) messages.push(unknownTermMessage(param, value, VOCABULARY_FILTERS[param]));
      else for (const tid of found) tids.add(tid);
    }
    sets.push([...tids].sort((a, b) => a - b));
  }
  return { sets, messages };
}

function invalid(messages: string[]): ApiResult {
  return { view: views.errors, status: 422, data: { errors: messages } };
}

/** The matching items keyed by nid (JSON objects keep integer keys in ascending order), or `[]`. */
function listOf(view: View, table: ItemTable, rows: number[]): ApiResult {
  if (rows.length === 0) return { view: views.none, data: [] };
  const data: Record<string, unknown> = {};
  for (const row of rows) data[table.nids[row]] = table.items[row];
  return { view, data };
}

const FILTERS = Object.keys(VOCABULARY_FILTERS) as FilterParam[];

const resourcesEndpoint: Endpoint = {
  paths: [`${BASE}/v1/resources`, `${BASE}/resources`],
  parameters: RESOURCES_PARAMS,
  responses: { ok: '/api/schemas/building-resources-response.schema.json', errors: { 422: ERRORS } },
  docs: {
    tag: TAG,
    summary: 'Resources (publications, tools, events, other resources) matching a search and vocabulary filters, keyed by nid.',
    example: 's=energy',
  },
  formats: ['json', 'xml'],
  defaultFormat: 'json',
  limitGroup: 'other',
  async handle({ data, query }) {
    const parsed = parseParams<BuildingResourcesParameters>(RESOURCES_PARAMS, query, { emptyIsAbsent: ['s', ...FILTERS] });
    const store = data.buildingResources;
    const { sets, messages } = termSets(parsed, FILTERS, store);
    const problems = [...parsed.issues.map(buildingResourceMessage), ...messages];
    if (problems.length) return invalid(problems);
    const rows = await store.searchResources(searchWords(parsed.values.s), sets);
    return listOf(views.resources, store.resources, rows);
  },
};

const eventsEndpoint: Endpoint = {
  paths: [`${BASE}/v1/events`, `${BASE}/events`],
  parameters: EVENTS_PARAMS,
  responses: { ok: '/api/schemas/building-events-response.schema.json', errors: { 422: ERRORS } },
  docs: { tag: TAG, summary: 'Events, upcoming or past, keyed by nid.', example: 'scope=past' },
  // `scope` compares each event's start with the current time: such an answer gets no ETag.
  cache: { dependsOnClock: (query) => query.scope !== undefined },
  formats: ['json', 'jsonp', 'xml'],
  defaultFormat: 'json',
  limitGroup: 'other',
  async handle({ data, query, now }) {
    const parsed = parseParams<BuildingEventsParameters>(EVENTS_PARAMS, query, { emptyIsAbsent: ['portal', 'scope', 'callback'] });
    const store = data.buildingResources;
    const { sets, messages } = termSets(parsed, ['portal'], store);
    const problems = [...parsed.issues.map(buildingResourceMessage), ...messages];
    if (problems.length) return invalid(problems);
    const rows = await store.listEvents(sets, parsed.values.scope, now);
    return listOf(views.events, store.events, rows);
  },
};

export const buildingResourceEndpoints = [resourcesEndpoint, eventsEndpoint];
