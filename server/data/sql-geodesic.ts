// Distances on the WGS 84 ellipsoid in SQL, as today's fuel-station service measures them: its
// documented distances are the geodesic's to the last digit printed, where the mean sphere's are
// off by up to 0.5% (docs/decisions.md). Sodano's non-iterative solution of the inverse problem
// (Bulletin Géodésique 1965; as Rapp, Geometric Geodesy Part II, 1993, section 1.6 gives it): Andoyer and
// Lambert's first-order correction of the great circle on the auxiliary sphere, and the second
// order, a closed form over a few projections. Within 0.1 mm of the geodesic up to a mile, 1 cm up
// to 100 miles, 5 cm up to 500 and 0.3 m up to 3,000 (sql-geodesic.test.ts, against
// GeographicLib). Within about 2.4° of the antipode (the south Indian Ocean, for North America)
// the second order's terms in 1/sin σ blow up, so the first order alone is used there: off by up
// to 0.2%, less than the mean sphere.
//
// What depends on one end only is computed once: the searched point's reduced latitude here in
// JavaScript (geodesicPoint), each station's when the table is loaded (REDUCED_LATITUDE_SQL, the
// same expressions, so the same doubles). The distance itself is a chain of projections over the
// rows; the point reaches it as SQL expressions (columns of a request row, or literals).
//
// Vincenty's iterative method is as accurate with three iterations, and closer still, but its
// expressions are four times as many; DuckDB binds and plans a statement's expressions every time
// a statement with parameters runs (database.ts), and even with a plan kept, each row would pay them.
import { sqlNumber } from './sql.ts';

/** WGS 84: the semi-major axis in metres and the flattening. */
export const WGS84 = { a: 6_378_137, f: 1 / 298.257223563 } as const;

const { a: A, f: F } = WGS84;
const B = A * (1 - F);
const RADIANS = Math.PI / 180;
/** Beyond this angle on the auxiliary sphere (about 2.4° short of the antipode), the first order alone. */
const FIRST_ORDER_BEYOND = 3.1;

/** The columns this module adds, removed from the result. */
const PREFIX = 'geodesic_';

/** The sine and cosine of a row's reduced latitude β2, from its `latitude` in degrees: columns the rows given to withGeodesicDistance carry. */
export const REDUCED_LATITUDE_SQL = {
  [`${PREFIX}sb`]: `sin(atan(${sqlNumber(1 - F)} * tan(radians(latitude))))`,
  [`${PREFIX}cb`]: `cos(atan(${sqlNumber(1 - F)} * tan(radians(latitude))))`,
} as const;

/** The searched point as the distance needs it: its longitude, and the sine and cosine of its reduced latitude β1. */
export interface GeodesicPoint {
  longitude: number;
  sinBeta: number;
  cosBeta: number;
}

export function geodesicPoint(latitude: number, longitude: number): GeodesicPoint {
  const beta1 = Math.atan((1 - F) * Math.tan(latitude * RADIANS));
  return { longitude, sinBeta: Math.sin(beta1), cosBeta: Math.cos(beta1) };
}

/** A step's columns: name → expression over the previous step's columns. */
type Step = Record<string, string>;

/**
 * A SELECT of every column of `rows` but the reduced latitude's, and `distance`: the geodesic on the
 * WGS 84 ellipsoid from the point to the row's point, in units of `unitMetres` metres (1609.344 for
 * miles). `rows` is a table or a parenthesized query with `longitude` in degrees and the columns of
 * REDUCED_LATITUDE_SQL; `point` gives GeodesicPoint's values as SQL expressions over those rows (its
 * columns, or literals: sqlNumber). `withinMetres`: a bound on the rows' distances on the mean sphere, if there is one.
 */
export function withGeodesicDistance(
  rows: string,
  point: { longitude: string; sinBeta: string; cosBeta: string },
  unitMetres = 1,
  options: { withinMetres?: number } = {},
): string {
  const n = sqlNumber;
  const c = (name: string) => `${PREFIX}${name}`;
  const [sb1, cb1] = [point.sinBeta, point.cosBeta];
  const [f, f2] = [F, F * F];
  const [sp, cp, p, a, m] = [c('sinp'), c('cosp'), c('p'), c('a'), c('m')];

  const steps: Step[] = [
    // L, the difference of longitudes in (-180°, 180°]
    { [c('l')]: `radians(((longitude - ${point.longitude} + 540) % 360) - 180)` },
    {
      // the great circle on the auxiliary sphere: cos φ, sin φ; a = sin β1 sin β2
      [c('cosp')]: `${sb1} * ${c('sb')} + ${cb1} * ${c('cb')} * cos(${c('l')})`,
      [c('sinp')]: `sqrt(pow(sin(${c('l')}) * ${c('cb')}, 2) + pow(${cb1} * ${c('sb')} - ${sb1} * ${c('cb')} * cos(${c('l')}), 2))`,
      [c('a')]: `${sb1} * ${c('sb')}`,
      [c('sl')]: `sin(${c('l')}) * ${c('cb')}`,
    },
    {
      // φ; m = 1 - c², c = cos β1 cos β2 sin L / sin φ (the sine of the azimuth at the equator), 0 for the same point
      [c('p')]: `atan2(${sp}, ${cp})`,
      [c('m')]: `1 - pow(CASE WHEN ${sp} = 0 THEN 0 ELSE ${cb1} * ${c('sl')} / ${sp} END, 2)`,
    },
  ];
  // φ² / sin φ, written to be 0 (not 0/0) for the same point
  const p2s = `(${p} * ${p} / greatest(${sp}, 1e-300))`;
  const firstOrder = `(${n(1 + f)} * ${p} + ${a} * ${n(f)} * ${sp} - ${m} * ${n(f / 2)} * (${p} + ${sp} * ${cp}))`;
  const secondOrder = [
    `${n(1 + f + f2)} * ${p}`,
    `${a} * (${n(f + f2)} * ${sp} - ${n(f2 / 2)} * ${p2s})`,
    `${m} * (${n(-(f + f2) / 2)} * (${p} + ${sp} * ${cp}) + ${n(f2 / 2)} * ${p2s} * ${cp})`,
    `${n(-f2 / 2)} * ${a} * ${a} * ${sp} * ${cp}`,
    `${m} * ${m} * (${n(f2 / 16)} * (${p} + ${sp} * ${cp}) - ${n(f2 / 2)} * ${p2s} * ${cp} - ${n(f2 / 8)} * ${sp} * pow(${cp}, 3))`,
    `${a} * ${m} * ${n(f2 / 2)} * (${p2s} + ${sp} * ${cp} * ${cp})`,
  ].join(' + ');

  const added: string[] = Object.keys(REDUCED_LATITUDE_SQL);
  let query = `SELECT * FROM ${rows}`;
  for (const step of steps) {
    query = `SELECT *, ${Object.entries(step)
      .map(([name, expression]) => `${expression} AS ${name}`)
      .join(', ')} FROM (${query})`;
    added.push(...Object.keys(step));
  }
  // Rows all nearer than the first order's angle need no choice between orders (the same numbers, fewer expressions).
  const secondOnly = options.withinMetres !== undefined && options.withinMetres <= SECOND_ORDER_WITHIN_METRES;
  const distance = secondOnly ? `(${secondOrder})` : `CASE WHEN ${p} > ${n(FIRST_ORDER_BEYOND)} THEN ${firstOrder} ELSE ${secondOrder} END`;
  return `SELECT * EXCLUDE (${added.join(', ')}), ${n(B / unitMetres)} * ${distance} AS distance FROM (${query})`;
}

/**
 * Points within this many metres on the mean sphere (the chord's: 6,371 km) are within 2.99 radians
 * of it, and their reduced latitudes, which differ from theirs by at most f/2 (0.0017 rad) each,
 * keep them within 3.0 on the auxiliary sphere: the first order, from FIRST_ORDER_BEYOND, is never
 * taken.
 */
const SECOND_ORDER_WITHIN_METRES = 19_000_000;

/** withGeodesicDistance from a point given as numbers, over rows with `latitude` and `longitude` in degrees. */
export function withGeodesicDistanceFrom(
  rows: string,
  point: { latitude: number; longitude: number },
  unitMetres = 1,
  options: { withinMetres?: number } = {},
): string {
  const { longitude, sinBeta, cosBeta } = geodesicPoint(point.latitude, point.longitude);
  const reduced = Object.entries(REDUCED_LATITUDE_SQL)
    .map(([name, expression]) => `${expression} AS ${name}`)
    .join(', ');
  const literals = { longitude: sqlNumber(longitude), sinBeta: sqlNumber(sinBeta), cosBeta: sqlNumber(cosBeta) };
  return withGeodesicDistance(`(SELECT *, ${reduced} FROM ${rows})`, literals, unitMetres, options);
}
