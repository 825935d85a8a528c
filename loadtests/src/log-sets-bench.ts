import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { apiClient } from '@fitness/gateway/testing/api-client.ts';
import { startServerProcess } from '@fitness/gateway/testing/server-process.ts';
import { bareFastifyRequestsPerSecond } from './baselines.ts';
import { benchReport, type Report } from './bench-report.ts';
import {
  logSetsAsPeopleTrain,
  logSetsIntoLongWorkouts,
  longWorkouts,
  nextSetOf,
  SETS_PER_WORKOUT,
  trainees,
} from './command-bench.ts';
import { LOAD_SERVER_ENV } from './load-server-env.ts';
import { cpuPerRequest, fixed, percentile } from './measure.ts';
import { PUSH_WAIT_MS, secondDevice } from './second-device.ts';

/**
 * P1 (log a set) and P2 (another device sees it) against the embedded server in its own
 * process, each beside the bare Fastify baseline measured the same way (bench.ts measures it
 * first). Run alone, with that baseline, in about a minute:
 * `node --no-allocation-site-pretenuring loadtests/src/log-sets-bench.ts [seconds per phase]`
 */

/** The bare baseline as baselines.ts measures it: requests/s and the CPU each request cost. */
export type BareBaseline = Awaited<ReturnType<typeof bareFastifyRequestsPerSecond>>;

/** The samples of the idle and full-rate P2 rows: one writer, one request after another. */
const LATENCY_SAMPLES = 300;

export async function logSetsBench(
  bare: BareBaseline,
  { clients, seconds, rawInserts, report }: { clients: number; seconds: number; rawInserts?: number; report: Report },
) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-'));
  const server = await startServerProcess(dataDir, LOAD_SERVER_ENV);
  try {
    const pid = server.child.pid ?? 0;
    const people = await trainees(server.baseUrl, clients);
    const long = await longWorkouts(server.baseUrl, clients);

    const cpu = cpuPerRequest(pid);
    const realistic = await logSetsAsPeopleTrain(server.baseUrl, people, seconds);
    const used = cpu(realistic.requests);
    report(
      `P1 log a set as people train (25 sets, then a new workout): commands/s (${clients} clients)`,
      fixed(realistic.requestsPerSecond, 0),
    );
    report('   latency p50 / p99 (ms; p99 target 50)', `${fixed(realistic.p50)} / ${fixed(realistic.p99)}`);
    report('   non-2xx / errors', `${realistic.non2xx} / ${realistic.errors}`);
    report(
      'P1 ratio to bare Fastify (target ≥ 0.25)',
      fixed(realistic.requestsPerSecond / bare.requestsPerSecond, 3) +
        (rawInserts ? ` (to raw SQLite inserts ${fixed(realistic.requestsPerSecond / rawInserts, 3)})` : ''),
    );
    report(
      'P1c server CPU per command / bare Fastify server CPU per request (target ≤ 6)',
      `${fixed(used.serverUs / bare.cpu.serverUs, 1)} (${fixed(used.serverUs, 0)} / ${fixed(bare.cpu.serverUs, 0)} µs, every thread)`,
    );

    const longCpu = cpuPerRequest(pid);
    const intoLong = await logSetsIntoLongWorkouts(server.baseUrl, long, seconds);
    report(
      `P1 log a set into one long workout per client: commands/s (${clients} clients)`,
      fixed(intoLong.requestsPerSecond, 0),
    );
    report('   latency p50 / p99 (ms)', `${fixed(intoLong.p50)} / ${fixed(intoLong.p99)}`);
    report('   non-2xx / errors', `${intoLong.non2xx} / ${intoLong.errors}`);
    report(
      '   ratio to bare Fastify | server CPU per command (µs, every thread)',
      `${fixed(intoLong.requestsPerSecond / bare.requestsPerSecond, 3)} | ${fixed(longCpu(intoLong.requests).serverUs, 0)}`,
    );

    const writer = nextSetOf(long.workouts[0] ?? []);
    const pushes = (label: string, { afterSend, afterAnswer }: Awaited<ReturnType<typeof changeLatency>>) => {
      report(
        `${label}: request sent -> change at a 2nd device, p50 / p99 (ms, n=${afterSend.length})`,
        `${fixed(percentile(afterSend, 50), 2)} / ${fixed(percentile(afterSend, 99), 2)}`,
      );
      report(
        '   answer to the 1st device -> change at the 2nd, p50 / p99 (ms)',
        `${fixed(percentile(afterAnswer, 50), 2)} / ${fixed(percentile(afterAnswer, 99), 2)}`,
      );
    };
    pushes('P2 live push idle', await changeLatency(server.baseUrl, long.token, writer, () => true));

    // P1's people at half its rate, each with a second device open, logging as in P1: 25 sets
    // into each new workout. (One person sending them all would put every push on one socket and
    // every set in one person's read models: a user nobody is.)
    const halfRate = realistic.requestsPerSecond / 2;
    const writers = await Promise.all(
      people.map((token) => setsAsPeopleLog(server.baseUrl, token, Math.ceil((halfRate * seconds) / people.length))),
    );
    const paced = await pacedChangeLatency(server.baseUrl, writers, halfRate, seconds);
    report(
      `P2 at half of P1's rate (${fixed(paced.sentPerSecond, 0)} sets/s paced, ${clients} people): send -> push at their 2nd device, p99 (ms; target ≤ 25)`,
      fixed(percentile(paced.afterSend, 99), 2),
    );
    report(
      `   p50 (ms) | sets answered / pushes not seen within ${PUSH_WAIT_MS / 1000} s`,
      `${fixed(percentile(paced.afterSend, 50), 2)} | ${paced.answered} / ${paced.unseen}`,
    );

    let writing = true;
    const load = logSetsAsPeopleTrain(server.baseUrl, people, seconds).finally(() => {
      writing = false;
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const busy = await changeLatency(server.baseUrl, long.token, writer, () => writing);
    const busyLoad = await load;
    pushes(`P2 while ${clients} clients log sets at full rate (${fixed(busyLoad.requestsPerSecond, 0)}/s)`, busy);
  } finally {
    await server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Workouts enough for `sets` (an exercise each) of `token`'s person, and the path of its next
 * set: 25 into each workout in turn, as P1's people log them.
 */
async function setsAsPeopleLog(baseUrl: string, token: string, sets: number) {
  const api = apiClient(baseUrl);
  const setUrls: string[] = [];
  const workouts = Math.ceil(sets / SETS_PER_WORKOUT) + 1;
  // Ten at a time: a few hundred workouts are ready in seconds, without a burst the server queues.
  for (let first = 0; first < workouts; first += 10) {
    const batch = Array.from({ length: Math.min(10, workouts - first) }, async () => {
      const workout = (await api('POST', '/workouts', { token, body: { name: 'Leg day' } })).body;
      const exercise = (await api('POST', `/workouts/${workout.id}/exercises`, { token, body: { name: 'Squat' } }))
        .body;
      return `/api/v1/workouts/${workout.id}/exercises/${exercise.id}/sets`;
    });
    setUrls.push(...(await Promise.all(batch)));
  }
  let next = 0;
  return { token, nextSet: () => setUrls[Math.floor(next++ / SETS_PER_WORKOUT) % setUrls.length] ?? '' };
}

/**
 * One writer logs sets one after another (up to LATENCY_SAMPLES, while `going()`); a second
 * socket client of the same user (another device) notes when each change arrives: the time
 * from sending the request to the change on the second screen (`afterSend`), and from the
 * answer to it (`afterAnswer`: negative when the push beat the answer), in ms.
 */
async function changeLatency(baseUrl: string, token: string, nextSet: () => string, going: () => boolean) {
  const api = apiClient(baseUrl);
  const device = await secondDevice(baseUrl, token);
  const afterSend: number[] = [];
  const afterAnswer: number[] = [];
  try {
    for (let i = 0; i < LATENCY_SAMPLES && going(); i++) {
      const sentAt = performance.now();
      const response = await api('POST', nextSet().replace('/api/v1', ''), { token, body: { reps: 3, weight: 80 } });
      const answeredAt = performance.now();
      const arrivedAt = await device.arrival(Number(response.headers.get('x-event-position')));
      if (arrivedAt === undefined) continue;
      afterSend.push(arrivedAt - sentAt);
      afterAnswer.push(arrivedAt - answeredAt);
    }
  } finally {
    device.close();
  }
  return { afterSend, afterAnswer };
}

/**
 * P2 at a given load: `writers` (people, each with a second device listening on socket.io) send
 * sets in turn, `perSecond` together, evenly paced whatever the answers (a set waits for no
 * earlier one, so a slow answer delays none after it and is counted in full). For each set, the
 * time from its send to its change's arrival at its person's second device (ms). Node's HTTP
 * client with kept-alive connections: a cheap client, so the writers take little of the cores
 * the server runs on.
 */
async function pacedChangeLatency(
  baseUrl: string,
  writers: { token: string; nextSet: () => string }[],
  perSecond: number,
  seconds: number,
) {
  const { hostname, port } = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
  const body = JSON.stringify({ reps: 3, weight: 80 });
  const send = (url: string, token: string) =>
    new Promise<number>((resolve, reject) => {
      const headers = {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        authorization: `Bearer ${token}`,
      };
      const request = http.request({ agent, hostname, port, method: 'POST', path: url, headers }, (response) => {
        response.resume();
        response.once('end', () =>
          resolve(response.statusCode === 201 ? Number(response.headers['x-event-position']) : Number.NaN),
        );
      });
      request.once('error', reject);
      request.end(body);
    });
  const devices = await Promise.all(writers.map((writer) => secondDevice(baseUrl, writer.token)));
  const sets: Promise<{ ms: number; seen: boolean } | undefined>[] = [];
  try {
    const started = performance.now();
    const until = started + seconds * 1000;
    // Each turn sends the sets whose time has come: timers fire a millisecond apart at best.
    for (let now = started; now < until; now = performance.now()) {
      const due = Math.floor(((now - started) * perSecond) / 1000) + 1;
      while (sets.length < due) {
        const sentAt = performance.now();
        const writer = sets.length % writers.length;
        const { token, nextSet } = writers[writer] as (typeof writers)[number];
        sets.push(
          send(nextSet(), token).then(async (position) => {
            if (Number.isNaN(position)) return undefined;
            const arrivedAt = await devices[writer]?.arrival(position);
            // A push never seen counts as late as the wait for it: in the p99, not left out of it.
            return { ms: (arrivedAt ?? performance.now()) - sentAt, seen: arrivedAt !== undefined };
          }),
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    const sentPerSecond = sets.length / ((performance.now() - started) / 1000);
    const answered = (await Promise.all(sets)).filter((set) => set !== undefined);
    return {
      sentPerSecond,
      answered: answered.length,
      unseen: answered.filter((set) => !set.seen).length,
      afterSend: answered.map((set) => set.ms),
    };
  } finally {
    for (const device of devices) device.close();
    agent.destroy();
  }
}

if (import.meta.main) {
  const seconds = Number(process.argv[2] ?? 5);
  const clients = 50;
  const { report } = benchReport();
  const bare = await bareFastifyRequestsPerSecond(clients, seconds);
  report(`bare Fastify POST requests/s (${clients} connections)`, fixed(bare.requestsPerSecond, 0));
  report('   server CPU per request (µs, every thread)', fixed(bare.cpu.serverUs, 1));
  await logSetsBench(bare, { clients, seconds, report });
}
