import {
  PUSH_SUBSCRIPTIONS_MODEL,
  type PushSubscriptionDocument,
  pushSubscriptionEventTypes,
  type RecordedEvent,
  type UserEvent,
} from '@fitness/contracts';
import type { Projection } from '../projection.ts';

type PushSubscriptionEvent = Extract<UserEvent, { type: 'PushSubscriptionAdded' | 'PushSubscriptionRemoved' }>;

/**
 * The `push_subscriptions` read model: one document per browser subscribed to push, with its
 * keys and time zone, found by user for the list and the senders. The owner's account deletion
 * drops them with everything else they owned.
 */
export const pushSubscriptionsProjection: Projection<PushSubscriptionDocument, PushSubscriptionEvent> = {
  name: PUSH_SUBSCRIPTIONS_MODEL,
  version: 1,
  collection: { name: PUSH_SUBSCRIPTIONS_MODEL, indexes: [['user_id']] },
  handles: pushSubscriptionEventTypes as PushSubscriptionEvent['type'][],
  documentId: (event) => event.data.subscriptionId,
  ownerField: 'user_id',
  evolve: (current, event: RecordedEvent<PushSubscriptionEvent>) => {
    if (event.type === 'PushSubscriptionRemoved') return null;
    const { subscriptionId, userId, endpoint, keys, timeZone, addedAt } = event.data;
    return {
      id: subscriptionId,
      user_id: userId,
      endpoint,
      keys,
      time_zone: timeZone,
      // Subscribing again with new keys is the same subscription, made when it first was.
      created_at: current?.created_at ?? addedAt,
    };
  },
};
