// The page: a station search (stations.js), a PV calculator, the solar resource (solar-resource.js) and the API reference, all driven by
// this server's own OpenAPI document (which endpoints exist, the allowed fuel types, the parameters'
// ranges and defaults). Requests go to this origin only, with the key in the X-Api-Key header.
import { applyContract, errorText, get, keyedLink, listSeparator, parametersOf } from './api.js';
import { barChart } from './chart.js';
import { $, h, onSubmit, setStatus } from './dom.js';
import { renderReference } from './reference.js';
import { setUpSolarResource } from './solar-resource.js';
import { setUpStationSearch } from './stations.js';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/**
 * The estimators the calculator offers, newest first (the first the document has is the default):
 * each version's paths (aliases after the first) and the solar dataset query whose station ids its
 * `file_id` takes (v8 refuses v1's nsrdb ids).
 */
const ESTIMATORS = [
  { version: 'v8', paths: ['/api/pvwatts/v8.json'], stations: '/api/solar/data_query/v2.json' },
  { version: 'v6', paths: ['/api/pvwatts/v6.json', '/api/pv-estimator/v6.json'], stations: '/api/solar/data_query/v1.json' },
];

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

// --- PV calculator ----------------------------------------------------------------------------

function showWhere(form) {
  const where = new FormData(form).get('where');
  for (const element of form.querySelectorAll('[data-where]')) element.hidden = element.dataset.where !== where;
}

/** The station finder: the climate stations near the coordinates, from the solar dataset query the chosen estimator's file_id takes. */
function setUpStationFinder(openapi, form, current) {
  const button = $('#find-stations');
  const choice = $('#station-choice');
  const status = $('#pv-status');
  const path = () => (openapi.paths[current().stations] ? current().stations : undefined);
  button.addEventListener('click', async () => {
    const data = new FormData(form);
    button.disabled = true;
    setStatus(status, 'loading', 'Looking up climate stations…');
    try {
      const answer = await get(path(), { lat: String(data.get('lat')), lon: String(data.get('lon')), radius: '0' });
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
  /** For another version: its own query, and no stations found by the other's (whose ids it may not take). */
  return () => {
    const fileId = form.elements.namedItem('file_id');
    if ([...choice.options].some((option) => option.value === fileId.value)) fileId.value = '';
    choice.replaceChildren();
    choice.hidden = true;
    button.hidden = !path();
  };
}

/** The system's parameters, each sent when the chosen estimator takes it and its field is not empty. */
const SYSTEM = [
  'system_capacity',
  'module_type',
  'losses',
  'array_type',
  'tilt',
  'azimuth',
  'dc_ac_ratio',
  'gcr',
  'inv_eff',
  'bifaciality',
  'albedo',
  'use_wf_albedo',
  'soiling',
];

/**
 * The estimator's query: the location (coordinates or a station id) and the system, for the
 * estimator whose `parameters` (`parametersOf`) are given. A list (albedo, soiling) is sent with
 * its own separator (`|`), whatever the user separated its values with (`|`, commas or spaces).
 */
export function estimatorParams(form, parameters) {
  const data = new FormData(form);
  const params = {};
  if (data.get('where') === 'station') {
    params.file_id = String(data.get('file_id')).trim();
  } else {
    for (const name of ['lat', 'lon', 'dataset', 'radius']) params[name] = String(data.get(name));
  }
  for (const name of SYSTEM) {
    if (parameters && !parameters.has(name)) continue;
    const value = String(data.get(name) ?? '').trim();
    if (value === '') continue;
    const separator = listSeparator(parameters?.get(name));
    params[name] = separator
      ? value
          .split(/[\s|,;]+/)
          .filter(Boolean)
          .join(separator)
      : value;
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
  // v8's answers name the weather data's source; v6's do not.
  const source = $('#pv-weather-source');
  source.textContent = typeof station.weather_data_source === 'string' ? station.weather_data_source : '';
  source.parentElement.hidden = source.textContent === '';
  $('#pv-chart').replaceChildren(barChart(MONTHS, outputs.ac_monthly, { unit: 'kWh', title: 'Monthly AC system output (kWh)' }));
  $('#pv-result').hidden = false;
}

const NSRDB_DATA_QUERY = '/api/solar/nsrdb_data_query.json';

/**
 * Beside the estimate's station, a link to its weather as the NSRDB download, when the NSRDB data
 * query (if the server offers it) finds a data set with data at the station: its first link (the
 * newest data set's typical year), with the key and the email typed beside it.
 */
async function showWeatherDownload(station, offered) {
  const row = $('#pv-download');
  row.hidden = true;
  if (!offered || typeof station.lat !== 'number' || typeof station.lon !== 'number') return;
  const answer = await get(NSRDB_DATA_QUERY, { lat: String(station.lat), lon: String(station.lon) });
  const link = answer.ok ? answer.body.outputs?.[0]?.links?.[0]?.link : undefined;
  if (!link) return;
  const email = $('#pv-download-email');
  const anchor = $('#pv-download-link');
  const update = () => {
    anchor.href = keyedLink(link, { email: email.value.trim() });
  };
  email.oninput = update;
  update();
  row.hidden = false;
}

/** The number inputs' ranges as the page writes them, to start from again when another version's contract applies. */
function rangesOf(form) {
  return [...form.querySelectorAll('input[type=number]')].map((input) => ({ input, min: input.getAttribute('min'), max: input.getAttribute('max') }));
}

function restoreRanges(ranges) {
  for (const { input, ...range } of ranges)
    for (const [name, value] of Object.entries(range)) {
      if (value === null) input.removeAttribute(name);
      else input.setAttribute(name, value);
    }
}

function setUpCalculator(openapi) {
  const form = $('#pv-form');
  const status = $('#pv-status');
  const offered = ESTIMATORS.map((estimator) => ({ ...estimator, path: estimator.paths.find((path) => openapi.paths[path]) }))
    .filter((estimator) => estimator.path)
    .map((estimator) => ({ ...estimator, parameters: parametersOf(openapi, estimator.path) }));
  form.addEventListener('change', () => showWhere(form));
  showWhere(form);
  if (offered.length === 0) {
    $('#pv-unavailable').hidden = false;
    for (const fieldset of form.querySelectorAll('fieldset')) fieldset.disabled = true;
    form.querySelector('button[type=submit]').disabled = true;
    form.setAttribute('data-available', 'false');
    return;
  }
  // not form.dataset: a form's named controls shadow its properties, and this one has a control named dataset
  form.setAttribute('data-available', 'true');
  const versions = $('#pv-versions');
  versions.replaceChildren(
    ...offered.map(({ version }, i) =>
      h('label', {}, h('input', { type: 'radio', name: 'estimator', value: version, checked: i === 0 }), ` PVWatts ${version}`),
    ),
  );
  versions.hidden = offered.length < 2;
  const current = () => offered.find(({ version }) => version === new FormData(form).get('estimator')) ?? offered[0];
  const ranges = rangesOf(form);
  const resetStationFinder = setUpStationFinder(openapi, form, current);

  /** The chosen version: its title, its fields only (the others hidden and disabled), its parameters' ranges and descriptions. */
  function chooseVersion() {
    const { version, parameters } = current();
    form.setAttribute('data-version', version);
    $('#pv-title').textContent = `PV calculator (PVWatts ${version})`;
    for (const element of form.querySelectorAll('[data-versions]')) {
      const shown = element.dataset.versions.split(' ').includes(version);
      element.hidden = !shown;
      if (element instanceof HTMLFieldSetElement) element.disabled = !shown;
    }
    restoreRanges(ranges);
    applyContract(form, parameters);
    for (const element of form.querySelectorAll('[data-describes]')) element.textContent = parameters.get(element.dataset.describes)?.description ?? '';
    resetStationFinder();
  }
  chooseVersion();
  form.addEventListener('change', (event) => {
    if (event.target.name === 'estimator') chooseVersion();
  });

  onSubmit(form, status, 'Estimating…', async () => {
    const { path, parameters } = current();
    $('#pv-result').hidden = true;
    const answer = await get(path, estimatorParams(form, parameters));
    $('#pv-request').textContent = `GET ${answer.url}`;
    if (!answer.ok) return setStatus(status, 'error', errorText(answer));
    showEstimate(answer.body);
    await showWeatherDownload(answer.body.station_info ?? {}, Boolean(openapi.paths[NSRDB_DATA_QUERY]));
    setStatus(status, 'done', 'Estimated.');
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
  setUpSolarResource(openapi);
  reference.replaceChildren(renderReference(openapi));
  document.body.dataset.ready = 'true';
}

void main();
