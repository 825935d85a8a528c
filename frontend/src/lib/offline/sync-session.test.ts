import 'fake-indexeddb/auto';
import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { createSyncSessionKeeper, readSyncSession, type SyncSession, writeSyncSession } from './sync-session.ts';

const robin: SyncSession = { userId: 'user-robin', token: 'token-1', language: 'de' };

describe('the session kept for the service worker', () => {
  it('is read back as written, and gone once forgotten', async () => {
    assert.equal(await readSyncSession(), null);
    await writeSyncSession(robin);
    assert.deepEqual(await readSyncSession(), robin);
    await writeSyncSession({ ...robin, token: 'token-2' });
    assert.deepEqual(await readSyncSession(), { ...robin, token: 'token-2' });
    await writeSyncSession(null);
    assert.equal(await readSyncSession(), null);
  });

  it('follows the page: written when it changes only, and the last change is what stays', async () => {
    const writes: (SyncSession | null)[] = [];
    const keeper = createSyncSessionKeeper(async (session) => {
      writes.push(session);
      await writeSyncSession(session);
    });
    keeper.keep(robin);
    keeper.keep({ ...robin });
    keeper.keep({ ...robin, language: 'ar' });
    keeper.keep(null);
    keeper.keep({ ...robin, userId: 'user-sam', token: 'token-sam' });
    await keeper.written();
    assert.deepEqual(writes, [
      robin,
      { ...robin, language: 'ar' },
      null,
      { ...robin, userId: 'user-sam', token: 'token-sam' },
    ]);
    assert.deepEqual(await readSyncSession(), { ...robin, userId: 'user-sam', token: 'token-sam' });

    // Signed out: forgotten, so the worker sends nothing under the token any more.
    await keeper.keep(null);
    assert.equal(await readSyncSession(), null);
  });
});
