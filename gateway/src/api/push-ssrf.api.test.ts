import assert from 'node:assert/strict';
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { userDecider } from '@fitness/command-service';
import { PUSH_SUBSCRIPTIONS_MODEL, UNSAFE_PUSH_ENDPOINT, userStream } from '@fitness/contracts';
import { inwardEndpoints } from '@fitness/notifications/push/testing/inward-endpoints.ts';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

/** A browser's keys, as PushManager.subscribe() gives them. */
const browserKeys = () => ({
  p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
  auth: randomBytes(16).toString('base64url'),
});

/**
 * Issue 30, finding 1: a push subscription's endpoint was any http(s) URL, and the server POSTed
 * to it, so a user could make it send requests into its own network (loopback, private ranges,
 * the cloud metadata address), and learn from the subscription vanishing on a 404 which internal
 * URLs exist. Here the server runs as deployed (no test switch), beside a listener on loopback
 * that answers 404 the way an internal service would; no request may reach it.
 */
describe('push subscriptions: no request forgery into the server’s network', () => {
  let server: TestServer;
  let internal: http.Server;
  const reached: string[] = [];
  let port: number;
  beforeAll(async () => {
    server = await startTestServer();
    internal = http.createServer((request, response) => {
      reached.push(`${request.method} ${request.url}`);
      response.writeHead(404).end();
    });
    internal.on('connection', (socket) => reached.push(`connection from ${socket.remoteAddress}`));
    await new Promise<void>((resolve) => internal.listen(0, '::', resolve));
    port = (internal.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await server.close();
    await new Promise<void>((resolve) => internal.close(() => resolve()));
  });

  it('refuses an endpoint on loopback, a private, link-local, CGNAT or metadata address, however spelled, with 422', async () => {
    const { token } = await server.register('Prober');
    for (const endpoint of [...inwardEndpoints(port), 'https://no-such-host.invalid/push/x']) {
      const response = await server.api('POST', '/me/push-subscriptions', {
        token,
        body: { endpoint, keys: browserKeys(), time_zone: 'UTC' },
      });
      assert.equal(response.status, 422, `${endpoint}: ${JSON.stringify(response.body)}`);
      assert.deepEqual(response.body.errors, { endpoint: [UNSAFE_PUSH_ENDPOINT] }, endpoint);
    }
    assert.deepEqual((await server.api('GET', '/me/push-subscriptions', { token })).body.data, []);
    assert.deepEqual(reached, []);
  });

  it('sends nothing to an inward endpoint kept from before (or whose name now resolves inward), and keeps it like any failed delivery', async () => {
    const { token, user } = await server.register('Lifter');
    // Subscriptions the log already holds from before endpoints were checked: the decider takes
    // any endpoint, so they are written as the route once wrote them.
    const inward = [`http://127.0.0.1:${port}/push/${randomUUID()}`, `https://localhost:${port}/push/${randomUUID()}`];
    for (const endpoint of inward) {
      const now = new Date();
      await server.handler.handle(
        userDecider,
        userStream(user.id),
        {
          type: 'AddPushSubscription',
          userId: user.id,
          at: now.toISOString(),
          subscriptionId: randomUUID(),
          endpoint,
          keys: browserKeys(),
          timeZone: 'UTC',
        },
        { actorId: user.id, commandId: randomUUID(), correlationId: randomUUID(), now },
      );
    }

    // A new personal record: the senders push it to every subscription of the user.
    const call = async (url: string, body: unknown) => {
      const response = await server.api('POST', url, { token, body });
      assert.ok(response.status < 300, `${url}: ${response.status} ${JSON.stringify(response.body)}`);
      return response.body;
    };
    const today = new Date().toISOString().slice(0, 10);
    const workout = await call('/workouts', { name: 'Legs', date: today });
    const squat = await call(`/workouts/${workout.id}/exercises`, { name: 'Back Squat' });
    await call(`/workouts/${workout.id}/exercises/${squat.id}/sets`, { reps: 5, weight: 100 });
    await call(`/workouts/${workout.id}/exercises/${squat.id}/sets`, { reps: 5, weight: 105 });
    const head = await server.eventStore.headPosition();
    assert.ok(await server.runner.waitFor([PUSH_SUBSCRIPTIONS_MODEL, 'personal_records'], head, 10_000));
    // The senders have dealt with the record (and awaited each delivery) once idle.
    await server.push.senders.idle();
    assert.equal((await server.readStore.find('push_announcements', { where: { user_id: user.id } })).length, 1);

    assert.deepEqual(reached, []);
    // The internal URL's 404 decides nothing: the subscriptions stay, as after any failed delivery.
    const listed = (await server.api('GET', '/me/push-subscriptions', { token })).body.data;
    assert.deepEqual(listed.map((entry: { endpoint: string }) => entry.endpoint).sort(), [...inward].sort());
  });
});
