// Commercial building resources: on the seeded sample (610 resources, 150 events), latency of
// resources with a search term (the target: p50 <= 10 ms), in JSON and XML, with vocabulary
// filters, the whole list, and events by scope and as JSONP; one client at a time and eight at
// once. The server runs in its own process; the data set is built once and reused.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildDataSet, DEFAULT_SEED } from '../pipeline/build.ts';
import { Random } from '../pipeline/sample/random.ts';
import { generateKey, hashKey, writeKeysFile } from '../server/gateway/keys.ts';

const repo = join(import.meta.dirname, '..');
const dataDir = join(tmpdir(), `nrel-compat-bench-building-${DEFAULT_SEED}`);

const built = existsSync(join(dataDir, 'manifest.json')) && JSON.parse(readFileSync(join(dataDir, 'manifest.json'), 'utf8')).datasets?.building_resources?.files?.resources;
if (!built) {
  const started = performance.now();
  await buildDataSet({ outDir: dataDir, sample: { seed: DEFAULT_SEED, stations: 500 }, allowInvalid: false, repair: false, log: () => {} });
  console.log(`sample build (500 stations, every other data set in full): ${((performance.now() - started) / 1000).toFixed(1)} s, in ${dataDir}`);
} else {
  console.log(`reusing the sample data set in ${dataDir}`);
}

const keysDir = mkdtempSync(join(tmpdir(), 'bench-building-keys-'));
const key = generateKey();
writeKeysFile(join(keysDir, 'keys.json'), {
  version: 1,
  keys: [{ hash: hashKey(key), prefix: key.slice(0, 4), email: 'bench@example.org', created_at: new Date(0).toISOString(), disabled: false, limits: { hourly: 10_000_000, daily: 10_000_000 } }],
});

function startServer(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(repo, 'server', 'main.ts')], {
    cwd: repo,
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, KEYS_FILE: join(keysDir, 'keys.json'), NODE_ENV: 'production', LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /serving (http:\/\/\S+)/.exec(out);
      if (match) resolve({ url: match[1], child });
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

function get(url: string): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    http.get(url, { agent }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
    }).on('error', reject);
  });
}

interface Figures {
  p50: number;
  p99: number;
  perSecond: number;
  bytes: number;
  statuses: Set<number>;
}

async function load(base: string, path: () => string, concurrency: number, total: number): Promise<Figures> {
  const times: number[] = [];
  let bytes = 0;
  const statuses = new Set<number>();
  let issued = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (issued < total) {
        issued++;
        const url = `${base}${path()}`;
        const t = performance.now();
        const answer = await get(url);
        times.push(performance.now() - t);
        bytes += answer.bytes;
        statuses.add(answer.status);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return { p50: at(0.5), p99: at(0.99), perSecond: times.length / seconds, bytes: bytes / times.length, statuses };
}

const SEARCH_TERMS = ['lighting', 'hvac', 'retrofit', 'benchmarking', 'payback', 'controls', 'ventilation', 'commissioning', 'metering', 'refrigeration', 'office', 'hospital', 'windows', 'data centers', 'audit', 'sensors'];
const ms = (value: number) => value.toFixed(2).padStart(7);

const { url, child } = await startServer();
try {
  const random = new Random(7);
  const api = `/api/commercial-building-resources/v1`;
  const withKey = (path: string) => `${path}${path.includes('?') ? '&' : '?'}api_key=${key}`;
  const cases: Array<[string, () => string]> = [
    ['resources.json ?s=<one word>', () => withKey(`${api}/resources.json?s=${encodeURIComponent(random.pick(SEARCH_TERMS))}`)],
    ['resources.json ?s=<two words>', () => withKey(`${api}/resources.json?s=${encodeURIComponent(`${random.pick(SEARCH_TERMS)} ${random.pick(SEARCH_TERMS)}`)}`)],
    ['resources.xml  ?s=<one word>', () => withKey(`${api}/resources.xml?s=${encodeURIComponent(random.pick(SEARCH_TERMS))}`)],
    ['resources.json ?s=&topic=&building-type=', () => withKey(`${api}/resources.json?s=${random.pick(SEARCH_TERMS)}&topic=${random.int(26, 50)}&building-type=Office,Hospital`)],
    ['resources.json ?keyword=<name>', () => withKey(`${api}/resources.json?keyword=${encodeURIComponent(random.pick(['LED', 'heat pumps', 'ESPC', 'sensors', 'net zero']))}`)],
    ['resources.json (all 610)', () => withKey(`${api}/resources.json`)],
    ['events.json ?scope=upcoming', () => withKey(`${api}/events.json?scope=upcoming`)],
    ['events.jsonp ?portal=&scope=past&callback=', () => withKey(`${api}/events.jsonp?portal=${random.int(6, 13)}&scope=past&callback=handle`)],
  ];
  for (const [, path] of cases) await load(url, path, 4, 200); // warm up every path
  console.log(`\n  ${'request'.padEnd(44)}  c=1 p50  c=1 p99   c=8 p50  c=8 p99   c=8 req/s   KB/answer`);
  for (const [label, path] of cases) {
    const single = await load(url, path, 1, 1000);
    const eight = await load(url, path, 8, 2000);
    const statuses = [...single.statuses, ...eight.statuses].filter((s) => s !== 200);
    console.log(`  ${label.padEnd(44)} ${ms(single.p50)}  ${ms(single.p99)}   ${ms(eight.p50)}  ${ms(eight.p99)}   ${eight.perSecond.toFixed(0).padStart(9)}   ${(single.bytes / 1024).toFixed(0).padStart(9)}${statuses.length ? `   statuses ${statuses.join(',')}` : ''}`);
  }
  console.log('  (ms; 1000 requests one at a time, then 2000 with eight clients; keep-alive; server in its own process)');
} finally {
  child.kill();
  agent.destroy();
  rmSync(keysDir, { recursive: true, force: true });
}
