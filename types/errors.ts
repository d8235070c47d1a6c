/* Generated from schemas/ by `npm run types` (json-schema-to-typescript). Do not edit. */

/**
 * An endpoint's error response (422, 404): what is wrong, one message per problem.
 */
export interface ErrorList {
  /**
   * @minItems 1
   */
  errors: [string, ...string[]];
}
