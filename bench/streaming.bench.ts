// Full lists streaming (no `limit`, the real API's default): each format's full list in MB/s alone,
// beside its goal (JSON and CSV ≥ 100, XML ≥ 60; GeoJSON for reference); how long small requests wait
// while two full XML lists stream at once (the p50 and p99 of /health and of a nearest search with
// limit=1 through the gateway, beside the goal and the same requests with nothing else running); the
// server's resident memory idle (goal ≤ 300 MB) and at its largest while lists stream (≤ 350 MB); and
// with 200 clients at once (nearest searches, then lists of 200 stations, each streamed), the largest
// resident memory and the most requests waiting their turn (admission: MAX_ACTIVE_REQUESTS and
// MAX_STREAMS, at their defaults), where without admission memory grows with the clients; sixteen
// nearby-route requests at once along 1,000-point routes 100 miles wide (answers of 6-18 MB), whose
// largest resident memory is held to the same goal as the lists'; and the resident memory once the
// server has been idle after all of it, beside the figure it started from (goal: within 50 MB).
// The server runs in its own process on a 60,000-station sample built for the run.
import { scratchDir } from './lib/scratch.ts';
import http from 'node:http';
import { buildDataSet } from '../pipeline/build.ts';
import { atLeast, atMost, percentile, percentileOf } from './lib/figures.ts';
import { load } from './lib/load.ts';
import { startServerProcess, type ServerProcess } from './lib/server-process.ts';

const STATIONS = 60_000;
const GOAL_P99_MS = 50;
/** Each format's full list alone, MB/s at least (GeoJSON has none: printed for reference). */
const GOAL_MB_PER_SECOND: Record<string, number | undefined> = { json: 100, csv: 100, xml: 60 };
const GOAL_IDLE_RSS_MB = 300;
const GOAL_STREAMING_RSS_MB = 350;
/** How far above its start-up figure the idle server may stay after the bursts. */
const GOAL_RSS_AFTER_BURSTS_MB = 50;
/** How long the server is left alone after the bursts: past its idle collection (5 s) with room to spare. */
const AFTER_BURSTS_SECONDS = 15;
/** nearby-route requests at once, each along a route of this many points, this many miles wide. */
const ROUTE_CLIENTS = 16;
const ROUTE_POINTS = 1000;
const ROUTE_MILES = 100;
/** How long the server is left alone before its idle resident memory is read. */
const IDLE_SECONDS = 10;
const CLIENTS = 200;
/** Rounds of two concurrent XML lists; the small requests of every round are pooled. */
const ROUNDS = 3;
const FORMATS = ['json', 'xml', 'csv', 'geojson'] as const;

interface ListRead {
  bytes: number;
  seconds: number;
}

/** A full station list, read as fast as the client can. */
function fullList(server: ServerProcess, format: string): Promise<ListRead> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    http
      .get(`${server.url}/api/alt-fuel-stations/v1.${format}?api_key=${server.key}`, { agent: false }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve({ bytes, seconds: (performance.now() - started) / 1000 }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** Milliseconds from sending a GET to the last byte of its answer. */
function timedGet(agent: http.Agent, url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const sent = performance.now();
    http
      .get(url, { agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(performance.now() - sent));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** /health and a nearest search with limit=1, one after the other on one keep-alive connection, until `until` says stop. */
async function smallRequests(server: ServerProcess, until: () => boolean): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const paths = ['/health', `/api/alt-fuel-stations/v1/nearest.json?api_key=${server.key}&latitude=39.7392&longitude=-104.9903&limit=1`];
  const latencies: number[] = [];
  try {
    for (let i = 0; !until(); i++) latencies.push(await timedGet(agent, `${server.url}${paths[i % paths.length]}`));
  } finally {
    agent.destroy();
  }
  return latencies;
}

const mbPerSecond = (read: ListRead) => read.bytes / 1e6 / read.seconds;
const fixed = (value: number, digits = 1) => value.toFixed(digits).padStart(7);

/** Prints the latencies' p50, p99 and max, and `against`: the goal or reference they are compared with. */
function printLatencies(label: string, latencies: number[], against: string): void {
  const sorted = [...latencies].sort((a, b) => a - b);
  const figures = `p50 ${fixed(percentile(sorted, 50))} ms   p99 ${fixed(percentile(sorted, 99))} ms   max ${fixed(sorted.at(-1) ?? NaN)} ms`;
  console.log(`  ${label.padEnd(32)} ${figures}   (${sorted.length} requests)   ${against}`);
}

/** Returns the XML list's rate alone, MB/s. */
async function measureAlone(server: ServerProcess): Promise<number> {
  console.log('\nfull list, alone (best of 3)');
  let xmlMbPerSecond = NaN;
  for (const format of FORMATS) {
    const reads: ListRead[] = [];
    for (let i = 0; i < 3; i++) reads.push(await fullList(server, format));
    const best = reads.reduce((a, b) => (mbPerSecond(a) >= mbPerSecond(b) ? a : b));
    const goal = GOAL_MB_PER_SECOND[format];
    console.log(
      `  ${format.padEnd(8)} ${fixed(best.bytes / 1e6)} MB in ${fixed(best.seconds * 1000, 0)} ms = ${fixed(mbPerSecond(best), 0)} MB/s   ${goal === undefined ? 'the reference' : atLeast(mbPerSecond(best), goal, 'MB/s')}`,
    );
    if (format === 'xml') xmlMbPerSecond = mbPerSecond(best);
  }
  return xmlMbPerSecond;
}

async function measureIdle(server: ServerProcess): Promise<void> {
  const stopAt = performance.now() + 2000;
  printLatencies('nothing else running', await smallRequests(server, () => performance.now() > stopAt), 'the reference');
}

async function measureTwoXmlLists(server: ServerProcess, xmlAloneMbPerSecond: number): Promise<void> {
  const latencies: number[] = [];
  const reads: ListRead[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    let streaming = true;
    const lists = Promise.all([fullList(server, 'xml'), fullList(server, 'xml')]).finally(() => (streaming = false));
    latencies.push(...(await smallRequests(server, () => !streaming)));
    reads.push(...(await lists));
  }
  printLatencies('while two full XML lists stream', latencies, `p99 ${atMost(percentileOf(latencies, 99), GOAL_P99_MS, 'ms')}`);
  const rates = reads.map(mbPerSecond);
  console.log(
    `  each XML list meanwhile: ${fixed(Math.min(...rates), 0)} to ${fixed(Math.max(...rates), 0)} MB/s (${ROUNDS} rounds of 2; alone: ${xmlAloneMbPerSecond.toFixed(0)} MB/s)`,
  );
}

/** The most requests /health reports waiting for a place (answering or streaming) while `until` says go on. */
async function mostWaiting(server: ServerProcess, until: () => boolean): Promise<{ answering: number; streaming: number }> {
  const most = { answering: 0, streaming: 0 };
  while (!until()) {
    const health = (await (await fetch(`${server.url}/health`)).json()) as { requests: Record<'answering' | 'streaming', { waiting: number }> };
    most.answering = Math.max(most.answering, health.requests.answering.waiting);
    most.streaming = Math.max(most.streaming, health.requests.streaming.waiting);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return most;
}

async function measureManyClients(server: ServerProcess, idleRssMb: number): Promise<void> {
  console.log(`\n${CLIENTS} clients at once (resident memory at its largest; idle: ${idleRssMb.toFixed(0)} MB)`);
  let i = 0;
  const kinds = {
    'nearest searches': () =>
      `/api/alt-fuel-stations/v1/nearest.json?api_key=${server.key}&latitude=${(30 + ((i * 7919) % 1500) / 100).toFixed(3)}&longitude=${(-120 + ((i++ * 104729) % 4000) / 100).toFixed(3)}&radius=50&limit=20`,
    'lists of 200 (streamed)': () => `/api/alt-fuel-stations/v1.json?api_key=${server.key}&limit=200&offset=${(i++ * 200) % 50_000}`,
  };
  for (const [label, path] of Object.entries(kinds)) {
    const largestRss = server.watchRss();
    let done = false;
    const waiting = mostWaiting(server, () => done);
    const result = await load(server.url, path, { concurrency: CLIENTS, total: 5 * CLIENTS, warmup: 0 }).finally(() => (done = true));
    const most = await waiting;
    const rss = largestRss();
    const statuses = Object.entries(result.statuses).filter(([status]) => status !== '200');
    console.log(
      `  ${label.padEnd(24)} ${result.perSecond.toFixed(0).padStart(5)} req/s, p50 ${fixed(result.p50)} ms; RSS at most ${rss.toFixed(0)} MB (${atMost(rss, GOAL_STREAMING_RSS_MB, 'MB')}); ` +
        `at most ${most.answering} waiting to be answered, ${most.streaming} to stream${statuses.length ? `; non-200: ${JSON.stringify(Object.fromEntries(statuses))}` : ''}`,
    );
  }
}

/** A route of ROUTE_POINTS points, about 600 miles west-south-west from somewhere in the east, as WKT; `i` picks where. */
function route(i: number): string {
  const [latitude, longitude] = [38 + (i % 4), -75 - (i % 5)];
  const points = Array.from(
    { length: ROUTE_POINTS },
    (_, k) => `${(longitude - k * 0.01).toFixed(5)} ${(latitude - k * 0.003 + 0.05 * Math.sin(k / 20)).toFixed(5)}`,
  );
  return `LINESTRING(${points.join(', ')})`;
}

/** A nearby-route POST (the route is too long for a URL), read to its end: the answer's bytes. */
function routeAnswer(server: ServerProcess, i: number): Promise<number> {
  const body = new URLSearchParams({ route: route(i), distance: String(ROUTE_MILES) }).toString();
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${server.url}/api/alt-fuel-stations/v1/nearby-route.json?api_key=${server.key}`,
      { method: 'POST', agent: false, headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': Buffer.byteLength(body) } },
      (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => (res.statusCode === 200 ? resolve(bytes) : reject(new Error(`nearby-route: ${res.statusCode}`))));
        res.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

async function measureRouteBurst(server: ServerProcess): Promise<void> {
  const largestRss = server.watchRss();
  const started = performance.now();
  const answers = await Promise.all(Array.from({ length: ROUTE_CLIENTS }, (_, i) => routeAnswer(server, i)));
  const seconds = (performance.now() - started) / 1000;
  const rss = largestRss();
  const megabytes = answers.map((bytes) => bytes / 1e6);
  console.log(
    `
${ROUTE_CLIENTS} nearby-route requests at once (${ROUTE_POINTS} points, ${ROUTE_MILES} mi; answers ${Math.min(...megabytes).toFixed(1)} to ${Math.max(...megabytes).toFixed(1)} MB): ` +
      `${seconds.toFixed(1)} s; RSS at most ${rss.toFixed(0)} MB   ${atMost(rss, GOAL_STREAMING_RSS_MB, 'MB')}`,
  );
}

const dataDir = scratchDir('sample');
const started = performance.now();
await buildDataSet({ outDir: dataDir, sample: { seed: 20240601, stations: STATIONS }, allowInvalid: false, repair: false, log: () => {} });
console.log(`sample build, ${STATIONS.toLocaleString('en-US')} stations: ${((performance.now() - started) / 1000).toFixed(1)} s`);
const server = await startServerProcess(dataDir, { NODE_ENV: 'production', LOG_LEVEL: 'silent' });
try {
  console.log(`server started: resident ${server.rssMb().toFixed(0)} MB (at most ${server.peakRssMb().toFixed(0)} while loading)`);
  await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
  const idleRssMb = server.rssMb();
  console.log(`server RSS idle (${IDLE_SECONDS} s after start): ${idleRssMb.toFixed(0)} MB   ${atMost(idleRssMb, GOAL_IDLE_RSS_MB, 'MB')}`);
  const largestRss = server.watchRss();
  const xmlAloneMbPerSecond = await measureAlone(server);
  console.log('\nsmall requests (/health and nearest limit=1 through the gateway, one after the other)');
  await measureIdle(server);
  await measureTwoXmlLists(server, xmlAloneMbPerSecond);
  const streamingRssMb = largestRss();
  console.log(`\nserver RSS while lists stream, at most: ${streamingRssMb.toFixed(0)} MB   ${atMost(streamingRssMb, GOAL_STREAMING_RSS_MB, 'MB')}`);
  await measureRouteBurst(server);
  await measureManyClients(server, idleRssMb);
  await new Promise((resolve) => setTimeout(resolve, AFTER_BURSTS_SECONDS * 1000));
  const afterRssMb = server.rssMb();
  console.log(
    `
server RSS idle ${AFTER_BURSTS_SECONDS} s after the bursts: ${afterRssMb.toFixed(0)} MB, ${(afterRssMb - idleRssMb).toFixed(0)} MB above its start-up figure (${idleRssMb.toFixed(0)} MB)   ${atMost(afterRssMb - idleRssMb, GOAL_RSS_AFTER_BURSTS_MB, 'MB')}`,
  );
} finally {
  await server.stop();
}
