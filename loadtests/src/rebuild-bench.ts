import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { seedWorkouts } from '@fitness/gateway/testing/seed.ts';
import { silentLogger } from '@fitness/platform/logger.ts';
import { allProjections, ProjectionRunner } from '@fitness/projections';
import { SqliteEventStore, SqliteReadStore } from '@fitness/stores';
import Database from 'better-sqlite3';

/**
 * P3: how fast the read models are rebuilt from a log of `events` (workouts of 100 events: a
 * start, an exercise, 98 sets), next to what SQLite can write at best on this machine: the same
 * number of rows of an event's size, in batches as large as the runner's, with the read store's
 * durability. Run alone:
 * `node -e "import('./loadtests/src/rebuild-bench.ts').then(async (m) => console.log(await m.rebuildRates(100000)))"`
 */
export async function rebuildRates(events: number) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-rebuild-'));
  try {
    const eventsFile = path.join(dir, 'events.sqlite');
    const workouts = Math.ceil(events / 100);
    await seedWorkouts(eventsFile, workouts, 98);
    // Counted from what was written: the log's head is a position (sparse), not a count.
    const written = workouts * 100;
    const eventStore = new SqliteEventStore(eventsFile);
    const rate = (started: number) => written / ((performance.now() - started) / 1000);

    // Every projection together, as after an upgrade that changed them all: one pass over the log.
    let readStore = new SqliteReadStore(path.join(dir, 'all.sqlite'));
    let runner = new ProjectionRunner({ eventStore, readStore, projections: allProjections, logger: silentLogger });
    await runner.prepare();
    let started = performance.now();
    await runner.catchUp();
    const every = rate(started);
    await readStore.close();

    // One projection (the workouts), as an admin's rebuild of it does.
    readStore = new SqliteReadStore(path.join(dir, 'one.sqlite'));
    runner = new ProjectionRunner({ eventStore, readStore, projections: allProjections, logger: silentLogger });
    await runner.prepare();
    started = performance.now();
    await runner.rebuild('workouts');
    const oneProjection = rate(started);
    await readStore.close();
    await eventStore.close();

    return {
      events: written,
      every,
      workouts: oneProjection,
      rawBatchedInserts: rawBatchedInsertsPerSecond(dir, written),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Rows of an event's size, 500 to a transaction, with the read store's pragmas: SQLite's best. */
function rawBatchedInsertsPerSecond(dir: string, rows: number) {
  const db = new Database(path.join(dir, 'raw.sqlite'));
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.exec('CREATE TABLE t (id TEXT PRIMARY KEY, data TEXT NOT NULL, position INTEGER NOT NULL)');
    const insert = db.prepare('INSERT INTO t (id, data, position) VALUES (?, ?, ?)');
    const payload = JSON.stringify({
      workoutId: crypto.randomUUID(),
      workoutExerciseId: crypto.randomUUID(),
      setId: crypto.randomUUID(),
      loggedAt: new Date().toISOString(),
      reps: 5,
      weight: 100,
      restTime: 90,
      type: 'working',
    });
    const batch = db.transaction((from: number) => {
      for (let i = from; i < Math.min(rows, from + 500); i++) insert.run(`row-${i}`, payload, i);
    });
    const started = performance.now();
    for (let from = 0; from < rows; from += 500) batch(from);
    return rows / ((performance.now() - started) / 1000);
  } finally {
    db.close();
  }
}
