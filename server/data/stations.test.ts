// The nearest search against the plainest search that answers the same question: every station
// (filtered by SQL written here) measured with the same distance expressions, then sorted, counted
// and paged in JavaScript. The store narrows the scan to a latitude band of row ids, bounds
// distances by a chord, measures only where that decides, keeps its plans and reads its values from
// a request row; none of that may change an answer: the same stations, in the same order, at the
// very same distances (bit for bit), and the same counts, across the poles, the antimeridian,
// radii from 0 to the whole globe, every page, both distance models and filters, search after
// search on the same connections.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Random } from '../../pipeline/sample/random.ts';
import { type Columns, Database } from './database.ts';
import { EARTH_RADIUS_MILES, haversineSql, METRES_PER_MILE } from './haversine.ts';
import { sqlNumber } from './sql.ts';
import { withGeodesicDistanceFrom } from './sql-geodesic.ts';
import { type DistanceModel, type Matches, type StationFilters, StationStore } from './stations.ts';
import { SMALL_CLIMATE } from '../../test/support/helpers.ts';
import { sampleDataSet } from '../../test/support/sample-data-set.ts';

const FUELS = ['BD', 'E85', 'ELEC', 'HY', 'LNG', 'CNG', 'LPG', 'RD'];

/** The filters this test writes its own SQL for. */
type TestFilters = Pick<StationFilters, 'countries' | 'fuelTypes' | 'access'>;

function referenceWhere(filters: TestFilters): string {
  const texts = (values: string[]) => values.map((value) => `'${value}'`).join(', ');
  const conditions = ['TRUE'];
  if (filters.countries) conditions.push(`country IN (${texts(filters.countries)})`);
  if (filters.fuelTypes) conditions.push(`fuel_type_code IN (${texts(filters.fuelTypes)})`);
  if (filters.access) conditions.push(`access_code = '${filters.access}'`);
  return conditions.join(' AND ');
}

describe('nearest: the same answers as measuring every station', () => {
  let db: Database;
  let store: StationStore;

  before(async () => {
    // only its stations are read: a small climate, so that the unit tests never wait for the whole sample's
    const { dataDir, manifest } = await sampleDataSet({ seed: 1, stations: 5_000, ...SMALL_CLIMATE });
    db = await Database.open();
    store = await StationStore.load(db, join(dataDir, manifest.datasets.fuel_stations.files.stations.path));
  });
  after(() => db.close());

  /** Every station the filters pass, measured from the point; the same for every radius and page, so measured once. */
  const measuredOnce = new Map<string, Promise<Columns>>();
  function measuredStations(latitude: number, longitude: number, filters: TestFilters, model: DistanceModel): Promise<Columns> {
    const rows = `(SELECT row_index, fuel_type_code, outlets, latitude, longitude FROM fuel_stations WHERE ${referenceWhere(filters)})`;
    const measured =
      model === 'ellipsoid'
        ? withGeodesicDistanceFrom(rows, { latitude, longitude }, METRES_PER_MILE)
        : `SELECT *, ${haversineSql({ lat: sqlNumber(latitude), lon: sqlNumber(longitude) }, { lat: 'latitude', lon: 'longitude' }, EARTH_RADIUS_MILES)} AS distance FROM ${rows}`;
    const sql = `SELECT row_index, fuel_type_code, outlets, distance FROM (${measured})`;
    let all = measuredOnce.get(sql);
    if (all === undefined) measuredOnce.set(sql, (all = db.query(sql, [], { prepare: false })));
    return all;
  }

  async function reference(
    latitude: number,
    longitude: number,
    radius: number | undefined,
    filters: TestFilters,
    page: { offset: number; limit?: number },
    model: DistanceModel,
  ): Promise<Matches> {
    const all = await measuredStations(latitude, longitude, filters, model);
    const matches = (all.row_index as number[])
      .map((row, i) => ({ row, fuel: all.fuel_type_code[i] as string, outlets: all.outlets[i] as number, distance: all.distance[i] as number }))
      .filter((station) => radius === undefined || station.distance <= radius)
      .sort((a, b) => a.distance - b.distance || a.row - b.row);
    const stations: Record<string, number> = {};
    let elec = 0;
    for (const { fuel, outlets } of matches) {
      stations[fuel] = (stations[fuel] ?? 0) + 1;
      if (fuel === 'ELEC') elec += outlets;
    }
    const counts = { total: 0, fuels: {} as Matches['counts']['fuels'] };
    for (const fuel of FUELS) {
      const total = fuel === 'ELEC' ? elec : (stations[fuel] ?? 0);
      counts.fuels[fuel] = fuel === 'ELEC' ? { total, stations: { total: stations.ELEC ?? 0 } } : { total };
      counts.total += total;
    }
    const paged = matches.slice(page.offset, page.limit === undefined ? undefined : page.offset + page.limit);
    return { rows: paged.map((m) => m.row), distances: paged.map((m) => m.distance), total: matches.length, counts };
  }

  test('at stations and between them, at the poles and across the antimeridian; radii from 0 to the globe; every page; both models; filters', async () => {
    const random = new Random(31);
    const points: Array<[number, number]> = [
      [90, 0],
      [-90, 45],
      [89.99, 179.9],
      [0, 180],
      [0, -180],
      [51.88, -176.65],
      [51.9, 179.5],
      [21.3, -157.85],
      [64.84, -147.72],
      [39.74, -105.0],
      [0, -30],
    ];
    // At stations and between them, alternately: every page and filter set comes round at each point.
    for (let i = 0; i < 8; i++) {
      const station = store.record(random.int(0, store.size - 1));
      const jitter = i % 2 ? 0 : random.between(-0.2, 0.2);
      points.push([(station.latitude as number) + jitter, (station.longitude as number) + jitter]);
    }
    const radii = [0, 0.005, 1, 5, 25, 50, 150, 500, 1500, 4000, 13_000, undefined];
    const pages = [
      { offset: 0, limit: 20 },
      { offset: 0, limit: 1 },
      { offset: 3, limit: 7 },
      { offset: 45, limit: 30 },
      { offset: 0 },
      { offset: 990, limit: 40 },
      { offset: 0, limit: 70_000 },
    ];
    const filterSets: TestFilters[] = [{ countries: ['US'] }, {}, { fuelTypes: ['ELEC', 'CNG'], countries: ['US', 'CA'] }, { access: 'public' }];
    let searches = 0;
    for (const [p, [latitude, longitude]] of points.entries()) {
      for (const [r, radius] of radii.entries()) {
        for (const model of ['ellipsoid', 'sphere'] as const) {
          const page = pages[(p + r) % pages.length];
          const filters = filterSets[(p * 5 + r) % filterSets.length];
          const expected = await reference(latitude, longitude, radius, filters, page, model);
          const actual = await store.nearest(latitude, longitude, radius, filters, page, model);
          const what = `${latitude},${longitude} radius ${radius} ${model} ${JSON.stringify(page)} ${JSON.stringify(filters)}`;
          assert.deepEqual(actual.rows, expected.rows, what);
          assert.deepEqual(actual.distances, expected.distances, what);
          assert.equal(actual.total, expected.total, what);
          assert.deepEqual(actual.counts, expected.counts, what);
          searches++;
        }
      }
    }
    assert.equal(searches, points.length * radii.length * 2);
  });

  test('a request row of one search never leaks into the next, on any connection, however many run at once', async () => {
    const random = new Random(77);
    const searches = Array.from({ length: 48 }, () => {
      const station = store.record(random.int(0, store.size - 1));
      return [station.latitude as number, station.longitude as number, [5, 50, 500][random.int(0, 2)]] as const;
    });
    const together = await Promise.all(
      searches.map(([lat, lon, radius]) => store.nearest(lat, lon, radius, { countries: ['US'] }, { offset: 0, limit: 5 }, 'ellipsoid')),
    );
    for (const [i, [lat, lon, radius]] of searches.entries()) {
      assert.deepEqual(together[i], await reference(lat, lon, radius, { countries: ['US'] }, { offset: 0, limit: 5 }, 'ellipsoid'));
    }
  });
});
