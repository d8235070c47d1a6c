import assert from 'node:assert/strict';
import { test } from 'node:test';
import { jsonpCallback } from './negotiate.ts';

const EVENTS = '/api/schemas/params/building-events.params.schema.json';
const PVWATTS = '/api/schemas/params/pvwatts-v6.params.schema.json';
const STATIONS = '/api/schemas/params/fuel-stations-list.params.schema.json';

/** A query as Express's simple parser makes it: an object without a prototype. */
const query = (entries: Record<string, string | string[]>) => Object.assign(Object.create(null) as Record<string, unknown>, entries);

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
