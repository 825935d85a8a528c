import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { apiClient, registerUser } from '@fitness/gateway/testing/api-client.ts';
import { connectLive, type LiveClient } from '@fitness/gateway/testing/live-client.ts';
import { seedWorkouts } from '@fitness/gateway/testing/seed.ts';
import { startServerProcess } from '@fitness/gateway/testing/server-process.ts';
import { LOAD_SERVER_ENV } from './load-server-env.ts';
import { residentMegabytes } from './measure.ts';

const EVENTS_PER_WORKOUT = 100;
const WORKOUTS_PER_USER = 10;
const SOCKET_ACCOUNTS = 20;

/**
 * P6: the embedded server's memory with a long log and many live connections. The log holds
 * `events` events of other people's training (users of ten 100-event workouts each, written
 * straight into the file); the server starts on it and folds it all in (`catchUpMs`), then
 * `sockets` live connections join (signed in as twenty accounts) and stay while RSS settles.
 * Run alone: `node -e "import('./loadtests/src/memory-bench.ts').then(async (m) => console.log(await m.memoryWithLogAndSockets(1_000_000, 1000)))"`
 */
export async function memoryWithLogAndSockets(events: number, sockets: number) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-memory-'));
  const eventsFile = path.join(dataDir, 'events.sqlite');
  const users = Math.ceil(events / (EVENTS_PER_WORKOUT * WORKOUTS_PER_USER));
  const seedStarted = performance.now();
  let head = 0;
  for (let user = 0; user < users; user++) {
    head = await seedWorkouts(eventsFile, WORKOUTS_PER_USER, EVENTS_PER_WORKOUT - 2);
  }
  const seedMs = performance.now() - seedStarted;
  const started = performance.now();
  const server = await startServerProcess(dataDir, LOAD_SERVER_ENV, 600_000);
  const open: LiveClient[] = [];
  try {
    const api = apiClient(server.baseUrl);
    const tokens: string[] = [];
    // Registered only (the onboarding left as it is): skipping it is a write by a token the server
    // cannot tell until the users read model has folded the seeded log, which it is doing now.
    for (let i = 0; i < SOCKET_ACCOUNTS; i++) {
      tokens.push((await registerUser(api, `Watcher ${i}`, { onboarding: true })).token);
    }
    // A read that reached the seeded head: then the whole log is folded in. Until the users read
    // model has folded the new accounts (after the seeded log), the server cannot tell their
    // tokens yet and a read answers 503 (try again), never 401: asked again until it answers.
    for (let answered = 0; answered !== 200; ) {
      const read = await api('GET', '/workouts', { token: tokens[0], headers: { 'x-min-position': String(head) } });
      answered = read.status;
      if (answered !== 200 && answered !== 503) throw new Error(`catching up answered ${answered}`);
      if (performance.now() - started > 600_000) throw new Error('the log was not folded in within 10 minutes');
      // A pause between the tries, so that they do not take the server's time from the catch-up it times.
      if (answered === 503) await delay(100);
    }
    const catchUpMs = performance.now() - started;
    const pid = server.child.pid ?? 0;
    const afterCatchUp = residentMegabytes(pid);
    for (let i = 0; i < sockets; i++) open.push(await connectLive(server.baseUrl, tokens[i % tokens.length]));
    // Settled: what the process holds with everyone connected, not a peak on the way there.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    return {
      // Counted from what was written: the head is a position (sparse), not a count.
      events: users * WORKOUTS_PER_USER * EVENTS_PER_WORKOUT,
      seedMs,
      catchUpMs,
      sockets: open.length,
      afterCatchUpMb: afterCatchUp,
      rssMb: residentMegabytes(pid),
    };
  } finally {
    for (const { socket } of open) socket.disconnect();
    await server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}
