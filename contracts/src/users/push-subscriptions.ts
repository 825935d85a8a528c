import { type Static, Type } from 'typebox';

/**
 * Web push subscriptions (spec section 7: /me/push-subscriptions): what a browser's
 * PushSubscription.toJSON() gives, plus its time zone for reminders at a local hour. The read
 * model `push_subscriptions` holds one document per subscription, with its keys, for the
 * senders; the API never shows the keys back (spec: "fields not shown").
 */

export const PUSH_SUBSCRIPTIONS_MODEL = 'push_subscriptions';

/**
 * One answer for every refused endpoint, whatever the reason (not a URL, plain http, an unknown
 * name, a private address): a finer one would tell an attacker which internal names resolve.
 */
export const UNSAFE_PUSH_ENDPOINT = 'The endpoint must be the https URL of a push service on the public internet.';

/** base64url without padding (browsers give it so), padding tolerated. */
const base64url = (bytes: number, message: string) =>
  Type.String({ pattern: `^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}={0,2}$`, errorMessage: message });

export const PushSubscriptionBody = Type.Object(
  {
    endpoint: Type.String({
      minLength: 1,
      maxLength: 2000,
      // Which URLs the server pushes to is the endpoint policy's to say (https on the public internet).
      pattern: '^https?://[^\\s]+$',
      errorMessage: UNSAFE_PUSH_ENDPOINT,
    }),
    keys: Type.Object(
      {
        p256dh: base64url(65, 'The p256dh key must be a base64url P-256 public key (65 bytes).'),
        auth: base64url(16, 'The auth secret must be 16 bytes, base64url.'),
      },
      { additionalProperties: true },
    ),
    /**
     * The browser's IANA time zone (Intl.DateTimeFormat().resolvedOptions().timeZone). Not part
     * of PushSubscription.toJSON(), so optional: without it, the zone this browser or the user's
     * latest other one gave, else UTC.
     */
    time_zone: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 100,
        errorMessage: 'The time zone must be an IANA time zone name like Europe/Berlin.',
      }),
    ),
    /** PushSubscription.toJSON() carries it; the push service's own expiry, not used. */
    expirationTime: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
  },
  { additionalProperties: false },
);
export type PushSubscriptionBody = Static<typeof PushSubscriptionBody>;

export const PushSubscriptionView = Type.Object({
  id: Type.String(),
  endpoint: Type.String(),
  time_zone: Type.String(),
  created_at: Type.String(),
});
export type PushSubscriptionView = Static<typeof PushSubscriptionView>;

export const PushSubscriptionList = Type.Object({ data: Type.Array(PushSubscriptionView) });
export const PushSubscriptionParams = Type.Object({ id: Type.String() });

/** The application server key browsers subscribe with (PushManager.subscribe's applicationServerKey). */
export const PushPublicKey = Type.Object({ public_key: Type.String() });
export type PushPublicKey = Static<typeof PushPublicKey>;

/** The read model's document: the view plus what sending needs. */
export type PushSubscriptionDocument = PushSubscriptionView & {
  user_id: string;
  keys: { p256dh: string; auth: string };
};

export const INVALID_TIME_ZONE = 'The time zone must be an IANA time zone name like Europe/Berlin.';

/** Whether the runtime knows the time zone (what reminders need to find the local hour). */
export function isTimeZone(name: string) {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** A P-256 public key as browsers send it: 65 bytes, an uncompressed point (0x04 first). */
export function isUncompressedPoint(p256dh: string) {
  const bytes = Uint8Array.from(atob(p256dh.replaceAll('-', '+').replaceAll('_', '/').replace(/=+$/, '')), (c) =>
    c.charCodeAt(0),
  );
  return bytes.length === 65 && bytes[0] === 4;
}
