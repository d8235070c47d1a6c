import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Issue } from '../issues.ts';
import { assertText, decodeByteOrder, SourceFileError, sourceText } from './source-file.ts';

const TEXT = 'ID,Name\r\n1,Café\n2,東京 🚉\r\n';

function fails(pattern: RegExp, line: number) {
  return (error: unknown) => error instanceof SourceFileError && error.issue.line === line && pattern.test(error.issue.reason);
}

describe('decodeByteOrder', () => {
  it('decodes UTF-16LE and UTF-16BE by their byte-order mark to the same UTF-8 text, with a note', () => {
    const little = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(TEXT, 'utf16le')]);
    const big = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(TEXT, 'utf16le').swap16()]);
    for (const [bytes, encoding] of [
      [little, 'UTF-16LE'],
      [big, 'UTF-16BE'],
    ] as const) {
      const notes: Issue[] = [];
      assert.equal(decodeByteOrder(bytes, 'f.csv', notes).toString('utf8'), TEXT);
      assert.deepEqual(notes, [{ file: 'f.csv', reason: `read as ${encoding} (its byte-order mark says so)` }]);
    }
  });

  it('drops a UTF-8 byte-order mark without a note (so a JSON file saved with one parses)', () => {
    const notes: Issue[] = [];
    const bytes = decodeByteOrder(Buffer.from('\uFEFF{"a":1}', 'utf8'), 'f.json', notes);
    assert.deepEqual(JSON.parse(sourceText(bytes, 'f.json')), { a: 1 });
    assert.deepEqual(notes, []);
  });

  it('returns other bytes as they are', () => {
    const latin1 = Buffer.from('ID\nCaf\xe9\n', 'latin1');
    assert.equal(decodeByteOrder(latin1, 'f.csv'), latin1);
  });

  it('refuses UTF-16 without a byte-order mark naming the encoding, little- or big-endian', () => {
    const little = Buffer.from(TEXT, 'utf16le');
    assert.throws(() => decodeByteOrder(little, 'f.csv'), fails(/^UTF-16LE text without a byte-order mark: save it as UTF-8/, 1));
    assert.throws(() => decodeByteOrder(Buffer.from(little).swap16(), 'f.csv'), fails(/^UTF-16BE text without a byte-order mark/, 1));
  });

  it('leaves binary data and text with a stray NUL to be refused as binary data, at the NUL', () => {
    const zip = Buffer.from('504b0304140006000a0800000021b29d1a22ee0100000a8b05', 'hex');
    assert.equal(decodeByteOrder(zip, 'f.csv'), zip);
    assert.throws(() => assertText(zip, 'f.csv'), fails(/^binary data/, 1));
    const stray = Buffer.from('a,b\r\nc\0,d\r\n', 'latin1');
    assert.throws(() => assertText(decodeByteOrder(stray, 'f.csv'), 'f.csv'), fails(/^binary data/, 2));
  });

  it('refuses bytes that are not the UTF-16 their mark says, at the line of the damage', () => {
    // A lone high surrogate on line 3.
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('a\r\nb\n', 'utf16le'), Buffer.from([0x00, 0xd8]), Buffer.from('c\n', 'utf16le')]);
    assert.throws(() => decodeByteOrder(bytes, 'f.csv'), fails(/^is not UTF-16LE text, which its byte-order mark says it is/, 3));
  });
});
