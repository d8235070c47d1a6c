// How fuel-station responses look in XML, CSV, GeoJSON and KML: Rails' to_xml with untyped station
// scalars (only precision/value and federal-agency/id carry type="integer"), the export's CSV header,
// and the stations as points with some of the envelope's members beside them.
import { schemaById } from '../../../schemas/registry.ts';
import type { CsvColumn } from '../csv.ts';
import { features, pointFeature, type GeoJsonForm } from '../geojson.ts';
import type { KmlForm } from '../kml.ts';
import { formatFloat } from '../numbers.ts';
import type { View } from '../render.ts';
import type { RowStream } from '../rows.ts';
import { railsStyle } from '../xml.ts';

const style = railsStyle(['precision.value', 'federal_agency.id']);

const exportHeaders = Object.fromEntries(
  Object.entries(schemaById('/api/schemas/fuel-station-source.schema.json').properties as Record<string, { 'x-csv-header'?: string }>).map(([name, p]) => [
    name,
    p['x-csv-header'],
  ]),
);

type Station = Record<string, unknown> & { federal_agency?: { id: number; name: string } };

function column(field: string): CsvColumn<Station> {
  return { header: exportHeaders[field]!, value: (station) => station[field] as string | number | boolean | null };
}

const csvCell = {
  float: (value: unknown) => (typeof value === 'number' ? formatFloat(value) : null),
  /** `2013-02-14T18:43:05Z` is written `2013-02-14 18:43:05 UTC` in CSV. */
  updatedAt: (value: unknown) => (typeof value === 'string' ? `${value.slice(0, 10)} ${value.slice(11, 19)} UTC` : null),
};

function stationColumns(withDistance: boolean): CsvColumn<Station>[] {
  const before = [
    'fuel_type_code',
    'station_name',
    'street_address',
    'intersection_directions',
    'city',
    'state',
    'zip',
    'plus4',
    'station_phone',
    'status_code',
    'expected_date',
    'groups_with_access_code',
    'access_days_time',
    'cards_accepted',
    'bd_blends',
    'ng_fill_type_code',
    'ng_psi',
    'ev_level1_evse_num',
    'ev_level2_evse_num',
    'ev_dc_fast_num',
    'ev_other_evse',
    'ev_network',
    'ev_network_web',
    'geocode_status',
  ];
  return [
    ...before.map(column),
    { header: exportHeaders.latitude!, value: (s) => csvCell.float(s.latitude) },
    { header: exportHeaders.longitude!, value: (s) => csvCell.float(s.longitude) },
    column('date_last_confirmed'),
    column('id'),
    ...(withDistance ? [{ header: 'Distance', value: (s: Station) => csvCell.float(s.distance) }] : []),
    { header: exportHeaders.updated_at!, value: (s) => csvCell.updatedAt(s.updated_at) },
    column('owner_type_code'),
    { header: exportHeaders.federal_agency_id!, value: (s) => s.federal_agency?.id ?? null },
    { header: exportHeaders.federal_agency_name!, value: (s) => s.federal_agency?.name ?? null },
    ...['open_date', 'hy_status_link', 'ng_vehicle_class', 'lpg_primary', 'e85_blender_pump'].map(column),
  ];
}

const stationsOf = (data: { fuel_stations: Station[] | RowStream<Station> }) => data.fuel_stations;

/** The envelope members that GeoJSON and KML carry beside the stations (not station_counts). */
const listMembers = ['station_locator_url', 'total_results'];
const nearestMembers = ['latitude', 'longitude', 'precision', 'station_locator_url', 'total_results', 'offset'];

const stationKeys = { id: 'id', name: 'station_name', latitude: 'latitude', longitude: 'longitude' };

/** GeoJSON: the stations as Point features (the record, as JSON writes it, in properties) and some envelope members beside them. */
function stationCollection(schemaId: string, members: string[]): GeoJsonForm {
  const toFeature = (station: Station) => pointFeature(station, stationKeys);
  return {
    schemaId,
    collection: (data: Record<string, unknown> & { fuel_stations: Station[] | RowStream<Station> }) => ({
      type: 'FeatureCollection',
      ...Object.fromEntries(members.map((name) => [name, data[name]])),
      features: features(data.fuel_stations, toFeature),
    }),
  };
}

/** KML: each station a Placemark named by its station_name at its point, the envelope members in the Document's ExtendedData. */
function stationDocument(members: string[], records: string): KmlForm {
  return { members, records, keys: stationKeys };
}

export const fuelStationViews = {
  list: {
    schemaId: '/api/schemas/fuel-stations-list.schema.json',
    xml: { style, root: 'response' },
    csv: { columns: stationColumns(false), rows: stationsOf },
    geojson: stationCollection('/api/schemas/fuel-stations-geojson.schema.json', listMembers),
    kml: stationDocument(listMembers, 'fuel_stations'),
  },
  nearest: {
    schemaId: '/api/schemas/fuel-stations-nearest.schema.json',
    xml: { style, root: 'response' },
    csv: { columns: stationColumns(true), rows: stationsOf },
    geojson: stationCollection('/api/schemas/fuel-stations-geojson-nearest.schema.json', nearestMembers),
    kml: stationDocument(nearestMembers, 'fuel_stations'),
  },
  /** GET /v1/{id}: JSON wraps the record in `alt_fuel_station`; XML's root is the record itself. */
  byId: {
    schemaId: '/api/schemas/fuel-station-by-id.schema.json',
    xml: { style, root: 'alt-fuel-station', field: 'alt_fuel_station' },
    csv: { columns: stationColumns(false), rows: (data: { alt_fuel_station: Station }) => [data.alt_fuel_station] },
    kml: stationDocument([], 'alt_fuel_station'),
  },
  errors: {
    schemaId: '/api/schemas/errors.schema.json',
    xml: { style, root: 'response' },
    csv: { columns: [{ header: 'Error', value: (message: string) => message }], rows: (data: { errors: string[] }) => data.errors },
  },
} satisfies Record<string, View>;
