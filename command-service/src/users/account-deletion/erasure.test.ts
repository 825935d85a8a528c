import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  ADMINS_STREAM,
  type DomainEvent,
  emailReservationStream,
  FIRST_ADMIN_STREAM,
  userStream,
  workoutStream,
} from '@fitness/contracts';
import { silentLogger } from '@fitness/platform/logger.ts';
import { SqliteEventStore, type StreamErasure } from '@fitness/stores';
import { afterEach, beforeEach, describe, it } from 'vitest';
import { type CommandContext, CommandHandler } from '../../core/command-handler.ts';
import { accountsWithoutHttp } from '../testing/accounts.ts';
import { AccountErasure } from './erasure.ts';
import { ERASURE_RESUMES_STREAM } from './pending-deletions.ts';

const context = (): CommandContext => ({
  actorId: null,
  commandId: randomUUID(),
  correlationId: 'test',
  now: new Date(),
});

describe('account erasure from the event log', () => {
  let dir: string;
  let store: SqliteEventStore;
  let handler: CommandHandler;
  let accounts: ReturnType<typeof accountsWithoutHttp>;
  let erasure: AccountErasure;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'erasure-'));
    store = new SqliteEventStore(path.join(dir, 'events.sqlite'));
    handler = new CommandHandler(store);
    // Two admins as far as deletion is concerned, so the first account may go.
    accounts = accountsWithoutHttp(handler, { admins: 2 });
    erasure = new AccountErasure({ eventStore: store, handler, logger: silentLogger });
  });
  afterEach(async () => {
    await erasure.stop();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function everyEventNaming(userId: string) {
    const all = await store.readAll({ fromPosition: 0, maxCount: 10_000 });
    return all.filter((event) => JSON.stringify(event.data).includes(userId)).map((e) => `${e.streamId} ${e.type}`);
  }

  it("keeps only the deletion and the erasure record, the first-admin seat and the admins' claim, and a newer owner's email claim", async () => {
    const email = 'returning@example.com';
    const first = await accounts.register({ name: 'First', email, password: 'correct horse' }, context());
    const firstId = first.user.id;
    const other = await accounts.register(
      { name: 'Other', email: 'other@example.com', password: 'battery staple' },
      context(),
    );
    await accounts.deleteAccount(firstId, { password: 'correct horse' }, context());
    // Someone registers the freed email before the erasure runs: their claim must survive it.
    const second = await accounts.register({ name: 'Second', email, password: 'another pass' }, context());

    await erasure.start(firstId);

    assert.deepEqual(await everyEventNaming(firstId), [
      `${FIRST_ADMIN_STREAM} FirstAdminClaimed`,
      `${ADMINS_STREAM} AdminSeatTaken`,
      `${ADMINS_STREAM} AdminSeatLeft`,
      `${userStream(firstId)} UserDeleted`,
      `${userStream(firstId)} UserErased`,
    ]);
    const claims = await store.readStream(emailReservationStream(email));
    assert.deepEqual(
      claims.map((claim) => claim.data.userId),
      [second.user.id],
    );
    assert.equal(await accounts.userIdOfEmail(email), second.user.id);
    assert.equal(await accounts.userIdOfEmail('other@example.com'), other.user.id);
    assert.equal(second.user.role, 'user', 'the seat stays with the deleted first user');
    const signIn = await accounts.login({ email, password: 'another pass', remember: false }, context());
    assert.equal(signIn.user.id, second.user.id);
    await assert.rejects(accounts.login({ email, password: 'correct horse', remember: false }, context()));

    // Erasing again, or resuming after a restart, changes nothing.
    const head = await store.headPosition();
    await erasure.start(firstId);
    await erasure.resumePending();
    await erasure.start(firstId);
    assert.equal(await store.headPosition(), head);
  });

  it('keeps what others wrote while it ran, and erases what a late request of theirs wrote', async () => {
    // Between the pass over the log and the erasing, someone registers the freed email and a
    // request of the deleted user that was still under way writes a workout.
    let interference: (() => Promise<void>) | null = null;
    class RacingStore extends SqliteEventStore {
      override async eraseStreams(erasures: StreamErasure[]) {
        const interfere = interference;
        interference = null;
        await interfere?.();
        return super.eraseStreams(erasures);
      }
    }
    await store.close();
    store = new RacingStore(path.join(dir, 'racing.sqlite'));
    handler = new CommandHandler(store);
    accounts = accountsWithoutHttp(handler, { admins: 2 });
    erasure = new AccountErasure({ eventStore: store, handler, logger: silentLogger });

    const email = 'racing@example.com';
    const leaver = await accounts.register({ name: 'Leaver', email, password: 'correct horse' }, context());
    const userId = leaver.user.id;
    await accounts.deleteAccount(userId, { password: 'correct horse' }, context());
    let newcomerId = '';
    interference = async () => {
      newcomerId = (await accounts.register({ name: 'Newcomer', email, password: 'another pass' }, context())).user.id;
      const late = {
        type: 'WorkoutStarted',
        data: { workoutId: 'w-late', userId, name: 'Late', notes: null, date: '2026-11-22', startedAt: '' },
      };
      await handler.appendOnce(workoutStream('w-late'), [late as DomainEvent], 'no_stream', context());
    };
    await erasure.start(userId);

    assert.ok(newcomerId, 'the race happened');
    assert.deepEqual(await everyEventNaming(userId), [
      `${FIRST_ADMIN_STREAM} FirstAdminClaimed`,
      `${ADMINS_STREAM} AdminSeatTaken`,
      `${ADMINS_STREAM} AdminSeatLeft`,
      `${userStream(userId)} UserDeleted`,
      `${userStream(userId)} UserErased`,
    ]);
    assert.equal(await accounts.userIdOfEmail(email), newcomerId, "the newcomer's claim survived");
    const third = await accounts.register({ name: 'Third', email, password: 'third pass' }, context()).catch((e) => e);
    assert.ok(third instanceof Error, 'the email is still taken');
  });

  it('resumes on start-up an erasure a previous run did not finish', async () => {
    const user = await accounts.register(
      { name: 'Quitter', email: 'q@example.com', password: 'correct horse' },
      context(),
    );
    await accounts.deleteAccount(user.user.id, { password: 'correct horse' }, context());
    assert.ok((await everyEventNaming(user.user.id)).length > 3);

    await erasure.resumePending();
    await erasure.start(user.user.id); // waits for the queue the resume filled
    assert.deepEqual(await everyEventNaming(user.user.id), [
      `${FIRST_ADMIN_STREAM} FirstAdminClaimed`,
      `${ADMINS_STREAM} AdminSeatTaken`,
      `${ADMINS_STREAM} AdminSeatLeft`,
      `${userStream(user.user.id)} UserDeleted`,
      `${userStream(user.user.id)} UserErased`,
    ]);
  });

  it('resumes from the last resume point on, not from the start of the log', async () => {
    const fromPositions: number[] = [];
    class ReadCountingStore extends SqliteEventStore {
      override async readAll(options: { fromPosition: number; maxCount: number }) {
        fromPositions.push(options.fromPosition);
        return super.readAll(options);
      }
    }
    await store.close();
    store = new ReadCountingStore(path.join(dir, 'counting.sqlite'));
    handler = new CommandHandler(store);
    accounts = accountsWithoutHttp(handler, { admins: 2 });
    // A point after every event read, so that the first resume leaves one.
    erasure = new AccountErasure({ eventStore: store, handler, logger: silentLogger, resumePointAfter: 1 });

    const early = await accounts.register(
      { name: 'Early', email: 'e@example.com', password: 'correct horse' },
      context(),
    );
    await accounts.deleteAccount(early.user.id, { password: 'correct horse' }, context());
    await erasure.resumePending();
    assert.equal((await everyEventNaming(early.user.id)).at(-1), `${userStream(early.user.id)} UserErased`);
    const [point] = (await store.readStream(ERASURE_RESUMES_STREAM)).filter((r) => r.type === 'ErasureResumeStarted');
    assert.ok(point, 'the resume left a point');

    const late = await accounts.register(
      { name: 'Late', email: 'l@example.com', password: 'battery staple' },
      context(),
    );
    await accounts.deleteAccount(late.user.id, { password: 'battery staple' }, context());
    fromPositions.length = 0;
    await erasure.resumePending();
    assert.equal(fromPositions[0], point.position, 'the search starts at the point');
    assert.equal((await everyEventNaming(late.user.id)).at(-1), `${userStream(late.user.id)} UserErased`);
  });
});
