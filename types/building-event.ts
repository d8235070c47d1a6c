/* Generated from schemas/ by `npm run types` (json-schema-to-typescript). Do not edit. */

/**
 * An empty field: PHP's empty array, written [] in JSON and as a self-closing element in XML.
 *
 * @maxItems 0
 */
export type Empty = [];

/**
 * An event as GET /api/commercial-building-resources/v1/events returns it and as the pipeline reads it from DIR/building-resources/events*.json (the API's own JSON: an object keyed by nid). The same Drupal 7 field layout as building-resource.schema.json; the events endpoint writes no type and no revision flags. Key order is the wire order of ../wire/samples/cbr_events_docs.json, with the fields that sample lacks after the ones it has. scope=upcoming|past compares field_event_date's first value (UTC) with the current time.
 */
export interface BuildingEvent {
  /**
   * Version (revision) id; a new published version changes it and keeps nid.
   */
  vid: string;
  /**
   * Title text.
   */
  title: string;
  /**
   * Unique resource id, constant across versions.
   */
  nid: string;
  /**
   * Content type; absent in the events endpoint's answers.
   */
  type?: 'event';
  /**
   * Unix time of creation.
   */
  created: string;
  /**
   * Unix time of the last update.
   */
  changed: string;
  rdf_mapping?: NodeRdfMapping;
  /**
   * The published revision (Workbench Moderation).
   */
  current_revision_id?: string;
  /**
   * Whether this is the current revision (true/false in JSON, 1 or empty in XML).
   */
  is_current?: boolean;
  /**
   * Whether a newer revision awaits moderation.
   */
  is_pending?: boolean;
  body?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [BodyItem, ...BodyItem[]];
      };
  /**
   * Event content only: one term of the event_types vocabulary.
   */
  field_event_type?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [TermItem, ...TermItem[]];
      };
  /**
   * Terms of the collections vocabulary.
   */
  field_collections?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [TermItem, ...TermItem[]];
      };
  /**
   * Terms of the portals vocabulary.
   */
  field_portal_tags?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [TermItem, ...TermItem[]];
      };
  /**
   * Terms of the topics vocabulary.
   */
  field_topics?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [TermItem, ...TermItem[]];
      };
  /**
   * Terms of the keywords vocabulary.
   */
  field_keywords?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [TermItem, ...TermItem[]];
      };
  /**
   * Event content only: start (value) and end (value2) in UTC database time.
   */
  field_event_date?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [DateItem, ...DateItem[]];
      };
  /**
   * Event content only: where it takes place.
   */
  field_location?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [LocationItem, ...LocationItem[]];
      };
  /**
   * Event content only: the place as text, when a full location is unavailable.
   */
  field_location_alternative?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [TextItem, ...TextItem[]];
      };
  /**
   * Event content only: the sponsor.
   */
  field_sponsor_name?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [TextItem, ...TextItem[]];
      };
  /**
   * Event content only: the event's web site.
   */
  field_website_url?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [LinkItem, ...LinkItem[]];
      };
  /**
   * Event content only: URL of the sponsor's logo.
   */
  field_logo?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [LinkItem, ...LinkItem[]];
      };
  /**
   * Event content only: where to register.
   */
  field_registration_url?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [LinkItem, ...LinkItem[]];
      };
  /**
   * Terms of the audience_types vocabulary.
   */
  field_audience_types?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [TermItem, ...TermItem[]];
      };
  /**
   * Terms of the building_types vocabulary.
   */
  field_building_types?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [TermItem, ...TermItem[]];
      };
  /**
   * Popularity (Radioactivity module); empty in every known record.
   */
  field_radioactivity?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [RadioactivityItem, ...RadioactivityItem[]];
      };
  /**
   * Terms of the construction_types vocabulary.
   */
  field_construction_types?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [TermItem, ...TermItem[]];
      };
  /**
   * Terms of the phases_of_delivery vocabulary.
   */
  field_phases_of_delivery?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [TermItem, ...TermItem[]];
      };
  /**
   * Terms of the states vocabulary.
   */
  field_states?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [TermItem, ...TermItem[]];
      };
  /**
   * Terms of the institutions vocabulary.
   */
  field_primary_institution?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [TermItem, ...TermItem[]];
      };
  /**
   * Terms of the institutions vocabulary.
   */
  field_secondary_institution?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [TermItem, ...TermItem[]];
      };
  /**
   * One term, every content type: the term of whichever of the four type fields applies (event, publication, resource or tool type).
   */
  field_resource_type_superset?:
    | Empty
    | {
        /**
         * @minItems 1
         */
        und: [TermItem, ...TermItem[]];
      };
}
/**
 * Drupal's RDF mapping of a node, the same on every item: {"rdftype":["sioc:Item","foaf:Document"],"title":{"predicates":["dc:title"]},…}.
 */
export interface NodeRdfMapping {
  rdftype: string[];
  title?: RdfPredicates;
  created?: RdfPredicates;
  changed?: RdfPredicates;
  body?: RdfPredicates;
  uid?: RdfPredicates;
  name?: RdfPredicates;
  comment_count?: RdfPredicates;
  last_activity?: RdfPredicates;
}
/**
 * How one property maps to RDF: predicates, and the datatype, conversion callback and relation type where they apply.
 */
export interface RdfPredicates {
  predicates: string[];
  datatype?: string;
  callback?: string;
  type?: string;
}
/**
 * The body: value is the text as entered (it may hold HTML and \r\n), summary the teaser as entered; format the text format (null when none); safe_value and safe_summary the filtered HTML, present when a text format applies.
 */
export interface BodyItem {
  value: string;
  summary: string | null;
  format: string | null;
  safe_value?: string;
  safe_summary?: string;
}
/**
 * A taxonomy term reference: the term's id (vocabulary terms are in building-term.schema.json).
 */
export interface TermItem {
  /**
   * An integer written as a string, as Drupal writes database integers ("782").
   */
  tid: string;
}
/**
 * A Date module value: start (value), end (value2), the zone it is shown in (timezone) and its UTC offsets in seconds at start and end (offset, offset2), the repeat rule, the zone the values are stored in (timezone_db), and the storage kind (date_type).
 */
export interface DateItem {
  /**
   * A date and time as the Date module stores it for date_type datetime: YYYY-MM-DD HH:MM:SS, in the timezone_db zone (UTC for events).
   */
  value: string;
  /**
   * A date and time as the Date module stores it for date_type datetime: YYYY-MM-DD HH:MM:SS, in the timezone_db zone (UTC for events).
   */
  value2?: string;
  timezone?: string;
  /**
   * An integer written as a string, as Drupal writes database integers ("782").
   */
  offset?: string;
  /**
   * An integer written as a string, as Drupal writes database integers ("782").
   */
  offset2?: string;
  rrule?: string | null;
  timezone_db?: string;
  date_type?: 'datetime' | 'date';
}
/**
 * An Address Field value (xNAL names): country code, administrative_area (state), locality (city), postal_code, thoroughfare (street), premise, and the rest as the module stores them.
 */
export interface LocationItem {
  country: string | null;
  administrative_area?: string | null;
  sub_administrative_area?: string | null;
  locality?: string | null;
  dependent_locality?: string | null;
  postal_code?: string | null;
  thoroughfare?: string | null;
  premise?: string | null;
  sub_premise?: string | null;
  organisation_name?: string | null;
  name_line?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  data?: string | null;
}
/**
 * A plain text field (author, sponsor name, alternative location): value as entered, format, and safe_value when loaded for display.
 */
export interface TextItem {
  value: string;
  format?: string | null;
  safe_value?: string;
}
/**
 * A link field: url, title (null when none) and attributes ([] when none).
 */
export interface LinkItem {
  url: string;
  title: string | null;
  attributes:
    | Empty
    | {
        [k: string]: string;
      };
}
/**
 * A Radioactivity module value (popularity energy); empty in every known record.
 */
export interface RadioactivityItem {
  radioactivity_energy?: string;
  /**
   * An integer written as a string, as Drupal writes database integers ("782").
   */
  radioactivity_timestamp?: string;
}
