import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RowStream, STREAM_MARK, type StreamSlot } from './rows.ts';
import type { Shape } from './shape.ts';
import { compileXml, drupalStyle, escapeXmlText, railsStyle, writeXmlDocument } from './xml.ts';

const envelope: Shape = {
  kind: 'object',
  fields: [
    { name: 'version', shape: { kind: 'string' } },
    { name: 'errors', shape: { kind: 'array', items: { kind: 'string' } } },
    { name: 'metadata', shape: { kind: 'object', fields: [] } },
    { name: 'city', shape: { kind: 'string' } },
    { name: 'intl', shape: { kind: 'object', fields: [{ name: 'id', shape: { kind: 'string' } }] } },
    { name: 'timezone', shape: { kind: 'integer' } },
    { name: 'lat', shape: { kind: 'float' } },
    { name: 'ac_monthly', shape: { kind: 'array', items: { kind: 'float' } } },
    { name: 'all_stations', shape: { kind: 'array', items: { kind: 'object', fields: [{ name: 'dataset', shape: { kind: 'string' } }] } } },
  ],
};

function document(style = railsStyle(), value: unknown): string {
  return writeXmlDocument(compileXml(envelope, style), style, 'response', value, []);
}

test("Rails to_xml: hyphenated names, typed scalars, nil, empty string, empty array, Rails' empty hash", () => {
  const xml = document(railsStyle(), {
    version: '1.3.1',
    errors: [],
    metadata: {},
    city: '',
    intl: null,
    timezone: -7,
    lat: 40,
    ac_monthly: [1.5, 2],
    all_stations: [{ dataset: 'nsrdb' }],
  });
  assert.equal(
    xml,
    [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<response>',
      '  <version>1.3.1</version>',
      '  <errors type="array"/>',
      '  <metadata>',
      '  </metadata>',
      '  <city></city>',
      '  <intl nil="true"/>',
      '  <timezone type="integer">-7</timezone>',
      '  <lat type="float">40.0</lat>',
      '  <ac-monthly type="array">',
      '    <ac-monthly type="float">1.5</ac-monthly>',
      '    <ac-monthly type="float">2.0</ac-monthly>',
      '  </ac-monthly>',
      '  <all-stations type="array">',
      '    <all-station>',
      '      <dataset>nsrdb</dataset>',
      '    </all-station>',
      '  </all-stations>',
      '</response>',
      '',
    ].join('\n'),
  );
});

test('Rails to_xml with a typed-field list types only those fields', () => {
  const xml = document(railsStyle(['response.timezone']), { timezone: -7, lat: 1.25 });
  assert.match(xml, /<timezone type="integer">-7<\/timezone>/);
  assert.match(xml, /<lat>1.25<\/lat>/);
});

test('Drupal Services: names kept, is_array lists of item, booleans 1 or empty, self-closing nulls', () => {
  const shape: Shape = {
    kind: 'object',
    fields: [],
    rest: {
      kind: 'object',
      fields: [
        { name: 'is_current', shape: { kind: 'boolean' } },
        { name: 'is_pending', shape: { kind: 'boolean' } },
        { name: 'field_topics', shape: { kind: 'any' } },
        { name: 'field_states', shape: { kind: 'any' } },
        { name: 'summary', shape: { kind: 'string' } },
      ],
    },
  };
  const xml = writeXmlDocument(
    compileXml(shape, drupalStyle),
    drupalStyle,
    'result',
    { '718': { is_current: true, is_pending: false, field_topics: { und: [{ tid: '35' }] }, field_states: [], summary: null } },
    [],
  );
  assert.equal(
    xml,
    [
      '<?xml version="1.0" encoding="utf-8"?>',
      '<result is_array="true">',
      '  <item>',
      '    <is_current>1</is_current>',
      '    <is_pending></is_pending>',
      '    <field_topics>',
      '      <und is_array="true">',
      '        <item>',
      '          <tid>35</tid>',
      '        </item>',
      '      </und>',
      '    </field_topics>',
      '    <field_states/>',
      '    <summary/>',
      '  </item>',
      '</result>',
      '',
    ].join('\n'),
  );
});

test('a RowStream becomes a mark, and its batches are written at the right depth', () => {
  const slots: StreamSlot[] = [];
  const style = railsStyle();
  const text = writeXmlDocument(compileXml(envelope, style), style, 'response', { all_stations: new RowStream((async function* () {})()) }, slots);
  assert.equal(slots.length, 1);
  assert.ok(text.includes(`<all-stations type="array">\n${STREAM_MARK}  </all-stations>`));
  assert.equal(slots[0].writeBatch([{ dataset: 'tmy3' }], true), '    <all-station>\n      <dataset>tmy3</dataset>\n    </all-station>\n');
});

test('text is escaped: & < > (quotes stay, as Builder writes them)', () => {
  assert.equal(escapeXmlText(`a & b < c > "d" 'e'`), `a &amp; b &lt; c &gt; "d" 'e'`);
});

test('carriage returns: kept raw by Rails (Builder), written &#13; by Drupal (DOMDocument)', () => {
  const shape: Shape = { kind: 'object', fields: [{ name: 'value', shape: { kind: 'string' } }] };
  const text = { value: 'a\r\nb & c' };
  assert.match(writeXmlDocument(compileXml(shape, railsStyle()), railsStyle(), 'r', text, []), /<value>a\r\nb &amp; c<\/value>/);
  assert.match(writeXmlDocument(compileXml(shape, drupalStyle), drupalStyle, 'r', text, []), /<value>a&#13;\nb &amp; c<\/value>/);
});

test('characters XML 1.0 cannot carry become U+FFFD in both dialects; every other character stays', async () => {
  const { SaxesParser } = await import('saxes');
  const wellFormedText = (xml: string): string => {
    const parser = new SaxesParser();
    let text = '';
    parser.on('text', (chunk) => (text += chunk));
    parser.write(xml).close();
    return text;
  };
  const shape: Shape = { kind: 'object', fields: [{ name: 'value', shape: { kind: 'string' } }] };
  // Each C0 control, DEL and C1 (allowed), U+FFFE, U+FFFF, both unpaired surrogates, a paired one (allowed), U+FFFD itself.
  const controls = Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)).join('');
  const value = `${controls}\u007f\u0085\ufffe\uffff\ud800x\udc00\u{1f600}\ufffd`;
  const expected = `${'\ufffd'.repeat(9)}\t\n${'\ufffd'.repeat(2)}\r${'\ufffd'.repeat(18)}\u007f\u0085\ufffd\ufffd\ufffdx\ufffd\u{1f600}\ufffd`;
  // A parser reads Rails' raw carriage return as a newline (XML 1.0 §2.11); Drupal writes it as &#13;.
  for (const [style, read] of [
    [railsStyle(), expected.replace('\r', '\n')],
    [drupalStyle, expected],
  ] as const) {
    const xml = writeXmlDocument(compileXml(shape, style), style, 'r', { value }, []);
    assert.equal(wellFormedText(xml).trim(), read.trim(), style.declaration);
  }
});
