import { randomUUID } from 'node:crypto';
import type { NewEvent } from '@fitness/contracts';

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
