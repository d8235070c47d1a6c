// The NSRDB typical-year downloads (.csv) over HTTP (docs/api.md §9): the real NSRDB downloads of
// the test data (docs/test-data.md §2.7), built through the pipeline, come back byte for byte when
// asked as they were downloaded, their attributes selected and ordered, their records moved to UTC;
// a download built again gives the same PVWatts answers; the sample's cells download as NSRDB files
// that read back to the stored weather; errors come as the documentation's JSON envelope with the
// documented statuses; the .csv limit is one a second per key.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { readNsrdbLayout } from '../model/nsrdb-layout.ts';
import { parseWeatherText } from '../pipeline/readers/weather/index.ts';
import { buildQuietly, shared, skipWithoutShared, startTestServer, temporaryDir, withKey, type TestServer } from './support/helpers.ts';
import { sampleDataSet } from './support/sample-data-set.ts';
import { zipEntries } from './support/zip.ts';

const GOES = '/api/nsrdb/v2/solar/nsrdb-GOES-tmy-v4-0-0-download.csv';
const PSM3 = '/api/nsrdb/v2/solar/psm3-2-2-tmy-download.csv';

/** The real NSRDB downloads of the test data: PSM v3 (Phoenix, Des Moines) and an MTS1 file in the same layout (Fargo). */
const REAL_FILES = [
  'phoenix_az_33.450495_-111.983688_psmv3_60_tmy.csv',
  'des_moines_ia_41.586835_-93.624959_psmv3_60_tmy.csv',
  'fargo_nd_46.9_-96.8_mts1_60_tmy.csv',
];

function nsrdbSource(files: Record<string, string>): string {
  const dir = temporaryDir('nsrdb-source');
  mkdirSync(join(dir, 'climate', 'nsrdb'), { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, 'climate', 'nsrdb', name), text);
  return dir;
}

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

/**
 * A file in the GOES v4 layout, with the extra columns of that generation (clear-sky irradiance,
 * cloud type, relative humidity, solar zenith angle) after Phoenix's own, and v4's version: the
 * test data holds no real v4 download, so this one is made from a PSM v3 file, the new columns'
 * values invented, every other byte the real file's.
 */
function goesV4From(text: string): string {
  const lines = text.split('\n');
  const extra = ['Clearsky GHI', 'Cloud Type', 'Relative Humidity', 'Solar Zenith Angle'];
  const [names, values] = [lines[0]!.split(','), lines[1]!.split(',')];
  values[names.indexOf('Version')] = 'v4.0.0';
  const header = lines[2]!.split(',').filter(Boolean);
  const rows = lines
    .slice(3, -1)
    .map((line, i) =>
      [...line.split(',').slice(0, header.length), String(800 + (i % 97)), String(i % 10), (40 + (i % 50)).toFixed(2), String(90 - (i % 90))].join(','),
    );
  return [names.join(','), values.join(','), [...header, ...extra].join(','), ...rows, ''].join('\n');
}

/** A file's metadata value by name. */
function metadataOf(text: string, name: string): string | undefined {
  const [names, values] = text.split(/\r?\n/);
  return values!.split(',')[names!.split(',').indexOf(name)];
}

describe('NSRDB downloads of ingested files', { skip: skipWithoutShared }, () => {
  let server: TestServer;
  const texts = new Map<string, string>();

  before(async () => {
    if (skipWithoutShared) return;
    for (const name of REAL_FILES) texts.set(name, readFileSync(shared('pvwatts', 'weather', name), 'utf8'));
    // at another place (the same text would be the same cell)
    const v4 = goesV4From(texts.get(REAL_FILES[0]!)!).replace('NSRDB,78208,-,-,-,33.45,-111.98,', 'NSRDB,78299,-,-,-,31.45,-109.98,');
    texts.set('goes_v4_60_tmy.csv', v4);
    const dataDir = temporaryDir('nsrdb-real');
    await buildQuietly({ outDir: dataDir, sourceDir: nsrdbSource(Object.fromEntries(texts)) });
    server = await startTestServer(dataDir);
  });
  after(() => server?.dispose());

  const download = async (path: string, params: Record<string, string>) => {
    const response = await server.get(withKey(`${path}?${query(params)}`, server.key));
    return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
  };
  const at = (text: string) => `POINT(${metadataOf(text, 'Longitude')} ${metadataOf(text, 'Latitude')})`;

  test('asked as it was downloaded (utc=false), every file comes back byte for byte, from both endpoints', async () => {
    for (const [name, text] of texts) {
      const goes = await download(GOES, { wkt: at(text), names: 'tmy', utc: 'false', leap_day: 'false', interval: '60', email: 'someone@example.com' });
      assert.equal(goes.status, 200, `${name}: ${goes.text.slice(0, 300)}`);
      assert.equal(goes.type, 'text/csv; charset=utf-8');
      assert.ok(goes.text === text, `${name} differs`);
      const psm3 = await download(PSM3, { wkt: at(text), names: 'tmy-2021', utc: 'false', email: 'someone@example.com' });
      assert.ok(psm3.text === text, `${name} from psm3-2-2 differs`);
    }
  });

  test('utc=true (the default) moves every data column by the time zone, the year wrapping round, and says Time Zone 0', async () => {
    const text = texts.get(REAL_FILES[0]!)!;
    const local = readNsrdbLayout(text, 'phoenix');
    const { text: body } = await download(GOES, { wkt: at(text), names: 'tmy', interval: '60', email: 'someone@example.com' });
    const utc = readNsrdbLayout(body, 'answer');
    assert.equal(metadataOf(body, 'Time Zone'), '0');
    assert.equal(metadataOf(body, 'Local Time Zone'), '-7');
    assert.deepEqual(utc.columnNames, local.columnNames);
    const rows = local.columns[0]!.length;
    for (const [c, name] of local.columnNames.entries()) {
      const time = ['Year', 'Month', 'Day', 'Hour', 'Minute'].includes(name);
      for (const row of [0, 6, 7, 100, rows - 1]) {
        // UTC hour r is local hour r − 7
        const from = time ? row : (row - 7 + rows) % rows;
        assert.equal(utc.columns[c]![row], local.columns[c]![from], `${name} row ${row}`);
      }
    }
  });

  test('attributes choose the columns and their order after the time columns; one the file does not hold is a 422 naming what it holds', async () => {
    const text = texts.get(REAL_FILES[1]!)!;
    const file = readNsrdbLayout(text, 'des moines');
    const { status, text: body } = await download(GOES, {
      wkt: at(text),
      names: 'tmy',
      attributes: 'wind_speed,ghi,air_temperature',
      utc: 'false',
      interval: '60',
      email: 'someone@example.com',
    });
    assert.equal(status, 200);
    const chosen = readNsrdbLayout(body, 'answer');
    assert.deepEqual(chosen.columnNames, ['Year', 'Month', 'Day', 'Hour', 'Minute', 'Wind Speed', 'GHI', 'Temperature']);
    assert.deepEqual(chosen.metadata, file.metadata);
    for (const name of chosen.columnNames)
      assert.deepEqual(chosen.columns[chosen.columnNames.indexOf(name)], file.columns[file.columnNames.indexOf(name)], name);

    const missing = await download(GOES, { wkt: at(text), names: 'tmy', attributes: 'ghi,surface_albedo', interval: '60', email: 'someone@example.com' });
    assert.equal(missing.status, 422);
    assert.deepEqual(JSON.parse(missing.text).errors, [
      "'attributes' names what the data at this location does not hold: surface_albedo (it holds air_temperature, dew_point, dhi, dni, ghi, surface_pressure, wind_direction, wind_speed)",
    ]);
    // the MTS1 file's short column names answer to the same attributes
    const fargo = texts.get(REAL_FILES[2]!)!;
    const short = await download(PSM3, {
      wkt: at(fargo),
      names: 'tmy',
      attributes: 'air_temperature,wind_direction',
      utc: 'false',
      email: 'someone@example.com',
    });
    assert.equal(short.status, 200);
    assert.deepEqual(readNsrdbLayout(short.text, 'fargo').columnNames, ['Year', 'Month', 'Day', 'Hour', 'Tdry', 'Wdir']);
  });

  test('a GOES v4 file, with that generation’s extra columns, builds and comes back whole; its extra attributes are offered by the v4 endpoint', async () => {
    const text = texts.get('goes_v4_60_tmy.csv')!;
    const whole = await download(GOES, { wkt: at(text), names: 'tmy-2024', utc: 'false', interval: '60', email: 'someone@example.com' });
    assert.equal(whole.status, 200, whole.text.slice(0, 300));
    assert.ok(whole.text === text, 'the v4 file differs');
    const chosen = await download(GOES, {
      wkt: at(text),
      names: 'tmy',
      attributes: 'relative_humidity,clearsky_ghi,solar_zenith_angle,cloud_type,ghi',
      utc: 'false',
      interval: '60',
      email: 'someone@example.com',
    });
    assert.deepEqual(readNsrdbLayout(chosen.text, 'v4').columnNames, [
      'Year',
      'Month',
      'Day',
      'Hour',
      'Minute',
      'Relative Humidity',
      'Clearsky GHI',
      'Solar Zenith Angle',
      'Cloud Type',
      'GHI',
    ]);
    // PSM v3.2.2's documentation offers none of them
    const psm3 = await download(PSM3, { wkt: at(text), names: 'tmy', attributes: 'relative_humidity', email: 'someone@example.com' });
    assert.equal(psm3.status, 422);
  });

  test('a download built again through the pipeline gives the same PVWatts v8 answer', async () => {
    const text = texts.get(REAL_FILES[0]!)!;
    const { text: body } = await download(GOES, { wkt: at(text), names: 'tmy', utc: 'false', interval: '60', email: 'someone@example.com' });
    const againDir = temporaryDir('nsrdb-again');
    await buildQuietly({ outDir: againDir, sourceDir: nsrdbSource({ 'downloaded.csv': body }) });
    const again = await startTestServer(againDir);
    try {
      const pvwatts = '/api/pvwatts/v8.json?system_capacity=4&module_type=0&losses=14&array_type=1&tilt=33&azimuth=180&timeframe=hourly&file_id=3-G-0078208';
      const [first, second] = await Promise.all([server.get(withKey(pvwatts, server.key)), again.get(withKey(pvwatts, again.key))]);
      const [a, b] = [(await first.json()) as any, (await second.json()) as any];
      assert.equal(first.status, 200);
      assert.deepEqual(b.outputs, a.outputs);
      assert.deepEqual(b.station_info.lat, a.station_info.lat);
    } finally {
      await again.dispose();
    }
  });
});

describe('NSRDB downloads of the sample’s cells, and the rules of every request', () => {
  let server: TestServer;
  let limited: TestServer;
  let clock = 1_800_000_000_000;
  let cell: { lat: number; lon: number; id: string; id_v2: string };

  before(async () => {
    const { dataDir } = await sampleDataSet({ seed: 1, stations: 300 });
    server = await startTestServer(dataDir);
    limited = await startTestServer(dataDir, { now: () => clock, settings: { nsrdbCsvPerSecond: 1, nsrdbJsonPerTwoSeconds: 1 } });
    const station = server.data.dataSet.climate.stations.find((candidate) => candidate.dataset === 'nsrdb')!;
    cell = { lat: station.lat, lon: station.lon, id: station.id, id_v2: station.id_v2 };
  });
  after(async () => {
    await server?.dispose();
    await limited?.dispose();
  });

  const get = async (path: string, params: Record<string, string>, on = server) => {
    const response = await on.get(withKey(`${path}?${query(params)}`, on.key));
    return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
  };
  const ok = () => ({ wkt: `POINT(${cell.lon} ${cell.lat})`, names: 'tmy', interval: '60', email: 'someone@example.com' });

  test('a sample cell downloads as an NSRDB file that reads back to the stored weather, in local time or UTC', async () => {
    const { status, text } = await get(GOES, { ...ok(), utc: 'false' });
    assert.equal(status, 200, text.slice(0, 300));
    const read = parseWeatherText('cell.csv', text);
    const stored = await server.data.dataSet.climate.weather(cell.id);
    for (const column of ['month', 'day', 'hour', 'ghi', 'dni', 'dhi', 'tdry', 'tdew', 'pres', 'wspd', 'alb'] as const)
      assert.deepEqual(read[column], stored[column], column);
    assert.equal(read.hasMinuteColumn, false);
    assert.equal(metadataOf(text, 'Location ID'), String(Number(cell.id_v2.slice(4))));
    const utc = await get(GOES, ok());
    assert.equal(metadataOf(utc.text, 'Time Zone'), '0');
    assert.equal(metadataOf(utc.text, 'Local Time Zone'), metadataOf(text, 'Time Zone'));
  });

  test('a sample cell’s download built again through the pipeline gives the same PVWatts v8 answer as the cell', async () => {
    const { text } = await get(GOES, { ...ok(), utc: 'false' });
    const againDir = temporaryDir('nsrdb-sample-again');
    await buildQuietly({ outDir: againDir, sourceDir: nsrdbSource({ 'cell.csv': text }) });
    const again = await startTestServer(againDir);
    try {
      const pvwatts = `/api/pvwatts/v8.json?system_capacity=4&module_type=1&losses=14&array_type=2&tilt=30&azimuth=180&timeframe=hourly&file_id=${cell.id_v2}`;
      const [first, second] = await Promise.all([server.get(withKey(pvwatts, server.key)), again.get(withKey(pvwatts, again.key))]);
      const [a, b] = [(await first.json()) as any, (await second.json()) as any];
      assert.equal(first.status, 200);
      assert.equal(second.status, 200, JSON.stringify(b.errors));
      assert.deepEqual(b.outputs, a.outputs);
    } finally {
      await again.dispose();
    }
  });

  test('errors: the documentation’s JSON envelope; a missing required parameter is a 400, any other problem a 422', async () => {
    const missing = await get(GOES, { names: 'tmy' });
    assert.equal(missing.status, 400);
    assert.equal(missing.type, 'application/json; charset=utf-8');
    const body = JSON.parse(missing.text);
    assert.deepEqual(Object.keys(body), ['inputs', 'metadata', 'status', 'outputs', 'errors']);
    assert.deepEqual(body, {
      inputs: { query: { names: 'tmy' } },
      metadata: { version: '2.0.0', resultset: { count: 0 } },
      status: 400,
      outputs: {},
      errors: ["'wkt' is required", "'email' is required", "'interval' is required"],
    });
    const errorsOf = async (params: Record<string, string>, path = GOES) => {
      const answer = await get(path, params);
      assert.equal(answer.status, 422, JSON.stringify(params));
      return JSON.parse(answer.text).errors as string[];
    };
    assert.deepEqual(await errorsOf({ ...ok(), wkt: 'POINT(-105 95)' }), [
      "'wkt' must be POINT(longitude latitude), MULTIPOINT(longitude latitude, …) or POLYGON((longitude latitude, …)) with a closed ring, longitudes from -180 to 180 and latitudes from -90 to 90",
    ]);
    assert.deepEqual(await errorsOf({ ...ok(), wkt: 'MULTIPOINT(-105 40, -104 39)' }), [
      'The .csv format gives one site: wkt must be a single POINT (MULTIPOINT and POLYGON are for the .json archive)',
    ]);
    assert.deepEqual(await errorsOf({ ...ok(), names: 'tmy,tmy-2023' }), ["The .csv format gives one year: 'names' must be a single name"]);
    assert.match((await errorsOf({ ...ok(), names: '2017' }))[0]!, /^'names' must be one of tmy, tmy-2022, /);
    assert.deepEqual(await errorsOf({ ...ok(), email: 'nobody' }), ["'email' must be an email address"]);
    assert.deepEqual(await errorsOf({ ...ok(), interval: '30' }), ["'interval' must be 60: the data at this location holds 60-minute records"]);
    assert.deepEqual(await errorsOf({ ...ok(), utc: 'yes' }), ["'utc' must be true or false"]);
    assert.deepEqual(await errorsOf({ ...ok(), leap_day: 'maybe' }), ["'leap_day' must be true or false"]);
    assert.match((await errorsOf({ ...ok(), attributes: 'ozone' }, PSM3))[0]!, /^'attributes' must be one of dhi, dni, ghi, /);
    assert.match(
      (await errorsOf({ ...ok(), wkt: 'POINT(10 50)' }))[0]!,
      /^No NSRDB data is available at POINT\(10 50\): the nearest NSRDB location is \d+\.\d km away/,
    );
    // leap_day either way: a typical year has no 29 February
    assert.equal((await get(GOES, { ...ok(), leap_day: 'true', utc: 'false' })).text, (await get(GOES, { ...ok(), utc: 'false' })).text);
  });

  test('.json: a MULTIPOINT’s cells queued as one archive of a CSV per cell and name, each the .csv download of its cell; the link needs no key', async () => {
    const cells = server.data.dataSet.climate.stations.filter((station) => station.dataset === 'nsrdb').slice(0, 3);
    const points = cells.map((station) => `${station.lon} ${station.lat}`);
    // the first cell twice: one site
    const wkt = `MULTIPOINT(${[...points, points[0]].join(', ')})`;
    const ack = await get(GOES.replace('.csv', '.json'), { ...ok(), wkt, names: 'tmy,tmy-2024', utc: 'false', attributes: 'ghi,air_temperature' });
    assert.equal(ack.status, 200, ack.text);
    assert.equal(ack.type, 'application/json; charset=utf-8');
    const body = JSON.parse(ack.text);
    assert.deepEqual(Object.keys(body), ['inputs', 'metadata', 'status', 'outputs', 'errors']);
    assert.deepEqual(body.metadata, { version: '2.0.0', resultset: { count: 3 } });
    assert.deepEqual(Object.keys(body.outputs), ['message', 'downloadUrl']);
    assert.match(body.outputs.message, /^File generation in progress\. .*someone@example\.com/);
    const url = new URL(body.outputs.downloadUrl);
    assert.match(url.pathname, /^\/nsrdb-archives\/[0-9a-f]{32}\.zip$/);
    await server.archives.settled();
    const response = await fetch(url);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'application/zip');
    const zipPath = join(temporaryDir('zip'), 'archive.zip');
    writeFileSync(zipPath, Buffer.from(await response.arrayBuffer()));
    const entries = await zipEntries(zipPath);
    assert.equal(entries.length, 6);
    for (const station of cells)
      for (const name of ['tmy', 'tmy-2024']) {
        const file = entries.find((entry) => entry.name === `${Number(station.id_v2.slice(4))}_${station.lat}_${station.lon}_${name}.csv`);
        assert.ok(file, `${station.id} ${name} in ${entries.map((entry) => entry.name).join(', ')}`);
        const single = await get(GOES, { ...ok(), wkt: `POINT(${station.lon} ${station.lat})`, names: name, utc: 'false', attributes: 'ghi,air_temperature' });
        assert.ok(file.text === single.text, `${file.name} is the .csv download`);
      }
    // unknown or malformed archive names are the gateway's 404
    assert.equal((await fetch(`${server.url}/nsrdb-archives/${'0'.repeat(32)}.zip`)).status, 404);
    assert.equal((await fetch(`${server.url}/nsrdb-archives/..%2Fmanifest.json`)).status, 404);
  });

  test('the documentation’s examples: the .json acknowledgement’s keys, order and kinds; the .csv’s lines', async () => {
    const fixtures = join(import.meta.dirname, 'fixtures', 'nsrdb-download-docs');
    const docJson = JSON.parse(readFileSync(join(fixtures, 'example.json'), 'utf8'));
    const docCsv = readFileSync(join(fixtures, 'example.csv'), 'utf8').trim().split('\n');
    const ack = JSON.parse((await get(GOES.replace('.csv', '.json'), { ...ok(), utc: 'false', leap_day: 'true' })).text);
    const shape = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(shape)
        : value !== null && typeof value === 'object'
          ? Object.fromEntries(Object.entries(value).map(([key, item]) => [key, shape(item)]))
          : typeof value;
    const { query: docQuery, ...docInputs } = docJson.inputs;
    const { query: ourQuery, ...ourInputs } = ack.inputs;
    assert.deepEqual(ourInputs, docInputs);
    assert.ok(Object.values(docQuery).every((value) => typeof value === 'string') && Object.values(ourQuery).every((value) => typeof value === 'string'));
    assert.deepEqual(shape({ ...ack, inputs: {} }), shape({ ...docJson, inputs: {} }));
    assert.equal(ack.metadata.version, docJson.metadata.version);
    assert.equal(ack.status, docJson.status);
    await server.archives.settled();

    const ours = (await get(GOES, { ...ok(), utc: 'false', attributes: 'wind_speed' })).text.trim().split('\n');
    for (const lines of [docCsv, ours]) {
      assert.equal(lines[0]!.split(',').length, lines[1]!.split(',').length, 'a value for each metadata name');
      assert.deepEqual(lines[2]!.split(',').slice(0, 4), ['Year', 'Month', 'Day', 'Hour']);
      assert.equal(lines[3]!.split(',').length, lines[2]!.split(',').length, 'a cell for each column');
    }
  });

  test('.json: a POLYGON takes the cells whose centres lie inside it; none, or more than 100, is a 422; no ETag', async () => {
    const cells = server.data.dataSet.climate.stations.filter((station) => station.dataset === 'nsrdb');
    // edges between the sample grid's cell centres (an edge through a centre is inside on one side only)
    const box = { west: -110.5, east: -100.5, south: 35, north: 42 };
    const expected = cells.filter((station) => station.lon > box.west && station.lon < box.east && station.lat > box.south && station.lat < box.north);
    assert.ok(expected.length >= 3);
    const polygon = `POLYGON((${box.west} ${box.south}, ${box.east} ${box.south}, ${box.east} ${box.north}, ${box.west} ${box.north}, ${box.west} ${box.south}))`;
    const response = await server.get(withKey(`${GOES.replace('.csv', '.json')}?${query({ ...ok(), wkt: polygon })}`, server.key));
    const ack = JSON.parse(await response.text());
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('etag'), null);
    assert.equal(ack.metadata.resultset.count, expected.length);
    await server.archives.settled();
    const zipPath = join(temporaryDir('zip'), 'polygon.zip');
    writeFileSync(zipPath, Buffer.from(await (await fetch(ack.outputs.downloadUrl)).arrayBuffer()));
    assert.deepEqual(
      (await zipEntries(zipPath)).map((entry) => entry.name).sort(),
      expected.map((station) => `${Number(station.id_v2.slice(4))}_${station.lat}_${station.lon}_tmy.csv`).sort(),
    );
    const errorsOf = async (params: Record<string, string>) => {
      const answer = await get(GOES.replace('.csv', '.json'), params);
      assert.equal(answer.status, 422, answer.text);
      return JSON.parse(answer.text).errors as string[];
    };
    assert.deepEqual(await errorsOf({ ...ok(), wkt: 'POLYGON((10 50, 11 50, 11 51, 10 51, 10 50))' }), ['No NSRDB location lies inside the polygon']);
    const many = Array.from({ length: 101 }, (_, i) => `${cells[0]!.lon} ${cells[0]!.lat + i * 1e-6}`).join(', ');
    assert.deepEqual(await errorsOf({ ...ok(), wkt: `MULTIPOINT(${many})` }), ['The wkt names 101 sites: an archive holds at most 100']);
    assert.match(
      (await errorsOf({ ...ok(), wkt: `MULTIPOINT(${cells[0]!.lon} ${cells[0]!.lat}, 10 50)` }))[0]!,
      /^No NSRDB data is available at POINT\(10 50\)/,
    );
    assert.deepEqual(await errorsOf({ ...ok(), wkt: 'LINESTRING(1 2, 3 4)' }), [
      "'wkt' must be POINT(longitude latitude), MULTIPOINT(longitude latitude, …) or POLYGON((longitude latitude, …)) with a closed ring, longitudes from -180 to 180 and latitudes from -90 to 90",
    ]);
  });

  test('POST takes the parameters as a form', async () => {
    const response = await server.get(withKey(GOES, server.key), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: query({ ...ok(), utc: 'false' }),
    });
    assert.equal(response.status, 200);
    assert.equal(await response.text(), (await get(GOES, { ...ok(), utc: 'false' })).text);
  });

  test('one .csv a second per key: the next within the second is the gateway’s 429, and it is answered once the second has passed', async () => {
    assert.equal((await get(GOES, ok(), limited)).status, 200);
    const refused = await limited.get(withKey(`${PSM3}?${query({ ...ok() })}`, limited.key));
    assert.equal(refused.status, 429);
    assert.equal(refused.headers.get('retry-after'), '1');
    clock += 1000;
    assert.equal((await get(PSM3, ok(), limited)).status, 200);
    // other endpoints are not held by it
    assert.equal((await limited.get(withKey('/api/solar/data_query/v2.json?lat=40&lon=-105', limited.key))).status, 200);
  });

  test('one .json a two seconds per key, on a window of its own', async () => {
    clock += 1000;
    const json = GOES.replace('.csv', '.json');
    assert.equal((await get(json, ok(), limited)).status, 200);
    assert.equal((await get(GOES, ok(), limited)).status, 200, 'the .csv window is its own');
    clock += 1000;
    assert.equal((await get(json, ok(), limited)).status, 429);
    clock += 1000;
    assert.equal((await get(json, ok(), limited)).status, 200);
    await limited.archives.settled();
  });
});
