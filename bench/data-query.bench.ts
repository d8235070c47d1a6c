// data_query over HTTP (a server process, one client, keep-alive) on synthetic nsrdb grids of 1,000,
// 10,000 and 100,000 cells plus the sample's tmy2, tmy3 and intl stations (bench/lib/climate-grids.ts):
// p50 and p99 for random points over the contiguous U.S. (radius 100, the default; radius 0; all=1
// with radius 25), each beside the same figure on the 1,000-cell grid. The goal: the search is flat,
// p50 on 100,000 cells at most 1.5 × p50 on 1,000. CLIMATE_BENCH_CELLS=1000,100000 picks the grids.
import './lib/scratch.ts';
import { climateGrid, usPoints } from './lib/climate-grids.ts';
import { atMost } from './lib/figures.ts';
import { load } from './lib/load.ts';
import { startServerProcess } from './lib/server-process.ts';

const sizes = (process.env.CLIMATE_BENCH_CELLS ?? '1000,10000,100000').split(',').map(Number);
const REQUESTS = 500;
const WARMUP = 100;
const FLATNESS_GOAL = 1.5;
const variants = [
  { label: 'radius=100 (default)', query: '' },
  { label: 'radius=0', query: '&radius=0' },
  { label: 'radius=25 all=1', query: '&radius=25&all=1' },
];
const ms = (value: number) => value.toFixed(2).padStart(7);

/** p50 by variant label, in the order of `sizes`. */
const p50s = new Map<string, number[]>();
console.log(`data_query v2 (JSON), 1 client, ${REQUESTS} requests per row     p50 ms   p99 ms   p50 / p50 at ${sizes[0]} cells`);
for (const cells of sizes) {
  const grid = await climateGrid(cells);
  const server = await startServerProcess(grid.dir, { NODE_ENV: 'production' });
  try {
    console.log(`  ${cells} nsrdb cells (+${grid.stations - cells} other stations, ${grid.shards} shards; built in ${grid.buildSeconds.toFixed(1)} s)`);
    for (const variant of variants) {
      const points = usPoints(REQUESTS + WARMUP, cells);
      const path = (i: number) => {
        const [lat, lon] = points[i % points.length]!;
        return `/api/solar/data_query/v2.json?api_key=${server.key}&lat=${lat}&lon=${lon}${variant.query}`;
      };
      const result = await load(server.url, path, { concurrency: 1, total: REQUESTS, warmup: WARMUP });
      const row = [...(p50s.get(variant.label) ?? []), result.p50];
      p50s.set(variant.label, row);
      const versusFirst = row.length === 1 ? 'reference' : `${(result.p50 / row[0]!).toFixed(2)}`;
      console.log(`    ${variant.label.padEnd(48)} ${ms(result.p50)}  ${ms(result.p99)}   ${versusFirst}`);
      if (Object.keys(result.statuses).some((status) => status !== '200')) console.log('      statuses:', result.statuses);
    }
  } finally {
    await server.stop();
  }
}
const [smallest, largest] = [sizes[0], sizes[sizes.length - 1]];
for (const [label, row] of p50s) {
  const ratio = row[row.length - 1]! / row[0]!;
  console.log(`  ${label}: p50 at ${largest} / ${smallest} cells = ${ratio.toFixed(2)} (${atMost(ratio, FLATNESS_GOAL)})`);
}
