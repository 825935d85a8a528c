import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { PushPayload, PushService } from './push-service.ts';
import { type PushEndpointServer, startPushEndpointServer } from './testing/push-endpoint-server.ts';

const payload: PushPayload = {
  title: 'New personal record',
  body: 'Bench press: heaviest weight 102.5 kg — ÄÖÜ 🏋️',
  tag: 'record:bench',
  url: '/profile',
  icon: '/icons/icon-192.png',
};

/**
 * What every push adapter must do, against the local push service: the browser decrypts what
 * was sent, the request carries a VAPID signature by the server's key for the push service's
 * origin, and a subscription the push service no longer knows is reported gone, not failed.
 */
export function pushServiceContract(
  name: string,
  make: (server: PushEndpointServer) => { service: PushService; vapidPublicKey: string },
) {
  describe(`push service contract: ${name}`, () => {
    let server: PushEndpointServer;
    let service: PushService;
    let vapidPublicKey: string;
    beforeAll(async () => {
      server = await startPushEndpointServer();
      ({ service, vapidPublicKey } = make(server));
    });
    afterAll(async () => {
      await server.close();
    });

    it('delivers a payload the subscription’s keys decrypt, signed with the VAPID key', async () => {
      const subscription = server.subscribe();
      assert.equal(await service.send(subscription, payload), 'delivered');
      assert.deepEqual(server.payloadsFor(subscription.id), [payload]);
      const [push] = server.received.filter((entry) => entry.subscriptionId === subscription.id);
      assert.equal(push?.vapid.publicKey, vapidPublicKey);
      assert.equal(push?.vapid.audience, server.origin());
      assert.ok(push && push.ttl > 0);
    });

    it('reports a subscription the push service answers 410 for as gone', async () => {
      const subscription = server.subscribe();
      server.markGone(subscription.id);
      assert.equal(await service.send(subscription, payload), 'gone');
      assert.deepEqual(server.payloadsFor(subscription.id), []);
    });

    it('reports an endpoint the push service does not know (404) as gone', async () => {
      const subscription = server.subscribe();
      const unknown = { ...subscription, endpoint: `${server.origin()}/push/never-issued` };
      assert.equal(await service.send(unknown, payload), 'gone');
    });

    it('throws when the push service refuses for another reason, so the subscription is kept', async () => {
      // A push service that expects another application server key refuses the signature (401).
      const strict = await startPushEndpointServer({ vapidPublicKey: server.subscribe().keys.p256dh });
      try {
        const subscription = strict.subscribe();
        await assert.rejects(service.send(subscription, payload), /401/);
        assert.deepEqual(strict.payloadsFor(subscription.id), []);
        assert.equal(strict.refused[0]?.status, 401);
      } finally {
        await strict.close();
      }
    });
  });
}
