/* Generated from schemas/ by `npm run types` (json-schema-to-typescript). Do not edit. */

/**
 * Drupal 7 field values as the commercial building resources service writes them (Drupal 7 Services over node_load): every field is either [] (empty: PHP's empty array) or {"und":[item, ...]} (one array per language key; the service only uses und). Scalars are strings ("tid":"157"), as Drupal reads them from MySQL. The $defs here are shared by the resource, event and vocabulary term schemas; this root only names the common wrapper.
 */
export type BuildingFields =
  | Empty
  | {
      /**
       * @minItems 1
       */
      und: [unknown, ...unknown[]];
    };
/**
 * An empty field: PHP's empty array, written [] in JSON and as a self-closing element in XML.
 *
 * @maxItems 0
 */
export type Empty = [];
