// A bar chart in SVG, drawn with DOM calls (no library, nothing fetched). Each bar carries its
// label and exact value as data attributes, so that tests can read what it shows.
import { svg } from './dom.js';

/** A step of 1, 2 or 5 times a power of ten that cuts 0..max into about `count` parts. */
export function niceStep(max, count = 5) {
  if (!(max > 0)) return 1;
  const raw = max / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const factor = raw / power;
  return (factor <= 1 ? 1 : factor <= 2 ? 2 : factor <= 5 ? 5 : 10) * power;
}

const formatters = new Map();
/** Numbers with at most `digits` decimals. */
function formatterOf(digits) {
  if (!formatters.has(digits)) formatters.set(digits, new Intl.NumberFormat('en-US', { maximumFractionDigits: digits }));
  return formatters.get(digits);
}

/**
 * Bars for `values` (one per label), with a y axis from 0 (or the lowest negative value).
 * `unit` names the values in each bar's tooltip; `digits` is how many decimals the values show.
 */
export function barChart(labels, values, options = {}) {
  return groupedBarChart(labels, [{ name: '', values }], options);
}

/**
 * Bars for several series side by side at each label (`series`: `{ name, values }`, one value per
 * label), each series in its own colour (`series-<index>` class) and named in a legend when there
 * is more than one.
 */
export function groupedBarChart(labels, series, { unit = '', title = '', digits = 0 } = {}) {
  const formatter = formatterOf(digits);
  const width = 720;
  const height = 320;
  const margin = { top: 24, right: 16, bottom: 36, left: 64 };
  const plotWidth = width - margin.left - margin.right;
  const plotHeight = height - margin.top - margin.bottom;
  const finite = series.flatMap(({ values }) => values).filter((value) => Number.isFinite(value));
  const max = Math.max(0, ...finite);
  const min = Math.min(0, ...finite);
  const step = niceStep(max - min);
  const top = Math.ceil(max / step) * step || step;
  const bottom = Math.floor(min / step) * step;
  const y = (value) => margin.top + ((top - value) / (top - bottom)) * plotHeight;

  const chart = svg('svg', { viewBox: `0 0 ${width} ${height}`, class: 'chart', role: 'img', 'aria-label': title });
  if (title) chart.append(svg('title', {}, title));

  const axis = svg('g', { class: 'axis' });
  for (let tick = bottom; tick <= top + step / 2; tick += step) {
    axis.append(svg('line', { x1: margin.left, x2: width - margin.right, y1: y(tick), y2: y(tick), class: tick === 0 ? 'zero' : 'grid' }));
    axis.append(svg('text', { x: margin.left - 8, y: y(tick) + 4, 'text-anchor': 'end' }, formatterOf(step < 1 ? 1 : 0).format(tick)));
  }
  chart.append(axis);

  const slot = plotWidth / labels.length;
  const barWidth = (slot * 0.7) / series.length;
  const bars = svg('g', { class: 'bars' });
  labels.forEach((label, i) => {
    const group = svg('g', { class: 'bar-group' });
    series.forEach(({ name, values }, s) => {
      const value = values[i];
      const x = margin.left + i * slot + slot * 0.15 + s * barWidth;
      const valueTop = y(Math.max(0, value));
      const barHeight = Math.abs(y(value) - y(0));
      const attributes = { class: `bar series-${s}`, x, y: valueTop, width: barWidth, height: barHeight, 'data-label': label, 'data-value': String(value) };
      const bar = svg('rect', name ? { ...attributes, 'data-series': name } : attributes);
      bar.append(svg('title', {}, `${name ? `${name}, ` : ''}${label}: ${formatter.format(value)} ${unit}`.trim()));
      group.append(bar);
      if (series.length === 1)
        group.append(svg('text', { class: 'value', x: x + barWidth / 2, y: valueTop - 6, 'text-anchor': 'middle' }, formatter.format(value)));
    });
    const middle = margin.left + i * slot + slot / 2;
    group.append(svg('text', { class: 'label', x: middle, y: height - margin.bottom + 20, 'text-anchor': 'middle' }, label));
    bars.append(group);
  });
  if (series.length > 1) {
    const legend = svg('g', { class: 'legend' });
    series.forEach(({ name }, s) => {
      const x = margin.left + s * 180;
      legend.append(svg('rect', { class: `bar series-${s}`, x, y: 6, width: 12, height: 12 }));
      legend.append(svg('text', { x: x + 18, y: 16 }, name));
    });
    chart.append(legend);
  }
  chart.append(bars);
  return chart;
}
