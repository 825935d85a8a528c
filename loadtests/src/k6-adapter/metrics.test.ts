import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { Aggregate, MetricRegistry } from './metrics.ts';

describe('metric aggregates', () => {
  it('interpolates percentiles between the nearest samples', () => {
    const trend = new Aggregate('trend', true);
    for (const value of [40, 10, 30, 20]) trend.add(value);
    assert.equal(trend.figure('med', 1), 25);
    assert.equal(trend.figure('p(0)', 1), 10);
    assert.equal(trend.figure('p(100)', 1), 40);
    assert.equal(Math.round(trend.figure('p(95)', 1) * 100) / 100, 38.5);
    assert.equal(trend.figure('avg', 1), 25);
    assert.equal(trend.figure('min', 1), 10);
    assert.equal(trend.figure('max', 1), 40);
  });

  it('counts a counter, and its rate per second of the run', () => {
    const counter = new Aggregate('counter');
    counter.add(2);
    counter.add(3);
    assert.equal(counter.figure('count', 10), 5);
    assert.equal(counter.figure('rate', 10), 0.5);
  });

  it("takes a rate metric's rate as its share of non-zero samples", () => {
    const rate = new Aggregate('rate');
    for (const value of [1, 0, 1, 1]) rate.add(value);
    assert.equal(rate.figure('rate', 1), 0.75);
  });
});

describe('the metric registry', () => {
  it('judges thresholds on metrics and on submetrics of tagged samples', () => {
    const registry = new MetricRegistry({
      http_req_duration: ['p(95)<100'],
      'http_req_duration{scenario:slow}': [{ threshold: 'max<100', abortOnFail: true }],
      checks: ['rate>0.5'],
    });
    registry.add({ metric: 'http_req_duration', kind: 'trend', value: 10, tags: { scenario: 'fast' } });
    registry.add({ metric: 'http_req_duration', kind: 'trend', value: 20, tags: { scenario: 'fast' } });
    registry.add({ metric: 'http_req_duration', kind: 'trend', value: 150, tags: { scenario: 'slow' } });
    registry.add({ metric: 'checks', kind: 'rate', value: 1, tags: {} });
    const verdicts = registry.evaluate(1).map(({ metric, expression, ok }) => [metric, expression, ok]);
    assert.deepEqual(verdicts, [
      ['http_req_duration', 'p(95)<100', false],
      ['http_req_duration{scenario:slow}', 'max<100', false],
      ['checks', 'rate>0.5', true],
    ]);
  });

  it('fails a threshold on a metric nobody measured, unless it only bounds a count from above', () => {
    const registry = new MetricRegistry({
      http_req_failed: ['rate<0.01'],
      sets_logged: ['count>0'],
      errors: ['count<1'],
    });
    assert.deepEqual(
      registry.evaluate(1).map(({ ok }) => ok),
      [false, false, true],
    );
  });

  it('refuses a threshold that does not fit a built-in metric before the run', () => {
    assert.throws(() => new MetricRegistry({ http_req_failed: ['p(95)<1'] }), /does not apply/);
  });
});
