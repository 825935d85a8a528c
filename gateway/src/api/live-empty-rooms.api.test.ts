import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { connectLive, waitUntil } from '../testing/live-client.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

/**
 * socket.io encodes a change before it looks for the sockets of its room: the channel emits
 * only to rooms someone is in, so a change nobody watches costs nothing to encode.
 */
describe('the live channel and rooms nobody is in', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('encodes no change for a user with no socket open, nor for admins with none', async () => {
    await server.register('Admin');
    const { token } = await server.register('Lifter');
    const adapter = server.live.io.sockets.adapter;
    const broadcasts: { rooms: string[]; position: number }[] = [];
    const broadcast = adapter.broadcast.bind(adapter);
    adapter.broadcast = (packet, options) => {
      // The changes, not the `joined` each new socket is sent in its own room.
      const [name, notice] = packet.data as [string, { position: number }];
      if (name === 'change') broadcasts.push({ rooms: [...options.rooms], position: notice.position });
      broadcast(packet, options);
    };

    // Nobody watches: the workout's changes reach no room (the admin analytics none either).
    const unseen = await server.api('POST', '/workouts', { token, body: { name: 'Unseen' } });
    const unseenAt = Number(unseen.headers.get('x-event-position'));
    // A read at its position answers once its changes have been announced.
    const read = await server.api('GET', '/workouts', { token, headers: { 'x-min-position': String(unseenAt) } });
    assert.equal(read.headers.get('x-read-consistent'), null);

    // Once a device is open, its changes are emitted, and only to rooms with someone in them.
    const live = await connectLive(server.baseUrl, token);
    try {
      const seen = await server.api('POST', '/workouts', { token, body: { name: 'Seen' } });
      const seenAt = Number(seen.headers.get('x-event-position'));
      assert.ok(await waitUntil(() => live.received.some(({ notice }) => notice.position >= seenAt)));
      assert.deepEqual(
        broadcasts.filter(({ position }) => position <= unseenAt),
        [],
        'nothing was encoded while nobody watched',
      );
      assert.ok(broadcasts.length > 0);
      assert.ok(
        broadcasts.every(({ rooms }) => rooms.length === 1 && rooms[0]?.startsWith('user:')),
        JSON.stringify(broadcasts),
      );
    } finally {
      live.socket.disconnect();
    }
  });
});
