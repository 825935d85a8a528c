import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiClient, registerUser } from '@fitness/gateway/testing/api-client.ts';
import { startServerProcess } from '@fitness/gateway/testing/server-process.ts';
import { io, type Socket } from 'socket.io-client';
import { LOAD_SERVER_ENV } from './load-server-env.ts';
import { percentile, residentMegabytes } from './measure.ts';

const USERS = 20;
/** Pause between one person's requests: people tap, they do not hammer. */
const THINK_MS = 20;

type Minute = { minute: number; requests: number; failed: number; p50: number; p99: number; rssMb: number };

/**
 * Mixed load for `minutes` against the embedded server in its own process: 20 people, each with
 * a live socket, training (a workout, exercises, about 25 sets, then completing it, sometimes
 * deleting an old one), logging a meal entry, water and a weigh-in, and reading their dashboard,
 * list and records. Every minute: the requests answered, those that failed (an answer outside
 * 2xx, or none), p50 and p99 of their latency, and the server's resident memory. Flat is the
 * goal: p99 and RSS of the last minute against the first.
 */
export async function soak(minutes: number, print: (line: string) => void) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-soak-'));
  const server = await startServerProcess(dataDir, LOAD_SERVER_ENV);
  const sockets: Socket[] = [];
  try {
    const api = apiClient(server.baseUrl);
    const people = [];
    for (let i = 0; i < USERS; i++) people.push(await registerUser(api, `Soak ${i}`));
    for (const person of people) {
      const socket = io(server.baseUrl, { auth: { token: person.token }, transports: ['websocket'] });
      socket.on('change', () => {});
      sockets.push(socket);
    }

    let latencies: number[] = [];
    let failed = 0;
    const timed = async (method: string, url: string, token: string, body?: unknown) => {
      const started = performance.now();
      try {
        const response = await api(method, url, { token, body });
        latencies.push(performance.now() - started);
        if (response.status < 200 || response.status > 299) failed += 1;
        return response.body;
      } catch {
        failed += 1;
        return null;
      }
    };

    const until = Date.now() + minutes * 60_000;
    const think = () => new Promise((resolve) => setTimeout(resolve, THINK_MS));
    const person = async (token: string, index: number) => {
      const finished: string[] = [];
      for (let session = 0; Date.now() < until; session++) {
        const date = new Date(Date.UTC(2026, 0, 1 + ((session * USERS + index) % 300))).toISOString().slice(0, 10);
        const workout = await timed('POST', '/workouts', token, { name: `Session ${session}` });
        if (!workout?.id) continue;
        for (const name of ['Squat', 'Bench Press', 'Row']) {
          const exercise = await timed('POST', `/workouts/${workout.id}/exercises`, token, { name });
          for (let set = 0; exercise?.id && set < 8 && Date.now() < until; set++) {
            await timed('POST', `/workouts/${workout.id}/exercises/${exercise.id}/sets`, token, {
              reps: 5,
              weight: 60 + set,
            });
            await think();
          }
        }
        await timed('PATCH', `/workouts/${workout.id}`, token, { status: 'completed' });
        finished.push(workout.id);
        if (finished.length > 5) await timed('DELETE', `/workouts/${finished.shift()}`, token);
        const meal = await timed('POST', '/meals', token, { date, type: 'lunch' });
        if (meal?.id)
          await timed('POST', `/meals/${meal.id}/entries`, token, { name: 'Rice bowl', calories: 650, protein: 30 });
        await timed('POST', `/water/${date}`, token, { ml: 250 });
        await timed('PUT', `/body-weight/${date}`, token, { weight: 70 + (session % 5) });
        for (const url of [`/metrics/today?date=${date}`, '/workouts', '/metrics/achievements', '/metrics/prs']) {
          await timed('GET', url, token);
          await think();
        }
      }
    };

    const running = Promise.all(people.map((p, i) => person(p.token, i)));
    const rows: Minute[] = [];
    print('soak: minute | requests | failed | p50 / p99 (ms) | server RSS (MB)');
    for (let minute = 1; minute <= minutes; minute++) {
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, until - (minutes - minute) * 60_000 - Date.now())),
      );
      const row = {
        minute,
        requests: latencies.length,
        failed,
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        rssMb: residentMegabytes(server.child.pid),
      };
      latencies = [];
      failed = 0;
      rows.push(row);
      print(
        `soak: ${String(minute).padStart(6)} | ${String(row.requests).padStart(8)} | ${String(row.failed).padStart(6)} | ${row.p50.toFixed(1)} / ${row.p99.toFixed(1)} | ${row.rssMb.toFixed(0)}`,
      );
    }
    await running;
    return rows;
  } finally {
    for (const socket of sockets) socket.disconnect();
    await server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}
