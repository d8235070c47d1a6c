// The well-known text of the NSRDB downloads' `wkt` (docs/api.md §9.1): a POINT, a MULTIPOINT
// (each point's site) or a POLYGON (every site inside), longitude first. Read strictly: numbers as
// WKT writes them, coordinates on the globe, rings closed; anything else is undefined.

export interface LonLat {
  lon: number;
  lat: number;
}

export type WktSites = { kind: 'point'; point: LonLat } | { kind: 'multipoint'; points: LonLat[] } | { kind: 'polygon'; rings: LonLat[][] };

const NUMBER = String.raw`[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?`;
const PAIR = new RegExp(String.raw`^\s*(${NUMBER})\s+(${NUMBER})\s*$`);

function pairOf(text: string): LonLat | undefined {
  const match = PAIR.exec(text);
  if (!match) return undefined;
  const lon = Number(match[1]);
  const lat = Number(match[2]);
  return Math.abs(lon) <= 180 && Math.abs(lat) <= 90 ? { lon, lat } : undefined;
}

/** `x y, x y, …` (each optionally in its own parentheses, as MULTIPOINT allows) as points, or undefined. */
function pairsOf(text: string, parenthesised: 'allowed' | 'no'): LonLat[] | undefined {
  const points: LonLat[] = [];
  for (const part of text.split(',')) {
    const bare = parenthesised === 'allowed' ? part.trim().replace(/^\((.*)\)$/, '$1') : part;
    const point = pairOf(bare);
    if (!point) return undefined;
    points.push(point);
  }
  return points;
}

/** The sites a `wkt` names, or undefined when it is not a POINT, MULTIPOINT or POLYGON this reads. */
export function parseWktSites(wkt: string): WktSites | undefined {
  const match = /^\s*(POINT|MULTIPOINT|POLYGON)\s*\(([\s\S]*)\)\s*$/i.exec(wkt);
  if (!match) return undefined;
  const kind = match[1]!.toUpperCase();
  const body = match[2]!;
  if (kind === 'POINT') {
    const point = pairOf(body);
    return point && { kind: 'point', point };
  }
  if (kind === 'MULTIPOINT') {
    const points = pairsOf(body, 'allowed');
    return points && { kind: 'multipoint', points };
  }
  const rings: LonLat[][] = [];
  const ringTexts = body.trim().match(/^\(([^()]*)\)(?:\s*,\s*\(([^()]*)\))*$/) ? [...body.matchAll(/\(([^()]*)\)/g)].map((ring) => ring[1]!) : [];
  for (const text of ringTexts) {
    const ring = pairsOf(text, 'no');
    if (!ring || ring.length < 4) return undefined;
    const first = ring[0]!;
    const last = ring[ring.length - 1]!;
    if (first.lon !== last.lon || first.lat !== last.lat) return undefined;
    rings.push(ring);
  }
  return rings.length > 0 ? { kind: 'polygon', rings } : undefined;
}

/** Whether a point lies inside a closed ring (even-odd crossing rule, in plain longitude and latitude). */
function insideRing(ring: LonLat[], point: LonLat): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i]!;
    const b = ring[j]!;
    if (a.lat > point.lat !== b.lat > point.lat && point.lon < ((b.lon - a.lon) * (point.lat - a.lat)) / (b.lat - a.lat) + a.lon) inside = !inside;
  }
  return inside;
}

/** Whether a point lies in the polygon: inside its outer ring and outside every hole. */
export function insidePolygon(rings: LonLat[][], point: LonLat): boolean {
  return insideRing(rings[0]!, point) && !rings.slice(1).some((hole) => insideRing(hole, point));
}
