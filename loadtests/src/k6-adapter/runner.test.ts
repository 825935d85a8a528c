import assert from 'node:assert/strict';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { runScript } from './runner.ts';

/**
 * The runner on a small script of its own, against a local echo server: the time-bound executors
 * (constant-vus, ramping-vus with a startTime), setup data reaching VUs and teardown, __VU and
 * __ITER, tags, custom metrics and submetric thresholds.
 */
const SCRIPT = `
import http from 'k6/http';
import { check, group, sleep } from 'k6';
import { Counter } from 'k6/metrics';

const seen = new Counter('seen');

export const options = {
  scenarios: {
    steady: { executor: 'constant-vus', exec: 'steady', vus: 2, duration: '1s' },
    ramp: {
      executor: 'ramping-vus',
      exec: 'ramp',
      startVUs: 0,
      startTime: '100ms',
      stages: [{ duration: '2s', target: 3 }],
      tags: { kind: 'ramping' },
    },
  },
  thresholds: {
    seen: ['count>0'],
    'seen{scenario:ramp}': ['count>0'],
    checks: ['rate==1'],
    'http_req_duration{name:never fast enough}': ['max<0'],
  },
};

export function setup() {
  return { token: 'from setup' };
}

export function steady(data) {
  group('echo', () => {
    const response = http.get(__ENV.TARGET + '/steady?vu=' + __VU + '&iter=' + __ITER, { headers: { 'X-Token': data.token } });
    check(response, {
      'echoed (200)': (r) => r.status === 200,
      'header names as k6 gives them': (r) => r.headers['Content-Type'] === 'application/json',
      'setup data arrived': (r) => r.json().token === 'from setup',
    });
  });
  seen.add(1);
  sleep(0.1);
}

export function ramp() {
  http.get(__ENV.TARGET + '/ramp?vu=' + __VU + '&iter=' + __ITER, { tags: { name: 'never fast enough' } });
  seen.add(1);
  sleep(0.1);
}

export function teardown(data) {
  http.post(__ENV.TARGET + '/teardown', JSON.stringify(data), { headers: { 'Content-Type': 'application/json' } });
}
`;

type Seen = { path: string; vu: number; iter: number; body: string };

describe('the k6 adapter runner', () => {
  let dir: string;
  let server: http.Server;
  let target: string;
  const requests: Seen[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'k6-runner-'));
    writeFileSync(path.join(dir, 'script.js'), SCRIPT);
    server = http.createServer(async (request, response) => {
      let body = '';
      for await (const chunk of request) body += chunk;
      const url = new URL(request.url ?? '/', 'http://localhost');
      requests.push({
        path: url.pathname,
        vu: Number(url.searchParams.get('vu')),
        iter: Number(url.searchParams.get('iter')),
        body,
      });
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ token: request.headers['x-token'] ?? null }));
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    target = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs time-bound scenarios, hands setup data to VUs and teardown, and judges submetric thresholds', async () => {
    const lines: string[] = [];
    const result = await runScript(path.join(dir, 'script.js'), { TARGET: target }, (line) => lines.push(line));
    assert.equal(result.aborted, undefined, lines.join('\n'));

    const steady = requests.filter((r) => r.path === '/steady');
    const ramp = requests.filter((r) => r.path === '/ramp');
    // Two constant VUs and up to three ramping ones, numbered apart; __ITER counts each VU's own.
    assert.deepEqual([...new Set(steady.map((r) => r.vu))].sort(), [1, 2]);
    assert.ok(ramp.length > 0 && ramp.every((r) => r.vu >= 3 && r.vu <= 5), JSON.stringify(ramp));
    for (const vu of [1, 2]) {
      const iterations = steady.filter((r) => r.vu === vu).map((r) => r.iter);
      assert.deepEqual(
        iterations,
        iterations.map((_, i) => i),
      );
    }
    assert.deepEqual(
      requests.filter((r) => r.path === '/teardown').map((r) => JSON.parse(r.body)),
      [{ token: 'from setup' }],
    );

    assert.equal(result.registry.metrics.get('http_reqs')?.sum, requests.length);
    assert.equal(result.registry.metrics.get('seen')?.sum, steady.length + ramp.length);
    assert.deepEqual(
      result.thresholds.map(({ metric, expression, ok }) => [metric, expression, ok]),
      [
        ['seen', 'count>0', true],
        ['seen{scenario:ramp}', 'count>0', true],
        ['checks', 'rate==1', true],
        ['http_req_duration{name:never fast enough}', 'max<0', false],
      ],
    );
    assert.deepEqual(
      result.checks.map(({ group, name, fails }) => [group, name, fails]),
      [
        ['::echo', 'echoed (200)', 0],
        ['::echo', 'header names as k6 gives them', 0],
        ['::echo', 'setup data arrived', 0],
      ],
    );
  });
});
