import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiClient } from '@fitness/gateway/testing/api-client.ts';
import { type ServerProcess, startServerProcess } from '@fitness/gateway/testing/server-process.ts';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { SCRIPT_FAILED, THRESHOLDS_CROSSED } from './exit-codes.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const PASSWORD = 'k6 smoke test password';
const USERS = 2;

type Summary = {
  metrics: Record<string, { values: Record<string, number> }>;
  thresholds: { metric: string; expression: string; ok: boolean }[];
  checks: { group: string; name: string; passes: number; fails: number }[];
  aborted?: string;
};

/** `npm run k6:smoke` as a separate process against `baseUrl`: its exit code, output and exported summary. */
async function runSmoke(baseUrl: string, runId: string) {
  const summaryFile = path.join(dataDir, `summary-${runId}.json`);
  const child = spawn(
    process.execPath,
    ['loadtests/src/k6-adapter/run.ts', '--summary-export', summaryFile, 'loadtests/k6/smoke.js'],
    {
      cwd: ROOT,
      // No timed assertions in tests: the latency bound and the wait for a change are set out of
      // reach of a busy machine.
      env: {
        ...process.env,
        BASE_URL: baseUrl,
        RUN_ID: runId,
        USERS: String(USERS),
        PASSWORD,
        P95_MS: '60000',
        LIVE_TIMEOUT_MS: '30000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const [code] = await once(child, 'exit');
  let summary: Summary | undefined;
  try {
    summary = JSON.parse(readFileSync(summaryFile, 'utf8'));
  } catch {
    // no summary: the output says why
  }
  return { code: code as number, output, summary };
}

/**
 * A proxy in front of the server that answers 404 to one dashboard read (GET /metrics/weekly) and
 * passes everything else on, the live channel's WebSocket upgrades included.
 */
async function proxyBreakingWeeklyMetrics(target: URL) {
  const server = http.createServer((request, response) => {
    if (request.method === 'GET' && request.url?.startsWith('/api/v1/metrics/weekly')) {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ message: 'Not found (broken on purpose).' }));
      return;
    }
    const upstream = http.request(
      { host: target.hostname, port: target.port, path: request.url, method: request.method, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  server.on('upgrade', (request, socket, head) => {
    const upstream = net.connect(Number(target.port), target.hostname, () => {
      const headers = Object.entries(request.headers).map(([name, value]) => `${name}: ${value}`);
      upstream.write(`${request.method} ${request.url} HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n`);
      upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address() as net.AddressInfo;
  return { url: `http://127.0.0.1:${address.port}`, close: () => server.close() };
}

let dataDir: string;
let server: ServerProcess;

describe('the k6 smoke scenario under the adapter', () => {
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'k6-smoke-'));
    server = await startServerProcess(path.join(dataDir, 'data'));
  });

  afterAll(async () => {
    await server?.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('passes against the real server, and the sets it logged are there to read', async () => {
    const runId = `pass-${Date.now()}`;
    const { code, output, summary } = await runSmoke(server.baseUrl, runId);
    assert.equal(code, 0, output);
    assert.ok(summary, output);
    assert.equal(summary.aborted, undefined);
    assert.ok(summary.thresholds.length >= 6, output);
    assert.deepEqual(
      summary.thresholds.filter((t) => !t.ok),
      [],
    );
    assert.deepEqual(
      summary.checks.filter((c) => c.fails > 0),
      [],
    );
    const names = summary.checks.map((c) => `${c.group} ${c.name}`);
    for (const expected of [
      '::log a set set logged (201)',
      "::dashboard today's metrics (200)",
      '::live logged set arrived as a change',
    ]) {
      assert.ok(names.includes(expected), `${expected} in ${names.join(', ')}`);
    }
    // 4 + 2×2 + 1×2 iterations (smoke.js's scenarios), each through the API for real.
    assert.equal(summary.metrics.iterations?.values.count, 10, output);
    assert.ok((summary.metrics.http_reqs?.values.count ?? 0) > 40, output);
    assert.equal(summary.metrics.ws_sessions?.values.count, 2, output);

    // Every set the run counted is in its users' workouts, read back through the API.
    const api = apiClient(server.baseUrl);
    let setsStored = 0;
    for (let i = 0; i < USERS; i++) {
      const signedIn = await api('POST', '/auth/login', {
        body: { email: `k6-${runId}-${i}@example.com`, password: PASSWORD },
      });
      assert.equal(signedIn.status, 200, JSON.stringify(signedIn.body));
      const workouts = await api('GET', '/workouts?per_page=100', { token: signedIn.body.token });
      for (const workout of workouts.body.data) {
        setsStored += workout.set_count;
      }
    }
    const setsLogged = summary.metrics.sets_logged?.values.count ?? 0;
    // 4 sessions of 5 sets, and one set per live iteration.
    assert.equal(setsLogged, 4 * 5 + 2);
    assert.equal(setsStored, setsLogged);
  });

  it('fails, with the crossed thresholds and the failed check, when a dashboard read is broken', async () => {
    const proxy = await proxyBreakingWeeklyMetrics(new URL(server.baseUrl));
    try {
      const { code, output, summary } = await runSmoke(proxy.url, `broken-${Date.now()}`);
      assert.equal(code, THRESHOLDS_CROSSED, output);
      assert.ok(summary, output);
      const crossed = summary.thresholds.filter((t) => !t.ok).map((t) => `${t.metric} ${t.expression}`);
      assert.ok(crossed.includes('http_req_failed rate<0.01'), crossed.join(', '));
      assert.ok(crossed.includes('checks rate>0.99'), crossed.join(', '));
      const weekly = summary.checks.find((c) => c.name === 'weekly metrics (200)');
      assert.deepEqual(weekly && [weekly.passes, weekly.fails], [0, 4]);
      // The rest went through: the failure is the broken read's alone.
      assert.equal(summary.checks.find((c) => c.name === 'logged set arrived as a change')?.fails, 0);
      assert.match(output, /ERRO threshold crossed: http_req_failed rate<0.01/);
    } finally {
      proxy.close();
    }
  });

  it('exits as k6 does when the script cannot run', async () => {
    const { code, output } = await runSmoke('http://127.0.0.1:1', `unreachable-${Date.now()}`);
    assert.equal(code, SCRIPT_FAILED, output);
    assert.match(output, /setup\(\) failed: Error: could not register or sign in/);
  });
});
