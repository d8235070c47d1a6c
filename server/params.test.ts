import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { parseParams } from './params.ts';

const paramSchemas = readdirSync(join(import.meta.dirname, '..', 'schemas', 'params')).map((file) => `/api/schemas/params/${file}`);

/** A query as Express's simple parser makes it: an object without a prototype. */
function query(entries: Record<string, string | string[]>): Record<string, unknown> {
  return Object.assign(Object.create(null) as Record<string, unknown>, entries);
}

// Every name Object.prototype answers to, and the names that change an object's prototype.
const prototypeNames = [...Object.getOwnPropertyNames(Object.prototype), 'prototype', '__defineGetter__'];

describe('parameters named like Object.prototype members are parameters the schema does not name', () => {
  for (const schemaId of paramSchemas) {
    test(schemaId, () => {
      const bare = parseParams(schemaId, query({}));
      for (const name of prototypeNames) {
        const parsed = parseParams<Record<string, unknown>>(schemaId, query({ [name]: '1' }));
        assert.deepEqual(parsed.issues, bare.issues, name);
        assert.deepEqual(parsed.values, bare.values, name);
        assert.equal(Object.getPrototypeOf(parsed.values), Object.prototype, name);
        const repeated = parseParams(schemaId, query({ [name]: ['1', '2'] }));
        assert.deepEqual(repeated.issues, bare.issues, `${name} repeated`);
      }
    });
  }
});
