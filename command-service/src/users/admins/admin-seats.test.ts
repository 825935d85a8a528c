import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ADMINS_STREAM, type AdminsEvent, type Role, userStream } from '@fitness/contracts';
import { SqliteEventStore } from '@fitness/stores';
import { afterEach, beforeEach, describe, it } from 'vitest';
import { type CommandContext, CommandHandler } from '../../core/command-handler.ts';
import type { SeatRelease } from '../decide.ts';
import { LastAdminDemotion } from '../errors.ts';
import { runUserCommand, userStateOf } from '../user-stream.ts';
import { AdminSeats } from './admin-seats.ts';
import { adminsDecider, adminsOf } from './decide.ts';

const context = (commandId = randomUUID()): CommandContext => ({
  actorId: null,
  commandId,
  correlationId: 'test',
  now: new Date('2026-11-21T10:00:00.000Z'),
});

/**
 * The admins' claim over a real store, without HTTP: admins older than the claim, two command
 * handlers on one store (as two replicas are), and a write that crashes between the claim and
 * the user's stream.
 */
describe('admin seats', () => {
  let dir: string;
  let store: SqliteEventStore;
  let handler: CommandHandler;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'admin-seats-'));
    store = new SqliteEventStore(path.join(dir, 'events.sqlite'));
    handler = new CommandHandler(store);
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** An account as data older than the claim holds it: its registration alone. */
  async function registered(role: Role) {
    const userId = randomUUID();
    const registration = { userId, name: userId, email: `${userId}@example.com`, passwordHash: 'ph', role };
    const event = { type: 'UserRegistered', data: { ...registration, registeredAt: '2026-11-01T00:00:00.000Z' } };
    await handler.appendOnce(userStream(userId), [event], 'no_stream', context());
    return userId;
  }

  /** Seats over `on`, started (when nothing has started the claim yet) from `admins`. */
  const seatsOver = (on: CommandHandler, admins: string[]) => new AdminSeats(on, async () => admins);

  /** The admin screens' role change, through `seats`; `write` may stand in for the user's stream. */
  function setRole(seats: AdminSeats, on: CommandHandler, userId: string, role: Role, given = context()) {
    const write = (release: SeatRelease) =>
      runUserCommand(on, { type: 'AdminChangeRole', userId, role, at: given.now.toISOString(), release }, given);
    return { run: () => seats.change(userId, role === 'admin' ? null : 'demotion', given, write), write };
  }

  async function claimed() {
    const events = (await store.readStream(ADMINS_STREAM)) as unknown as AdminsEvent[];
    return adminsOf(events.reduce(adminsDecider.evolve, adminsDecider.initialState())).sort();
  }
  const roleOf = async (userId: string) => (await userStateOf(handler, userId)).role;

  it('counts the admins older than the claim, and keeps the last of them', async () => {
    const [a, b] = [await registered('admin'), await registered('admin')];
    const seats = seatsOver(handler, [a, b]);
    await setRole(seats, handler, a, 'user').run();
    await assert.rejects(setRole(seats, handler, b, 'user').run(), LastAdminDemotion);
    assert.deepEqual(await claimed(), [b]);
    assert.deepEqual([await roleOf(a), await roleOf(b)], ['user', 'admin']);
  });

  it('lets one of two admins demoted at once through two handlers on one store go, round after round', async () => {
    const [a, b] = [await registered('admin'), await registered('admin')];
    // Each replica has its own handler (its own memory and in-process queue) and its own seats.
    const replicas = [new CommandHandler(store), new CommandHandler(store)] as const;
    const seats = replicas.map((on) => seatsOver(on, [a, b])) as [AdminSeats, AdminSeats];
    for (let round = 0; round < 5; round += 1) {
      const outcomes = await Promise.allSettled([
        setRole(seats[0], replicas[0], a, 'user').run(),
        setRole(seats[1], replicas[1], b, 'user').run(),
      ]);
      const passed = outcomes.filter((outcome) => outcome.status === 'fulfilled');
      const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
      assert.equal(passed.length, 1, `round ${round}: one passes`);
      assert.ok(refused[0]?.status === 'rejected' && refused[0].reason instanceof LastAdminDemotion);
      const left = (await roleOf(a)) === 'admin' ? a : b;
      assert.deepEqual(await claimed(), [left]);
      // The one left promotes the other again for the next round.
      await setRole(seats[round % 2] as AdminSeats, replicas[round % 2] ?? handler, left === a ? b : a, 'admin').run();
      assert.deepEqual(await claimed(), [a, b].sort());
    }
  });

  it('keeps an admin whose demotion crashed after the claim uncounted, and the same command again finishes it', async () => {
    const [a, b] = [await registered('admin'), await registered('admin')];
    const seats = seatsOver(handler, [a, b]);
    const once = context();
    const demotion = setRole(seats, handler, a, 'user', once);
    await assert.rejects(
      seats.change(a, 'demotion', once, async () => {
        throw new Error('the server stopped between the claim and the user stream');
      }),
      /server stopped/,
    );
    assert.deepEqual(await claimed(), [b], 'the seat is given up first');
    assert.equal(await roleOf(a), 'admin', 'the role is not');
    // Counting one admin fewer than there are refuses more, never lets the last one go.
    await assert.rejects(setRole(seats, handler, b, 'user').run(), LastAdminDemotion);

    await seats.change(a, 'demotion', once, demotion.write);
    assert.equal(await roleOf(a), 'user');
    assert.deepEqual(await claimed(), [b]);
    const entries = (await store.readStream(ADMINS_STREAM)).map((event) => event.type);
    assert.deepEqual(entries, ['AdminsCounted', 'AdminSeatLeft'], 'the same command found its seat given up');
  });

  it('decides a demotion again when the role changed after its seat was given up, and no late seat undoes it', async () => {
    const [a, c] = [await registered('admin'), await registered('admin')];
    const seats = seatsOver(handler, [a, c]);
    const elsewhere = new CommandHandler(store);
    const other = seatsOver(elsewhere, [a, c]);
    let promotionState: Awaited<ReturnType<typeof runUserCommand>>['state'] | null = null;
    const demotion = context();
    let attempts = 0;
    const result = await seats.change(c, 'demotion', demotion, async (release) => {
      attempts += 1;
      if (attempts === 1) {
        // Between this demotion's claim and its write, another replica demotes c and promotes
        // them again; the promotion's seat is written late, after everything below.
        await setRole(other, elsewhere, c, 'user').run();
        const promoted = await runUserCommand(
          elsewhere,
          { type: 'AdminChangeRole', userId: c, role: 'admin', at: demotion.now.toISOString(), release },
          context(),
        );
        promotionState = promoted.state;
      }
      return setRole(seats, handler, c, 'user', demotion).write(release);
    });
    assert.equal(attempts, 2, 'the first attempt found the role changed and was decided again');
    assert.equal(result.state.role, 'user');
    assert.deepEqual(await claimed(), [a]);
    if (!promotionState) throw new Error('the promotion ran');
    await other.seat(c, promotionState, context());
    assert.deepEqual(await claimed(), [a], "the promotion's seat came after the demotion that followed it");
  });
});
