import assert from 'node:assert/strict';
import type { DomainEvent, RecordedEvent } from '@fitness/contracts';
import type { Document } from '@fitness/stores';
import { describe, it } from 'vitest';
import type { ManyDocumentProjection, ProjectionDocuments } from '../projection.ts';
import {
  type AdminAnalyticsDocument,
  type AnalyticsDayDocument,
  adminAnalyticsProjection,
  adminUsersProjection,
} from './admin-analytics-projection.ts';

const USER = 'u1';
const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 9, minute)).toISOString();

/** A user's morning: signs up, trains for yesterday and today, moves a set, eats, deletes a meal. */
const history: DomainEvent[] = [
  {
    type: 'UserRegistered',
    data: {
      userId: USER,
      name: 'José',
      email: 'jose@example.com',
      passwordHash: 'x',
      role: 'user',
      registeredAt: at(0),
    },
  },
  {
    type: 'WorkoutStarted',
    data: { workoutId: 'w1', userId: USER, name: 'A', notes: null, date: '2026-11-19', startedAt: at(1) },
  },
  {
    type: 'SetLogged',
    data: {
      workoutId: 'w1',
      workoutExerciseId: 'x1',
      setId: 's1',
      loggedAt: at(2),
      reps: 5,
      weight: 100,
      restTime: null,
      type: 'working',
      notes: null,
      duration: null,
      distance: null,
    },
  },
  {
    type: 'SetLogged',
    data: {
      workoutId: 'w1',
      workoutExerciseId: 'x1',
      setId: 's2',
      loggedAt: at(3),
      reps: 5,
      weight: 100,
      restTime: null,
      type: 'working',
      notes: null,
      duration: null,
      distance: null,
    },
  },
  { type: 'SetChanged', data: { workoutId: 'w1', workoutExerciseId: 'x1', setId: 's2', changes: { weight: 110 } } },
  { type: 'SetRemoved', data: { workoutId: 'w1', workoutExerciseId: 'x1', setId: 's1' } },
  { type: 'WorkoutCompleted', data: { workoutId: 'w1', completedAt: at(4), duration: 40 } },
  { type: 'WorkoutDetailsChanged', data: { workoutId: 'w1', date: '2026-11-20' } },
  {
    type: 'MealCreated',
    data: { mealId: 'm1', userId: USER, date: '2026-11-20', mealType: 'lunch', createdAt: at(5) },
  },
  {
    type: 'MealCreated',
    data: { mealId: 'm2', userId: USER, date: '2026-11-20', mealType: 'dinner', createdAt: at(6) },
  },
  { type: 'MealDeleted', data: { mealId: 'm2', deletedAt: at(7) } },
  { type: 'UserProfileUpdated', data: { userId: USER, changes: { name: 'Josefine' }, updatedAt: at(8) } },
];

function recorded(event: DomainEvent, position: number): RecordedEvent {
  return {
    ...event,
    id: `e${position}`,
    streamId: 's',
    revision: position,
    position,
    recordedAt: at(position),
    metadata: {
      actorId: event.type === 'UserRegistered' ? null : USER,
      commandId: `c${position}`,
      correlationId: 'c',
      timestamp: at(position),
      schemaVersion: 1,
    },
  };
}

/** Folds the history through a projection, each event applied `times` in a row; the documents as stored. */
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

describe('admin analytics projection', () => {
  it('keeps who was active on which day, and each workout with its sets and each meal on its day', async () => {
    const documents = (await fold(adminAnalyticsProjection, 1)) as Map<string, AdminAnalyticsDocument>;
    assert.deepEqual(documents.get(`day:2026-11-20:${USER}`), {
      id: `day:2026-11-20:${USER}`,
      kind: 'day',
      date: '2026-11-20',
      user_id: USER,
      signed_up: true,
    });
    // Trained for the day before: active then too, though not signed up then.
    assert.equal((documents.get(`day:2026-11-19:${USER}`) as AnalyticsDayDocument).signed_up, false);
    assert.deepEqual(documents.get('workout:w1'), {
      id: 'workout:w1',
      kind: 'workout',
      date: '2026-11-20',
      user_id: USER,
      completed: true,
      exercises: ['x1'],
      sets: { '0/s2': [5, 110] },
    });
    assert.deepEqual(documents.get('meal:m1'), { id: 'meal:m1', kind: 'meal', date: '2026-11-20', user_id: USER });
    assert.equal(documents.get('meal:m2'), undefined);
    assert.equal(documents.size, 4);
  });

  it('drops the sets of an exercise removed from a workout, and keeps the other exercises’ sets', async () => {
    const stored = new Map<string, AdminAnalyticsDocument>();
    const documents: ProjectionDocuments<AdminAnalyticsDocument> = {
      get: async (id) => stored.get(id) ?? null,
      set: (id, document) => {
        if (document) stored.set(id, document);
        else stored.delete(id);
      },
    };
    const logged = (workoutExerciseId: string, setId: string, reps: number): DomainEvent => ({
      type: 'SetLogged',
      data: {
        workoutId: 'w9',
        workoutExerciseId,
        setId,
        loggedAt: at(1),
        reps,
        weight: 50,
        restTime: null,
        type: 'working',
        notes: null,
        duration: null,
        distance: null,
      },
    });
    const events: DomainEvent[] = [
      {
        type: 'WorkoutStarted',
        data: { workoutId: 'w9', userId: USER, name: 'B', notes: null, date: '2026-11-21', startedAt: at(1) },
      },
      logged('a', 's1', 5),
      logged('b', 's2', 6),
      { type: 'WorkoutExerciseRemoved', data: { workoutId: 'w9', workoutExerciseId: 'a' } },
      logged('b', 's3', 7),
      { type: 'SetChanged', data: { workoutId: 'w9', workoutExerciseId: 'b', setId: 's2', changes: { reps: 8 } } },
    ];
    for (const [index, event] of events.entries()) {
      await adminAnalyticsProjection.apply(recorded(event, index + 1) as never, documents, new Map());
    }
    const workout = stored.get('workout:w9') as Extract<AdminAnalyticsDocument, { kind: 'workout' }>;
    assert.deepEqual(Object.values(workout.sets), [
      [8, 50],
      [7, 50],
    ]);
  });

  it('gives the same documents when every event is applied again', async () => {
    assert.deepEqual(await fold(adminAnalyticsProjection, 2), await fold(adminAnalyticsProjection, 1));
    assert.deepEqual(await fold(adminUsersProjection, 2), await fold(adminUsersProjection, 1));
  });

  it('gives the same documents folded in batches, and never changes a document an earlier batch left', async () => {
    // As the runner keeps them: the very objects, not copies, across events and batches.
    const stored = new Map<string, AdminAnalyticsDocument>();
    const documents: ProjectionDocuments<AdminAnalyticsDocument> = {
      get: async (id) => stored.get(id) ?? null,
      set: (id, document) => {
        if (document) stored.set(id, document);
        else stored.delete(id);
      },
    };
    // The first batch ends after the first set; the second logs, changes and removes sets of the same workout.
    const half = 3;
    const foldPart = async (from: number, to: number) => {
      const batch = new Map();
      for (let index = from; index < to; index += 1) {
        const event = history[index] as DomainEvent;
        if ((adminAnalyticsProjection.handles as readonly string[]).includes(event.type)) {
          await adminAnalyticsProjection.apply(recorded(event, index + 1) as never, documents, batch);
        }
      }
    };
    await foldPart(0, half);
    const left = new Map(stored);
    const leftAsItWas = JSON.stringify([...left]);
    await foldPart(half, history.length);
    assert.equal(JSON.stringify([...left]), leftAsItWas);
    assert.deepEqual(stored, await fold(adminAnalyticsProjection, 1));
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
