// What every nearest-station search narrows its scan to: the bounding box of a circle on the globe,
// and the cells of a regular latitude/longitude grid that the box covers. The fuel stations (in SQL),
// the climate catalog and the estimator's station index (in memory) all use it.

/** A box on the globe, in degrees. */
export interface GeoBox {
  south: number;
  north: number;
  /**
   * Longitude ranges within [-180, 180]: one, or two when the box crosses the antimeridian; `all`
   * when the box reaches a pole or the circle is wider than the world there.
   */
  longitudes: Array<[number, number]> | 'all';
}

/** The bounding box of the circle of `latitudeDeltaDeg` degrees of latitude around (lat, lon). */
export function boxAround(lat: number, lon: number, latitudeDeltaDeg: number): GeoBox {
  const south = lat - latitudeDeltaDeg;
  const north = lat + latitudeDeltaDeg;
  if (south <= -90 || north >= 90) return { south: Math.max(-90, south), north: Math.min(90, north), longitudes: 'all' };
  // The circle is widest in longitude on the box's edge nearer a pole.
  const longitudeDelta = latitudeDeltaDeg / Math.cos((Math.max(Math.abs(south), Math.abs(north)) * Math.PI) / 180);
  if (longitudeDelta >= 180) return { south, north, longitudes: 'all' };
  const west = lon - longitudeDelta;
  const east = lon + longitudeDelta;
  if (west < -180) {
    return {
      south,
      north,
      longitudes: [
        [west + 360, 180],
        [-180, east],
      ],
    };
  }
  if (east > 180) {
    return {
      south,
      north,
      longitudes: [
        [west, 180],
        [-180, east - 360],
      ],
    };
  }
  return { south, north, longitudes: [[west, east]] };
}

/** The rows and column spans of the cells a box covers. */
export interface CellCover {
  rows: [number, number];
  columns: Array<[number, number]>;
}

/**
 * A grid of `degrees`-sized cells; a cell's id is row × `stride` + column, rows from the south pole and
 * columns from the antimeridian. Latitude 90 and longitude 180 lie in the last row and column.
 */
export class CellGrid {
  readonly rowCount: number;
  readonly columnCount: number;

  constructor(
    readonly degrees: number,
    readonly stride = 360 / degrees,
  ) {
    this.rowCount = 180 / degrees;
    this.columnCount = 360 / degrees;
  }

  row(lat: number): number {
    return Math.min(this.rowCount - 1, Math.max(0, Math.floor((lat + 90) / this.degrees)));
  }

  column(lon: number): number {
    return Math.min(this.columnCount - 1, Math.max(0, Math.floor((lon + 180) / this.degrees)));
  }

  cell(lat: number, lon: number): number {
    return this.row(lat) * this.stride + this.column(lon);
  }

  cover(box: GeoBox): CellCover {
    const rows: [number, number] = [this.row(box.south), this.row(box.north)];
    if (box.longitudes === 'all') return { rows, columns: [[0, this.columnCount - 1]] };
    return { rows, columns: box.longitudes.map(([west, east]) => [this.column(west), this.column(east)]) };
  }

  /** Every cell id of a cover, row by row. */
  cells({ rows, columns }: CellCover): number[] {
    const cells: number[] = [];
    for (let row = rows[0]; row <= rows[1]; row++)
      for (const [from, to] of columns) for (let column = from; column <= to; column++) cells.push(row * this.stride + column);
    return cells;
  }
}
