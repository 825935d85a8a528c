import assert from 'node:assert/strict';
import type { ChangeNotice } from '@fitness/contracts';
import { MAX_SOCKETS_PER_TOKEN } from '@fitness/query-service/live/live-channel.ts';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { connectLive, type LiveClient, waitUntil } from '../testing/live-client.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

describe('live channel', () => {
  let server: TestServer;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await server.close();
  });

  async function connect(token: string | undefined) {
    const client = await connectLive(server.baseUrl, token);
    sockets.push(client.socket);
    return client;
  }

  it('refuses connections without a valid token', async () => {
    await assert.rejects(connect(undefined), /Unauthenticated/);
    await assert.rejects(connect('not-a-token'), /Unauthenticated/);
  });

  it("pushes a write to all of its user's devices within the second, and to nobody else", async () => {
    const alice = await server.register('Alice');
    const bob = await server.register('Bob');
    const phone = await connect(alice.token);
    const laptop = await connect(alice.token);
    const bobs = await connect(bob.token);

    const sentAt = Date.now();
    const response = await server.api('POST', '/workouts', { token: alice.token, body: { name: 'Live' } });
    assert.equal(response.status, 201);
    const position = Number(response.headers.get('x-event-position'));
    const isMine = (r: { notice: ChangeNotice }) => r.notice.model === 'workouts' && r.notice.id === response.body.id;

    assert.ok(await waitUntil(() => phone.received.some(isMine) && laptop.received.some(isMine)), 'both devices told');
    for (const device of [phone, laptop]) {
      const arrival = device.received.find(isMine);
      assert.deepEqual(arrival?.notice, {
        model: 'workouts',
        id: response.body.id,
        userId: alice.user.id,
        op: 'upsert',
        position,
        // The writer's request id, by which the tab that wrote lets its own notice pass.
        correlationId: response.headers.get('x-request-id'),
        // A new workout comes whole, as the API answers it: the other device needs no read.
        document: response.body,
      });
      assert.ok((arrival?.at ?? Number.POSITIVE_INFINITY) - sentAt < 1000, 'within the same second');
    }
    // Pushes reach a socket in commit order: once Bob hears of his own later write, a push of
    // Alice's would have come before it.
    const own = await server.api('POST', '/workouts', { token: bob.token, body: { name: 'Mine' } });
    assert.ok(await waitUntil(() => bobs.received.some((r) => r.notice.id === own.body.id)), 'Bob hears his own');
    assert.deepEqual(
      bobs.received.filter((r) => r.notice.userId !== bob.user.id),
      [],
    );
  });

  it('pushes deletes too', async () => {
    const carol = await server.register('Carol');
    const device = await connect(carol.token);
    const created = await server.api('POST', '/workouts', { token: carol.token, body: { name: 'Short-lived' } });
    await server.api('DELETE', `/workouts/${created.body.id}`, { token: carol.token });
    assert.ok(
      await waitUntil(() => device.received.some((r) => r.notice.op === 'delete' && r.notice.id === created.body.id)),
    );
  });

  it('drops the live feed of a token that signs out', async () => {
    const dave = await server.register('Dave');
    const device = await connect(dave.token);
    const disconnected = new Promise<string>((resolve) => device.socket.once('disconnect', resolve));
    await server.api('POST', '/auth/logout', { token: dave.token });
    assert.equal(await disconnected, 'io server disconnect');
  });

  /** Drops a device's connection as a lost network would (no goodbye), once the server knows. */
  async function dropConnection(device: LiveClient) {
    await device.joined;
    const id = device.socket.id;
    device.socket.io.engine.close();
    assert.ok(await waitUntil(() => !server.live.io.of('/').sockets.has(id ?? '')), 'the server saw it go');
  }

  it('hands a connection that comes back soon what it missed, and nothing to read again', async () => {
    const frank = await server.register('Frank');
    const device = await connect(frank.token);
    await dropConnection(device);
    // Nobody of Frank's is connected now; the change is kept for the device coming back.
    const created = await server.api('POST', '/workouts', { token: frank.token, body: { name: 'Away' } });
    assert.equal(created.status, 201);

    const back = new Promise<void>((resolve) => device.socket.once('connect', () => resolve()));
    device.socket.connect();
    await back;
    assert.equal(device.socket.recovered, true, 'the connection resumed where it left off');
    assert.ok(
      await waitUntil(() => device.received.some((r) => r.notice.id === created.body.id)),
      'the missed change arrived',
    );
    // And it keeps hearing what follows, in its rooms as before.
    const next = await server.api('POST', '/workouts', { token: frank.token, body: { name: 'Back' } });
    assert.ok(await waitUntil(() => device.received.some((r) => r.notice.id === next.body.id)));
  });

  it('does not hand what it missed to a connection whose token signed out meanwhile', async () => {
    const grace = await server.register('Grace');
    const device = await connect(grace.token);
    await dropConnection(device);
    const heard = device.received.length;
    await server.api('POST', '/workouts', { token: grace.token, body: { name: 'Before signing out' } });
    assert.equal((await server.api('POST', '/auth/logout', { token: grace.token })).status, 200);

    // Every event sent on the new connection, whether or not the socket lets it through.
    const events: unknown[] = [];
    device.socket.io.on('packet', (packet) => {
      // 2: an EVENT packet in socket.io's protocol.
      if (packet.type === 2) events.push(packet.data);
    });
    const refused = new Promise<Error>((resolve) => device.socket.once('connect_error', resolve));
    device.socket.connect();
    assert.match((await refused).message, /Unauthenticated/);
    assert.equal(device.socket.recovered, false);
    assert.deepEqual(events, [], 'nothing it missed was sent to it');
    assert.equal(device.received.length, heard);
  });

  it(`keeps at most ${MAX_SOCKETS_PER_TOKEN} sockets per token, dropping the oldest`, async () => {
    const erin = await server.register('Erin');
    const devices = [];
    for (let i = 0; i < MAX_SOCKETS_PER_TOKEN; i += 1) devices.push(await connect(erin.token));
    const reasons: string[] = [];
    for (const device of devices) device.socket.once('disconnect', (reason) => reasons.push(reason));
    const newest = await connect(erin.token);
    assert.ok(await waitUntil(() => reasons.length > 0), 'one socket had to go');
    assert.deepEqual(reasons, ['io server disconnect']);
    assert.equal(devices[0]?.socket.connected, false, 'the oldest went');
    assert.equal(newest.socket.connected, true);
    // Another sign-in of the same user has its own count.
    const other = await server.api('POST', '/auth/login', { body: { email: erin.email, password: erin.password } });
    assert.equal((await connect(other.body.token)).socket.connected, true);
    assert.equal(devices[1]?.socket.connected, true);
  });

  it('closes a polling session that never joins the channel', async () => {
    const url = `${server.baseUrl}/socket.io/?EIO=4&transport=polling`;
    const handshake = await fetch(url);
    const sid = JSON.parse((await handshake.text()).slice(1)).sid as string;
    // Without a token nothing is ever joined: the long poll ends with the session closed, no later.
    let closed = false;
    while (!closed) {
      const poll = await fetch(`${url}&sid=${sid}`);
      const body = await poll.text();
      closed = poll.status === 400 || body.split('\x1e').includes('1');
    }
    const after = await fetch(`${url}&sid=${sid}`);
    assert.equal(after.status, 400, 'the session is gone');
  }, 15_000);

  it('refuses a message larger than a join could ever be', async () => {
    const url = `${server.baseUrl}/socket.io/?EIO=4&transport=polling`;
    const sid = JSON.parse((await (await fetch(url)).text()).slice(1)).sid as string;
    const post = (body: string) =>
      fetch(`${url}&sid=${sid}`, { method: 'POST', body, headers: { 'content-type': 'text/plain' } });
    const join = await post(`40${JSON.stringify({ token: 'x'.repeat(200) })}`);
    assert.equal(join.status, 200, 'a join-sized message is taken');
    const huge = await post(`40${JSON.stringify({ token: 'x'.repeat(100_000) })}`);
    assert.equal(huge.status, 413);
  });
});
