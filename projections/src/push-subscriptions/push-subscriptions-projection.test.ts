import assert from 'node:assert/strict';
import type { RecordedEvent, UserEvent } from '@fitness/contracts';
import { describe, it } from 'vitest';
import { foldDocument } from '../projection.ts';
import { pushSubscriptionsProjection } from './push-subscriptions-projection.ts';

const userId = 'u1';
function recorded(events: UserEvent[]): RecordedEvent[] {
  return events.map((event, revision) => ({
    ...event,
    id: `e${revision}`,
    streamId: `user-${userId}`,
    revision,
    position: revision + 1,
    recordedAt: '2026-11-20T10:00:00.000Z',
    metadata: {
      actorId: userId,
      commandId: `c${revision}`,
      correlationId: 'r',
      timestamp: '2026-11-20T10:00:00.000Z',
      schemaVersion: 1,
    },
  }));
}

const added = (timeZone: string, addedAt: string): UserEvent => ({
  type: 'PushSubscriptionAdded',
  data: {
    userId,
    subscriptionId: 's1',
    endpoint: 'https://push.example.com/a',
    keys: { p256dh: 'p', auth: 'a' },
    timeZone,
    addedAt,
  },
});

describe('push subscriptions projection', () => {
  it('holds a subscription with its keys for the senders; subscribing again keeps when it was made', () => {
    const document = foldDocument(
      pushSubscriptionsProjection,
      recorded([added('Europe/Berlin', '2026-11-20T10:00:00.000Z'), added('Asia/Tokyo', '2026-11-22T10:00:00.000Z')]),
    );
    assert.deepEqual(document, {
      id: 's1',
      user_id: userId,
      endpoint: 'https://push.example.com/a',
      keys: { p256dh: 'p', auth: 'a' },
      time_zone: 'Asia/Tokyo',
      created_at: '2026-11-20T10:00:00.000Z',
    });
  });

  it('drops it when the browser unsubscribed or the push service says it is gone', () => {
    for (const reason of ['unsubscribed', 'gone'] as const) {
      const removed: UserEvent = {
        type: 'PushSubscriptionRemoved',
        data: { userId, subscriptionId: 's1', reason, removedAt: '2026-11-21T10:00:00.000Z' },
      };
      assert.equal(
        foldDocument(pushSubscriptionsProjection, recorded([added('UTC', '2026-11-20T10:00:00.000Z'), removed])),
        null,
      );
    }
  });
});
