// First requests on a freshly started server (`npm start`, the default sample of 60,000 stations):
// for each kind of request, the time of the first after /health answers and of the tenth of the same
// request, on a server with WARM_UP on (the default) and, for comparison, off. The goal: the first
// takes no longer than the tenth, within the noise (at most 1.5 × the tenth + 5 ms). None of these
// requests is a warm-up example (docs/decisions.md §1.7): other places, other stations, other queries.
import './lib/scratch.ts';
import { buildDataSet, DEFAULT_SAMPLE_STATIONS, DEFAULT_SEED } from '../pipeline/build.ts';
import { atMost } from './lib/figures.ts';
import { scratchDir } from './lib/scratch.ts';
import { type ServerProcess, startServerProcess } from './lib/server-process.ts';

const PV = 'system_capacity=4&module_type=1&losses=12&array_type=2&tilt=30&azimuth=170';
const REQUESTS = [
  '/api/alt-fuel-stations/v1/nearest.json?location=Bellevue, WA&limit=3',
  '/api/alt-fuel-stations/v1/nearest.xml?location=98004&fuel_type=ELEC&limit=5',
  '/api/alt-fuel-stations/v1.csv?state=WA&limit=20',
  '/api/alt-fuel-stations/v1.geojson?state=OR&fuel_type=CNG',
  '/api/alt-fuel-stations/v1/nearby-route.json?route=LINESTRING(-122.33 47.61, -122.68 45.52)&distance=3&limit=5',
  '/api/alt-fuel-stations/v1/last-updated.json',
  '/api/alt-fuel-stations/v1/electric-networks.json?country=US',
  '/api/alt-fuel-stations/v1/ev-charging-units.csv?state=WA&limit=20',
  '/api/solar/data_query/v2.xml?lat=45.5&lon=-122.7',
  '/api/solar/solar_resource/v1.xml?lat=47.6&lon=-122.3',
  '/api/solar/nsrdb_data_query.json?wkt=POINT(-122.1 45.4)',
  '/api/nsrdb/v2/solar/psm3-2-2-tmy-download.csv?wkt=POINT(-120.1 45.4)&names=tmy&interval=60&email=user@example.org',
  // The warm-up examples' station (Denver), another system: the model's code is warm.
  `/api/pvwatts/v6.json?lat=40&lon=-105&${PV}`,
  `/api/pvwatts/v8.json?lat=40&lon=-105&${PV}&bifaciality=0.65`,
  '/api/commercial-building-resources/resources.xml?s=lighting',
];
/** Not held to the goal: a station asked for the first time has its PV site prepared then (docs/decisions.md §1.7). */
const NEW_STATION = [`/api/pvwatts/v6.json?lat=33.45&lon=-112.07&${PV}`, `/api/pvwatts/v8.json?lat=43.6&lon=-116.2&${PV}`];
/**
 * Once the server has collected its garbage at idle (here: 3 s after its caches' last use, CACHE_TTL=3,
 * they let their entries go; 5 s later it collects, and answers its examples again): other requests
 * of the same kinds, held to the same goal.
 */
const AFTER_IDLE_COLLECTION = [
  '/api/alt-fuel-stations/v1/nearest.xml?location=Tacoma, WA&limit=5',
  '/api/solar/data_query/v2.xml?lat=39.7&lon=-104.9',
  `/api/pvwatts/v6.json?lat=40&lon=-105&${PV}&inv_eff=97`,
  `/api/pvwatts/v8.json?lat=40&lon=-105&${PV}&inv_eff=97&bifaciality=0.65`,
];
const TIMES = 10;
const ms = (value: number) => value.toFixed(1).padStart(7);

const dataDir = scratchDir('first-requests');
await buildDataSet({ outDir: dataDir, sample: { seed: DEFAULT_SEED, stations: DEFAULT_SAMPLE_STATIONS }, allowInvalid: false, repair: false, log: () => {} });

/** Each request's first and tenth times, and the verdict where `heldToGoal`. */
async function firstAndTenth(server: ServerProcess, requests: string[], heldToGoal: (request: string) => boolean): Promise<void> {
  for (const request of requests) {
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
    const verdict = heldToGoal(request) ? atMost(first, Math.round(1.5 * tenth + 5), 'ms') : 'for comparison';
    console.log(`  ${request.slice(0, 70).padEnd(70)} ${ms(first)}  ${ms(tenth)}   ${status === 200 ? verdict : `status ${status}`}`);
  }
}

for (const warmUp of ['on', 'off']) {
  // the same download ten times in a row: the documented one a second per key would refuse nine
  const server = await startServerProcess(dataDir, { WARM_UP: warmUp, NSRDB_CSV_PER_SECOND: '100' });
  try {
    await (await fetch(`${server.url}/health`)).arrayBuffer();
    console.log(`WARM_UP=${warmUp}: first and tenth of the same request, ms       first    tenth   goal: first ≤ 1.5 × tenth + 5 ms`);
    await firstAndTenth(server, [...REQUESTS, ...NEW_STATION], (request) => warmUp === 'on' && REQUESTS.includes(request));
    console.log(`  resident memory after these: ${server.rssMb().toFixed(0)} MB`);
  } finally {
    await server.stop();
  }
}

const collecting = await startServerProcess(dataDir, { WARM_UP: 'on', CACHE_TTL: '3' });
try {
  await (await fetch(`${collecting.url}/health`)).arrayBuffer();
  // its log says when the warm-up after the collection is done, through HTTP last
  const rewarmed = () => /warm-up after an idle collection[\s\S]*warm-up through HTTP/.test(collecting.output());
  while (!rewarmed()) await new Promise((resolveWait) => setTimeout(resolveWait, 50));
  console.log('WARM_UP=on, CACHE_TTL=3: after the caches let go and the server collected at idle');
  await firstAndTenth(collecting, AFTER_IDLE_COLLECTION, () => true);
} finally {
  await collecting.stop();
}
