// The climate stations' solar resource (docs/api.md §8): the table the pipeline computes once,
// `climate.solar_resource` (schemas/climate-solar-resource.schema.json), held in memory by station
// id. The endpoint prints each value to the hundredth, so that is what is kept: 39 hundredths a
// station (13 of each kind) as 16-bit integers, 78 bytes, and the station's id among the ids in one
// buffer (docs/storage.md, "The size of a national grid"). A data set built before the table existed
// has none, and every station then has no resource.
import { JoinedTexts, type SortedTexts } from './climate-columns.ts';
import type { Columns, Database } from './database.ts';

/** A station's averages, kWh/m²/day to the hundredth: index 0 the year, 1–12 January to December. */
export interface StationSolarResource {
  avgDni: Float64Array;
  avgGhi: Float64Array;
  avgLatTilt: Float64Array;
}

/** Values a station: the year and twelve months, of each of the three kinds. */
const MONTHS = 13;
const KINDS = ['avg_dni', 'avg_ghi', 'avg_lat_tilt'] as const;
const STRIDE = MONTHS * KINDS.length;
/** A value's hundredths, as the endpoint rounds it (Math.round). */
const hundredths = (value: number) => Math.round(value * 100);

export class SolarResourceStore {
  private constructor(
    /** The stations' ids, in order. */
    private readonly ids: SortedTexts,
    readonly size: number,
    /** Station s's value of kind k for month m at s × STRIDE + k × MONTHS + m. */
    private readonly values: Uint16Array | Float64Array,
  ) {}

  static async load(db: Database, parquetPath: string | undefined): Promise<SolarResourceStore> {
    if (!parquetPath) return new SolarResourceStore(new JoinedTexts(Buffer.alloc(0), new Uint32Array(0), new Set()), 0, new Uint16Array(0));
    const source = `read_parquet('${parquetPath.replace(/'/g, "''")}')`;
    const [{ count = 0, highest = 0 }] = rowsOf(
      await db.query(
        `SELECT (count(*) FILTER (WHERE month = 0))::INTEGER AS count, greatest(${KINDS.map((kind) => `max(${kind})`).join(', ')}) AS highest FROM ${source}`,
        [],
        { prepare: false },
      ),
    );
    // hundredths fit 16 bits for any daily irradiation on Earth; a table that says otherwise keeps its numbers
    const values = hundredths(highest) <= 0xffff ? new Uint16Array(count * STRIDE) : new Float64Array(count * STRIDE);
    const keep = values instanceof Uint16Array ? hundredths : (value: number) => value;
    // The rows are written sorted by id and month (climate-solar-resource.ts), so a station's rows
    // follow its year's (month 0) in the file: each id is read once, from its year's row (a string
    // made for each of 26,000,000 rows would take half a minute on a national grid).
    const ends = new Uint32Array(count);
    const parts: Buffer[] = [];
    let bytes = 0;
    let station = 0;
    let previous = '';
    for await (const chunk of db.stream(`SELECT id FROM ${source} WHERE month = 0`)) {
      for (const id of chunk.id as string[]) {
        if (id <= previous) throw new Error(`${parquetPath}: the solar resource's rows are not in the order of their ids (${previous}, then ${id})`);
        previous = id;
        bytes += Buffer.byteLength(id);
        ends[station++] = bytes;
      }
      parts.push(Buffer.from((chunk.id as string[]).join(''), 'utf8'));
    }
    station = -1;
    const numbers = `SELECT month::INTEGER AS month, ${KINDS.map((kind) => `${kind}::DOUBLE AS ${kind}`).join(', ')} FROM ${source}`;
    for await (const chunk of db.streamTyped(numbers)) {
      const months = chunk.month as Int32Array;
      const kinds = KINDS.map((kind) => chunk[kind] as Float64Array);
      for (let row = 0; row < months.length; row++) {
        const month = months[row]!;
        if (month === 0) station++;
        for (let k = 0; k < kinds.length; k++) values[station * STRIDE + k * MONTHS + month] = keep(kinds[k]![row]!);
      }
    }
    return new SolarResourceStore(new JoinedTexts(Buffer.concat(parts, bytes), ends, new Set()).compact(), count, values);
  }

  /** The resource of a station by its v1 id, or undefined (a station whose weather PVWatts v8 refused, or a data set without the table). */
  of(id: string): StationSolarResource | undefined {
    const station = this.ids.find(id, 0, this.size);
    return station < 0 ? undefined : this.resourceAt(station);
  }

  private resourceAt(station: number): StationSolarResource {
    const [avgDni, avgGhi, avgLatTilt] = KINDS.map((_, k) => {
      const kept = this.values.subarray(station * STRIDE + k * MONTHS, station * STRIDE + (k + 1) * MONTHS);
      return kept instanceof Uint16Array ? Float64Array.from(kept, (value) => value / 100) : Float64Array.from(kept);
    });
    return { avgDni: avgDni!, avgGhi: avgGhi!, avgLatTilt: avgLatTilt! };
  }
}

function rowsOf(columns: Columns): Array<Record<string, number | undefined>> {
  return [Object.fromEntries(Object.entries(columns).map(([name, values]) => [name, values[0] as number | undefined]))];
}
