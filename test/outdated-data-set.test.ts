// A data set built by an older version of the pipeline (here: its stations file written without a
// column that a later version added) is refused with a message that names the file, the columns and
// the remedy, never a DuckDB error from deep in a store; `npm start` makes a sample so outdated
// again, with its seed and size, and serves it; a data set built from sources is left as it is.
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { DuckDBInstance } from '../model/duckdb.ts';
import { DataSet, OutdatedDataSetError } from '../server/data/dataset.ts';
import { startServer } from '../server/main.ts';
import { buildQuietly, temporaryDir } from './support/helpers.ts';
import { sampleDataSet } from './support/sample-data-set.ts';
import { writeUnlimitedKey } from '../harness/keys.ts';

const DROPPED = 'ev_charging_units';

/** The data set's stations file as a pipeline before DROPPED wrote it: without it, under its own name. */
async function withoutColumn(dataDir: string): Promise<string> {
  const manifestPath = join(dataDir, 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const entry = manifest.datasets.fuel_stations.files.stations;
  const older = 'fuel_stations.stations-000000000000.parquet';
  const connection = await (await DuckDBInstance.create(':memory:')).connect();
  await connection.run(`COPY (SELECT * EXCLUDE (${DROPPED}) FROM read_parquet('${join(dataDir, entry.path)}')) TO '${join(dataDir, older)}' (FORMAT parquet)`);
  connection.closeSync();
  rmSync(join(dataDir, entry.path));
  entry.path = older;
  writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));
  return older;
}

test('a data set built before the fuel stations had a networks file is refused with the file and the remedy', async () => {
  const { dataDir } = await sampleDataSet({ seed: 1, stations: 300 });
  const manifestPath = join(dataDir, 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  delete manifest.datasets.fuel_stations.files.networks;
  writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));
  await assert.rejects(DataSet.open(dataDir), (error: unknown) => {
    assert.ok(error instanceof OutdatedDataSetError);
    assert.equal(
      error.message,
      'the fuel_stations data set has no networks file: the data set was built by an older version of the pipeline; rebuild it with npm run build:data',
    );
    return true;
  });
});

describe('a data set built by an older pipeline', () => {
  let dataDir: string;
  let stationsFile: string;
  before(async () => {
    dataDir = temporaryDir('outdated');
    await buildQuietly({ outDir: dataDir, sample: { seed: 1, stations: 400 } });
    stationsFile = await withoutColumn(dataDir);
  });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  test('is refused with the file, the missing column and the remedy', async () => {
    await assert.rejects(DataSet.open(dataDir), (error: unknown) => {
      assert.ok(error instanceof OutdatedDataSetError);
      assert.equal(
        error.message,
        `${stationsFile} has no ${DROPPED}: the data set was built by an older version of the pipeline; rebuild it with npm run build:data`,
      );
      return true;
    });
  });

  test('built from sources, the server does not start, and says why', async () => {
    const manifestPath = join(dataDir, 'manifest.json');
    const sampleManifest = readFileSync(manifestPath, 'utf8');
    writeFileSync(manifestPath, JSON.stringify({ ...JSON.parse(sampleManifest), sample: false }));
    try {
      const keysFile = join(temporaryDir('keys'), 'keys.json');
      writeUnlimitedKey(keysFile);
      await assert.rejects(
        startServer({ port: 0, host: '127.0.0.1', warmUp: false, dataDir, keysFile, demoKey: false }, { log: () => {} }),
        OutdatedDataSetError,
      );
      assert.equal(readFileSync(manifestPath, 'utf8'), JSON.stringify({ ...JSON.parse(sampleManifest), sample: false }), 'the data set is left as it was');
    } finally {
      writeFileSync(manifestPath, sampleManifest);
    }
  });

  test('the sample: npm start builds it again, with its seed and size, and serves it', async () => {
    const keysFile = join(temporaryDir('keys'), 'keys.json');
    const key = writeUnlimitedKey(keysFile);
    const lines: string[] = [];
    const running = await startServer({ port: 0, host: '127.0.0.1', warmUp: false, dataDir, keysFile, demoKey: false }, { log: (line) => lines.push(line) });
    try {
      assert.ok(
        lines.some((line) => line.includes('was built by an older version') && line.includes(DROPPED)),
        lines.join('\n'),
      );
      const manifest = running.data.dataSet.manifest;
      assert.equal(manifest.seed, 1);
      assert.equal(manifest.datasets.fuel_stations!.files.stations!.rows, 400);
      const list = await fetch(`${running.url}/api/alt-fuel-stations/v1.json?api_key=${key}&country=all&limit=1`);
      assert.equal(list.status, 200);
      assert.equal(((await list.json()) as { total_results: number }).total_results, 400);
    } finally {
      await running.close();
    }
  });
});
