import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { propertiesOf } from '../schemas/registry.ts';
import type { JsonSchema } from '../schemas/json-schema.ts';
import { fuelStationMessage } from './endpoints/fuel-stations-messages.ts';
import { acceptedParam, jsonpCallback, listSeparatorOf, parseParams, parsePathParams } from './params.ts';

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

interface Bounded {
  param: string;
  integer: boolean;
  commaList: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

/** Every numeric parameter (or list item, or numeric branch of an anyOf) of a schema, with the range it states. */
function numericParameters(schemaId: string): Bounded[] {
  const found: Bounded[] = [];
  for (const [param, property] of Object.entries(propertiesOf(schemaId))) {
    const commaList = listSeparatorOf(property) !== undefined;
    const value = (commaList ? property.items : property) as JsonSchema;
    for (const branch of [value, ...((value.anyOf ?? []) as JsonSchema[])]) {
      const types = ([] as unknown[]).concat(branch.type ?? []);
      if (!types.includes('integer') && !types.includes('number')) continue;
      if (branch.enum) continue;
      const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = branch as Record<string, number | undefined>;
      found.push({ param, integer: types.includes('integer'), commaList, minimum, maximum, exclusiveMinimum, exclusiveMaximum });
    }
  }
  return found;
}

describe('every numeric parameter holds the range its schema states: its bounds pass, one step beyond is an issue', () => {
  for (const schemaId of paramSchemas) {
    test(schemaId, () => {
      for (const bounded of numericParameters(schemaId)) {
        const step = (bound: number) => (bounded.integer ? 1 : Math.max(1e-6, Math.abs(bound) * 1e-9));
        const issuesFor = (value: number) =>
          parseParams(schemaId, query({ [bounded.param]: String(value) })).issues.filter((issue) => issue.param === bounded.param);
        const inside: number[] = [];
        const outside: number[] = [];
        if (bounded.minimum !== undefined) {
          inside.push(bounded.minimum);
          outside.push(bounded.minimum - step(bounded.minimum));
        }
        if (bounded.maximum !== undefined) {
          inside.push(bounded.maximum);
          outside.push(bounded.maximum + step(bounded.maximum));
        }
        if (bounded.exclusiveMinimum !== undefined) outside.push(bounded.exclusiveMinimum);
        if (bounded.exclusiveMaximum !== undefined) outside.push(bounded.exclusiveMaximum);
        // Without an upper bound, any finite number is in range: nothing may refuse (or choke on) a huge one.
        if (bounded.maximum === undefined && bounded.exclusiveMaximum === undefined) inside.push(1e20);
        for (const value of inside) assert.deepEqual(issuesFor(value), [], `${bounded.param}=${value} is in range`);
        for (const value of outside) {
          const issues = issuesFor(value);
          assert.equal(issues.length, 1, `${bounded.param}=${value} is out of range`);
          assert.equal(issues[0].value, String(value), `${bounded.param}=${value}: the message quotes the value as given`);
        }
      }
    });
  }

  test('ids and pages that a 32-bit column or a LIMIT could not take are out of range', () => {
    const list = '/api/schemas/params/fuel-stations-list.params.schema.json';
    const nearest = '/api/schemas/params/fuel-stations-nearest.params.schema.json';
    const messages = (schemaId: string, entries: Record<string, string>) => parseParams(schemaId, query(entries)).issues.map(fuelStationMessage);
    assert.deepEqual(messages(list, { federal_agency_id: '3,2147483648' }), [
      "The 'federal_agency_id' parameter must be between 1 and 2147483647 (got '2147483648').",
    ]);
    assert.deepEqual(messages(list, { limit: '99999999999999999999' }), [
      "The 'limit' parameter has an invalid value '99999999999999999999': The most stations to return: an integer from 1 to 2147483647, or all.",
    ]);
    assert.deepEqual(messages(nearest, { offset: '99999999999999999999' }), [
      "The 'offset' parameter must be between 0 and 2147483647 (got '99999999999999999999').",
    ]);
  });
});

describe('path parameters are read as query parameters are, against the schemas an endpoint declares for them', () => {
  const station = { id: { type: 'integer', minimum: 1, maximum: 999_999_999 } };
  test('a plain integer in range is its value; other path parameters (the extension) are not read', () => {
    assert.deepEqual(parsePathParams(station, { id: '81', ext: 'json' }), { values: { id: 81 }, issues: [] });
    assert.deepEqual(parsePathParams(station, { id: '000000081' }).values, { id: 81 });
  });
  test('anything else is an issue of the parameter', () => {
    const kinds = (id: string) => parsePathParams(station, { id }).issues.map((issue) => `${issue.param} ${issue.kind}`);
    for (const id of ['0', '1000000000']) assert.deepEqual(kinds(id), ['id range'], id);
    for (const id of ['abc', '1e3', '8.1', '0x51', ' 81', 'toString']) assert.deepEqual(kinds(id), ['id type'], id);
    assert.deepEqual(parsePathParams(station, {}).issues, [{ param: 'id', kind: 'required' }]);
  });
});

test('acceptedParam: one parameter as parsed when given once and valid, whatever the others', () => {
  const pvwatts = '/api/schemas/params/pvwatts-v6.params.schema.json';
  assert.equal(acceptedParam(pvwatts, 'tilt', query({ tilt: '20', lat: 'x' })), 20);
  assert.equal(acceptedParam(pvwatts, 'tilt', query({ tilt: '100' })), undefined);
  assert.equal(acceptedParam(pvwatts, 'tilt', query({ tilt: ['20', '20'] })), undefined);
  assert.equal(acceptedParam(pvwatts, 'tilt', query({})), undefined);
});

const EVENTS = '/api/schemas/params/building-events.params.schema.json';
const PVWATTS = '/api/schemas/params/pvwatts-v6.params.schema.json';
const STATIONS = '/api/schemas/params/fuel-stations-list.params.schema.json';

test('JSONP: a JSON or JSONP answer is wrapped in a callback the endpoint takes and its schema accepts', () => {
  assert.equal(jsonpCallback('json', EVENTS, query({ callback: 'app.show_$1' })), 'app.show_$1');
  assert.equal(jsonpCallback('jsonp', EVENTS, query({ callback: 'cb' })), 'cb');
  // the other parameters' problems are the endpoint's 422, which the callback wraps too
  assert.equal(jsonpCallback('json', PVWATTS, query({ callback: 'cb', tilt: '100' })), 'cb');
});

test('JSONP: nothing is wrapped in XML, by an endpoint that takes no callback, or in a callback given badly', () => {
  assert.equal(jsonpCallback('xml', EVENTS, query({ callback: 'cb' })), undefined);
  assert.equal(jsonpCallback('json', STATIONS, query({ callback: 'cb' })), undefined);
  assert.equal(jsonpCallback('json', undefined, query({ callback: 'cb' })), undefined);
  assert.equal(jsonpCallback('json', EVENTS, query({})), undefined);
  for (const callback of ['', '1cb', 'alert(1)', `a${'b'.repeat(64)}`, ['cb', 'cb']]) {
    assert.equal(jsonpCallback('json', PVWATTS, query({ callback })), undefined, String(callback));
  }
});
