// The estimator's nearest-station search: the climate catalog (already in memory, `ClimateStore.stations`)
// indexed by 0.5° cells per dataset, searched in JavaScript. It answers exactly as the store's SQL
// search (`ClimateStore.nearestIn`): the same haversine (haversine.ts), the closest station
// within the radius (radius 0: whatever the distance), ties by id, the distance rounded to whole metres;
// but in microseconds instead of the milliseconds of a DuckDB query, which would be most of an
// estimate's time.
//
// Search: a box around the point, growing 4× from 50 km until the closest station found lies within
// the searched distance (then nothing outside the box can be closer) or the radius is reached.
import type { ClimateDataset, ClimateStation, ClimateStore, NearestStation } from './climate.ts';
import { FARTHEST_METRES, haversine, METRES_PER_DEGREE_LATITUDE, METRES_PER_MILE } from './haversine.ts';

const CELL_DEGREES = 0.5;
const COLUMNS = 360 / CELL_DEGREES;
const ROWS = 180 / CELL_DEGREES;
const FIRST_SEARCH_METRES = 50_000;
const RADIANS = Math.PI / 180;

function cellRow(lat: number): number {
  return Math.min(ROWS - 1, Math.max(0, Math.floor((lat + 90) / CELL_DEGREES)));
}

function cellColumn(lon: number): number {
  return Math.min(COLUMNS - 1, Math.max(0, Math.floor((lon + 180) / CELL_DEGREES)));
}

/** One dataset's stations, by 0.5° cell. */
class DatasetIndex {
  private readonly cells = new Map<number, number[]>();
  readonly size: number;

  constructor(readonly stations: ClimateStation[]) {
    this.size = stations.length;
    stations.forEach((station, i) => {
      const cell = cellRow(station.lat) * COLUMNS + cellColumn(station.lon);
      let list = this.cells.get(cell);
      if (!list) this.cells.set(cell, (list = []));
      list.push(i);
    });
  }

  /**
   * The closest station within `metres` of the point: over the cells of the box around it, or over
   * every station when the box holds many more cells than there are occupied cells.
   */
  closestWithin(lat: number, lon: number, metres: number): { station: ClimateStation; distance: number } | null {
    const found = { index: -1, distance: Number.POSITIVE_INFINITY };
    const consider = (index: number) => {
      const station = this.stations[index]!;
      const distance = haversine(lat, lon, station.lat, station.lon);
      if (distance > metres) return;
      if (distance < found.distance || (distance === found.distance && station.id < this.stations[found.index]!.id)) {
        found.index = index;
        found.distance = distance;
      }
    };
    if (metres >= FARTHEST_METRES || this.boxCells(lat, metres) > 4 * this.cells.size) {
      for (let index = 0; index < this.size; index++) consider(index);
    } else {
      for (const [fromRow, toRow, spans] of this.box(lat, lon, metres)) {
        for (let row = fromRow; row <= toRow; row++) {
          for (const [fromColumn, toColumn] of spans) {
            for (let column = fromColumn; column <= toColumn; column++) {
              const list = this.cells.get(row * COLUMNS + column);
              if (list) for (const index of list) consider(index);
            }
          }
        }
      }
    }
    return found.index < 0 ? null : { station: this.stations[found.index]!, distance: found.distance };
  }

  /**
   * The cells of the bounding box of a circle: rows, and column spans (two across the
   * antimeridian; every column over a pole or when the circle is wider than the world).
   */
  private box(lat: number, lon: number, metres: number): Array<[number, number, Array<[number, number]>]> {
    const everyColumn: Array<[number, number]> = [[0, COLUMNS - 1]];
    const latitudeDelta = metres / METRES_PER_DEGREE_LATITUDE;
    const south = lat - latitudeDelta;
    const north = lat + latitudeDelta;
    if (south <= -90 || north >= 90) return [[cellRow(Math.max(-90, south)), cellRow(Math.min(90, north)), everyColumn]];
    const longitudeDelta = latitudeDelta / Math.cos(Math.max(Math.abs(south), Math.abs(north)) * RADIANS);
    if (longitudeDelta >= 180) return [[cellRow(south), cellRow(north), everyColumn]];
    const west = lon - longitudeDelta;
    const east = lon + longitudeDelta;
    const spans: Array<[number, number]> =
      west < -180
        ? [
            [cellColumn(west + 360), COLUMNS - 1],
            [0, cellColumn(east)],
          ]
        : east > 180
          ? [
              [cellColumn(west), COLUMNS - 1],
              [0, cellColumn(east - 360)],
            ]
          : [[cellColumn(west), cellColumn(east)]];
    return [[cellRow(south), cellRow(north), spans]];
  }

  /** About how many cells the box of a circle covers (to scan the occupied cells instead when fewer). */
  private boxCells(lat: number, metres: number): number {
    const latitudeDelta = metres / METRES_PER_DEGREE_LATITUDE;
    const widest = Math.min(89.9, Math.abs(lat) + latitudeDelta);
    const longitudeDelta = Math.min(180, latitudeDelta / Math.cos(widest * RADIANS));
    return ((2 * latitudeDelta) / CELL_DEGREES + 1) * ((2 * longitudeDelta) / CELL_DEGREES + 1);
  }
}

export class StationIndex {
  private readonly datasets = new Map<ClimateDataset, DatasetIndex>();

  constructor(stations: readonly ClimateStation[]) {
    const byDataset = new Map<ClimateDataset, ClimateStation[]>();
    for (const station of stations) {
      let list = byDataset.get(station.dataset);
      if (!list) byDataset.set(station.dataset, (list = []));
      list.push(station);
    }
    for (const [dataset, list] of byDataset) this.datasets.set(dataset, new DatasetIndex(list));
  }

  /** The closest station of `dataset` within `radiusMiles` of the point (0: whatever the distance), or null. */
  nearestIn(dataset: ClimateDataset, lat: number, lon: number, radiusMiles: number): NearestStation | null {
    const index = this.datasets.get(dataset);
    if (!index || index.size === 0) return null;
    const limit = radiusMiles === 0 ? FARTHEST_METRES : radiusMiles * METRES_PER_MILE;
    let search = Math.min(FIRST_SEARCH_METRES, limit);
    for (;;) {
      const found = index.closestWithin(lat, lon, search);
      if (found) return { station: found.station, distance: found.distance, distanceMetres: Math.round(found.distance) };
      if (search >= limit) return null;
      search = Math.min(search * 4, limit);
    }
  }
}

const indexes = new WeakMap<ClimateStore, StationIndex>();

/** The nearest-station index of a climate store's catalog (built on first use). */
export function stationIndexOf(climate: ClimateStore): StationIndex {
  let index = indexes.get(climate);
  if (!index) indexes.set(climate, (index = new StationIndex(climate.stations)));
  return index;
}
