// The page at / in a real browser: Debian's Chromium (/usr/bin/chromium, installed by .ci/run),
// driven by playwright-core. It loads the page, checks the reference against the OpenAPI document,
// runs station searches and a PV estimate and compares the list and the chart with the API's own
// answers, fetched here. Screenshots go to test-artifacts/.
//
// Without Chromium the tests are skipped with a message, unless REQUIRE_CHROMIUM=1 or CI is set
// (as in .ci/run): then they fail.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { chromium, type Browser, type Page } from 'playwright-core';
import { endpoints } from '../server/endpoints/index.ts';
import { buildQuietly, repoRoot, startTestServer, temporaryDir, withKey, type TestServer } from './support/helpers.ts';

type Json = { [key: string]: any };

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const required = process.env.REQUIRE_CHROMIUM === '1' || (process.env.CI !== undefined && process.env.CI !== '' && process.env.CI !== 'false');
const available = existsSync(CHROMIUM);
const skip = available || required ? false : `Chromium is not installed at ${CHROMIUM} (apt-get install chromium; .ci/run installs it)`;
/** The flags this machine's Chromium needs (no sandbox as root, no background network calls). */
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const ESTIMATOR_PATHS = ['/api/pvwatts/v6', '/api/pv-estimator/v6'];
const estimatorLanded = endpoints.some((endpoint) => endpoint.paths.some((path) => ESTIMATOR_PATHS.includes(path)));
const artifacts = join(repoRoot, 'test-artifacts');

describe('the page in Chromium', { skip }, () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  const otherOrigins: string[] = [];
  const pageErrors: string[] = [];

  const api = async (path: string): Promise<Json> => {
    const response = await server.get(withKey(path, server.key));
    assert.equal(response.status, 200, `${path}: ${response.status}`);
    return (await response.json()) as Json;
  };

  /** A screenshot of a section of the page (the whole page when none is named). */
  async function screenshot(name: string, selector?: string): Promise<void> {
    mkdirSync(artifacts, { recursive: true });
    const path = join(artifacts, name);
    if (selector) await page.locator(selector).screenshot({ path });
    else await page.screenshot({ path, fullPage: true });
    assert.ok(statSync(path).size > 10_000, `${path} written`);
  }

  before(async () => {
    assert.ok(available, `Chromium is required here (REQUIRE_CHROMIUM or CI) but ${CHROMIUM} does not exist: apt-get install chromium`);
    const dataDir = temporaryDir('browser');
    await buildQuietly({ outDir: dataDir, sample: { seed: 1, stations: 2000 } });
    server = await startTestServer(dataDir);
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.setDefaultTimeout(60_000);
    page.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith(`${server.url}/`) && !url.startsWith('data:')) otherOrigins.push(url);
    });
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      // Chromium logs every 4xx answer (the refused search below asks for one); anything else is the page's.
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource: the server responded with a status of 4'))
        pageErrors.push(message.text());
    });
    await page.goto(`${server.url}/`);
    await page.waitForSelector('body[data-ready=true]');
    // The user's own key, instead of DEMO_KEY.
    await page.fill('#api-key', server.key);
  });

  after(async () => {
    await browser?.close();
    await server?.dispose();
  });

  test('the page loads from this server alone, and its reference lists every path of the OpenAPI document', async () => {
    const document = (await (await server.get('/api/openapi.json')).json()) as Json;
    const shown = await page.$$eval('#reference [data-path]', (elements) => elements.map((element) => element.getAttribute('data-path')));
    assert.deepEqual([...shown].sort(), Object.keys(document.paths).sort());
    const canonical = new Set(
      Object.values<Json>(document.paths)
        .map((item) => item.get['x-canonical-path'])
        .filter(Boolean),
    );
    const articles = await page.$$eval('#reference article[data-endpoint]', (elements) => elements.map((element) => element.getAttribute('data-endpoint')));
    for (const path of canonical) assert.ok(articles.includes(path), `an article for ${path}`);
    // A parameter row shows the schema's enum and default.
    const fuelRow = await page.textContent('article[data-endpoint="/api/alt-fuel-stations/v1/nearest"] tr[data-parameter="fuel_type"]');
    const fuelSchema = document.components.parameters['FuelStationsListParameters.fuel_type'].schema;
    for (const code of fuelSchema.items.enum) assert.ok(fuelRow!.includes(code), `fuel_type row names ${code}`);
    // The fuel-type menu of the search comes from the same enum.
    const options = await page.$$eval('#station-form select[name=fuel_type] option', (elements) => elements.map((element) => element.getAttribute('value')));
    assert.deepEqual(options, fuelSchema.items.enum);
    await screenshot('browser-page.png');
    assert.deepEqual(otherOrigins, []);
    assert.deepEqual(pageErrors, []);
  });

  /** Runs a search on the page and returns what the list shows. */
  async function search(location: string, fuelType: string, radius: string, limit: string) {
    await page.fill('#station-form input[name=location]', location);
    await page.selectOption('#station-form select[name=fuel_type]', fuelType);
    await page.fill('#station-form input[name=radius]', radius);
    await page.fill('#station-form input[name=limit]', limit);
    await page.$eval('#station-status', (element) => element.removeAttribute('data-state'));
    await page.click('#station-form button[type=submit]');
    await page.waitForSelector('#station-status[data-state=done], #station-status[data-state=error]');
    return {
      state: await page.getAttribute('#station-status', 'data-state'),
      status: (await page.textContent('#station-status')) ?? '',
      items: await page.$$eval('#station-list li', (elements) =>
        elements.map((element) => ({
          id: Number(element.getAttribute('data-id')),
          distance: element.getAttribute('data-distance'),
          shownDistance: element.querySelector('.distance')?.textContent,
          name: element.querySelector('.name')?.textContent,
        })),
      ),
    };
  }

  test('a station search by ZIP and by city lists the nearest stations with their distances, exactly as the API answers', async () => {
    // A ZIP code and a city of the data set, both of which the API geocodes and finds stations near.
    const nearest = async (location: string) => {
      const response = await server.get(
        withKey(`/api/alt-fuel-stations/v1/nearest.json?${new URLSearchParams({ location, fuel_type: 'ELEC', radius: '30', limit: '8' })}`, server.key),
      );
      return response.status === 200 ? ((await response.json()) as Json) : undefined;
    };
    const { fuel_stations: candidates } = await api('/api/alt-fuel-stations/v1.json?fuel_type=ELEC&status=E&limit=200');
    let place: { zip: Json; city: Json } | undefined;
    for (const station of candidates) {
      if (!/^\d{5}$/.test(station.zip ?? '') || !station.city || !station.state) continue;
      const [zip, city] = [await nearest(station.zip), await nearest(`${station.city}, ${station.state}`)];
      if (zip?.fuel_stations.length && city?.fuel_stations.length) {
        place = { zip: { location: station.zip, answer: zip }, city: { location: `${station.city}, ${station.state}`, answer: city } };
        break;
      }
    }
    assert.ok(place, 'an electric station whose ZIP code and city the API geocodes');
    for (const { location, answer: expected } of [place.zip, place.city]) {
      const shown = await search(location, 'ELEC', '30', '8');
      assert.equal(shown.state, 'done', shown.status);
      assert.deepEqual(
        shown.items.map((item) => [item.id, item.distance, item.name]),
        expected.fuel_stations.map((station: Json) => [station.id, String(station.distance), station.station_name]),
      );
      assert.deepEqual(
        shown.items.map((item) => item.shownDistance),
        expected.fuel_stations.map((station: Json) => `${station.distance.toFixed(2)} mi`),
      );
      assert.ok(shown.status.startsWith(`${expected.total_results} station`), shown.status);
    }
    await screenshot('browser-stations.png', '#stations');

    // An answer the API refuses is shown as the API words it.
    const refused = await search('00000', 'all', '5', '5');
    const expected = await server.get(withKey('/api/alt-fuel-stations/v1/nearest.json?location=00000&fuel_type=all&radius=5&limit=5', server.key));
    assert.equal(expected.status, 422);
    assert.equal(refused.state, 'error');
    assert.equal(refused.status, ((await expected.json()) as Json).errors.join(' '));
    assert.deepEqual(refused.items, []);
    assert.deepEqual(otherOrigins, []);
  });

  /** Reads the estimate the page shows: the 12 bars, the annual total and the capacity factor. */
  async function shownEstimate() {
    return {
      bars: await page.$$eval('#pv-chart rect.bar', (elements) =>
        elements.map((element) => ({
          label: element.getAttribute('data-label'),
          value: Number(element.getAttribute('data-value')),
          height: Number(element.getAttribute('height')),
        })),
      ),
      annual: Number(await page.getAttribute('#pv-annual', 'data-value')),
      annualText: await page.textContent('#pv-annual'),
      capacityFactor: Number(await page.getAttribute('#pv-capacity-factor', 'data-value')),
      capacityFactorText: await page.textContent('#pv-capacity-factor'),
      request: ((await page.textContent('#pv-request')) ?? '').replace(/^GET /, ''),
    };
  }

  async function estimate(): Promise<void> {
    await page.$eval('#pv-status', (element) => element.removeAttribute('data-state'));
    await page.click('#pv-form button[type=submit]');
    await page.waitForSelector('#pv-status[data-state=done], #pv-status[data-state=error]');
    assert.equal(await page.getAttribute('#pv-status', 'data-state'), 'done', (await page.textContent('#pv-status')) ?? '');
  }

  const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

  test('the PV calculator draws the estimator’s monthly AC output, annual total and capacity factor', {
    skip: estimatorLanded ? false : 'the estimator endpoint has not landed',
  }, async () => {
    await page.reload();
    await page.waitForSelector('body[data-ready=true]');
    await page.fill('#api-key', server.key);
    assert.equal(await page.getAttribute('#pv-form', 'data-available'), 'true');
    await page.check('#pv-form input[name=where][value=coordinates]');
    await page.fill('#pv-form input[name=lat]', '39.74');
    await page.fill('#pv-form input[name=lon]', '-104.99');
    await page.fill('#pv-form input[name=radius]', '0');
    await page.fill('#pv-form input[name=system_capacity]', '6.5');
    await page.selectOption('#pv-form select[name=array_type]', '2');
    await page.fill('#pv-form input[name=tilt]', '25');
    await estimate();
    const shown = await shownEstimate();
    const request = new URL(shown.request, server.url);
    assert.ok(
      ESTIMATOR_PATHS.some((path) => request.pathname === `${path}.json`),
      request.pathname,
    );
    for (const [name, value] of Object.entries({
      lat: '39.74',
      lon: '-104.99',
      radius: '0',
      system_capacity: '6.5',
      array_type: '2',
      tilt: '25',
      module_type: '0',
      losses: '14',
      azimuth: '180',
    })) {
      assert.equal(request.searchParams.get(name), value, name);
    }
    const expected = await api(`${request.pathname}${request.search}`);
    assert.equal(expected.outputs.ac_monthly.length, 12);
    assert.deepEqual(
      shown.bars.map((bar) => bar.label),
      MONTHS,
    );
    assert.deepEqual(
      shown.bars.map((bar) => bar.value),
      expected.outputs.ac_monthly,
    );
    assert.equal(shown.annual, expected.outputs.ac_annual);
    assert.equal(shown.capacityFactor, expected.outputs.capacity_factor);
    assert.equal(shown.capacityFactorText, `${expected.outputs.capacity_factor.toFixed(1)} %`);
    // Taller bars for larger months.
    const byValue = [...shown.bars].sort((a, b) => a.value - b.value);
    for (let i = 1; i < byValue.length; i++) assert.ok(byValue[i].height >= byValue[i - 1].height);
    await screenshot('browser-pv.png', '#pv');
    assert.deepEqual(otherOrigins, []);
  });

  test('the PV calculator’s drawing and request, against a stand-in estimator (the page’s own logic, whether or not the estimator has landed)', async () => {
    const stand = {
      inputs: {},
      errors: [],
      warnings: [],
      version: '1.0.0',
      ssc_info: { version: 1, build: 'stand-in' },
      station_info: {
        lat: 39.75,
        lon: -104.95,
        elev: 1600.0,
        tz: -7.0,
        location: '1-725650',
        city: 'DENVER',
        state: 'CO',
        solar_resource_file: 'x.csv',
        distance: 3210,
      },
      outputs: {
        ac_monthly: [310.5, 352.25, 480, 540.125, 601, 640.75, 655, 610.5, 540, 450.25, 330, 290.875],
        ac_annual: 5801.25,
        capacity_factor: 16.557,
        poa_monthly: [],
        solrad_monthly: [],
        dc_monthly: [],
        solrad_annual: 5.3,
      },
    };
    const requests: URL[] = [];
    await page.route('**/api/openapi.json', async (route) => {
      const response = await route.fetch();
      const document = (await response.json()) as Json;
      if (!document.paths['/api/pvwatts/v6.json'])
        document.paths['/api/pvwatts/v6.json'] = {
          get: {
            operationId: 'standIn',
            responses: {},
            parameters: [{ name: 'system_capacity', in: 'query', schema: { type: 'number', minimum: 0.05, maximum: 500000 } }],
          },
        };
      await route.fulfill({ response, json: document });
    });
    await page.route(/\/api\/(pvwatts|pv-estimator)\/v6\.json\?/, async (route) => {
      requests.push(new URL(route.request().url()));
      assert.equal(route.request().headers()['x-api-key'], server.key, 'the key the user entered, in the X-Api-Key header');
      await route.fulfill({ json: stand });
    });
    try {
      await page.reload();
      await page.waitForSelector('body[data-ready=true]');
      await page.fill('#api-key', server.key);
      await page.check('#pv-form input[name=where][value=coordinates]');
      await page.fill('#pv-form input[name=lat]', '40.5');
      await page.fill('#pv-form input[name=lon]', '-105.5');
      await page.fill('#pv-form input[name=system_capacity]', '3.5');
      await page.selectOption('#pv-form select[name=module_type]', '1');
      await page.fill('#pv-form input[name=losses]', '10');
      await page.fill('#pv-form input[name=azimuth]', '170');
      await estimate();
      const shown = await shownEstimate();
      assert.equal(requests.length, 1);
      assert.deepEqual(Object.fromEntries(requests[0].searchParams), {
        lat: '40.5',
        lon: '-105.5',
        dataset: 'nsrdb',
        radius: '0',
        system_capacity: '3.5',
        module_type: '1',
        losses: '10',
        array_type: '1',
        tilt: '20',
        azimuth: '170',
        dc_ac_ratio: '1.2',
        gcr: '0.4',
        inv_eff: '96',
      });
      assert.deepEqual(
        shown.bars.map((bar) => bar.label),
        MONTHS,
      );
      assert.deepEqual(
        shown.bars.map((bar) => bar.value),
        stand.outputs.ac_monthly,
      );
      // Bar heights are proportional to the values (the axis starts at 0).
      const scale = shown.bars[0].height / stand.outputs.ac_monthly[0];
      for (const [i, bar] of shown.bars.entries())
        assert.ok(Math.abs(bar.height - stand.outputs.ac_monthly[i] * scale) < 1e-6 * bar.height + 1e-9, `bar ${bar.label}`);
      assert.equal(shown.annual, 5801.25);
      assert.equal(shown.annualText, '5,801 kWh');
      assert.equal(shown.capacityFactorText, '16.6 %');
      assert.match((await page.textContent('#pv-station')) ?? '', /1-725650 · DENVER, CO · 3 km away/);

      // A climate station instead of coordinates: found near the coordinates with the solar data
      // query (as the API answers), then sent as file_id only, without lat/lon/dataset.
      await page.check('#pv-form input[name=where][value=station]');
      let fileId = '1-725650';
      if (endpoints.some((endpoint) => endpoint.paths.includes('/api/solar/data_query/v1'))) {
        const { outputs } = await api('/api/solar/data_query/v1.json?lat=40.5&lon=-105.5&radius=0');
        const expected = Object.values<Json>(outputs)
          .filter((station) => station && !Array.isArray(station))
          .map((station) => station.id);
        assert.ok(expected.length > 0, 'the data query finds climate stations');
        await page.$eval('#pv-status', (element) => element.removeAttribute('data-state'));
        await page.click('#find-stations');
        await page.waitForSelector('#pv-status[data-state=done]');
        const offered = await page.$$eval('#station-choice option', (elements) => elements.map((element) => element.getAttribute('value')));
        assert.deepEqual(offered, expected);
        assert.equal(await page.inputValue('#pv-form input[name=file_id]'), expected[0]);
        fileId = expected[expected.length - 1];
        await page.selectOption('#station-choice', fileId);
      } else {
        await page.fill('#pv-form input[name=file_id]', fileId);
      }
      await estimate();
      assert.equal(requests.length, 2);
      assert.equal(requests[1].searchParams.get('file_id'), fileId);
      for (const name of ['lat', 'lon', 'dataset', 'radius']) assert.equal(requests[1].searchParams.has(name), false, name);
      await screenshot('browser-pv-stand-in.png', '#pv');
      assert.deepEqual(otherOrigins, []);
      assert.deepEqual(pageErrors, []);
    } finally {
      await page.unrouteAll({ behavior: 'wait' });
    }
  });
});
