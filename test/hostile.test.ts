// The property-based suite of hostile requests: for every endpoint of the server's own
// list, every path alias and every format (extension, `format=`, or the default), seeded requests
// generated from the parameter schemas and mixed with hostile names and values (test/hostile/) must
// get an answer that is never a 5xx, whose status the OpenAPI document lists for the path, and whose
// body parses in the requested format. Failures are grouped by cause and each is shown as a curl
// command. The explicit regressions at the end are the reported repros and what the suite found.
//
// HOSTILE_SEED (default 1) picks the requests, HOSTILE_RUNS (default 400) how many per endpoint.
// The server is the real one on a small sample built by the real pipeline: no test data from beside the checkout needed (docs/test-data.md §3.3).
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseQuery } from 'node:querystring';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { propertiesOf } from '../schemas/registry.ts';
import { openApiPath } from '../server/contract/openapi.ts';
import { endpoints } from '../server/endpoints/index.ts';
import type { Endpoint } from '../server/endpoints/types.ts';
import { answerProblems, gatewayFormat, requestedFormat, type Answer, type DocumentedResponses, type Expectation } from './hostile/checks.ts';
import { hostileRequests, type HostileRequest, type KnownValues } from './hostile/generate.ts';
import { formatReport, groupFailures, groupKey, minimize, pathAndQuery, smallest, type Failure, type FailureGroup } from './hostile/report.ts';
import { startServerUnderTest, type ServerUnderTest } from './hostile/server.ts';
import { encodeText, queryString, type QueryPart } from './hostile/url.ts';
import { hostileNames, hostileValues, longValues } from './hostile/values.ts';
import { repoRoot } from './support/helpers.ts';
import { sampleDataSet } from './support/sample-data-set.ts';

const SEED = Number(process.env.HOSTILE_SEED ?? 1);
const RUNS_PER_ENDPOINT = Number(process.env.HOSTILE_RUNS ?? 400);
const CONCURRENCY = 4;
const REQUEST_TIMEOUT_MS = 15_000;
/** Past this, no new request starts (the ones not sent are reported as a diagnostic, not a failure). */
const TIME_BUDGET_MS = 45_000;

type OpenApiDocument = { paths: Record<string, { get?: { responses: DocumentedResponses } }> };

let server: ServerUnderTest;
let dataDir: string;
let document: OpenApiDocument;
let knownValuesOf: (endpoint: Endpoint) => KnownValues;

const endpointOf = (request: HostileRequest) => endpoints.find((endpoint) => endpoint.paths[0] === request.endpoint)!;

function expectationOf(request: HostileRequest, key: string): Expectation {
  const endpoint = endpointOf(request);
  // the query as the server reads it (Express's 'simple' query parser is node:querystring)
  const query = parseQuery(queryString(request.query, key));
  return {
    responses: document.paths[request.documentedPath]?.get?.responses,
    requestedFormat: requestedFormat(request.extension, query, endpoint.defaultFormat),
    gatewayFormat: gatewayFormat(request.extension, query),
    offeredFormats: endpoint.formats,
    endpointErrors: { statuses: Object.keys(endpoint.responses.errors).map(Number), asJson: endpoint.responses.errorsAsJson === true },
    ...(typeof query.callback === 'string' ? { callback: query.callback } : {}),
  };
}

async function send(request: HostileRequest): Promise<Answer> {
  const headers: Record<string, string> = request.keyIn === 'header' ? { 'X-Api-Key': server.key } : {};
  return server.get(pathAndQuery(request, server.key), { headers });
}

/** Sends a request and checks its answer: the answer's status, and the failure unless all is well. */
async function attack(request: HostileRequest): Promise<{ status: number; failure?: Failure }> {
  let answer: Answer;
  try {
    answer = await send(request);
  } catch (error) {
    return {
      status: 0,
      failure: { request, status: 0, problems: [{ cause: `no answer: ${(error as Error).name}`, detail: (error as Error).message }], bodyStart: '' },
    };
  }
  const problems = answerProblems(expectationOf(request, server.key), answer);
  if (problems.length === 0) return { status: answer.status };
  return {
    status: answer.status,
    failure: { request, status: answer.status, problems, bodyStart: JSON.stringify(Buffer.from(answer.body.subarray(0, 160)).toString('utf8')) },
  };
}

/**
 * `attack`, with no other request in flight, so that what the server logs meanwhile is this request's:
 * a 5xx failure gets the exception behind it, which tells apart 500s of different causes.
 */
async function attackAlone(request: HostileRequest): Promise<Failure | undefined> {
  const logged = server.errors.length;
  const { failure } = await attack(request);
  if (failure && failure.status >= 500) failure.serverError = server.errors[logged];
  return failure;
}

async function inParallel<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** The group's smallest request, made smaller still while it fails the same way. */
async function describeGroup(failures: Failure[]): Promise<FailureGroup> {
  const first = smallest(failures);
  const key = groupKey(first);
  const minimal = await minimize(first.request, async (candidate) => {
    const failure = await attackAlone(candidate);
    return failure !== undefined && groupKey(failure) === key;
  });
  const example = (await attackAlone(minimal)) ?? first;
  return { endpoint: first.request.endpoint, status: first.status, cause: first.problems[0].cause, failures, example };
}

/**
 * Good values read from the sample, by endpoint: they let generated requests reach the data, not only
 * the 422s. A building-resources filter takes the term ids of the field its description names.
 */
async function readKnownValues(): Promise<(endpoint: Endpoint) => KnownValues> {
  const json = async (path: string) => {
    const answer = await server.get(path, { headers: { 'X-Api-Key': server.key } });
    assert.equal(answer.status, 200, path);
    return JSON.parse(Buffer.from(answer.body).toString('utf8')) as Record<string, any>;
  };
  const stations = (await json('/api/alt-fuel-stations/v1.json?limit=50')).fuel_stations as Array<{ id: number; ev_network: string | null }>;
  const climate = (await json('/api/solar/data_query/v1.json?lat=40&lon=-105&radius=300&all=1')).outputs.all_stations as Array<{ id: string }>;
  const general: KnownValues = {
    id: stations.slice(0, 10).map((station) => String(station.id)),
    ev_network: [...new Set(stations.map((station) => station.ev_network).filter((network) => network !== null))] as string[],
    file_id: climate.slice(0, 10).map((station) => station.id),
    location: ['80203', 'Denver, CO', '1600 Broadway, Denver, CO 80202', 'Boulder, CO'],
  };
  const items = Object.values(await json('/api/commercial-building-resources/v1/resources.json')) as Array<Record<string, any>>;
  const termIds = (field: string) =>
    [...new Set(items.flatMap((item) => (item[field]?.und ?? []).map((term: { tid?: string }) => term.tid)).filter(Boolean))].slice(0, 10) as string[];
  return (endpoint) => {
    if (!endpoint.paths[0].startsWith('/api/commercial-building-resources/')) return general;
    const terms = Object.entries(propertiesOf(endpoint.parameters!)).flatMap(([name, schema]) => {
      const field = /\((field_[a-z_]+)/.exec(String(schema.description ?? ''))?.[1];
      return field ? [[name, termIds(field)]] : [];
    });
    return Object.fromEntries(terms) as KnownValues;
  };
}

function corpusOf(endpoint: Endpoint, index: number): HostileRequest[] {
  // one seed per endpoint, so that adding an endpoint leaves the others' requests as they were
  return fc.sample(hostileRequests(endpoint, knownValuesOf(endpoint)), { seed: SEED + index, numRuns: RUNS_PER_ENDPOINT });
}

let corpus: HostileRequest[];

before(async () => {
  ({ dataDir } = await sampleDataSet({ seed: 1, stations: 2000 }));
  server = await startServerUnderTest(dataDir, { timeoutMs: REQUEST_TIMEOUT_MS });
  const openapi = await server.get('/api/openapi.json');
  document = JSON.parse(Buffer.from(openapi.body).toString('utf8')) as OpenApiDocument;
  knownValuesOf = await readKnownValues();
  corpus = endpoints.flatMap(corpusOf);
});

after(async () => {
  await server?.dispose();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('hostile requests to every endpoint, in every format', () => {
  test('the generated requests cover every path and alias in every format, and every group of hostile names and values', () => {
    for (const endpoint of endpoints) {
      for (const path of endpoint.paths.map(openApiPath)) {
        const onPath = corpus.filter((request) => request.documentedPath === path || request.documentedPath.startsWith(`${path}.`));
        assert.ok(
          onPath.some((request) => request.extension === undefined && !request.query.some((part) => part.name === 'format')),
          `${path}: the default format`,
        );
        for (const format of endpoint.formats) {
          assert.ok(
            onPath.some((request) => request.extension === format),
            `${path}.${format}`,
          );
          assert.ok(
            onPath.some((request) => request.extension === undefined && request.query.some((part) => part.name === 'format' && part.value === format)),
            `${path}?format=${format}`,
          );
        }
      }
    }
    for (const [group, names] of Object.entries(hostileNames)) {
      const used = names.filter((name) => corpus.some((request) => request.query.some((part) => part.name === name)));
      assert.ok(used.length > 0, `hostile names: ${group}`);
    }
    for (const name of hostileNames.prototype)
      assert.ok(
        corpus.some((request) => request.query.some((part) => part.name === name)),
        `the parameter name ${name}`,
      );
    for (const [group, values] of Object.entries(hostileValues)) {
      assert.ok(
        values.some((value) => corpus.some((request) => request.query.some((part) => part.value === value))),
        `hostile values: ${group}`,
      );
    }
    for (const value of longValues)
      assert.ok(
        corpus.some((request) => request.query.some((part) => part.value === value)),
        `the long value ${value.slice(0, 12)}…`,
      );
    for (let code = 0; code < 32; code++) {
      const value = encodeText(String.fromCharCode(code));
      assert.ok(
        corpus.some((request) => request.query.some((part) => part.value === value)),
        `the control character U+${code.toString(16).padStart(4, '0')}`,
      );
    }
    assert.ok(
      corpus.some((request) => new Set(request.query.map((part) => part.name)).size < request.query.length),
      'a repeated parameter',
    );
    assert.ok(
      corpus.some((request) => request.query.some((part) => part.value === undefined)),
      'a parameter without =',
    );
    assert.ok(
      corpus.some((request) => request.keyIn === 'query') && corpus.some((request) => request.keyIn === 'header'),
      'the key in the query and in the header',
    );
    assert.ok(new Set(corpus.map((request) => pathAndQuery(request, 'KEY'))).size > corpus.length * 0.9, 'requests are not mostly the same');
  });

  test('never a 5xx; a status the OpenAPI document lists; a body that parses in the requested format', { timeout: 120_000 }, async (t) => {
    const started = Date.now();
    const failures: Failure[] = [];
    const statuses = new Map<string, Map<number, number>>();
    let sent = 0;
    await inParallel(corpus, CONCURRENCY, async (request) => {
      if (Date.now() - started > TIME_BUDGET_MS) return;
      sent++;
      const { status, failure } = await attack(request);
      const counts = statuses.get(request.endpoint) ?? statuses.set(request.endpoint, new Map()).get(request.endpoint)!;
      counts.set(status, (counts.get(status) ?? 0) + 1);
      if (failure) failures.push(failure);
    });
    const attackMs = Date.now() - started;
    if (sent < corpus.length) t.diagnostic(`time budget reached: ${sent} of ${corpus.length} requests sent`);
    for (const [endpoint, counts] of statuses) {
      t.diagnostic(
        `${endpoint}: ${[...counts]
          .sort(([a], [b]) => a - b)
          .map(([status, count]) => `${count}× ${status}`)
          .join(', ')}`,
      );
    }
    // 5xx again, one at a time: the exception the server logs for each tells their causes apart
    for (const failure of failures.filter(({ status }) => status >= 500)) failure.serverError = (await attackAlone(failure.request))?.serverError;

    const groups: FailureGroup[] = [];
    for (const group of groupFailures(failures).values()) groups.push(await describeGroup(group));
    groups.sort((a, b) => a.endpoint.localeCompare(b.endpoint) || a.status - b.status || a.cause.localeCompare(b.cause));
    t.diagnostic(
      `hostile requests: ${sent} sent in ${(attackMs / 1000).toFixed(1)} s, ${failures.length} failed, ${groups.length} distinct failures (seed ${SEED})`,
    );
    if (groups.length === 0) return;

    const artifacts = join(repoRoot, 'test-artifacts');
    mkdirSync(artifacts, { recursive: true });
    const reportFile = join(artifacts, 'hostile-failures.txt');
    writeFileSync(reportFile, `${formatReport(groups, { requests: sent, seed: SEED })}\n`);
    assert.fail(`${formatReport(groups, { requests: sent, seed: SEED, maxUrl: 400 })}\n\n(the report with every command whole: ${reportFile})`);
  });
});

/** A plain URL as a request (its query already encoded, the key sent in the header). */
function requestFromUrl(url: string): HostileRequest {
  const [path, query = ''] = url.split('?');
  const extension = /\.([a-z]+)$/.exec(path)?.[1];
  const endpoint = endpoints.find((candidate) => candidate.paths.some((endpointPath) => path === endpointPath || path.startsWith(`${endpointPath}.`)))!;
  const parts = query.split('&').map((part): QueryPart => {
    const [name, value] = part.split('=');
    return value === undefined ? { name } : { name, value };
  });
  return { endpoint: endpoint.paths[0], documentedPath: path, path, ...(extension ? { extension } : {}), query: parts, keyIn: 'header' };
}

describe('regressions, as plain examples: the reported repros and what the generated requests found', () => {
  const repros: Array<{ url: string; why: string }> = [
    { url: '/api/solar/data_query/v1.json?lat=40&lon=-105&toString=1', why: 'a parameter named after a member of Object.prototype was a 500' },
    { url: '/api/solar/data_query/v1.json?lat=40&lon=-105&constructor=1&__proto__=1', why: 'the same, with constructor and __proto__' },
    { url: '/api/alt-fuel-stations/v1.json?federal_agency_id=2147483648', why: 'an id past 32 bits was a 500' },
    { url: '/api/alt-fuel-stations/v1.json?limit=99999999999999999999', why: 'a limit past 64 bits was a 500' },
    { url: '/api/alt-fuel-stations/v1.json?offset=99999999999999999999', why: 'the list takes no offset: ignored' },
    { url: '/api/alt-fuel-stations/v1/nearest.json?location=80203&limit=99999999999999999999', why: 'a limit past 64 bits was a 500' },
    { url: '/api/alt-fuel-stations/v1/nearest.json?location=80203&offset=99999999999999999999', why: 'an offset past 64 bits was a 500' },
    { url: '/api/solar/data_query/v1.xml?lat=%01&lon=-105', why: 'the echoed U+0001 made the XML not well-formed' },
    // found by the generated requests (HOSTILE_SEED=4)
    {
      url: '/api/alt-fuel-stations/v1/nearest.json?latitude=40&longitude=180&radius=0',
      why: 'a box on the antimeridian covered no index cell: `cell IN ()`, a DuckDB syntax error',
    },
  ];

  for (const { url, why } of repros) {
    test(`${url} (${why})`, async () => {
      const failure = await attackAlone(requestFromUrl(url));
      if (failure)
        assert.fail(
          formatReport(
            [{ endpoint: failure.request.endpoint, status: failure.status, cause: failure.problems[0].cause, failures: [failure], example: failure }],
            { requests: 1 },
          ),
        );
    });
  }
});

describe("today's filter parameters, refused in every format of every search that takes them: a 422 in that format", () => {
  const searches = [
    { path: '/api/alt-fuel-stations/v1', query: 'limit=2' },
    { path: '/api/alt-fuel-stations/v1/nearest', query: 'location=80203&limit=2' },
    { path: '/api/alt-fuel-stations/v1/nearby-route', query: 'route=LINESTRING(-105.22%2039.76,-104.99%2039.74)&limit=2' },
  ];
  const power = ['abc', '-1', '-0.5', '1e999', 'NaN', 'Infinity', '0x10', '5kW', '', '%00', '50,150'];
  // biome-ignore format: one parameter a line
  const refused: Record<string, string[]> = {
    ev_power_kw_min: power,
    ev_power_kw_max: power,
    response_format: ['full', 'compact,compact', '', 'COMPACTED', '%FF'],
  };

  for (const search of searches) {
    const endpoint = endpoints.find((candidate) => candidate.paths[0] === search.path)!;
    const taken = propertiesOf(endpoint.parameters!);
    for (const [param, values] of Object.entries(refused)) {
      if (!(param in taken)) continue;
      test(`${search.path} ${param}`, async () => {
        for (const format of endpoint.formats)
          for (const value of [...values.map((text) => `${param}=${text}`), `${param}=1&${param}=2`]) {
            const url = `${search.path}.${format}?${search.query}&${value}`;
            const { status, failure } = await attack(requestFromUrl(url));
            assert.equal(
              failure,
              undefined,
              failure &&
                formatReport([{ endpoint: search.path, status, cause: failure.problems[0].cause, failures: [failure], example: failure }], { requests: 1 }),
            );
            assert.equal(status, 422, url);
          }
      });
    }
  }
});
