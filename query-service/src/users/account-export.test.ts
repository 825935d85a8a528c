import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AccountExport, UserDocument } from '@fitness/contracts';
import { allProjections } from '@fitness/projections';
import { type Document, POSITION_FIELD, SqliteReadStore } from '@fitness/stores';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { EXPORT_PAGE_DOCUMENTS, exportAccount } from './account-export.ts';

const now = new Date('2026-11-21T10:00:00.000Z');
const serializeAccount = (account: AccountExport['user']) => JSON.stringify(account);

const user = {
  id: 'u-me',
  name: 'Me',
  email: 'me@example.com',
  email_verified_at: null,
  has_password: true,
  role: 'user',
  profile: {},
  created_at: now.toISOString(),
  updated_at: now.toISOString(),
  tokens: [{ id: 't1', hash: 'secret-hash' }],
  [POSITION_FIELD]: 1,
} as unknown as UserDocument;

/** A meal of `owner`'s with a note of `size` characters, as the meals read model holds one. */
const meal = (owner: string, index: number, size = 100): Document => ({
  id: `meal-${owner}-${String(index).padStart(4, '0')}`,
  user_id: owner,
  date: '2026-11-21',
  note: 'x'.repeat(size),
  [POSITION_FIELD]: index + 10,
});

describe('account export', () => {
  let dir: string;
  let store: SqliteReadStore;
  const mine = Array.from({ length: EXPORT_PAGE_DOCUMENTS * 10 + 3 }, (_, i) => meal(user.id, i));
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'export-'));
    store = new SqliteReadStore(path.join(dir, 'read.sqlite'));
    await store.ensureCollections(allProjections.map((projection) => projection.collection));
    const theirs = Array.from({ length: 40 }, (_, i) => meal('u-other', i));
    await store.commit({
      checkpoints: { meals: 100 },
      writes: [...mine, ...theirs].map((document) => ({ collection: 'meals', op: 'upsert' as const, document })),
      notices: [],
    });
  });
  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const shown = ({ [POSITION_FIELD]: _position, ...document }: Document) => document;

  it("writes the account and every document of the user's, and nothing of anyone else's", async () => {
    const pieces: string[] = [];
    for await (const piece of exportAccount(store, user, now, serializeAccount)) pieces.push(piece);
    const exported = JSON.parse(pieces.join('')) as AccountExport;
    assert.equal(exported.format, 'stride-export/1');
    assert.equal(exported.exported_at, now.toISOString());
    assert.equal(exported.user.email, 'me@example.com');
    assert.equal('tokens' in exported.user, false);
    assert.deepEqual(exported.data.meals, mine.map(shown));
    assert.deepEqual(exported.data.workouts, []);
    assert.equal('workout_summaries' in exported.data, false);
  });

  it('holds one page of documents at a time, however many the account has', async () => {
    const pageText = EXPORT_PAGE_DOCUMENTS * (JSON.stringify(shown(mine[0] as Document)).length + 1);
    let pieces = 0;
    for await (const piece of exportAccount(store, user, now, serializeAccount)) {
      pieces += 1;
      assert.ok(piece.length <= pageText, `a piece of ${piece.length} characters, more than a page`);
    }
    assert.ok(pieces > mine.length / EXPORT_PAGE_DOCUMENTS, `${pieces} pieces`);
  });

  it('loses no other document when one is deleted while the export is written', async () => {
    const extra = Array.from({ length: EXPORT_PAGE_DOCUMENTS * 3 }, (_, i) => meal('u-deleting', i));
    await store.commit({
      checkpoints: { meals: 200 },
      writes: extra.map((document) => ({ collection: 'meals', op: 'upsert' as const, document })),
      notices: [],
    });
    const deleting = { ...user, id: 'u-deleting' } as UserDocument;
    const pieces: string[] = [];
    let deleted = false;
    for await (const piece of exportAccount(store, deleting, now, serializeAccount)) {
      pieces.push(piece);
      if (!deleted && piece.includes(extra[0]?.id ?? '')) {
        deleted = true;
        await store.commit({
          checkpoints: { meals: 300 },
          writes: [{ collection: 'meals', op: 'delete', id: extra[0]?.id ?? '', position: 300 }],
          notices: [],
        });
      }
    }
    assert.ok(deleted);
    const exported = JSON.parse(pieces.join('')) as AccountExport;
    assert.deepEqual(exported.data.meals, extra.map(shown));
  });
});
