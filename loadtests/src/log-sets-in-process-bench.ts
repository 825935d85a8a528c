import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { workoutStream } from '@fitness/contracts';
import { setLogged } from '@fitness/contracts/workouts/testing/sets.ts';
import { workoutEventEnvelope } from '@fitness/gateway/testing/seed.ts';
import { silentLogger } from '@fitness/platform/logger.ts';
import { allProjections, ProjectionRunner } from '@fitness/projections';
import { SqliteEventStore, SqliteReadStore } from '@fitness/stores';

/**
 * The projections' share of logging a set, in one process as in the embedded product: 50
 * writers append SetLogged to their own workouts while the runner folds every event into every
 * projection (one subscription, one transaction per batch for all of them). Sets/s counts appends acknowledged in the phase; catch-up
 * is how long after the phase the read models took to reach the log's head.
 */
export async function logSetsWithProjections(clients: number, seconds: number) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-projections-'));
  const eventStore = new SqliteEventStore(path.join(dir, 'events.sqlite'));
  const readStore = new SqliteReadStore(path.join(dir, 'read.sqlite'));
  // As in the embedded server: no change feed, which only other processes read.
  const runner = new ProjectionRunner({
    eventStore,
    readStore,
    projections: allProjections,
    logger: silentLogger,
    changeFeed: false,
  });
  try {
    await runner.start();
    const userId = randomUUID();
    const envelope = workoutEventEnvelope(userId);
    const workouts = Array.from({ length: clients }, () => ({
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
    const deadline = performance.now() + seconds * 1000;
    const started = performance.now();
    await Promise.all(
      workouts.map(async ({ workoutId, workoutExerciseId }) => {
        while (performance.now() < deadline) {
          const set = { reps: 5, weight: 100, restTime: 90 };
          const event = envelope(setLogged(workoutId, workoutExerciseId, randomUUID(), set, new Date().toISOString()));
          await eventStore.appendToStream(workoutStream(workoutId), [event], 'any');
          sets++;
          // Let the runner's subscription take its turn, as requests arriving over HTTP would.
          await new Promise((resolve) => setImmediate(resolve));
        }
      }),
    );
    const setsPerSecond = sets / ((performance.now() - started) / 1000);
    const phaseEnd = performance.now();
    const head = await eventStore.headPosition();
    const models = allProjections.map((projection) => projection.collection.name);
    await runner.waitFor(models, head, 600_000);
    return { setsPerSecond, catchUpMs: performance.now() - phaseEnd };
  } finally {
    await runner.stop();
    await eventStore.close();
    await readStore.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
