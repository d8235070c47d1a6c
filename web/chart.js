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

const formatter = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/**
 * Bars for `values` (one per label), with a y axis from 0 (or the lowest negative value).
 * `unit` names the values in each bar's tooltip.
 */
export function barChart(labels, values, { unit = '', title = '' } = {}) {
  const width = 720;
  const height = 320;
  const margin = { top: 24, right: 16, bottom: 36, left: 64 };
  const plotWidth = width - margin.left - margin.right;
  const plotHeight = height - margin.top - margin.bottom;
  const finite = values.filter((value) => Number.isFinite(value));
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
    axis.append(svg('text', { x: margin.left - 8, y: y(tick) + 4, 'text-anchor': 'end' }, formatter.format(tick)));
  }
  chart.append(axis);

  const slot = plotWidth / labels.length;
  const bars = svg('g', { class: 'bars' });
  labels.forEach((label, i) => {
    const value = values[i];
    const x = margin.left + i * slot + slot * 0.15;
    const barWidth = slot * 0.7;
    const valueTop = y(Math.max(0, value));
    const barHeight = Math.abs(y(value) - y(0));
    const group = svg('g', { class: 'bar-group' });
    const bar = svg('rect', { class: 'bar', x, y: valueTop, width: barWidth, height: barHeight, 'data-label': label, 'data-value': String(value) });
    bar.append(svg('title', {}, `${label}: ${formatter.format(value)} ${unit}`.trim()));
    group.append(bar);
    group.append(svg('text', { class: 'value', x: x + barWidth / 2, y: valueTop - 6, 'text-anchor': 'middle' }, formatter.format(value)));
    group.append(svg('text', { class: 'label', x: x + barWidth / 2, y: height - margin.bottom + 20, 'text-anchor': 'middle' }, label));
    bars.append(group);
  });
  chart.append(bars);
  return chart;
}
