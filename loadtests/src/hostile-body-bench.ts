import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { apiClient, registerUser } from '@fitness/gateway/testing/api-client.ts';
import { startServerProcess } from '@fitness/gateway/testing/server-process.ts';
import { type BurstOptions, bodyText } from './hostile-burst-process.ts';
import { LOAD_SERVER_ENV } from './load-server-env.ts';
import { cpuMs, percentile, workoutListLatenciesFor } from './measure.ts';

const execFileAsync = promisify(execFile);

/** A burst: this many bodies sent at once from one address; then a pause before the next. */
const BURST = 10;
const PAUSE_MS = 100;
const SAMPLE_SECONDS = 5;

type HostileBody = { name: string; path: string; signedIn: boolean; body: BurstOptions['body'] };

/**
 * Issue 30's denial of service: bodies of thousands of unknown keys, sent in bursts of ten at
 * once from one address (a pause of 100 ms between bursts) by a process of their own, while
 * another user lists their workouts one request after another. Three bodies: the attack as
 * found (31,000 keys, 330 KB, to the sign-in), 800 keys to the sign-in (7 KB, under its body
 * limit), and 990 keys in 57 KB to a signed-in route (under the default limit). Gives each
 * body's answer alone, and the other user's latencies alone and during the bursts, beside the
 * same bursts of a 2-byte wrong sign-in. Alone: `node loadtests/src/hostile-body-bench.ts`.
 */
export async function hostileBodyBench() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-hostile-'));
  const server = await startServerProcess(dataDir, LOAD_SERVER_ENV);
  try {
    const api = apiClient(server.baseUrl);
    const attacker = await registerUser(api, 'Attacker');
    const other = await registerUser(api, 'Other');
    await api('POST', '/workouts', { token: other.token, body: { name: 'Meanwhile' } });
    const bodies: HostileBody[] = [
      {
        name: 'attack as found, 31k keys to sign-in',
        path: '/auth/login',
        signedIn: false,
        body: { fields: {}, unknownKeys: 31_000 },
      },
      {
        name: 'sign-in, 800 keys in 7 KB',
        path: '/auth/login',
        signedIn: false,
        body: { fields: {}, unknownKeys: 800 },
      },
      {
        name: 'signed in, 990 keys in 57 KB',
        path: '/exercises',
        signedIn: true,
        body: { fields: { pad: 'x'.repeat(50_000) }, unknownKeys: 990 },
      },
    ];
    const burstsOf = (body: HostileBody) =>
      duringBursts(server.child.pid ?? 0, api, other.token, {
        url: `${server.baseUrl}/api/v1${body.path}`,
        token: body.signedIn ? attacker.token : '',
        body: body.body,
        burst: BURST,
        pauseMs: PAUSE_MS,
        seconds: SAMPLE_SECONDS,
      });

    await workoutListLatenciesFor(api, other.token, 1_000); // warm up: the first reads compile the route
    const baseline = await workoutListLatenciesFor(api, other.token, 2_000);
    const results = [];
    for (const body of bodies) {
      const text = bodyText(body.body);
      const alone = await answerTimes(
        `${server.baseUrl}/api/v1${body.path}`,
        body.signedIn ? attacker.token : '',
        text,
      );
      results.push({ name: body.name, kilobytes: text.length / 1024, alone, ...(await burstsOf(body)) });
    }
    // The same bursts of the smallest wrong request, for what any burst of ten costs here.
    const ordinary = await burstsOf({ name: '', path: '/auth/login', signedIn: false, body: { text: '{}' } });
    return { burst: BURST, pauseMs: PAUSE_MS, baseline, bodies: results, ordinary };
  } finally {
    await server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** One body sent 50 times, one after another: how long its answer takes, and its size and status. */
async function answerTimes(url: string, token: string, text: string) {
  const headers = { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) };
  const ms: number[] = [];
  let last = { status: 0, bytes: 0 };
  for (let i = 0; i < 50; i++) {
    const sent = performance.now();
    const response = await fetch(url, { method: 'POST', headers, body: text });
    last = { status: response.status, bytes: (await response.arrayBuffer()).byteLength };
    ms.push(performance.now() - sent);
  }
  return { p50: percentile(ms, 50), p99: percentile(ms, 99), status: last.status, answerBytes: last.bytes };
}

/**
 * The bursts, from a process of their own (hostile-burst-process.ts), while the other user
 * lists their workouts here: their latencies meanwhile, and the server's CPU per request.
 */
async function duringBursts(pid: number, api: ReturnType<typeof apiClient>, token: string, options: BurstOptions) {
  const cpuBefore = cpuMs(pid);
  const script = path.join(import.meta.dirname, 'hostile-burst-process.ts');
  const attacking = execFileAsync(process.execPath, [script, JSON.stringify(options)], { maxBuffer: 1 << 20 });
  const meanwhile = await workoutListLatenciesFor(api, token, SAMPLE_SECONDS * 1000);
  const { sent } = JSON.parse((await attacking).stdout) as { sent: number };
  const serverCpuUsPerRequest = ((cpuMs(pid) - cpuBefore) * 1000) / (sent + meanwhile.n);
  return { sent, meanwhile, serverCpuUsPerRequest };
}

if (import.meta.main) console.log(JSON.stringify(await hostileBodyBench(), null, 2));
