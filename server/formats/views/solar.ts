// How solar dataset query responses look in XML and CSV: Rails' to_xml with every scalar typed
// (type="integer" / type="float"; strings untyped), root `response`; CSV one row per returned
// station with DECISIONS.md §4's columns.
import type { ClimateStation } from '../../../types/schemas.ts';
import type { CsvColumn } from '../csv.ts';
import { formatFloat } from '../numbers.ts';
import type { View } from '../render.ts';
import { railsStyle } from '../xml.ts';

const style = railsStyle();

/** A station as a CSV row: an entry of the response plus its dataset and catalog fields. */
export type SolarCsvRow = Pick<ClimateStation, 'dataset' | 'id' | 'city' | 'state' | 'country' | 'lat' | 'lon' | 'timezone' | 'elevation' | 'resolution' | 'weather_data_source'> & {
  distance: number;
};

const float = (value: number) => formatFloat(value);

export const SOLAR_CSV_COLUMNS: CsvColumn<SolarCsvRow>[] = [
  { header: 'dataset', value: (row) => row.dataset },
  { header: 'id', value: (row) => row.id },
  { header: 'city', value: (row) => row.city },
  { header: 'state', value: (row) => row.state },
  { header: 'country', value: (row) => row.country },
  { header: 'lat', value: (row) => float(row.lat) },
  { header: 'lon', value: (row) => float(row.lon) },
  { header: 'timezone', value: (row) => row.timezone },
  { header: 'elevation', value: (row) => row.elevation },
  { header: 'distance', value: (row) => row.distance },
  { header: 'resolution', value: (row) => row.resolution },
  { header: 'weather_data_source', value: (row) => row.weather_data_source },
];

/** The data of a data_query response, with the CSV rows beside the envelope (never rendered in JSON or XML). */
export interface SolarQueryData {
  version: string;
  warnings: string[];
  errors: string[];
  metadata: Record<string, never>;
  inputs: Record<string, string>;
  outputs: Record<string, unknown>;
  csvRows?: SolarCsvRow[];
}

function view(version: 1 | 2): View {
  return {
    schemaId: `/api/schemas/solar-data-query-v${version}.schema.json`,
    xml: { style, root: 'response' },
    csv: {
      columns: SOLAR_CSV_COLUMNS,
      rows: (data: SolarQueryData) => data.csvRows ?? [],
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
