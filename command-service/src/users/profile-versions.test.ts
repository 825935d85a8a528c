import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { type NewEvent, type UserDocument, userStream } from '@fitness/contracts';
import { foldDocument, usersProjection } from '@fitness/projections';
import { SqliteEventStore } from '@fitness/stores';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { CommandHandler } from '../core/command-handler.ts';
import { userDecider } from './decide.ts';

const userId = '0b1e4a52-5d6c-4c84-9a57-0f6f3c1a2b3d';
const at = '2026-03-01T09:00:00.000Z';

/** Events as the code before UserProfileUpdated version 2 wrote them: changes in the API's names. */
const writtenByVersion1 = (): NewEvent[] =>
  [
    {
      type: 'UserRegistered',
      data: { userId, name: 'Ada', email: 'ada@example.com', passwordHash: 'x', role: 'user', registeredAt: at },
    },
    {
      type: 'UserProfileUpdated',
      data: {
        userId,
        changes: { birth_date: '1990-04-30', activity_level: 'moderate', height: 168 },
        updatedAt: at,
      },
    },
  ].map((event, index) => ({
    ...event,
    id: `00000000-0000-4000-8000-00000000000${index}`,
    metadata: { actorId: userId, commandId: `old-${index}`, correlationId: 'old', timestamp: at, schemaVersion: 1 },
  }));

describe('a log written before UserProfileUpdated version 2', () => {
  let dir: string;
  let file: string;
  let store: SqliteEventStore;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'profile-v1-'));
    file = path.join(dir, 'events.sqlite');
    const old = new SqliteEventStore(file);
    await old.appendToStream(userStream(userId), writtenByVersion1(), 'no_stream');
    await old.close();
    // Opened again, as the upgraded server opens the file it finds.
    store = new SqliteEventStore(file);
  });
  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is read in the version 2 shape, while the file keeps what was written', async () => {
    const [, updated] = await store.readStream(userStream(userId));
    assert.equal(updated?.metadata.schemaVersion, 2);
    assert.deepEqual(updated?.data.changes, { height: 168, birthDate: '1990-04-30', activityLevel: 'moderate' });

    const raw = new DatabaseSync(file, { readOnly: true });
    try {
      const row = raw.prepare("SELECT data FROM events WHERE type = 'UserProfileUpdated'").get() as { data: string };
      assert.deepEqual(JSON.parse(row.data).changes, {
        birth_date: '1990-04-30',
        activity_level: 'moderate',
        height: 168,
      });
    } finally {
      raw.close();
    }
  });

  it('folds into the same profile a projection built from version 1', async () => {
    const user = foldDocument(usersProjection, await store.readStream(userStream(userId))) as UserDocument;
    assert.equal(user.profile.birth_date, '1990-04-30');
    assert.equal(user.profile.activity_level, 'moderate');
    assert.equal(user.profile.height, 168);
  });

  it('takes new commands on top of it, appending at version 2', async () => {
    const handler = new CommandHandler(store);
    const result = await handler.handle(
      userDecider,
      userStream(userId),
      { type: 'UpdateProfile', userId, at, changes: { activityLevel: 'active', weight: 61 } },
      { actorId: userId, commandId: 'new-1', correlationId: 'new', now: new Date(at) },
      usersProjection,
    );
    assert.equal(result.document?.profile.birth_date, '1990-04-30');
    assert.equal(result.document?.profile.activity_level, 'active');
    assert.equal(result.document?.profile.weight, 61);

    const events = await store.readStream(userStream(userId));
    assert.deepEqual(
      events.map((event) => [event.type, event.metadata.schemaVersion]),
      [
        ['UserRegistered', 1],
        ['UserProfileUpdated', 2],
        ['UserProfileUpdated', 2],
      ],
    );
    assert.deepEqual(events.at(-1)?.data.changes, { activityLevel: 'active', weight: 61 });
    assert.deepEqual(foldDocument(usersProjection, events), result.document);
  });
});
