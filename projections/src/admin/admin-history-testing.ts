import type { DomainEvent, RecordedEvent } from '@fitness/contracts';
import { setLogged } from '@fitness/contracts/workouts/testing/sets.ts';

/** The user whose morning the admin read models are tested on. */
export const USER = 'u1';
export const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 9, minute)).toISOString();

/** A user's morning: signs up, trains for yesterday and today, moves a set, eats, deletes a meal. */
export const history: DomainEvent[] = [
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
  setLogged('w1', 'x1', 's1', { reps: 5, weight: 100 }, at(2)),
  setLogged('w1', 'x1', 's2', { reps: 5, weight: 100 }, at(3)),
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

export function recorded(event: DomainEvent, position: number): RecordedEvent {
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
