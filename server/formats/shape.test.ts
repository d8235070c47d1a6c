import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { JsonSchema } from '../../schemas/json-schema.ts';
import { compileJson } from './json.ts';
import { formatFloatDigits } from './numbers.ts';
import { shapeOf } from './shape.ts';
import { compileXml, railsStyle, writeXmlDocument } from './xml.ts';

// PVWatts v8's inputs echo: strings, except a `|` list, echoed as an array of floats (its documentation's example)
const inputs: JsonSchema = {
  type: 'object',
  additionalProperties: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'number' } }] },
};
const noLookup = () => undefined;

test('a value of one of several JSON types is written by its own type’s schema, in JSON and XML', () => {
  const shape = shapeOf(inputs, noLookup);
  assert.equal(shape.kind, 'object');
  const value = { tilt: '10', soiling: [12, 12.54, 0], albedo: '0.3' };
  assert.equal(compileJson(shape)(value, []), '{"tilt":"10","soiling":[12.0,12.54,0.0],"albedo":"0.3"}');
  const style = railsStyle();
  assert.equal(
    writeXmlDocument(compileXml(shape, style), style, 'inputs', value, []),
    [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<inputs>',
      '  <tilt>10</tilt>',
      '  <soiling type="array">',
      '    <soiling type="float">12.0</soiling>',
      '    <soiling type="float">12.54</soiling>',
      '    <soiling type="float">0.0</soiling>',
      '  </soiling>',
      '  <albedo>0.3</albedo>',
      '</inputs>',
      '',
    ].join('\n'),
  );
});

test('x-json-digits: JSON writes that many significant digits, XML the shortest round-trip text', () => {
  const schema: JsonSchema = {
    type: 'object',
    properties: { ac_monthly: { type: 'array', items: { type: 'number', 'x-json-digits': 16 } }, tz: { type: 'number', 'x-json-digits': 16 } },
  };
  const shape = shapeOf(schema, noLookup);
  const value = { ac_monthly: [321.32715156216915, 144.41773091741], tz: -7 };
  assert.equal(compileJson(shape)(value, []), '{"ac_monthly":[321.3271515621691,144.41773091741],"tz":-7.0}');
  const style = railsStyle();
  const xml = writeXmlDocument(compileXml(shape, style), style, 'response', value, []);
  assert.match(xml, /<ac-monthly type="float">321\.32715156216915<\/ac-monthly>/);
  assert.match(xml, /<tz type="float">-7\.0<\/tz>/);
  // a year of hourly doubles (the long arrays' own writer): the same text as each value's alone
  const hourly = Float64Array.from({ length: 8760 }, (_, i) => (i % 3 === 0 ? 0 : Math.sin(i) * 4321.123456789));
  const written = compileJson(shape)({ ac_monthly: hourly, tz: 0 }, []);
  assert.equal(written, `{"ac_monthly":[${Array.from(hourly, (item) => formatFloatDigits(item, 16)).join(',')}],"tz":0.0}`);
});
