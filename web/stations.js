// The station search: near a place (nearest), along a route (nearby-route, posted as a form) or
// anywhere (the list), with the fuel type and every filter the OpenAPI document lists; the stations
// found as a list and on the map, and a station's whole record when its point is clicked.
import { applyContract, errorText, get, parametersOf, post } from './api.js';
import { $, h, onSubmit, setStatus } from './dom.js';
import { filterFieldsets } from './filters.js';
import { loadBoundaries, stationMap } from './map.js';
import { readRoute, routeLines } from './route.js';

/** The ways to search, each offered when the document has its endpoint. */
const MODES = {
  nearest: { path: '/api/alt-fuel-stations/v1/nearest.json', method: 'GET' },
  route: { path: '/api/alt-fuel-stations/v1/nearby-route.json', method: 'POST' },
  list: { path: '/api/alt-fuel-stations/v1.json', method: 'GET' },
};

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

function addressOf(station) {
  const place = [station.city, [station.state, station.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [station.street_address, place].filter(Boolean).join(', ');
}

function stationItem(station) {
  const distance = typeof station.distance === 'number' ? station.distance : undefined;
  return h(
    'li',
    { class: 'station', 'data-id': station.id, 'data-distance': distance === undefined ? undefined : String(distance) },
    h('div', { class: 'distance' }, distance === undefined ? '' : `${distance.toFixed(2)} mi`),
    h(
      'div',
      {},
      h('strong', { class: 'name' }, station.station_name),
      h('span', { class: `fuel fuel-${station.fuel_type_code}` }, station.fuel_type_code),
      h('div', { class: 'address' }, addressOf(station)),
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

/** A field's value as text: lists joined, objects as JSON. */
function fieldText(value) {
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const CHARGING_LEVELS = { 1: 'Level 1', 2: 'Level 2', dc_fast: 'DC fast' };

/** A charging unit in words: `DC fast, 1 port: CHADEMO 50 kW, J1772COMBO 150 kW (EVgo Network)`. */
function chargingUnitText(unit) {
  const ports = unit.port_count === null ? 'ports not reported' : `${unit.port_count} port${unit.port_count === 1 ? '' : 's'}`;
  const connectors = Object.entries(unit.connectors)
    .map(([type, connector]) => `${type} ${connector.power_kw === null ? '(power not reported)' : `${connector.power_kw} kW`}`)
    .join(', ');
  return `${CHARGING_LEVELS[unit.charging_level] ?? unit.charging_level}, ${ports}: ${connectors}${unit.network ? ` (${unit.network})` : ''}`;
}

/** A field's value as the record's panel shows it: the charging units one a line, anything else as text. */
function fieldValue(name, value) {
  if (name === 'ev_charging_units')
    return h(
      'ul',
      { class: 'charging-units' },
      value.map((unit) => h('li', {}, chargingUnitText(unit))),
    );
  return fieldText(value);
}

/** The station's record: every field that has a value, in the record's order. */
function showDetail(station) {
  const fields = Object.entries(station).filter(([, value]) => value !== null && value !== '');
  const panel = $('#station-detail');
  panel.replaceChildren(
    h('h3', {}, station.station_name),
    h('p', { class: 'address' }, addressOf(station)),
    h(
      'dl',
      {},
      fields.map(([name, value]) => h('div', { 'data-field': name }, h('dt', {}, name), h('dd', {}, fieldValue(name, value)))),
    ),
    h('p', { class: 'muted' }, `${Object.keys(station).length - fields.length} fields without a value are not shown.`),
  );
  panel.dataset.id = String(station.id);
  panel.hidden = false;
}

/** The form's values to send: empty controls left out, a list's checked codes joined by commas, the route as WKT. */
function searchParams(form) {
  const data = new FormData(form);
  data.delete('mode');
  const params = {};
  for (const name of new Set(data.keys())) {
    const values = data
      .getAll(name)
      .map((value) => String(value).trim())
      .filter(Boolean);
    if (values.length) params[name] = values.join(',');
  }
  if (params.route !== undefined) params.route = readRoute(params.route).wkt;
  return params;
}

function summary(mode, params, total, shown) {
  const stations = `${total} station${total === 1 ? '' : 's'}`;
  if (mode === 'nearest')
    return total === 0 ? `No station within ${params.radius} miles.` : `${stations} within ${params.radius} miles; the nearest ${shown} below.`;
  if (mode === 'route')
    return total === 0
      ? `No station within ${params.distance} miles of the route.`
      : `${stations} within ${params.distance} miles of the route; the first ${shown} below.`;
  return total === 0 ? 'No station matches.' : `${stations} match; the first ${shown} below.`;
}

/** What the map shows of an answer (none when refused): the stations, and the nearest search's circle or the route. */
function mapView(mode, params, body) {
  const stations = body?.fuel_stations ?? [];
  if (mode === 'route') return { stations, route: readRoute(params.route).points };
  if (mode === 'nearest' && body) return { stations, circle: { center: [body.longitude, body.latitude], miles: Number(params.radius) } };
  return { stations };
}

/** The map, once its boundaries are loaded (undefined if they cannot be: the search works without it). */
function setUpMap(form) {
  const container = $('#station-map');
  const routeInput = form.elements.namedItem('route');
  const onPoint = (point) => {
    if (form.dataset.mode !== 'route') return;
    routeInput.value = routeLines([...(readRoute(routeInput.value).points ?? []), point]);
    routeInput.dispatchEvent(new Event('input'));
  };
  return loadBoundaries().then(
    (boundaries) => {
      const map = stationMap(boundaries, { onStation: showDetail, onPoint });
      container.replaceChildren(map.element);
      container.dataset.state = 'ready';
      routeInput.addEventListener('input', () => map.showRoute(readRoute(routeInput.value).points));
      return map;
    },
    (error) => {
      container.replaceChildren(h('p', { class: 'status error' }, `The map's boundaries could not be loaded: ${error.message}`));
      container.dataset.state = 'error';
      return undefined;
    },
  );
}

/** Shows the controls of the chosen mode, and disables the others' (a disabled control is not sent). */
function showMode(form) {
  const mode = new FormData(form).get('mode');
  form.dataset.mode = mode;
  for (const fieldset of form.querySelectorAll('fieldset[data-mode]')) fieldset.hidden = fieldset.disabled = fieldset.dataset.mode !== mode;
  for (const fieldset of form.querySelectorAll('fieldset[data-modes]')) fieldset.hidden = fieldset.disabled = !fieldset.dataset.modes.split(' ').includes(mode);
}

export function setUpStationSearch(openapi) {
  const form = $('#station-form');
  const status = $('#station-status');
  const list = $('#station-list');
  const operations = new Map(
    Object.entries(MODES)
      .map(([mode, { path }]) => [mode, parametersOf(openapi, path)])
      .filter(([, parameters]) => parameters),
  );
  for (const input of form.querySelectorAll('input[name=mode]')) input.closest('label').hidden = !operations.has(input.value);
  if (operations.size === 0) {
    form.querySelector('button[type=submit]').disabled = true;
    setStatus(status, 'error', 'This server offers no station search.');
    return;
  }
  const [[firstMode, firstParameters]] = operations;
  if (!operations.has(new FormData(form).get('mode'))) form.querySelector(`input[name=mode][value=${firstMode}]`).checked = true;

  const fuelType = firstParameters.get('fuel_type')?.schema?.items?.enum ?? [];
  const select = form.elements.namedItem('fuel_type');
  for (const code of fuelType.filter((value) => value !== 'all')) select.append(h('option', { value: code }, `${FUEL_NAMES[code] ?? code} (${code})`));
  for (const parameters of operations.values()) applyContract(form, parameters);
  const filters = filterFieldsets(form, operations);
  $('#station-filters .filters').replaceChildren(...filters);
  $('#station-filters summary').textContent = `Filters (${filters.length})`;

  form.addEventListener('change', (event) => {
    if (event.target.name === 'mode') showMode(form);
  });
  showMode(form);
  const mapReady = setUpMap(form);

  onSubmit(form, status, 'Searching…', async () => {
    const mode = form.dataset.mode;
    const { path, method } = MODES[mode];
    const params = searchParams(form);
    list.replaceChildren();
    $('#station-detail').hidden = true;
    const answer = method === 'POST' ? await post(path, params) : await get(path, params);
    $('#station-request').textContent = method === 'POST' ? `POST ${path} ${new URLSearchParams(params)}` : `GET ${answer.url}`;
    (await mapReady)?.show(mapView(mode, params, answer.ok ? answer.body : undefined));
    if (!answer.ok) return setStatus(status, 'error', errorText(answer));
    const { fuel_stations: stations, total_results: total } = answer.body;
    list.replaceChildren(...stations.map(stationItem));
    list.dataset.total = String(total);
    setStatus(status, 'done', summary(mode, params, total, stations.length));
  });
}
