import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { assertApplies, meets, parseMetricSelector, parseThreshold } from './thresholds.ts';

describe('k6 threshold expressions', () => {
  it('reads percentiles, rates, counts and the other aggregations', () => {
    assert.deepEqual(parseThreshold('p(95)<500'), {
      source: 'p(95)<500',
      aggregation: 'p(95)',
      percentile: 95,
      comparison: '<',
      limit: 500,
    });
    assert.deepEqual(parseThreshold(' p(99.9) <= 1.5e3 '), {
      source: ' p(99.9) <= 1.5e3 ',
      aggregation: 'p(99.9)',
      percentile: 99.9,
      comparison: '<=',
      limit: 1500,
    });
    assert.equal(parseThreshold('rate<0.01').aggregation, 'rate');
    assert.equal(parseThreshold('count>0').comparison, '>');
    assert.equal(parseThreshold('avg>=200').comparison, '>=');
    assert.equal(parseThreshold('med==3').comparison, '==');
    assert.equal(parseThreshold('value!=-2').limit, -2);
  });

  it('refuses what is not an expression', () => {
    for (const bad of ['p95<500', 'rate', 'rate<', 'rate<<1', 'mean<3', 'p(101)<1', 'count>zero', '']) {
      assert.throws(() => parseThreshold(bad), /threshold/, bad);
    }
  });

  it('compares as written, at the boundary too', () => {
    assert.equal(meets(parseThreshold('p(95)<500'), 499.9), true);
    assert.equal(meets(parseThreshold('p(95)<500'), 500), false);
    assert.equal(meets(parseThreshold('p(95)<=500'), 500), true);
    assert.equal(meets(parseThreshold('rate>0.99'), 0.99), false);
    assert.equal(meets(parseThreshold('rate>=0.99'), 0.99), true);
    assert.equal(meets(parseThreshold('count>0'), 0), false);
    assert.equal(meets(parseThreshold('count==3'), 3), true);
    assert.equal(meets(parseThreshold('count!=3'), 3), false);
  });

  it('knows which aggregation fits which kind of metric', () => {
    assert.doesNotThrow(() => assertApplies(parseThreshold('p(95)<1'), 'trend', 'http_req_duration'));
    assert.doesNotThrow(() => assertApplies(parseThreshold('rate<1'), 'counter', 'http_reqs'));
    assert.throws(() => assertApplies(parseThreshold('p(95)<1'), 'rate', 'http_req_failed'), /does not apply/);
    assert.throws(() => assertApplies(parseThreshold('count>1'), 'trend', 'http_req_duration'), /does not apply/);
  });

  it('reads a metric with tag filters', () => {
    assert.deepEqual(parseMetricSelector('http_req_duration'), { metric: 'http_req_duration', tags: {} });
    assert.deepEqual(parseMetricSelector('http_req_duration{scenario:dashboard, name:GET /metrics/today}'), {
      metric: 'http_req_duration',
      tags: { scenario: 'dashboard', name: 'GET /metrics/today' },
    });
    assert.throws(() => parseMetricSelector('checks{oops}'), /tag:value/);
  });
});
