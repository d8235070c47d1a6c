import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { colOrNaN, colOrNaNOrUnreadable, FieldSplitter, leadingInteger, LineReader, splitFields, trimBoth } from './fields.ts';
import { WeatherFileError } from './weather-data.ts';

function fieldsOf(line: string): string[] {
  const splitter = new FieldSplitter();
  const count = splitter.split(line, 0, line.length);
  return Array.from({ length: count }, (_, i) => line.slice(splitter.starts[i], splitter.ends[i]));
}

function colOrNaNOf(field: string): number | undefined {
  return colOrNaNOrUnreadable(field, 0, field.length);
}

describe('field splitting (ssc split)', () => {
  it('cuts at every comma, keeps quotes and drops only a final empty piece', () => {
    assert.deepEqual(fieldsOf('a,b,'), ['a', 'b']);
    assert.deepEqual(fieldsOf('a,,b'), ['a', '', 'b']);
    assert.deepEqual(fieldsOf('a,,,'), ['a', '', '']);
    assert.deepEqual(fieldsOf(''), []);
    assert.deepEqual(fieldsOf('703165,"SAND, POINT",AK'), ['703165', '"SAND', ' POINT"', 'AK']);
    assert.deepEqual(fieldsOf('1,2\r'), ['1', '2\r']);
    assert.deepEqual(splitFields('a,b,'), ['a', 'b']);
    assert.deepEqual(splitFields('a,,b'), ['a', '', 'b']);
  });

  it('handles lines with more fields than its initial capacity', () => {
    const line = Array.from({ length: 300 }, (_, i) => String(i)).join(',');
    const fields = fieldsOf(line);
    assert.equal(fields.length, 300);
    assert.equal(fields[299], '299');
  });

  it('only splits inside the given range', () => {
    const splitter = new FieldSplitter();
    const text = 'x,y\n1,2,3\nz';
    assert.equal(splitter.split(text, 4, 9), 3);
    assert.equal(text.slice(splitter.starts[2], splitter.ends[2]), '3');
  });
});

describe('trimming (ssc trimboth)', () => {
  it('removes spaces and tabs in front, and spaces, tabs, CR and LF at the end', () => {
    assert.equal(trimBoth(' \tLatitude \r\n'), 'Latitude');
    assert.equal(trimBoth('\rx'), '\rx');
  });
});

describe('col_or_nan', () => {
  it('gives NaN for fields without a decimal digit', () => {
    assert.ok(Number.isNaN(colOrNaNOf('')));
    assert.ok(Number.isNaN(colOrNaNOf('-')));
    assert.ok(Number.isNaN(colOrNaNOf('N/A')));
  });

  it('reads a leading number and ignores the rest', () => {
    assert.equal(colOrNaNOf('12.5abc'), 12.5);
    assert.equal(colOrNaNOf('273\r'), 273);
    assert.equal(colOrNaNOf('1e3'), 1000);
    assert.equal(colOrNaNOf('2.5e'), 2.5);
  });

  it('drops a non-digit first character and negates for a minus sign (the .5 → 5 quirk)', () => {
    assert.equal(colOrNaNOf('+5'), 5);
    assert.equal(colOrNaNOf('-9900'), -9900);
    assert.ok(Object.is(colOrNaNOf('-0.00'), -0));
    assert.equal(colOrNaNOf('.5'), 5);
    assert.equal(colOrNaNOf('-.5'), -0.5);
    assert.equal(colOrNaNOf('?7'), 7);
  });

  it('rounds to single precision', () => {
    assert.equal(colOrNaNOf('33.433333'), 33.43333435058594);
    assert.equal(colOrNaNOf('-112.016667'), -112.01667022705078);
    assert.equal(colOrNaNOf('0.1234567890123456789'), Math.fround(Number('0.1234567890123456789')));
  });

  it('reports a field that stof cannot read as unreadable, and as an error of its line', () => {
    assert.equal(colOrNaNOf('a b1'), undefined);
    const lines = new LineReader('f.csv', 'x,a b1\n');
    lines.next();
    assert.throws(
      () => colOrNaN(lines, 2, 6),
      (error: unknown) => error instanceof WeatherFileError && error.line === 1 && /a b1/.test(error.message),
    );
  });
});

describe('leading integers (atoi)', () => {
  it('reads sign and digits after white space, 0 when there are none', () => {
    assert.equal(leadingInteger(' 07/', 0, 4), 7);
    assert.equal(leadingInteger('-12x', 0, 4), -12);
    assert.equal(leadingInteger('x', 0, 1), 0);
    assert.equal(leadingInteger('17:00', 0, 5), 17);
  });
});

describe('LineReader', () => {
  it('follows getline (a final unterminated line counts, nothing follows a final line ending), lines ending at LF, CRLF or a lone CR', () => {
    const lines = new LineReader('f', 'a\r\nb\nc\rd\r\r\ne');
    const seen: string[] = [];
    while (lines.next()) seen.push(`${lines.lineNumber}:${lines.line()}:${lines.terminated}`);
    assert.deepEqual(seen, ['1:a:true', '2:b:true', '3:c:true', '4:d:true', '5::true', '6:e:false']);
    for (const text of ['a\n', 'a\r\n', 'a\r']) {
      const terminated = new LineReader('f', text);
      assert.ok(terminated.next());
      assert.equal(terminated.line(), 'a');
      assert.ok(terminated.terminated);
      assert.ok(!terminated.next());
    }
  });

  it('counts the remaining lines up to the first empty one, whatever the line endings', () => {
    const lines = new LineReader('f', 'h\n1\n2\n\n3\n');
    lines.next();
    assert.equal(lines.countRemainingUntilEmpty(), 2);
    const mixed = new LineReader('f', 'h\r\n1\r2\n3\r\n\r\n4\n');
    mixed.next();
    assert.equal(mixed.countRemainingUntilEmpty(), 3);
    assert.ok(mixed.next());
    assert.equal(mixed.line(), '1');
  });
});
