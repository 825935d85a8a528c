import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DomainEvent, NewEvent } from '@fitness/contracts';
import { type Document, SqliteEventStore, SqliteReadStore } from '@fitness/stores';
import { describe, it } from 'vitest';
import { silentLogger } from './logger.ts';
import type { Projection } from './projection.ts';
import { ProjectionRunner } from './runner.ts';

type Tally = Document & { owner: string; count: number };
type Counted = { type: 'Counted'; data: { owner: string } };
const tallies: Projection<Tally, Counted> = {
  name: 'tallies',
  version: 1,
  collection: { name: 'tallies', indexes: [['owner']] },
  handles: ['Counted'],
  documentId: (event) => event.data.owner,
  ownerField: 'owner',
  evolve: (current, event) => ({ id: event.data.owner, owner: event.data.owner, count: (current?.count ?? 0) + 1 }),
};

const counted = (owner: string): NewEvent =>
  ({
    type: 'Counted',
    data: { owner },
    id: randomUUID(),
    metadata: {
      actorId: null,
      commandId: randomUUID(),
      correlationId: 'c',
      timestamp: new Date().toISOString(),
      schemaVersion: 1,
    },
  }) as DomainEvent as NewEvent;

describe('projection runner rebuilding in a serving process', () => {
  it('reports its progress batch by batch and lets the event loop run between batches', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'runner-rebuild-'));
    const eventStore = new SqliteEventStore(path.join(dir, 'events.sqlite'));
    const readStore = new SqliteReadStore(path.join(dir, 'read.sqlite'));
    const runner = new ProjectionRunner({
      eventStore,
      readStore,
      projections: [tallies as unknown as Projection],
      logger: silentLogger,
      batchSize: 10,
    });
    try {
      for (let i = 0; i < 5; i++) {
        await eventStore.appendToStream(
          `tally-${i}`,
          Array.from({ length: 10 }, () => counted(`o${i}`)),
          'any',
        );
      }
      await runner.start();
      const head = await eventStore.headPosition();
      assert.ok(await runner.waitFor(['tallies'], head, 2000));

      // SQLite answers synchronously: without a yield, nothing else would run until the end.
      const progress: { position: number; ticks: number }[] = [];
      let ticks = 0;
      let ticking = true;
      const tick = () => {
        ticks += 1;
        if (ticking) setImmediate(tick);
      };
      setImmediate(tick);
      await runner.rebuild('tallies', (position) => progress.push({ position, ticks }));
      ticking = false;

      assert.deepEqual(
        progress.map((step) => step.position),
        [10, 20, 30, 40, 50],
      );
      const ticksBetween = progress.slice(1).map((step, i) => step.ticks - (progress[i]?.ticks ?? 0));
      assert.ok(
        ticksBetween.every((count) => count > 0),
        `the event loop ran between batches: ${ticksBetween}`,
      );
      assert.equal((await readStore.get<Tally>('tallies', 'o3'))?.count, 10);
      assert.equal(runner.positions().tallies, head);
    } finally {
      await runner.stop();
      await eventStore.close();
      await readStore.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
