// How solar dataset query responses look in XML and CSV: Rails' to_xml with every scalar typed
// (type="integer" / type="float"; strings untyped), root `response`; CSV one row per returned
// station with the columns of docs/decisions.md §4.6.
import type { NearestStation } from '../../data/climate.ts';
import type { CsvColumn } from '../csv.ts';
import { formatFloat } from '../numbers.ts';
import type { View } from '../render.ts';
import { railsStyle } from '../xml.ts';

const style = railsStyle();

/**
 * A returned station as a CSV row: its catalog record (country and source included, whatever the
 * version) and its distance; the id is the version's (v1 `id`, v2 `id_v2`), as in JSON and XML.
 */
const solarCsvColumns = (version: 1 | 2): CsvColumn<NearestStation>[] => [
  { header: 'dataset', value: ({ station }) => station.dataset },
  { header: 'id', value: ({ station }) => (version === 2 ? station.id_v2 : station.id) },
  { header: 'city', value: ({ station }) => station.city },
  { header: 'state', value: ({ station }) => station.state },
  { header: 'country', value: ({ station }) => station.country },
  { header: 'lat', value: ({ station }) => formatFloat(station.lat) },
  { header: 'lon', value: ({ station }) => formatFloat(station.lon) },
  { header: 'timezone', value: ({ station }) => station.timezone },
  { header: 'elevation', value: ({ station }) => station.elevation },
  { header: 'distance', value: (found) => found.distanceMetres },
  { header: 'resolution', value: ({ station }) => station.resolution },
  { header: 'weather_data_source', value: ({ station }) => station.weather_data_source },
];

/** The data of a data_query response, with the stations it returns beside the envelope (CSV's rows; never rendered in JSON or XML). */
export interface SolarQueryData {
  version: string;
  warnings: string[];
  errors: string[];
  metadata: Record<string, never>;
  inputs: Record<string, string>;
  outputs: Record<string, unknown>;
  /** The nearest station of each dataset that has one in range, in dataset order; with all=1, every station in range. */
  stations?: NearestStation[];
}

function view(version: 1 | 2): View {
  return {
    schemaId: `/api/schemas/solar-data-query-v${version}.schema.json`,
    xml: { style, root: 'response' },
    csv: {
      columns: solarCsvColumns(version),
      rows: (data: SolarQueryData) => data.stations ?? [],
    },
  };
}

/** 422s in CSV: one `Error` row per message. */
function errorsView(version: 1 | 2): View {
  return {
    ...view(version),
    csv: { columns: [{ header: 'Error', value: (message: string) => message }], rows: (data: SolarQueryData) => data.errors },
  };
}

export const solarViews = {
  v1: view(1),
  v2: view(2),
  v1Errors: errorsView(1),
  v2Errors: errorsView(2),
} satisfies Record<string, View>;

/** Solar resource v1 (docs/decisions.md §9): Rails' to_xml as the documentation's example, root `response`; 422s in the same envelope. */
export const solarResourceView: View = { schemaId: '/api/schemas/solar-resource-v1.schema.json', xml: { style, root: 'response' } };
