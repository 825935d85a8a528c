import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChangeNotice, NewEvent } from '@fitness/contracts';
import { silentLogger } from '@fitness/platform/logger.ts';
import { type Document, SqliteEventStore, SqliteLease, SqliteReadStore } from '@fitness/stores';
import { describe, it } from 'vitest';
import type { Projection } from './projection.ts';
import { ProjectorLease } from './projector-lease.ts';
import { ProjectionRunner } from './runner.ts';

type Tally = Document & { owner: string; count: number };
const tallies: Projection<Tally, { type: 'Counted'; data: { owner: string } }> = {
  name: 'tallies',
  version: 1,
  collection: { name: 'tallies', indexes: [['owner']] },
  handles: ['Counted'],
  documentId: (event) => event.data.owner,
  ownerField: 'owner',
  evolve: (current, event) => ({ id: event.data.owner, owner: event.data.owner, count: (current?.count ?? 0) + 1 }),
};

const counted = (owner: string): NewEvent => ({
  id: randomUUID(),
  type: 'Counted',
  data: { owner },
  metadata: {
    actorId: null,
    commandId: randomUUID(),
    correlationId: 'c',
    timestamp: new Date().toISOString(),
    schemaVersion: 1,
  },
});

/**
 * One projections process, as far as the stores can tell: its own connections to the shared
 * files, its runner, and its lease. `clock` is its lease's clock.
 */
function projectionsProcess(dir: string, holder: string, ttlMs: number, clock?: () => Date) {
  const readFile = path.join(dir, 'read.sqlite');
  const eventStore = new SqliteEventStore(path.join(dir, 'events.sqlite'));
  const readStore = new SqliteReadStore(readFile);
  const runner = new ProjectionRunner({
    eventStore,
    readStore,
    projections: [tallies as unknown as Projection],
    logger: silentLogger,
    batchSize: 3,
    retryDelayMs: 20,
  });
  const projector = new ProjectorLease({
    lease: new SqliteLease(readFile, { name: 'projector', holder, ttlMs, clock }),
    runner,
    ttlMs,
    logger: silentLogger,
  });
  const notices: ChangeNotice[] = [];
  runner.onChange((notice) => notices.push(notice));
  return {
    runner,
    projector,
    readStore,
    notices,
    async close() {
      await projector.stop();
      await runner.stop();
      await eventStore.close();
      await readStore.close();
    },
  };
}

async function eventually(what: string, check: () => boolean | Promise<boolean>) {
  // A bound on the wait, not a measure: the test fails only if it never holds.
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    assert.ok(Date.now() < deadline, what);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('projector lease', () => {
  it('refuses the batches of a holder paused past its TTL, which stands down; the new holder applies each event once', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'projector-lease-'));
    const log = new SqliteEventStore(path.join(dir, 'events.sqlite'));
    // A long TTL: the first holder would not renew (and notice the loss) before the test ends.
    const ttlMs = 60_000;
    const first = projectionsProcess(dir, 'first', ttlMs);
    await first.projector.start();
    assert.equal(first.projector.role(), 'active');
    for (let i = 0; i < 5; i++) await log.appendToStream('tally-ann', [counted('ann')], 'any');
    const head = await log.headPosition();
    await eventually('the first holder projects', () => (first.runner.positions().tallies ?? 0) >= head);
    const committedBefore = first.runner.committedBatches();

    // The second's clock is past the first's expiry, as if the first had been paused (GC,
    // SIGSTOP) that long: the second takes the lease while the first still thinks it holds it.
    const second = projectionsProcess(dir, 'second', ttlMs, () => new Date(Date.now() + ttlMs + 1000));
    await second.projector.start();
    assert.equal(second.projector.role(), 'active');
    assert.equal(first.projector.role(), 'active', 'the paused holder has not noticed yet');

    for (let i = 0; i < 5; i++) await log.appendToStream('tally-ann', [counted('ann')], 'any');
    const end = await log.headPosition();
    await eventually('the new holder projects the new events', () => (second.runner.positions().tallies ?? 0) >= end);
    await eventually('the old holder, its batch refused, stands by', () => first.projector.role() === 'standby');
    assert.equal(first.runner.committedBatches(), committedBefore, 'the old holder committed nothing more');

    const tally = await second.readStore.get<Tally>('tallies', 'ann');
    assert.equal(tally?.count, 10);
    // Each batch announces the tally once, at its last event: no batch was announced twice,
    // the old holder announced nothing past the takeover, the new one nothing before it.
    const announced = [...first.notices, ...second.notices].map((notice) => notice.position);
    assert.equal(new Set(announced).size, announced.length, `announced twice: ${announced}`);
    assert.ok(
      first.notices.every((notice) => notice.position <= head),
      'the old holder announced nothing after the takeover',
    );
    assert.ok(
      second.notices.every((notice) => notice.position > head),
      'the new holder started from the checkpoint',
    );
    assert.equal(announced.at(-1), end);

    await first.close();
    await second.close();
    await log.close();
  });

  it('hands over to a standby, which goes on from the checkpoints, when the holder stops', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'projector-lease-'));
    const log = new SqliteEventStore(path.join(dir, 'events.sqlite'));
    const ttlMs = 300;
    const first = projectionsProcess(dir, 'first', ttlMs);
    const second = projectionsProcess(dir, 'second', ttlMs);
    await first.projector.start();
    await second.projector.start();
    assert.deepEqual([first.projector.role(), second.projector.role()], ['active', 'standby']);
    const roles: string[] = [];
    second.projector.onRoleChange((role) => {
      roles.push(role);
    });

    for (let i = 0; i < 4; i++) await log.appendToStream('tally-bob', [counted('bob')], 'any');
    const head = await log.headPosition();
    await eventually('the holder projects', () => (first.runner.positions().tallies ?? 0) >= head);
    assert.equal(second.runner.committedBatches(), 0, 'the standby applies nothing');

    // A clean stop lets the lease go: the standby takes it at its next attempt.
    await first.close();
    for (let i = 0; i < 4; i++) await log.appendToStream('tally-bob', [counted('bob')], 'any');
    const end = await log.headPosition();
    await eventually('the standby takes over', () => second.projector.role() === 'active');
    await eventually('and projects', () => (second.runner.positions().tallies ?? 0) >= end);
    assert.deepEqual(roles, ['active']);
    assert.equal((await second.readStore.get<Tally>('tallies', 'bob'))?.count, 8);
    assert.ok(second.notices.every((notice) => notice.position > head));

    await second.close();
    await log.close();
  });
});
