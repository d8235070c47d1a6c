// The test reader of the Prometheus text format against prom-client's own view of a registry: every
// value prom-client holds (counters, gauges, each histogram series' buckets, sum and count) is read
// back from the text it writes, with the same labels, including label values that need escaping.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { parsePrometheusText, sampleValue } from './prometheus-text.ts';

test('every value of a registry is read back from its exposition with its labels', async () => {
  const registry = new Registry();
  const registers = [registry];
  const counter = new Counter({ name: 'reader_requests_total', help: 'requests', labelNames: ['route', 'status'], registers });
  counter.inc({ route: '/api/v1{.:ext}', status: '200' }, 3);
  counter.inc({ route: '/api/v1{.:ext}', status: '404' });
  const awkward = 'quote " backslash \\ newline \n brace } end';
  new Gauge({ name: 'reader_info', help: 'a label that needs escaping', labelNames: ['text'], registers }).set({ text: awkward }, 1);
  const histogram = new Histogram({ name: 'reader_seconds', help: 'latency', labelNames: ['route'], buckets: [0.01, 0.1, 1], registers });
  for (const seconds of [0.005, 0.05, 0.5, 5]) histogram.observe({ route: 'a' }, seconds);
  histogram.observe({ route: 'b' }, 0.05);

  const text = parsePrometheusText(await registry.metrics());
  let compared = 0;
  for (const metric of await registry.getMetricsAsJSON()) {
    assert.equal(text.types.get(metric.name), metric.type);
    for (const { labels, value, metricName } of metric.values as { labels: Record<string, string | number>; value: number; metricName?: string }[]) {
      const expectedLabels = Object.fromEntries(Object.entries(labels).map(([label, labelValue]) => [label, String(labelValue)]));
      assert.equal(sampleValue(text, metricName ?? metric.name, expectedLabels), value, `${metricName ?? metric.name} ${JSON.stringify(expectedLabels)}`);
      compared++;
    }
  }
  assert.equal(compared, 2 + 1 + 2 * (3 + 1 + 2), 'two counter series, one gauge, two histogram series of 4 buckets, a sum and a count');
  assert.equal(text.samples.length, compared, 'nothing read that prom-client does not hold');
  assert.equal(sampleValue(text, 'reader_seconds_bucket', { route: 'a', le: '0.1' }), 2);
  assert.equal(sampleValue(text, 'reader_seconds_bucket', { route: 'a', le: '+Inf' }), 4);
  assert.equal(text.samples.find((sample) => sample.name === 'reader_info')?.labels.text, awkward);
});

test('a line that is not of the format is refused', () => {
  assert.throws(() => parsePrometheusText('requests_total{route="/a" 1\n'), /not a sample|bad labels/);
  assert.throws(() => parsePrometheusText('# TYPO requests_total counter\n'), /not a comment of the format/);
});
