// Alternative fuel stations v1, nearby-route: the stations within a distance of a route given as a
// WKT LINESTRING, nearest first, by GET or (for a route too long for a URL) POST with a form or JSON
// body. The envelope is the list's with `offset` when the request gave one, as the documentation's
// response fields and examples show.
import type { FuelStationsNearbyRouteParameters } from '../../types/schemas.ts';
import { RowStream } from '../formats/rows.ts';
import { type StationRecordGeneration, stationViews } from '../formats/views/fuel-stations.ts';
import { fuelStationBodyMessage, fuelStationRouteMessage } from './fuel-stations-messages.ts';
import { readRoute } from '../wkt-linestring.ts';
import { ERRORS, FUEL_STATIONS_TAG, invalid, listFormats, readFilters, STATION_LOCATOR_URL, stream } from './fuel-stations.ts';
import type { Endpoint } from './types.ts';

const NEARBY_ROUTE_PARAMETERS = '/api/schemas/params/fuel-stations-nearby-route.params.schema.json';

/**
 * The most points a route may have. The documentation's example is a 150-point route of 15 miles;
 * clients seen in the wild thin theirs to about 100 points. The work grows with the points and the
 * stations within the distance of each arc: 1,000 points at the greatest distance (100 miles)
 * through Massachusetts take about a second.
 */
const MAX_ROUTE_POINTS = 1000;

/** A part of the documentation's example route (Golden to Denver), as the example query. */
const EXAMPLE_ROUTE = 'LINESTRING(-105.22109 39.75553, -105.21603 39.74968, -105.20231 39.72628, -105.1 39.72542, -105.0016 39.72564, -104.98611 39.73845)';

/** The schemas of nearby-route's answers, either of return_type's (anyOf), per generation. */
const ANSWERS: Record<StationRecordGeneration, { json: string; geojson: string }> = {
  current: {
    json: '/api/schemas/fuel-stations-nearby-route-answer-current.schema.json',
    geojson: '/api/schemas/fuel-stations-geojson-nearby-route-answer-current.schema.json',
  },
  '2014': { json: '/api/schemas/fuel-stations-nearby-route-answer.schema.json', geojson: '/api/schemas/fuel-stations-geojson-nearby-route-answer.schema.json' },
};

/** nearby-route, answering with one generation of the station record. */
export function nearbyRouteEndpoint(generation: StationRecordGeneration): Endpoint {
  const views = stationViews[generation];
  return {
    paths: ['/api/alt-fuel-stations/v1/nearby-route'],
    methods: ['GET', 'POST'],
    parameters: NEARBY_ROUTE_PARAMETERS,
    // Either answer, by return_type: whole records or the ids alone.
    responses: {
      ok: ANSWERS[generation].json,
      errors: { 413: ERRORS, 422: ERRORS },
      byFormat: { geojson: ANSWERS[generation].geojson },
      asJson: { kml: views.nearbyRouteIds.schemaId },
    },
    docs: {
      tag: FUEL_STATIONS_TAG,
      summary: 'The stations within a distance of a route, nearest first.',
      description: `POST takes the same parameters in a form (application/x-www-form-urlencoded) or JSON body, for routes too long for a URL; a parameter in both the query string and the body is given twice (a 422). A body over 128 KB is a 413. With return_type=ids each station is its id alone: fuel_station_ids in JSON and XML, an ID column in CSV, GeoJSON features whose properties hold the id; KML has no form for ids, so they come as JSON.`,
      example: `route=${encodeURIComponent(EXAMPLE_ROUTE)}&distance=2&limit=3`,
    },
    formats: listFormats,
    defaultFormat: 'xml',
    limitGroup: 'fuel-stations',
    async handle({ data, query, bodyProblem }) {
      if (bodyProblem) return invalid([fuelStationBodyMessage(bodyProblem)], bodyProblem.kind === 'too-large' ? 413 : 422);
      const read = readFilters<FuelStationsNearbyRouteParameters>(NEARBY_ROUTE_PARAMETERS, query, data.stations, generation);
      if ('invalid' in read) return read.invalid;
      const { values, filters } = read;
      const route = readRoute(values.route, MAX_ROUTE_POINTS);
      if ('problem' in route) return invalid([fuelStationRouteMessage(route.problem)]);
      const { distance = 5, offset = 0, limit, return_type } = values;
      const matches = await data.stations.nearRoute(route.points, distance, filters, { offset, limit: limit === 'all' ? undefined : limit });
      const envelope = {
        station_locator_url: STATION_LOCATOR_URL,
        total_results: matches.total,
        station_counts: matches.counts,
        ...(query.offset === undefined ? {} : { offset }),
      };
      if (return_type === 'ids')
        return {
          view: views.nearbyRouteIds,
          // The ids for JSON and XML; the records (without distances) for CSV's ID column and GeoJSON's points.
          data: {
            ...envelope,
            fuel_station_ids: RowStream.of(matches.rows.map((row) => data.stations.idAt(row))),
            fuel_stations: stream(data.stations, matches.rows),
          },
        };
      return { view: views.nearbyRoute, data: { ...envelope, fuel_stations: stream(data.stations, matches.rows, matches.distances) } };
    },
  };
}
