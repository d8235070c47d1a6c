// A route as the user writes it: WKT (`LINESTRING(-105.0 39.7, -104.8 38.8)`, longitude first, as
// the API takes it) or one `latitude, longitude` per line (as maps show coordinates).

const NUMBER = String.raw`[-+]?(?:\d+\.?\d*|\.\d+)`;
const WKT = new RegExp(String.raw`^\s*LINESTRING\s*\(\s*(${NUMBER}\s+${NUMBER}(?:\s*,\s*${NUMBER}\s+${NUMBER})*)\s*\)\s*$`, 'i');
const LINE = new RegExp(String.raw`^\s*(${NUMBER})\s*[,\s]\s*(${NUMBER})\s*$`);

/**
 * The route's `wkt`, to send, and its `points` as [longitude, latitude], to draw (undefined when the
 * text is neither form: then `wkt` is the text as written, for the API to say what is wrong with it).
 */
export function readRoute(text) {
  const wkt = WKT.exec(text);
  if (wkt) return { wkt: text.trim(), points: wkt[1].split(',').map((pair) => pair.trim().split(/\s+/).map(Number)) };
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  const pairs = lines.map((line) => LINE.exec(line));
  if (lines.length === 0 || pairs.some((pair) => !pair)) return { wkt: text.trim(), points: undefined };
  const points = pairs.map(([, latitude, longitude]) => [Number(longitude), Number(latitude)]);
  return { wkt: `LINESTRING(${points.map((point) => point.join(' ')).join(', ')})`, points };
}

/** Points written one `latitude, longitude` a line, to four decimals (about 10 m). */
export function routeLines(points) {
  return points.map(([longitude, latitude]) => `${latitude.toFixed(4)}, ${longitude.toFixed(4)}`).join('\n');
}
