import assert from 'node:assert/strict';
import { test } from 'node:test';
import { redactUrl } from './log.ts';

test('redactUrl drops every api_key parameter, however encoded, and keeps the rest as sent', () => {
  const key = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789AbCd';
  const cases: Array<[string, string]> = [
    ['/api/x.json', '/api/x.json'],
    [`/api/x.json?api_key=${key}`, '/api/x.json'],
    [`/api/x.json?location=80203&api_key=${key}&limit=2`, '/api/x.json?location=80203&limit=2'],
    [`/api/x.json?api_key=${key}&api_key=${key}`, '/api/x.json'],
    [`/api/x.json?api%5Fkey=${key}&a=1`, '/api/x.json?a=1'],
    [`/api/x.json?api%5fkey=${key}`, '/api/x.json'],
    ['/api/x.json?api_key', '/api/x.json'],
    ['/api/x.json?api_key=&state=CA', '/api/x.json?state=CA'],
    ['/api/x.json?api_keys=1&my_api_key=2', '/api/x.json?api_keys=1&my_api_key=2'],
    ['/api/x.json?bad=%E0%A4%A&api_key=k', '/api/x.json?bad=%E0%A4%A'],
    ['/api/x.json?q=a+b&api_key=k#frag', '/api/x.json?q=a+b'],
    // A client that put the query in the path (seen in the wild: `nearest.json/api_key=KEY&fuel_type=ELEC`).
    [`/api/x/nearest.json/api_key=${key}&fuel_type=ELEC`, '/api/x/nearest.json/api_key=&fuel_type=ELEC'],
    // Names the gateway does not take, but that still carry a key: any case, separator, stray byte or width.
    [`/api/x.json?API_KEY=${key}&a=1`, '/api/x.json?a=1'],
    [`/api/x.json?api_key%00=${key}`, '/api/x.json'],
    [`/api/x.json?Api-Key=${key}&apiKey=${key}&api+key=${key}&api.key=${key}`, '/api/x.json'],
    [`/api/x.json?%EF%BC%A1%EF%BC%B0%EF%BC%A9_key=${key}`, '/api/x.json'],
    [`/api/x.json?%20api_key%0A=${key}&limit=1`, '/api/x.json?limit=1'],
    [`/api/x/nearest.json/API-KEY=${key}`, '/api/x/nearest.json/API-KEY='],
  ];
  for (const [url, expected] of cases) assert.equal(redactUrl(url), expected, url);
});
