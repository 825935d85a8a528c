import type { RecordedEvent } from '@fitness/contracts';

/** Events as the store would hand them to a projection: in order, one stream, at one time. */
export function recorded<E extends { type: string; data: object }>(events: E[]): RecordedEvent[] {
  return events.map((event, index) => ({
    ...(event as unknown as RecordedEvent),
    id: `e${index}`,
    streamId: 's',
    revision: index,
    position: index + 1,
    recordedAt: '2026-11-21T08:00:00.000Z',
    metadata: {
      actorId: 'u1',
      commandId: `c${index}`,
      correlationId: 'r',
      timestamp: '2026-11-21T08:00:00.000Z',
      schemaVersion: 1,
    },
  }));
}
