import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiClient, registerUser } from '@fitness/gateway/testing/api-client.ts';
import { seedWorkouts } from '@fitness/gateway/testing/seed.ts';
import { startServerProcess } from '@fitness/gateway/testing/server-process.ts';
import { LOAD_SERVER_ENV } from './load-server-env.ts';
import { workoutListLatenciesFor } from './measure.ts';

const HEAVY_WORKOUTS = 20_000;
const HEAVY_CLIENTS = 10;
const SAMPLE_MS = 8_000;

/** What the heavy user asks for over and over: the reads whose cost grows with a history. */
const EXPENSIVE_READS = [
  '/metrics/achievements',
  '/metrics/prs',
  '/metrics/monthly?date=2026-11-01',
  '/workouts?per_page=100&page=7',
  '/body-weight',
];

/**
 * One user with 20k workouts sends the reads that cost most, ten at a time without pause,
 * while another user lists their workouts one request after another: the other user's
 * latencies (what one account's history must not take from everyone else), and how the
 * heavy user was answered (200s, and 429s when the server made them wait their turn).
 */
export async function heavyReaderBench() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-heavy-'));
  let server = await startServerProcess(dataDir, LOAD_SERVER_ENV);
  try {
    let api = apiClient(server.baseUrl);
    const heavy = await registerUser(api, 'Heavy');
    const other = await registerUser(api, 'Other');
    await api('POST', '/workouts', { token: other.token, body: { name: 'Meanwhile' } });
    await server.kill('SIGTERM');
    const head = await seedWorkouts(path.join(dataDir, 'events.sqlite'), HEAVY_WORKOUTS, 1, heavy.user.id);
    server = await startServerProcess(dataDir, LOAD_SERVER_ENV, 300_000);
    api = apiClient(server.baseUrl);
    // Wait for the projections to fold the seeded history in.
    const caughtUp = await api('GET', '/workouts', { token: heavy.token, headers: { 'x-min-position': String(head) } });
    if (caughtUp.status !== 200) throw new Error(`catching up answered ${caughtUp.status}`);

    const baseline = await workoutListLatenciesFor(api, other.token, 2_000);
    let stop = false;
    const answers = new Map<number, number>();
    const heavyClient = async (offset: number) => {
      for (let i = offset; !stop; i++) {
        const url = EXPENSIVE_READS[i % EXPENSIVE_READS.length] ?? '/metrics/achievements';
        const response = await api('GET', url, { token: heavy.token });
        answers.set(response.status, (answers.get(response.status) ?? 0) + 1);
        if (response.status === 429) await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const clients = Array.from({ length: HEAVY_CLIENTS }, (_, i) => heavyClient(i));
    const meanwhile = await workoutListLatenciesFor(api, other.token, SAMPLE_MS);
    stop = true;
    await Promise.all(clients);
    return { workouts: HEAVY_WORKOUTS, baseline, meanwhile, heavyAnswers: Object.fromEntries(answers) };
  } finally {
    await server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}
