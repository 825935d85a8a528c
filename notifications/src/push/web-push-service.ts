import { Agent, fetch } from 'undici';
import webPush from 'web-push';
import {
  guardedLookup,
  type PushEndpointPolicy,
  pushEndpointUrlProblem,
  RefusedPushAddress,
  type ResolveAll,
  resolveAll,
} from './push-endpoint-policy.ts';
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
const CONNECT_TIMEOUT_MS = 5000;
/** Of a refusal's body, what the log keeps: a push service's reason fits, an endless body is not read. */
const ERROR_BODY_BYTES = 1024;

/**
 * Web Push (RFC 8030) with aes128gcm payload encryption (RFC 8291) and VAPID (RFC 8292).
 * web-push encrypts and signs; the request goes out through undici with a connector that
 * connects only where the endpoint policy allows (see push-endpoint-policy.ts), follows no
 * redirect and gives up after a timeout.
 */
export class WebPushService implements PushService {
  private readonly vapid: VapidDetails;
  private readonly policy: PushEndpointPolicy;
  private readonly dispatcher: Agent;

  constructor(vapid: VapidDetails, policy: PushEndpointPolicy, resolve: ResolveAll = resolveAll) {
    this.vapid = vapid;
    this.policy = policy;
    this.dispatcher = new Agent({ connect: { lookup: guardedLookup(policy, resolve), timeout: CONNECT_TIMEOUT_MS } });
  }

  async send(target: PushTarget, payload: PushPayload): Promise<PushOutcome> {
    const url = URL.parse(target.endpoint);
    // An address in the URL is connected to without a lookup, so the guard never sees it: check it here.
    if (pushEndpointUrlProblem(url, this.policy)) throw new RefusedPushAddress(url?.hostname ?? target.endpoint);
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
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
      dispatcher: this.dispatcher,
    });
    if (response.status === 404 || response.status === 410) {
      await response.body?.cancel();
      return 'gone';
    }
    // A redirect is a failed delivery: following it would send the push (and us) anywhere.
    if (!response.ok) throw new PushServiceError(response.status, await firstBytes(response, ERROR_BODY_BYTES));
    await response.body?.cancel();
    return 'delivered';
  }

  /** Closes the kept-alive connections to the push services. */
  close() {
    return this.dispatcher.close();
  }
}

async function firstBytes(response: Awaited<ReturnType<typeof fetch>>, limit: number) {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  try {
    while (length < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      length += value.length;
    }
  } finally {
    await reader.cancel();
  }
  return Buffer.concat(chunks).subarray(0, limit).toString('utf8');
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
