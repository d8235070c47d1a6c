// Fuel stations: the sample build's time (beside the 15 s docs/storage.md states); then, on the
// 56,800-station national file (real data) and on the 60,000-station sample, nearest (limit 20;
// radius 5, 50, 500 miles) against their goals (bench/README.md) and against DuckDB's own floor, and the full
// list as JSON: its MB/s and the server's peak RSS.
//
// The floor is the very statements the server runs for the same search (StationStore.nearestSearch:
// the request row written, the search whose plan DuckDB keeps, the row cleared), run through
// @duckdb/node-api on the same table in this process, with no HTTP, parameters to read or records
// to render; each one-client request is timed right after the floor of the same search, so both see
// the same machine. A prepared one-row statement gives DuckDB's round trip alone.
import { scratchDir } from './lib/scratch.ts';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { buildDataSet } from '../pipeline/build.ts';
import { Random } from '../pipeline/sample/random.ts';
import { Database } from '../server/data/database.ts';
import { StationStore } from '../server/data/stations.ts';
import { shared } from '../harness/shared-data.ts';
import { atMost, percentileOf } from './lib/figures.ts';
import { load } from './lib/load.ts';
import { startServerProcess } from './lib/server-process.ts';

const national = shared('data', 'afdc', 'national_narrow', 'US_all_fuels_2021-07-29_5col_Brandon-C92.csv');
const SAMPLE_STATIONS = 60_000;
/** docs/storage.md: "Building the default sample (60,000 stations, …) takes about 15 s on a 2-core machine". */
const SAMPLE_BUILD_REFERENCE_S = 15;
const RADII = [5, 50, 500];
/** The goals: p50 with one client, by radius; requests a second with 8 clients. */
const P50_GOAL_MS: Record<number, number> = { 5: 3, 50: 3, 500: 5 };
const PER_SECOND_GOAL = 400;
const ONE_CLIENT_REQUESTS = 250;
const EIGHT_CLIENT_REQUESTS = 800;
const WARMUP = 30;
const quiet = () => {};

interface Figures {
  label: string;
  /** By radius. */
  nearest: Map<number, { oneClientP50: number; floorP50: number; eightClientsP50: number; eightClientsP99: number; perSecond: number; kbPerAnswer: number }>;
  /** A prepared one-row statement's p50: DuckDB's round trip. */
  roundTripP50: number;
  list: { mb: number; mbPerSecond: number };
  peakRssMb: number;
}

/**
 * The 5-column national snapshot in the export's layout: ids by row, status E, country US (today's
 * searches are of U.S. stations unless asked otherwise), the snapshot date.
 */
function nationalAsExport(): { dir: string; points: Array<[number, number]> } {
  const rows = parse(readFileSync(national), { columns: true, bom: true }) as Array<Record<string, string>>;
  const dir = scratchDir('national-source');
  mkdirSync(join(dir, 'alt-fuel-stations'));
  const header = ['ID', 'Fuel Type Code', 'Station Name', 'Street Address', 'Status Code', 'Latitude', 'Longitude', 'Country', 'Updated At'];
  const body = rows.map((row, i) => [i + 1, row['Fuel Type'], row.Station_Name, row.Address, 'E', row.lat, row.lon, 'US', '2021-07-29 00:00:00 UTC']);
  writeFileSync(join(dir, 'alt-fuel-stations', 'national_2021-07-29.csv'), stringify([header, ...body]));
  return { dir, points: rows.map((row) => [Number(row.lat), Number(row.lon)]) };
}

/** One GET on a keep-alive agent, read to the end: its time in ms. */
function timedGet(agent: http.Agent, url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    http
      .get(url, { agent }, (res) => {
        res.on('data', () => {});
        res.on('end', () => (res.statusCode === 200 ? resolve(performance.now() - started) : reject(new Error(`${url}: ${res.statusCode}`))));
      })
      .on('error', reject);
  });
}

function fullList(url: string, key: string): Promise<{ bytes: number; seconds: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    http
      .get(`${url}/api/alt-fuel-stations/v1.json?api_key=${key}`, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve({ bytes, seconds: (performance.now() - started) / 1000 }));
      })
      .on('error', reject);
  });
}

/** The data set's stations in this process, for DuckDB's floor. */
async function storeOf(dataDir: string): Promise<{ db: Database; store: StationStore }> {
  const manifest = JSON.parse(readFileSync(join(dataDir, 'manifest.json'), 'utf8'));
  const db = await Database.open();
  return { db, store: await StationStore.load(db, join(dataDir, manifest.datasets.fuel_stations.files.stations.path)) };
}

async function measure(label: string, dataDir: string, points: Array<[number, number]>): Promise<Figures> {
  const { db, store } = await storeOf(dataDir);
  const server = await startServerProcess(dataDir, { NODE_ENV: 'production' });
  try {
    const figures: Figures = { label, nearest: new Map(), roundTripP50: 0, list: { mb: 0, mbPerSecond: 0 }, peakRssMb: 0 };
    const roundTrips: number[] = [];
    for (let i = 0; i < 300; i++) {
      const started = performance.now();
      await db.run([{ sql: 'SELECT 1' }]);
      roundTrips.push(performance.now() - started);
    }
    figures.roundTripP50 = percentileOf(roundTrips, 50);
    for (const radius of RADII) {
      const random = new Random(radius);
      const search = () => {
        const [lat, lon] = random.pick(points);
        return [Number(lat.toFixed(4)), Number(lon.toFixed(4))] as const;
      };
      const path = ([lat, lon]: readonly [number, number]) =>
        `/api/alt-fuel-stations/v1/nearest.json?api_key=${server.key}&latitude=${lat}&longitude=${lon}&radius=${radius}&limit=20`;
      // One client, each request beside DuckDB's floor for the same search (today's: on the ellipsoid, in the US).
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const floor: number[] = [];
      const oneClient: number[] = [];
      for (let i = 0; i < WARMUP + ONE_CLIENT_REQUESTS; i++) {
        const point = search();
        const statements = store.nearestSearch(point[0], point[1], radius, { countries: ['US'] }, { offset: 0, limit: 20 }, 'ellipsoid');
        let started = performance.now();
        await db.run(statements.steps, statements.after);
        const floorMs = performance.now() - started;
        started = performance.now();
        const requestMs = await timedGet(agent, `${server.url}${path(point)}`);
        if (i < WARMUP) continue;
        floor.push(floorMs);
        oneClient.push(requestMs);
      }
      agent.destroy();
      const eight = await load(server.url, () => path(search()), { concurrency: 8, total: EIGHT_CLIENT_REQUESTS });
      if (Object.keys(eight.statuses).some((status) => status !== '200')) console.log(`  ${label}, radius ${radius}: statuses`, eight.statuses);
      figures.nearest.set(radius, {
        oneClientP50: percentileOf(oneClient, 50),
        floorP50: percentileOf(floor, 50),
        eightClientsP50: eight.p50,
        eightClientsP99: eight.p99,
        perSecond: eight.perSecond,
        kbPerAnswer: eight.bytes / eight.requests / 1024,
      });
    }
    const runs = [];
    for (let i = 0; i < 3; i++) runs.push(await fullList(server.url, server.key));
    const best = runs.reduce((a, b) => (a.bytes / a.seconds > b.bytes / b.seconds ? a : b));
    figures.list = { mb: best.bytes / 1e6, mbPerSecond: best.bytes / 1e6 / best.seconds };
    figures.peakRssMb = server.peakRssMb();
    return figures;
  } finally {
    await server.stop();
    db.close();
  }
}

/** Each data set's figures, radius by radius, beside the goals and DuckDB's floor. */
function print(all: Figures[]): void {
  const figure = (value: number, digits = 2) => value.toFixed(digits).padStart(8);
  const atLeast = (value: number, goal: number) => `goal ≥ ${goal}: ${value >= goal ? 'met' : 'MISSED'}`;
  console.log(`\nnearest (limit 20), ms; c=1: ${ONE_CLIENT_REQUESTS} requests, each after DuckDB's floor for the same search; c=8: ${EIGHT_CLIENT_REQUESTS}`);
  console.log(
    `  ${''.padEnd(14)} ${''.padEnd(22)} ${'c=1 p50'.padStart(8)} ${''.padEnd(18)} ${'floor'.padStart(8)} ${'ratio'.padStart(6)} ${'c=8 req/s'.padStart(9)} ${''.padEnd(18)} ${'c=8 p50'.padStart(8)} ${'c=8 p99'.padStart(8)} ${'KB'.padStart(6)}`,
  );
  for (const radius of RADII) {
    for (const [i, figures] of all.entries()) {
      const row = figures.nearest.get(radius)!;
      console.log(
        `  ${(i === 0 ? `radius ${radius} mi` : '').padEnd(14)} ${figures.label.padEnd(22)} ${figure(row.oneClientP50)} ${atMost(row.oneClientP50, P50_GOAL_MS[radius], 'ms').padEnd(18)} ${figure(row.floorP50)} ${`${(row.oneClientP50 / row.floorP50).toFixed(2)}x`.padStart(6)} ${figure(row.perSecond, 0).padStart(9)} ${atLeast(row.perSecond, PER_SECOND_GOAL).padEnd(18)} ${figure(row.eightClientsP50)} ${figure(row.eightClientsP99)} ${figure(row.kbPerAnswer, 1).padStart(6)}`,
      );
    }
  }
  console.log("  floor: the same search's DuckDB statements in this process (no HTTP, parameters or rendering); ratio: c=1 p50 / floor p50");
  for (const figures of all)
    console.log(`  ${figures.label}: DuckDB's round trip alone (a prepared one-row statement) p50 ${figures.roundTripP50.toFixed(2)} ms`);
  console.log('\nfull list JSON (best of 3)');
  for (const figures of all) {
    console.log(
      `  ${figures.label.padEnd(22)} ${figures.list.mb.toFixed(1).padStart(5)} MB at ${figures.list.mbPerSecond.toFixed(0).padStart(4)} MB/s; server peak RSS ${figures.peakRssMb.toFixed(0)} MB`,
    );
  }
}

const sampleDir = scratchDir('sample');
let started = performance.now();
await buildDataSet({ outDir: sampleDir, sample: { seed: 20240601, stations: SAMPLE_STATIONS }, allowInvalid: false, repair: false, log: quiet });
console.log(
  `sample build, ${SAMPLE_STATIONS.toLocaleString('en-US')} stations (and the rest of the sample): ${((performance.now() - started) / 1000).toFixed(1)} s (docs/storage.md: about ${SAMPLE_BUILD_REFERENCE_S} s)`,
);

if (existsSync(national)) {
  const { dir, points } = nationalAsExport();
  const nationalData = scratchDir('national-data');
  started = performance.now();
  await buildDataSet({ outDir: nationalData, sourceDir: dir, allowInvalid: false, repair: false, log: quiet });
  console.log(`national file build, ${points.length.toLocaleString('en-US')} stations: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const reference = await measure(`national (${points.length.toLocaleString('en-US')})`, nationalData, points);
  print([reference, await measure(`sample (${SAMPLE_STATIONS.toLocaleString('en-US')})`, sampleDir, points)]);
  console.log("  (searches at the national file's station points; server in its own process, keep-alive clients)");
} else {
  console.log(`(${national} is absent: the searches, made at its points, are skipped)`);
}
