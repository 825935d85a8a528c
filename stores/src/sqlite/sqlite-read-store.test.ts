import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, it } from 'vitest';
import { readStoreContract } from '../contract/read-store.contract.ts';
import { POSITION_FIELD } from '../read-store.ts';
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
    assert.equal(pageSizeOf(file), 4096, 'an existing file keeps its pages');
  });

  it('moves the indexed fields of a table from before into columns of their own, and finds by them', async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'read-')), 'read.sqlite');
    const old = new Database(file);
    old.exec('CREATE TABLE doc_things (id TEXT PRIMARY KEY, data TEXT NOT NULL, position INTEGER NOT NULL)');
    old.exec(
      "CREATE INDEX doc_things__owner__day ON doc_things (json_extract(data, '$.owner'), json_extract(data, '$.day'))",
    );
    const insert = old.prepare('INSERT INTO doc_things VALUES (?, ?, ?)');
    insert.run('a', JSON.stringify({ id: 'a', owner: 'ann', day: '2026-01-02', done: true }), 1);
    insert.run('b', JSON.stringify({ id: 'b', owner: 'ann', day: '2026-01-01', done: false }), 2);
    insert.run('c', JSON.stringify({ id: 'c', owner: 'bob', day: '2026-01-03', done: true }), 3);
    old.close();

    const store = new SqliteReadStore(file);
    try {
      await store.ensureCollections([{ name: 'things', indexes: [['owner', 'day'], ['done']] }]);
      const found = await store.find('things', {
        where: { owner: 'ann' },
        orderBy: [{ field: 'day', direction: 'asc' }],
      });
      assert.deepEqual(
        found.map((thing) => thing.id),
        ['b', 'a'],
      );
      assert.equal(await store.count('things', { done: true }), 2);
      // A write keeps the column in step with its document.
      await store.commit({
        checkpoints: {},
        writes: [
          {
            collection: 'things',
            op: 'upsert',
            document: { id: 'c', owner: 'ann', day: '2026-01-00', done: false, [POSITION_FIELD]: 4 },
          },
        ],
        notices: [],
      });
      assert.deepEqual(
        (await store.find('things', { where: { owner: 'ann' }, orderBy: [{ field: 'day', direction: 'asc' }] })).map(
          (thing) => thing.id,
        ),
        ['c', 'b', 'a'],
      );
      assert.equal(await store.count('things', { done: true }), 1);
    } finally {
      await store.close();
    }
    const db = new Database(file, { readonly: true });
    const indexes = db
      .prepare(
        "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'doc_things' AND sql IS NOT NULL",
      )
      .all() as { name: string; sql: string }[];
    db.close();
    assert.deepEqual(indexes.map((index) => index.name).sort(), ['doc_things__c__done', 'doc_things__c__owner__day']);
    assert.ok(
      indexes.every((index) => !index.sql.includes('json_extract')),
      'no index parses the documents',
    );
  });

  it('makes a new file with 8 KB pages', async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'read-')), 'read.sqlite');
    await new SqliteReadStore(file).close();
    assert.equal(pageSizeOf(file), 8192);
  });
});

function pageSizeOf(file: string) {
  const db = new Database(file, { readonly: true });
  try {
    return db.pragma('page_size', { simple: true });
  } finally {
    db.close();
  }
}

describe('SQLite read store connections', () => {
  it('answers requests through a connection that cannot write', async () => {
    const store = new SqliteReadStore(path.join(mkdtempSync(path.join(os.tmpdir(), 'read-')), 'read.sqlite'));
    try {
      await store.ensureCollections([{ name: 'things', indexes: [] }]);
      // Only a request read's statements run on the reader: a write there is refused.
      const reader = (store as unknown as { reader: { db: Database.Database } }).reader.db;
      assert.throws(() => reader.exec("INSERT INTO doc_things VALUES ('x', '{}', 1)"), /readonly/);
      assert.equal(await store.get('things', 'x'), null);
    } finally {
      await store.close();
    }
  });

  it('serves reads and writes on one connection in memory, where a second would see another database', async () => {
    const store = new SqliteReadStore(':memory:');
    try {
      await store.ensureCollections([{ name: 'things', indexes: [] }]);
      const document = { id: 'a', n: 1, [POSITION_FIELD]: 1 };
      await store.commit({ checkpoints: {}, writes: [{ collection: 'things', op: 'upsert', document }], notices: [] });
      assert.deepEqual(await store.get('things', 'a'), document);
    } finally {
      await store.close();
    }
  });
});

describe('SQLite read store finds', () => {
  it('lets other work run while it reads a long result, a page at a time', async () => {
    const store = new SqliteReadStore(path.join(mkdtempSync(path.join(os.tmpdir(), 'read-')), 'read.sqlite'));
    try {
      await store.ensureCollections([{ name: 'things', indexes: [['owner']] }]);
      const documents = Array.from({ length: 3000 }, (_, i) => ({ id: `t${i}`, owner: 'ann', [POSITION_FIELD]: 1 }));
      await store.commit({
        checkpoints: { things: 1 },
        writes: documents.map((document) => ({ collection: 'things', op: 'upsert' as const, document })),
        notices: [],
      });
      let turns = 0;
      const others = setInterval(() => {
        turns += 1;
      }, 0);
      const found = await store.find('things', { where: { owner: 'ann' } });
      clearInterval(others);
      assert.equal(found.length, 3000);
      assert.ok(turns >= 2, `other work ran ${turns} times while the find read six pages`);
    } finally {
      await store.close();
    }
  });
});
