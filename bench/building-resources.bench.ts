// Commercial building resources: on the seeded sample (610 resources, 150 events), latency of
// resources with a search term (the goal: p50 at most 10 ms with one client), in JSON and XML, with
// vocabulary filters, the whole list, and events by scope and as JSONP; one client at a time and
// eight at once. Each request's p50 is printed beside the goal when it is a search, else beside the
// one-word search's p50 (the reference). The server runs in its own process on a sample built here.
import { scratchDir } from './lib/scratch.ts';
import { buildDataSet, DEFAULT_SEED } from '../pipeline/build.ts';
import { Random } from '../pipeline/sample/random.ts';
import { atMost } from './lib/figures.ts';
import { load, type LoadResult } from './lib/load.ts';
import { startServerProcess } from './lib/server-process.ts';

const SEARCH_GOAL_MS = 10;
const ONE_CLIENT_REQUESTS = 250;
const EIGHT_CLIENT_REQUESTS = 400;
const WARMUP = 50;
const SEARCH_TERMS = [
  'lighting',
  'hvac',
  'retrofit',
  'benchmarking',
  'payback',
  'controls',
  'ventilation',
  'commissioning',
  'metering',
  'refrigeration',
  'office',
  'hospital',
  'windows',
  'data centers',
  'audit',
  'sensors',
];

const dataDir = scratchDir('sample');
const started = performance.now();
await buildDataSet({ outDir: dataDir, sample: { seed: DEFAULT_SEED, stations: 500 }, allowInvalid: false, repair: false, log: () => {} });
console.log(`sample build (500 stations, every other data set in full): ${((performance.now() - started) / 1000).toFixed(1)} s`);

const server = await startServerProcess(dataDir, { NODE_ENV: 'production', LOG_LEVEL: 'silent' });
try {
  const random = new Random(7);
  const api = `/api/commercial-building-resources/v1`;
  const withKey = (path: string) => `${path}${path.includes('?') ? '&' : '?'}api_key=${server.key}`;
  const cases: Array<{ label: string; search: boolean; path: () => string }> = [
    { label: 'resources.json ?s=<one word>', search: true, path: () => withKey(`${api}/resources.json?s=${encodeURIComponent(random.pick(SEARCH_TERMS))}`) },
    {
      label: 'resources.json ?s=<two words>',
      search: true,
      path: () => withKey(`${api}/resources.json?s=${encodeURIComponent(`${random.pick(SEARCH_TERMS)} ${random.pick(SEARCH_TERMS)}`)}`),
    },
    { label: 'resources.xml  ?s=<one word>', search: true, path: () => withKey(`${api}/resources.xml?s=${encodeURIComponent(random.pick(SEARCH_TERMS))}`) },
    {
      label: 'resources.json ?s=&topic=&building-type=',
      search: true,
      path: () => withKey(`${api}/resources.json?s=${random.pick(SEARCH_TERMS)}&topic=${random.int(26, 50)}&building-type=Office,Hospital`),
    },
    {
      label: 'resources.json ?keyword=<name>',
      search: false,
      path: () => withKey(`${api}/resources.json?keyword=${encodeURIComponent(random.pick(['LED', 'heat pumps', 'ESPC', 'sensors', 'net zero']))}`),
    },
    { label: 'resources.json (all 610)', search: false, path: () => withKey(`${api}/resources.json`) },
    { label: 'events.json ?scope=upcoming', search: false, path: () => withKey(`${api}/events.json?scope=upcoming`) },
    {
      label: 'events.jsonp ?portal=&scope=past&callback=',
      search: false,
      path: () => withKey(`${api}/events.jsonp?portal=${random.int(6, 13)}&scope=past&callback=handle`),
    },
  ];
  const ms = (value: number) => value.toFixed(2).padStart(7);
  console.log(`\n  ${'request'.padEnd(44)}  c=1 p50  c=1 p99   c=8 p50  c=8 p99   c=8 req/s   KB/answer   c=1 p50 against`);
  /** The first case's, the one-word search's: the reference of the requests that are not searches. */
  let referenceP50: number | undefined;
  for (const { label, search, path } of cases) {
    const single = await load(server.url, path, { concurrency: 1, total: ONE_CLIENT_REQUESTS, warmup: WARMUP });
    const eight = await load(server.url, path, { concurrency: 8, total: EIGHT_CLIENT_REQUESTS, warmup: 0 });
    referenceP50 ??= single.p50;
    const against = search ? atMost(single.p50, SEARCH_GOAL_MS, 'ms') : `${(single.p50 / referenceP50).toFixed(1)} × the one-word search`;
    const statuses = [single, eight].flatMap((result: LoadResult) => Object.keys(result.statuses)).filter((status) => status !== '200');
    console.log(
      `  ${label.padEnd(44)} ${ms(single.p50)}  ${ms(single.p99)}   ${ms(eight.p50)}  ${ms(eight.p99)}   ${eight.perSecond.toFixed(0).padStart(9)}   ${(single.bytes / single.requests / 1024).toFixed(0).padStart(9)}   ${against}${statuses.length ? `   statuses ${statuses.join(',')}` : ''}`,
    );
  }
  console.log(`  (ms; ${ONE_CLIENT_REQUESTS} requests one at a time, then ${EIGHT_CLIENT_REQUESTS} with eight clients; keep-alive; server in its own process)`);
} finally {
  await server.stop();
}
