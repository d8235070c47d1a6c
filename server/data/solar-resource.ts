// The climate stations' solar resource (docs/api.md §8): the table the pipeline computes once,
// `climate.solar_resource` (schemas/climate-solar-resource.schema.json), held in memory by station
// id: 13 numbers of each kind a station, about 2 MB for 15,000 stations. A data set built before the
// table existed has none, and every station then has no resource.
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
    const source = `read_parquet('${parquetPath.replace(/'/g, "''")}')`;
    // Each station's id once, with how many rows it has, then the rows' numbers in the same order:
    // an id read for each of a station's 13 rows took half of the load.
    const [stations, rows] = await Promise.all([
      db.query(
        `SELECT id, count(*)::INTEGER AS months, arg_min(tilt, month) AS tilt, arg_min(azimuth, month) AS azimuth FROM ${source} GROUP BY id ORDER BY id`,
        [],
        { prepare: false },
      ),
      db.query(`SELECT month, avg_dni, avg_ghi, avg_lat_tilt FROM ${source} ORDER BY id, month`, [], { prepare: false }),
    ]);
    const { id: ids, months: rowCounts, tilt, azimuth } = stations as { id: string[]; months: number[]; tilt: number[]; azimuth: number[] };
    const {
      month: months,
      avg_dni: dni,
      avg_ghi: ghi,
      avg_lat_tilt: latTilt,
    } = rows as { [Name in 'month' | 'avg_dni' | 'avg_ghi' | 'avg_lat_tilt']: number[] };
    let r = 0;
    for (let s = 0; s < ids.length; s++) {
      const station = { avgDni: new Float64Array(13), avgGhi: new Float64Array(13), avgLatTilt: new Float64Array(13), tilt: tilt[s]!, azimuth: azimuth[s]! };
      for (const end = r + rowCounts[s]!; r < end; r++) {
        const month = months[r]!;
        station.avgDni[month] = dni[r]!;
        station.avgGhi[month] = ghi[r]!;
        station.avgLatTilt[month] = latTilt[r]!;
      }
      byId.set(ids[s]!, station);
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
