// The page: a station search (stations.js), a PV calculator and the API reference, all driven by
// this server's own OpenAPI document (which endpoints exist, the allowed fuel types, the parameters'
// ranges and defaults). Requests go to this origin only, with the key in the X-Api-Key header.
import { applyContract, errorText, get, parametersOf } from './api.js';
import { barChart } from './chart.js';
import { $, h, setStatus } from './dom.js';
import { renderReference } from './reference.js';
import { setUpStationSearch } from './stations.js';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const ESTIMATORS = ['/api/pvwatts/v6.json', '/api/pv-estimator/v6.json'];
const DATA_QUERY = '/api/solar/data_query/v1.json';

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

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
