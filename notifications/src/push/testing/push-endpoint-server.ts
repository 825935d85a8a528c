import {
  createDecipheriv,
  createECDH,
  createHmac,
  createPublicKey,
  type ECDH,
  randomBytes,
  randomUUID,
  verify,
} from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PushTarget } from '../push-service.ts';

/** A push message as the browser would get it: decrypted, with the VAPID claims it came with. */
export type ReceivedPush = {
  subscriptionId: string;
  /** The decrypted payload, as sent. */
  payload: string;
  ttl: number;
  vapid: { publicKey: string; subject: string; audience: string };
};

type LocalSubscription = { id: string; ecdh: ECDH; auth: Buffer; gone: boolean };

/**
 * A push service on 127.0.0.1 for tests: it hands out subscriptions as a browser's push
 * manager would (a fresh P-256 key pair and auth secret each, kept here), accepts Web Push
 * requests for them, refuses any without a valid VAPID signature for this origin (401) or not
 * in aes128gcm (415), DECRYPTS each payload with the subscription's private key (RFC 8291) and
 * keeps it; a subscription marked gone answers 410, as a push service does once the browser
 * unsubscribed.
 */
export async function startPushEndpointServer(options: { vapidPublicKey?: string } = {}) {
  const subscriptions = new Map<string, LocalSubscription>();
  const received: ReceivedPush[] = [];
  const refused: { status: number; reason: string }[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];

  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const answer = (status: number, reason = '') => {
      if (status >= 400) refused.push({ status, reason });
      response.writeHead(status, { 'content-type': 'text/plain' }).end(reason);
    };
    const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1];
    const subscription = id ? subscriptions.get(id) : undefined;
    if (request.method !== 'POST' || !subscription) return answer(404, 'no such subscription');
    if (subscription.gone) return answer(410, 'the subscription is gone');
    const vapid = checkVapid(request.headers.authorization, origin(), options.vapidPublicKey);
    if (typeof vapid === 'string') return answer(401, vapid);
    if (request.headers['content-encoding'] !== 'aes128gcm') return answer(415, 'aes128gcm only');
    const ttl = Number(request.headers.ttl);
    if (!Number.isInteger(ttl) || ttl < 0) return answer(400, 'a TTL header is required');
    let payload: string;
    try {
      payload = decrypt(Buffer.concat(chunks), subscription).toString('utf8');
    } catch (error) {
      return answer(400, `could not decrypt: ${(error as Error).message}`);
    }
    received.push({ subscriptionId: subscription.id, payload, ttl, vapid });
    answer(201);
    for (const waiter of [...waiters]) {
      if (received.length < waiter.count) continue;
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    received,
    /** Requests answered with an error, and why: a test's way to see a push that was refused. */
    refused,
    /** A new subscription, as PushManager.subscribe() gives a browser. */
    subscribe(): PushTarget & { id: string } {
      const id = randomUUID();
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      subscriptions.set(id, { id, ecdh, auth, gone: false });
      return {
        id,
        endpoint: `${origin()}/push/${id}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    /** From now on the subscription answers 410 Gone. */
    markGone(id: string) {
      const subscription = subscriptions.get(id);
      if (!subscription) throw new Error(`No subscription ${id}`);
      subscription.gone = true;
    },
    /** The payloads received for one subscription, parsed. */
    payloadsFor<T = unknown>(id: string): T[] {
      return received.filter((push) => push.subscriptionId === id).map((push) => JSON.parse(push.payload) as T);
    },
    /** Resolves once `count` pushes in all have been received. */
    receivedCount(count: number) {
      if (received.length >= count) return Promise.resolve();
      return new Promise<void>((resolve) => waiters.push({ count, resolve }));
    },
    origin,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type PushEndpointServer = Awaited<ReturnType<typeof startPushEndpointServer>>;

/**
 * RFC 8188 with RFC 8291's key derivation: the header (salt, record size, the sender's
 * ephemeral public key), then one record, decrypted with keys derived from the ECDH secret
 * between the sender's key and the subscription's, and the subscription's auth secret.
 */
function decrypt(body: Buffer, subscription: LocalSubscription) {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20] ?? 0;
  const senderPublicKey = body.subarray(21, 21 + idLength);
  const records = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Error(`the key id must be a 65-byte P-256 key, got ${idLength} bytes`);
  if (records.length > recordSize) throw new Error('one record expected');

  const hmac = (key: Buffer, ...data: Buffer[]) => createHmac('sha256', key).update(Buffer.concat(data)).digest();
  const secret = subscription.ecdh.computeSecret(senderPublicKey);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    subscription.ecdh.getPublicKey(),
    senderPublicKey,
    Buffer.from([1]),
  ]);
  const inputKey = hmac(hmac(subscription.auth, secret), keyInfo);
  const pseudoRandomKey = hmac(salt, inputKey);
  const contentKey = hmac(pseudoRandomKey, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(pseudoRandomKey, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);

  const decipher = createDecipheriv('aes-128-gcm', contentKey, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('the last record lacks its delimiter');
  return padded.subarray(0, end);
}

/** RFC 8292: `vapid t=<ES256 JWT>, k=<public key>`, signed for this origin, not expired. */
function checkVapid(header: string | undefined, audience: string, expectedKey: string | undefined) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!match) return 'Authorization must be "vapid t=…, k=…"';
  const [, token = '', publicKey = ''] = match;
  if (expectedKey && publicKey !== expectedKey) return 'signed with another key than the server’s';
  const point = Buffer.from(publicKey, 'base64url');
  if (point.length !== 65 || point[0] !== 4) return 'k must be an uncompressed P-256 point';
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const [head = '', claims = '', signature = ''] = token.split('.');
  const header_ = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: string };
  if (header_.alg !== 'ES256') return 'the JWT must be ES256';
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) return 'the JWT signature does not verify';
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as {
    aud?: string;
    exp?: number;
    sub?: string;
  };
  if (body.aud !== audience) return `the audience must be ${audience}, got ${body.aud}`;
  const now = Date.now() / 1000;
  if (typeof body.exp !== 'number' || body.exp < now || body.exp > now + 24 * 3600)
    return 'exp must be within 24 hours';
  if (!body.sub || !/^(mailto:|https:)/.test(body.sub)) return 'sub must be a mailto: or https: URL';
  return { publicKey, subject: body.sub, audience: body.aud };
}
