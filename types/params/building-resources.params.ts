/* Generated from schemas/ by `npm run types` (json-schema-to-typescript). Do not edit. */

/**
 * Query parameters of GET /api/commercial-building-resources/v1/resources.{json,xml} (also without v1). Every filter is optional; several filters must all match; an empty parameter is ignored.
 */
export interface BuildingResourcesParameters {
  /**
   * Search: resources whose title or body text (HTML tags aside) contains every word, in any case; "quoted words" must appear together.
   */
  s?: string;
  /**
   * Only items with any of these terms of the audience_types vocabulary (field_audience_types): term ids or term names (any case), comma list. A term the vocabulary lacks is a 422.
   */
  'audience-type'?: (number | string)[];
  /**
   * Only items with any of these terms of the building_types vocabulary (field_building_types): term ids or term names (any case), comma list. A term the vocabulary lacks is a 422.
   */
  'building-type'?: (number | string)[];
  /**
   * Only items with any of these terms of the collections vocabulary (field_collections): term ids or term names (any case), comma list. A term the vocabulary lacks is a 422.
   */
  collection?: (number | string)[];
  /**
   * Only items with any of these terms of the construction_types vocabulary (field_construction_types): term ids or term names (any case), comma list. A term the vocabulary lacks is a 422.
   */
  'construction-type'?: (number | string)[];
  /**
   * Only items with any of these terms of the institutions vocabulary (field_primary_institution or field_secondary_institution): term ids or term names (any case), comma list. A term the vocabulary lacks is a 422.
   */
  institution?: (number | string)[];
  /**
   * Only items with any of these terms of the keywords vocabulary (field_keywords): term ids or term names (any case), comma list. A term the vocabulary lacks is a 422.
   */
  keyword?: (number | string)[];
  /**
   * Only items with any of these terms of the portals vocabulary (field_portal_tags): term ids or term names (any case), comma list. A term the vocabulary lacks is a 422.
   */
  portal?: (number | string)[];
  /**
   * Only items with any of these terms of the publication_types vocabulary (field_publication_type): term ids or term names (any case), comma list. A term the vocabulary lacks is a 422.
   */
  'publication-type'?: (number | string)[];
  /**
   * Only items with any of these terms of the resource_types vocabulary (field_resource_type, or field_resource_type_superset): term ids or term names (any case), comma list. A term the vocabulary lacks is a 422.
   */
  'resource-type'?: (number | string)[];
  /**
   * Only items with any of these terms of the states vocabulary (field_states): term ids or term names (any case), comma list. A term the vocabulary lacks is a 422.
   */
  state?: (number | string)[];
  /**
   * Only items with any of these terms of the tool_types vocabulary (field_tool_type, or field_resource_type_superset): term ids or term names (any case), comma list. A term the vocabulary lacks is a 422.
   */
  'tool-type'?: (number | string)[];
  /**
   * Only items with any of these terms of the topics vocabulary (field_topics): term ids or term names (any case), comma list. A term the vocabulary lacks is a 422.
   */
  topic?: (number | string)[];
  /**
   * Response format when the path has no extension.
   */
  format?: 'json' | 'xml';
  /**
   * API key (also accepted in the X-Api-Key header or as the basic-auth user name).
   */
  api_key?: string;
}
