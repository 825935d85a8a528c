import assert from 'node:assert/strict';
import { PUSH_SUBSCRIPTIONS_MODEL, type PushSubscriptionDocument } from '@fitness/contracts';
import type { PushPayload } from '@fitness/notifications/push/push-service.ts';
import {
  type PushEndpointServer,
  startPushEndpointServer,
} from '@fitness/notifications/push/testing/push-endpoint-server.ts';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

const DAY_MS = 86_400_000;

/**
 * Web push end to end: the embedded product, a browser's subscription on a local push service
 * (keys it made, payloads it decrypts), pushes for records, achievements and reminders, the
 * admins' switch, and a subscription the push service says is gone.
 */
describe('push notifications API', () => {
  let server: TestServer;
  let pushService: PushEndpointServer;
  let admin: Awaited<ReturnType<TestServer['register']>>;
  beforeAll(async () => {
    // The local push service is plain http on loopback: only the test switch lets the server push there.
    server = await startTestServer({ PUSH_ALLOW_INSECURE_ENDPOINTS: 'true' });
    const key = await server.api('GET', '/push/public-key');
    assert.equal(key.status, 200);
    // The push service refuses anything not signed with the server's VAPID key.
    pushService = await startPushEndpointServer({ vapidPublicKey: key.body.public_key });
    admin = await server.register('Admin');
  });
  afterAll(async () => {
    await server.close();
    await pushService.close();
  });

  /** A signed-in user whose writes the tests can wait on, projections and senders included. */
  async function athlete() {
    const { token, user, password } = await server.register('Lifter');
    const call = async (method: string, url: string, body?: unknown, expected = 0) => {
      const response = await server.api(method, url, { token, body });
      if (expected) assert.equal(response.status, expected, JSON.stringify(response.body));
      else assert.ok(response.status < 300, `${method} ${url}: ${response.status} ${JSON.stringify(response.body)}`);
      return response;
    };
    /** Until every projection has the log's head and the senders have dealt with what it announced. */
    const settled = async () => {
      const head = await server.eventStore.headPosition();
      assert.ok(await server.runner.waitFor([PUSH_SUBSCRIPTIONS_MODEL, 'personal_records', 'users'], head, 10_000));
      await server.push.senders.idle();
    };
    return { token, user, password, call, settled };
  }

  const subscribe = async (call: Awaited<ReturnType<typeof athlete>>['call'], timeZone = 'Asia/Tokyo') => {
    const browser = pushService.subscribe();
    const response = await call(
      'POST',
      '/me/push-subscriptions',
      { endpoint: browser.endpoint, keys: browser.keys, expirationTime: null, time_zone: timeZone },
      201,
    );
    return { browser, id: response.body.id as string };
  };

  it('takes a browser’s subscription once, lists it without its keys, and validates it', async () => {
    const { call } = await athlete();
    const { browser, id } = await subscribe(call);
    const again = await call(
      'POST',
      '/me/push-subscriptions',
      { endpoint: browser.endpoint, keys: browser.keys, time_zone: 'Asia/Tokyo' },
      201,
    );
    assert.equal(again.body.id, id);
    const list = await call('GET', '/me/push-subscriptions');
    assert.deepEqual(
      list.body.data.map((entry: Record<string, unknown>) => Object.keys(entry).sort()),
      [['created_at', 'endpoint', 'id', 'time_zone']],
    );
    assert.equal(list.body.data[0].id, id);

    const bad = await call(
      'POST',
      '/me/push-subscriptions',
      {
        endpoint: 'ftp://push.example.com/x',
        keys: { p256dh: 'short', auth: browser.keys.auth },
        time_zone: 'Mars/Base',
      },
      422,
    );
    assert.deepEqual(Object.keys(bad.body.errors).sort(), ['endpoint', 'keys.p256dh']);
    const badZone = await call(
      'POST',
      '/me/push-subscriptions',
      { endpoint: browser.endpoint, keys: browser.keys, time_zone: 'Mars/Base' },
      422,
    );
    assert.deepEqual(Object.keys(badZone.body.errors), ['time_zone']);
    // 65 bytes that are no uncompressed point.
    const notAPoint = Buffer.alloc(65, 7).toString('base64url');
    const badKey = await call(
      'POST',
      '/me/push-subscriptions',
      { endpoint: browser.endpoint, keys: { p256dh: notAPoint, auth: browser.keys.auth }, time_zone: 'UTC' },
      422,
    );
    assert.deepEqual(Object.keys(badKey.body.errors), ['keys.p256dh']);

    await call('DELETE', `/me/push-subscriptions/${id}`, undefined, 200);
    await call('DELETE', `/me/push-subscriptions/${id}`, undefined, 404);
    assert.deepEqual((await call('GET', '/me/push-subscriptions')).body.data, []);
    assert.equal((await server.api('GET', '/me/push-subscriptions')).status, 401);
  });

  it('takes the standard PushSubscription.toJSON() body, without a time zone: UTC, or the zone the user’s browsers gave', async () => {
    const { call } = await athlete();
    const standard = (browser: ReturnType<PushEndpointServer['subscribe']>) => ({
      endpoint: browser.endpoint,
      expirationTime: null,
      keys: browser.keys,
    });
    const first = pushService.subscribe();
    const taken = await call('POST', '/me/push-subscriptions', standard(first), 201);
    assert.equal(taken.body.time_zone, 'UTC');
    // The browser tells its zone later; subscribing again without it keeps that zone.
    await call('POST', '/me/push-subscriptions', { ...standard(first), time_zone: 'Asia/Tokyo' }, 201);
    const again = await call('POST', '/me/push-subscriptions', standard(first), 201);
    assert.deepEqual([again.body.id, again.body.time_zone], [taken.body.id, 'Asia/Tokyo']);
    // The user's next browser, silent about its zone, is taken to be where their last one is.
    const second = await call('POST', '/me/push-subscriptions', standard(pushService.subscribe()), 201);
    assert.equal(second.body.time_zone, 'Asia/Tokyo');
    const listed = (await call('GET', '/me/push-subscriptions')).body.data;
    assert.deepEqual(
      listed.map((entry: { time_zone: string }) => entry.time_zone),
      ['Asia/Tokyo', 'Asia/Tokyo'],
    );
  });

  it('pushes a new record and a first workout, reminds after three quiet days at 18:00, obeys the admins’ switch, and forgets a gone subscription', async () => {
    const { call, settled, user, token, password } = await athlete();
    const { browser, id } = await subscribe(call, 'Asia/Tokyo');
    const received = () => pushService.payloadsFor<PushPayload>(browser.id);

    const today = new Date().toISOString().slice(0, 10);
    // A first session with an exercise sets its baselines: nothing is news yet.
    const first = (await call('POST', '/workouts', { name: 'Legs', date: today })).body;
    const firstSquat = (await call('POST', `/workouts/${first.id}/exercises`, { name: 'Back Squat' })).body;
    await call('POST', `/workouts/${first.id}/exercises/${firstSquat.id}/sets`, { reps: 5, weight: 100 });
    await settled();
    assert.deepEqual(received(), [], 'a first session is no record');
    const workout = (await call('POST', '/workouts', { name: 'Legs', date: today })).body;
    const squat = (await call('POST', `/workouts/${workout.id}/exercises`, { name: 'Back Squat' })).body;
    const set = (weight: number) =>
      call('POST', `/workouts/${workout.id}/exercises/${squat.id}/sets`, { reps: 5, weight });
    await set(105);
    await settled();
    const [record] = received();
    assert.equal(record?.title, 'New personal record! · Stride');
    assert.match(record?.body ?? '', /^Back Squat: heaviest weight 105 kg/);
    assert.equal(record?.url, '/profile');

    await call('PATCH', `/workouts/${workout.id}`, { status: 'completed' });
    await settled();
    assert.deepEqual(
      received()
        .slice(1)
        .map((push) => [push.title, push.body, push.url]),
      [['Achievement unlocked! · Stride', 'First workout', '/profile']],
    );

    // The records read model rebuilt from zero announces every document again: nothing is news.
    await server.runner.rebuild('personal_records');
    await settled();
    assert.equal(received().length, 2, 'a rebuild sends nothing again');

    // Three days later at 18:00 in Tokyo (09:00 UTC): one reminder, and only one.
    const evening = new Date(Date.parse(`${today}T09:00:00Z`) + 3 * DAY_MS);
    await server.push.reminders.runOnce(new Date(evening.getTime() - 60 * 60_000));
    assert.equal(received().length, 2, 'not before the evening');
    await server.push.reminders.runOnce(evening);
    await server.push.reminders.runOnce(new Date(evening.getTime() + 30 * 60_000));
    const reminders = received().slice(2);
    assert.equal(reminders.length, 1);
    assert.equal(reminders[0]?.url, '/workouts');
    assert.match(reminders[0]?.body ?? '', /3 days since your last workout/);

    // The admins switch push off: a new record, and a reminder due to someone who never trained, send nothing.
    const idle = await athlete();
    const idleBrowser = (await subscribe(idle.call, 'Asia/Tokyo')).browser;
    const off = await server.api('PUT', '/admin/settings', { token: admin.token, body: { push_notifications: false } });
    assert.equal(off.status, 200, JSON.stringify(off.body));
    const next = (await call('POST', '/workouts', { name: 'Legs again', date: today })).body;
    const lift = (await call('POST', `/workouts/${next.id}/exercises`, { name: 'Back Squat' })).body;
    await call('POST', `/workouts/${next.id}/exercises/${lift.id}/sets`, { reps: 5, weight: 120 });
    await settled();
    await server.push.reminders.runOnce(evening);
    assert.equal(received().length, 3, 'nothing while the switch is off');
    assert.deepEqual(pushService.payloadsFor(idleBrowser.id), []);
    assert.equal(pushService.refused.length, 0, JSON.stringify(pushService.refused));

    // On again; the push service now answers 410 for this browser: the subscription goes.
    await server.api('PUT', '/admin/settings', { token: admin.token, body: { push_notifications: true } });
    // What fell due while it was off is not sent afterwards.
    await server.push.reminders.runOnce(new Date(evening.getTime() + 30 * 60_000));
    assert.deepEqual(pushService.payloadsFor(idleBrowser.id), []);
    pushService.markGone(browser.id);
    await call('POST', `/workouts/${next.id}/exercises/${lift.id}/sets`, { reps: 5, weight: 125 });
    await settled();
    await settled();
    assert.equal(pushService.refused.at(-1)?.status, 410);
    assert.deepEqual((await call('GET', '/me/push-subscriptions')).body.data, []);
    assert.equal(await server.readStore.get(PUSH_SUBSCRIPTIONS_MODEL, id), null);

    // Deleting the account takes the senders' record of it along.
    const second = await subscribe(call);
    await settled();
    assert.ok(await server.readStore.get('push_announcements', user.id));
    const deleted = await server.api('DELETE', '/me', { token, body: { password } });
    assert.equal(deleted.status, 200, JSON.stringify(deleted.body));
    await settled();
    assert.equal(await server.readStore.get<PushSubscriptionDocument>(PUSH_SUBSCRIPTIONS_MODEL, second.id), null);
    assert.equal(await server.readStore.get('push_announcements', user.id), null);
  });
});
