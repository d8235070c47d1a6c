// The sample's commercial building resources database: SYNTHETIC records made by this seeded
// generator, not NREL's retired database (no bulk copy of it exists). It imitates the real one's
// Drupal 7 layout: ~600 nodes (publications, tools, events, other resources) with revisions
// (vid != nid), HTML bodies, and every vocabulary filled with terms, the few term ids known from
// the real service kept where they were (51 Datacenter, 157 BESTEST's tool type, event type 1,
// portal 6, topics 29-48, audience types 86-95, keywords 205-209). Links point at example.org.
//
// Events start from ten years before to ten years after SAMPLE_EPOCH (a fixed date, so that the
// same seed gives the same bytes on any day): until 2036 both scope=upcoming and scope=past answer.
//
// Over 400 lines on purpose: one Generator whose methods each make one kind of node, in one seeded
// order of draws; that order is what keeps a seed's bytes stable, and it reads best in one place.
import { zipCodesNamed } from '../../model/zip-codes.ts';
import { schemaById } from '../../schemas/registry.ts';
import type { BuildingEvent, BuildingResource, BuildingVocabularyTerm } from '../../types/schemas.ts';
import { dbDateTime, offsetSeconds, zonedToUtc } from '../datasets/building-items.ts';
import { Random } from './random.ts';
import {
  ADJECTIVES,
  FIRST_NAMES,
  LAST_NAMES,
  MONTHS,
  SPONSORS,
  STATES,
  STREETS,
  TECHNOLOGIES,
  TOOL_PREFIXES,
  TOOL_SUFFIXES,
  VENUES,
  VOCABULARIES,
  WEEKDAYS,
} from './building-words.ts';

/** The middle of the events' spread: 2026-01-01T00:00:00Z. */
export const SAMPLE_EPOCH = Date.UTC(2026, 0, 1);
const YEAR_MS = 365.25 * 86_400_000;
const DAY_S = 86_400;
const FIRST_CREATED = Date.UTC(2012, 0, 1) / 1000;
const LAST_CREATED = SAMPLE_EPOCH / 1000 - 7 * DAY_S;
const SAMPLE_SITE = 'https://example.org/cbr-sample';
const EVENT_TYPE_SHARES = { Webinar: 0.5, Conference: 0.15, Workshop: 0.15, Training: 0.12, Meeting: 0.08 };

export interface BuildingResourcesSample {
  /** resources.json: every node, keyed by nid. */
  resources: Record<string, BuildingResource>;
  /** events.json: the event nodes as the events endpoint writes them, keyed by nid. */
  events: Record<string, BuildingEvent>;
  /** The vocabularies' terms, in vocabulary order (the taxonomy resource's `result`). */
  terms: BuildingVocabularyTerm[];
}

const NODE_RDF_MAPPING = {
  rdftype: ['sioc:Item', 'foaf:Document'],
  title: { predicates: ['dc:title'] },
  created: { predicates: ['dc:date', 'dc:created'], datatype: 'xsd:dateTime', callback: 'date_iso8601' },
  changed: { predicates: ['dc:modified'], datatype: 'xsd:dateTime', callback: 'date_iso8601' },
  body: { predicates: ['content:encoded'] },
  uid: { predicates: ['sioc:has_creator'], type: 'rel' },
  name: { predicates: ['foaf:name'] },
  comment_count: { predicates: ['sioc:num_replies'], datatype: 'xsd:integer' },
  last_activity: { predicates: ['sioc:last_activity_date'], datatype: 'xsd:dateTime', callback: 'date_iso8601' },
};

const TERM_RDF_MAPPING = {
  rdftype: ['skos:Concept'],
  name: { predicates: ['rdfs:label', 'skos:prefLabel'] },
  description: { predicates: ['skos:definition'] },
  vid: { predicates: ['skos:inScheme'], type: 'rel' },
  parent: { predicates: ['skos:broader'], type: 'rel' },
};

// ---------------------------------------------------------------------------------------------

type Kind = 'publication' | 'tool' | 'event' | 'other-resource';
const COUNTS: Record<Kind, number> = { publication: 260, tool: 110, event: 150, 'other-resource': 90 };

interface Term {
  tid: number;
  name: string;
}

type Field = [] | { und: Array<Record<string, unknown>> };
type Node = Record<string, unknown>;

const empty = (): [] => [];
const termField = (terms: Term[]): Field => (terms.length ? { und: terms.map((term) => ({ tid: String(term.tid) })) } : []);
const textField = (value: string | undefined): Field => (value === undefined ? [] : { und: [{ value, format: null, safe_value: escapeHtml(value) }] });
const linkField = (url: string | undefined): Field => (url === undefined ? [] : { und: [{ url, title: null, attributes: [] }] });
const flagField = (value: boolean): Field => ({ und: [{ value: value ? '1' : '0' }] });

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#039;' })[c]!);
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
}

/** Drupal's filtered_html for display: paragraphs (blank lines) become <p>, single line breaks <br />, tags in lower case. */
function filteredHtml(value: string): string {
  const lowered = value.replace(
    /<(\/?)([A-Za-z]+)([^>]*)>/g,
    (_, slash: string, tag: string, rest: string) =>
      `<${slash}${tag.toLowerCase()}${rest.replace(/\b([A-Z]+)=/g, (__, attr: string) => `${attr.toLowerCase()}=`)}>`,
  );
  const paragraphs = lowered
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);
  return paragraphs.map((p) => `<p>${p.replace(/\n/g, '<br />\n')}</p>\n`).join('');
}

class Generator {
  private readonly random: Random;
  readonly vocabularies = new Map<string, Term[]>();
  private readonly titles = new Set<string>();

  constructor(seed: number) {
    this.random = new Random(seed);
    for (const vocabulary of VOCABULARIES)
      this.vocabularies.set(
        vocabulary.machine,
        vocabulary.names.map((name, i) => ({ tid: vocabulary.firstTid + i, name })),
      );
  }

  terms(machine: string): Term[] {
    return this.vocabularies.get(machine)!;
  }

  /** `count` distinct terms of a vocabulary, in random order (as Drupal keeps the editor's order). */
  pickTerms(machine: string, min: number, max: number): Term[] {
    const pool = [...this.terms(machine)];
    const count = Math.min(pool.length, this.random.int(min, max));
    const picked: Term[] = [];
    for (let i = 0; i < count; i++) picked.push(pool.splice(this.random.int(0, pool.length - 1), 1)[0]);
    return picked;
  }

  maybeTerms(probability: number, machine: string, min: number, max: number): Term[] {
    return this.random.chance(probability) ? this.pickTerms(machine, min, max) : [];
  }

  term(machine: string, name: string): Term {
    return this.terms(machine).find((term) => term.name === name)!;
  }

  private unique(make: () => string): string {
    for (let attempt = 0; attempt < 20; attempt++) {
      const title = make();
      if (!this.titles.has(title)) {
        this.titles.add(title);
        return title;
      }
    }
    let n = 2;
    const base = make();
    while (this.titles.has(`${base} (Part ${n})`)) n++;
    this.titles.add(`${base} (Part ${n})`);
    return `${base} (Part ${n})`;
  }

  private buildingLabel(type: Term): string {
    return type.name.replace(/ \(.*\)$/, '');
  }

  /** Title, type term and the content for one node of a kind. */
  describe(kind: Kind, topics: Term[], buildingTypes: Term[], states: Term[]): { title: string; typeTerm: Term; subject: string } {
    const r = this.random;
    const topic = topics[0].name;
    const technology = r.pick(TECHNOLOGIES);
    const building = this.buildingLabel(buildingTypes[0] ?? r.pick(this.terms('building_types')));
    switch (kind) {
      case 'publication': {
        const typeName = r.pick(this.terms('publication_types')).name;
        const state = states[0]?.name ?? r.pick(STATES);
        const makers: Record<string, () => string> = {
          'Case Study': () =>
            `Case Study: ${r.pick(['Retrofitting', 'Re-tuning', 'Metering', 'Benchmarking', 'Upgrading'])} a ${state} ${building} Building with ${technology}`,
          'Fact Sheet': () => `${technology} Fact Sheet`,
          Guide: () => `${r.pick(ADJECTIVES)} ${topic} Guide for ${building} Buildings`,
          'Technical Report': () => `Measured Performance of ${technology} in ${building} Buildings`,
          'Journal Article': () => `${topic} Savings from ${technology}: Evidence from ${r.int(12, 240)} Buildings`,
          'Conference Paper': () => `${r.pick(ADJECTIVES)} ${topic} Strategies for ${building} Facilities`,
          Specification: () => `${technology} Performance Specification`,
          Brochure: () => `Better ${topic} for ${building} Owners`,
          Presentation: () => `${topic} in Practice: Lessons from the Field`,
          Newsletter: () => `${topic} Update, ${MONTHS[r.int(0, 11)]} ${r.int(2012, 2025)}`,
          Handbook: () => `${topic} Handbook for ${building} Facility Managers`,
          Report: () => `${r.pick(ADJECTIVES)} ${topic} Opportunities in ${building} Buildings`,
        };
        return { title: this.unique(makers[typeName]), typeTerm: this.term('publication_types', typeName), subject: technology };
      }
      case 'tool': {
        const typeTerm = r.pick(this.terms('tool_types'));
        const name = `${r.pick(TOOL_PREFIXES)}${r.pick(TOOL_SUFFIXES)}`;
        const title = this.unique(() => (r.chance(0.5) ? `${name}: ${topic} ${typeTerm.name}` : `${name} ${r.int(1, 4)}.${r.int(0, 9)}`));
        return { title, typeTerm, subject: name };
      }
      case 'event': {
        const typeName = r.weighted(EVENT_TYPE_SHARES);
        const makers: Record<string, () => string> = {
          Webinar: () => `${r.chance(0.5) ? technology : topic} Webinar`,
          Conference: () => `${r.pick(['National', 'Better Buildings', 'Commercial Buildings', 'Federal'])} ${topic} Conference`,
          Workshop: () => `${technology} Workshop for ${building} Buildings`,
          Training: () => `${topic} Training: ${r.pick(['Introduction', 'Advanced Topics', 'Hands-On Session', 'Certification Course'])}`,
          Meeting: () => `${r.pick(this.terms('portals')).name} ${r.pick(['Quarterly', 'Annual', 'Technical', 'Stakeholder'])} Meeting`,
        };
        return { title: this.unique(makers[typeName]), typeTerm: this.term('event_types', typeName), subject: technology };
      }
      default: {
        const typeName = r.pick(this.terms('resource_types')).name;
        const makers: Record<string, () => string> = {
          Checklist: () => `${topic} Checklist for ${building} Buildings`,
          'Data Set': () => `${building} Energy Use Data Set`,
          Video: () => `${technology} Video Series`,
          Website: () => `${topic} Resource Portal`,
          Template: () => `${topic} Project Template`,
          'Training Material': () => `${topic} Training Curriculum`,
          'Sample Contract': () => `Sample ${topic} Contract Language`,
          'Procurement Specification': () => `${technology} Procurement Specification`,
          'Model Policy': () => `Model ${topic} Policy for ${building} Portfolios`,
          Infographic: () => `${technology} at a Glance`,
        };
        return { title: this.unique(makers[typeName]), typeTerm: this.term('resource_types', typeName), subject: technology };
      }
    }
  }

  /** A body of one to four paragraphs; with `html`, some <strong>, <em> and links, as editors wrote them. */
  body(kind: Kind, title: string, subject: string, topics: Term[], audiences: Term[], buildingTypes: Term[], html: boolean): string {
    const r = this.random;
    const topicNames = topics.map((t) => t.name.toLowerCase());
    const audience = audiences.length
      ? audiences
          .map((a) => a.name.toLowerCase())
          .slice(0, 3)
          .join(', ')
      : 'building owners and operators';
    const building = (buildingTypes[0]?.name ?? 'commercial').toLowerCase().replace(/ \(.*\)$/, '');
    const percent = r.int(8, 45);
    const noun = { publication: 'publication', tool: 'tool', event: 'event', 'other-resource': 'resource' }[kind];
    const strong = (text: string) => (html ? `<strong>${text}</strong>` : text);
    const link = (text: string, path: string) => (html ? `<a href="${SAMPLE_SITE}/${path}">${text}</a>` : text);
    const sentences = [
      `This ${noun} shows how ${audience} can use ${subject} in ${building} buildings to cut energy use by about ${percent} percent.`,
      `It covers ${topicNames.slice(0, 3).join(', ')}${topicNames.length > 3 ? ' and related topics' : ''}, with worked examples and typical costs.`,
      `${strong('Key findings:')} projects reported a simple payback of ${r.int(1, 9)} to ${r.int(10, 15)} years and better occupant comfort.`,
      `Measured data from ${r.int(3, 90)} sites were used to check the estimates against utility bills.`,
      `See the ${link('technical details', `${slug(title)}/details`)} for assumptions, sensitivity to climate zone and maintenance needs.`,
      `Owners who pair ${kind === 'tool' ? subject : subject.toLowerCase()} with ${r.pick(['retro-commissioning', 'submetering', 'tenant engagement', 'a green lease', 'an energy audit'])} see the largest savings.`,
      `${strong('Who should use it:')} ${audience}${r.chance(0.5) ? ', and anyone planning a major renovation' : ''}.`,
    ];
    const paragraphs: string[] = [];
    const count = r.int(1, 4);
    let cursor = r.int(0, sentences.length - 1);
    for (let p = 0; p < count; p++) {
      const length = r.int(1, 3);
      const chosen: string[] = [];
      for (let s = 0; s < length; s++) chosen.push(sentences[cursor++ % sentences.length]);
      paragraphs.push(chosen.join(' '));
    }
    return paragraphs.join(html ? '\r\n\r\n' : ' ');
  }

  eventBody(begins: number, ends: number, timeZone: string, presenter: string, overview: string): string {
    const local = (utc: number) => new Date(utc + offsetSeconds(timeZone, utc) * 1000);
    const [from, to] = [local(begins), local(ends)];
    const clock = (date: Date) =>
      `${((date.getUTCHours() + 11) % 12) + 1}:${String(date.getUTCMinutes()).padStart(2, '0')} ${date.getUTCHours() < 12 ? 'a.m.' : 'p.m.'}`;
    const day = (date: Date) => `${WEEKDAYS[date.getUTCDay()]}, ${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
    const zone =
      { 'America/New_York': 'ET', 'America/Chicago': 'CT', 'America/Denver': 'MT', 'America/Phoenix': 'MST', 'America/Los_Angeles': 'PT' }[timeZone] ??
      timeZone;
    const when =
      ends - begins < 86_400_000
        ? `${day(from)}, ${clock(from)}-${clock(to)} ${zone}`
        : `${day(from)}, ${clock(from)} ${zone}, to ${day(to)}, ${clock(to)} ${zone}`;
    return [`<strong>Time:</strong> ${when}`, `<strong>Presenter: </strong>${presenter}`, `<strong>Overview: </strong>${overview}`, ''].join('\r\n\r\n');
  }

  /** Every node with its timeline: creation, revisions, and nid and vid in the order Drupal would have given them. */
  generate(): BuildingResourcesSample {
    const r = this.random;
    interface Draft {
      kind: Kind;
      created: number;
      revisions: number[];
      start?: number;
      node: Node;
      nid?: number;
      vid?: number;
    }
    const drafts: Draft[] = [];
    for (const kind of Object.keys(COUNTS) as Kind[]) {
      for (let i = 0; i < COUNTS[kind]; i++) {
        let created: number;
        let start: number | undefined;
        if (kind === 'event') {
          start = Math.floor((SAMPLE_EPOCH + r.between(-10, 10) * YEAR_MS) / 3_600_000) * 3_600_000;
          created = Math.round(Math.min(Math.max(start / 1000 - r.int(14, 200) * DAY_S, FIRST_CREATED), LAST_CREATED - r.int(0, 300) * DAY_S));
        } else {
          created = Math.round(r.between(FIRST_CREATED, LAST_CREATED));
        }
        const revisions: number[] = [];
        if (r.chance(0.4)) {
          let at = created;
          for (let k = r.int(1, 3); k > 0; k--) {
            at = Math.round(Math.min(at + r.int(1, 400) * DAY_S + r.int(0, DAY_S), LAST_CREATED));
            revisions.push(at);
          }
        }
        drafts.push({ kind, created, revisions, start, node: {} });
      }
    }
    // The timeline: nids on creation (with gaps for deleted nodes), vids on every saved revision.
    const steps = drafts.flatMap((draft, index) => [
      { at: draft.created, index, create: true },
      ...draft.revisions.map((at) => ({ at, index, create: false })),
    ]);
    steps.sort((a, b) => a.at - b.at || a.index - b.index || Number(b.create) - Number(a.create));
    let nid = 9;
    let vid = 9;
    for (const step of steps) {
      const draft = drafts[step.index];
      vid += r.chance(0.05) ? r.int(2, 4) : 1;
      if (step.create) {
        nid += r.chance(0.08) ? r.int(2, 5) : 1;
        draft.nid = nid;
      }
      draft.vid = vid;
    }
    const byNid = [...drafts].sort((a, b) => a.nid! - b.nid!);
    const resources: Record<string, BuildingResource> = {};
    const events: Record<string, BuildingEvent> = {};
    for (const draft of byNid) {
      const node = this.node(draft.kind, draft.nid!, draft.vid!, draft.created, draft.revisions.at(-1) ?? draft.created, draft.start);
      resources[String(draft.nid)] = ordered(node, RESOURCE_ORDER) as unknown as BuildingResource;
      if (draft.kind === 'event') {
        const { type: _type, current_revision_id: _revision, is_current: _current, is_pending: _pending, ...event } = node;
        events[String(draft.nid)] = ordered(event, EVENT_ORDER) as unknown as BuildingEvent;
      }
    }
    const terms: BuildingVocabularyTerm[] = VOCABULARIES.flatMap((vocabulary) =>
      this.terms(vocabulary.machine).map((term, weight) => ({
        tid: String(term.tid),
        vid: String(vocabulary.vid),
        name: term.name,
        description: null,
        format: null,
        weight: String(vocabulary.machine === 'states' || vocabulary.machine === 'keywords' ? 0 : weight),
        vocabulary_machine_name: vocabulary.machine,
        rdf_mapping: TERM_RDF_MAPPING,
      })),
    );
    return { resources, events, terms };
  }

  private node(kind: Kind, nid: number, vid: number, created: number, changed: number, start: number | undefined): Node {
    const r = this.random;
    const topics = this.pickTerms('topics', 1, 4);
    const buildingTypes = r.chance(0.05) ? this.pickTerms('building_types', 20, 25) : this.maybeTerms(0.75, 'building_types', 1, 6);
    const states = kind === 'event' ? [] : this.maybeTerms(0.2, 'states', 1, 3);
    const audiences = this.maybeTerms(0.7, 'audience_types', 1, 5);
    const { title, typeTerm, subject } = this.describe(kind, topics, buildingTypes, states);
    const html = kind === 'event' || (kind !== 'tool' && r.chance(0.7)) || r.chance(0.2);
    const pending = r.chance(0.03);
    const node: Node = {
      vid: String(vid),
      title,
      nid: String(nid),
      type: kind,
      created: String(created),
      changed: String(changed),
      rdf_mapping: NODE_RDF_MAPPING,
      current_revision_id: String(vid),
      is_current: true,
      is_pending: pending,
    };
    const typeField = { event: 'field_event_type', publication: 'field_publication_type', tool: 'field_tool_type', 'other-resource': 'field_resource_type' }[
      kind
    ];
    node[typeField] = termField([typeTerm]);
    node.field_collections = termField(this.maybeTerms(0.3, 'collections', 1, 2));
    node.field_portal_tags = termField(this.maybeTerms(0.7, 'portals', 1, 2));
    node.field_topics = termField(topics);
    node.field_keywords = termField(this.maybeTerms(0.75, 'keywords', 1, 6));
    node.field_audience_types = termField(audiences);
    node.field_building_types = termField(buildingTypes);
    node.field_construction_types = termField(this.maybeTerms(0.4, 'construction_types', 1, 2));
    node.field_phases_of_delivery = termField(this.maybeTerms(0.35, 'phases_of_delivery', 1, 3));
    node.field_resource_type_superset = r.chance(0.8) ? termField([typeTerm]) : empty();

    if (kind === 'event') {
      const inPerson = typeTerm.name !== 'Webinar' && r.chance(0.85);
      const place = r.pick(VENUES);
      const timeZone = inPerson ? place.timezone : r.chance(0.7) ? 'America/New_York' : r.pick(['America/Chicago', 'America/Denver', 'America/Los_Angeles']);
      const localDay = start! - (start! % 86_400_000);
      const begins = zonedToUtc(timeZone, localDay + r.int(8, 14) * 3_600_000 + (r.chance(0.3) ? 1_800_000 : 0));
      const ends =
        typeTerm.name === 'Conference' || (typeTerm.name === 'Workshop' && r.chance(0.4))
          ? begins + r.int(1, 3) * 86_400_000 + 8 * 3_600_000
          : begins + r.int(1, 3) * 3_600_000;
      const presenter = r.pick(this.terms('institutions')).name;
      const overview = this.body(kind, title, subject, topics, audiences, buildingTypes, true);
      const value = this.eventBody(begins, ends, timeZone, presenter, overview);
      node.body = { und: [{ value, summary: '', format: 'filtered_html', safe_value: filteredHtml(value), safe_summary: '' }] };
      node.field_event_date = {
        und: [
          {
            value: dbDateTime(begins),
            value2: dbDateTime(ends),
            timezone: timeZone,
            offset: String(offsetSeconds(timeZone, begins)),
            offset2: String(offsetSeconds(timeZone, ends)),
            rrule: null,
            timezone_db: 'UTC',
            date_type: 'datetime',
          },
        ],
      };
      if (inPerson) {
        const zip =
          zipCodesNamed(place.city, place.state)
            .map((entry) => entry.zip)
            .sort()[0] ?? '';
        node.field_location = {
          und: [
            {
              country: 'US',
              administrative_area: place.state,
              sub_administrative_area: null,
              locality: place.city,
              dependent_locality: null,
              postal_code: zip,
              thoroughfare: `${r.int(100, 9999)} ${r.pick(STREETS)}`,
              premise: r.chance(0.3) ? `Room ${r.int(100, 450)}` : '',
              sub_premise: null,
              organisation_name: r.chance(0.6) ? `${place.city} ${place.venue}` : null,
              name_line: null,
              first_name: null,
              last_name: null,
              data: null,
            },
          ],
        };
        node.field_location_alternative = empty();
      } else {
        node.field_location = {
          und: [
            {
              country: 'US',
              administrative_area: '',
              sub_administrative_area: null,
              locality: '',
              dependent_locality: null,
              postal_code: '',
              thoroughfare: '',
              premise: '',
              sub_premise: null,
              organisation_name: null,
              name_line: null,
              first_name: null,
              last_name: null,
              data: null,
            },
          ],
        };
        node.field_location_alternative = r.chance(0.5) ? textField('Online') : empty();
      }
      node.field_sponsor_name = r.chance(0.85) ? textField(r.pick(SPONSORS)) : empty();
      node.field_website_url = linkField(r.chance(0.4) ? `${SAMPLE_SITE}/events/${slug(title)}` : undefined);
      node.field_logo = linkField(
        r.chance(0.25)
          ? `${SAMPLE_SITE}/logos/${slug(String((node.field_sponsor_name as { und?: Array<{ value: string }> }).und?.[0].value ?? 'sponsor'))}.png`
          : undefined,
      );
      node.field_registration_url = linkField(r.chance(0.75) ? `${SAMPLE_SITE}/register/${nid}` : undefined);
      node.field_radioactivity = empty();
      return node;
    }

    const value = this.body(kind, title, subject, topics, audiences, buildingTypes, html);
    const withSummary = html && r.chance(0.2);
    const summary = withSummary ? `${value.replace(/<[^>]+>/g, '').split('. ')[0]}.` : html ? '' : null;
    node.body = {
      und: [
        html
          ? { value, summary, format: 'filtered_html', safe_value: filteredHtml(value), safe_summary: summary ? filteredHtml(summary) : '' }
          : { value, summary: null, format: null },
      ],
    };
    const path = { publication: 'publications', tool: 'tools', 'other-resource': 'resources' }[kind];
    node.field_resource_link = r.chance(0.92) ? linkField(`${SAMPLE_SITE}/${path}/${slug(title)}${kind === 'publication' ? '.pdf' : '/'}`) : empty();
    node.field_states = termField(states);
    node.field_primary_institution = termField(this.maybeTerms(0.6, 'institutions', 1, 1));
    node.field_secondary_institution = termField(this.maybeTerms(0.25, 'institutions', 1, 2));
    node.field_require_user_information = flagField(r.chance(0.1));
    if (kind === 'publication') {
      const published = Math.min(created - r.int(0, 400) * DAY_S, LAST_CREATED);
      node.field_publication_date = {
        und: [
          {
            value: `${new Date(published * 1000).toISOString().slice(0, 10)} 00:00:00`,
            timezone: 'America/Denver',
            timezone_db: 'America/Denver',
            date_type: 'datetime',
          },
        ],
      };
      const showAuthor = r.chance(0.8);
      node.field_display_author = flagField(showAuthor);
      const authors = Array.from({ length: r.int(1, 3) }, () => `${r.pick(FIRST_NAMES)} ${r.pick(LAST_NAMES)}`);
      node.field_author = r.chance(0.9) ? textField(authors.join('; ')) : empty();
    }
    return node;
  }
}

const RESOURCE_ORDER = Object.keys(schemaById('/api/schemas/building-resource.schema.json').properties as object);
const EVENT_ORDER = Object.keys(schemaById('/api/schemas/building-event.schema.json').properties as object);

function ordered(node: Node, order: string[]): Node {
  const out: Node = {};
  for (const key of order) if (node[key] !== undefined) out[key] = node[key];
  return out;
}

/** The sample database for a seed: the same seed gives the same records, byte for byte. */
export function generateBuildingResources(seed: number): BuildingResourcesSample {
  return new Generator(seed).generate();
}
