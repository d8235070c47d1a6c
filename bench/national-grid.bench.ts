// The national grid (docs/storage.md, "The size of a national grid"): synthetic climate data sets of
// 1,000 and 2,000,000 nsrdb cells (the NSRDB 4 km grid's size) beside the sample's tmy2, tmy3 and
// intl stations, built by bench/lib/climate-grids.ts in bounded memory (goal: at most 1.5 GB
// resident), then served one after the other by a server process. For each grid: the build's time
// and rate (progress printed for the large one) and the bench process's peak resident memory; the
// server's start and its resident memory once idle (the 1,000-cell grid's beside the idle goal of
// 300 MB, the large grid's beside it with what its cells add, per cell); and, side by side, the p50
// over HTTP (one client, keep-alive) of the data query v1 and v2, PVWatts v6 and v8 by lat/lon, the
// solar resource and the NSRDB TMY download at the same random points over the contiguous U.S.,
// each with its ratio to the 1,000-cell grid's (goal: at most 1.2). The points' first requests (a
// cell's weather read and its site prepared, a shard's footer parsed) are printed apart, for
// context; the p50 is of the requests after them. NATIONAL_GRID_CELLS picks the large grid's size.
import './lib/scratch.ts';
import { climateGrid, type Grid, usPoints } from './lib/climate-grids.ts';
import { atMost } from './lib/figures.ts';
import { load } from './lib/load.ts';
import { startServerProcess } from './lib/server-process.ts';

const SIZES = [1000, Number(process.env.NATIONAL_GRID_CELLS ?? 2_000_000)];
const POINTS = 50;
const REQUESTS = 200;
const FLATNESS_GOAL = 1.2;
const BUILD_RSS_GOAL_MB = 1536;
const IDLE_SECONDS = 5;
const IDLE_RSS_GOAL_MB = 300;

const system = 'system_capacity=4&module_type=0&losses=14&array_type=1&azimuth=180';
const endpoints: Array<{ label: string; path: (lat: number, lon: number) => string }> = [
  { label: 'data query v1', path: (lat, lon) => `/api/solar/data_query/v1.json?lat=${lat}&lon=${lon}` },
  { label: 'data query v2', path: (lat, lon) => `/api/solar/data_query/v2.json?lat=${lat}&lon=${lon}` },
  { label: 'PVWatts v6 by lat/lon', path: (lat, lon) => `/api/pvwatts/v6.json?${system}&tilt=20&lat=${lat}&lon=${lon}` },
  { label: 'PVWatts v8 by lat/lon', path: (lat, lon) => `/api/pvwatts/v8.json?${system}&tilt=10&lat=${lat}&lon=${lon}` },
  { label: 'solar resource', path: (lat, lon) => `/api/solar/solar_resource/v1.json?lat=${lat}&lon=${lon}` },
  {
    label: 'NSRDB TMY download (CSV)',
    path: (lat, lon) => `/api/nsrdb/v2/solar/psm3-2-2-tmy-download.csv?wkt=POINT(${lon}%20${lat})&names=tmy&utc=false&email=user@example.com`,
  },
];
const ms = (value: number) => value.toFixed(2).padStart(7);
const thousands = (value: number) => Math.round(value).toLocaleString('en-US');
const MB = 1024 * 1024;

console.log('building the grids (the sample generator, every cell its own catalog record and solar resource; shards linked to the first)');
const grids: Grid[] = [];
for (const cells of SIZES) {
  const grid = await climateGrid(cells, { log: cells >= 100_000 });
  grids.push(grid);
  console.log(
    `  ${thousands(cells)} cells (${thousands(grid.stations)} stations, ${thousands(grid.shards)} shards): ${grid.buildSeconds.toFixed(1)} s, ${thousands(grid.stations / grid.buildSeconds)} stations a second`,
  );
}
const buildPeakMb = process.resourceUsage().maxRSS / 1024;
console.log(`  the builds' peak resident memory: ${buildPeakMb.toFixed(0)} MB   ${atMost(buildPeakMb, BUILD_RSS_GOAL_MB, 'MB')}`);

// (a grid fills its rows from the south up to its size: both reach about 46.5°N, where the NSRDB download would find no cell)
const points = usPoints(2 * POINTS, 2026)
  .filter(([lat]) => lat < 46)
  .slice(0, POINTS);
/** The servers' resident memory once idle, one per grid. */
const idleRssMb: number[] = [];
/** p50 by endpoint label, one per grid. */
const p50s = new Map<string, number[]>();
for (const grid of grids) {
  const starting = performance.now();
  // the NSRDB downloads' own limits (one CSV a second) would refuse most of the requests
  const server = await startServerProcess(grid.dir, {
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    NSRDB_CSV_PER_SECOND: '1000000',
    NSRDB_CSV_DAILY_LIMIT: '1000000',
  });
  try {
    const startSeconds = (performance.now() - starting) / 1000;
    console.log(
      `\n${thousands(grid.cells)} cells: server ready in ${startSeconds.toFixed(1)} s (resident at most ${server.peakRssMb().toFixed(0)} MB while loading)`,
    );
    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
    const idle = server.rssMb();
    if (idleRssMb.length === 0) console.log(`  server resident ${IDLE_SECONDS} s after start: ${idle.toFixed(0)} MB   ${atMost(idle, IDLE_RSS_GOAL_MB, 'MB')}`);
    else {
      // the idle goal holds for the server of the small grid; what a national grid adds is its cells' own
      const added = idle - idleRssMb[0]!;
      console.log(
        `  server resident ${IDLE_SECONDS} s after start: ${idle.toFixed(0)} MB: the ${thousands(grids[0]!.cells)}-cell grid's ${idleRssMb[0]!.toFixed(0)} MB and ${added.toFixed(0)} MB for ${thousands(grid.stations - grids[0]!.stations)} more cells (${((added * MB) / (grid.stations - grids[0]!.stations)).toFixed(0)} bytes a cell)`,
      );
    }
    idleRssMb.push(idle);
    console.log(`  ${'endpoint, 1 client'.padEnd(28)} first request at each of ${POINTS} points, p50 ms   then ${REQUESTS} requests: p50 ms   p99 ms`);
    for (const { label, path } of endpoints) {
      const at = (i: number) => `${path(...points[i % POINTS]!)}&api_key=${server.key}`;
      const first = await load(server.url, at, { concurrency: 1, total: POINTS, warmup: 0 });
      const then = await load(server.url, at, { concurrency: 1, total: REQUESTS, warmup: 0 });
      p50s.set(label, [...(p50s.get(label) ?? []), then.p50]);
      console.log(`  ${label.padEnd(28)} ${ms(first.p50).padStart(41)}   ${ms(then.p50).padStart(26)}  ${ms(then.p99)}`);
      const statuses = { ...first.statuses, ...then.statuses };
      if (Object.keys(statuses).some((status) => status !== '200')) console.log('    statuses:', first.statuses, then.statuses);
    }
    console.log(`  server resident after them: ${server.rssMb().toFixed(0)} MB`);
  } finally {
    await server.stop();
  }
}

const [small, large] = [SIZES[0]!, SIZES[SIZES.length - 1]!];
console.log(`\np50 on ${thousands(large)} cells beside p50 on ${thousands(small)}`);
for (const [label, [smallP50, largeP50]] of p50s) {
  const ratio = largeP50! / smallP50!;
  console.log(`  ${label.padEnd(28)} ${ms(smallP50!)} ms  ${ms(largeP50!)} ms   ratio ${ratio.toFixed(2)}   ${atMost(ratio, FLATNESS_GOAL)}`);
}
