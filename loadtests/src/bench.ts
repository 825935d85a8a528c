import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AccountErasure, Accounts, CommandHandler } from '@fitness/command-service';
import { type ChangeNotice, workoutStream } from '@fitness/contracts';
import { apiClient, registerUser } from '@fitness/gateway/testing/api-client.ts';
import { seedWorkouts, workoutEventEnvelope } from '@fitness/gateway/testing/seed.ts';
import { startServerProcess } from '@fitness/gateway/testing/server-process.ts';
import { allProjections, ProjectionRunner, silentLogger } from '@fitness/projections';
import { SqliteEventStore, SqliteReadStore } from '@fitness/stores';
import { seedHistory } from '@fitness/tools/demo-history.ts';
import autocannon from 'autocannon';
import { io } from 'socket.io-client';
import { bareFastifyRequestsPerSecond, rawSqliteInsertsPerSecond } from './baselines.ts';
import { heavyReaderBench } from './heavy-reader-bench.ts';
import { worstCaseImport } from './import-bench.ts';
import { fixed, percentile, summarize } from './measure.ts';
import { soak } from './soak.ts';

/**
 * `npm run bench`: the embedded product's figures on this machine, next to what the machine can
 * do at best. BENCH_SECONDS (default 10) sets each load phase's length; BENCH_SOAK_MINUTES
 * (default 10, 0 for none) the mixed-load soak at the end. The worst-case import
 * alone: `node -e "import('./loadtests/src/import-bench.ts').then(async (m) => console.log(await m.worstCaseImport()))"`.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SOAK_MINUTES = Number(process.env.BENCH_SOAK_MINUTES ?? 10);
const CLIENTS = 50;
const LATENCY_SAMPLES = 300;
const REBUILD_EVENTS = 100_000;
const METRICS_SAMPLES = 100;

const lines: string[] = [];
const report = (label: string, value: string) => {
  const line = `${label.padEnd(58)} ${value}`;
  lines.push(line);
  console.log(line);
};

async function main() {
  console.log(`node ${process.version}, ${os.cpus().length} cores, ${SECONDS} s per load phase\n`);

  const rawInserts = rawSqliteInsertsPerSecond(Math.min(SECONDS, 5));
  report('baseline: raw better-sqlite3 single-row inserts/s', fixed(rawInserts, 0));
  const bare = await bareFastifyRequestsPerSecond(CLIENTS, SECONDS);
  report(`baseline: bare Fastify POST requests/s (${CLIENTS} connections)`, fixed(bare.requestsPerSecond, 0));

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-'));
  const server = await startServerProcess(dataDir, { AUTH_RATE_LIMIT: '100000' });
  try {
    const api = apiClient(server.baseUrl);
    const { token } = await registerUser(api, 'Bench');
    const setUrls: string[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      const workout = (await api('POST', '/workouts', { token, body: { name: `Bench ${i}` } })).body;
      const exercise = (await api('POST', `/workouts/${workout.id}/exercises`, { token, body: { name: 'Squat' } }))
        .body;
      setUrls.push(`/api/v1/workouts/${workout.id}/exercises/${exercise.id}/sets`);
    }

    const logSet = await logSetsUnderLoad(server.baseUrl, token, setUrls);
    report(`log a set: commands/s (${CLIENTS} clients, one workout each)`, fixed(logSet.requestsPerSecond, 0));
    report('log a set: latency p50 / p99 (ms)', `${fixed(logSet.p50)} / ${fixed(logSet.p99)}`);
    report('log a set: non-2xx responses / errors', `${logSet.non2xx} / ${logSet.errors}`);
    report('ratio: commands/s to raw SQLite inserts/s', fixed(logSet.requestsPerSecond / rawInserts, 3));
    report('ratio: commands/s to bare Fastify requests/s', fixed(logSet.requestsPerSecond / bare.requestsPerSecond, 3));

    const pushes = await changeLatency(server.baseUrl, api, token, setUrls[0] ?? '');
    const afterResponse = pushes.map((p) => p.afterResponse);
    const afterSend = pushes.map((p) => p.afterSend);
    report(
      `live push: change at a 2nd socket minus response, p50 / p99 (ms, n=${pushes.length})`,
      `${fixed(percentile(afterResponse, 50), 2)} / ${fixed(percentile(afterResponse, 99), 2)}`,
    );
    report(
      'live push: request sent -> change at a 2nd socket, p50 / p99 (ms)',
      `${fixed(percentile(afterSend, 50), 2)} / ${fixed(percentile(afterSend, 99), 2)}`,
    );
  } finally {
    await server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }

  for (const shape of ['one subscription', 'one per projection (before)'] as const) {
    const inProcess = await logSetsWithProjections(shape === 'one subscription' ? 'shared' : 'per-projection');
    report(
      `log a set in process, projections following: ${shape}, sets/s`,
      `${fixed(inProcess.setsPerSecond, 0)} (caught up ${fixed(inProcess.catchUpMs, 0)} ms after)`,
    );
  }

  const metrics = await metricsWithAYearOfHistory();
  for (const [endpoint, figures] of Object.entries(metrics)) {
    report(
      `${endpoint}: p50 / p99 (ms), a year of history | a fresh account`,
      `${fixed(figures.year.p50, 2)} / ${fixed(figures.year.p99, 2)} | ${fixed(figures.fresh.p50, 2)} / ${fixed(figures.fresh.p99, 2)}`,
    );
  }

  for (const sentAs of ['csv', 'json'] as const) {
    const worst = await worstCaseImport(sentAs);
    const how = sentAs === 'csv' ? 'as text/csv (the web app)' : 'inside JSON';
    report(
      `import ${fixed(worst.megabytes)} MB ${how}, one field of doubled quotes (ms; under 1000)`,
      fixed(worst.importMs, 0),
    );
    report(
      `another user's GET /workouts meanwhile, p50 / max (ms, n=${worst.others.n}; max under 100)`,
      `${fixed(worst.others.p50)} / ${fixed(worst.others.max)}`,
    );
  }

  const heavy = await heavyReaderBench();
  report(
    `another user's GET /workouts, p50 / p99 (ms): alone | while one account of ${heavy.workouts / 1000}k workouts reads its costliest, 10 at once`,
    `${fixed(heavy.baseline.p50)} / ${fixed(heavy.baseline.p99)} | ${fixed(heavy.meanwhile.p50)} / ${fixed(heavy.meanwhile.p99)}`,
  );
  report(
    "that account's answers (status: count; 429: past its turn)",
    Object.entries(heavy.heavyAnswers)
      .map(([status, count]) => `${status}: ${count}`)
      .join(', '),
  );

  const rebuild = await rebuildRate();
  report(`rebuild: workouts projection over ${REBUILD_EVENTS} events (events/s)`, fixed(rebuild.workouts, 0));
  report(`rebuild: every projection from zero, ${REBUILD_EVENTS} events (events/s)`, fixed(rebuild.all, 0));
  const erasure = await erasureTime();
  report(
    `erase a deleted account from the log: ${erasure.streams} streams, ${REBUILD_EVENTS} events (ms)`,
    fixed(erasure.ms, 0),
  );

  if (SOAK_MINUTES > 0) {
    const minutes = await soak(SOAK_MINUTES, console.log);
    const first = minutes[0];
    const last = minutes.at(-1);
    if (first && last) {
      report(
        `soak ${SOAK_MINUTES} min: p99 first / last minute (ms; flat: ratio near 1)`,
        `${fixed(first.p99)} / ${fixed(last.p99)} (${fixed(last.p99 / first.p99, 2)})`,
      );
      report(
        `soak ${SOAK_MINUTES} min: server RSS first / last minute (MB)`,
        `${fixed(first.rssMb, 0)} / ${fixed(last.rssMb, 0)} (${fixed(last.rssMb / first.rssMb, 2)})`,
      );
      report(
        `soak ${SOAK_MINUTES} min: requests answered / failed`,
        `${minutes.reduce((sum, m) => sum + m.requests, 0)} / ${minutes.reduce((sum, m) => sum + m.failed, 0)}`,
      );
    }
  }
}

/** 50 connections, each logging sets on its own workout as fast as answers come. */
async function logSetsUnderLoad(baseUrl: string, token: string, setUrls: string[]) {
  let next = 0;
  const result = await autocannon({
    url: baseUrl,
    connections: CLIENTS,
    duration: SECONDS,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ reps: 5, weight: 100, rest_time: 90 }),
        // Each connection keeps to one workout, as one person logs into their own.
        setupRequest: (request, context) => {
          const state = context as { path?: string };
          state.path ??= setUrls[next++ % setUrls.length] ?? '';
          return { ...request, path: state.path };
        },
      },
    ],
  });
  return summarize(result);
}

/**
 * One writer logs sets one after another; a second socket client of the same user (another
 * device) notes when each change arrives. Two figures per write: arrival minus the moment the
 * response arrived (negative when the push beat the response), and arrival minus the moment
 * the request was sent (how long the second screen lags the tap on the first).
 */
async function changeLatency(baseUrl: string, api: ReturnType<typeof apiClient>, token: string, setUrl: string) {
  const socket = io(baseUrl, { auth: { token }, transports: ['websocket'], reconnection: false });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const arrivals = new Map<number, number>();
  socket.on('change', (notice: ChangeNotice) => arrivals.set(notice.position, performance.now()));
  const samples: { afterResponse: number; afterSend: number }[] = [];
  try {
    for (let i = 0; i < LATENCY_SAMPLES; i++) {
      const sentAt = performance.now();
      const response = await api('POST', setUrl.replace('/api/v1', ''), { token, body: { reps: 3, weight: 80 } });
      const answeredAt = performance.now();
      const position = Number(response.headers.get('x-event-position'));
      const deadline = answeredAt + 2000;
      while (!arrivals.has(position) && performance.now() < deadline)
        await new Promise((resolve) => setImmediate(resolve));
      const arrivedAt = arrivals.get(position);
      if (arrivedAt !== undefined)
        samples.push({ afterResponse: arrivedAt - answeredAt, afterSend: arrivedAt - sentAt });
    }
  } finally {
    socket.disconnect();
  }
  return samples;
}

/**
 * The projections' share of logging a set, in one process as in the embedded product: 50
 * writers append SetLogged to their own workouts while the runner folds every event into every
 * projection. "shared" is today's runner: one subscription, one transaction per batch for all
 * projections. "per-projection" is how it worked before: a runner, so a log reader and a
 * transaction, for each projection. Sets/s counts appends acknowledged in the phase; catch-up
 * is how long after the phase the read models took to reach the log's head.
 */
async function logSetsWithProjections(shape: 'shared' | 'per-projection') {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-projections-'));
  const eventStore = new SqliteEventStore(path.join(dir, 'events.sqlite'));
  const readStore = new SqliteReadStore(path.join(dir, 'read.sqlite'));
  const runners =
    shape === 'shared'
      ? [new ProjectionRunner({ eventStore, readStore, projections: allProjections, logger: silentLogger })]
      : allProjections.map(
          (projection) =>
            new ProjectionRunner({ eventStore, readStore, projections: [projection], logger: silentLogger }),
        );
  try {
    for (const runner of runners) await runner.start();
    const userId = randomUUID();
    const envelope = workoutEventEnvelope(userId);
    const workouts = Array.from({ length: CLIENTS }, () => ({
      workoutId: randomUUID(),
      workoutExerciseId: randomUUID(),
    }));
    for (const { workoutId, workoutExerciseId } of workouts) {
      const at = new Date().toISOString();
      await eventStore.appendToStream(
        workoutStream(workoutId),
        [
          envelope({
            type: 'WorkoutStarted',
            data: { workoutId, userId, name: 'Bench', notes: null, date: at.slice(0, 10), startedAt: at },
          }),
          envelope({
            type: 'WorkoutExerciseAdded',
            data: { workoutId, workoutExerciseId, exerciseId: null, name: 'Squat', notes: null, addedAt: at },
          }),
        ],
        'no_stream',
      );
    }
    let sets = 0;
    const deadline = performance.now() + SECONDS * 1000;
    const started = performance.now();
    await Promise.all(
      workouts.map(async ({ workoutId, workoutExerciseId }) => {
        while (performance.now() < deadline) {
          const event = envelope({
            type: 'SetLogged',
            data: {
              workoutId,
              workoutExerciseId,
              setId: randomUUID(),
              loggedAt: new Date().toISOString(),
              reps: 5,
              weight: 100,
              restTime: 90,
              type: 'working',
              notes: null,
              duration: null,
              distance: null,
            },
          });
          await eventStore.appendToStream(workoutStream(workoutId), [event], 'any');
          sets++;
          // Let the runners' subscriptions take their turn, as requests arriving over HTTP would.
          await new Promise((resolve) => setImmediate(resolve));
        }
      }),
    );
    const setsPerSecond = sets / ((performance.now() - started) / 1000);
    const phaseEnd = performance.now();
    const head = await eventStore.headPosition();
    const models = allProjections.map((projection) => projection.collection.name);
    await Promise.all(runners.map((runner) => runner.waitFor(models, head, 600_000)));
    return { setsPerSecond, catchUpMs: performance.now() - phaseEnd };
  } finally {
    for (const runner of runners) await runner.stop();
    await eventStore.close();
    await readStore.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Records and achievements are read models: answering them should cost the same for a year of
 * training (the demo history, thousands of commands through the API) as for a new account.
 * Sequential GETs over HTTP, after the projections caught up, so the figure is the query alone.
 */
async function metricsWithAYearOfHistory() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-metrics-'));
  const server = await startServerProcess(dataDir, { AUTH_RATE_LIMIT: '100000' });
  try {
    const api = apiClient(server.baseUrl);
    const year = await registerUser(api, 'Year');
    await seedHistory({ api, token: year.token, until: new Date().toISOString().slice(0, 10), days: 365 });
    const fresh = await registerUser(api, 'Fresh');
    const timings = async (token: string, url: string) => {
      const samples: number[] = [];
      // The read-your-writes header makes the first call wait for the projections; the rest are reads.
      for (let i = 0; i < 5 + METRICS_SAMPLES; i++) {
        const started = performance.now();
        const response = await api('GET', url, { token });
        if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
        if (i >= 5) samples.push(performance.now() - started);
      }
      return { p50: percentile(samples, 50), p99: percentile(samples, 99) };
    };
    const figures: Record<string, { year: { p50: number; p99: number }; fresh: { p50: number; p99: number } }> = {};
    for (const url of ['/metrics/prs', '/metrics/achievements']) {
      figures[`GET ${url}`] = { year: await timings(year.token, url), fresh: await timings(fresh.token, url) };
    }
    return figures;
  } finally {
    await server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Seeds a log of 100k events and rebuilds the read models from it, in this process. */
async function rebuildRate() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-rebuild-'));
  try {
    const eventsFile = path.join(dir, 'events.sqlite');
    const head = await seedWorkouts(eventsFile, REBUILD_EVENTS / 100, 98);
    const eventStore = new SqliteEventStore(eventsFile);
    const readStore = new SqliteReadStore(path.join(dir, 'read.sqlite'));
    const runner = new ProjectionRunner({ eventStore, readStore, projections: allProjections, logger: silentLogger });
    await runner.prepare();
    const timed = async (names: string[]) => {
      const started = performance.now();
      for (const name of names) await runner.rebuild(name);
      return head / ((performance.now() - started) / 1000);
    };
    const workouts = await timed(['workouts']);
    const all = await timed(allProjections.map((p) => p.name));
    await eventStore.close();
    await readStore.close();
    return { workouts, all };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A user whose 1,000 workouts make up the whole 100k-event log deletes their account: how long
 * the erasure takes to find their streams (one pass over the log) and erase them.
 */
async function erasureTime() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-erasure-'));
  const eventsFile = path.join(dir, 'events.sqlite');
  const context = () => ({ actorId: null, commandId: randomUUID(), correlationId: 'bench', now: new Date() });
  try {
    let store = new SqliteEventStore(eventsFile);
    const password = 'bench password';
    const accounts = (handler: CommandHandler) =>
      new Accounts({ handler, tokenTtlDays: { remember: 30, session: 1 }, countAdmins: async () => 2 });
    const { user } = await accounts(new CommandHandler(store)).register(
      { name: 'Leaving', email: 'leaving@example.com', password },
      context(),
    );
    await store.close();
    await seedWorkouts(eventsFile, REBUILD_EVENTS / 100, 98, user.id);
    store = new SqliteEventStore(eventsFile);
    const handler = new CommandHandler(store);
    await accounts(handler).deleteAccount(user.id, { password }, context());
    const erasure = new AccountErasure({ eventStore: store, handler, logger: silentLogger });
    const started = performance.now();
    await erasure.start(user.id);
    const ms = performance.now() - started;
    const [erased] = (await store.readStream(`user-${user.id}`)).filter((event) => event.type === 'UserErased');
    await store.close();
    return { ms, streams: Number(erased?.data.streams ?? 0) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
