import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqliteEventStore } from '@fitness/stores';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type CommandContext, CommandHandler } from './command-handler.ts';
import { claimUnique } from './unique-claim.ts';

const context = (commandId: string): CommandContext => ({
  actorId: null,
  commandId,
  correlationId: randomUUID(),
  now: new Date('2026-11-27T10:00:00.000Z'),
});

const reserved = (userId: string) => ({ type: 'EmailReserved', data: { email: 'v@example.com', userId } });

describe('claimUnique', () => {
  let store: SqliteEventStore;
  let handler: CommandHandler;
  beforeAll(() => {
    store = new SqliteEventStore(path.join(mkdtempSync(path.join(os.tmpdir(), 'claim-')), 'events.sqlite'));
    handler = new CommandHandler(store);
  });
  afterAll(async () => {
    await store.close();
  });

  const held = async () => 'held' as const;

  it('is not won by another owner whose command carries the holder command id', async () => {
    const stream = `email-${randomUUID()}`;
    const commandId = randomUUID();
    assert.equal(await claimUnique(handler, stream, reserved('victim'), 'userId', context(commandId), held), true);
    // The store takes the second append as a repeat of the first (same event ids) and writes nothing.
    assert.equal(await claimUnique(handler, stream, reserved('attacker'), 'userId', context(commandId), held), false);
    const claims = await handler.readStream(stream);
    assert.deepEqual(
      claims.map((claim) => claim.data.userId),
      ['victim'],
    );
  });

  it('is held again by the same owner retrying (a lost answer)', async () => {
    const stream = `email-${randomUUID()}`;
    const commandId = randomUUID();
    assert.equal(await claimUnique(handler, stream, reserved('owner'), 'userId', context(commandId), held), true);
    assert.equal(await claimUnique(handler, stream, reserved('owner'), 'userId', context(commandId), held), true);
    assert.equal((await handler.readStream(stream)).length, 1);
  });

  it('is refused to another owner with a command of its own while held', async () => {
    const stream = `email-${randomUUID()}`;
    assert.equal(await claimUnique(handler, stream, reserved('first'), 'userId', context(randomUUID()), held), true);
    assert.equal(await claimUnique(handler, stream, reserved('second'), 'userId', context(randomUUID()), held), false);
  });
});
