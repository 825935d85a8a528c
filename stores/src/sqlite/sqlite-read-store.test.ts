import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, it } from 'vitest';
import { readStoreContract } from '../contract/read-store.contract.ts';
import { SqliteReadStore } from './sqlite-read-store.ts';

readStoreContract('SQLite', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'read-'));
  return new SqliteReadStore(path.join(dir, 'read.sqlite'));
});

describe('SQLite read store upgrade', () => {
  it('opens a file from before projection versions: its projections count as version 0', async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'read-')), 'read.sqlite');
    const old = new Database(file);
    old.exec('CREATE TABLE checkpoints (projection TEXT PRIMARY KEY, position INTEGER NOT NULL)');
    old.prepare('INSERT INTO checkpoints VALUES (?, ?)').run('workouts', 42);
    old.close();

    const store = new SqliteReadStore(file);
    try {
      assert.equal(await store.checkpoint('workouts'), 42);
      assert.equal(await store.projectionVersion('workouts'), 0);
      await store.reset('workouts', [], 1);
      assert.equal(await store.projectionVersion('workouts'), 1);
      assert.equal(await store.checkpoint('workouts'), 0);
    } finally {
      await store.close();
    }
  });
});
