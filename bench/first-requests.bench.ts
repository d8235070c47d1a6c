// First requests on a freshly started server (`npm start`, the default sample of 60,000 stations):
// for each kind of request, the time of the first after /health answers and of the tenth of the same
// request, on a server with WARM_UP on (the default) and, for comparison, off. The goal: the first
// takes no longer than the tenth, within the noise (at most 1.5 × the tenth + 5 ms). None of these
// requests is a warm-up example (docs/decisions.md §1.7): other places, other stations, other queries.
import './lib/scratch.ts';
import { buildDataSet, DEFAULT_SAMPLE_STATIONS, DEFAULT_SEED } from '../pipeline/build.ts';
import { atMost } from './lib/figures.ts';
import { scratchDir } from './lib/scratch.ts';
import { startServerProcess } from './lib/server-process.ts';

const PV = 'system_capacity=4&module_type=1&losses=12&array_type=2&tilt=30&azimuth=170';
const REQUESTS = [
  '/api/alt-fuel-stations/v1/nearest.json?location=Bellevue, WA&limit=3',
  '/api/alt-fuel-stations/v1/nearest.xml?location=98004&fuel_type=ELEC&limit=5',
  '/api/alt-fuel-stations/v1.csv?state=WA&limit=20',
  '/api/alt-fuel-stations/v1.geojson?state=OR&fuel_type=CNG',
  '/api/alt-fuel-stations/v1/nearby-route.json?route=LINESTRING(-122.33 47.61, -122.68 45.52)&distance=3&limit=5',
  '/api/alt-fuel-stations/v1/last-updated.json',
  '/api/solar/data_query/v2.xml?lat=45.5&lon=-122.7',
  // The warm-up examples' station (Denver), another system: the model's code is warm.
  `/api/pvwatts/v6.json?lat=40&lon=-105&${PV}`,
  `/api/pvwatts/v8.json?lat=40&lon=-105&${PV}&bifaciality=0.65`,
  '/api/commercial-building-resources/resources.xml?s=lighting',
];
/** Not held to the goal: a station asked for the first time has its PV site prepared then (docs/decisions.md §1.7). */
const NEW_STATION = [`/api/pvwatts/v6.json?lat=33.45&lon=-112.07&${PV}`, `/api/pvwatts/v8.json?lat=43.6&lon=-116.2&${PV}`];
const TIMES = 10;
const ms = (value: number) => value.toFixed(1).padStart(7);

const dataDir = scratchDir('first-requests');
await buildDataSet({ outDir: dataDir, sample: { seed: DEFAULT_SEED, stations: DEFAULT_SAMPLE_STATIONS }, allowInvalid: false, repair: false, log: () => {} });

for (const warmUp of ['on', 'off']) {
  const server = await startServerProcess(dataDir, { WARM_UP: warmUp });
  try {
    await (await fetch(`${server.url}/health`)).arrayBuffer();
    console.log(`WARM_UP=${warmUp}: first and tenth of the same request, ms       first    tenth   goal: first ≤ 1.5 × tenth + 5 ms`);
    for (const request of [...REQUESTS, ...NEW_STATION]) {
      const url = `${server.url}${encodeURI(request)}${request.includes('?') ? '&' : '?'}api_key=${server.key}`;
      const times: number[] = [];
      let status = 0;
      for (let i = 0; i < TIMES; i++) {
        const started = performance.now();
        const response = await fetch(url);
        await response.arrayBuffer();
        times.push(performance.now() - started);
        status = response.status;
      }
      const [first, tenth] = [times[0]!, times[TIMES - 1]!];
      const verdict = warmUp === 'on' && REQUESTS.includes(request) ? atMost(first, Math.round(1.5 * tenth + 5), 'ms') : 'for comparison';
      console.log(`  ${request.slice(0, 70).padEnd(70)} ${ms(first)}  ${ms(tenth)}   ${status === 200 ? verdict : `status ${status}`}`);
    }
    console.log(`  resident memory after these: ${server.rssMb().toFixed(0)} MB`);
  } finally {
    await server.stop();
  }
}
