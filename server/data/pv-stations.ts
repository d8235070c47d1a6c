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
import { boxAround, CellGrid } from './geo-box.ts';
import { FARTHEST_METRES, haversine, METRES_PER_DEGREE_LATITUDE, METRES_PER_MILE } from './haversine.ts';

/** Cells of half a degree, as the catalog's. */
const GRID = new CellGrid(0.5);
const FIRST_SEARCH_METRES = 50_000;
const RADIANS = Math.PI / 180;

/** One dataset's stations, by 0.5° cell. */
class DatasetIndex {
  private readonly cells = new Map<number, number[]>();
  readonly size: number;

  constructor(readonly stations: ClimateStation[]) {
    this.size = stations.length;
    stations.forEach((station, i) => {
      const cell = GRID.cell(station.lat, station.lon);
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
      for (const cell of GRID.cells(GRID.cover(boxAround(lat, lon, metres / METRES_PER_DEGREE_LATITUDE)))) {
        const list = this.cells.get(cell);
        if (list) for (const index of list) consider(index);
      }
    }
    return found.index < 0 ? null : { station: this.stations[found.index]!, distance: found.distance };
  }

  /** About how many cells the box of a circle covers (to scan the occupied cells instead when fewer). */
  private boxCells(lat: number, metres: number): number {
    const latitudeDelta = metres / METRES_PER_DEGREE_LATITUDE;
    const widest = Math.min(89.9, Math.abs(lat) + latitudeDelta);
    const longitudeDelta = Math.min(180, latitudeDelta / Math.cos(widest * RADIANS));
    return ((2 * latitudeDelta) / GRID.degrees + 1) * ((2 * longitudeDelta) / GRID.degrees + 1);
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
