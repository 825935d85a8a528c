/**
 * The push port: one payload to one browser's push subscription. Adapter: Web Push through the
 * browser's push service (web-push, signed with our VAPID key pair). Who is told what, and
 * whether the admins' and the user's push switches allow it, is decided by the senders.
 */

/** A browser's PushSubscription as the push service needs it: where to send, and its keys. */
export type PushTarget = {
  endpoint: string;
  keys: {
    /** base64url of the browser's P-256 public key (65 bytes, uncompressed point). */
    p256dh: string;
    /** base64url of the 16-byte authentication secret. */
    auth: string;
  };
};

/** What the service worker shows; `url` is the screen a click on it opens. */
export type PushPayload = {
  title: string;
  body: string;
  /** Pushes with the same tag replace each other on the device instead of piling up. */
  tag: string;
  url: string;
  icon: string;
};

/**
 * delivered: the push service took it. gone: the subscription no longer exists (404 or 410),
 * so it must be forgotten. Any other failure (the push service down, a 5xx) is thrown: the
 * subscription may still be good.
 */
export type PushOutcome = 'delivered' | 'gone';

export interface PushService {
  send(target: PushTarget, payload: PushPayload): Promise<PushOutcome>;
}

export class PushServiceError extends Error {
  readonly status: number;

  constructor(status: number, body: string) {
    super(`The push service answered ${status}: ${body.slice(0, 200)}`);
    this.status = status;
  }
}
