// WARM_UP (on by default): a data set answers every endpoint's example, in every format, before it is
// served, at start-up and when a rebuilt one is picked up (docs/decisions.md §1.7). How quick first
// requests then are is measured by bench/first-requests.bench.ts; here, that the warm-up runs, that
// every example answers a 200, and that it can be turned off.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { endpointsFor } from '../server/endpoints/index.ts';
import { buildQuietly, startTestServer, type TestServer } from './support/helpers.ts';
import { sampleDataSet } from './support/sample-data-set.ts';

const WARMED = endpointsFor('current').filter((endpoint) => endpoint.docs?.example !== undefined && !endpoint.pathParameters);
/** Answers the warm-up gives: every format of every endpoint with an example and no path parameters, and their warm-up queries. */
const EXPECTED = WARMED.reduce((sum, endpoint) => sum + (endpoint.warmUpFormats ?? endpoint.formats).length + (endpoint.warmUp?.length ?? 0), 0);

describe('warm-up', () => {
  let dataDir: string;
  let server: TestServer;
  const lines: string[] = [];

  before(async () => {
    ({ dataDir } = await sampleDataSet({ seed: 1, stations: 300 }));
    server = await startTestServer(dataDir, { settings: { warmUp: true }, log: (line) => lines.push(line) });
  });
  after(() => server?.dispose());

  test('at start-up every example of every endpoint answers a 200 in each of its formats, and each warm-up query', () => {
    assert.ok(EXPECTED > 20, `${EXPECTED} examples`);
    assert.deepEqual(
      lines.filter((line) => line.includes('warm-up:') && !line.includes('examples answered')),
      [],
      'no example failed',
    );
    assert.ok(
      lines.some((line) => line.includes(`warm-up: ${EXPECTED} examples answered`)),
      lines.join('\n'),
    );
    // What a first request would have waited for is there: the example station's prepared site.
    assert.ok(server.data.dataSet.pvSites.stats().stations > 0, 'the PV examples prepared their station');
  });

  test('the examples are answered again after the collection that follows, then once each through HTTP; monitoring does not count those', async () => {
    // less those of a megabyte or more (the building resources of the example search)
    const again = lines.map((line) => /warm-up after the collection: (\d+) examples answered \((\d+) large ones left out\)/.exec(line)).find(Boolean);
    assert.ok(again, lines.join('\n'));
    assert.equal(Number(again[1]) + Number(again[2]), EXPECTED);
    assert.ok(Number(again[2]) > 0 && Number(again[2]) < 5, again[0]);
    // every one answered, not a 5xx (the second NSRDB download is the per-second limit's 429)
    assert.ok(
      lines.some((line) => line.includes(`warm-up through HTTP: ${WARMED.length} examples answered`)),
      lines.join('\n'),
    );
    assert.ok(!lines.some((line) => line.includes('"key":"warm-up"')), 'its requests are logged at debug level only');
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    assert.match(metrics, /^# TYPE nrel_compat_http_requests_total counter$/m);
    assert.doesNotMatch(metrics, /^nrel_compat_http_requests_total\{/m, 'no request counted yet');
  });

  test('a rebuilt data set is warmed before it is served', async () => {
    lines.length = 0;
    await buildQuietly({ outDir: dataDir, sample: { seed: 1, stations: 200 } });
    await server.dataWatcher.check();
    assert.equal(server.data.dataSet.manifest.datasets.fuel_stations!.files.stations!.rows, 200);
    assert.ok(
      lines.some((line) => line.includes(`warm-up: ${EXPECTED} examples answered`)),
      lines.join('\n'),
    );
  });

  test('WARM_UP=off: no warm-up', async () => {
    const quiet: string[] = [];
    const cold = await startTestServer(dataDir, { settings: { warmUp: false }, log: (line) => quiet.push(line) });
    try {
      assert.ok(!quiet.some((line) => line.includes('warm-up')), quiet.join('\n'));
    } finally {
      await cold.dispose();
    }
  });
});
