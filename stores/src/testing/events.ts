import { randomUUID } from 'node:crypto';
import type { ChangeNotice, NewEvent } from '@fitness/contracts';

/** A throwaway event for store tests. */
export function anEvent(type = 'SomethingHappened', data: Record<string, unknown> = {}): NewEvent {
  return {
    id: randomUUID(),
    type,
    data: { ...data },
    metadata: {
      actorId: null,
      commandId: randomUUID(),
      correlationId: randomUUID(),
      timestamp: new Date().toISOString(),
      schemaVersion: 1,
    },
  };
}

export const uniqueStream = (prefix = 'test') => `${prefix}-${randomUUID()}`;

/** A change notice for change-feed tests: an upsert of a workout of user u1 unless `fields` say otherwise. */
export function aNotice(id: string, position: number, fields: Partial<ChangeNotice> = {}): ChangeNotice {
  return { model: 'workouts', id, userId: 'u1', op: 'upsert', position, correlationId: null, ...fields };
}
