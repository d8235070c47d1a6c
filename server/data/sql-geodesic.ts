// Distances on the WGS 84 ellipsoid in SQL, as today's fuel-station service measures them: its
// documented distances are the geodesic's to the last digit printed, where the mean sphere's are
// off by up to 0.5% (docs/decisions.md). Sodano's non-iterative solution of the inverse problem
// (Bulletin Géodésique 1965; as Rapp, Geometric Geodesy Part II, 1993, §1.6 gives it): Andoyer and
// Lambert's first-order correction of the great circle on the auxiliary sphere, and the second
// order, a closed form over a few projections. Within 0.1 mm of the geodesic up to a mile, 1 cm up
// to 100 miles, 5 cm up to 500 and 0.3 m up to 3,000 (sql-geodesic.test.ts, against
// GeographicLib). Within about 2.4° of the antipode (the south Indian Ocean, for North America)
// the second order's terms in 1/sin σ blow up, so the first order alone is used there: off by up
// to 0.2%, less than the mean sphere.
//
// Vincenty's iterative method is as accurate with three iterations, and closer still, but costs
// DuckDB four times as much to bind (each iteration's expressions), paid twice by a statement with
// parameters: a nearest query took 8 ms more.
import { sqlNumber } from './sql.ts';

/** WGS 84: the semi-major axis in metres and the flattening. */
export const WGS84 = { a: 6_378_137, f: 1 / 298.257223563 } as const;

const { a: A, f: F } = WGS84;
const B = A * (1 - F);
const RADIANS = Math.PI / 180;
/** Beyond this angle on the auxiliary sphere (about 2.4° short of the antipode), the first order alone. */
const FIRST_ORDER_BEYOND = 3.1;

/** The columns a step adds: name → expression over the previous step's columns. */
type Step = Record<string, string>;

/** The columns this module adds, removed from the result. */
const PREFIX = 'geodesic_';

/**
 * A SELECT of every column of `rows` (a table or a parenthesized query with `latitude` and
 * `longitude` in degrees) and `distance`: the geodesic on the WGS 84 ellipsoid from `point` to the
 * row's point, in units of `unitMetres` metres (1609.344 for miles). The point's numbers are
 * written into the text (sqlNumber), the rows' are columns.
 */
export function withGeodesicDistance(rows: string, point: { latitude: number; longitude: number }, unitMetres = 1): string {
  const n = sqlNumber;
  const c = (name: string) => `${PREFIX}${name}`;
  // The point's reduced latitude β1 (on the auxiliary sphere), computed here once.
  const beta1 = Math.atan((1 - F) * Math.tan(point.latitude * RADIANS));
  const [sb1, cb1] = [Math.sin(beta1), Math.cos(beta1)];
  const [f, f2] = [F, F * F];
  const [sp, cp, p, a, m] = [c('sinp'), c('cosp'), c('p'), c('a'), c('m')];

  const steps: Step[] = [
    {
      // L, the difference of longitudes in (-180°, 180°]; the row's reduced latitude β2
      [c('l')]: `radians(((longitude - ${n(point.longitude)} + 540) % 360) - 180)`,
      [c('sb')]: `sin(atan(${n(1 - F)} * tan(radians(latitude))))`,
      [c('cb')]: `cos(atan(${n(1 - F)} * tan(radians(latitude))))`,
    },
    {
      // the great circle on the auxiliary sphere: cos φ, sin φ; a = sin β1 sin β2
      [c('cosp')]: `${n(sb1)} * ${c('sb')} + ${n(cb1)} * ${c('cb')} * cos(${c('l')})`,
      [c('sinp')]: `sqrt(pow(sin(${c('l')}) * ${c('cb')}, 2) + pow(${n(cb1)} * ${c('sb')} - ${n(sb1)} * ${c('cb')} * cos(${c('l')}), 2))`,
      [c('a')]: `${n(sb1)} * ${c('sb')}`,
      [c('sl')]: `sin(${c('l')}) * ${c('cb')}`,
    },
    {
      // φ; m = 1 - c², c = cos β1 cos β2 sin L / sin φ (the sine of the azimuth at the equator), 0 for the same point
      [c('p')]: `atan2(${sp}, ${cp})`,
      [c('m')]: `1 - pow(CASE WHEN ${sp} = 0 THEN 0 ELSE ${n(cb1)} * ${c('sl')} / ${sp} END, 2)`,
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

  const added: string[] = [];
  let query = `SELECT * FROM ${rows}`;
  for (const step of steps) {
    query = `SELECT *, ${Object.entries(step)
      .map(([name, expression]) => `${expression} AS ${name}`)
      .join(', ')} FROM (${query})`;
    added.push(...Object.keys(step));
  }
  return `SELECT * EXCLUDE (${added.join(', ')}), ${n(B / unitMetres)} * CASE WHEN ${p} > ${n(FIRST_ORDER_BEYOND)} THEN ${firstOrder} ELSE ${secondOrder} END AS distance FROM (${query})`;
}
