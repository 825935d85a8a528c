import type { UserEvent } from '@fitness/contracts';
import { PushSubscriptionNotFound } from '../errors.ts';
import type { PushSubscription, UserState } from '../user.ts';

type Base = { userId: string; at: string };

/** What a browser gives when it subscribes: the time zone only if it said (PushSubscription.toJSON() has none). */
export type PushSubscriptionGiven = Omit<PushSubscription, 'timeZone'> & { timeZone?: string };

/** Where reminders are timed when the browser did not say. */
const FALLBACK_TIME_ZONE = 'UTC';
type RemovalReason = Extract<UserEvent, { type: 'PushSubscriptionRemoved' }>['data']['reason'];

/**
 * A browser subscribing again (each time the app starts, or after its keys changed) is the
 * same subscription: its endpoint keeps the id it had, and only a change is recorded.
 */
export function decideAddPushSubscription(
  command: Base & { subscriptionId: string } & PushSubscriptionGiven,
  state: UserState,
): UserEvent[] {
  const { userId, at, endpoint, keys } = command;
  const known = [...state.pushSubscriptions].find(([, subscription]) => subscription.endpoint === endpoint);
  // The account's settings hold no time zone: the browser's own word, else the zone this browser
  // had, else the one the user's latest other browser gave, else UTC.
  const timeZone =
    command.timeZone ??
    known?.[1].timeZone ??
    [...state.pushSubscriptions.values()].at(-1)?.timeZone ??
    FALLBACK_TIME_ZONE;
  if (known) {
    const [, was] = known;
    const same = was.keys.p256dh === keys.p256dh && was.keys.auth === keys.auth && was.timeZone === timeZone;
    if (same) return [];
  }
  const subscriptionId = known?.[0] ?? command.subscriptionId;
  return [{ type: 'PushSubscriptionAdded', data: { userId, subscriptionId, endpoint, keys, timeZone, addedAt: at } }];
}

/** The user's removal of one that is not theirs (or gone already) is refused; a push service's is a no-op then. */
export function decideRemovePushSubscription(
  command: Base & { subscriptionId: string; reason: 'unsubscribed' | 'gone' },
  state: UserState,
): UserEvent[] {
  const { userId, at, subscriptionId, reason } = command;
  if (!state.pushSubscriptions.has(subscriptionId)) {
    if (reason === 'gone') return [];
    throw new PushSubscriptionNotFound();
  }
  return [{ type: 'PushSubscriptionRemoved', data: { userId, subscriptionId, reason, removedAt: at } }];
}

/** Removes every browser subscribed to the user's pushes. */
export function removePushSubscriptions(
  state: UserState,
  userId: string,
  at: string,
  reason: RemovalReason,
): UserEvent[] {
  return [...state.pushSubscriptions.keys()].map((subscriptionId) => ({
    type: 'PushSubscriptionRemoved',
    data: { userId, subscriptionId, reason, removedAt: at },
  }));
}
