import assert from 'node:assert/strict';
import type { ExerciseEvent, FavoriteEvent, RecordedEvent } from '@fitness/contracts';
import { describe, it } from 'vitest';
import { foldDocument, ownerOf } from '../projection.ts';
import { exercisesProjection, favoritesProjection } from './exercises-projection.ts';

function recorded<E extends { type: string; data: Record<string, unknown> }>(events: E[]): RecordedEvent[] {
  return events.map((event, index) => {
    const timestamp = new Date(Date.UTC(2026, 10, 21, 10, index)).toISOString();
    return {
      ...event,
      id: `e${index}`,
      streamId: 's',
      revision: index,
      position: index + 1,
      recordedAt: timestamp,
      metadata: { actorId: 'u1', commandId: `c${index}`, correlationId: 'r', timestamp, schemaVersion: 1 },
    };
  });
}

const created: ExerciseEvent = {
  type: 'CustomExerciseCreated',
  data: {
    exerciseId: 'x1',
    userId: 'u1',
    name: 'Sled push',
    category: 'strength',
    muscle: 'legs',
    equipment: 'bodyweight',
    difficulty: 'beginner',
    unit: 'distance',
    instructions: ['Push'],
    tips: [],
    createdAt: '2026-11-21T10:00:00.000Z',
  },
};

describe('exercises projection', () => {
  it('keeps a custom exercise with its one name in every language, owned by its creator', () => {
    const exercise = foldDocument(exercisesProjection, recorded([created]));
    assert.equal(exercise?.user_id, 'u1');
    assert.deepEqual(exercise?.name, { en: 'Sled push', de: 'Sled push', ar: 'Sled push' });
    assert.equal(exercise?.primary_muscle, 'legs');
    assert.equal(exercise && ownerOf(exercisesProjection, exercise), 'u1');
  });

  it('applies changes field by field and drops the exercise when deleted', () => {
    const changed = foldDocument(
      exercisesProjection,
      recorded([
        created,
        {
          type: 'CustomExerciseChanged',
          data: { exerciseId: 'x1', userId: 'u1', changes: { name: 'Heavy sled', muscle: 'glutes' } },
        },
      ]),
    );
    assert.equal(changed?.name.de, 'Heavy sled');
    assert.equal(changed?.primary_muscle, 'glutes');
    assert.equal(changed?.unit, 'distance');
    const deleted = foldDocument(
      exercisesProjection,
      recorded([
        created,
        {
          type: 'CustomExerciseDeleted',
          data: { exerciseId: 'x1', userId: 'u1', deletedAt: '2026-11-21T11:00:00.000Z' },
        },
      ]),
    );
    assert.equal(deleted, null);
  });

  it('keeps a library exercise in all three languages, with no owner', () => {
    const defined = foldDocument(
      exercisesProjection,
      recorded([
        {
          type: 'SystemExerciseDefined',
          data: {
            exerciseId: 'back-squat',
            category: 'strength',
            muscle: 'legs',
            equipment: 'barbell',
            difficulty: 'intermediate',
            unit: 'reps',
            name: { en: 'Back squat', de: 'Kniebeuge', ar: 'قرفصاء' },
            instructions: { en: ['a'], de: ['b'], ar: ['ج'] },
            tips: { en: [], de: [], ar: [] },
            definedAt: '2026-11-21T10:00:00.000Z',
          },
        } satisfies ExerciseEvent,
      ]),
    );
    assert.equal(defined?.user_id, null);
    assert.equal(defined?.name.ar, 'قرفصاء');
  });
});

describe('favorites projection', () => {
  it('lists the starred exercises once each, in the order starred', () => {
    const events: FavoriteEvent[] = [
      { type: 'ExerciseFavorited', data: { userId: 'u1', exerciseId: 'a' } },
      { type: 'ExerciseFavorited', data: { userId: 'u1', exerciseId: 'b' } },
      { type: 'ExerciseFavorited', data: { userId: 'u1', exerciseId: 'a' } },
      { type: 'ExerciseUnfavorited', data: { userId: 'u1', exerciseId: 'b' } },
    ];
    const favorites = foldDocument(favoritesProjection, recorded(events));
    assert.deepEqual(favorites, { id: 'u1', user_id: 'u1', exercise_ids: ['a'] });
  });
});
