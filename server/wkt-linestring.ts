// The `route` parameter of nearby-route: a WKT LINESTRING of "longitude latitude" points, read here
// rather than by a WKT package. The grammar taken is one production, and the packages weighed
// either accept what this must refuse (betterknown reads `-71abc` as -71 and ignores trailing text;
// wellknown, unmaintained since 2016, too) or refuse what WKT allows (@terraformer/wkt: a lower-case
// keyword, `.5`) and take about 5 µs a point on the event loop.
import { areAntipodes, type RoutePoint } from './data/route-distance.ts';

export type RouteProblem =
  | { kind: 'not-linestring' }
  | { kind: 'point'; index: number; text: string }
  | { kind: 'range'; index: number; coordinate: 'longitude' | 'latitude'; value: number }
  | { kind: 'too-few'; count: number }
  | { kind: 'too-many'; count: number; maximum: number }
  | { kind: 'antipodes'; index: number };

const LINESTRING = /^\s*LINESTRING\s*\(([^()]*)\)\s*$/i;
const NUMBER = String.raw`[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?`;
const POINT = new RegExp(String.raw`^\s*(${NUMBER})\s+(${NUMBER})\s*$`);

/** The route's points, or the first problem with it. Points are counted before any is read, so a huge route costs little. */
export function readRoute(text: string, maxPoints: number): { points: RoutePoint[] } | { problem: RouteProblem } {
  const inside = LINESTRING.exec(text)?.[1];
  if (inside === undefined) return { problem: { kind: 'not-linestring' } };
  const parts = inside.split(',');
  if (parts.length > maxPoints) return { problem: { kind: 'too-many', count: parts.length, maximum: maxPoints } };
  const points: RoutePoint[] = [];
  for (const [i, part] of parts.entries()) {
    const index = i + 1;
    const match = POINT.exec(part);
    if (!match) return { problem: { kind: 'point', index, text: part.trim() } };
    const [longitude, latitude] = [Number(match[1]), Number(match[2])];
    if (!(Math.abs(longitude) <= 180)) return { problem: { kind: 'range', index, coordinate: 'longitude', value: longitude } };
    if (!(Math.abs(latitude) <= 90)) return { problem: { kind: 'range', index, coordinate: 'latitude', value: latitude } };
    points.push({ latitude, longitude });
  }
  if (points.length < 2) return { problem: { kind: 'too-few', count: points.length } };
  const antipodes = points.findIndex((point, i) => i > 0 && areAntipodes(points[i - 1], point));
  if (antipodes > 0) return { problem: { kind: 'antipodes', index: antipodes } };
  return { points };
}
