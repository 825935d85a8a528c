import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChangeNotice } from '@fitness/contracts';
import { POSITION_FIELD, SqliteReadStore } from '@fitness/stores';
import { afterEach, beforeEach, describe, it } from 'vitest';
import { CachedDocuments } from './cached-documents.ts';

/** The runner's side: writes that reach the store, each announced (or, to prove a point, not). */
function setUp() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cached-documents-'));
  const store = new SqliteReadStore(path.join(dir, 'read.sqlite'));
  const emitter = new EventEmitter();
  const notices = {
    onChange(listener: (notice: ChangeNotice) => void) {
      emitter.on('change', listener);
      return () => emitter.off('change', listener);
    },
  };
  let position = 0;
  // The SQLite store commits synchronously; the announcement follows at once, as the runner's does.
  const write = (id: string, name: string, announce = true) => {
    position += 1;
    const committed = store.commit({
      checkpoints: {},
      writes: [{ collection: 'users', op: 'upsert', document: { id, name, [POSITION_FIELD]: position } }],
      notices: [],
    });
    if (announce) {
      const notice: ChangeNotice = { model: 'users', id, userId: id, op: 'upsert', position, correlationId: null };
      emitter.emit('change', notice);
    }
    return committed;
  };
  return { dir, store, notices, write };
}

describe('cached documents', () => {
  let world: ReturnType<typeof setUp>;
  beforeEach(async () => {
    world = setUp();
    await world.store.ensureCollections([{ name: 'users', indexes: [] }]);
  });
  afterEach(async () => {
    await world.store.close();
    rmSync(world.dir, { recursive: true, force: true });
  });

  it('answers a document again without the store until a change to it is announced', async () => {
    const cached = new CachedDocuments(world.store, world.notices);
    await world.write('a', 'Ada');
    assert.equal((await cached.get<{ id: string; name: string }>('users', 'a'))?.name, 'Ada');
    // Changed in the store but not announced: the kept document is what it answers.
    await world.write('a', 'Unannounced', false);
    assert.equal((await cached.get<{ id: string; name: string }>('users', 'a'))?.name, 'Ada');
    await world.write('a', 'Grace');
    assert.equal((await cached.get<{ id: string; name: string }>('users', 'a'))?.name, 'Grace');
  });

  it('keeps a missing document as missing until its creation is announced', async () => {
    const cached = new CachedDocuments(world.store, world.notices);
    assert.equal(await cached.get('users', 'b'), null);
    await world.write('b', 'Unannounced', false);
    assert.equal(await cached.get('users', 'b'), null);
    await world.write('b', 'Barbara');
    assert.equal((await cached.get<{ id: string; name: string }>('users', 'b'))?.name, 'Barbara');
  });

  it('does not keep a read that a change overtook', async () => {
    const cached = new CachedDocuments(world.store, world.notices);
    await world.write('c', 'Old');
    const reading = cached.get('users', 'c');
    // Committed and announced while the read was still resolving: it holds the older version.
    const writing = world.write('c', 'New');
    assert.equal((await reading)?.name, 'Old');
    await writing;
    await world.write('c', 'Newer', false);
    assert.equal((await cached.get<{ id: string; name: string }>('users', 'c'))?.name, 'Newer');
  });

  it('keeps at most its limit, dropping the least recently used', async () => {
    const cached = new CachedDocuments(world.store, world.notices, 2);
    for (const id of ['x', 'y', 'z']) await world.write(id, `${id} 1`);
    await cached.get('users', 'x');
    await cached.get('users', 'y');
    await cached.get('users', 'x');
    await cached.get('users', 'z');
    // y was the least recently used of three: it went, x and z stayed.
    for (const id of ['x', 'y', 'z']) await world.write(id, `${id} 2`, false);
    const names = await Promise.all(
      ['x', 'y', 'z'].map(async (id) => (await cached.get<{ id: string; name: string }>('users', id))?.name),
    );
    assert.deepEqual(names, ['x 1', 'y 2', 'z 1']);
  });
});
