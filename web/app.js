// The page: a station search, a PV calculator and the API reference, all driven by this server's
// own OpenAPI document (which endpoints exist, the allowed fuel types, the parameters' ranges and
// defaults). Requests go to this origin only, with the key in the X-Api-Key header.
import { barChart } from './chart.js';
import { h, renderReference } from './reference.js';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const NEAREST = '/api/alt-fuel-stations/v1/nearest.json';
const ESTIMATORS = ['/api/pvwatts/v6.json', '/api/pv-estimator/v6.json'];
const DATA_QUERY = '/api/solar/data_query/v1.json';

const $ = (selector) => document.querySelector(selector);
const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

function apiKey() {
  return $('#api-key').value.trim() || 'DEMO_KEY';
}

/** GET a path of this API with the key; the body parsed as JSON when it is JSON. */
async function get(path, params) {
  const query = new URLSearchParams(params).toString();
  const url = query ? `${path}?${query}` : path;
  const response = await fetch(url, { headers: { 'X-Api-Key': apiKey(), Accept: 'application/json' } });
  const text = await response.text();
  let body = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { ok: response.ok, status: response.status, body, url };
}

/** The words of an error answer: the endpoint's `errors`, or the gateway's `error.message`. */
function errorText(answer) {
  const body = answer.body;
  if (body && Array.isArray(body.errors) && body.errors.length) return body.errors.join(' ');
  if (body?.error?.message) return `${body.error.code}: ${body.error.message}`;
  return `The server answered ${answer.status}.`;
}

function setStatus(element, state, text) {
  element.dataset.state = state;
  element.textContent = text;
  element.classList.toggle('error', state === 'error');
}

/** The parameters of an operation of the document, by name, with their `$ref`s followed. */
function parametersOf(openapi, path) {
  const operation = openapi.paths[path]?.get;
  if (!operation) return undefined;
  const byName = new Map();
  for (const reference of operation.parameters ?? []) {
    let parameter = reference;
    if (parameter.$ref)
      parameter = parameter.$ref
        .replace(/^#\//, '')
        .split('/')
        .reduce((node, token) => node?.[token], openapi);
    if (parameter) byName.set(parameter.name, parameter);
  }
  return byName;
}

/** Ranges of the form's inputs from the contract, where it states them (and defaults for empty inputs). */
function applyContract(form, parameters) {
  for (const [name, parameter] of parameters) {
    const input = form.elements.namedItem(name);
    if (!(input instanceof HTMLInputElement) || input.type !== 'number') continue;
    const schema = parameter.schema ?? {};
    if (typeof schema.minimum === 'number') input.min = String(schema.minimum);
    if (typeof schema.maximum === 'number') input.max = String(schema.maximum);
    if (typeof schema.default === 'number' && input.value === '') input.value = String(schema.default);
  }
}

// --- Station search ---------------------------------------------------------------------------

function fuelNames(openapi) {
  const parameter = parametersOf(openapi, NEAREST)?.get('fuel_type');
  const items = parameter?.schema?.items;
  return Array.isArray(items?.enum) ? items.enum.filter((code) => code !== 'all') : [];
}

const FUEL_NAMES = {
  BD: 'Biodiesel (B20 and above)',
  CNG: 'Compressed natural gas',
  E85: 'Ethanol (E85)',
  ELEC: 'Electric',
  HY: 'Hydrogen',
  LNG: 'Liquefied natural gas',
  LPG: 'Propane (LPG)',
  RD: 'Renewable diesel',
};

function stationItem(station) {
  const address = [station.street_address, [station.city, [station.state, station.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ')]
    .filter(Boolean)
    .join(', ');
  return h(
    'li',
    { class: 'station', 'data-id': station.id, 'data-distance': String(station.distance) },
    h('div', { class: 'distance' }, `${station.distance.toFixed(2)} mi`),
    h(
      'div',
      {},
      h('strong', { class: 'name' }, station.station_name),
      h('span', { class: `fuel fuel-${station.fuel_type_code}` }, station.fuel_type_code),
      h('div', { class: 'address' }, address),
      h(
        'div',
        { class: 'muted' },
        [station.access_days_time, station.station_phone, station.status_code === 'E' ? undefined : `status ${station.status_code}`]
          .filter(Boolean)
          .join(' · '),
      ),
    ),
  );
}

function setUpStationSearch(openapi) {
  const form = $('#station-form');
  const status = $('#station-status');
  const list = $('#station-list');
  if (!openapi.paths[NEAREST]) {
    form.querySelector('button').disabled = true;
    setStatus(status, 'error', 'This server does not offer the nearest-stations endpoint.');
    return;
  }
  const select = form.elements.namedItem('fuel_type');
  for (const code of fuelNames(openapi)) select.append(h('option', { value: code }, `${FUEL_NAMES[code] ?? code} (${code})`));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const params = {
      location: String(data.get('location')).trim(),
      fuel_type: String(data.get('fuel_type')),
      radius: String(data.get('radius')),
      limit: String(data.get('limit')),
    };
    form.querySelector('button').disabled = true;
    list.replaceChildren();
    setStatus(status, 'loading', 'Searching…');
    try {
      const answer = await get(NEAREST, params);
      $('#station-request').textContent = `GET ${answer.url}`;
      if (!answer.ok) return setStatus(status, 'error', errorText(answer));
      const { fuel_stations: stations, total_results: total } = answer.body;
      list.replaceChildren(...stations.map(stationItem));
      list.dataset.total = String(total);
      setStatus(
        status,
        'done',
        total === 0
          ? `No station within ${params.radius} miles.`
          : `${total} station${total === 1 ? '' : 's'} within ${params.radius} miles; the nearest ${stations.length} below.`,
      );
    } catch (error) {
      setStatus(status, 'error', `The request failed: ${error.message}`);
    } finally {
      form.querySelector('button').disabled = false;
    }
  });
}

// --- PV calculator ----------------------------------------------------------------------------

function showWhere(form) {
  const where = new FormData(form).get('where');
  for (const element of form.querySelectorAll('[data-where]')) element.hidden = element.dataset.where !== where;
}

function setUpStationFinder(openapi, form) {
  const button = $('#find-stations');
  const choice = $('#station-choice');
  const status = $('#pv-status');
  if (!openapi.paths[DATA_QUERY]) {
    button.hidden = true;
    return;
  }
  button.addEventListener('click', async () => {
    const data = new FormData(form);
    button.disabled = true;
    setStatus(status, 'loading', 'Looking up climate stations…');
    try {
      const answer = await get(DATA_QUERY, { lat: String(data.get('lat')), lon: String(data.get('lon')), radius: '0' });
      if (!answer.ok) return setStatus(status, 'error', errorText(answer));
      const options = Object.entries(answer.body.outputs ?? {})
        .filter(([, station]) => station && typeof station === 'object' && !Array.isArray(station))
        .map(([dataset, station]) =>
          h(
            'option',
            { value: station.id },
            `${dataset} ${station.id}: ${[station.city, station.state].filter(Boolean).join(', ') || 'no city'} (${whole.format(station.distance / 1000)} km)`,
          ),
        );
      choice.replaceChildren(...options);
      choice.hidden = options.length === 0;
      if (options.length) form.elements.namedItem('file_id').value = options[0].value;
      setStatus(status, 'done', options.length ? `${options.length} climate stations found: pick one.` : 'No climate station found.');
    } catch (error) {
      setStatus(status, 'error', `The request failed: ${error.message}`);
    } finally {
      button.disabled = false;
    }
  });
  choice.addEventListener('change', () => {
    form.elements.namedItem('file_id').value = choice.value;
  });
}

const SYSTEM = ['system_capacity', 'module_type', 'losses', 'array_type', 'tilt', 'azimuth', 'dc_ac_ratio', 'gcr', 'inv_eff'];

/** The estimator's query: the location (coordinates or a station id) and the system. */
export function estimatorParams(form) {
  const data = new FormData(form);
  const params = {};
  if (data.get('where') === 'station') {
    params.file_id = String(data.get('file_id')).trim();
  } else {
    for (const name of ['lat', 'lon', 'dataset', 'radius']) params[name] = String(data.get(name));
  }
  for (const name of SYSTEM) {
    const value = String(data.get(name) ?? '').trim();
    if (value !== '') params[name] = value;
  }
  return params;
}

function showEstimate(body) {
  const outputs = body.outputs;
  const annual = $('#pv-annual');
  annual.textContent = `${whole.format(outputs.ac_annual)} kWh`;
  annual.dataset.value = String(outputs.ac_annual);
  const factor = $('#pv-capacity-factor');
  factor.textContent = `${outputs.capacity_factor.toFixed(1)} %`;
  factor.dataset.value = String(outputs.capacity_factor);
  const station = body.station_info ?? {};
  $('#pv-station').textContent = [
    station.location,
    [station.city, station.state].filter(Boolean).join(', '),
    typeof station.distance === 'number' ? `${whole.format(station.distance / 1000)} km away` : undefined,
  ]
    .filter(Boolean)
    .join(' · ');
  $('#pv-chart').replaceChildren(barChart(MONTHS, outputs.ac_monthly, { unit: 'kWh', title: 'Monthly AC system output (kWh)' }));
  $('#pv-result').hidden = false;
}

function setUpCalculator(openapi) {
  const form = $('#pv-form');
  const status = $('#pv-status');
  const estimator = ESTIMATORS.find((path) => openapi.paths[path]);
  form.addEventListener('change', () => showWhere(form));
  showWhere(form);
  if (!estimator) {
    $('#pv-unavailable').hidden = false;
    for (const fieldset of form.querySelectorAll('fieldset')) fieldset.disabled = true;
    form.querySelector('button[type=submit]').disabled = true;
    form.setAttribute('data-available', 'false');
    return;
  }
  // not form.dataset: a form's named controls shadow its properties, and this one has a control named dataset
  form.setAttribute('data-available', 'true');
  applyContract(form, parametersOf(openapi, estimator));
  setUpStationFinder(openapi, form);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const submit = form.querySelector('button[type=submit]');
    submit.disabled = true;
    $('#pv-result').hidden = true;
    setStatus(status, 'loading', 'Estimating…');
    try {
      const answer = await get(estimator, estimatorParams(form));
      $('#pv-request').textContent = `GET ${answer.url}`;
      if (!answer.ok) return setStatus(status, 'error', errorText(answer));
      showEstimate(answer.body);
      setStatus(status, 'done', 'Estimated.');
    } catch (error) {
      setStatus(status, 'error', `The request failed: ${error.message}`);
    } finally {
      submit.disabled = false;
    }
  });
}

// --- Start ------------------------------------------------------------------------------------

async function showDataNotice() {
  try {
    const response = await fetch('/health');
    const health = await response.json();
    if (health.sample) {
      const notice = $('#data-notice');
      notice.textContent = health.notice ?? 'Sample data.';
      notice.hidden = false;
    }
  } catch {
    // the notice is optional
  }
}

async function main() {
  $('#key-form').addEventListener('submit', (event) => event.preventDefault());
  void showDataNotice();
  const reference = $('#reference-body');
  let openapi;
  try {
    const response = await fetch('/api/openapi.json');
    if (!response.ok) throw new Error(`status ${response.status}`);
    openapi = await response.json();
  } catch (error) {
    reference.replaceChildren(h('p', { class: 'status error' }, `The OpenAPI document could not be read: ${error.message}`));
    return;
  }
  setUpStationSearch(openapi);
  setUpCalculator(openapi);
  reference.replaceChildren(renderReference(openapi));
  document.body.dataset.ready = 'true';
}

void main();
