import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiClient, registerUser } from '@fitness/gateway/testing/api-client.ts';
import { startServerProcess } from '@fitness/gateway/testing/server-process.ts';
import { LOAD_SERVER_ENV } from './load-server-env.ts';
import { cpuMs, percentile, workoutListLatenciesFor } from './measure.ts';

/** A burst: this many bodies sent at once from one address; then a pause before the next. */
const BURST = 10;
const PAUSE_MS = 100;
const SAMPLE_MS = 5_000;

/** A JSON object of the given fields and `count` keys no schema knows. */
function unknownKeys(fields: Record<string, unknown>, count: number) {
  const body: Record<string, unknown> = { ...fields };
  for (let i = 0; i < count; i++) body[`k${i}`] = 1;
  return JSON.stringify(body);
}

/**
 * Issue 30's denial of service: bodies of thousands of unknown keys, sent in bursts of ten at
 * once from one address (a pause of 100 ms between bursts), while another user lists their
 * workouts one request after another. Three bodies: the attack as found (31,000 keys, 330 KB, to the sign-in), the most a
 * sign-in takes (just under its 8 KB and 1,000 values), and the most a signed-in route takes
 * (just under 64 KB, 1,000 values). Gives each body's answer time and the other user's
 * latencies alone and meanwhile. Alone: `node loadtests/src/hostile-body-bench.ts`.
 */
export async function hostileBodyBench() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-hostile-'));
  const server = await startServerProcess(dataDir, LOAD_SERVER_ENV);
  try {
    const api = apiClient(server.baseUrl);
    const attacker = await registerUser(api, 'Attacker');
    const other = await registerUser(api, 'Other');
    await api('POST', '/workouts', { token: other.token, body: { name: 'Meanwhile' } });
    const bodies = [
      { name: 'attack as found, 31k keys to sign-in', url: '/auth/login', token: '', text: unknownKeys({}, 31_000) },
      { name: 'sign-in, 800 keys in 7 KB', url: '/auth/login', token: '', text: unknownKeys({}, 800) },
      {
        name: 'signed in, 64 KB of 990 keys',
        url: '/exercises',
        token: attacker.token,
        text: unknownKeys({ pad: 'x'.repeat(50_000) }, 990),
      },
    ];
    await workoutListLatenciesFor(api, other.token, 1_000); // warm up: the first reads compile the route
    const baseline = await workoutListLatenciesFor(api, other.token, 2_000);
    const results = [];
    for (const body of bodies) {
      const alone = await answerTimes(server.baseUrl, body, 50);
      const burst = await duringBursts(server.baseUrl, server.child.pid ?? 0, body, api, other.token);
      results.push({ name: body.name, kilobytes: body.text.length / 1024, alone, ...burst });
    }
    // The same bursts of the smallest wrong request, for what any burst of ten costs here.
    const ordinary = { name: 'a wrong sign-in of 2 bytes', url: '/auth/login', token: '', text: '{}' };
    const ordinaryBurst = await duringBursts(server.baseUrl, server.child.pid ?? 0, ordinary, api, other.token);
    return { burst: BURST, pauseMs: PAUSE_MS, baseline, bodies: results, ordinary: ordinaryBurst };
  } finally {
    await server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

type Body = { name: string; url: string; token: string; text: string };

async function post(baseUrl: string, body: Body) {
  const response = await fetch(`${baseUrl}/api/v1${body.url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(body.token && { authorization: `Bearer ${body.token}` }) },
    body: body.text,
  });
  return { status: response.status, bytes: (await response.arrayBuffer()).byteLength };
}

/** One body sent `count` times, one after another: how long its answer takes, and its size and status. */
async function answerTimes(baseUrl: string, body: Body, count: number) {
  const ms: number[] = [];
  let last = { status: 0, bytes: 0 };
  for (let i = 0; i < count; i++) {
    const sent = performance.now();
    last = await post(baseUrl, body);
    ms.push(performance.now() - sent);
  }
  return { p50: percentile(ms, 50), p99: percentile(ms, 99), status: last.status, answerBytes: last.bytes };
}

/**
 * Bursts of the body (BURST at once, PAUSE_MS between) while the other user lists their
 * workouts: their latencies meanwhile, and the server's CPU per request it answered.
 */
async function duringBursts(
  baseUrl: string,
  pid: number,
  body: Body,
  api: ReturnType<typeof apiClient>,
  token: string,
) {
  const cpuBefore = cpuMs(pid);
  let stop = false;
  let sent = 0;
  const attacking = (async () => {
    while (!stop) {
      await Promise.all(Array.from({ length: BURST }, () => post(baseUrl, body)));
      sent += BURST;
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    }
  })();
  const meanwhile = await workoutListLatenciesFor(api, token, SAMPLE_MS);
  stop = true;
  await attacking;
  const serverCpuUsPerRequest = ((cpuMs(pid) - cpuBefore) * 1000) / (sent + meanwhile.n);
  return { sent, meanwhile, serverCpuUsPerRequest };
}

if (import.meta.main) console.log(JSON.stringify(await hostileBodyBench(), null, 2));
