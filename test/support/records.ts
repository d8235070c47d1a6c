// Records and bodies for the renderers' unit tests.
import { schemaById } from '../../schemas/registry.ts';

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
export async function bodyText(body: AsyncIterable<string>): Promise<{ text: string; chunks: number }> {
  let text = '';
  let chunks = 0;
  for await (const chunk of body) {
    text += chunk;
    chunks++;
  }
  return { text, chunks };
}
