// Fuel stations: the sample build's time; then, on the 56,800-station national file and on the
// 60,000-station sample, nearest (limit 20; radius 5, 50, 500 miles) latency and throughput, and
// the full list as JSON: its MB/s and the server's peak RSS.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { buildDataSet } from '../pipeline/build.ts';
import { Random } from '../pipeline/sample/random.ts';
import { load } from './lib/load.ts';
import { startServerProcess } from './lib/server-process.ts';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import http from 'node:http';
import { shared } from '../test/support/shared-data.ts';

const national = shared('data', 'afdc', 'national_narrow', 'US_all_fuels_2021-07-29_5col_Brandon-C92.csv');
const temporary = (prefix: string) => mkdtempSync(join(tmpdir(), `bench-${prefix}-`));
const quiet = () => {};

/** The 5-column national snapshot in the export's layout: ids by row, status E, the snapshot date. */
function nationalAsExport(): { dir: string; points: Array<[number, number]> } {
  const rows = parse(readFileSync(national), { columns: true, bom: true }) as Array<Record<string, string>>;
  const dir = temporary('national');
  mkdirSync(join(dir, 'alt-fuel-stations'));
  const header = ['ID', 'Fuel Type Code', 'Station Name', 'Street Address', 'Status Code', 'Latitude', 'Longitude', 'Updated At'];
  const body = rows.map((row, i) => [i + 1, row['Fuel Type'], row.Station_Name, row.Address, 'E', row.lat, row.lon, '2021-07-29 00:00:00 UTC']);
  writeFileSync(join(dir, 'alt-fuel-stations', 'national_2021-07-29.csv'), stringify([header, ...body]));
  return { dir, points: rows.map((row) => [Number(row.lat), Number(row.lon)]) };
}

function fullList(url: string, key: string): Promise<{ bytes: number; seconds: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    http.get(`${url}/api/alt-fuel-stations/v1.json?api_key=${key}`, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ bytes, seconds: (performance.now() - started) / 1000 }));
    }).on('error', reject);
  });
}

const ms = (value: number) => value.toFixed(2).padStart(7);

async function measure(label: string, dataDir: string, points: Array<[number, number]>): Promise<void> {
  const server = await startServerProcess(dataDir, { NODE_ENV: 'production' });
  try {
    console.log(`\n${label}`);
    console.log('  nearest (limit 20)   c=1 p50   c=8 p50   c=8 p99   c=8 req/s   results/request');
    for (const radius of [5, 50, 500]) {
      const random = new Random(radius);
      const path = () => {
        const [lat, lon] = random.pick(points);
        return `/api/alt-fuel-stations/v1/nearest.json?api_key=${server.key}&latitude=${lat.toFixed(4)}&longitude=${lon.toFixed(4)}&radius=${radius}&limit=20`;
      };
      const single = await load(server.url, path, { concurrency: 1, total: 1000 });
      const eight = await load(server.url, path, { concurrency: 8, total: 4000 });
      const perRequest = eight.bytes / eight.requests;
      console.log(`  radius ${String(radius).padEnd(4)} mi      ${ms(single.p50)}   ${ms(eight.p50)}   ${ms(eight.p99)}   ${eight.perSecond.toFixed(0).padStart(9)}   ${(perRequest / 1024).toFixed(1)} KB   (ms)`);
      if (Object.keys(eight.statuses).some((status) => status !== '200')) console.log('  statuses:', eight.statuses);
    }
    const runs = [];
    for (let i = 0; i < 3; i++) runs.push(await fullList(server.url, server.key));
    const best = runs.reduce((a, b) => (a.bytes / a.seconds > b.bytes / b.seconds ? a : b));
    console.log(`  full list JSON: ${(best.bytes / 1e6).toFixed(1)} MB in ${(best.seconds * 1000).toFixed(0)} ms = ${(best.bytes / 1e6 / best.seconds).toFixed(0)} MB/s (best of 3); server peak RSS ${server.peakRssMb().toFixed(0)} MB`);
  } finally {
    await server.stop();
  }
}

const sampleDir = temporary('sample');
let started = performance.now();
await buildDataSet({ outDir: sampleDir, sample: { seed: 20240601, stations: 60_000 }, allowInvalid: false, repair: false, log: quiet });
console.log(`sample build, 60,000 stations: ${((performance.now() - started) / 1000).toFixed(1)} s`);

if (existsSync(national)) {
  const { dir, points } = nationalAsExport();
  const nationalData = temporary('national-data');
  started = performance.now();
  await buildDataSet({ outDir: nationalData, sourceDir: dir, allowInvalid: false, repair: false, log: quiet });
  console.log(`national file build, ${points.length} stations: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await measure(`national file (${points.length} stations, 2021-07-29 snapshot)`, nationalData, points);
  await measure('sample (60,000 stations)', sampleDir, points);
} else {
  console.log(`(${national} is absent: the national-file figures are skipped)`);
}
