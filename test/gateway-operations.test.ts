// Operations: shutting down lets in-flight requests (a streamed list) finish; SIGTERM exits 0; a
// rebuilt data set is picked up without a restart and without failing an in-flight request; a data
// set that fails to open leaves the old one serving; the `keys` command as people run it.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { DataHolder } from '../server/data/holder.ts';
import { endpoints } from '../server/endpoints/index.ts';
import { generateKey, hashKey, KEY_PATTERN, readKeysFile, writeKeysFile } from '../server/gateway/keys.ts';
import { Gate, get, repoRoot, slowEndpoint, spawnServer } from './support/gateway.ts';
import { startServer, type RunningServer } from '../server/main.ts';
import { runKeysCommand } from '../scripts/keys.ts';
import { buildQuietly, SMALL_CLIMATE, temporaryDir } from './support/helpers.ts';
import { sampleDataSet } from './support/sample-data-set.ts';

async function waitFor(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A GET whose response head is awaited separately from its body. */
function startGet(url: string): { head: Promise<number>; body: Promise<string> } {
  let resolveHead!: (status: number) => void;
  let rejectHead!: (error: Error) => void;
  const head = new Promise<number>((res, rej) => {
    resolveHead = res;
    rejectHead = rej;
  });
  const body = new Promise<string>((resolveBody, rejectBody) => {
    const req = httpRequest(url, { agent: false }, (res) => {
      resolveHead(res.statusCode!);
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolveBody(text));
      res.on('error', rejectBody);
      res.on('aborted', () => rejectBody(new Error('aborted')));
    });
    req.on('error', (error) => {
      rejectHead(error);
      rejectBody(error);
    });
    req.end();
  });
  body.catch(() => {});
  return { head, body };
}

describe('DataHolder', () => {
  class Fake {
    closed = 0;
    close() {
      this.closed++;
    }
  }
  test('a replaced data set closes when its last request releases it, once; an unused one at once', () => {
    const [a, b, c] = [new Fake(), new Fake(), new Fake()];
    const holder = new DataHolder<Fake>(a);
    const first = holder.acquire();
    const second = holder.acquire();
    holder.replace(b);
    assert.equal(holder.acquire(), b);
    holder.release(b);
    assert.equal(a.closed, 0);
    holder.release(first);
    assert.equal(a.closed, 0);
    holder.release(second);
    assert.equal(a.closed, 1);
    holder.replace(c);
    assert.equal(b.closed, 1);
    holder.replace(c);
    holder.close();
    holder.close();
    assert.deepEqual([a.closed, b.closed, c.closed], [1, 1, 1]);
    assert.equal(holder.inUse, 0);
  });
});

describe('operations', () => {
  let dir: string;
  let dataDir: string;
  let keysFile: string;
  const key = generateKey();
  before(async () => {
    dir = temporaryDir('gateway-operations');
    ({ dataDir } = await sampleDataSet({ seed: 1, stations: 500 }));
    keysFile = join(dir, 'keys.json');
    writeKeysFile(keysFile, {
      version: 1,
      keys: [
        { hash: hashKey(key), email: 'ops@example.org', created_at: '2024-01-01T00:00:00.000Z', disabled: false, limits: { hourly: 100_000, daily: 100_000 } },
      ],
    });
  });

  test('close (what SIGTERM runs): stops accepting, finishes a streamed response in flight, then closes', async () => {
    const gate = new Gate();
    const lines: string[] = [];
    const server = await startServer(
      { port: 0, host: '127.0.0.1', warmUp: false, dataDir, keysFile, demoKey: true },
      { endpoints: [slowEndpoint(gate), ...endpoints], log: (line) => lines.push(line) },
    );
    const slow = startGet(`${server.url}/api/test/slow.json?api_key=${key}`);
    assert.equal(await slow.head, 200);
    await gate.reached;
    assert.equal(server.inFlight, 1);

    let closed = false;
    const closing = server.close().then(() => (closed = true));
    // No new connections once closing has begun...
    await waitFor(() => !server.server.listening, 'the listener to close');
    await assert.rejects(get(`${server.url}/health`), /ECONNREFUSED/);
    // ... and the one in flight is still open: close waits for it.
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(closed, false);
    gate.open();
    const body = JSON.parse(await slow.body) as { total_results: number; fuel_stations: unknown[] };
    assert.equal(body.total_results, 500);
    assert.equal(body.fuel_stations.length, 500);
    await closing;
    assert.equal(server.inFlight, 0);
    assert.ok(lines.some((line) => line.includes('"path":"/api/test/slow.json"') && line.includes('"status":200') && !line.includes('"aborted"')));
  });

  test('SIGTERM: the process finishes the request in flight and exits 0', async () => {
    const child = await spawnServer({ DATA_DIR: dataDir, KEYS_FILE: keysFile, LOG_LEVEL: 'info' });
    try {
      // The whole list as CSV, read slowly: it is in flight when the signal arrives.
      const whole = await get(`${child.url}/api/alt-fuel-stations/v1.csv?api_key=${key}`);
      assert.equal(whole.status, 200);
      const pending = startGet(`${child.url}/api/alt-fuel-stations/v1.csv?api_key=${key}`);
      assert.equal(await pending.head, 200);
      child.child.kill('SIGTERM');
      assert.equal(await pending.body, whole.text);
      assert.equal(await child.exited, 0);
      assert.match(child.output(), /"msg":"stopped"/);
    } finally {
      await child.stop('SIGKILL');
    }
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    test(`npm start under a supervisor: ${signal} to npm finishes the request in flight and stops the server, leaving no orphan`, async () => {
      const child = await spawnServer({ DATA_DIR: dataDir, KEYS_FILE: keysFile, LOG_LEVEL: 'info' }, { viaNpm: true });
      try {
        const whole = await get(`${child.url}/api/alt-fuel-stations/v1.csv?api_key=${key}`);
        const pending = startGet(`${child.url}/api/alt-fuel-stations/v1.csv?api_key=${key}`);
        assert.equal(await pending.head, 200);
        child.child.kill(signal);
        assert.equal(await pending.body, whole.text);
        assert.equal(await child.exited, 0, 'npm exits 0 once the server has');
        assert.match(child.output(), new RegExp(`"signal":"${signal}".*"msg":"shutting down`));
        assert.match(child.output(), /"msg":"stopped"/);
        // An orphaned server would still answer.
        await assert.rejects(get(`${child.url}/health`), /ECONNREFUSED/);
      } finally {
        await child.stop('SIGKILL');
      }
    });
  }

  test('keep-alive: idle connections stay open KEEP_ALIVE_TIMEOUT seconds (75 by default), and the response says so', async () => {
    for (const [settings, seconds] of [
      [{}, 75],
      [{ keepAliveTimeout: 120 }, 120],
    ] as const) {
      const server = await startServer({ port: 0, host: '127.0.0.1', warmUp: false, dataDir, keysFile, demoKey: true, ...settings }, { log: () => {} });
      try {
        assert.equal(server.server.keepAliveTimeout, seconds * 1000);
        assert.ok(server.server.headersTimeout > server.server.keepAliveTimeout, 'the headers timeout exceeds the keep-alive timeout');
        const response = await get(`${server.url}/health`, { connection: 'keep-alive' });
        assert.equal(response.headers['keep-alive'], `timeout=${seconds}`);
      } finally {
        await server.close();
      }
    }
  });

  test('a rebuilt data set is served without a restart; a request in flight finishes on the old one', async () => {
    const reloadDir = join(dir, 'reload');
    await buildQuietly({ outDir: reloadDir, sample: { seed: 1, stations: 500 } });
    const gate = new Gate();
    const lines: string[] = [];
    const server: RunningServer = await startServer(
      { port: 0, host: '127.0.0.1', warmUp: false, dataDir: reloadDir, keysFile, demoKey: true },
      { endpoints: [slowEndpoint(gate), ...endpoints], log: (line) => lines.push(line), pollMs: 50 },
    );
    try {
      const total = async () =>
        JSON.parse((await get(`${server.url}/api/alt-fuel-stations/v1.json?api_key=${key}&limit=1&country=all`)).text).total_results as number;
      assert.equal(await total(), 500);
      const old = server.data.dataSet;
      const slow = startGet(`${server.url}/api/test/slow.json?api_key=${key}`);
      assert.equal(await slow.head, 200);
      await gate.reached;

      // Requests keep coming while the pipeline rebuilds and the server swaps.
      let stop = false;
      const statuses: number[] = [];
      const load = (async () => {
        while (!stop) statuses.push((await get(`${server.url}/api/alt-fuel-stations/v1.json?api_key=${key}&limit=5`)).status);
      })();
      await buildQuietly({ outDir: reloadDir, sample: { seed: 2, stations: 300, ...SMALL_CLIMATE } });
      await waitFor(() => server.data.dataSet !== old, 'the new data set');
      assert.equal(await total(), 300);
      assert.equal(JSON.parse((await get(`${server.url}/health`)).text).manifest.seed, 2);
      stop = true;
      await load;
      assert.ok(statuses.length > 0 && statuses.every((status) => status === 200), `statuses during the swap: ${[...new Set(statuses)].join(', ')}`);

      // The request in flight still holds the old data set, and finishes on it.
      assert.equal(server.data.inUse, 1);
      gate.open();
      const body = JSON.parse(await slow.body) as { total_results: number; fuel_stations: unknown[] };
      assert.deepEqual([body.total_results, body.fuel_stations.length], [500, 500]);
      await waitFor(() => server.data.inUse === 0, 'the old data set to be released');
      assert.ok(lines.some((line) => line.includes('data set reloaded')));

      // A manifest that cannot be opened: logged, and the current data set goes on serving.
      const current = server.data.dataSet;
      writeFileSync(join(reloadDir, 'manifest.json.tmp'), '{"broken": ');
      renameSync(join(reloadDir, 'manifest.json.tmp'), join(reloadDir, 'manifest.json'));
      await waitFor(() => lines.some((line) => line.includes('could not be opened')), 'the failed reload to be logged');
      assert.equal(server.data.dataSet, current);
      assert.equal(await total(), 300);
    } finally {
      gate.open();
      await server.close();
    }
  });

  test('npm run keys: create prints the key once; list shows ids, never keys; disable/enable by key or id', async () => {
    const file = join(dir, 'cli-keys.json');
    const run = (...args: string[]) => {
      const result = spawnSync('npm', ['run', '--silent', 'keys', '--', ...args], {
        cwd: repoRoot,
        env: { ...process.env, KEYS_FILE: file, REDIS_URL: '' },
        encoding: 'utf8',
      });
      return { code: result.status, out: result.stdout, err: result.stderr };
    };
    const created = run('create', '--email', 'cli@example.org', '--hourly', '7');
    assert.equal(created.code, 0, created.err);
    const cliKey = created.out.trim();
    assert.match(cliKey, KEY_PATTERN);
    const id = hashKey(cliKey).slice(0, 12);
    const [record] = readKeysFile(file).keys;
    assert.deepEqual([record.hash, record.email, record.disabled, record.limits], [hashKey(cliKey), 'cli@example.org', false, { hourly: 7 }]);

    const listed = run('list');
    assert.equal(listed.code, 0);
    assert.equal(`${listed.out}${listed.err}`.includes(cliKey), false);
    assert.match(listed.out, new RegExp(`^${id}\\s+cli@example\\.org\\s+enabled\\s+7\\s+default\\s+\\d{4}-\\d\\d-\\d\\d$`, 'm'));

    // The rest through the command's own function: the process around it is the one proven above.
    const call = async (...args: string[]) => {
      const out: string[] = [];
      const code = await runKeysCommand(args, { out: (line) => out.push(line), err: () => {}, env: { KEYS_FILE: file, REDIS_URL: '' } });
      return { code, out: out.join('\n') };
    };
    assert.equal((await call('disable', id)).code, 0);
    assert.equal(readKeysFile(file).keys[0].disabled, true);
    assert.match((await call('list')).out, /disabled/);
    assert.equal((await call('enable', cliKey)).code, 0);
    assert.equal(readKeysFile(file).keys[0].disabled, false);
    assert.equal((await call('disable', generateKey())).code, 2);
    assert.equal((await call('create')).code, 2);
    assert.equal(readKeysFile(file).keys.length, 1);
    assert.equal(JSON.stringify(readKeysFile(file)).includes(cliKey), false);
    const help = run('--help');
    assert.equal(help.code, 0);
    assert.match(help.out, /^Usage: npm run keys -- /);
  });

  test('npm run keys: --help lists every command; a call it cannot carry out exits 2 with the reason, changing nothing', async () => {
    const file = join(dir, 'usage-keys.json');
    const call = async (...args: string[]) => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await runKeysCommand(args, { out: (line) => out.push(line), err: (line) => err.push(line), env: { KEYS_FILE: file } });
      return { code, out: out.join('\n'), err: err.join('\n') };
    };
    const help = await call('--help');
    assert.equal(help.code, 0);
    for (const command of ['create', 'list', 'disable', 'enable', 'limits', 'sync']) assert.match(help.out, new RegExp(`^  ${command}\\b`, 'm'), command);
    assert.match((await call('limits', '--help')).out, /--hourly <n>/);
    const mistakes = [
      [],
      ['bogus'],
      ['list', 'extra'],
      ['list', '--email', 'a@example.org'],
      ['create', '--email', 'nobody'],
      ['create', '--email', 'a@example.org', '--daily', 'many'],
      ['disable'],
      ['limits', 'abcdef12'],
      ['sync'],
    ];
    for (const args of mistakes) {
      const answer = await call(...args);
      assert.equal(answer.code, 2, args.join(' '));
      assert.equal(answer.out, '', args.join(' '));
      assert.notEqual(answer.err, '', args.join(' '));
    }
    assert.equal(existsSync(file), false);
  });
});
