// What a consumer does with the published contract, using the tools it most likely has: fetch every
// JSON Schema listed at /api/schemas and the OpenAPI document over HTTP, generate TypeScript from
// them (json-schema-to-typescript for each schema, openapi-typescript for the document) and compile
// it with tsc, and validate real answers with a plain `new Ajv2020()` (default options, strict
// mode included) holding only the served schemas. ajv-formats is added because the schemas use
// `format` (date, date-time, float, int64), which a plain Ajv does not know.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { compile } from 'json-schema-to-typescript';
import { openApiTypes } from './consumers/openapi-typescript.ts';
import { repoRoot, startTestServer, temporaryDir, withKey, type TestServer } from './support/helpers.ts';
import { sampleDataSet } from './support/sample-data-set.ts';

type Json = { [key: string]: any };

interface ServedSchema {
  id: string;
  url: string;
  title: string;
  /** `#/components/schemas/<Name>`: where the OpenAPI document holds it. */
  componentRef: string;
  schema: Json;
}

/** A plain Ajv for draft 2020-12, as a consumer makes one, holding the served schemas. */
function consumerAjv(served: ServedSchema[]): Ajv2020 {
  const ajv = new Ajv2020();
  addFormats.default(ajv);
  for (const { schema } of served) ajv.addSchema(schema);
  return ajv;
}

describe('a consumer of the served schemas and OpenAPI document', () => {
  let server: TestServer;
  let served: ServedSchema[];
  let document: Json;

  before(async () => {
    const { dataDir } = await sampleDataSet({ seed: 1, stations: 300 });
    server = await startTestServer(dataDir);
    const listing = (await (await server.get('/api/schemas')).json()) as { schemas: Json[] };
    served = await Promise.all(
      listing.schemas.map(async (entry) => ({
        id: entry.id,
        url: entry.url,
        title: entry.title,
        componentRef: new URL(entry.component).hash,
        schema: (await (await fetch(entry.url)).json()) as Json,
      })),
    );
    document = (await (await server.get('/api/openapi.json')).json()) as Json;
  });
  after(() => server?.dispose());

  test('a plain new Ajv2020() compiles every served schema, without a strict-mode error or warning', (t) => {
    const warn = t.mock.method(console, 'warn', () => {});
    const ajv = consumerAjv(served);
    const failures = served.flatMap(({ id }) => {
      try {
        ajv.getSchema(id);
        return [];
      } catch (error) {
        return [`${id}: ${(error as Error).message}`];
      }
    });
    assert.deepEqual(failures, []);
    assert.deepEqual(
      warn.mock.calls.map((call) => String(call.arguments[0])),
      [],
    );
    assert.ok(served.length >= 20, `${served.length} schemas served`);
  });

  test('the TypeScript that json-schema-to-typescript and openapi-typescript generate from them compiles', async () => {
    const dir = temporaryDir('consumer-types');
    for (const { url, title, schema } of served) {
      // References between the schemas are relative URLs, resolved against the schema's own URL and fetched.
      writeFileSync(join(dir, `${title}.ts`), await compile(schema, title, { cwd: new URL('.', url).href }));
    }
    writeFileSync(join(dir, 'openapi.ts'), await openApiTypes(document));
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: 'es2022', module: 'nodenext', types: [] }, include: ['*.ts'] }),
    );
    const tsc = await promisify(execFile)(join(repoRoot, 'node_modules', '.bin', 'tsc'), ['--noEmit', '-p', dir]).catch(
      (failure: { stdout: string }) => failure,
    );
    assert.equal(tsc.stdout, '', 'tsc reports no error');
  });

  test('a plain Ajv2020 holding only the served schemas accepts real JSON and GeoJSON answers of every endpoint', async () => {
    const ajv = consumerAjv(served);
    const schemaOf = (ref: string) => served.find((entry) => entry.componentRef === ref)!;
    const stationId = ((await (await server.get(withKey('/api/alt-fuel-stations/v1.json?limit=1', server.key))).json()) as Json).fuel_stations[0].id;
    const validated = new Set<string>();

    /** Fetches a URL of a documented path and validates its body with the served schema the document names for its status and media type. */
    const check = async (path: string, url: string, expectedStatus: number) => {
      const response = await server.get(url);
      assert.equal(response.status, expectedStatus, url);
      const mediaType = response.headers.get('content-type')!.split(';')[0];
      const schema = document.paths[path].get.responses[String(response.status)].content[mediaType].schema;
      // an endpoint's own 400 or 429 shares its media type with the gateway's: the body is one of them
      const ids = ((schema.anyOf as Json[] | undefined) ?? [schema]).map((option) => schemaOf(option.$ref).id);
      const body = await response.json();
      const valid = ids.filter((id) => ajv.getSchema(id)!(body));
      assert.equal(valid.length, 1, `${url} (${ids.join(' or ')}): ${ids.map((id) => ajv.errorsText(ajv.getSchema(id)!.errors)).join('; ')}`);
      validated.add(valid[0]!);
    };

    for (const [path, item] of Object.entries<Json>(document.paths)) {
      const operation = item.get;
      const jsonForm = ['json', 'geojson', 'jsonp'].includes(operation['x-format']);
      if (!jsonForm || path !== `${operation['x-canonical-path']}.${operation['x-format']}`) continue;
      const example: string = operation['x-example-query'] ?? '';
      const url = (query: string, id = stationId) => `${path.replace('{id}', String(id))}${query ? `?${query}` : ''}`;
      await check(path, withKey(url(example), server.key), 200);
      await check(path, url(example), 403);
      // A parameter given twice is refused by every endpoint that takes parameters: a 422, or a 400 where that is its status for a bad parameter (the NSRDB data query).
      if (example) await check(path, withKey(url(`${example}&${example.split('&')[0]}`), server.key), operation.responses['422'] ? 422 : 400);
      if (path.includes('{id}')) await check(path, withKey(url('', 999999999), server.key), 404);
    }
    // nearby-route's ids, which KML has no form for, come as JSON
    const kmlRoute = '/api/alt-fuel-stations/v1/nearby-route.kml';
    await check(kmlRoute, withKey(`${kmlRoute}?${document.paths[kmlRoute].get['x-example-query']}&return_type=ids`, server.key), 200);
    // The schemas of every answer given as JSON or GeoJSON: a CSV's own (ev-charging-units, an NSRDB download's file) is only a text form's JSON equivalent.
    const operations = Object.values(document.paths).flatMap((item: any) => Object.values(item) as any[]);
    const jsonMedia = operations.flatMap((operation) =>
      Object.values(operation.responses as Json).flatMap((response: Json) =>
        ['application/json', 'application/geo+json'].flatMap((mediaType) => (response.content?.[mediaType] ? [response.content[mediaType]] : [])),
      ),
    );
    const responses = JSON.stringify(jsonMedia);
    const answerSchemas = served.filter(({ componentRef }) => responses.includes(`"${componentRef}"`)).map(({ id }) => id);
    assert.deepEqual([...validated].sort(), answerSchemas.sort(), 'every schema of a documented answer was checked against a real one');
  });
});
