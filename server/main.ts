// `npm start`: builds the sample data set into DATA_DIR when there is none, then serves the API.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { buildDataSet, DEFAULT_SAMPLE_STATIONS, DEFAULT_SEED } from '../pipeline/build.ts';
import { createApp } from './app.ts';
import { DataSet } from './data/dataset.ts';
import { DataHolder } from './data/holder.ts';
import { endpoints } from './endpoints/index.ts';
import { KeyStore } from './gateway/keys.ts';
import { MemoryRateLimiter } from './gateway/limits.ts';
import { readSettings, type Settings } from './settings.ts';

export interface RunningServer {
  url: string;
  server: Server;
  data: DataHolder;
  close(): Promise<void>;
}

export async function startServer(settings: Settings, options: { now?: () => number; log?: (line: string) => void } = {}): Promise<RunningServer> {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const dataDir = resolve(settings.dataDir);
  if (!DataSet.exists(dataDir)) {
    log(`no data set in ${dataDir}: building the sample data set (seed ${DEFAULT_SEED})`);
    await buildDataSet({ outDir: dataDir, sample: { seed: DEFAULT_SEED, stations: DEFAULT_SAMPLE_STATIONS }, allowInvalid: false, repair: false, log });
  }
  const data = new DataHolder(await DataSet.open(dataDir));
  const now = options.now ?? Date.now;
  const app = createApp({
    data,
    endpoints,
    now: () => new Date(now()),
    gateway: {
      publicUrl: settings.publicUrl ?? `http://${settings.host}:${settings.port}`,
      keys: new KeyStore(settings.keysFile, settings.demoKey, now),
      limiter: new MemoryRateLimiter(),
      keyLimits: { hourly: 1000, daily: 10_000 },
      demoLimits: { hourly: 30, daily: 50 },
      now,
    },
    onError: (error, req) => log(`error on ${req.path}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`),
  });
  const server = await new Promise<Server>((resolveServer, reject) => {
    const listening = app.listen(settings.port, settings.host, () => resolveServer(listening));
    listening.on('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${settings.host.includes(':') ? `[${settings.host}]` : settings.host}:${port}`;
  return {
    url,
    server,
    data,
    close: () =>
      new Promise((resolveClose) => {
        server.close(() => {
          data.close();
          resolveClose();
        });
        server.closeAllConnections();
      }),
  };
}

async function main(): Promise<void> {
  const settings = readSettings();
  const running = await startServer(settings);
  const { manifest } = running.data.dataSet;
  console.log(`serving ${running.url} from ${resolve(settings.dataDir)}${manifest.sample ? ' (SAMPLE DATA: synthetic records)' : ''}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    process.stderr.write(`could not start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
}
