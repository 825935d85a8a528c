import webPush from 'web-push';
import {
  type PushOutcome,
  type PushPayload,
  type PushService,
  PushServiceError,
  type PushTarget,
} from './push-service.ts';

export type VapidDetails = {
  /** mailto: or https: URL the push service may contact us at. */
  subject: string;
  publicKey: string;
  privateKey: string;
};

/** How long a push service keeps an undelivered message for an offline device. */
const TIME_TO_LIVE_SECONDS = 24 * 60 * 60;
const TIMEOUT_MS = 10_000;

/**
 * Web Push (RFC 8030) with aes128gcm payload encryption (RFC 8291) and VAPID (RFC 8292).
 * web-push encrypts and signs; the request goes out through fetch, so a push service on plain
 * http (a local one in tests) is reached the same way as the browsers' https ones.
 */
export class WebPushService implements PushService {
  private readonly vapid: VapidDetails;

  constructor(vapid: VapidDetails) {
    this.vapid = vapid;
  }

  async send(target: PushTarget, payload: PushPayload): Promise<PushOutcome> {
    const request = webPush.generateRequestDetails(target, JSON.stringify(payload), {
      vapidDetails: this.vapid,
      TTL: TIME_TO_LIVE_SECONDS,
      contentEncoding: 'aes128gcm',
      urgency: 'normal',
    });
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: new Uint8Array(request.body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (response.status === 404 || response.status === 410) return 'gone';
    if (!response.ok) throw new PushServiceError(response.status, await response.text());
    return 'delivered';
  }
}

/**
 * The VAPID subject: the site's address when it is https (push services may use it to reach
 * the operator), else a mailto: of the mail sender, since they refuse http and localhost URLs.
 */
export function vapidSubject(publicUrl: string, mailFrom: string) {
  const url = URL.parse(publicUrl);
  if (url?.protocol === 'https:' && url.hostname !== 'localhost') return url.origin;
  return `mailto:${mailFrom}`;
}
