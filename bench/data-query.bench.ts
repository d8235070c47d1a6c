// data_query over HTTP (a server process, one client, keep-alive) on synthetic nsrdb grids of 1,000,
// 10,000 and 100,000 cells plus the sample's tmy2, tmy3 and intl stations: p50 and p99 for random
// points over the contiguous U.S. (radius 100, the default; radius 0; all=1 with radius 25).
import { climateGrid, usPoints } from './climate-grids.ts';
import { load } from './lib/load.ts';
import { startServerProcess } from './lib/server-process.ts';

const sizes = (process.env.CLIMATE_BENCH_CELLS ?? '1000,10000,100000').split(',').map(Number);
const variants = [
  { label: 'radius=100 (default)', query: '' },
  { label: 'radius=0            ', query: '&radius=0' },
  { label: 'radius=25 all=1     ', query: '&radius=25&all=1' },
];
const results = new Map<string, number[]>();
console.log('data_query v2 (JSON), 1 client:        p50 ms   p99 ms');
for (const cells of sizes) {
  const grid = await climateGrid(cells);
  const server = await startServerProcess(grid.dir, { NODE_ENV: 'production' });
  try {
    console.log(`  ${cells} nsrdb cells`);
    for (const variant of variants) {
      const points = usPoints(2000, cells);
      const path = (i: number) => {
        const [lat, lon] = points[i % points.length]!;
        return `/api/solar/data_query/v2.json?api_key=${server.key}&lat=${lat}&lon=${lon}${variant.query}`;
      };
      const result = await load(server.url, path, { concurrency: 1, total: 1500, warmup: 200 });
      if (Object.keys(result.statuses).some((status) => status !== '200')) console.log('    statuses:', result.statuses);
      console.log(`    ${variant.label}            ${result.p50.toFixed(2).padStart(6)}   ${result.p99.toFixed(2).padStart(6)}`);
      results.set(variant.label, [...(results.get(variant.label) ?? []), result.p50]);
    }
  } finally {
    await server.stop();
  }
}
for (const [label, values] of results) console.log(`  ${label.trim()}: p50 at ${sizes[sizes.length - 1]} / ${sizes[0]} cells = ${(values[values.length - 1]! / values[0]!).toFixed(2)} (target <= 1.5)`);
