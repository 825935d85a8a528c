import type { UserEvent } from '@fitness/contracts';
import { describe, it } from 'vitest';
import { specification } from '../../core/decider-specification.ts';
import { userDecider } from '../decide.ts';
import { PushSubscriptionNotFound, UserNotFound } from '../errors.ts';

const spec = specification(userDecider);
const userId = 'u1';
const at = '2026-11-21T10:00:00.000Z';
const later = '2026-11-22T10:00:00.000Z';
const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId, name: 'Ada', email: 'ada@example.com', passwordHash: 'ph', role: 'user', registeredAt: at },
};
const endpoint = 'https://push.example.com/send/abc';
const keys = { p256dh: 'BPk', auth: 'au' };
const subscribe = (
  subscriptionId: string,
  changes: Partial<{ keys: typeof keys; timeZone: string | undefined; endpoint: string }> = {},
) => ({
  type: 'AddPushSubscription' as const,
  userId,
  at: later,
  subscriptionId,
  endpoint,
  keys,
  timeZone: 'Europe/Berlin',
  ...changes,
});
const added: UserEvent = {
  type: 'PushSubscriptionAdded',
  data: { userId, subscriptionId: 's1', endpoint, keys, timeZone: 'Europe/Berlin', addedAt: at },
};

describe('user decider: push subscriptions', () => {
  it('adds a browser’s subscription', () => {
    spec
      .given([registered])
      .when(subscribe('s1'))
      .thenEvents([{ ...added, data: { ...added.data, addedAt: later } } as UserEvent]);
  });
  it('records the same endpoint again as nothing new, and its new keys or time zone under its first id', () => {
    spec.given([registered, added]).when(subscribe('s2')).thenEvents([]);
    spec
      .given([registered, added])
      .when(subscribe('s2', { timeZone: 'Asia/Tokyo' }))
      .thenEvents([
        {
          type: 'PushSubscriptionAdded',
          data: { userId, subscriptionId: 's1', endpoint, keys, timeZone: 'Asia/Tokyo', addedAt: later },
        },
      ]);
  });
  it('takes a browser that gives no time zone (PushSubscription.toJSON() has none) in UTC, or where the user’s browsers are', () => {
    const other = 'https://push.example.com/send/other';
    spec
      .given([registered])
      .when(subscribe('s1', { timeZone: undefined }))
      .thenEvents([{ ...added, data: { ...added.data, timeZone: 'UTC', addedAt: later } } as UserEvent]);
    // The same browser again keeps the zone it gave before: nothing new.
    spec
      .given([registered, added])
      .when(subscribe('s2', { timeZone: undefined }))
      .thenEvents([]);
    // Another browser of the user's: the zone the latest one gave.
    spec
      .given([registered, added])
      .when(subscribe('s2', { timeZone: undefined, endpoint: other }))
      .thenEvents([
        {
          type: 'PushSubscriptionAdded',
          data: { userId, subscriptionId: 's2', endpoint: other, keys, timeZone: 'Europe/Berlin', addedAt: later },
        },
      ]);
  });
  it('removes a subscription the user unsubscribed; an unknown one is not found', () => {
    spec
      .given([registered, added])
      .when({ type: 'RemovePushSubscription', userId, at: later, subscriptionId: 's1', reason: 'unsubscribed' })
      .thenEvents([
        {
          type: 'PushSubscriptionRemoved',
          data: { userId, subscriptionId: 's1', reason: 'unsubscribed', removedAt: later },
        },
      ]);
    spec
      .given([registered])
      .when({ type: 'RemovePushSubscription', userId, at: later, subscriptionId: 's1', reason: 'unsubscribed' })
      .thenThrows(PushSubscriptionNotFound);
  });
  it('takes the push service’s word that a subscription is gone once; again it changes nothing', () => {
    const gone = {
      type: 'RemovePushSubscription' as const,
      userId,
      at: later,
      subscriptionId: 's1',
      reason: 'gone' as const,
    };
    spec
      .given([registered, added])
      .when(gone)
      .thenEvents([
        { type: 'PushSubscriptionRemoved', data: { userId, subscriptionId: 's1', reason: 'gone', removedAt: later } },
      ]);
    spec
      .given([
        registered,
        added,
        { type: 'PushSubscriptionRemoved', data: { userId, subscriptionId: 's1', reason: 'gone', removedAt: later } },
      ])
      .when(gone)
      .thenEvents([]);
  });
  it('takes no subscription for a deleted account', () => {
    spec
      .given([registered, { type: 'UserDeleted', data: { userId, deletedAt: at } }])
      .when(subscribe('s1'))
      .thenThrows(UserNotFound);
  });
});
