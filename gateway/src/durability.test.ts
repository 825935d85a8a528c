import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, it } from 'vitest';
import { apiClient, registerUser } from './testing/api-client.ts';
import { assertReadModelsEqualRebuild } from './testing/read-models.ts';
import { seedWorkouts } from './testing/seed.ts';
import { runScript, startServerProcess } from './testing/server-process.ts';

describe('durability: kill -9 and start again', () => {
  it('loses no acknowledged write under live traffic, and read models equal a rebuild', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kill9-live-'));
    try {
      let server = await startServerProcess(dataDir);
      let api = apiClient(server.baseUrl);
      const { token } = await registerUser(api);
      const workout = (await api('POST', '/workouts', { token, body: { name: 'Crash test' } })).body;
      const exercise = (await api('POST', `/workouts/${workout.id}/exercises`, { token, body: { name: 'Squat' } }))
        .body;
      const url = `/workouts/${workout.id}/exercises/${exercise.id}/sets`;

      const acknowledged: { id: string; position: number }[] = [];
      let killing = false;
      const client = async () => {
        while (!killing) {
          try {
            const response = await api('POST', url, { token, body: { reps: 5, weight: 100 } });
            if (response.status === 201) {
              acknowledged.push({ id: response.body.id, position: Number(response.headers.get('x-event-position')) });
            }
          } catch {
            return; // the server died mid-request: that write was never acknowledged
          }
        }
      };
      const clients = Array.from({ length: 8 }, client);
      // Killed well before the exercise holds its most sets (MAX_SETS_PER_EXERCISE), past which a set answers 422.
      while (acknowledged.length < 80) await new Promise((resolve) => setTimeout(resolve, 5));
      killing = true;
      await server.kill('SIGKILL');
      await Promise.all(clients);

      server = await startServerProcess(dataDir);
      api = apiClient(server.baseUrl);
      const newest = Math.max(...acknowledged.map((a) => a.position));
      const read = await api('GET', `/workouts/${workout.id}`, {
        token,
        headers: { 'x-min-position': String(newest) },
      });
      assert.equal(read.status, 200);
      const stored = new Set(read.body.exercises[0].sets.map((s: { id: string }) => s.id));
      const lost = acknowledged.filter((a) => !stored.has(a.id));
      assert.deepEqual(lost, [], 'every acknowledged set survived');
      await server.kill('SIGTERM');

      await assertReadModelsEqualRebuild(dataDir);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('resumes a rebuild killed half way, ending equal to a rebuild from zero', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kill9-rebuild-'));
    try {
      const head = await seedWorkouts(path.join(dataDir, 'events.sqlite'), 400, 100);
      const rebuild = runScript('tools/src/es.ts', ['rebuild', 'workouts', '--batch', '100'], { DATA_DIR: dataDir });
      let stderr = '';
      rebuild.stderr?.on('data', (chunk) => {
        stderr += chunk;
      });
      let killedAt = 0;
      for (;;) {
        if (rebuild.exitCode !== null) throw new Error(`rebuild finished before it could be killed: ${stderr}`);
        const position = await readCheckpoint(dataDir);
        if (position > head / 5) {
          rebuild.kill('SIGKILL');
          killedAt = position;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      await new Promise((resolve) => rebuild.once('exit', resolve));
      assert.ok(killedAt > 0 && killedAt < head, `killed half way (at ${killedAt} of ${head})`);

      const server = await startServerProcess(dataDir);
      // Every other projection starts from zero beside it (one subscription moves them together),
      // so allow for a slow machine: this is about ending right, the bench is about speed.
      const deadline = Date.now() + 120_000;
      while ((await readCheckpoint(dataDir)) < head) {
        assert.ok(Date.now() < deadline, 'the restarted server finishes the rebuild');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await server.kill('SIGTERM');
      await assertReadModelsEqualRebuild(dataDir);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

/** The workouts checkpoint as another process committed it; 0 before its file or table exists. */
async function readCheckpoint(dataDir: string) {
  let db: Database.Database | null = null;
  try {
    db = new Database(path.join(dataDir, 'read.sqlite'), { readonly: true, fileMustExist: true });
    const row = db.prepare("SELECT position FROM checkpoints WHERE projection = 'workouts'").get() as
      | { position: number }
      | undefined;
    return row?.position ?? 0;
  } catch {
    return 0;
  } finally {
    db?.close();
  }
}
