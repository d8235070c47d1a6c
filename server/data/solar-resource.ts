// The climate stations' solar resource (docs/api.md §8): the table the pipeline computes once,
// `climate.solar_resource` (schemas/climate-solar-resource.schema.json), held in memory by station
// id: 13 numbers of each kind a station, about 2 MB for 15,000 stations. A data set built before the
// table existed has none, and every station then has no resource.
import type { ClimateSolarResource } from '../../types/schemas.ts';
import type { Database } from './database.ts';

/** A station's averages, kWh/m²/day: index 0 the year, 1–12 January to December. */
export interface StationSolarResource {
  avgDni: Float64Array;
  avgGhi: Float64Array;
  avgLatTilt: Float64Array;
  /** The tilted plane's tilt and azimuth, degrees. */
  tilt: number;
  azimuth: number;
}

export class SolarResourceStore {
  private constructor(private readonly byId: Map<string, StationSolarResource>) {}

  static async load(db: Database, parquetPath: string | undefined): Promise<SolarResourceStore> {
    const byId = new Map<string, StationSolarResource>();
    if (!parquetPath) return new SolarResourceStore(byId);
    const columns = await db.query(
      `SELECT id, month, avg_dni, avg_ghi, avg_lat_tilt, tilt, azimuth FROM read_parquet('${parquetPath.replace(/'/g, "''")}') ORDER BY id, month`,
      [],
      { prepare: false },
    );
    const {
      id: ids,
      month: months,
      avg_dni: dni,
      avg_ghi: ghi,
      avg_lat_tilt: latTilt,
      tilt,
      azimuth,
    } = columns as unknown as {
      [Name in keyof ClimateSolarResource]: Array<ClimateSolarResource[Name]>;
    };
    for (let r = 0; r < ids.length; r++) {
      let station = byId.get(ids[r]!);
      if (!station) {
        station = { avgDni: new Float64Array(13), avgGhi: new Float64Array(13), avgLatTilt: new Float64Array(13), tilt: tilt[r]!, azimuth: azimuth[r]! };
        byId.set(ids[r]!, station);
      }
      const month = months[r]!;
      station.avgDni[month] = dni[r]!;
      station.avgGhi[month] = ghi[r]!;
      station.avgLatTilt[month] = latTilt[r]!;
    }
    return new SolarResourceStore(byId);
  }

  /** The resource of a station by its v1 id, or undefined (a station whose weather PVWatts v8 refused, or a data set without the table). */
  of(id: string): StationSolarResource | undefined {
    return this.byId.get(id);
  }

  get size(): number {
    return this.byId.size;
  }
}
