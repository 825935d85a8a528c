import assert from 'node:assert/strict';
import type { DomainEvent } from '@fitness/contracts';
import type { Document } from '@fitness/stores';
import { describe, it } from 'vitest';
import type { ManyDocumentProjection, ProjectionDocuments } from '../projection.ts';
import { at, history, recorded, USER } from './admin-history-testing.ts';
import { adminUsersProjection } from './admin-users-projection.ts';

/** Folds the history through a projection that reads no log, each event applied `times` in a row; the documents as stored. */
async function fold<D extends Document>(projection: ManyDocumentProjection<D>, times: number) {
  const stored = new Map<string, string>();
  const documents: ProjectionDocuments<D> = {
    get: async (id) => {
      const json = stored.get(id);
      return json ? JSON.parse(json) : null;
    },
    set: (id, document) => {
      if (document) stored.set(id, JSON.stringify(document));
      else stored.delete(id);
    },
  };
  for (const [index, event] of history.entries()) {
    for (let time = 0; time < times; time += 1) {
      if ((projection.handles as readonly string[]).includes(event.type)) {
        await projection.apply(recorded(event, index + 1) as never, documents, new Map());
      }
    }
  }
  return new Map([...stored].map(([id, json]) => [id, JSON.parse(json)]));
}

describe('admin users projection', () => {
  it('gives the same documents when every event is applied again', async () => {
    assert.deepEqual(await fold(adminUsersProjection, 2), await fold(adminUsersProjection, 1));
  });

  it('keeps a searchable row per user with their last activity', async () => {
    const rows = await fold(adminUsersProjection, 1);
    assert.deepEqual(rows.get(USER), {
      id: USER,
      user_id: USER,
      name: 'Josefine',
      email: 'jose@example.com',
      role: 'user',
      search: 'josefine jose@example.com',
      created_at: at(0),
      last_active_at: at(history.length),
    });
  });

  it('moves the last activity only when it is a minute newer, so a busy session rewrites the row rarely', async () => {
    const row = (await fold(adminUsersProjection, 1)).get(USER) as Document;
    const writes: (Document | null)[] = [];
    const documents: ProjectionDocuments = { get: async () => row, set: (_id, document) => writes.push(document) };
    const setAt = (timestamp: string) => ({
      ...recorded(history[2] as DomainEvent, 100),
      metadata: { actorId: USER, commandId: 'c', correlationId: 'c', timestamp, schemaVersion: 1 },
    });
    const last = Date.parse(at(history.length));
    await adminUsersProjection.apply(
      setAt(new Date(last + 59_999).toISOString()) as never,
      documents as never,
      new Map(),
    );
    assert.equal(writes.length, 0);
    await adminUsersProjection.apply(
      setAt(new Date(last + 60_000).toISOString()) as never,
      documents as never,
      new Map(),
    );
    assert.deepEqual(
      writes.map((document) => document?.last_active_at),
      [new Date(last + 60_000).toISOString()],
    );
  });
});
