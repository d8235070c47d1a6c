/* Generated from schemas/ by `npm run types` (json-schema-to-typescript). Do not edit. */

/**
 * Query parameters of GET /api/commercial-building-resources/v1/events.{json,jsonp,xml} (also without v1). An empty parameter is ignored.
 */
export interface BuildingEventsParameters {
  /**
   * Only items with any of these terms of the portals vocabulary (field_portal_tags): term ids or term names (any case), comma list. A term the vocabulary lacks is a 422.
   */
  portal?: (number | string)[];
  /**
   * upcoming: events starting now or later; past: events that started before now (field_event_date's first value, UTC). Absent: every event.
   */
  scope?: 'upcoming' | 'past';
  /**
   * JSONP: the name of the JavaScript function to call with the JSON (letters, digits, _, $ and dots, not starting with a digit; at most 64 characters).
   */
  callback?: string;
  /**
   * Response format when the path has no extension.
   */
  format?: 'json' | 'jsonp' | 'xml';
  /**
   * API key (also accepted in the X-Api-Key header or as the basic-auth user name).
   */
  api_key?: string;
}
