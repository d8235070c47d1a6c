// Alternative fuel stations v1, ev-charging-units: a CSV of the EV charging units of the stations the
// list's filters select (docs/api.md §3.11, docs/decisions.md §3.13), one row per unit: the
// station's columns as the list's CSV writes them, then the unit's ports and power per connector type.
// The list's parameters and its query (`readFilters`, `StationStore.list`), restricted to stations
// that have units; `limit` counts stations, each with every unit it has.
import type { FuelStationsEvChargingUnitsParameters } from '../../types/schemas.ts';
import type { StationStore } from '../data/stations.ts';
import { RowStream } from '../formats/rows.ts';
import { type ChargingUnitRow, chargingUnitsView, type StationRecordGeneration } from '../formats/views/fuel-stations.ts';
import { ERRORS, FUEL_STATIONS_TAG, readFilters } from './fuel-stations.ts';
import type { Endpoint } from './types.ts';

const PARAMETERS = '/api/schemas/params/fuel-stations-ev-charging-units.params.schema.json';

/** Stations per batch of rows: a station has a few units, most one to four. */
const BATCH = 128;

/** The units of the matching stations, in the stations' order, each a row whose prototype is its station's record. */
function unitRows(store: StationStore, rows: number[]): RowStream<ChargingUnitRow> {
  return new RowStream(
    (async function* () {
      for (let start = 0; start < rows.length; start += BATCH) {
        const batch: ChargingUnitRow[] = [];
        for (const row of rows.slice(start, start + BATCH)) {
          const station = store.record(row);
          for (const unit of (station.ev_charging_units as ChargingUnitRow['charging_unit'][] | undefined) ?? [])
            batch.push(Object.create(station, { charging_unit: { value: unit, enumerable: true } }));
        }
        yield batch;
      }
    })(),
  );
}

export function evChargingUnitsEndpoint(generation: StationRecordGeneration): Endpoint {
  return {
    paths: ['/api/alt-fuel-stations/v1/ev-charging-units'],
    parameters: PARAMETERS,
    responses: { ok: chargingUnitsView.schemaId, errors: { 422: ERRORS } },
    docs: {
      tag: FUEL_STATIONS_TAG,
      summary:
        "A CSV of the EV charging units of the stations matching the list's filters: a row per unit, the station's columns and the unit's ports and power by connector type.",
      example: 'state=CA&ev_charging_level=dc_fast&limit=3',
    },
    formats: ['csv'],
    defaultFormat: 'csv',
    limitGroup: 'fuel-stations',
    async handle({ data, query }) {
      const read = readFilters<FuelStationsEvChargingUnitsParameters>(PARAMETERS, query, data.stations, generation);
      if ('invalid' in read) return read.invalid;
      const { values, filters } = read;
      const matches = await data.stations.list({ ...filters, withChargingUnits: true }, values.limit === 'all' ? undefined : values.limit);
      return { view: chargingUnitsView, data: unitRows(data.stations, matches.rows) };
    },
  };
}
