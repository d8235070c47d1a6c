// How fuel-station responses look in XML, CSV, GeoJSON and KML, for each generation of the station
// record (STATION_RECORD): Rails' to_xml with untyped station scalars (only precision/value and
// federal-agency/id carry type="integer"), the export's CSV header, and the stations as points.
// `2014` is the 2014 documentation's record (docs/api.md §3.1, docs/decisions.md §3.6);
// `current` today's (fuel-station-current.schema.json, docs/decisions.md §3.2, §3.4), whose XML also
// keeps the record's arrays untyped and writes `updated-at` as the CSV does, as the newest of
// the documentation's XML examples (the list's, 2023) shows.
import type { JsonSchema } from '../../../schemas/json-schema.ts';
import { schemaById } from '../../../schemas/registry.ts';
import { type CsvColumn, exportTimestamp } from '../csv.ts';
import { formatFloat } from '../numbers.ts';
import { features, pointFeature, type GeoJsonForm } from '../geojson.ts';
import type { KmlForm } from '../kml.ts';
import type { View } from '../render.ts';
import { type Shape, shapeFor } from '../shape.ts';
import type { RowStream } from '../rows.ts';
import { railsStyle, type XmlStyle } from '../xml.ts';

export const STATION_RECORD_GENERATIONS = ['current', '2014'] as const;
export type StationRecordGeneration = (typeof STATION_RECORD_GENERATIONS)[number];

const TYPED_FIELDS = ['precision.value', 'federal_agency.id'];
const style = railsStyle(TYPED_FIELDS);

const exportHeaders = Object.fromEntries(
  Object.entries(schemaById('/api/schemas/fuel-station-source.schema.json').properties as Record<string, { 'x-csv-header'?: string }>).map(([name, p]) => [
    name,
    p['x-csv-header'],
  ]),
);

interface Agency {
  id: number;
  code: string | null;
  name: string;
}

type Station = Record<string, unknown> & { federal_agency?: Agency };

function column(field: string): CsvColumn<Station> {
  return { header: exportHeaders[field]!, field };
}

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
    { header: exportHeaders.latitude!, floatField: 'latitude' },
    { header: exportHeaders.longitude!, floatField: 'longitude' },
    column('date_last_confirmed'),
    column('id'),
    ...(withDistance ? [{ header: 'Distance', floatField: 'distance' }] : []),
    { header: exportHeaders.updated_at!, timeField: 'updated_at' },
    column('owner_type_code'),
    { header: exportHeaders.federal_agency_id!, field: 'federal_agency', format: (agency) => (agency as Agency).id },
    { header: exportHeaders.federal_agency_name!, field: 'federal_agency', format: (agency) => (agency as Agency).name },
    ...['open_date', 'hy_status_link', 'ng_vehicle_class', 'lpg_primary', 'e85_blender_pump'].map(column),
  ];
}

// Today's record (STATION_RECORD=current): its shape, XML style and CSV columns (the ids view of
// both generations reads its CSV columns the same way).

const currentRecordSchema = schemaById('/api/schemas/fuel-station-current.schema.json');
const currentRecordShape = shapeFor('/api/schemas/fuel-station-current.schema.json') as Extract<Shape, { kind: 'object' }>;
const recordArrays = currentRecordShape.fields.filter((field) => field.shape.kind === 'array').map((field) => field.name);

/** The keys of every array within a shape, at any depth (ev_network_ids' `posts`, a charging unit's `funding_sources`). */
function arrayKeysWithin(shape: Shape): string[] {
  if (shape.kind === 'array') return arrayKeysWithin(shape.items);
  if (shape.kind !== 'object') return [];
  const own = shape.fields.flatMap((field) => [...(field.shape.kind === 'array' ? [field.name] : []), ...arrayKeysWithin(field.shape)]);
  return [...own, ...(shape.rest ? arrayKeysWithin(shape.rest) : [])];
}

const currentStyle = railsStyle(TYPED_FIELDS, {
  untypedArrays: [...new Set(arrayKeysWithin(currentRecordShape))],
  texts: { updated_at: (value) => exportTimestamp(String(value)) },
});

const fieldOfHeader = new Map(Object.entries(exportHeaders).map(([field, header]) => [header, field]));
const agencyMember: Record<string, 'id' | 'code' | 'name'> = { federal_agency_id: 'id', federal_agency_code: 'code', federal_agency_name: 'name' };
const exportBoolean: Record<string, boolean> = { Y: true, N: false };

/** A CSV cell of today's record: lists space-separated and the RNG codes as booleans, as the exports write them. */
function currentColumn(header: string): CsvColumn<Station> {
  const field = fieldOfHeader.get(header);
  if (!field) throw new Error(`fuel-station-current.schema.json: no source field has the CSV header ${header}`);
  if (field in agencyMember) return { header, field: 'federal_agency', format: (agency) => (agency as Agency)[agencyMember[field]] };
  if (field === 'latitude' || field === 'longitude') return { header, floatField: field };
  if (field === 'updated_at') return { header, timeField: field };
  if (field === 'cng_has_rng' || field === 'lng_has_rng') return { header, field, format: (code) => exportBoolean[code as string] };
  if (recordArrays.includes(field)) return { header, field, format: (list) => (list as string[]).join(' ') };
  return column(field);
}

/** The CSV columns a schema names by their headers (`x-csv-columns`). */
function csvColumnsOf(schema: JsonSchema): CsvColumn<Station>[] {
  return (schema['x-csv-columns'] as string[]).map(currentColumn);
}

const stationsOf = (data: { fuel_stations: Station[] | RowStream<Station> }) => data.fuel_stations;

/**
 * nearby-route's answer with return_type=ids: the envelope and the stations' ids (`fuel_station_ids`)
 * in JSON and XML; in CSV the columns its schema names (`ID`); in GeoJSON the features of its own
 * schema, whose properties keep the id alone. The data also carries the records (`fuel_stations`),
 * which the CSV and GeoJSON forms read. No KML form: a Placemark is a record, so the ids come as JSON,
 * as errors do.
 */
function idsView(schemaId: string, xmlStyle: XmlStyle, forms: { geojson: GeoJsonForm }): View {
  return {
    schemaId,
    xml: { style: xmlStyle, root: 'response' },
    csv: { columns: csvColumnsOf(schemaById(schemaId)), rows: stationsOf },
    geojson: forms.geojson,
  };
}

/** The envelope members that GeoJSON and KML carry beside the stations (not station_counts). */
const listMembers = ['station_locator_url', 'total_results'];
const nearestMembers = ['latitude', 'longitude', 'precision', 'station_locator_url', 'total_results', 'offset'];
/** nearby-route's `offset` is there only when the request gave it. */
const nearbyRouteMembers = ['station_locator_url', 'total_results', 'offset'];

const stationKeys = { id: 'id', name: 'station_name', latitude: 'latitude', longitude: 'longitude' };

/**
 * GeoJSON: the stations as Point features (the record, as JSON writes it, in properties) and some
 * envelope members beside them (2014) or in `metadata`, as today's documentation shows (current).
 */
function stationCollection(schemaId: string, members: string[], membersIn: 'collection' | 'metadata' = 'collection'): GeoJsonForm {
  const toFeature = (station: Station) => pointFeature(station, stationKeys);
  return {
    schemaId,
    collection: (data: Record<string, unknown> & { fuel_stations: Station[] | RowStream<Station> }) => {
      const envelope = Object.fromEntries(members.map((name) => [name, data[name]]));
      const foreignMembers = membersIn === 'metadata' ? { metadata: envelope } : envelope;
      return { type: 'FeatureCollection', ...foreignMembers, features: features(data.fuel_stations, toFeature) };
    },
  };
}

/** KML: each station a Placemark named by its station_name at its point, the envelope members in the Document's ExtendedData. */
function stationDocument(members: string[], records: string, keys: KmlForm['keys'] = stationKeys): KmlForm {
  return { members, records, keys };
}

/** A compact record has no name: its Placemark is named by the station's id. */
const compactKeys = { ...stationKeys, name: 'id' };

const list2014 = {
  schemaId: '/api/schemas/fuel-stations-list.schema.json',
  xml: { style, root: 'response' },
  csv: { columns: stationColumns(false), rows: stationsOf },
  geojson: stationCollection('/api/schemas/fuel-stations-geojson.schema.json', listMembers),
  kml: stationDocument(listMembers, 'fuel_stations'),
} satisfies View;

const nearest2014 = {
  schemaId: '/api/schemas/fuel-stations-nearest.schema.json',
  xml: { style, root: 'response' },
  csv: { columns: stationColumns(true), rows: stationsOf },
  geojson: stationCollection('/api/schemas/fuel-stations-geojson-nearest.schema.json', nearestMembers),
  kml: stationDocument(nearestMembers, 'fuel_stations'),
} satisfies View;

export const fuelStationViews = {
  list: list2014,
  nearest: nearest2014,
  // The 2014 service had no response_format: compact answers with the whole record.
  listCompact: list2014,
  nearestCompact: nearest2014,
  nearbyRoute: {
    schemaId: '/api/schemas/fuel-stations-nearby-route.schema.json',
    xml: { style, root: 'response' },
    csv: { columns: stationColumns(true), rows: stationsOf },
    geojson: stationCollection('/api/schemas/fuel-stations-geojson-nearby-route.schema.json', nearbyRouteMembers),
    kml: stationDocument(nearbyRouteMembers, 'fuel_stations'),
  },
  /** nearby-route with return_type=ids: the ids alone (idsView). */
  nearbyRouteIds: idsView('/api/schemas/fuel-stations-nearby-route-ids.schema.json', style, {
    geojson: stationCollection('/api/schemas/fuel-stations-geojson-nearby-route-ids.schema.json', nearbyRouteMembers),
  }),
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

/** The documentation's 74 columns (the nearest CSV has no distance since 2023). */
const currentColumns = csvColumnsOf(currentRecordSchema);

/** nearby-route's CSV, as its 2023 example: the 74 columns with Distance after ID and Distance (km) after Country. */
const currentNearbyRouteColumns = currentColumns.flatMap((column) => {
  if (column.header === exportHeaders.id) return [column, { header: 'Distance', floatField: 'distance' }];
  if (column.header === exportHeaders.country) return [column, { header: 'Distance (km)', floatField: 'distance_km' }];
  return [column];
});

const currentListMembers = ['station_locator_url', 'total_results', 'station_counts'];
const currentNearestMembers = ['latitude', 'longitude', 'location_country', 'precision', 'station_locator_url', 'total_results', 'station_counts', 'offset'];
const currentNearbyRouteMembers = ['station_locator_url', 'total_results', 'station_counts', 'offset'];
/** KML's Document carries the envelope's scalars and precision, not the counts. */
const withoutCounts = (members: string[]) => members.filter((member) => member !== 'station_counts');

/** response_format=compact: each station's id, fuel type and point (`fuel-station-compact-current.schema.json`, whose CSV columns they are). */
const compactColumns = csvColumnsOf(schemaById('/api/schemas/fuel-station-compact-current.schema.json'));

const currentFuelStationViews = {
  list: {
    schemaId: '/api/schemas/fuel-stations-list-current.schema.json',
    xml: { style: currentStyle, root: 'response' },
    csv: { columns: currentColumns, rows: stationsOf },
    geojson: stationCollection('/api/schemas/fuel-stations-geojson-current.schema.json', currentListMembers, 'metadata'),
    kml: stationDocument(withoutCounts(currentListMembers), 'fuel_stations'),
  },
  nearest: {
    schemaId: '/api/schemas/fuel-stations-nearest-current.schema.json',
    xml: { style: currentStyle, root: 'response' },
    csv: { columns: currentColumns, rows: stationsOf },
    geojson: stationCollection('/api/schemas/fuel-stations-geojson-nearest-current.schema.json', currentNearestMembers, 'metadata'),
    kml: stationDocument(withoutCounts(currentNearestMembers), 'fuel_stations'),
  },
  listCompact: {
    schemaId: '/api/schemas/fuel-stations-list-compact-current.schema.json',
    xml: { style: currentStyle, root: 'response' },
    csv: { columns: compactColumns, rows: stationsOf },
    geojson: stationCollection('/api/schemas/fuel-stations-geojson-compact-current.schema.json', currentListMembers, 'metadata'),
    kml: stationDocument(withoutCounts(currentListMembers), 'fuel_stations', compactKeys),
  },
  nearestCompact: {
    schemaId: '/api/schemas/fuel-stations-nearest-compact-current.schema.json',
    xml: { style: currentStyle, root: 'response' },
    csv: { columns: compactColumns, rows: stationsOf },
    geojson: stationCollection('/api/schemas/fuel-stations-geojson-nearest-compact-current.schema.json', currentNearestMembers, 'metadata'),
    kml: stationDocument(withoutCounts(currentNearestMembers), 'fuel_stations', compactKeys),
  },
  nearbyRoute: {
    schemaId: '/api/schemas/fuel-stations-nearby-route-current.schema.json',
    xml: { style: currentStyle, root: 'response' },
    csv: { columns: currentNearbyRouteColumns, rows: stationsOf },
    geojson: stationCollection('/api/schemas/fuel-stations-geojson-nearby-route-current.schema.json', currentNearbyRouteMembers, 'metadata'),
    kml: stationDocument(withoutCounts(currentNearbyRouteMembers), 'fuel_stations'),
  },
  nearbyRouteIds: idsView('/api/schemas/fuel-stations-nearby-route-ids-current.schema.json', currentStyle, {
    geojson: stationCollection('/api/schemas/fuel-stations-geojson-nearby-route-ids-current.schema.json', currentNearbyRouteMembers, 'metadata'),
  }),
  byId: {
    schemaId: '/api/schemas/fuel-station-by-id-current.schema.json',
    xml: { style: currentStyle, root: 'alt-fuel-station', field: 'alt_fuel_station' },
    csv: { columns: currentColumns, rows: (data: { alt_fuel_station: Station }) => [data.alt_fuel_station] },
    kml: stationDocument([], 'alt_fuel_station'),
  },
  errors: fuelStationViews.errors,
} satisfies typeof fuelStationViews;

/**
 * The ev-charging-units download (docs/decisions.md §3.13): a row per charging unit, each its station's
 * 74 columns as the list writes them (a row is an object whose prototype is the station's record, so
 * those columns read it as they read a station) and the unit's ten, the ports and power of each of
 * the documentation's connector types. NACS/J3400 takes the unit's J3400 and TESLA connectors (NACS is
 * Tesla's connector; the data names it either way). A connector type the unit lacks has 0 ports and
 * no power.
 */
const UNIT_CONNECTORS: Array<[header: string, connectors: string[]]> = [
  ['J1772', ['J1772']],
  ['CCS', ['J1772COMBO']],
  ['CHAdeMO', ['CHADEMO']],
  ['J3400', ['J3400', 'TESLA']],
  ['J3271', ['J3271']],
];
const UNIT_SCHEMA = '/api/schemas/fuel-stations-ev-charging-units.schema.json';

type UnitConnector = { power_kw: number | null; port_count: number };
export interface ChargingUnitRow {
  charging_unit: { connectors: Record<string, UnitConnector> };
}

const unitColumns: CsvColumn<ChargingUnitRow>[] = UNIT_CONNECTORS.flatMap(([name, types]): CsvColumn<ChargingUnitRow>[] => {
  const present = (row: ChargingUnitRow) => types.map((type) => row.charging_unit.connectors[type]).filter((c): c is UnitConnector => c !== undefined);
  return [
    { header: `EV ${name} Connector Count`, value: (row) => present(row).reduce((ports, connector) => ports + connector.port_count, 0) },
    {
      header: `EV ${name} Power Output (kW)`,
      value: (row) => {
        const power = present(row).find((connector) => typeof connector.power_kw === 'number')?.power_kw;
        return typeof power === 'number' ? formatFloat(power) : null;
      },
    },
  ];
});

const chargingUnitColumns = [...(currentColumns as CsvColumn[]), ...(unitColumns as CsvColumn[])];
const documentedHeaders = schemaById(UNIT_SCHEMA)['x-csv-columns'] as string[];
if (chargingUnitColumns.map((column) => column.header).join(',') !== documentedHeaders.join(','))
  throw new Error(`${UNIT_SCHEMA}: x-csv-columns are not the columns written`);

export const chargingUnitsView: View = {
  schemaId: UNIT_SCHEMA,
  csv: { columns: chargingUnitColumns, rows: (data) => data as RowStream<ChargingUnitRow> },
};

/** Each generation's views: the endpoints choose by the deployment's STATION_RECORD. */
export const stationViews: Record<StationRecordGeneration, typeof fuelStationViews> = {
  current: currentFuelStationViews,
  '2014': fuelStationViews,
};
