// The solar resource panel: a point (coordinates or a place) sent to the solar resource endpoint,
// its annual averages shown as numbers and its monthly averages as a chart of the three series.
// The panel says so and stays disabled when the OpenAPI document has no such endpoint.
import { errorText, get } from './api.js';
import { groupedBarChart } from './chart.js';
import { $, onSubmit, setStatus } from './dom.js';

export const SOLAR_RESOURCE_PATH = '/api/solar/solar_resource/v1.json';
const MONTH_KEYS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const SERIES = [
  ['avg_dni', 'DNI'],
  ['avg_ghi', 'GHI'],
  ['avg_lat_tilt', 'Tilt at latitude'],
];
const twoDigits = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

function showWhere(form) {
  const where = new FormData(form).get('solar-where');
  for (const element of form.querySelectorAll('[data-solar-where]')) element.hidden = element.dataset.solarWhere !== where;
}

/** The query: the coordinates, or the place as `address`. */
export function solarResourceParams(form) {
  const data = new FormData(form);
  if (data.get('solar-where') === 'address') return { address: String(data.get('address')).trim() };
  return { lat: String(data.get('lat')), lon: String(data.get('lon')) };
}

function showAnnual(selector, value) {
  const element = $(selector);
  element.textContent = `${twoDigits.format(value)} kWh/m²/day`;
  element.dataset.value = String(value);
}

function showResource(body) {
  const outputs = body.outputs;
  showAnnual('#solar-dni', outputs.avg_dni.annual);
  showAnnual('#solar-ghi', outputs.avg_ghi.annual);
  showAnnual('#solar-tilt', outputs.avg_lat_tilt.annual);
  const station = body.metadata?.station ?? {};
  $('#solar-station').textContent = [
    station.id,
    station.dataset,
    typeof station.distance === 'number' ? `${whole.format(station.distance / 1000)} km away` : undefined,
  ]
    .filter(Boolean)
    .join(' · ');
  const series = SERIES.map(([key, name]) => ({ name, values: MONTH_KEYS.map((month) => outputs[key].monthly[month]) }));
  $('#solar-chart').replaceChildren(
    groupedBarChart(MONTHS, series, { unit: 'kWh/m²/day', digits: 2, title: 'Monthly averages of daily irradiation (kWh/m²/day)' }),
  );
  $('#solar-result').hidden = false;
}

export function setUpSolarResource(openapi) {
  const form = $('#solar-form');
  const status = $('#solar-status');
  form.addEventListener('change', () => showWhere(form));
  showWhere(form);
  if (!openapi.paths[SOLAR_RESOURCE_PATH]) {
    $('#solar-unavailable').hidden = false;
    for (const fieldset of form.querySelectorAll('fieldset')) fieldset.disabled = true;
    form.querySelector('button[type=submit]').disabled = true;
    form.setAttribute('data-available', 'false');
    return;
  }
  form.setAttribute('data-available', 'true');
  onSubmit(form, status, 'Looking up the solar resource…', async () => {
    $('#solar-result').hidden = true;
    const answer = await get(SOLAR_RESOURCE_PATH, solarResourceParams(form));
    $('#solar-request').textContent = `GET ${answer.url}`;
    if (!answer.ok) return setStatus(status, 'error', errorText(answer));
    showResource(answer.body);
    setStatus(status, 'done', 'Found.');
  });
}
