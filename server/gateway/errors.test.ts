import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SaxesParser } from 'saxes';
import { gatewayBody } from './errors.ts';

test('the XML and HTML templates replace what XML cannot carry, and escape markup', () => {
  const message = 'Contact us at https://example.test/\u0001\ufffe\ud800/<contact>/ & more';
  for (const format of ['xml', 'html'] as const) {
    const body = gatewayBody(format, 'OVER_RATE_LIMIT', message);
    let text = '';
    const parser = new SaxesParser();
    parser.on('text', (chunk) => (text += chunk));
    parser.write(body).close();
    assert.ok(text.includes('Contact us at https://example.test/\ufffd\ufffd\ufffd/<contact>/ & more'), format);
  }
});
