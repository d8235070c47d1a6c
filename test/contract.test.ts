// The published contract: the OpenAPI document validates (@readme/openapi-parser), documents every
// endpoint, alias, format, parameter and error of server/endpoints from the schemas themselves, and
// real answers of a running server conform to it, path by path; every schema is served at its $id;
// GeoJSON carries the same stations as JSON.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { compileErrors, validate } from '@readme/openapi-parser';
import { annotationKeywords, schemaById, schemaFiles, schemasDir } from '../schemas/registry.ts';
import { DocumentChecker, type Answer } from './support/conformance.ts';
import { openApiDocument, openApiPath } from '../server/contract/openapi.ts';
import { CONTENT_SECURITY_POLICY, vendorFiles, webDir } from '../server/contract/page.ts';
import { endpoints } from '../server/endpoints/index.ts';
import type { JsonSchema } from '../schemas/json-schema.ts';
import { startTestServer, withKey, type TestServer } from './support/helpers.ts';
import { sampleDataSet } from './support/sample-data-set.ts';

type Json = { [key: string]: any };

const document = openApiDocument(endpoints) as Json;

function pointer(node: any, ref: string): any {
  return ref
    .replace(/^#\//, '')
    .split('/')
    .reduce((value, token) => value?.[token.replace(/~1/g, '/').replace(/~0/g, '~')], node);
}

const deref = (node: any): any => (node && typeof node.$ref === 'string' ? deref(pointer(document, node.$ref)) : node);

/** A JSON.parse reviver that drops our annotation keywords wherever they are. */
const withoutAnnotationKeywords = (key: string, value: unknown) => (annotationKeywords.includes(key) ? undefined : value);

/** A parameter-schema property with top-level $refs followed (across files). */
function followProperty(id: string, name: string): JsonSchema {
  let property = (schemaById(id).properties as Record<string, JsonSchema>)[name];
  let base = id;
  while (typeof property.$ref === 'string') {
    const [file, path] = property.$ref.split('#');
    base = file ? new URL(file, `http://x${base}`).pathname : base;
    property = pointer(schemaById(base), `#${path}`);
  }
  return property;
}

describe('the OpenAPI document', () => {
  test('is a valid OpenAPI 3.1 document (@readme/openapi-parser: the 3.1 schema and the semantic checks)', async () => {
    const result = await validate(structuredClone(document) as any);
    assert.ok(result.valid, result.valid ? '' : compileErrors(result));
    assert.deepEqual(result.warnings, []);
    assert.equal(document.openapi, '3.1.0');
  });

  test('the validator rejects a broken document (so that the test above can fail)', async () => {
    const broken = structuredClone(document);
    const [first] = Object.keys(broken.paths);
    broken.paths[first].get.responses = { '200': { content: 'text' } };
    const duplicate = structuredClone(document);
    const [a, b] = Object.keys(duplicate.paths);
    duplicate.paths[b].get.operationId = duplicate.paths[a].get.operationId;
    for (const bad of [broken, duplicate]) assert.equal((await validate(bad as any)).valid, false);
  });

  test('documents every path and alias of every endpoint, without and with each format extension', () => {
    const expected = endpoints.flatMap((endpoint) =>
      endpoint.paths.flatMap((path) => [openApiPath(path), ...endpoint.formats.map((format) => `${openApiPath(path)}.${format}`)]),
    );
    const documented = Object.keys(document.paths).filter((path) => document.paths[path].get['x-canonical-path'] !== undefined);
    assert.deepEqual(documented.sort(), expected.sort());
    for (const endpoint of endpoints) {
      for (const path of endpoint.paths) {
        for (const format of endpoint.formats) {
          const operation = document.paths[`${openApiPath(path)}.${format}`].get;
          assert.equal(operation['x-format'], format);
          assert.deepEqual(operation['x-formats'], [...endpoint.formats]);
          assert.equal(operation['x-canonical-path'], openApiPath(endpoint.paths[0]));
          if (path !== endpoint.paths[0]) assert.equal(operation['x-alias-of'], openApiPath(endpoint.paths[0]));
        }
        const bare = document.paths[openApiPath(path)].get;
        const format = bare.parameters.map(deref).find((parameter: Json) => parameter.name === 'format');
        assert.deepEqual(format.schema, { enum: [...endpoint.formats], default: endpoint.defaultFormat });
      }
    }
  });

  test('every query parameter comes from the endpoint’s parameter schema: type, range, enum, default, required, comma lists', () => {
    for (const endpoint of endpoints) {
      const id = endpoint.parameters;
      for (const path of endpoint.paths) {
        for (const suffix of ['', ...endpoint.formats.map((format) => `.${format}`)]) {
          const operation = document.paths[`${openApiPath(path)}${suffix}`].get;
          const query = (operation.parameters as Json[]).map(deref).filter((parameter) => parameter.in === 'query' && parameter.name !== 'format');
          const names = id ? Object.keys(schemaById(id).properties as object).filter((name) => name !== 'api_key' && name !== 'format') : [];
          assert.deepEqual(
            query.map((parameter) => parameter.name),
            names,
            `${path}${suffix}`,
          );
          for (const parameter of query) {
            const property = followProperty(id!, parameter.name);
            const required = ((schemaById(id!).required ?? []) as string[]).includes(parameter.name);
            assert.equal(parameter.required, required, parameter.name);
            assert.equal(parameter.description, property.description, parameter.name);
            for (const keyword of ['type', 'enum', 'minimum', 'maximum', 'default', 'pattern', 'maxLength', 'x-comma-list']) {
              assert.deepEqual(parameter.schema[keyword], property[keyword], `${path} ${parameter.name} ${keyword}`);
            }
            assert.deepEqual(JSON.stringify(parameter.schema.items?.enum), JSON.stringify((property.items as JsonSchema | undefined)?.enum), parameter.name);
            if (property['x-comma-list']) assert.deepEqual([parameter.style, parameter.explode], ['form', false], parameter.name);
          }
          const pathParameters = (operation.parameters as Json[]).filter((parameter) => parameter.in === 'path');
          assert.deepEqual(
            pathParameters.map((parameter) => parameter.name),
            Object.keys(endpoint.pathParameters ?? {}),
          );
        }
      }
    }
  });

  test('responses: 200 per format with its schema, 304, the endpoint’s errors, the gateway’s 403/404/429/500, and the headers', () => {
    const media = {
      json: 'application/json',
      xml: 'application/xml',
      csv: 'text/csv',
      jsonp: 'application/javascript',
      geojson: 'application/geo+json',
      kml: 'application/vnd.google-earth.kml+xml',
      html: 'text/html',
    };
    for (const endpoint of endpoints) {
      for (const format of endpoint.formats) {
        const operation = document.paths[`${openApiPath(endpoint.paths[0])}.${format}`].get;
        const responses = operation.responses;
        const ok = responses['200'];
        assert.ok(ok.content[media[format]], `${endpoint.paths[0]}.${format}`);
        const schemaId = endpoint.responses.byFormat?.[format] ?? endpoint.responses.ok;
        const schema = ok.content[media[format]].schema;
        assert.equal(deref(schema.$ref ? schema : { $ref: schema['x-json-equivalent'] })['x-schema-url'], schemaId);
        assert.deepEqual(Object.keys(ok.headers).sort(), ['Cache-Control', 'ETag', 'X-RateLimit-Limit', 'X-RateLimit-Remaining']);
        assert.ok(responses['304']);
        for (const [status, errorSchema] of Object.entries(endpoint.responses.errors)) {
          const content = responses[status].content;
          const json = content['application/json']?.schema ?? content[media[format]].schema;
          // an endpoint's own 400 shares its media type with the gateway's: either schema
          const schemas = ((json.anyOf as Json[] | undefined) ?? [json]).map(
            (one) => deref(one.$ref ? one : { $ref: one['x-json-equivalent'] })['x-schema-url'],
          );
          assert.ok(schemas.includes(errorSchema), `${endpoint.paths[0]}.${format} ${status}: ${schemas.join(', ')}`);
        }
        for (const status of ['403', '429', '500']) assert.ok(responses[status], status);
        assert.ok(responses['429'].headers['Retry-After']);
      }
      const bare = document.paths[openApiPath(endpoint.paths[0])].get.responses;
      assert.ok(bare['404'].content['application/json'].schema, 'the gateway 404 of an unknown format');
    }
    assert.equal(deref({ $ref: '#/components/schemas/GatewayError' })['x-schema-url'], '/api/schemas/gateway-error.schema.json');
  });

  test('every schema of schemas/ is a component, named by its title, its references rewritten into the document', () => {
    const components = document.components.schemas as Record<string, Json>;
    assert.deepEqual(
      Object.values(components)
        .map((schema) => schema['x-schema-url'])
        .sort(),
      schemaFiles.map((entry) => entry.id).sort(),
    );
    for (const keyword of annotationKeywords) assert.ok(!JSON.stringify(components).includes(`"${keyword}":`), `no ${keyword} in components/schemas`);
    const refs = JSON.stringify(components).match(/"\$ref":"[^"]*"/g) ?? [];
    assert.ok(refs.length > 20);
    for (const ref of refs) {
      const target = JSON.parse(`{${ref}}`).$ref as string;
      assert.match(target, /^#\/components\/schemas\//);
      assert.notEqual(pointer(document, target), undefined, target);
    }
  });
});

describe('the contract over HTTP', () => {
  let server: TestServer;
  let checker: DocumentChecker;
  let stationId: number;

  const fetchAnswer = async (url: string, init?: RequestInit): Promise<Answer> => {
    const response = await server.get(url, init);
    return { status: response.status, headers: response.headers, body: await response.text() };
  };
  const conforms = (path: string, answer: Answer, context: string) => assert.deepEqual(checker.problems(path, answer), [], context);

  before(async () => {
    const { dataDir } = await sampleDataSet({ seed: 1, stations: 2000 });
    server = await startTestServer(dataDir);
    checker = new DocumentChecker(document);
    const list = (await (await server.get(withKey('/api/alt-fuel-stations/v1.json?limit=1', server.key))).json()) as Json;
    stationId = list.fuel_stations[0].id;
  });
  after(() => server?.dispose());

  test('GET /api/openapi.json: the generated document, no key needed, with CORS, and a 304 for its ETag', async () => {
    const response = await server.get('/api/openapi.json');
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type')!, /^application\/json/);
    assert.equal(response.headers.get('access-control-allow-origin'), '*');
    assert.deepEqual(await response.json(), document);
    const again = await server.get('/api/openapi.json', { headers: { 'If-None-Match': response.headers.get('etag')! } });
    assert.equal(again.status, 304);
    assert.equal(await again.text(), '');
  });

  test('GET /api/schemas lists every schema; each is served at its $id as published (its file without our annotation keywords), without a key', async () => {
    const listing = await server.get('/api/schemas');
    assert.equal(listing.status, 200);
    const { schemas } = (await listing.json()) as Json;
    assert.deepEqual(
      schemas.map((entry: Json) => entry.id),
      schemaFiles.map((entry) => entry.id),
    );
    for (const entry of schemas) {
      const file = schemaFiles.find((candidate) => candidate.id === entry.id)!;
      assert.equal(entry.url, `${server.url}${entry.id}`);
      assert.equal(entry.title, file.schema.title);
      assert.equal(entry.description, file.schema.description);
      const response = await fetch(entry.url);
      assert.equal(response.status, 200, entry.url);
      assert.equal(response.headers.get('content-type'), 'application/schema+json; charset=utf-8');
      assert.equal(response.headers.get('access-control-allow-origin'), '*');
      assert.deepEqual(await response.json(), JSON.parse(readFileSync(join(schemasDir, file.file), 'utf8'), withoutAnnotationKeywords));
    }
    const checked = schemas.find((entry: Json) => entry.id === '/api/schemas/params/fuel-stations-list.params.schema.json');
    assert.ok(checked, 'schemas under params/ are listed');
    const missing = await fetchAnswer('/api/schemas/no-such.schema.json');
    assert.equal(missing.status, 404);
    assert.equal(JSON.parse(missing.body).error.code, 'NOT_FOUND');
    conforms('/api/schemas/{file}', missing, 'unknown schema');
  });

  test('the page and its assets are served without a key, under a policy that allows this origin only', async () => {
    const page = await server.get('/');
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-type')!, /^text\/html/);
    assert.equal(page.headers.get('content-security-policy'), CONTENT_SECURITY_POLICY);
    const html = await page.text();
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]);
    assert.ok(assets.includes('/web/app.js') && assets.includes('/web/style.css'));
    for (const asset of assets) assert.ok(asset.startsWith('/') || asset.startsWith('#') || asset === 'data:,', `no other origin: ${asset}`);
    for (const asset of readdirSync(webDir).map((name) => `/web/${name}`)) {
      const response = await server.get(asset);
      assert.equal(response.status, 200, asset);
      const text = await response.text();
      assert.doesNotMatch(text, /https?:\/\/(?!www\.w3\.org\/2000\/svg)/, `${asset} names no other origin`);
    }
    assert.equal((await server.get('/web/nothing.js')).status, 404);
    // The packages' files: the modules of the page's import map, and the boundary files of its map.
    const importMap = JSON.parse(/<script type="importmap">([\s\S]*?)<\/script>/.exec(html)![1]);
    for (const url of Object.values<string>(importMap.imports)) assert.ok(vendorFiles().has(url), `${url} is served`);
    for (const url of vendorFiles().keys()) {
      const response = await server.get(url);
      assert.equal(response.status, 200, url);
      assert.equal(response.headers.get('content-type'), url.endsWith('.json') ? 'application/json; charset=utf-8' : 'text/javascript; charset=utf-8', url);
      assert.equal(response.headers.get('content-security-policy'), CONTENT_SECURITY_POLICY, url);
    }
    assert.equal((await server.get('/vendor/d3-geo/package.json')).status, 404);
  });

  /** A URL for a documented path: path parameters filled in, the example query, the test key. */
  const urlFor = (path: string, query: string, key = server.key) => withKey(`${path.replace('{id}', String(stationId))}${query ? `?${query}` : ''}`, key);

  test('every documented path answers what the document says, in every format (bare paths with each `format` too)', async () => {
    let checked = 0;
    for (const [path, item] of Object.entries<Json>(document.paths)) {
      const operation = item.get;
      if (operation['x-canonical-path'] === undefined) continue;
      const example: string = operation['x-example-query'] ?? '';
      const hasPathParameters = (operation.parameters as Json[]).some((parameter) => parameter.in === 'path');
      const queries =
        operation['x-format'] === null
          ? [example, ...operation['x-formats'].map((format: string) => [example, `format=${format}`].filter(Boolean).join('&'))]
          : [example];
      for (const query of queries) {
        const answer = await fetchAnswer(urlFor(path, query));
        if (example || hasPathParameters) assert.equal(answer.status, 200, `${path}?${query}: ${answer.body.slice(0, 300)}`);
        conforms(path, answer, `${path}?${query}`);
        const endpoint = endpoints.find((candidate) => openApiPath(candidate.paths[0]) === operation['x-canonical-path'])!;
        const format = operation['x-format'] ?? new URLSearchParams(query).get('format') ?? endpoint.defaultFormat;
        const untagged =
          (endpoint.cache?.dependsOnClock?.(Object.fromEntries(new URLSearchParams(query))) ?? false) ||
          (endpoint.cache?.newEveryTime?.includes(format) ?? false);
        if (answer.status === 200)
          assert.equal(
            /^W\/"/.test(answer.headers.get('etag') ?? ''),
            !untagged,
            `${path}?${query}: an ETag unless the answer depends on the time or is new every time`,
          );
        checked++;
      }
    }
    assert.ok(checked >= 50, `${checked} answers checked`);
  });

  test('JSONP (a callback on .jsonp and .json of events) conforms', async () => {
    for (const path of [
      '/api/commercial-building-resources/v1/events.jsonp',
      '/api/commercial-building-resources/v1/events.json',
      '/api/commercial-building-resources/events.jsonp',
    ]) {
      const answer = await fetchAnswer(urlFor(path, 'callback=show.events'));
      assert.equal(answer.status, 200);
      assert.match(answer.body, /^show\.events\(/);
      conforms(path, answer, path);
    }
  });

  /** A query that fails the endpoint's parameter checks: a number that is not one, else a value outside an enum, else an unknown term. */
  function invalidQuery(operation: Json): string {
    const parameters = (operation.parameters as Json[]).map(deref).filter((parameter) => parameter.in === 'query' && parameter.name !== 'format');
    const numeric = (schema: Json): boolean =>
      ['number', 'integer'].some((type) => [].concat(schema.type ?? []).includes(type as never)) || (schema.anyOf ?? []).some(numeric);
    const chosen =
      parameters.find((parameter) => numeric(parameter.schema)) ??
      parameters.find((parameter) => Array.isArray(parameter.schema.enum)) ??
      parameters.find((parameter) => parameter.schema['x-comma-list']);
    assert.ok(chosen, `${operation.operationId} has a parameter to get wrong`);
    // the example's other parameters stay, so that what is wrong is that one value (not a missing parameter, a 400 for the NSRDB downloads)
    const example = new URLSearchParams(operation['x-example-query'] ?? '');
    example.set(chosen.name, numeric(chosen.schema) ? 'not-a-number' : '__no_such_value__');
    return example.toString();
  }

  test('errors conform: 422 of every endpoint, 404 of an unknown id and of an unknown format, 403 of every path', async () => {
    for (const [path, item] of Object.entries<Json>(document.paths)) {
      const operation = item.get;
      if (operation['x-canonical-path'] === undefined) continue;
      if (operation.responses['422']) {
        const answer = await fetchAnswer(urlFor(path, invalidQuery(operation)));
        assert.equal(answer.status, 422, `${path}: ${answer.body.slice(0, 200)}`);
        assert.equal(answer.headers.get('etag'), null, 'errors carry no ETag');
        conforms(path, answer, `${path} 422`);
      }
      const noKey = await fetchAnswer(`${path.replace('{id}', String(stationId))}`);
      assert.equal(noKey.status, 403);
      conforms(path, noKey, `${path} 403`);
      if (operation['x-format'] === null) {
        for (const accept of ['application/json', 'application/xml', 'text/csv', 'text/html', 'text/xml']) {
          const answer = await fetchAnswer(urlFor(path, 'format=zzz'), { headers: { Accept: accept } });
          assert.equal(answer.status, 404);
          conforms(path, answer, `${path} format=zzz (${accept})`);
        }
      }
      if (path.includes('{id}')) {
        const answer = await fetchAnswer(withKey(path.replace('{id}', '999999999'), server.key));
        assert.equal(answer.status, 404);
        conforms(path, answer, `${path} unknown id`);
      }
    }
  });

  test('304 and 429 conform (DEMO_KEY run out)', async () => {
    const path = '/api/alt-fuel-stations/v1/nearest.json';
    const first = await server.get(urlFor(path, 'location=80203&limit=1'));
    const etag = first.headers.get('etag')!;
    const notModified = await fetchAnswer(urlFor(path, 'location=80203&limit=1'), { headers: { 'If-None-Match': etag } });
    assert.equal(notModified.status, 304);
    conforms(path, notModified, '304');
    let answer: Answer | undefined;
    for (let i = 0; i < 100; i++) {
      answer = await fetchAnswer(urlFor('/api/alt-fuel-stations/v1.csv', 'limit=1', 'DEMO_KEY'));
      if (answer.status === 429) break;
    }
    assert.equal(answer!.status, 429);
    conforms('/api/alt-fuel-stations/v1.csv', answer!, '429');
    const json = await fetchAnswer(urlFor(path, 'location=80203', 'DEMO_KEY'));
    assert.equal(json.status, 429);
    conforms(path, json, '429 json');
  });

  test('GeoJSON: the same stations as JSON, as Point features at [longitude, latitude], the rest of the JSON envelope in metadata', async () => {
    for (const [path, query] of [
      ['/api/alt-fuel-stations/v1', 'fuel_type=ELEC,E85&limit=40'],
      ['/api/alt-fuel-stations/v1/nearest', 'location=Denver, CO&radius=50&limit=25'],
    ] as const) {
      const json = (await (await server.get(urlFor(`${path}.json`, query))).json()) as Json;
      const response = await server.get(urlFor(`${path}.geojson`, query));
      assert.equal(response.headers.get('content-type'), 'application/geo+json; charset=utf-8');
      const geojson = (await response.json()) as Json;
      assert.deepEqual(Object.keys(geojson), ['type', 'metadata', 'features']);
      assert.equal(geojson.type, 'FeatureCollection');
      const { fuel_stations: stations, ...envelope } = json;
      assert.deepEqual(geojson.metadata, envelope);
      assert.ok(stations.length > 5, `${path}: enough stations to compare`);
      assert.equal(geojson.features.length, stations.length);
      stations.forEach((station: Json, i: number) => {
        assert.deepEqual(geojson.features[i], {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [station.longitude, station.latitude] },
          properties: station,
        });
      });
    }
    // A bare path with format=geojson, and an error asked for as GeoJSON (JSON: errors have no GeoJSON form).
    const bare = await server.get(urlFor('/api/alt-fuel-stations/v1', 'format=geojson&limit=2'));
    assert.equal(bare.headers.get('content-type'), 'application/geo+json; charset=utf-8');
    const invalid = await fetchAnswer(urlFor('/api/alt-fuel-stations/v1.geojson', 'limit=0'));
    assert.equal(invalid.status, 422);
    assert.equal(invalid.headers.get('content-type'), 'application/json; charset=utf-8');
    conforms('/api/alt-fuel-stations/v1.geojson', invalid, 'geojson 422');
    // GeoJSON is offered by the list and nearest only.
    assert.equal((await server.get(urlFor(`/api/alt-fuel-stations/v1/${stationId}.geojson`, ''))).status, 404);
  });

  test('the checker finds a body that departs from the document (so that the tests above can fail)', async () => {
    const answer = await fetchAnswer(urlFor('/api/alt-fuel-stations/v1.json', 'limit=1'));
    const body = JSON.parse(answer.body);
    body.total_results = 'many';
    assert.notDeepEqual(checker.problems('/api/alt-fuel-stations/v1.json', { ...answer, body: JSON.stringify(body) }), []);
    const wrongType = new Headers(answer.headers);
    wrongType.set('content-type', 'text/plain');
    assert.notDeepEqual(checker.problems('/api/alt-fuel-stations/v1.json', { ...answer, headers: wrongType }), []);
    assert.notDeepEqual(checker.problems('/api/alt-fuel-stations/v1.json', { ...answer, status: 418 }), []);
    const noLimit = new Headers(answer.headers);
    noLimit.delete('x-ratelimit-limit');
    assert.notDeepEqual(checker.problems('/api/alt-fuel-stations/v1.json', { ...answer, headers: noLimit }), []);
  });
});
