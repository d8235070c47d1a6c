/* Generated from schemas/ by `npm run types` (json-schema-to-typescript). Do not edit. */

/**
 * The gateway's error (403 key errors, 429 over rate limit, 404 unknown path) in JSON form.
 */
export interface GatewayError {
  error: {
    code:
      | 'API_KEY_MISSING'
      | 'API_KEY_INVALID'
      | 'API_KEY_DISABLED'
      | 'OVER_RATE_LIMIT'
      | 'NOT_FOUND'
      | 'BAD_REQUEST'
      | 'INTERNAL_SERVER_ERROR';
    message: string;
  };
}
