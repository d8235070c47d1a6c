// The hostile suite's own machinery, on answers made by hand: each checker rejects the broken case it
// is there for (a suite whose checks cannot fail would pass a broken server), and the URLs carry the
// exact bytes we mean.
import assert from 'node:assert/strict';
import { parse as parseQuery } from 'node:querystring';
import { describe, test } from 'node:test';
import {
  answerProblems,
  csvProblem,
  nsrdbFileProblem,
  gatewayFormat,
  jsonpProblem,
  jsonProblem,
  kmlProblem,
  requestedFormat,
  xmlProblem,
  type Answer,
  type Expectation,
} from './checks.ts';
import type { HostileRequest } from './generate.ts';
import { curlCommand, groupKey, minimize, type Failure } from './report.ts';
import { encodeBytes, encodeText, queryString } from './url.ts';

const utf8 = (text: string) => new TextEncoder().encode(text);
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

describe('xmlProblem (saxes, strict XML 1.0)', () => {
  test('accepts a well-formed document, escapes, and the three control characters XML allows', () => {
    assert.equal(
      xmlProblem(`${XML_DECLARATION}<response>\n  <a type="integer">1</a>\n  <b>&amp;&lt;&#233;\t\r\n</b>\n  <c nil="true"/>\n</response>\n`),
      undefined,
    );
  });

  test('rejects every character XML 1.0 does not allow: C0 controls, U+FFFE, U+FFFF, lone surrogates, and references to them', () => {
    for (const code of [0x01, 0x08, 0x0b, 0x0c, 0x1f]) {
      const problem = xmlProblem(`${XML_DECLARATION}<lat>${String.fromCharCode(code)}</lat>`);
      assert.match(problem?.cause ?? '', /not well-formed/, `U+${code.toString(16).padStart(4, '0')}`);
    }
    for (const text of ['\uFFFE', '\uFFFF', '\uD800', 'a\uDC00b', '&#1;', '&#xFFFE;']) {
      assert.ok(xmlProblem(`${XML_DECLARATION}<lat>${text}</lat>`), JSON.stringify(text));
    }
  });

  test('rejects broken structure: unclosed or crossed elements, no root, a raw &, text after the root', () => {
    for (const body of ['<a><b></a>', '<a>', '', `${XML_DECLARATION}`, '<a>&</a>', '<a/>trailing', '<a/><b/>']) {
      assert.ok(xmlProblem(body), JSON.stringify(body));
    }
  });

  test('says where: the position and the characters around it', () => {
    const problem = xmlProblem(`${XML_DECLARATION}<response>\n  <lat>\u0001</lat>\n</response>`)!;
    assert.match(problem.detail!, /^3:\d+ .*\\u0001/);
  });
});

describe('kmlProblem (saxes with namespaces, and the order of KML 2.2’s schema)', () => {
  const kml = (document: string) => `${XML_DECLARATION}<kml xmlns="http://www.opengis.net/kml/2.2"><Document>${document}</Document></kml>\n`;
  const placemark =
    '<Placemark><name>A &amp; B</name><ExtendedData><Data name="id"><value>1</value></Data><Data name="zip"><value/></Data></ExtendedData>' +
    '<Point><coordinates>-105.0,39.5</coordinates></Point></Placemark>';

  test('accepts a Document of Placemarks, its own ExtendedData first', () => {
    assert.equal(kmlProblem(kml(`<ExtendedData><Data name="total_results"><value>2</value></Data></ExtendedData>${placemark}${placemark}`)), undefined);
    assert.equal(kmlProblem(kml('')), undefined);
  });

  test('rejects what is not well-formed, as xmlProblem does', () => {
    assert.equal(kmlProblem(kml('<Placemark><name>\u0001</name></Placemark>'))?.cause, 'XML is not well-formed: disallowed character.');
    assert.match(kmlProblem(kml('<Placemark>'))?.cause ?? '', /not well-formed/);
  });

  test('rejects another root, another namespace, an element KML does not allow there, the wrong order, a Data without its value', () => {
    const cases: Array<[string, string]> = [
      [`${XML_DECLARATION}<response/>`, 'KML: an element outside the KML 2.2 namespace'],
      [`${XML_DECLARATION}<kml xmlns="http://www.opengis.net/kml/2.2"><response/></kml>`, 'KML: an element where KML 2.2 allows none of its kind'],
      [`${XML_DECLARATION}<k:Document xmlns:k="http://www.opengis.net/kml/2.2"/>`, 'KML: the root element is not kml'],
      [`${XML_DECLARATION}<kml xmlns="http://earth.google.com/kml/2.1"><Document/></kml>`, 'KML: an element outside the KML 2.2 namespace'],
      [kml('<Placemark><Point><coordinates>1,2</coordinates></Point><ExtendedData/></Placemark>'), 'KML: an element out of the order KML 2.2 requires'],
      [kml(`${placemark}<ExtendedData/>`), 'KML: an element out of the order KML 2.2 requires'],
      [kml('<Placemark><name>x<b>y</b></name></Placemark>'), 'KML: an element where KML 2.2 allows none of its kind'],
      [kml('<Placemark><ExtendedData><Data name="id"></Data></ExtendedData></Placemark>'), 'KML: a Data without its value'],
    ];
    for (const [body, cause] of cases) assert.equal(kmlProblem(body)?.cause, cause, body);
  });
});

describe('jsonProblem and jsonpProblem', () => {
  test('JSON: parses or says why not', () => {
    assert.equal(jsonProblem('{"errors":["x"]}'), undefined);
    assert.equal(jsonProblem('{"errors":["x"]')?.cause, 'JSON does not parse');
    assert.equal(jsonProblem('')?.cause, 'JSON does not parse');
  });

  test('JSONP: the callback asked for, around JSON, with the semicolon', () => {
    assert.equal(jsonpProblem('cb.x({"a":1});', 'cb.x'), undefined);
    assert.equal(jsonpProblem('other({"a":1});', 'cb')?.cause, 'JSONP calls another function than the callback parameter');
    assert.equal(jsonpProblem('cb({"a":1})', 'cb')?.cause, 'JSONP is not callback(<JSON>);');
    assert.equal(jsonpProblem('1cb({"a":1});', undefined)?.cause, 'JSONP is not callback(<JSON>);');
    assert.equal(jsonpProblem('cb({"a":);', 'cb')?.cause, 'JSONP: JSON does not parse');
  });
});

describe('nsrdbFileProblem: the metadata and the data, each strict CSV of its own column count', () => {
  const metadata = 'Source,Location ID,Latitude\nNSRDB,149190,40.01\n';
  test('accepts data with fewer columns than the metadata', () => {
    assert.equal(nsrdbFileProblem(`${metadata}Year,GHI\n2020,0\n`), undefined);
  });
  test('rejects ragged metadata, ragged data, and a file without its two metadata lines', () => {
    assert.match(nsrdbFileProblem('Source,Location ID,Latitude\nNSRDB,149190\nYear,GHI\n2020,0\n')!.cause, /^NSRDB metadata: .*INCONSISTENT_FIELDS_LENGTH/);
    assert.match(nsrdbFileProblem(`${metadata}Year,GHI\n2020,0,1\n`)!.cause, /^NSRDB data: .*INCONSISTENT_FIELDS_LENGTH/);
    assert.equal(nsrdbFileProblem('Source,Location ID\n')!.cause, 'NSRDB file without its two metadata lines');
  });
});

describe('csvProblem (csv-parse, strict)', () => {
  test('accepts a header with rows of as many columns, quoted fields with commas, quotes and newlines', () => {
    assert.equal(csvProblem('ID,Name\n1,"a, ""b""\nc"\n2,\n'), undefined);
  });

  test('rejects rows of another column count, an unclosed quote, a stray quote, and an empty body', () => {
    assert.match(csvProblem('a,b\n1,2,3\n')!.cause, /INCONSISTENT_FIELDS_LENGTH/);
    assert.match(csvProblem('a,b\n"1,2\n')!.cause, /QUOTE_NOT_CLOSED/);
    assert.match(csvProblem('a,b\n1"x",2\n')!.cause, /CSV does not parse/);
    assert.equal(csvProblem('')!.cause, 'CSV is empty: not even a header');
  });
});

describe('answerProblems', () => {
  const json = { 'application/json': {} };
  const xml = { 'application/xml': {} };
  const responses = {
    '200': { content: { ...xml } },
    '403': { content: { ...json, ...xml } },
    '422': { content: { ...xml } },
    '500': { content: { ...json, ...xml } },
  };
  const expectation: Expectation = { responses, requestedFormat: 'xml', gatewayFormat: 'json', offeredFormats: ['json', 'xml', 'csv'] };
  const answer = (status: number, contentType: string | null, body: string | Uint8Array): Answer => ({
    status,
    contentType,
    body: typeof body === 'string' ? utf8(body) : body,
  });
  const causes = (expected: Expectation, given: Answer) => answerProblems(expected, given).map((problem) => problem.cause);

  test('a good answer has no problem; nor has the gateway’s JSON 403 on a path whose own default is XML', () => {
    assert.deepEqual(causes(expectation, answer(200, 'application/xml; charset=utf-8', '<response/>')), []);
    assert.deepEqual(causes(expectation, answer(403, 'application/json', '{"error":{}}')), []);
  });

  test('rejects a status the OpenAPI document does not list for the path', () => {
    assert.deepEqual(causes(expectation, answer(400, 'application/json', '{"error":{}}')), ['status 400 is not in the OpenAPI document']);
    assert.deepEqual(causes(expectation, answer(431, null, '')).slice(0, 1), ['status 431 is not in the OpenAPI document']);
  });

  test('rejects every 5xx, even one the document lists (the gateway’s 500)', () => {
    assert.deepEqual(causes(expectation, answer(500, 'application/json', '{"error":{}}')), ['server error 500']);
  });

  test('rejects a content type that is not the requested format’s, or that the document does not list for the status', () => {
    assert.deepEqual(causes(expectation, answer(200, 'application/json', '{}')), [
      'content type application/json is not in the OpenAPI document for 200',
      'content type application/json for format xml',
    ]);
    assert.deepEqual(causes({ ...expectation, responses: { '200': { content: { ...json, ...xml } } } }, answer(200, 'application/json', '{}')), [
      'content type application/json for format xml',
    ]);
  });

  test('rejects a body that is not UTF-8, or does not parse in its format', () => {
    assert.deepEqual(causes(expectation, answer(200, 'application/xml', new Uint8Array([0x3c, 0x61, 0x3e, 0xff, 0x3c, 0x2f, 0x61, 0x3e]))), [
      'the body is not UTF-8',
    ]);
    assert.deepEqual(causes(expectation, answer(422, 'application/xml', '<response><lat>\u0001</lat></response>')), [
      'XML is not well-formed: disallowed character.',
    ]);
  });

  test('a KML answer is checked as KML; an endpoint’s error asked for as KML is JSON', () => {
    const kml = { 'application/vnd.google-earth.kml+xml': {} };
    const asKml: Expectation = {
      ...expectation,
      responses: { '200': { content: kml }, '422': { content: json } },
      requestedFormat: 'kml',
      offeredFormats: ['json', 'kml'],
    };
    const contentType = 'application/vnd.google-earth.kml+xml; charset=utf-8';
    assert.deepEqual(causes(asKml, answer(200, contentType, '<kml xmlns="http://www.opengis.net/kml/2.2"><Document/></kml>')), []);
    assert.deepEqual(causes(asKml, answer(200, contentType, '<kml><Document/></kml>')), ['KML: an element outside the KML 2.2 namespace']);
    assert.deepEqual(causes(asKml, answer(422, 'application/json', '{"errors":["x"]}')), []);
  });

  test('an endpoint whose errors are JSON (the NSRDB downloads): its own 400 and 422 as JSON for a CSV request, the gateway’s 400 as CSV', () => {
    const csv = { 'text/csv': {} };
    const downloads: Expectation = {
      ...expectation,
      responses: { '200': { content: csv }, '400': { content: { ...json, ...csv } }, '422': { content: json } },
      requestedFormat: 'csv',
      gatewayFormat: 'csv',
      offeredFormats: ['csv'],
      endpointErrors: { statuses: [400, 422], asJson: true },
    };
    const ownError = '{"inputs":{"query":{}},"status":400,"outputs":{},"errors":["\'wkt\' is required"]}';
    assert.deepEqual(causes(downloads, answer(400, 'application/json', ownError)), []);
    assert.deepEqual(causes(downloads, answer(422, 'application/json', ownError.replace('400', '422'))), []);
    assert.deepEqual(causes(downloads, answer(400, 'text/csv', 'Error Code,Error Message\n"BAD_REQUEST","x"\n')), []);
    // the gateway's 400 in JSON where CSV was asked for is still wrong, as is an own error of an endpoint whose errors follow the format
    assert.deepEqual(causes(downloads, answer(400, 'application/json', '{"error":{"code":"BAD_REQUEST"}}')), [
      "content type application/json for the gateway's format csv",
    ]);
    assert.deepEqual(causes({ ...downloads, endpointErrors: { statuses: [400, 422], asJson: false } }, answer(422, 'application/json', ownError)), [
      'content type application/json for format csv',
    ]);
  });

  test('a path the document lacks is a problem', () => {
    assert.deepEqual(causes({ ...expectation, responses: undefined }, answer(200, 'application/xml', '<response/>')), [
      'the path is not in the OpenAPI document',
    ]);
  });
});

describe('the requested format, as the server and the gateway read it', () => {
  test('the extension, else a format given once and not empty (any case), else the default', () => {
    assert.equal(requestedFormat('csv', { format: 'json' }, 'xml'), 'csv');
    assert.equal(requestedFormat(undefined, { format: 'JSON' }, 'xml'), 'json');
    assert.equal(requestedFormat(undefined, { format: '' }, 'xml'), 'xml');
    assert.equal(requestedFormat(undefined, { format: ['json', 'csv'] }, 'xml'), 'xml');
  });

  test('the gateway knows json, xml, csv and html; anything else is JSON, whatever the endpoint’s default', () => {
    assert.equal(gatewayFormat('geojson', {}), 'json');
    assert.equal(gatewayFormat('kml', {}), 'json');
    assert.equal(gatewayFormat('xml', {}), 'xml');
    assert.equal(gatewayFormat(undefined, { format: 'CSV' }), 'csv');
    assert.equal(gatewayFormat(undefined, {}), 'json');
  });
});

describe('URLs carry the exact bytes', () => {
  test('text is percent-encoded as UTF-8, all but unreserved characters and commas; bytes as they are', () => {
    assert.equal(encodeText('a\u0001 é,~\uFFFE'), 'a%01%20%C3%A9,~%EF%BF%BE');
    assert.equal(encodeText('__proto__'), '__proto__');
    assert.equal(encodeBytes(0xed, 0xa0, 0x80), '%ED%A0%80');
  });

  test('the server’s query parser reads back what was meant', () => {
    const query = queryString(
      [{ name: encodeText('lat'), value: encodeText('\u0001') }, { name: 'toString', value: '1' }, { name: 'empty' }, { name: 'api_key', isTheKey: true }],
      'K3Y',
    );
    assert.equal(query, 'lat=%01&toString=1&empty&api_key=K3Y');
    assert.deepEqual({ ...parseQuery(query) }, { lat: '\u0001', toString: '1', empty: '', api_key: 'K3Y' });
  });
});

describe('the report', () => {
  const request: HostileRequest = {
    endpoint: '/api/solar/data_query/v1',
    documentedPath: '/api/solar/data_query/v1.json',
    path: '/api/solar/data_query/v1.json',
    extension: 'json',
    query: [
      { name: 'lat', value: '40' },
      { name: 'toString', value: 'a'.repeat(100) },
      { name: 'api_key', isTheKey: true },
      { name: 'lon', value: '-105' },
    ],
    keyIn: 'query',
  };

  test('minimize keeps only what the failure needs (and the key), and cuts long values short', async () => {
    const minimal = await minimize(request, async (candidate) => candidate.query.some((part) => part.name === 'toString'));
    assert.deepEqual(minimal.query, [
      { name: 'toString', value: 'a'.repeat(16) },
      { name: 'api_key', isTheKey: true },
    ]);
  });

  test('a curl command with DEMO_KEY where the key goes', () => {
    assert.equal(
      curlCommand(request),
      `curl -g -i 'http://127.0.0.1:8080/api/solar/data_query/v1.json?lat=40&toString=${'a'.repeat(100)}&api_key=DEMO_KEY&lon=-105'`,
    );
    assert.equal(
      curlCommand({ ...request, query: [], keyIn: 'header' }),
      `curl -g -i -H 'X-Api-Key: DEMO_KEY' 'http://127.0.0.1:8080/api/solar/data_query/v1.json'`,
    );
  });

  test('failures group by endpoint, status, first cause and, for a 5xx, the exception whatever its numbers', () => {
    const failure = (serverError?: string): Failure => ({ request, status: 500, problems: [{ cause: 'server error 500' }], bodyStart: '', serverError });
    assert.equal(groupKey(failure('RangeError: 99999 at f (/x/server/a.ts:1:2)')), groupKey(failure('RangeError: 123 at f (/x/server/a.ts:1:2)')));
    assert.notEqual(groupKey(failure('RangeError: 1 at f (/x/server/a.ts:1:2)')), groupKey(failure('TypeError: 1 at g (/x/server/b.ts:1:2)')));
  });
});
