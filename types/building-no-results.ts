/* Generated from schemas/ by `npm run types` (json-schema-to-typescript). Do not edit. */

/**
 * What the resources and events endpoints answer when nothing matches: Drupal returns an empty PHP array, which json_encode writes [] (not {}) and the XML formatter writes <result/>.
 *
 * @maxItems 0
 */
export type BuildingNoResults = [];
