// Records and bodies for the renderers' unit tests.
import { schemaById } from '../../schemas/registry.ts';
import { RowStream } from '../../server/formats/rows.ts';

/** A station record valid against fuel-station.schema.json: unknowns null, as the store gives them. */
export function stationRecord(id: number, latitude: number | null, longitude: number | null, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const name of Object.keys(schemaById('/api/schemas/fuel-station.schema.json').properties as object)) record[name] = null;
  delete record.distance;
  delete record.federal_agency;
  return {
    ...record,
    id,
    latitude,
    longitude,
    fuel_type_code: 'ELEC',
    station_name: `Station ${id}`,
    status_code: 'E',
    updated_at: '2024-01-02T03:04:05Z',
    ...extra,
  };
}

/** A rendered body's text, and how many chunks it came in. */
export async function bodyText(body: AsyncIterable<string | Buffer>): Promise<{ text: string; chunks: number }> {
  let text = '';
  let chunks = 0;
  for await (const chunk of body) {
    text += chunk;
    chunks++;
  }
  return { text, chunks };
}

/**
 * A list answer of 2,500 stations (every other one with a federal agency) whose records come as a
 * RowStream in batches of 1,000, as the store hands them to the renderer; `all` is every record.
 */
export function streamedStationList() {
  const count = 2500;
  const all = Array.from({ length: count }, (_, i) =>
    stationRecord(1000 + i, 30 + i / 1000, -100 - i / 1000, i % 2 ? { federal_agency: { id: 3, name: 'Defense Agencies' } } : {}),
  );
  const rows = new RowStream(
    (async function* () {
      for (let i = 0; i < count; i += 1000) yield all.slice(i, i + 1000);
    })(),
  );
  const data = { station_locator_url: 'https://afdc.energy.gov/stations/', total_results: 9999, station_counts: { total: 0, fuels: {} }, fuel_stations: rows };
  return { count, all, data };
}
