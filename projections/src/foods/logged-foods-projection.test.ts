import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type DomainEvent,
  LOGGED_FOODS_MODEL,
  type LoggedFoodDocument,
  type MealEvent,
  type MealType,
  mealStream,
  type NewEvent,
  type RecordedEvent,
} from '@fitness/contracts';
import { silentLogger } from '@fitness/platform/logger.ts';
import { type Document, SqliteEventStore, SqliteReadStore } from '@fitness/stores';
import { afterEach, describe, it } from 'vitest';
import type { AnyProjection, ProjectionDocuments } from '../projection.ts';
import { ProjectionRunner } from '../runner.ts';
import { type LoggedFoodsDocument, loggedFoodsProjection } from './logged-foods-projection.ts';

const directories: string[] = [];
afterEach(() => {
  for (const dir of directories.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The real embedded stores and runner, events appended as commands would. */
async function stores() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'logged-foods-'));
  directories.push(dir);
  const eventStore = new SqliteEventStore(path.join(dir, 'events.sqlite'));
  const readStore = new SqliteReadStore(path.join(dir, 'read.sqlite'));
  const runner = new ProjectionRunner({
    eventStore,
    readStore,
    projections: [loggedFoodsProjection] as unknown as AnyProjection[],
    logger: silentLogger,
  });
  await runner.prepare();
  const append = async (...events: MealEvent[]) => {
    for (const event of events) {
      const envelope: NewEvent = {
        ...(event as DomainEvent),
        id: randomUUID(),
        metadata: { actorId: null, commandId: randomUUID(), correlationId: 'test', timestamp: at(0), schemaVersion: 1 },
      };
      await eventStore.appendToStream(mealStream(event.data.mealId), [envelope], 'any');
    }
    await runner.catchUp();
  };
  /** The food documents, as the routes read them, by id. */
  const foods = async () => {
    const documents = await readStore.find<LoggedFoodDocument & Document>(LOGGED_FOODS_MODEL, {
      where: { kind: 'food' },
      orderBy: [{ field: 'id', direction: 'asc' }],
    });
    return Object.fromEntries(documents.map(({ _position, id, ...document }) => [id, document]));
  };
  return { readStore, runner, append, foods };
}

const nutrients = { kcal: 100, protein: 1, carbs: 1, fat: 1 };
const at = (minutes: number) => new Date(Date.UTC(2026, 10, 21, 7, minutes)).toISOString();
const created = (mealId: string, userId: string, mealType: MealType): MealEvent => ({
  type: 'MealCreated',
  data: { mealId, userId, date: '2026-11-21', mealType, createdAt: at(0) },
});
const added = (mealId: string, entryId: string, foodId: string | null, grams: number, minute: number): MealEvent => ({
  type: 'MealEntryAdded',
  data: {
    mealId,
    entryId,
    foodId,
    foodName: foodId ?? 'Quick add',
    grams,
    nutrients,
    addedAt: at(minute),
  },
});

describe('logged foods projection', () => {
  it("counts each user's foods per meal type, with the grams and time of the latest entry", async () => {
    const s = await stores();
    await s.append(
      created('b1', 'u1', 'breakfast'),
      added('b1', 'e1', 'rolled-oats', 40, 1),
      added('b1', 'e2', 'milk-whole', 200, 1),
      added('b1', 'e3', null, 120, 2),
      created('b2', 'u1', 'breakfast'),
      added('b2', 'e4', 'rolled-oats', 50, 5),
      created('d1', 'u1', 'dinner'),
      added('d1', 'e5', 'rolled-oats', 80, 9),
      created('l1', 'u2', 'lunch'),
      added('l1', 'e6', 'rolled-oats', 30, 3),
    );
    assert.deepEqual(await s.foods(), {
      'food:u1:milk-whole': {
        user_id: 'u1',
        kind: 'food',
        food_id: 'milk-whole',
        meal_types: { breakfast: { count: 1, quantity: 200, last_logged_at: at(1) } },
      },
      'food:u1:rolled-oats': {
        user_id: 'u1',
        kind: 'food',
        food_id: 'rolled-oats',
        meal_types: {
          breakfast: { count: 2, quantity: 50, last_logged_at: at(5) },
          dinner: { count: 1, quantity: 80, last_logged_at: at(9) },
        },
      },
      'food:u2:rolled-oats': {
        user_id: 'u2',
        kind: 'food',
        food_id: 'rolled-oats',
        meal_types: { lunch: { count: 1, quantity: 30, last_logged_at: at(3) } },
      },
    });
  });

  it('takes back removed entries and deleted meals, and keeps the amount an entry was changed to', async () => {
    const s = await stores();
    await s.append(
      created('b1', 'u1', 'breakfast'),
      added('b1', 'e1', 'rolled-oats', 40, 1),
      added('b1', 'e2', 'milk-whole', 200, 1),
      created('d1', 'u1', 'dinner'),
      added('d1', 'e3', 'rolled-oats', 80, 2),
      added('d1', 'e4', 'rolled-oats', 20, 3),
    );
    await s.append(
      {
        type: 'MealEntryChanged',
        data: { mealId: 'b1', entryId: 'e1', grams: 60, nutrients },
      },
      { type: 'MealEntryRemoved', data: { mealId: 'b1', entryId: 'e2' } },
      { type: 'MealDeleted', data: { mealId: 'd1', deletedAt: at(4) } },
    );
    assert.deepEqual(await s.foods(), {
      'food:u1:rolled-oats': {
        user_id: 'u1',
        kind: 'food',
        food_id: 'rolled-oats',
        meal_types: { breakfast: { count: 1, quantity: 60, last_logged_at: at(1) } },
      },
    });
    // The meal made again for the same day and type starts afresh.
    await s.append(created('d1', 'u1', 'dinner'), added('d1', 'e5', 'milk-whole', 250, 6));
    assert.deepEqual(Object.keys(await s.foods()), ['food:u1:milk-whole', 'food:u1:rolled-oats']);
  });

  it('changes nothing when an event it folded is applied again', async () => {
    const stored = new Map<string, LoggedFoodsDocument>();
    const documents: ProjectionDocuments<LoggedFoodsDocument> = {
      get: async (id) => stored.get(id) ?? null,
      set: (id, document) => (document ? stored.set(id, document) : stored.delete(id)),
    };
    const events = [
      created('b1', 'u1', 'breakfast'),
      added('b1', 'e1', 'rolled-oats', 40, 1),
      added('b1', 'e2', 'rolled-oats', 50, 2),
      { type: 'MealEntryRemoved', data: { mealId: 'b1', entryId: 'e1' } },
    ] as MealEvent[];
    const recorded = events.map(
      (event, index) => ({ ...event, position: (index + 1) * 10 }) as RecordedEvent<MealEvent>,
    );
    for (const event of recorded) await loggedFoodsProjection.apply(event, documents, new Map());
    const once = JSON.stringify([...stored]);
    for (const event of recorded) await loggedFoodsProjection.apply(event, documents, new Map());
    assert.equal(JSON.stringify([...stored]), once);
    assert.equal((stored.get('food:u1:rolled-oats') as LoggedFoodDocument).meal_types.breakfast?.count, 1);
  });

  it('builds the same documents event by event as a rebuild from the log', async () => {
    const s = await stores();
    await s.append(created('b1', 'u1', 'breakfast'), added('b1', 'e1', 'rolled-oats', 40, 1));
    await s.append(added('b1', 'e2', 'rolled-oats', 45, 2), {
      type: 'MealEntryRemoved',
      data: { mealId: 'b1', entryId: 'e1' },
    });
    await s.append(created('s1', 'u1', 'snacks'), added('s1', 'e3', 'banana', 120, 3));
    const live = await s.foods();
    await s.runner.rebuild(LOGGED_FOODS_MODEL);
    assert.deepEqual(await s.foods(), live);
    assert.equal(Object.keys(live).length, 2);
  });
});
