// The JSON syntax-error locator agrees with JSON.parse on what is JSON, and puts the error where
// the damage is.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { jsonSyntaxErrorOffset, parseJsonSource } from './json-text.ts';
import type { SourceFileError } from './source-file.ts';

const parses = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

test('the locator finds an error exactly when JSON.parse fails: on valid JSON and on JSON with one character inserted, dropped or cut off (property)', () => {
  const damaged = fc
    .tuple(fc.json(), fc.nat(), fc.constantFrom('insert', 'delete', 'cut'), fc.constantFrom(',', '"', '}', ']', ':', 'x', '\n', '0', '-', '{', '[', ' '))
    .map(([text, at, how, char]) => {
      const position = text.length === 0 ? 0 : at % text.length;
      if (how === 'insert') return text.slice(0, position) + char + text.slice(position);
      if (how === 'delete') return text.slice(0, position) + text.slice(position + 1);
      return text.slice(0, position);
    });
  fc.assert(
    fc.property(fc.oneof(fc.json(), damaged), (text) => {
      const offset = jsonSyntaxErrorOffset(text);
      assert.equal(offset === undefined, parses(text), `${JSON.stringify(text)}: offset ${offset}`);
      if (offset !== undefined) assert.ok(offset <= text.length);
    }),
    { numRuns: 2_000, seed: 7 },
  );
});

test("a syntax error is reported at its line, without V8's quote of the text", () => {
  assert.throws(
    () => parseJsonSource('{\n  "a": 1,\n  "b": tru\n}', 'x.json'),
    (error: SourceFileError) =>
      (error.issue.line === 3 && error.issue.reason === 'not valid JSON: Unexpected character "t"; nothing of the file is read') ||
      assert.fail(JSON.stringify(error.issue)),
  );
  assert.throws(
    () => parseJsonSource('[1,\r\n2,\r\n', 'y.json'),
    (error: SourceFileError) => error.issue.line === 3 || assert.fail(JSON.stringify(error.issue)),
  );
});
