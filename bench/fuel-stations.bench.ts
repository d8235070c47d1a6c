// Fuel stations: the sample build's time (beside the 15 s docs/storage.md states); then, on the
// 56,800-station national file (the reference: real data) and on the 60,000-station sample, nearest
// (limit 20; radius 5, 50, 500 miles) latency and throughput, and the full list as JSON: its MB/s
// and the server's peak RSS; each of the sample's figures under the national file's.
import { scratchDir } from './lib/scratch.ts';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { buildDataSet } from '../pipeline/build.ts';
import { Random } from '../pipeline/sample/random.ts';
import { shared } from '../test/support/shared-data.ts';
import { load } from './lib/load.ts';
import { startServerProcess } from './lib/server-process.ts';

const national = shared('data', 'afdc', 'national_narrow', 'US_all_fuels_2021-07-29_5col_Brandon-C92.csv');
const SAMPLE_STATIONS = 60_000;
/** docs/storage.md: "Building the default sample (60,000 stations, …) takes about 15 s on a 2-core machine". */
const SAMPLE_BUILD_REFERENCE_S = 15;
const RADII = [5, 50, 500];
const ONE_CLIENT_REQUESTS = 250;
const EIGHT_CLIENT_REQUESTS = 800;
const quiet = () => {};

interface Figures {
  label: string;
  /** By radius. */
  nearest: Map<number, { oneClientP50: number; eightClientsP50: number; eightClientsP99: number; perSecond: number; kbPerAnswer: number }>;
  list: { mb: number; mbPerSecond: number };
  peakRssMb: number;
}

/** The 5-column national snapshot in the export's layout: ids by row, status E, the snapshot date. */
function nationalAsExport(): { dir: string; points: Array<[number, number]> } {
  const rows = parse(readFileSync(national), { columns: true, bom: true }) as Array<Record<string, string>>;
  const dir = scratchDir('national-source');
  mkdirSync(join(dir, 'alt-fuel-stations'));
  const header = ['ID', 'Fuel Type Code', 'Station Name', 'Street Address', 'Status Code', 'Latitude', 'Longitude', 'Updated At'];
  const body = rows.map((row, i) => [i + 1, row['Fuel Type'], row.Station_Name, row.Address, 'E', row.lat, row.lon, '2021-07-29 00:00:00 UTC']);
  writeFileSync(join(dir, 'alt-fuel-stations', 'national_2021-07-29.csv'), stringify([header, ...body]));
  return { dir, points: rows.map((row) => [Number(row.lat), Number(row.lon)]) };
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

async function measure(label: string, dataDir: string, points: Array<[number, number]>): Promise<Figures> {
  const server = await startServerProcess(dataDir, { NODE_ENV: 'production' });
  try {
    const figures: Figures = { label, nearest: new Map(), list: { mb: 0, mbPerSecond: 0 }, peakRssMb: 0 };
    for (const radius of RADII) {
      const random = new Random(radius);
      const path = () => {
        const [lat, lon] = random.pick(points);
        return `/api/alt-fuel-stations/v1/nearest.json?api_key=${server.key}&latitude=${lat.toFixed(4)}&longitude=${lon.toFixed(4)}&radius=${radius}&limit=20`;
      };
      const single = await load(server.url, path, { concurrency: 1, total: ONE_CLIENT_REQUESTS });
      const eight = await load(server.url, path, { concurrency: 8, total: EIGHT_CLIENT_REQUESTS });
      if (Object.keys(eight.statuses).some((status) => status !== '200')) console.log(`  ${label}, radius ${radius}: statuses`, eight.statuses);
      figures.nearest.set(radius, {
        oneClientP50: single.p50,
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
  }
}

/** The national file's figures (the reference) above the sample's, row by row. */
function print(reference: Figures, sample: Figures): void {
  const figure = (value: number, digits = 2) => value.toFixed(digits).padStart(9);
  const title = `nearest (limit 20), ms; c=1: ${ONE_CLIENT_REQUESTS} requests, c=8: ${EIGHT_CLIENT_REQUESTS}`;
  console.log(`\n${title.padEnd(57)}${['c=1 p50', 'c=8 p50', 'c=8 p99', 'c=8 req/s', 'KB/answer'].map((heading) => heading.padStart(10)).join('')}`);
  for (const radius of RADII) {
    for (const figures of [reference, sample]) {
      const row = figures.nearest.get(radius)!;
      const where = figures === reference ? `radius ${radius} mi`.padEnd(14) : ''.padEnd(14);
      console.log(
        `  ${where} ${figures.label.padEnd(40)} ${figure(row.oneClientP50)} ${figure(row.eightClientsP50)} ${figure(row.eightClientsP99)} ${figure(row.perSecond, 0)} ${figure(row.kbPerAnswer, 1)}`,
      );
    }
  }
  console.log('\nfull list JSON (best of 3)');
  for (const figures of [reference, sample]) {
    console.log(
      `  ${figures.label.padEnd(40)} ${figures.list.mb.toFixed(1).padStart(5)} MB at ${figures.list.mbPerSecond.toFixed(0).padStart(4)} MB/s; server peak RSS ${figures.peakRssMb.toFixed(0)} MB`,
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
  const reference = await measure(`national file (${points.length.toLocaleString('en-US')}): the reference`, nationalData, points);
  print(reference, await measure(`sample (${SAMPLE_STATIONS.toLocaleString('en-US')})`, sampleDir, points));
  console.log("  (searches at the national file's station points; server in its own process, keep-alive clients)");
} else {
  console.log(`(${national} is absent: the searches, made at its points, are skipped)`);
}
