import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import type { EventMetadata } from './events.ts';
import { currentVersion, upcast, upcasters } from './upcasting.ts';

const metadata = (schemaVersion: number): EventMetadata => ({
  actorId: 'u1',
  commandId: 'c1',
  correlationId: 'r1',
  timestamp: '2026-11-21T10:00:00.000Z',
  schemaVersion,
});

const profileUpdated = (schemaVersion: number, changes: Record<string, unknown>) => ({
  type: 'UserProfileUpdated',
  data: { userId: 'u1', changes, updatedAt: '2026-11-21T10:00:00.000Z' },
  metadata: metadata(schemaVersion),
});

describe('upcasting', () => {
  it('knows each type at its current version: 1 without upcasters, one past the last otherwise', () => {
    assert.equal(currentVersion('WorkoutStarted'), 1);
    assert.equal(currentVersion('UserProfileUpdated'), 2);
  });

  it('has an unbroken chain from version 1 for every type it upcasts', () => {
    for (const [type, steps] of Object.entries(upcasters)) {
      const from = Object.keys(steps).map(Number);
      assert.deepEqual(
        from.sort((a, b) => a - b),
        Array.from({ length: currentVersion(type) - 1 }, (_, i) => i + 1),
        type,
      );
    }
  });

  it('reads a version 1 profile change in version 2 names, and says so in its metadata', () => {
    const read = upcast(profileUpdated(1, { name: 'Ada', birth_date: '1990-04-30', activity_level: 'active' }));
    assert.deepEqual(read.data.changes, { name: 'Ada', birthDate: '1990-04-30', activityLevel: 'active' });
    assert.equal(read.metadata.schemaVersion, 2);
    assert.equal(read.data.userId, 'u1');
  });

  it('reads a set logged before RPE existed as not rated', () => {
    const data = { workoutId: 'w1', workoutExerciseId: 'e1', setId: 's1', reps: 5, weight: 60 };
    const read = upcast({ type: 'SetLogged', data, metadata: metadata(1) });
    assert.deepEqual(read.data, { ...data, rpe: null });
    assert.equal(read.metadata.schemaVersion, 2);
  });

  it('keeps a cleared field cleared, and leaves out what version 1 left out', () => {
    const read = upcast(profileUpdated(1, { birth_date: null, goals: [] }));
    assert.deepEqual(read.data.changes, { goals: [], birthDate: null });
  });

  it('returns an event at its current version as it is', () => {
    const current = profileUpdated(2, { birthDate: '1990-04-30' });
    assert.equal(upcast(current), current);
    const unversioned = { type: 'WorkoutDeleted', data: { workoutId: 'w1' }, metadata: metadata(1) };
    assert.equal(upcast(unversioned), unversioned);
  });

  it('refuses an event newer than the code that reads it, rather than misread it', () => {
    assert.throws(() => upcast(profileUpdated(3, {})), /schema version 3, newer than this code's 2/);
  });
});
